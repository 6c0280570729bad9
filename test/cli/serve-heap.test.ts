import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { CLI } from "../support/run-cli.ts";

// A module Node loads first in every process it starts, NODE_OPTIONS being kept across execve:
// it prints one line per start, so a run that re-executes itself prints two.
const scratch = mkdtempSync(join(tmpdir(), "qaql-serve-heap-"));
const preload = join(scratch, "preload.mjs");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
writeFileSync(
  preload,
  `import { writeSync } from "node:fs";
writeSync(2, \`started \${JSON.stringify({ pid: process.pid, execArgv: process.execArgv })}\\n\`);
`,
);
const IMPORT_PRELOAD = `--import=${pathToFileURL(preload).href}`;

interface Start {
  readonly pid: number;
  readonly execArgv: readonly string[];
}

/** Runs the built `qaql` with Node flags and NODE_OPTIONS; the starts the preload saw, then the rest of stderr. */
function run(nodeFlags: readonly string[], args: readonly string[], nodeOptions = "") {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" first`);
  const result = spawnSync(process.execPath, [...nodeFlags, CLI, ...args], {
    env: { PATH: process.env.PATH ?? "", NODE_OPTIONS: `${IMPORT_PRELOAD} ${nodeOptions}` },
    encoding: "utf8",
    timeout: 10_000,
  });
  const lines = result.stderr.split("\n");
  const starts = lines
    .filter((line) => line.startsWith("started "))
    .map((line) => JSON.parse(line.slice("started ".length)) as Start);
  const rest = lines.filter((line) => line !== "" && !line.startsWith("started "));
  return { status: result.status, starts, rest };
}

// Where Node has no process.execve (Windows), `qaql serve` runs as it was started.
describe.runIf(typeof process.execve === "function")("qaql serve: its young generation", () => {
  it("re-executes serve once, in the same process, with a 16 MB semi-space", () => {
    // An unknown option: the run ends right after the re-execution, as a usage error.
    const { status, starts, rest } = run(["--no-warnings"], ["serve", "--no-such-option"]);
    expect(starts).toEqual([
      { pid: starts[0]?.pid, execArgv: ["--no-warnings"] },
      { pid: starts[0]?.pid, execArgv: ["--no-warnings", "--max-semi-space-size=16"] },
    ]);
    expect(rest).toEqual([`qaql: Unknown option '--no-such-option' (see "qaql serve --help")`]);
    expect(status).toBe(2);
  });

  // One row: Node flags, qaql's arguments, NODE_OPTIONS besides the preload.
  const rows: [string, string[], string[], string][] = [
    ["a command other than serve", [], ["--version"], ""],
    ["a semi-space given as a Node flag", ["--max-semi-space-size=8"], ["serve", "--nope"], ""],
    ["one spelt with underscores", ["--max_semi_space_size=8"], ["serve", "--nope"], ""],
    ["one given in NODE_OPTIONS", [], ["serve", "--nope"], "--max-semi-space-size=8"],
  ];

  it.each(rows)("runs as started given %s", (_, nodeFlags, args, nodeOptions) => {
    const { starts } = run(nodeFlags, args, nodeOptions);
    expect(starts).toEqual([{ pid: starts[0]?.pid, execArgv: nodeFlags }]);
  });
});
