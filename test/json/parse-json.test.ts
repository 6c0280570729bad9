// parseJson and the places qaql reads JSON with it. Node 24's JSON.parse takes an escaped member
// name for a name that is one backslash once an earlier call had that name after the same names
// (nodejs/node#63785; an object earlier in the same text does not count): each test below first
// has such an object parsed in this process (or in the one qaql runs in), after names no other
// object has, then checks that the escaped names come out as spelled.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runConformance } from "../../src/conformance/index.ts";
import { parseJson } from "../../src/json/parse-json.ts";
import { defineSchema } from "../../src/schema/schema.ts";
import { createApiServer } from "../../src/server/api-server.ts";
import { runCli } from "../support/run-cli.ts";
import { runMain } from "../support/run-main.ts";

const scratch = mkdtempSync(join(tmpdir(), "qaql-parse-json-"));

describe("parseJson", () => {
  it("reads escaped member names as spelled after JSON.parse met a name that is one backslash", () => {
    JSON.parse(String.raw`{"poisonedByUnitTest":0,"\\":0}`);
    // What parseJson mends: JSON.parse itself now reads the escaped names as the backslash.
    const texts = [
      String.raw`{"poisonedByUnitTest":1,"\u00e9":1}`,
      String.raw`{"poisonedByUnitTest":2,"\n":2}`,
      String.raw`{"poisonedByUnitTest":3,"\"":3}`,
    ];
    expect(texts.map((text) => parseJson(text))).toEqual([
      { poisonedByUnitTest: 1, é: 1 },
      { poisonedByUnitTest: 2, "\n": 2 },
      { poisonedByUnitTest: 3, '"': 3 },
    ]);
  });

  it("throws JSON.parse's SyntaxError for a text that is not JSON", () => {
    for (const text of ["", "{", '{"\\\\":1', "[1,]", '{"a":1}x']) {
      let expected: unknown;
      try {
        JSON.parse(text);
      } catch (error) {
        expected = error;
      }
      expect(() => parseJson(text), text).toThrow(expected as SyntaxError);
      expect(() => parseJson(text), text).toThrow(SyntaxError);
    }
  });

  it("reads a record with a backslash in a member name as JSON.parse does", () => {
    // Such a record is read a second time, key by key: the same values, names and order.
    const text = String.raw`[{"a\\b":[1,-0,2.5e3,true,null,"\"\u00e9\n",{"__proto__":{}}],
"d":1,"__proto__":[],"9":0,"d":{"e":[[]]}}]`;
    const [record] = parseJson(text) as [Record<string, unknown>];
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.keys(record)).toEqual(["9", "a\\b", "d", "__proto__"]);
    const data = { writable: true, enumerable: true, configurable: true };
    const inner = Object.defineProperty({}, "__proto__", { value: {}, ...data });
    expect(Object.getOwnPropertyDescriptors(record)).toEqual({
      "9": { value: 0, ...data },
      "a\\b": { value: [1, -0, 2500, true, null, '"é\n', inner], ...data },
      d: { value: { e: [[]] }, ...data },
      ["__proto__"]: { value: [], ...data },
    });
    const depth = 100_000;
    const deep = `[{"\\\\":${"[".repeat(depth)}${"]".repeat(depth)}}]`;
    let value = (parseJson(deep) as Record<string, unknown>[])[0]?.["\\"];
    for (let level = 1; level < depth; level++) value = (value as unknown[])[0];
    expect(value).toEqual([]);
  });
});

describe("qaql reads escaped member names as spelled, whatever it parsed before", () => {
  it("in the query definitions POSTed to the API server", async () => {
    const server = createApiServer({
      data: { artefacts: [{ id: 1, name: "root", type: { id: "FOLDER" } }] },
      permanentTokens: ["token-0123456789abcdef"],
    });
    // Members a definition does not know, which its 400 names: first the poison, then "é".
    const unknownKeys = async (body: string) => {
      const response = await server.fetch(
        new Request("http://127.0.0.1/api/artefacts/1/query", {
          method: "POST",
          body,
          headers: {
            authorization: "Bearer token-0123456789abcdef",
            "content-type": "application/json",
          },
        }),
      );
      expect(response.status).toBe(400);
      const { issues } = (await response.json()) as { issues: { code: string; pointer: string }[] };
      return issues.filter((issue) => issue.code === "UNKNOWN_KEY").map((issue) => issue.pointer);
    };
    const poison = String.raw`{"poisonedByPost":1,"\\":1}`;
    expect(await unknownKeys(poison)).toEqual(["/poisonedByPost", "/\\"]);
    const escaped = String.raw`{"poisonedByPost":2,"\u00e9":2}`;
    expect(await unknownKeys(escaped)).toEqual(["/poisonedByPost", "/é"]);
  });

  it("in a JSON file given on the command line (qaql query --definition, run twice)", async () => {
    const stderrOf = async (definition: string) => {
      const file = join(scratch, "definition.json");
      writeFileSync(file, definition);
      const { status, stderr } = await runMain(["query", "--definition", file]);
      expect(status).toBe(1);
      return stderr;
    };
    // The first run poisons this process, the second has an escaped name.
    const poison = String.raw`{"poisonedByFile":1,"\\":1}`;
    expect(await stderrOf(poison)).toContain('/\\: unknown key "\\\\"');
    const escaped = await stderrOf(String.raw`{"poisonedByFile":2,"\n":2}`);
    expect(escaped).toContain('/\n: unknown key "\\n"');
    expect(escaped).not.toContain("/\\: unknown key");
  });

  it("in a JSON file of named texts (qaql check --where-file, then --fields-file)", () => {
    // The where file poisons, the fields file has a name that is no text, which is named.
    const where = join(scratch, "where.json");
    writeFileSync(where, String.raw`{"poisonedByTexts":"id=1","\\":"id=2"}`);
    const fields = join(scratch, "fields.json");
    writeFileSync(fields, String.raw`{"poisonedByTexts":"id","\u00e9":1}`);
    const run = runCli(["check", "--where-file", where, "--fields-file", fields]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${JSON.stringify(fields)}: "é" must be a string, not 1`);
  });

  it("in the records DuckDB returns (qaql filter --engine duckdb)", () => {
    const texts = [
      String.raw`{"id":1,"poisonedByDuckDb":1,"\\":1}`,
      String.raw`{"id":2,"poisonedByDuckDb":2,"\"":2}`,
      String.raw`{"id":3,"poisonedByDuckDb":3,"\n":3}`,
    ];
    const file = join(scratch, "dump.ndjson");
    writeFileSync(file, `${texts.join("\n")}\n`);
    const args = ["--schema", "artefact", "--where", "id>=1", "--output", "ndjson"];
    const run = runCli(["filter", file, "--engine", "duckdb", ...args]);
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(`${texts.join("\n")}\n`);
  });

  it("in the answers of the server runConformance checks", async () => {
    const records = [
      { id: 1, poisonedByConformance: 1, "\\": 1 },
      { id: 2, poisonedByConformance: 2, '"': 2 },
    ];
    const schema = defineSchema({ id: "integer" });
    const server = createApiServer({
      data: { widgets: records },
      permanentTokens: ["token-0123456789abcdef"],
      schemas: { widgets: schema },
    });
    const { url } = await server.listen(0);
    try {
      // A wrong server: its lists are right, but its item 2 names its member "\\", not '"'.
      const report = await runConformance({
        url,
        token: "token-0123456789abcdef",
        resource: "widgets",
        schema,
        runs: 100,
        seed: 1,
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          if (!new URL(input).pathname.endsWith("/widgets/2")) return response;
          const text = (await response.text()).replace(String.raw`"\""`, String.raw`"\\"`);
          return new Response(text, { status: response.status, headers: response.headers });
        },
      });
      if (report.agrees) throw new Error("the renamed member was not caught");
      expect(report.disagreement).toMatchObject({
        reason: "a different item",
        expected: String.raw`{"id":2,"poisonedByConformance":2,"\"":2}`,
        received: String.raw`{"id":2,"poisonedByConformance":2,"\\":2}`,
      });
    } finally {
      await server.close();
    }
  });
});
