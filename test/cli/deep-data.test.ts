import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiServer, createApiServer } from "../../src/server/api-server.ts";
import { runCli } from "../support/run-cli.ts";

const scratch = mkdtempSync(join(tmpdir(), "qaql-deep-"));

/** JSON text of arrays nested `levels` deep, around `inner`. */
const nestedText = (levels: number, inner = "") =>
  `${"[".repeat(levels)}${inner}${"]".repeat(levels)}`;

/** The same value, built without recursion. */
function nested(levels: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < levels; i++) value = [value];
  return value;
}

/** Record texts, each with a member `deep` nested `levels` deep, as JSON.stringify writes them. */
function records(levels: number): string[] {
  return [
    '{"id":1,"name":"shallow","deep":[]}',
    `{"id":2,"name":"deep","deep":${nestedText(levels)},"size":3}`,
    '{"id":3,"name":"after","deep":{"a":[1]}}',
  ];
}

describe("qaql filter on records of any depth", () => {
  for (const levels of [5000, 100_000]) {
    it(`writes a record ${levels.toLocaleString("en-US")} levels deep byte for byte`, () => {
      const texts = records(levels);
      const file = join(scratch, `deep-${levels}.ndjson`);
      writeFileSync(file, `${texts.join("\n")}\n`);
      const ndjson = runCli(["filter", file, "--output", "ndjson"]);
      expect(ndjson.stderr).toBe("");
      expect(ndjson.status).toBe(0);
      expect(ndjson.stdout).toBe(`${texts.join("\n")}\n`);
      const array = runCli(["filter", file, "--where", "id>=2", "--page", "1", "--size", "1"]);
      expect(array.status).toBe(0);
      expect(array.stdout.startsWith(`{"items":[\n${texts[1]}\n],\n"_links":`)).toBe(true);
    });
  }

  it("projects a deep record with a shallow selection, and filters on it", () => {
    const texts = records(100_000);
    const file = join(scratch, "deep-array.json");
    writeFileSync(file, `[\n${texts.join(",\n")}\n]`);
    const run = runCli(["filter", file, "--where", "size=3", "--fields", "id,deep"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`[\n{"id":2,"deep":${nestedText(100_000)}}\n]\n`);
  });
});

describe("qaql query on a deep definition", () => {
  it("reports a 10 KB body of arrays 5,000 deep as NESTING_TOO_DEEP, exit 1", () => {
    const file = join(scratch, "deep-definition.json");
    writeFileSync(file, nestedText(5000));
    const run = runCli(["query", "--definition", file]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `qaql: the definition ${JSON.stringify(file)} has 1 problem:\n` +
        `  ${"/0".repeat(64)}: an array nested 65 levels deep: a definition nests at most 64 arrays and objects [NESTING_TOO_DEEP]\n`,
    );
  });

  it("reports deep nesting inside an otherwise valid definition at its pointer", () => {
    const file = join(scratch, "deep-member.json");
    writeFileSync(file, `{"columns":[],"orders":[{"deep":${nestedText(100_000)}}]}`);
    const run = runCli(["query", "--definition", file]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`  /orders/0/deep${"/0".repeat(61)}: an array nested 65 levels`);
  });
});

describe("qaql query on artefacts of any depth", () => {
  const definition = join(scratch, "columns.json");
  writeFileSync(definition, '{"columns":[{"type":"MEASURE","id":"LOC"}]}');

  it("writes a name 5,000 levels deep, indented, and refuses 100,000 levels with exit 1", () => {
    const dump = (levels: number) => {
      const file = join(scratch, `artefacts-${levels}.ndjson`);
      writeFileSync(file, `{"id":1,"name":${nestedText(levels)}}\n{"id":2,"name":"b"}\n`);
      return file;
    };
    const run = runCli(["query", "--definition", definition, dump(5000)]);
    expect(run).toMatchObject({ status: 0, stderr: "" });
    expect(JSON.parse(run.stdout).rows.map((row: { id: number }) => row.id)).toEqual([1, 2]);
    const tooLong = runCli(["query", "--definition", definition, dump(100_000)]);
    expect(tooLong.status).toBe(1);
    expect(tooLong.stderr).toMatch(/^qaql: the result is too large to write as indented JSON/);
    const table = runCli(["query", "--definition", definition, dump(100_000), "--output", "table"]);
    expect(table.status).toBe(0);
  });
});

describe("qaql serve on records of any depth", () => {
  let server: ApiServer;
  let origin: string;
  const deep = { id: "d", deep: nested(100_000) };

  beforeAll(async () => {
    server = createApiServer({
      data: { items: [{ id: "s" }, deep] },
      user: "u",
      password: "p",
    });
    ({ url: origin } = await server.listen());
  });
  afterAll(() => server.close());

  async function get(path: string, token: string): Promise<{ status: number; text: string }> {
    const response = await fetch(`${origin}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, text: await response.text() };
  }

  it("answers the page and the item holding a record 100,000 levels deep", async () => {
    const tokenReply = await fetch(`${origin}/token`, {
      headers: { authorization: `Basic ${Buffer.from("u:p").toString("base64")}` },
    });
    const { token } = (await tokenReply.json()) as { token: string };
    const item = await get("/items/d", token);
    expect(item.status).toBe(200);
    expect(item.text).toBe(`{"id":"d","deep":${nestedText(100_000)}}`);
    const page = await get("/items?where=id%3Dd&fields=deep", token);
    expect(page.status).toBe(200);
    expect(page.text.endsWith(`"items":[{"deep":${nestedText(100_000)}}]}`)).toBe(true);
  });
});
