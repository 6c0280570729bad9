import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { errorBodyJsonSchema } from "../../src/http/index.ts";
import { createListHandler } from "../../src/http/list-handler.ts";
import { queryDefinitionErrorJsonSchema } from "../../src/openapi/error-body-schema.ts";
import type { JsonSchema } from "../../src/openapi/openapi-types.ts";
import { safeParseQueryDefinition } from "../../src/query/definition.ts";
import { schemas } from "../../src/schema/resources.ts";

type Json = Record<string, unknown>;

const ajv = new Ajv2020({ strict: true, allErrors: true });

/** The schema with no member left undocumented: each object and its issues' objects closed. */
function closed(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema>;
  const issues = properties.issues as JsonSchema;
  const items = issues.items as JsonSchema;
  return {
    ...schema,
    additionalProperties: false,
    properties: {
      ...properties,
      issues: { ...issues, items: { ...items, additionalProperties: false } },
    },
  };
}

const handle = createListHandler({ source: [], schema: schemas.project, resource: "projects" });

async function bodyOf(query: string, headers: Record<string, string> = {}): Promise<Json> {
  const response = await handle(new Request(`http://qa.example/api/projects${query}`, { headers }));
  expect(response.status).not.toBe(200);
  return (await response.json()) as Json;
}

describe("errorBodyJsonSchema", () => {
  it("is a strict 2020-12 schema, a fresh object each call", () => {
    const schema = errorBodyJsonSchema();
    expect(ajv.validateSchema(schema)).toBe(true);
    expect(errorBodyJsonSchema()).toEqual(schema);
    expect(errorBodyJsonSchema()).not.toBe(schema);
    expect(schema.required).toEqual(["status", "error", "code", "message"]);
  });

  // One row: what is wrong, the query, the request headers, and members the body must hold.
  const rows: [string, string, Record<string, string>, string[]][] = [
    ["a syntax error", "?where=level.id=A AND", {}, ["parameter", "expected", "diagnostic"]],
    ["a validation error", "?where=nmae=x AND id=y", {}, ["issues", "input", "line", "column"]],
    ["a selection that does not fit", "?fields=id(x),nope", {}, ["issues", "parameter"]],
    ["an invalid size", "?size=0", {}, ["parameter", "offset", "length"]],
    ["a repeated parameter", "?where=id=1&where=id=2", {}, ["parameter"]],
    ["broken percent-encoding", "?fields=%E2%28", {}, ["parameter", "input"]],
    ["a text too long", `?where=${"a".repeat(8200)}`, {}, ["expected"]],
    [
      "a filter with more than 100 problems",
      `?where=${encodeURIComponent(Array.from({ length: 150 }, (_, i) => `a${i}=1`).join(" AND "))}`,
      {},
      ["issues", "issueCount", "truncated"],
    ],
    ["an unknown time zone", "", { timezone: "Mars/Olympus" }, ["header", "timeZone"]],
    ["no acceptable type", "", { accept: "text/html" }, ["supported"]],
    ["a method other than GET", "", {}, []],
  ];

  it.each(rows)(
    "documents every member of the body of %s",
    async (name, query, headers, members) => {
      const body =
        name === "a method other than GET"
          ? ((await (
              await handle(new Request("http://qa.example/api/projects", { method: "DELETE" }))
            ).json()) as Json)
          : await bodyOf(query, headers);
      for (const member of members) expect(body).toHaveProperty(member);
      const check = ajv.compile(closed(errorBodyJsonSchema()));
      expect(check(body), JSON.stringify(check.errors)).toBe(true);
    },
  );

  it("tells a body with a member it does not document (the check has teeth)", async () => {
    const body = await bodyOf("?where=nmae=x");
    const check = ajv.compile(closed(errorBodyJsonSchema()));
    expect(check({ ...body, stack: "Error: …" })).toBe(false);
    const issues = body.issues as Json[];
    expect(check({ ...body, issues: [{ ...issues[0], hint: "x" }] })).toBe(false);
    expect(ajv.compile(errorBodyJsonSchema())({ ...body, status: "400" })).toBe(false);
  });

  it("tells a body with more than 100 issues, or a count no larger than them", async () => {
    const body = await bodyOf("?where=nmae=x");
    const check = ajv.compile(errorBodyJsonSchema());
    const issues = Array(101).fill((body.issues as Json[])[0]);
    expect(check({ ...body, issues: issues.slice(0, 100), issueCount: 101, truncated: true })).toBe(
      true,
    );
    expect(check({ ...body, issues, issueCount: 101, truncated: true })).toBe(false);
    expect(check({ ...body, issueCount: 100, truncated: true })).toBe(false);
    expect(check({ ...body, issueCount: 101, truncated: false })).toBe(false);
  });
});

describe("queryDefinitionErrorJsonSchema", () => {
  it.each([
    ["an unknown member", { columns: [], colour: 1 }],
    [
      "a bad interval",
      {
        columns: [{ type: "MEASURE", id: "LOC" }],
        filters: [{ type: "measure", id: "LOC", data: { bounds: ["[1;x]"] } }],
      },
    ],
    ["no columns", {}],
    ["more than 100 issues", { orders: Array(300).fill({}) }],
    ["too many columns", { columns: Array(300).fill({ type: "INFO", id: "A" }) }],
  ])("documents every member of the body of %s", (_, definition) => {
    const parsed = safeParseQueryDefinition(definition);
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const body = { status: 400, error: "Bad Request", ...parsed.error.toJSON() };
    const check = ajv.compile(closed(queryDefinitionErrorJsonSchema()));
    expect(check(body), JSON.stringify(check.errors)).toBe(true);
  });

  it("holds at most 100 issues", () => {
    const parsed = safeParseQueryDefinition({ orders: Array(300).fill({}) });
    if (parsed.success) throw new Error("accepted");
    const body: Json = { status: 400, error: "Bad Request", ...parsed.error.toJSON() };
    expect(body).toMatchObject({ issueCount: 1026, truncated: true });
    const check = ajv.compile(queryDefinitionErrorJsonSchema());
    expect(check(body)).toBe(true);
    const issues = body.issues as Json[];
    expect(check({ ...body, issues: [...issues, issues[0]] })).toBe(false);
  });
});
