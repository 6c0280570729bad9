import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Log, Result } from "sarif";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.ts";

const scratch = mkdtempSync(join(tmpdir(), "qaql-check-"));

/** Writes a file in the scratch folder (run from there, so its relative path is its name). */
function scratchFile(name: string, content: string): string {
  writeFileSync(join(scratch, name), content);
  return name;
}

const check = (args: readonly string[], input?: string) =>
  runCli(["check", ...args], { cwd: scratch, ...(input === undefined ? {} : { input }) });

interface JsonReport {
  readonly valid: boolean;
  readonly texts: readonly {
    readonly source: Record<string, unknown>;
    readonly language: string;
    readonly text: string;
    readonly valid: boolean;
    readonly canonical?: string;
    readonly problems: readonly Record<string, unknown>[];
  }[];
}

const json = (stdout: string) => JSON.parse(stdout) as JsonReport;

describe("qaql check --format json", () => {
  it("gives a valid text with its canonical form, exit 0", () => {
    const run = check(["--where", "type.id=FOLDER and rank>=2", "--format", "json"]);
    expect(run).toMatchObject({ status: 0, stderr: "" });
    expect(json(run.stdout)).toEqual({
      valid: true,
      texts: [
        {
          source: { option: "--where" },
          language: "where",
          text: "type.id=FOLDER and rank>=2",
          valid: true,
          canonical: "type.id=FOLDER AND rank>=2",
          problems: [],
        },
      ],
    });
  });

  it("lists a syntax error with its position, exit 1", () => {
    const run = check(["--where", "type.id=FOLDER AND rank>=", "--format", "json"]);
    expect(run.status).toBe(1);
    expect(json(run.stdout).texts[0]?.problems).toEqual([
      {
        code: "UNEXPECTED_END",
        level: "error",
        message: 'where: expected a value after ">=" at column 26',
        offset: 25,
        length: 0,
        line: 1,
        column: 26,
      },
    ]);
  });

  it("lists every problem against a schema, with a suggestion when there is one", () => {
    const run = check([
      "--where",
      "rnak>=2 AND nope=1",
      "--schema",
      "artefact",
      "--format",
      "json",
    ]);
    expect(run.status).toBe(1);
    const [text] = json(run.stdout).texts;
    expect(text).toMatchObject({ valid: false, language: "where", text: "rnak>=2 AND nope=1" });
    expect(text).not.toHaveProperty("canonical");
    expect(text?.problems).toEqual([
      {
        code: "UNKNOWN_FIELD",
        level: "error",
        message: 'where: unknown field "rnak": did you mean rank? at column 1',
        offset: 0,
        length: 4,
        line: 1,
        column: 1,
        suggestion: "rank",
      },
      {
        code: "UNKNOWN_FIELD",
        level: "error",
        message: 'where: unknown field "nope" at column 13',
        offset: 12,
        length: 4,
        line: 1,
        column: 13,
      },
    ]);
  });

  it("gives line and column in the text of a filter with line breaks", () => {
    const run = check(["--where", "a=1\nAND b=", "--format", "json"]);
    expect(json(run.stdout).texts[0]?.problems[0]).toMatchObject({
      offset: 10,
      line: 2,
      column: 7,
    });
  });

  it("checks a filter and a selection, filter first", () => {
    const run = check(["--fields", "id,level.id", "--where", "id=1", "--format", "json"]);
    const report = json(run.stdout);
    expect(report.valid).toBe(true);
    expect(report.texts.map((text) => [text.language, text.canonical])).toEqual([
      ["where", "id=1"],
      ["fields", "id,level.id"],
    ]);
  });
});

describe("qaql check reports every problem at once, and warnings", () => {
  it("lists the schema's problems beside a syntax error (text)", () => {
    const run = check(["--where", "rnak>=2 AND type.id=", "--schema", "artefact"]);
    expect(run.status).toBe(1);
    const firstLines = run.stdout.split("\n").filter((line) => line.startsWith("where:"));
    expect(firstLines).toEqual([
      'where: unknown field "rnak": did you mean rank? at column 1',
      'where: expected a value after "=" at column 21',
    ]);
  });

  it("warns of a day that names none where values are untyped, and exits 0", () => {
    const text = check(["--where", "analysisTime>=2024-02-30"]);
    expect(text.status).toBe(0);
    expect(text.stdout).toBe(
      "where: valid, canonical form: analysisTime>=2024-02-30\n" +
        'where: warning: "2024-02-30" is no calendar day, so "analysisTime" is never compared with it as a date (only as text) at column 15\n' +
        "  analysisTime>=2024-02-30\n" +
        "                ^^^^^^^^^^\n",
    );
    const report = json(check(["--where", "analysisTime>=2024-02-30", "--format", "json"]).stdout);
    expect(report.valid).toBe(true);
    expect(report.texts[0]?.problems).toMatchObject([
      { code: "NOT_A_CALENDAR_DAY", level: "warning", offset: 14, length: 10 },
    ]);
    const log = JSON.parse(
      check(["--where", "analysisTime>=2024-02-30", "--format", "sarif"]).stdout,
    ) as Log;
    expect(log.runs[0]?.results?.map((result) => [result.ruleId, result.level])).toEqual([
      ["NOT_A_CALENDAR_DAY", "warning"],
    ]);
    // With a schema whose field is a date, the same text is an error.
    const typed = check(["--where", "analysisTime>=2024-02-30", "--schema", "project"]);
    expect(typed.status).toBe(1);
    expect(typed.stdout).toContain(
      'where: "analysisTime" is a date field: expected a real calendar day',
    );
  });
});

describe("qaql check with files of many texts", () => {
  const lines = ["# saved filters", "type.id=FOLDER", "", "  rnak>=2", "rank in (1 , 2)"];

  it("checks one text per line, skipping blanks and comments; exit 1 when one is invalid", () => {
    const file = scratchFile("filters.txt", `${lines.join("\r\n")}\n`);
    const run = check(["--where-file", file, "--schema", "artefact", "--format", "json"]);
    expect(run).toMatchObject({ status: 1, stderr: "" });
    const report = json(run.stdout);
    expect(report.valid).toBe(false);
    expect(report.texts.map((text) => [text.source, text.valid])).toEqual([
      [{ file: "filters.txt", line: 2 }, true],
      [{ file: "filters.txt", line: 4 }, false],
      [{ file: "filters.txt", line: 5 }, true],
    ]);
    expect(report.texts[1]?.problems[0]).toMatchObject({
      code: "UNKNOWN_FIELD",
      offset: 2,
      column: 3,
      suggestion: "rank",
    });
  });

  it("exits 0 when every text of the file is valid", () => {
    const file = scratchFile("good.txt", "# ok\ntype.id=FOLDER\nrank>=2\n");
    const run = check(["--where-file", file, "--schema", "artefact"]);
    expect(run).toMatchObject({ status: 0, stderr: "" });
    expect(run.stdout).toBe(
      "good.txt:2: where: valid, canonical form: type.id=FOLDER\n" +
        "good.txt:3: where: valid, canonical form: rank>=2\n",
    );
  });

  it("prefixes each text's diagnostic with the file and line in the text format", () => {
    const file = scratchFile("bad.txt", "id=1\na=1 AND\n");
    const run = check(["--where-file", file]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe(
      "bad.txt:1: where: valid, canonical form: id=1\n" +
        'bad.txt:2: where: expected a field name or "(" after "AND" at column 8\n' +
        "  a=1 AND\n" +
        "         ^\n",
    );
  });

  it("reads a JSON file of named texts", () => {
    const file = scratchFile(
      "saved.json",
      JSON.stringify({ folders: "type.id=FOLDER", ranked: "rnak>=2" }, null, 2),
    );
    const run = check(["--where-file", file, "--schema", "artefact", "--format", "json"]);
    expect(run.status).toBe(1);
    const report = json(run.stdout);
    expect(report.texts.map((text) => [text.source, text.text, text.valid])).toEqual([
      [{ file: "saved.json", name: "folders" }, "type.id=FOLDER", true],
      [{ file: "saved.json", name: "ranked" }, "rnak>=2", false],
    ]);
    const text = check(["--where-file", file, "--schema", "artefact"]);
    expect(text.stdout).toContain('saved.json "ranked": where: unknown field "rnak"');
  });

  it("checks selections from a file", () => {
    const file = scratchFile("fields.json", JSON.stringify({ short: "id,name", deep: "id(x)" }));
    const run = check(["--fields-file", file, "--schema", "project", "--format", "json"]);
    expect(run.status).toBe(1);
    expect(json(run.stdout).texts.map((text) => [text.language, text.valid])).toEqual([
      ["fields", true],
      ["fields", false],
    ]);
  });

  it("reads stdin for -, one text per line", () => {
    const run = check(["--where-file", "-", "--format", "json"], "a=1\n\nb=\n");
    expect(run.status).toBe(1);
    expect(json(run.stdout).texts.map((text) => [text.source, text.valid])).toEqual([
      [{ file: "-", line: 1 }, true],
      [{ file: "-", line: 3 }, false],
    ]);
    expect(check(["--where-file", "-"], "a=1\n").stdout).toBe(
      "stdin:1: where: valid, canonical form: a=1\n",
    );
  });

  it.each([
    ["an array", "[1]", "must hold an object of named where texts, not an array of 1"],
    ["a value that is no string", '{"a": 3}', '"a" must be a string, not 3'],
    ["a name given twice", '{"a": "x=1", "a": "y=1"}', '"a" appears twice'],
    ["malformed JSON", "{a", "is not JSON"],
  ])("a JSON file holding %s is one line, exit 1", (_, content, words) => {
    const file = scratchFile("wrong.json", content);
    const run = check(["--where-file", file]);
    expect(run).toMatchObject({ status: 1, stdout: "" });
    expect(run.stderr).toContain(`the where file "wrong.json"`);
    expect(run.stderr).toContain(words);
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  it("a missing file is one line, exit 1", () => {
    const run = check(["--where-file", "missing.txt"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'qaql: cannot read the where file "missing.txt": no such file or directory (ENOENT)\n',
    );
  });

  it.each([
    [["--where", "a=1", "--format", "xml"], '--format must be text, json or sarif, not "xml"'],
    [["--where-file", "-", "--fields-file", "-"], "only one of --where-file and --fields-file"],
    [[], "give --where, --fields or both"],
  ])("%j is a usage error, exit 2", (args, words) => {
    const run = check(args);
    expect(run).toMatchObject({ status: 2, stdout: "" });
    expect(run.stderr).toContain(words);
  });
});

describe("qaql check --format sarif", () => {
  const sarif = (stdout: string): Log => JSON.parse(stdout) as Log;

  /** The characters of `content` a result's region covers (one line, end column exclusive). */
  function covered(content: string, result: Result): string {
    const region = result.locations?.[0]?.physicalLocation?.region;
    const line = content.split(/\r\n|\r|\n/)[(region?.startLine ?? 0) - 1] ?? "";
    expect(region?.endLine ?? region?.startLine).toBe(region?.startLine);
    return line.slice((region?.startColumn ?? 0) - 1, (region?.endColumn ?? 0) - 1);
  }

  /** The shape code-scanning tools read: version, schema, tool, rules, results placed in files. */
  function expectCodeScanningShape(log: Log): Result[] {
    expect(log.version).toBe("2.1.0");
    expect(log.$schema).toMatch(/sarif-2\.1\.0/);
    expect(log.runs).toHaveLength(1);
    const [run] = log.runs;
    expect(run?.tool.driver.name).toBe("qaql");
    expect(run?.tool.driver.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(run?.columnKind).toBe("utf16CodeUnits");
    const rules = run?.tool.driver.rules ?? [];
    const ids = rules.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of rules) expect(rule.shortDescription?.text).toMatch(/\S/);
    const results = run?.results ?? [];
    for (const result of results) {
      expect(ids).toContain(result.ruleId);
      expect(rules[result.ruleIndex ?? -1]?.id).toBe(result.ruleId);
      expect(["error", "warning"]).toContain(result.level);
      expect(result.message.text).toMatch(/\S/);
      const location = result.locations?.[0]?.physicalLocation;
      expect(location?.artifactLocation?.uri).toMatch(/\S/);
      expect(location?.region?.startLine).toBeGreaterThanOrEqual(1);
      expect(location?.region?.startColumn).toBeGreaterThanOrEqual(1);
      expect(location?.region?.endColumn).toBeGreaterThanOrEqual(
        location?.region?.startColumn ?? 1,
      );
    }
    return results;
  }

  it("places each problem of a filter file at its line and columns", () => {
    const content = "# saved\ntype.id=FOLDER\n\n  rnak>=2 AND nope=1\na=1 AND\n";
    const file = scratchFile("scan.txt", content);
    const run = check(["--where-file", file, "--schema", "artefact", "--format", "sarif"]);
    expect(run).toMatchObject({ status: 1, stderr: "" });
    const log = sarif(run.stdout);
    const results = expectCodeScanningShape(log);
    expect(log.runs[0]?.tool.driver.rules?.map((rule) => rule.id)).toEqual([
      "UNKNOWN_FIELD",
      "UNEXPECTED_END",
    ]);
    // "a=1 AND": the unknown field and the syntax error at once, as an editor sees them.
    expect(results.map((result) => result.ruleId)).toEqual([
      "UNKNOWN_FIELD",
      "UNKNOWN_FIELD",
      "UNKNOWN_FIELD",
      "UNEXPECTED_END",
    ]);
    expect(results[0]?.message.text).toBe('where: unknown field "rnak": did you mean rank?');
    expect(results[0]?.properties).toEqual({ suggestion: "rank" });
    expect(results[0]?.locations?.[0]?.physicalLocation).toEqual({
      artifactLocation: { uri: "scan.txt" },
      region: { startLine: 4, startColumn: 3, endColumn: 7 },
    });
    expect(results.map((result) => covered(content, result))).toEqual(["rnak", "nope", "a", ""]);
    expect(results[3]?.locations?.[0]?.physicalLocation?.region).toEqual({
      startLine: 5,
      startColumn: 8,
      endColumn: 8,
    });
  });

  it("places a named filter's problem inside its JSON string, escapes counted", () => {
    const content = '{\n  "a": "id=1",\n  "b \\"quoted\\"": "name=\\"\\u00e9\\" AND rnak>=2"\n}\n';
    const file = scratchFile("named.json", content);
    const run = check(["--where-file", file, "--schema", "artefact", "--format", "sarif"]);
    expect(run.status).toBe(1);
    const results = expectCodeScanningShape(sarif(run.stdout));
    expect(results).toHaveLength(1);
    expect(results[0]?.locations?.[0]?.physicalLocation?.region).toMatchObject({ startLine: 3 });
    expect(results.map((result) => covered(content, result))).toEqual(["rnak"]);
  });

  it("counts columns in UTF-16 units", () => {
    const content = 'name="😀" AND nope=1\n';
    const file = scratchFile("emoji.txt", content);
    const run = check(["--where-file", file, "--schema", "artefact", "--format", "sarif"]);
    const results = expectCodeScanningShape(sarif(run.stdout));
    expect(results[0]?.locations?.[0]?.physicalLocation?.region).toEqual({
      startLine: 1,
      startColumn: 15,
      endColumn: 19,
    });
    expect(results.map((result) => covered(content, result))).toEqual(["nope"]);
  });

  it("places an inline text at a qaql: pseudo URI, and spans its lines", () => {
    const run = check(["--where", "a=1 AND\n  b=", "--fields", "id", "--format", "sarif"]);
    expect(run.status).toBe(1);
    const results = expectCodeScanningShape(sarif(run.stdout));
    expect(results[0]?.locations?.[0]?.physicalLocation).toEqual({
      artifactLocation: { uri: "qaql:where" },
      region: { startLine: 2, startColumn: 5, endColumn: 5 },
    });
  });

  it("has no results and exit 0 when everything is valid", () => {
    const run = check(["--where", "id=1", "--format", "sarif"]);
    expect(run.status).toBe(0);
    const log = sarif(run.stdout);
    expectCodeScanningShape(log);
    expect(log.runs[0]?.results).toEqual([]);
    expect(log.runs[0]?.tool.driver.rules).toEqual([]);
  });
});

describe("qaql check caps a text's report at 100 problems (grammar/language.md 5.3)", () => {
  // 150 unknown fields: a1=1 AND a2=1 AND … AND a150=1.
  const where = Array.from({ length: 150 }, (_, i) => `a${i + 1}=1`).join(" AND ");
  const args = ["--where", where, "--schema", "artefact"];

  it("text: the first 100 with their carets, then a line counting the rest", () => {
    const run = check(args);
    expect(run.status).toBe(1);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines.filter((line) => line.startsWith("where: unknown field"))).toHaveLength(100);
    expect(lines.at(-1)).toBe("where: … and 50 more problems, not shown");
    expect(run.stdout).not.toContain('"a101"');
  });

  it("json: the first 100, with problemCount and truncated", () => {
    const run = check([...args, "--format", "json"]);
    expect(run.status).toBe(1);
    const [text] = json(run.stdout).texts;
    expect(text?.problems).toHaveLength(100);
    expect(text).toMatchObject({ valid: false, problemCount: 150, truncated: true });
    expect(text?.problems[99]).toMatchObject({
      code: "UNKNOWN_FIELD",
      offset: where.indexOf("a100="),
    });
    const few = json(
      check(["--where", "a1=1 AND a2=1", "--schema", "artefact", "--format", "json"]).stdout,
    );
    expect(few.texts[0]?.problems).toHaveLength(2);
    expect(few.texts[0]).not.toHaveProperty("problemCount");
    expect(few.texts[0]).not.toHaveProperty("truncated");
  });

  it("sarif: the first 100 results, and a warning notification counting them all", () => {
    const run = check([...args, "--format", "sarif"]);
    expect(run.status).toBe(1);
    const log = JSON.parse(run.stdout) as Log;
    const [sarifRun] = log.runs;
    expect(sarifRun?.results).toHaveLength(100);
    expect(sarifRun?.invocations).toEqual([
      {
        executionSuccessful: true,
        toolExecutionNotifications: [
          {
            level: "warning",
            message: { text: "where: 150 problems, only the first 100 reported" },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: "qaql:where" },
                  region: { startLine: 1, startColumn: 1, endColumn: where.length + 1 },
                },
              },
            ],
            properties: { problemCount: 150 },
          },
        ],
      },
    ]);
    const few = JSON.parse(
      check(["--where", "a1=1", "--schema", "artefact", "--format", "sarif"]).stdout,
    ) as Log;
    expect(few.runs[0]).not.toHaveProperty("invocations");
  });
});
