import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Artefact } from "../../src/query/artefact.ts";
import { parseQueryDefinition } from "../../src/query/definition.ts";
import type { QueryResult } from "../../src/query/query-result.ts";
import { runQuery } from "../../src/query/run-query.ts";
import { runCli } from "../support/run-cli.ts";

const root = new URL("../../", import.meta.url);
const QUERY = join(root.pathname, "sample/query.json");
const artefacts = (
  JSON.parse(readFileSync(new URL("sample/dump.json", root), "utf8")) as { artefacts: Artefact[] }
).artefacts;
const scratch = mkdtempSync(join(tmpdir(), "qaql-query-"));

/** Writes a definition to a scratch file and returns its path. */
function definitionFile(name: string, json: unknown): string {
  const path = join(scratch, name);
  writeFileSync(path, typeof json === "string" ? json : JSON.stringify(json));
  return path;
}

describe("qaql query on the shipped sample", () => {
  it("runs sample/query.json: the five most complex large files of poor maintainability", () => {
    const run = runCli(["query", "--definition", QUERY]);
    expect(run).toMatchObject({ status: 0, stderr: "" });
    const result = JSON.parse(run.stdout) as QueryResult;
    expect(result.total).toBe(16);
    expect(result.rows.map((row) => row.id)).toEqual([1385, 1034, 1596, 1809, 1297]);
    expect(result.rows[1]).toEqual({
      id: 1034,
      name: "RuleController.java",
      type: "FILE",
      path: "/payments-core/src/main/java/com/acme/payments/web/RuleController.java",
      cells: {
        "MEASURE:LOC": 339,
        "MEASURE:CC": 49,
        "INDICATOR:MAINTAINABILITY:NAME": { value: "D", background: "rgba(255,128,0,0.502)" },
        "INDICATOR:RELIABILITY:RANK": 0,
        "INFO:AUTHOR": "ann.lee",
      },
    });
    expect(result.rows[3]?.cells["INDICATOR:RELIABILITY:RANK"]).toBeNull();
    // The command adds nothing to the library's answer.
    const definition = parseQueryDefinition(JSON.parse(readFileSync(QUERY, "utf8")));
    expect(result).toEqual(JSON.parse(JSON.stringify(runQuery(definition, artefacts))));
  });

  it("runs from an artefact given by --artefact, reading the dump from stdin", () => {
    const dump = readFileSync(new URL("sample/dump.json", root), "utf8");
    const run = runCli(["query", "--definition", QUERY, "-", "--artefact", "1000"], {
      input: dump,
    });
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as QueryResult;
    expect(result.rows.map((row) => row.id)).toEqual([1034]);
  });

  it("reads a plain JSON array of artefacts", () => {
    const path = definitionFile("artefacts.json", artefacts.slice(0, 3));
    const defPath = definitionFile("all.json", { columns: [{ type: "MEASURE", id: "LOC" }] });
    const run = runCli(["query", "--definition", defPath, path]);
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as QueryResult;
    expect(result.rows.map((row) => [row.id, row.cells["MEASURE:LOC"]])).toEqual([
      [1000, 2117],
      [1001, artefacts[1]?.measures?.LOC ?? null],
      [1002, artefacts[2]?.measures?.LOC ?? null],
    ]);
  });

  it("prints an aligned table with --output table", () => {
    const run = runCli(["query", "--definition", QUERY, "--output", "table"]);
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(7);
    expect(lines[0]).toMatch(/^id {4}name {2,}type {2}path {2,}MEASURE:LOC {2}MEASURE:CC {2}/);
    expect(lines[2]).toMatch(
      /^1034 {2}RuleController\.java +FILE +\/payments-core\S+ +339 +49 {2}D +0 {2}ann\.lee$/,
    );
    // A missing value reads "-".
    expect(lines[4]).toMatch(/ C +- {2}dara\.okafor$/);
    expect(lines[6]).toBe("5 of 16 rows");
    // Every row's columns start where the header's do.
    const at = (line: string | undefined) => line?.indexOf("MEASURE:LOC") ?? -1;
    expect(lines[2]?.slice(0, at(lines[0])).endsWith("  ")).toBe(true);
  });

  it("leaves an excluded column's cells out of JSON, and blank in the table", () => {
    const defPath = definitionFile("excluding.json", {
      artefactTypes: ["APPLICATION", "FOLDER"],
      columns: [{ type: "MEASURE", id: "LOC", excludingTypes: ["FOLDER"] }],
      resultSize: 2,
      hidePath: true,
      hideRating: true,
    });
    const json = JSON.parse(runCli(["query", "--definition", defPath]).stdout) as QueryResult;
    expect(json.rows).toEqual([
      { id: 1000, name: "payments-core", type: "APPLICATION", cells: { "MEASURE:LOC": 2117 } },
      { id: 1001, name: "docs", type: "FOLDER", cells: {} },
    ]);
    const table = runCli(["query", "--definition", defPath, "--output", "table"]);
    expect(table.stdout.split("\n").slice(0, 3)).toEqual([
      "id    name           type         MEASURE:LOC",
      "1000  payments-core  APPLICATION         2117",
      "1001  docs           FOLDER",
    ]);
  });

  it("prints warnings on stderr and still runs", () => {
    const defPath = definitionFile("warn.json", {
      columns: [{ type: "INFO", id: "AUTHOR" }],
      filters: [{ type: "info", id: "AUTHOR", data: { checked: ["ann.lee"], patterns: ["b*"] } }],
    });
    const run = runCli(["query", "--definition", defPath]);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(
      /^qaql: warning: definition ".*warn\.json": \/filters\/0\/data\/patterns: .*\[PATTERNS_IGNORED\]\n$/,
    );
    const result = JSON.parse(run.stdout) as QueryResult;
    expect(result.total).toBe(25);
    expect(new Set(result.rows.map((row) => row.cells["INFO:AUTHOR"]))).toEqual(
      new Set(["ann.lee"]),
    );
  });
});

describe("qaql query failures", () => {
  const bad = definitionFile("bad.json", {
    columns: [{ type: "measure", id: "LOC" }],
    filters: [{ type: "measure", id: "LOC", data: { bounds: ["[1;x"] } }],
  });
  const cases: readonly [string, string[], number, RegExp][] = [
    [
      "an invalid definition: every issue with its pointer",
      ["--definition", bad],
      1,
      /has 2 problems:\n {2}\/columns\/0\/type: .*\[WRONG_CASE\]\n {2}\/filters\/0\/data\/bounds\/0: .*\(at offset 4 of "\[1;x"\) \[\w+\]\n$/,
    ],
    [
      "a definition with more than 100 problems: the first 100, then how many more",
      ["--definition", definitionFile("many.json", { orders: Array(300).fill({}) })],
      1,
      /has 1026 problems \(the first 100 listed\):\n( {2}\/orders\/\d+\/\w+: .*\[MISSING_KEY\]\n){100} {2}… and 926 more\n$/,
    ],
    [
      "a definition that is not JSON",
      ["--definition", definitionFile("broken.json", "{")],
      1,
      /^qaql: the definition ".*broken\.json" is not JSON/,
    ],
    [
      "a missing definition file",
      ["--definition", join(scratch, "none.json")],
      1,
      /^qaql: cannot read the definition .*ENOENT/,
    ],
    [
      "an unknown artefact",
      ["--definition", QUERY, "--artefact", "5"],
      1,
      /^qaql: --artefact: no artefact has the id "5"\n$/,
    ],
    [
      "records that are not artefacts",
      ["--definition", QUERY, definitionFile("nameless.json", '[{"name":"x"}]')],
      1,
      /record 1 is not an artefact/,
    ],
    [
      "a missing dump",
      ["--definition", QUERY, join(scratch, "none.ndjson")],
      1,
      /^qaql: cannot read .*ENOENT/,
    ],
    ["no --definition", [], 2, /--definition FILE is required \(see "qaql query --help"\)/],
    [
      "an unknown output",
      ["--definition", QUERY, "--output", "xml"],
      2,
      /--output must be json or table, not "xml"/,
    ],
    ["two dumps", ["--definition", QUERY, "a", "b"], 2, /unexpected argument "b"/],
    ["an unknown option", ["--definition", QUERY, "--where", "x"], 2, /where/],
  ];
  it.each(cases)("%s", (_name, args, status, stderr) => {
    const run = runCli(["query", ...args]);
    expect(run.status).toBe(status);
    expect(run.stderr).toMatch(stderr);
    expect(run.stdout).toBe("");
  });

  it("has help, and is listed by qaql --help", () => {
    const help = runCli(["query", "--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: qaql query --definition FILE \[DUMP\|-\]/);
    expect(runCli(["--help"]).stdout).toMatch(/\n {2}query {8}run an artefact query definition/);
  });
});
