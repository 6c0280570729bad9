import { closeSync, existsSync, openSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { build } from "vite";
import { afterAll, afterEach, beforeAll, expect } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const SCREENSHOTS = join(ROOT, "test", "browser", "screenshots");

/** The Chromium the browser tests drive (CI installs Debian's and exports QAQL_CHROMIUM). */
export const CHROMIUM = process.env.QAQL_CHROMIUM ?? "/usr/bin/chromium";

const CHROMIUM_HOWTO = [
  "Install Chromium as .ci/run does (as root), or point QAQL_CHROMIUM at one:",
  "  apt-get install -y chromium",
].join("\n");

/**
 * Whether the browser tests are to be skipped: only when Chromium is missing and CI is not
 * set (then this says how to install it). On CI a missing Chromium is not skipped: launching
 * it in the tests' beforeAll throws, and they fail.
 */
export function skipBrowser(): boolean {
  if (existsSync(CHROMIUM) || process.env.CI) return false;
  showHintOnce();
  return true;
}

/**
 * Says how to install Chromium once per test run, not once per test file: the files run in
 * workers of one vitest process, whose id names a marker file that only the first creates.
 */
function showHintOnce(): void {
  try {
    closeSync(openSync(join(tmpdir(), `qaql-chromium-hint-${process.ppid}`), "wx"));
  } catch {
    return;
  }
  console.warn(`Skipping the browser tests: no Chromium at ${CHROMIUM}.\n${CHROMIUM_HOWTO}`);
}

// A quiet, offline browser: no GPU, no background traffic, no sandbox (CI runs as root).
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Launches the Chromium the browser tests drive, headless. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `no Chromium at ${CHROMIUM} (CI is set, so the browser tests fail rather than being skipped).\n${CHROMIUM_HOWTO}`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** Builds the static playground into a fresh temporary folder and returns its index.html. */
export async function buildPlayground(): Promise<{ dir: string; indexHtml: string }> {
  const dir = await mkdtemp(join(tmpdir(), "qaql-playground-"));
  await build({
    configFile: join(ROOT, "playground", "vite.config.ts"),
    logLevel: "warn",
    build: { outDir: dir, emptyOutDir: true },
  });
  return { dir, indexHtml: join(dir, "index.html") };
}

/** An open playground: its page, and every console error, uncaught exception and request off the file on it. */
export interface OpenPage {
  readonly page: Page;
  readonly errors: string[];
}

/** The playground of one test file: built once, one Chromium, one fresh page per `open`. */
export interface Playground {
  /** The built page's file:// URL, without a hash. */
  readonly url: () => string;
  /** Opens the built page as a file at `hash` (`#resource=finding&where=…`) and waits for its first render. */
  open(hash?: string): Promise<OpenPage>;
}

/** A file name for a test's screenshot: its name, lower case, words joined by `-`. */
function screenshotName(testName: string): string {
  return testName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);
}

/** Saves a full-page screenshot as test/browser/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${screenshotName(name)}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Sets up the playground for the tests of one file (call it at the top of a `describe`):
 * builds it and launches Chromium before them, saves a screenshot of the last page each
 * test opened, named after the test, and closes everything after them.
 */
export function usePlayground(): Playground {
  let built: { dir: string; indexHtml: string } | undefined;
  let browser: Browser | undefined;
  let last: Page | undefined;
  beforeAll(async () => {
    [built, browser] = await Promise.all([buildPlayground(), launchChromium()]);
  }, 120_000);
  afterEach(async (context) => {
    const page = last;
    last = undefined;
    if (!page || page.isClosed()) return;
    await screenshot(page, context.task.name);
    await page.context().close();
  });
  afterAll(async () => {
    await browser?.close();
    if (built) await rm(built.dir, { recursive: true, force: true });
  });
  const url = () => {
    if (!built) throw new Error("the playground is not built yet: call open() inside a test");
    return pathToFileURL(built.indexHtml).href;
  };
  return {
    url,
    async open(hash = "") {
      if (!browser) throw new Error("Chromium is not running: call open() inside a test");
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      // Fail in seconds, well inside the test's own timeout, when an element never shows.
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(`console: ${message.text()}`);
      });
      page.on("pageerror", (error) => errors.push(`page: ${error.message}`));
      // The built page is one file: anything fetched from elsewhere would fail offline.
      page.on("request", (request) => {
        if (!/^(?:file|data):/.test(request.url())) errors.push(`request: ${request.url()}`);
      });
      last = page;
      await page.goto(url() + hash);
      await page.waitForSelector("html[data-ready]");
      return { page, errors };
    },
  };
}

/** Replaces the text of a CodeMirror editor (`#where-editor`) by typing it, key by key. */
export async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  const content = page.locator(`${selector} .cm-content`);
  await content.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await page.keyboard.type(text);
  // A completion list left open would cover the page in the screenshot.
  await page.keyboard.press("Escape");
}

/** The text of a CodeMirror editor, line breaks included, without its placeholder. */
export async function editorText(page: Page, selector: string): Promise<string> {
  const lines = await page.locator(`${selector} .cm-line`).evaluateAll((elements) =>
    elements.map((line) => {
      const copy = line.cloneNode(true) as typeof line;
      for (const widget of copy.querySelectorAll(".cm-placeholder")) widget.remove();
      return copy.textContent ?? "";
    }),
  );
  return lines.join("\n");
}

/** Fails with every console error, uncaught exception and request off the file the page had. */
export function expectNoErrors({ errors }: OpenPage): void {
  expect(errors, "console errors and page errors").toEqual([]);
}
