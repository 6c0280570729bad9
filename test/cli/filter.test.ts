import { spawnSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dumpChunks } from "../../scripts/sample-dump.ts";
import { compileFields } from "../../src/api/compile-fields.ts";
import { compileWhere } from "../../src/api/compile-where.ts";
import { pageLinks } from "../../src/list/paginate.ts";
import { buildQueryString } from "../../src/list/query-string.ts";
import { schemas } from "../../src/schema/resources.ts";
import { CLI, runCli } from "../support/run-cli.ts";

type Row = Record<string, unknown>;
const sample = JSON.parse(
  readFileSync(new URL("../../sample/dump.json", import.meta.url), "utf8"),
) as Record<string, Row[]>;
const scratch = mkdtempSync(join(tmpdir(), "qaql-filter-"));
const artefacts = sample.artefacts ?? [];

/** What the library selects, projected: the reference for the command's output. */
function expected(
  records: readonly Row[],
  where: string,
  fields?: string,
  options = {},
): unknown[] {
  const matches = compileWhere(where, options);
  const project = fields ? compileFields(fields) : (record: Row) => record;
  return records.filter(matches).map(project);
}

const ndjson = (text: string) =>
  text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as unknown);

describe("qaql filter on the shipped sample", () => {
  const where = "type.id=FILE AND rank>=3 AND name~*.java";
  const fields = "id,path,rank,measures(LOC,CC)";

  it("writes the matching records, projected, as a JSON array", () => {
    const run = runCli(["filter", "--resource", "artefacts", "--where", where, "--fields", fields]);
    expect(run).toMatchObject({ status: 0, stderr: "" });
    const rows = JSON.parse(run.stdout) as unknown[];
    expect(rows.length).toBeGreaterThan(1);
    expect(rows).toEqual(expected(artefacts, where, fields));
  });

  it("writes a list response with _links for a page (grammar/language.md 6)", () => {
    const all = expected(artefacts, where, fields);
    const run = runCli([
      "filter",
      "--resource",
      "artefacts",
      "--where",
      where,
      "--fields",
      fields,
      "--page",
      "2",
      "--size",
      "3",
    ]);
    expect(run.status).toBe(0);
    const response = JSON.parse(run.stdout) as { artefacts: unknown[]; _links: unknown };
    expect(response.artefacts).toEqual(all.slice(3, 6));
    const self = `/api/artefacts?${buildQueryString({ where, fields, page: 2, size: 3 })}`;
    expect(response._links).toEqual(pageLinks(self, { page: 2, size: 3 }, all.length));
    expect(response._links).toHaveProperty("next");
  });

  it("writes NDJSON, and a page of it", () => {
    const all = expected(
      sample.findings ?? [],
      "status IN (OPEN,NEW) AND suspicious=true",
      "id,status",
    );
    const args = [
      "filter",
      "--resource",
      "findings",
      "--where",
      "status IN (OPEN,NEW) AND suspicious=true",
      "--fields",
      "id,status",
      "--output",
      "ndjson",
    ];
    expect(ndjson(runCli(args).stdout)).toEqual(all);
    expect(ndjson(runCli([...args, "--size", "2", "--page", "2"]).stdout)).toEqual(all.slice(2, 4));
  });

  it("types values with a schema and reads dates in a time zone (grammar/language.md 2.5)", () => {
    const dateFilter = "analysisTime>=2026-02-12";
    const options = (timeZone: string) => ({ schema: schemas.project, timeZone });
    const inZone = (timeZone: string) =>
      JSON.parse(
        runCli([
          "filter",
          "--resource",
          "projects",
          "--schema",
          "project",
          "--where",
          dateFilter,
          "--fields",
          "id",
          "--time-zone",
          timeZone,
        ]).stdout,
      );
    expect(inZone("UTC")).toEqual(
      expected(sample.projects ?? [], dateFilter, "id", options("UTC")),
    );
    expect(inZone("Asia/Tokyo")).toEqual(
      expected(sample.projects ?? [], dateFilter, "id", options("Asia/Tokyo")),
    );
  });

  it("needs --resource on the sample, which holds three", () => {
    const run = runCli(["filter", "--where", "id=1"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("choose one with --resource");
  });
});

describe("qaql filter says what no record holds", () => {
  it("names each field of --where and --fields no record held, with the one meant, exit 0", () => {
    const run = runCli([
      "filter",
      "--resource",
      "artefacts",
      "--where",
      "typ.id=FILE",
      "--fields",
      "id,nmae,measures(LOC)",
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("[]\n");
    expect(run.stderr.trimEnd().split("\n")).toEqual([
      'qaql: warning: none of the 1,001 records read holds "typ.id" (--where): did you mean type.id?',
      'qaql: warning: none of the 1,001 records read holds "nmae" (--fields): did you mean name?',
    ]);
  });

  it("exits 1 with --strict, and says nothing when every field is held", () => {
    const strict = runCli(["filter", "--resource", "artefacts", "--where", "rnak>=2", "--strict"]);
    expect(strict.status).toBe(1);
    expect(strict.stderr).toContain('holds "rnak" (--where): did you mean rank?');
    const held = runCli(["filter", "--resource", "artefacts", "--where", "rank>=2", "--strict"]);
    expect(held).toMatchObject({ status: 0, stderr: "" });
    // With a schema, an unknown field is refused before a record is read.
    const typed = runCli([
      "filter",
      "--resource",
      "artefacts",
      "--where",
      "rnak>=2",
      "--schema",
      "artefact",
    ]);
    expect(typed.status).toBe(1);
    expect(typed.stderr).toContain('unknown field "rnak": did you mean rank?');
  });

  it("refuses a day that names none for a date field learnt from the dump, as --schema does", () => {
    const run = runCli(["filter", "--resource", "projects", "--where", "analysisTime>=2024-02-30"]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/"analysisTime" is a date field: expected a real calendar day/);
  });

  it("warns of a day that names none, compared without a type", () => {
    const run = runCli([
      "filter",
      "--resource",
      "projects",
      "--where",
      "analysisTime>=2024-02-30",
      "--no-infer-schema",
    ]);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(
      'qaql: warning: where: "2024-02-30" is no calendar day, so "analysisTime" is never compared with it as a date (only as text) at column 15\n' +
        "  analysisTime>=2024-02-30\n" +
        "                ^^^^^^^^^^\n",
    );
  });
});

describe("qaql filter on files and stdin", () => {
  const records = [
    { id: 1, name: "a.java" },
    { id: 2, name: "b.ts" },
    { id: 3, name: null },
  ];
  const shapes: [string, string][] = [
    ["a JSON array", JSON.stringify(records, null, 2)],
    ["a list response", JSON.stringify({ _links: { self: { href: "/x" } }, items: records })],
    ["NDJSON", `${records.map((r) => JSON.stringify(r)).join("\n")}\n`],
    ["a dump object", JSON.stringify({ other: [{ id: 9 }], items: records })],
  ];

  it.each(shapes)("reads %s from stdin and from a file", (shape, text) => {
    const resource = shape === "a dump object" ? ["--resource", "items"] : [];
    const args = [
      "filter",
      "--where",
      "name~*.java OR name IS NULL",
      "--output",
      "ndjson",
      ...resource,
    ];
    const want = [records[0], records[2]];
    expect(ndjson(runCli([...args, "-"], { input: text }).stdout)).toEqual(want);
    const file = join(scratch, `${shape.replaceAll(" ", "-")}.json`);
    writeFileSync(file, text);
    expect(ndjson(runCli([...args, file]).stdout)).toEqual(want);
  });

  it("names the list response's resource in its output", () => {
    const run = runCli(["filter", "-", "--size", "1"], { input: shapes[1]?.[1] ?? "" });
    expect(Object.keys(JSON.parse(run.stdout))).toEqual(["items", "_links"]);
  });

  it("writes to --out only once complete, and leaves nothing behind on bad input", () => {
    const dir = join(scratch, "out");
    mkdirSync(dir);
    const out = join(dir, "result.json");
    expect(runCli(["filter", "-", "--out", out], { input: JSON.stringify(records) }).status).toBe(
      0,
    );
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual(records);
    const broken = `[${JSON.stringify(records[0])},${JSON.stringify(records[1])},{"id":`;
    const run = runCli(["filter", "-", "--out", join(dir, "broken.json")], { input: broken });
    expect(run.status).toBe(1);
    expect(readdirSync(dir)).toEqual(["result.json"]);
  });

  it("writes to a device or a FIFO as it is, never renaming a file over it", () => {
    const dir = join(scratch, "fifo");
    mkdirSync(dir);
    const fifo = join(dir, "pipe");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    // The shell reads the FIFO while qaql writes it; what it read comes back on its stdout.
    const command = `cat "${fifo}" & "${process.execPath}" "${CLI}" filter - --where "id=2" --out "${fifo}"; wait`;
    const run = spawnSync("sh", ["-c", command], {
      input: JSON.stringify(records),
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "" },
      timeout: 30_000,
    });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(records.filter((record) => record.id === 2));
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(["pipe"]);
  });

  it("stops quietly when the reader goes away (| head)", () => {
    const big = join(scratch, "big.json");
    writeFileSync(
      big,
      [...dumpChunks({ projects: 20, artefactsPerProject: 200, findingsPerProject: 0 })].join(""),
    );
    const run = spawnSync(
      "bash",
      [
        "-c",
        `set -o pipefail; "${process.execPath}" "${CLI}" filter "${big}" --resource artefacts --output ndjson | head -n 2`,
      ],
      { encoding: "utf8" },
    );
    expect(run.stdout.trimEnd().split("\n")).toHaveLength(2);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  // One row: the case, the input, extra arguments, what stderr says (one line, exit 1).
  const bad: [string, string, string[], string][] = [
    ["malformed JSON", '[{"id":1} {"id":2}]', [], 'expected "," or "]"'],
    ["truncated JSON", '[{"id":1},{"id"', [], "line 1"],
    ["a wrong shape", '"hello"', [], "stdin"],
    ["records that are not objects", "[1,2]", [], "stdin"],
    ["an unknown resource", '{"items":[]}', ["--resource", "nope"], '"nope"'],
    ["empty input", "  \n", [], "stdin"],
  ];
  it.each(bad)("rejects %s with one line and exit 1", (_, input, args, words) => {
    const run = runCli(["filter", "-", ...args], { input });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^qaql: stdin: /);
    expect(run.stderr).toContain(words);
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(run.stderr).not.toMatch(/\bat .*\.(js|ts):\d+/);
  });

  it.each([
    ["a missing file", [join(scratch, "missing.json")], 1, "no such file or directory"],
    ["a directory", [scratch], 1, "it is a directory"],
    ["an invalid filter", ["-", "--where", "a=1 AND"], 1, "where: expected"],
    [
      "a filter that does not fit the schema",
      ["-", "--where", "nope=1", "--schema", "artefact"],
      1,
      'unknown field "nope"',
    ],
    ["an unknown time zone", ["-", "--time-zone", "Mars/Olympus"], 1, "Mars/Olympus"],
    ["page 0", ["-", "--page", "0"], 1, "page:"],
    ["a bad output format", ["-", "--output", "csv"], 2, "--output must be json or ndjson"],
    ["two files", ["a.json", "b.json"], 2, 'unexpected argument "b.json"'],
  ])("rejects %s", (_, args, status, words) => {
    const run = runCli(["filter", ...(args as string[])], { input: "[]" });
    expect(run.status).toBe(status);
    expect(run.stderr).toContain(words);
    expect(run.stderr).not.toContain("    at ");
  });

  it("reports progress on a terminal for long runs, and clears it", () => {
    const half = join(scratch, "half.ndjson");
    writeFileSync(half, `${JSON.stringify({ id: 1 })}\n`.repeat(5000));
    // A pause in the input makes the run long enough for the progress line to be drawn; it
    // outlasts Node's start on a loaded machine, which would otherwise find both halves waiting.
    const command = `(cat "${half}"; sleep 1.5; cat "${half}") | "${process.execPath}" "${CLI}" filter - --where "id=2" --out /dev/null`;
    const env = { PATH: process.env.PATH ?? "", TERM: "xterm" };
    const run = spawnSync("script", ["-qec", command, "/dev/null"], { encoding: "utf8", env });
    const redraws = run.stdout.split("\r\u001b[2K");
    expect(redraws.at(-1)).toBe("");
    expect(
      // Drawn on a timer, so on a loaded machine at whatever count the reader has reached.
      redraws.some((line) =>
        /^[1-9][\d,]* records, 0 matching, [\d.]+ MB, [\d.]+ MB\/s$/.test(line),
      ),
    ).toBe(true);
  });
});
