import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  compileWhere,
  formatFields,
  formatWhere,
  parseFields,
  parseWhere,
  schemas,
  toSql,
} from "../../src/index.ts";
import {
  editorText,
  expectNoErrors,
  skipBrowser,
  typeInto,
  usePlayground,
} from "../support/browser.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const dump = JSON.parse(readFileSync(join(ROOT, "sample", "dump.json"), "utf8")) as Record<
  "projects" | "artefacts" | "findings",
  Record<string, unknown>[]
>;

/** The ids in the first column of the result table. */
const firstColumn = (page: import("playwright-core").Page) =>
  page.locator("#result-table tbody tr td:first-child").allTextContents();

describe.skipIf(skipBrowser())("the playground, built and opened as a file in Chromium", () => {
  const playground = usePlayground();

  it("loads without an error and shows the artefacts in UTC", async () => {
    const opened = await playground.open();
    const { page } = opened;
    expect(await page.locator("#resource").inputValue()).toBe("artefact");
    expect(await page.locator("#time-zone").inputValue()).toBe("UTC");
    expect(await page.locator("#count").textContent()).toBe(String(dump.artefacts.length));
    expect(await page.locator("#result-table tbody tr").count()).toBe(10);
    expect(await page.locator("#page-of").textContent()).toBe(
      `page 1 of ${Math.ceil(dump.artefacts.length / 10)}`,
    );
    expect(await page.locator("#errors").isHidden()).toBe(true);
    expectNoErrors(opened);
  });

  it("filters as compileWhere does and shows toSql's SQL for every dialect", async () => {
    const where = "type.id=FILE AND rank>=3 AND (name~*.java OR name~*.ts)";
    const fields = "id,name,type(id),rank";
    const schema = schemas.artefact;
    const opened = await playground.open();
    const { page } = opened;
    await typeInto(page, "#where-editor", where);
    await typeInto(page, "#fields-editor", fields);

    expect(await page.locator("#errors").isHidden()).toBe(true);
    const expected = dump.artefacts.filter(compileWhere(where, { schema, timeZone: "UTC" }));
    expect(expected.length).toBeGreaterThan(10);
    // The README's screenshot is this test's: no editor focused.
    await page.locator("#fields-editor .cm-content").blur();
    expect(await page.locator("#count").textContent()).toBe(String(expected.length));
    expect(await firstColumn(page)).toEqual(expected.slice(0, 10).map((a) => String(a.id)));
    expect(await page.locator("#result-table th").allTextContents()).toEqual([
      "id",
      "name",
      "type",
      "rank",
      "_links",
    ]);
    expect(await page.locator("#canonical-where").textContent()).toBe(
      formatWhere(parseWhere(where)),
    );
    expect(await page.locator("#canonical-fields").textContent()).toBe(
      formatFields(parseFields(fields)),
    );
    for (const dialect of ["postgres", "sqlite", "duckdb", "mysql", "clickhouse"] as const) {
      const { sql, params } = toSql(where, { dialect, schema, timeZone: "UTC" });
      const block = page.locator(`#sql [data-dialect=${dialect}]`);
      expect(await block.locator(".sql").textContent(), dialect).toBe(sql);
      expect(await block.locator(".params").textContent(), dialect).toBe(JSON.stringify(params));
    }
    for (const [kind, count] of [
      ["and", 1],
      ["or", 1],
      ["comparison", 2],
      ["pattern", 2],
    ] as const) {
      expect(await page.locator(`#ast-where li[data-kind=${kind}]`).count(), kind).toBe(count);
    }
    expect(await page.locator("#ast-fields li[data-kind=fieldItem]").count()).toBe(5);
    expectNoErrors(opened);
  });

  it("shows the errors of an invalid text instead of the result", async () => {
    const opened = await playground.open();
    const { page } = opened;
    await typeInto(page, "#where-editor", "typ.id=FILE AND");
    expect(await page.locator("#result-body").isHidden()).toBe(true);
    const error = await page.locator("#errors pre.error").first().textContent();
    expect(error).toMatch(/^where: .* at column \d+\n/);
    expect(await page.locator("#sql").textContent()).toContain("the filter is invalid");
    expectNoErrors(opened);
  });

  it("rewrites both texts in canonical form with the Format buttons", async () => {
    const opened = await playground.open();
    const { page } = opened;
    await typeInto(page, "#where-editor", "type.id=FILE and (rank>=3)");
    await typeInto(page, "#fields-editor", "id,type(id)");
    await page.click("#format-where");
    await page.click("#format-fields");
    expect(await editorText(page, "#where-editor")).toBe("type.id=FILE AND rank>=3");
    expect(await editorText(page, "#fields-editor")).toBe("id,type.id");
    expect(new URL(page.url()).hash).toBe(
      "#resource=artefact&where=type.id%3DFILE+AND+rank%3E%3D3&fields=id%2Ctype.id",
    );
    expectNoErrors(opened);
  });

  it("restores resource, zone, texts and page from its URL", async () => {
    const where = "status IN (OPEN,NEW) OR tool=checkstyle";
    const fields = "id,status,tool,definition(name)";
    const first = await playground.open();
    await first.page.selectOption("#resource", "finding");
    await first.page.selectOption("#time-zone", "America/New_York");
    await first.page.selectOption("#size", "5");
    await typeInto(first.page, "#where-editor", where);
    await typeInto(first.page, "#fields-editor", fields);
    await first.page.click("#links a[data-rel=next]");
    await expect.poll(() => first.page.locator("#page-of").textContent()).toMatch(/^page 2 of/);
    const count = await first.page.locator("#count").textContent();
    const hash = new URL(first.page.url()).hash;
    expect(hash).toMatch(/^#resource=finding&/);

    for (const { page } of [first, await playground.open(hash)]) {
      if (page === first.page) {
        await page.reload();
        await page.waitForSelector("html[data-ready]");
      }
      expect(await page.locator("#resource").inputValue()).toBe("finding");
      expect(await page.locator("#time-zone").inputValue()).toBe("America/New_York");
      expect(await page.locator("#size").inputValue()).toBe("5");
      expect(await editorText(page, "#where-editor")).toBe(where);
      expect(await editorText(page, "#fields-editor")).toBe(fields);
      expect(await page.locator("#page-of").textContent()).toMatch(/^page 2 of/);
      expect(await page.locator("#count").textContent()).toBe(count);
      expect(new URL(page.url()).hash).toBe(hash);
    }
    expectNoErrors(first);
  });

  it("turns the page with the next link of _links", async () => {
    const opened = await playground.open("#resource=artefact&fields=id,name");
    const { page } = opened;
    const ids = dump.artefacts.map((a) => String(a.id));
    expect(await firstColumn(page)).toEqual(ids.slice(0, 10));
    expect(await page.locator("#links [data-rel=previous]").evaluate((e) => e.tagName)).toBe(
      "SPAN",
    );
    const next = page.locator("#links a[data-rel=next]");
    expect(await next.locator("xpath=following-sibling::code").textContent()).toBe(
      "/api/artefacts?fields=id,name&page=2&size=10",
    );
    await next.click();
    await expect.poll(() => page.locator("#page-of").textContent()).toBe("page 2 of 101");
    expect(await firstColumn(page)).toEqual(ids.slice(10, 20));
    expect(new URL(page.url()).hash).toBe("#resource=artefact&fields=id%2Cname&page=2");
    expectNoErrors(opened);
  });
});

/** Starts `npm run playground` on a free port; resolves with the URL it prints. */
function startDevServer(): { child: ChildProcess; url: Promise<string> } {
  // Its own process group, so that npm, sh and vite are stopped together.
  const child = spawn("npm", ["run", "playground", "--", "--port", "0"], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = new Promise<string>((resolve, reject) => {
    let output = "";
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /https?:\/\/127\.0\.0\.1:\d+\/\S*/.exec(output);
      if (found) resolve(found[0]);
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.on("exit", (code) =>
      reject(new Error(`npm run playground exited (${code}) before printing a URL:\n${output}`)),
    );
  });
  return { child, url };
}

describe("npm run playground", () => {
  it("serves the page on 127.0.0.1", async () => {
    const { child, url } = startDevServer();
    try {
      const address = await url;
      const response = await fetch(address);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('id="where-editor"');
      // The module itself, transformed by Vite, imports qaql's source through the alias.
      const main = await fetch(new URL("src/main.ts", address));
      expect(main.status).toBe(200);
    } finally {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    }
  });
});
