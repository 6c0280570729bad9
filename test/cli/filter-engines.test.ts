// `qaql filter --engine duckdb` against `--engine js`: the same bytes out on the sample's
// records and on generated dumps of awkward records, the same errors on bad input, and clear
// words where DuckDB cannot take the run.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recordsArbitrary, TIME_ZONES, whereArbitrary } from "../../src/arbitraries/index.ts";
import { duckDbMatches, literalName, loadDuckDb, openDuckDb } from "../../src/cli/duckdb-filter.ts";
import {
  DUCKDB_MAX_MATCHING,
  DUCKDB_MIN_BYTES,
  openMatches,
  readHead,
} from "../../src/cli/filter-engines.ts";
import { openInput } from "../../src/cli/inputs.ts";
import { compileWhere, formatWhere, parseWhere, type Schema, schemas } from "../../src/index.ts";
import { runCli } from "../support/run-cli.ts";
import { runMain } from "../support/run-main.ts";

const scratch = mkdtempSync(join(tmpdir(), "qaql-engines-"));
const SAMPLE = JSON.parse(
  readFileSync(new URL("../../sample/dump.json", import.meta.url), "utf8"),
) as Record<string, Record<string, unknown>[]>;

/** `qaql filter` in this process, through main as bin.ts runs it. */
const filter = (args: readonly string[]) => runMain(["filter", ...args]);

let written = 0;
/** Writes `texts` as a JSON array or NDJSON file; returns its path. */
function dumpFile(texts: readonly string[], shape: "array" | "ndjson"): string {
  const file = join(scratch, `dump-${written++}.${shape === "array" ? "json" : "ndjson"}`);
  writeFileSync(file, shape === "array" ? `[\n${texts.join(",\n")}\n]\n` : `${texts.join("\n")}\n`);
  return file;
}

/** Both engines on `file`; each must end as the other does, byte for byte. */
async function bothEngines(file: string, args: readonly string[]) {
  const js = await filter([file, "--engine", "js", ...args]);
  const duckdb = await filter([file, "--engine", "duckdb", ...args]);
  return { js, duckdb };
}

/** Records that differ from the schema's types in every way JSON allows. */
const AWKWARD: readonly string[] = [
  '{"id":1,"name":"Main.java","type":{"id":"FILE"},"rank":3}',
  '{"id":2,"name":"src","type":{"id":"FOLDER"},"rank":2,"path":null}',
  '{"id":3,"name":"Ünïcödé ☕ 𝄞","type":{"id":"FILE"},"rank":"4"}',
  '{"id":4,"type":"FILE","rank":5,"tags":[[1,[2,[3]]],{"a":[]}]}',
  '{"id":5,"name":"\\u00e9\\u2028\\ud83d\\ude00\\"q\\"","type":{"id":"FILE"},"rank":1e400}',
  '{"id":6,"name":"big","type":{"id":"FILE"},"rank":123456789012345678901234567890}',
  '{"id":7,"name":"neg","type":{"id":"FILE"},"rank":-0,"extra":1.50}',
  '{"rank":2,"id":8,"type":{"id":"FILE","id2":"x"},"name":"keys out of order"}',
  '{"id":10,"name":"nested","type":{"id":["FILE"]},"rank":[3]}',
  '{"id":11,"name":"MixedCase.JAVA","type":{"id":"file"},"rank":2.5}',
  '{"id":12}',
  '{"id":13,"name":"","type":{},"rank":true}',
];

const WHERES = [
  "type.id=FILE AND rank>=2",
  "rank>=2 OR name IS NULL",
  "name~*.java OR name~Ü*",
  "type.id IN (FILE,FOLDER) AND rank!=3",
  "type.id NOT IN (FOLDER) AND path IS NULL",
  "rank<2 OR rank>99999999999999999999",
];

describe("qaql filter --engine duckdb", () => {
  it.each(["array", "ndjson"] as const)(
    "writes the JavaScript engine's bytes for awkward records, as a %s",
    async (shape) => {
      const file = dumpFile(AWKWARD, shape);
      for (const where of WHERES) {
        const args = ["--schema", "artefact", "--where", where];
        for (const output of [[], ["--output", "ndjson"], ["--fields", "id,name", "--page", "1"]]) {
          const { js, duckdb } = await bothEngines(file, [...args, ...output]);
          expect(js.status, `${where} ${js.stderr}`).toBe(0);
          expect(duckdb, where).toEqual(js);
        }
      }
    },
  );

  it("writes the JavaScript engine's bytes for the sample's artefacts and findings", async () => {
    for (const [resource, schema, where] of [
      ["artefacts", "artefact", "type.id=FILE AND rank>=3 AND name~*.java"],
      ["findings", "finding", "status IN (OPEN,NEW) AND readOnly=false"],
    ] as const) {
      const texts = (SAMPLE[resource] ?? []).map((record) => JSON.stringify(record));
      for (const shape of ["array", "ndjson"] as const) {
        const file = dumpFile(texts, shape);
        const { js, duckdb } = await bothEngines(file, ["--schema", schema, "--where", where]);
        expect(js.stdout.split("\n").length).toBeGreaterThan(5);
        expect(duckdb).toEqual(js);
      }
    }
  });

  it.each([
    ["artefact", 80],
    ["project", 60],
    ["finding", 60],
  ] as const)(
    "writes the JavaScript engine's bytes on generated %s filters and records, in any zone",
    async (name, numRuns) => {
      // Projects have dates, findings booleans and arrays: every kind of field the SQL reads.
      const schema = schemas[name];
      await fc.assert(
        fc.asyncProperty(
          recordsArbitrary(schema, { strict: false, dates: ["day", "dateTime", "epochMillis"] }),
          whereArbitrary(schema),
          fc.constantFrom("array" as const, "ndjson" as const),
          fc.constantFrom(...TIME_ZONES),
          async (records, where, shape, timeZone) => {
            // NDJSON cannot hold one record alone: it would read as one object.
            fc.pre(records.length > 1);
            const file = dumpFile(
              records.map((record) => JSON.stringify(record)),
              shape,
            );
            const args = ["--schema", name, "--where", formatWhere(where), "--time-zone", timeZone];
            const { js, duckdb } = await bothEngines(file, [...args, "--output", "ndjson"]);
            expect(js.status).toBe(0);
            expect(duckdb).toEqual(js);
          },
        ),
        { numRuns },
      );
    },
    120_000,
  );

  it.each([
    ["a truncated array", '[\n{"id":1,"rank":3},\n{"id":2,"ra'],
    ["a record cut by a line break in NDJSON", '{"id":1,"rank":3}\n{"id":2,\n"rank":3}\n'],
    ["text that is not JSON", '[\n{"id":1,"rank":3},\n{"id":2,"rank":3} oops\n]'],
    ["a record that is no object", '[\n{"id":1,"rank":3},\n[1,2],\n{"id":3,"rank":3}\n]'],
    ["bytes that are not UTF-8", '[\n{"id":1,"rank":3},\n{"id":2,"name":"\u00ff","rank":3}\n]'],
    ["a lone surrogate, which DuckDB refuses", '[{"id":1,"rank":3,"name":"\\ud800"},{"id":2}]'],
  ])("reports %s as the JavaScript engine does, never DuckDB's words", async (_, text) => {
    const file = join(scratch, `bad-${written++}.json`);
    const bytes = Buffer.from(text, "utf8");
    // Bytes that are not UTF-8: a lone 0xff in place of the encoded ÿ.
    writeFileSync(file, text.includes("\u00ff") ? Buffer.from(text, "latin1") : bytes);
    const { js, duckdb } = await bothEngines(file, ["--schema", "artefact", "--where", "rank>=2"]);
    expect(duckdb).toEqual(js);
    expect(duckdb.stderr).not.toMatch(/DuckDB|duckdb|Error:|\n\s+at /);
  });

  it("says why it cannot take a run, and auto takes JavaScript instead", async () => {
    const array = dumpFile(AWKWARD, "array");
    const anySchema = join(scratch, `any-${written++}.json`);
    writeFileSync(anySchema, JSON.stringify({ rank: "any" }));
    // The last member: what auto then does with JavaScript (stdin is empty here).
    const cases: [readonly string[], number, RegExp, RegExp][] = [
      [
        ["-", "--where", "rank>=2", "--schema", "artefact"],
        2,
        /reads files, not stdin/,
        /EMPTY|only white space/,
      ],
      [[array, "--schema", "artefact"], 2, /it needs --where/, /^$/],
      [[array, "--where", "rank>=2"], 2, /it needs --schema/, /^$/],
      [
        [array, "--where", "rank>=2", "--schema", anySchema],
        2,
        /the schema gives "rank" the type any: SQL must know its type/,
        /^$/,
      ],
      [
        ["--resource", "artefacts", "--where", "rank>=2", "--schema", "artefact"],
        1,
        /neither/,
        /^$/,
      ],
    ];
    for (const [args, status, message, autoErrors] of cases) {
      const run = await filter([...args, "--engine", "duckdb"]);
      expect(run.status, run.stderr).toBe(status);
      expect(run.stderr).toMatch(message);
      const auto = await filter([...args, "--engine", "auto"]);
      expect(auto.stderr).toMatch(autoErrors);
    }
    const bogus = await filter([array, "--engine", "sqlite"]);
    expect(bogus).toMatchObject({ status: 2 });
    expect(bogus.stderr).toMatch(/--engine must be js, duckdb or auto, not "sqlite"/);
  });

  it("says what to install when @duckdb/node-api is missing", () => {
    const file = dumpFile(AWKWARD, "ndjson");
    // A resolve hook stands in for an installation without the optional dependency.
    const missing = `data:text/javascript,${encodeURIComponent(`
      import { registerHooks } from "node:module";
      registerHooks({ resolve(specifier, context, next) {
        if (specifier === "@duckdb/node-api") {
          throw Object.assign(new Error("not installed"), { code: "ERR_MODULE_NOT_FOUND" });
        }
        return next(specifier, context);
      } });`)}`;
    const env = { NODE_OPTIONS: `--import=${missing}` };
    const args = [file, "--where", "rank>=2", "--schema", "artefact"];
    const run = runCli(["filter", ...args, "--engine", "duckdb"], { env });
    expect(run.stderr).toMatch(/@duckdb\/node-api is not installed: npm install @duckdb\/node-api/);
    expect(run.status).toBe(1);
    const auto = runCli(["filter", ...args, "--engine", "auto"], { env });
    expect(auto.status).toBe(0);
  });

  it("reads the first of a key written twice, where JavaScript reads the last (documented)", async () => {
    const texts = ['{"id":1,"type":{"id":"FOLDER"},"type":{"id":"FILE"}}', '{"id":2}'];
    const file = dumpFile(texts, "ndjson");
    const args = ["--schema", "artefact", "--where", "type.id=FILE", "--output", "ndjson"];
    const { js, duckdb } = await bothEngines(file, args);
    expect(js.stdout).toBe('{"id":1,"type":{"id":"FILE"}}\n');
    expect(duckdb.stdout).toBe("");
  });

  it("auto takes DuckDB for a large file and a filter that keeps few of its head's records", async () => {
    // One record in twenty is a FILE: 5%, under DUCKDB_MAX_MATCHING.
    const texts = Array.from({ length: 200 }, (_, id) =>
      JSON.stringify({ id, type: { id: id % 20 === 0 ? "FILE" : "FOLDER" }, rank: id % 7 }),
    );
    expect(0.05).toBeLessThanOrEqual(DUCKDB_MAX_MATCHING);
    const ndjson = dumpFile(texts, "ndjson");
    const engineFor = async (where: string, size: number, file = ndjson, jobs = 1) => {
      const plan = {
        where: parseWhere(where),
        fields: undefined,
        schema: schemas.artefact,
        timeZone: undefined,
        resource: undefined,
        invalidUtf8: "error" as const,
        trustInput: false,
        jobs,
      };
      const open = () => openInput(file, Readable.from([]));
      return (await openMatches("auto", file, size, plan, open)).engine;
    };
    expect(await engineFor("type.id=FILE", DUCKDB_MIN_BYTES)).toBe("duckdb");
    expect(await engineFor("type.id=FILE", DUCKDB_MIN_BYTES - 1)).toBe("js");
    expect(await engineFor("type.id=FOLDER", DUCKDB_MIN_BYTES)).toBe("js");
    // A file read by two threads or more is JavaScript's: faster there (bench/README.md).
    const array = dumpFile(texts, "array");
    expect(await engineFor("type.id=FILE", DUCKDB_MIN_BYTES, array, 1)).toBe("duckdb");
    expect(await engineFor("type.id=FILE", DUCKDB_MIN_BYTES, array, 2)).toBe("js");
    expect(await engineFor("type.id=FILE", DUCKDB_MIN_BYTES, ndjson, 2)).toBe("js");
  });

  it("tells a file's shape from its head", async () => {
    const cases: [string, string][] = [
      ['[{"a":1}]', "array"],
      ['{"a":1}\n{"b":2}\n', "ndjson"],
      ['{"items":[{"a":1}],"_links":{}}', "list-response"],
      ["  ", "bad"],
      ["[{", "bad"],
      ['{"a":1', "list-response"],
      ["{oops", "list-response"],
    ];
    for (const [text, shape] of cases) {
      const file = join(scratch, `head-${written++}.json`);
      writeFileSync(file, text);
      expect((await readHead(file, undefined)).shape, text).toBe(shape);
    }
  });
});

describe("qaql filter --engine duckdb reads exactly the file it is given", () => {
  // Each name is also a pattern DuckDB would expand (or `~`, a home it would substitute), next
  // to the files the pattern matches; only the file of that very name may be read.
  const cwd = mkdtempSync(join(tmpdir(), "qaql-names-"));
  const home = mkdtempSync(join(tmpdir(), "qaql-home-"));
  mkdirSync(join(cwd, "~"));
  const ndjson = (ids: readonly number[]) => ids.map((id) => `{"id":${id},"rank":1}\n`).join("");
  const array = (ids: readonly number[]) =>
    `[${ids.map((id) => `{"id":${id},"rank":1}`).join(",")}]`;
  const files: [string, string][] = [
    ["dump[1].ndjson", ndjson([1, 2])],
    ["dump1.ndjson", ndjson([11, 12])],
    ["d*.json", array([21, 22])],
    ["da.json", array([23])],
    ["db.json", array([24, 25])],
    ["dump?.ndjson", ndjson([31, 32])],
    ["~/x.json", ndjson([41, 42])],
  ];
  for (const [name, text] of files) writeFileSync(join(cwd, name), text);
  writeFileSync(join(home, "x.json"), ndjson([51, 52]));
  const args = ["--schema", "artefact", "--where", "rank>=1", "--output", "ndjson"];

  it.each([
    ["dump[1].ndjson", [1, 2]],
    ["d*.json", [21, 22]],
    ["dump?.ndjson", [31, 32]],
    ["~/x.json", [41, 42]],
  ])("reads %s and no file its name would match, as --engine js does", (name, ids) => {
    const env = { HOME: home };
    const js = runCli(["filter", name, "--engine", "js", ...args], { cwd, env });
    const duckdb = runCli(["filter", name, "--engine", "duckdb", ...args], { cwd, env });
    expect(js).toEqual({ status: 0, stdout: ndjson(ids), stderr: "" });
    expect(duckdb).toEqual(js);
  });

  it.runIf(process.platform === "linux")(
    "gives DuckDB the open file's own name on Linux, which it reads without handing over",
    async () => {
      const duckdb = await loadDuckDb();
      if (duckdb === undefined) throw new Error("@duckdb/node-api is not installed");
      const where = parseWhere("rank>=1");
      // DuckDB's rows are untyped: the predicate takes any record.
      const matches = compileWhere(where, { schema: schemas.artefact as Schema });
      for (const [name, format, ids] of [
        ["dump[1].ndjson", "newline_delimited", [1, 2]],
        ["d*.json", "array", [21, 22]],
        ["dump?.ndjson", "newline_delimited", [31, 32]],
      ] as const) {
        const read: unknown[] = [];
        const path = join(cwd, name);
        const batches = duckDbMatches(
          duckdb,
          path,
          format,
          where,
          schemas.artefact,
          "UTC",
          matches,
        );
        for await (const batch of batches) read.push(...batch.map((record) => record.id));
        expect(read, name).toEqual(ids);
      }
    },
  );

  it("names the open file by number on Linux, elsewhere by its absolute path without patterns", async () => {
    const handle = await open(join(cwd, "dump1.ndjson"), "r");
    try {
      if (process.platform === "linux") {
        expect(literalName(handle, "dump[1].ndjson")).toBe(`/proc/self/fd/${handle.fd}`);
      }
      expect(literalName(handle, join(cwd, "dump1.ndjson"), "darwin")).toBe(
        join(cwd, "dump1.ndjson"),
      );
      expect(literalName(handle, "~/x.json", "darwin")).toBe(join(process.cwd(), "~/x.json"));
      for (const name of ["dump[1].ndjson", "d*.json", "dump?.ndjson"]) {
        expect(literalName(handle, join(cwd, name), "darwin"), name).toBeUndefined();
      }
    } finally {
      await handle.close();
    }
  });

  it("lets DuckDB read that name and no other file, and load no extension", async () => {
    const duckdb = await loadDuckDb();
    if (duckdb === undefined) throw new Error("@duckdb/node-api is not installed");
    const allowed = join(cwd, "dump1.ndjson");
    const { instance, connection } = await openDuckDb(duckdb, allowed);
    try {
      const read = async (path: string) => {
        const sql = "SELECT count(*)::INTEGER FROM read_json_objects(?)";
        return (await connection.runAndReadAll(sql, [path])).getRows();
      };
      expect(await read(allowed)).toEqual([[2]]);
      await expect(read(join(home, "x.json"))).rejects.toThrow(/Permission Error/);
      await expect(read(join(cwd, "dump?.ndjson"))).rejects.toThrow(/Permission Error/);
      await expect(connection.run("LOAD httpfs")).rejects.toThrow(/Permission Error/);
      await expect(connection.run("SET enable_external_access = true")).rejects.toThrow();
      const settings = await connection.runAndReadAll(
        "SELECT name, value FROM duckdb_settings() WHERE name IN " +
          "('autoinstall_known_extensions', 'autoload_known_extensions', 'enable_external_access') " +
          "ORDER BY name",
      );
      expect(settings.getRows()).toEqual([
        ["autoinstall_known_extensions", "false"],
        ["autoload_known_extensions", "false"],
        ["enable_external_access", "false"],
      ]);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
});
