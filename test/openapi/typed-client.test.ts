// A client generated from the server's OpenAPI document, as a user would make one: its types by
// openapi-typescript (typed-client/qaql-api.ts, kept equal to what the document generates), its
// calls by openapi-fetch (typed-client/client.ts, strict, without a cast), run against the
// live server.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Artefact } from "../../src/query/artefact.ts";
import { parseQueryDefinition } from "../../src/query/definition.ts";
import { runQuery } from "../../src/query/run-query.ts";
import { schemas } from "../../src/schema/resources.ts";
import { type ApiServer, createApiServer } from "../../src/server/api-server.ts";
import { apiServerOpenApi } from "../../src/server/api-server-openapi.ts";
import {
  CallError,
  connect,
  fetchToken,
  listArtefacts,
  queryLargestFiles,
  readFinding,
} from "./typed-client/client.ts";

type Row = Record<string, unknown>;

const require = createRequire(import.meta.url);
const ROOT = join(import.meta.dirname, "..", "..");
const CLIENT = join(import.meta.dirname, "typed-client", "client.ts");
const sample = JSON.parse(readFileSync(join(ROOT, "sample", "dump.json"), "utf8")) as Record<
  string,
  Row[]
>;

/** The types openapi-typescript writes for the document, in the project's format. */
async function generateTypes(): Promise<string> {
  const text = astToString(await openapiTS(JSON.stringify(apiServerOpenApi())));
  const biome = require.resolve("@biomejs/biome/bin/biome");
  const path = join(import.meta.dirname, "typed-client", "qaql-api.ts");
  const formatted = spawnSync(process.execPath, [biome, "format", `--stdin-file-path=${path}`], {
    input: text,
    encoding: "utf8",
  });
  expect(formatted.status, formatted.stderr).toBe(0);
  return formatted.stdout;
}

describe("a client generated with openapi-typescript and openapi-fetch", () => {
  it("is built on the types the document generates today (to refresh: vitest -u)", async () => {
    await expect(await generateTypes()).toMatchFileSnapshot("./typed-client/qaql-api.ts");
  });

  it("type-checks in strict mode, without a cast, an assertion or a directive", () => {
    const source = readFileSync(CLIENT, "utf8");
    expect(source).not.toMatch(/@ts-|biome-ignore/);
    const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    expect(code).not.toMatch(/\bas\s+(?!const\b)[\w{[(]|\bany\b|[\w)\]]!\s*[.;,)\]]/);
    const scratch = join(ROOT, "node_modules", ".cache", "qaql-typed-client");
    mkdirSync(scratch, { recursive: true });
    const config = join(scratch, "tsconfig.json");
    writeFileSync(
      config,
      JSON.stringify({
        extends: join(ROOT, "tsconfig.json"),
        compilerOptions: { strict: true },
        include: [],
        files: [CLIENT],
      }),
    );
    const tsc = require.resolve("typescript/bin/tsc");
    const checked = spawnSync(process.execPath, [tsc, "--noEmit", "-p", config], {
      encoding: "utf8",
    });
    expect(checked.stdout + checked.stderr).toBe("");
    expect(checked.status).toBe(0);
  });
});

describe("the generated client against the live server", () => {
  let server: ApiServer;
  let baseUrl: string;

  beforeAll(async () => {
    server = createApiServer({
      data: sample,
      user: "ada",
      password: "s3cret",
      schemas: {
        projects: schemas.project,
        artefacts: schemas.artefact,
        findings: schemas.finding,
      },
    });
    baseUrl = (await server.listen(0)).url;
  });

  afterAll(async () => {
    await server?.close();
  });

  it("lists the artefacts a filter keeps, following next to the last page", async () => {
    const client = connect(baseUrl, await fetchToken(baseUrl, "ada", "s3cret"));
    const { artefacts, pages } = await listArtefacts(client, "type.id=FUNCTION", "id,name", 150);
    const functions = (sample.artefacts ?? []).filter(
      (artefact) => (artefact.type as Row | null)?.id === "FUNCTION",
    );
    expect(pages).toBe(Math.ceil(functions.length / 150));
    expect(pages).toBeGreaterThan(2);
    expect(artefacts).toEqual(
      functions.map(({ id, name, _links }) => ({ id, name, ...(_links ? { _links } : {}) })),
    );
  });

  it("reads one finding, and is told why it cannot read another", async () => {
    const client = connect(baseUrl, await fetchToken(baseUrl, "ada", "s3cret"));
    const finding = await readFinding(client, 500000);
    expect(finding).toEqual(sample.findings?.find((record) => record.id === 500000));
    const missing = await readFinding(client, 1).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(CallError);
    expect(missing).toMatchObject({ status: 404, code: "NOT_FOUND" });
  });

  it("runs a query definition, a measure column and an indicator column", async () => {
    const client = connect(baseUrl, await fetchToken(baseUrl, "ada", "s3cret"));
    const result = await queryLargestFiles(client, 1000, 5);
    const definition = parseQueryDefinition({
      artefactTypes: ["FILE"],
      columns: [
        { type: "MEASURE", id: "LOC" },
        { type: "INDICATOR", id: "MAINTAINABILITY", displayType: "RANK" },
      ],
      orders: [{ type: "MEASURE", id: "LOC", order: "DESC", orderType: "VALUE" }],
      resultSize: 5,
    });
    const records = (sample.artefacts ?? []) as unknown as Artefact[];
    const expected = runQuery(definition, records, { artefactId: 1000 });
    expect(result).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(result.rows).toHaveLength(5);
  });

  it("is refused a token for a wrong password", async () => {
    const refused = await fetchToken(baseUrl, "ada", "wrong").catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 401, code: "WRONG_CREDENTIALS" });
  });
});
