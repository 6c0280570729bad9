// Every example in the README and the docs, run as a user would paste it: each fenced ts or js
// block is type-checked under strict with the package as it is installed (node_modules/qaql
// links to this checkout, so `import "qaql"` reaches dist/ through package.json's exports) and
// run with Node; each sh block runs against the built `qaql` as `npm install qaql` leaves it
// (`npx qaql` or `node_modules/.bin/qaql`, never a bare `qaql`, which is not on a user's PATH), a
// session of `$ ` lines in one shell with each output shown under its command matching (`…`
// stands for text left out). A block meant as a fragment is marked `<!-- fragment: NAME -->` on
// the line before it, and only the names below may be. A yaml block, a CI job, does not run
// here: each of its `run:` steps must be a command of the sh block before it, which does.
import { execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
/** Inside the package, so that `import "qaql"` finds it by its own name, as a user's import finds it installed. */
const DIR = join(ROOT, "node_modules", ".cache", "qaql-examples");
const CLI = join(ROOT, "dist", "cli.js");

/** The README and every page of docs/. */
const PAGES = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`),
];

/**
 * The only blocks that may be fragments: installing, the checkout's set-up, the quick starts'
 * project (scripts/quick-starts.ts runs it), a test file that vitest runs
 * (test/conformance/readme-example.test.ts runs docs/testing.md's), and code for a page
 * (test/integrations/codemirror.test.ts builds the same editors in a DOM).
 */
const FRAGMENTS = new Set(["install", "checkout", "project", "vitest", "browser"]);

interface Block {
  readonly page: string;
  readonly line: number;
  readonly language: string;
  readonly code: string;
  readonly fragment: string | undefined;
}

function blocksOf(page: string): Block[] {
  const lines = readFileSync(join(ROOT, page), "utf8").split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w+)\s*$/.exec(lines[i] as string);
    if (!open) continue;
    const end = lines.indexOf("```", i + 1);
    const marker = /^<!-- fragment: ([\w-]+) -->$/.exec(lines[i - 1] ?? "");
    blocks.push({
      page,
      line: i + 1,
      language: open[1] as string,
      code: lines.slice(i + 1, end).join("\n"),
      fragment: marker?.[1],
    });
    i = end;
  }
  return blocks;
}

const BLOCKS = PAGES.flatMap(blocksOf);
const RUNNABLE = BLOCKS.filter((block) => block.fragment === undefined);
const fileOf = (block: Block) =>
  join(
    DIR,
    `${block.page.replace(/\W+/g, "-")}-${block.line}.${block.language === "js" ? "mjs" : "mts"}`,
  );

describe("the examples of the README and the docs", () => {
  it("marks at most five blocks as fragments, each by a name allowed here", () => {
    const fragments = BLOCKS.filter((block) => block.fragment !== undefined);
    expect(fragments.length).toBeLessThanOrEqual(5);
    for (const block of fragments)
      expect(FRAGMENTS, `${block.page}:${block.line}`).toContain(block.fragment);
    expect(RUNNABLE.length).toBeGreaterThan(5);
  });

  const code = RUNNABLE.filter((block) => block.language === "ts" || block.language === "js");

  it("type-checks every TypeScript block under strict, importing the package as installed", () => {
    rmSync(DIR, { recursive: true, force: true });
    prepareDir();
    for (const block of code) writeFileSync(fileOf(block), block.code);
    const files = code.filter((block) => block.language === "ts").map(fileOf);
    const program = ts.createProgram(files, {
      target: ts.ScriptTarget.ES2023,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ["node"],
      strict: true,
      skipLibCheck: true,
      noEmit: true,
    });
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file
        ? `${diagnostic.file.fileName.slice(DIR.length + 1)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
        : "";
      return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
    });
    expect(problems).toEqual([]);
  });

  // Each example is a process of its own; two at a time keep both cores busy.
  it.concurrent.each(code.map((block) => [`${block.page}:${block.line}`, block] as const))(
    "runs %s",
    async (_name, block) => {
      prepareDir();
      // Node strips no types below node_modules: the compiler's output runs instead.
      const script = fileOf(block).replace(/\.m[jt]s$/, ".run.mjs");
      const { outputText } = ts.transpileModule(block.code, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2023 },
      });
      writeFileSync(script, outputText);
      const run = await runNode(script);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
    },
    70_000,
  );

  it("runs the command as npm install qaql leaves it, never as a bare qaql", () => {
    const shell = BLOCKS.filter((block) => block.language === "sh");
    expect(shell.length).toBeGreaterThan(5);
    const bare = shell.flatMap((block) =>
      commandsOf(block.code)
        .filter((command) => BARE_QAQL.test(command))
        .map((command) => `${block.page}:${block.line}: ${command}`),
    );
    expect(bare).toEqual([]);
    expect(BARE_QAQL.test('cd x && qaql fmt --where "a=1"')).toBe(true);
    expect(BARE_QAQL.test("npx qaql fmt --where a=1 | node_modules/.bin/qaql ast")).toBe(false);
  });

  // The install is the one step the examples' folder has taken already: qaql is installed there.
  const INSTALLS = new Set(["npm ci", "npm install"]);
  it("runs a CI job's commands: every run step of a yaml block is in the sh block before it", () => {
    const jobs = BLOCKS.filter((block) => block.language === "yaml");
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) {
      const shell = BLOCKS.filter(
        (block) => block.page === job.page && block.language === "sh" && block.line < job.line,
      ).at(-1);
      const ran = new Set(shell ? commandsOf(shell.code) : []);
      const steps = runStepsOf(job.code);
      expect(steps.length, `${job.page}:${job.line}`).toBeGreaterThan(0);
      expect(
        steps.filter((command) => !ran.has(command) && !INSTALLS.has(command)),
        `${job.page}:${job.line}`,
      ).toEqual([]);
    }
  });

  it.each(
    RUNNABLE.filter((block) => block.language === "sh").map(
      (block) => [`${block.page}:${block.line}`, block] as const,
    ),
  )("runs %s against the built command", (_name, block) => {
    const bin = join(DIR, "bin");
    mkdirSync(bin, { recursive: true });
    mkdirSync(join(DIR, "node_modules", ".bin"), { recursive: true });
    // `npx qaql` and node_modules/.bin/qaql run the built command, as once the package is installed.
    const run = `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} "$@"`;
    const npx = `#!/bin/sh\n[ "$1" = qaql ] || { echo "npx $1: the examples run npx qaql alone" >&2; exit 127; }\nshift\n${run}\n`;
    writeShim(join(bin, "npx"), npx);
    writeShim(join(DIR, "node_modules", ".bin", "qaql"), `#!/bin/sh\n${run}\n`);
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, NO_COLOR: "1" };
    if (!block.code.split("\n").some((line) => line.startsWith("$ "))) {
      // Commands alone run as one script, as pasted into a shell: a `cd` holds for the next line.
      execFileSync("sh", ["-ec", block.code], {
        cwd: DIR,
        env,
        encoding: "utf8",
        timeout: SESSION_MS,
      });
      return;
    }
    // A session runs in one shell, as typed: each command's output is what follows its marker.
    const commands = sessionOf(block.code);
    const script = commands
      .map(({ command }, i) => `printf '\\n${MARKER}%d\\n' ${i}\n${command}`)
      .join("\n");
    const text = execFileSync("sh", ["-ec", script], {
      cwd: DIR,
      env,
      encoding: "utf8",
      timeout: SESSION_MS,
    });
    const outputs = text.split(new RegExp(`\\n${MARKER}\\d+\\n`)).slice(1);
    for (const [i, { command, output }] of commands.entries()) {
      if (output === "") continue;
      expect(outputs[i]?.trimEnd(), command).toMatch(shownAs(output));
    }
  });
});

const MARKER = "@@qaql-example-output@@";

/** `qaql` at the start of a command, where only a global install would find it. */
const BARE_QAQL = /(?:^|[;&|(])\s*(?:\w+=\S*\s+)*qaql(?:\s|$)/;

/** A shell block's commands: its `$ ` lines in a session, else every line; comments left out. */
function commandsOf(code: string): string[] {
  const session = code.split("\n").some((line) => line.startsWith("$ "));
  const lines = session
    ? sessionOf(code).map(({ command }) => command)
    : code.replace(/\\\n\s*/g, "").split("\n");
  return lines.map((line) => line.replace(/(?:^|\s)#.*$/, "").trim()).filter(Boolean);
}

/** A yaml CI job's shell commands: each `run:` step's lines (`run: |` blocks unindented), as commandsOf reads them. */
function runStepsOf(yaml: string): string[] {
  const commands: string[] = [];
  const lines = yaml.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const step = /^(\s*)(?:- )?run: ?(.*)$/.exec(lines[i] as string);
    if (!step) continue;
    if (step[2] !== "|") {
      commands.push(...commandsOf(step[2] as string));
      continue;
    }
    const body: string[] = [];
    const indent = (step[1] as string).length;
    for (i++; i < lines.length && /^\s*$|^\s+/.test(lines[i] as string); i++) {
      const line = lines[i] as string;
      if (line.trim() !== "" && line.length - line.trimStart().length <= indent) break;
      body.push(line.trim());
    }
    i--;
    commands.push(...commandsOf(body.join("\n")));
  }
  return commands;
}

/** Writes an executable script. */
function writeShim(path: string, text: string): void {
  writeFileSync(path, text);
  chmodSync(path, 0o755);
}

/** What a session shows under a command, as a pattern: `…` stands for text left out. */
function shownAs(output: string): RegExp {
  const parts = output
    .trimEnd()
    .split("…")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join("[\\s\\S]*?")}$`);
}

/**
 * The longest a shell example may run: a session waiting on a server that could not start (its
 * port taken) fails the test instead of hanging the run. The docs' ports lie below Linux's
 * ephemeral range (32768 and up), where no other test's socket is given them.
 */
const SESSION_MS = 120_000;

/** Runs a script with this Node, as a child process, within a minute. */
function runNode(script: string): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--no-warnings", script], {
      cwd: DIR,
      stdio: ["ignore", "ignore", "pipe"],
      timeout: 60_000,
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (status) => resolve({ status, stderr }));
  });
}

/** The examples' folder, where `qaql` is installed as a link to this package. */
function prepareDir(): void {
  const installed = join(DIR, "node_modules", "qaql");
  mkdirSync(join(DIR, "node_modules"), { recursive: true });
  try {
    symlinkSync(ROOT, installed, "dir");
  } catch (error) {
    // Examples run side by side: another may have made the link first.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

/** A session's commands, each `$ ` line (continued by a trailing backslash) with the output under it. */
function sessionOf(code: string): { command: string; output: string }[] {
  const lines = code.replace(/\\\n\s*/g, "").split("\n");
  const commands: { command: string; output: string }[] = [];
  for (const line of lines) {
    if (line.startsWith("$ ")) commands.push({ command: line.slice(2), output: "" });
    else {
      const last = commands.at(-1);
      if (last) last.output = last.output ? `${last.output}\n${line}` : line;
    }
  }
  return commands;
}
