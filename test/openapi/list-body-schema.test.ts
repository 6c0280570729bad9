import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { createListHandler, listResponseJsonSchema } from "../../src/http/index.ts";
import { linkJsonSchema } from "../../src/openapi/list-body-schema.ts";
import { schemas } from "../../src/schema/resources.ts";
import { DATE_JSON_PATTERN } from "../../src/schema/schema-json-schema.ts";

type Json = Record<string, unknown>;

const ajv = new Ajv2020({ strict: true, allErrors: true });

const projects = [
  {
    id: 1,
    name: "alpha",
    level: { id: "A" },
    analysisTime: "2024-03-01T10:00:00+01:00",
    branches: [],
    _links: { self: { href: "/api/projects/1" } },
  },
  { id: 2, name: "beta", level: { id: "B" }, branches: [{ id: 7, name: "main", versionId: 3 }] },
  { id: 3, name: "gamma", group: null, level: null },
];

async function pageOf(query: string, resource?: string): Promise<Json> {
  const handle = createListHandler({ source: projects, schema: schemas.project, resource });
  const response = await handle(new Request(`http://qa.example/api/projects${query}`));
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
}

describe("listResponseJsonSchema", () => {
  it("is a strict 2020-12 schema with the items of schemaToJsonSchema, without their $schema", () => {
    const schema = listResponseJsonSchema({ schema: schemas.project, resource: "projects" });
    expect(ajv.validateSchema(schema)).toBe(true);
    expect(JSON.stringify(schema)).not.toContain("$schema");
    const items = (schema.properties as Record<string, Json>).projects?.items as Json;
    expect(items.properties).toHaveProperty("analysisTime", {
      type: ["string", "null"],
      pattern: DATE_JSON_PATTERN,
    });
    expect(schema.required).toEqual(["_links", "projects"]);
  });

  it("lets each item carry its _links, links by name, declared or not by the schema", () => {
    const items = (options: Parameters<typeof listResponseJsonSchema>[0]) =>
      ((listResponseJsonSchema(options).properties as Record<string, Json>).rows?.items ??
        {}) as Json;
    const item = items({ schema: { id: "integer" }, resource: "rows" });
    expect((item.properties as Json)._links).toEqual({
      type: "object",
      additionalProperties: linkJsonSchema(),
      description: expect.any(String),
    });
    const check = ajv.compile(item);
    expect(check({ id: 1, _links: { self: { href: "/rows/1" }, owner: { href: "/x" } } })).toBe(
      true,
    );
    expect(check({ id: 1, _links: { self: "/rows/1" } })).toBe(false);
    expect(check({ id: 1, _links: { self: {} } })).toBe(false);
    // A schema that declares _links itself keeps its own reading.
    const own = items({ schema: { id: "integer", _links: "any" }, resource: "rows" });
    expect((own.properties as Json)._links).toEqual({});
  });

  it.each([
    ["the first page", "?size=1"],
    ["a middle page, with previous and next", "?page=2&size=1"],
    ["a page past the end", "?page=9&size=1"],
    ["a projection", "?fields=id,branches(name)"],
    ["every record", ""],
  ])("fits %s as the handler answers it", async (_, query) => {
    const check = ajv.compile(
      listResponseJsonSchema({ schema: schemas.project, resource: "projects" }),
    );
    const body = await pageOf(query);
    expect(check(body), JSON.stringify(check.errors)).toBe(true);
  });

  it("tells a body that is not a list response (the check has teeth)", async () => {
    const check = ajv.compile(
      listResponseJsonSchema({ schema: schemas.project, resource: "projects" }),
    );
    const body = await pageOf("?page=2&size=1");
    const links = body._links as Json;
    expect(check({ ...body, projects: [{ id: "one" }] })).toBe(false);
    expect(check({ ...body, items: [] })).toBe(false);
    expect(check({ projects: body.projects })).toBe(false);
    expect(check({ ...body, _links: { ...links, last: undefined } })).toBe(false);
    expect(check({ ...body, _links: { ...links, next: { url: "/x" } } })).toBe(false);
  });

  it("takes any list name but _links without a resource, and any object without a schema", async () => {
    const check = ajv.compile(listResponseJsonSchema());
    expect(check(await pageOf("?size=2"))).toBe(true);
    expect(check(await pageOf("?size=2", "things"))).toBe(true);
    expect(check({ _links: (await pageOf(""))._links, things: [1] })).toBe(false);
    expect(check({ things: [] })).toBe(false);
  });

  it("takes a plain shape", () => {
    const schema = listResponseJsonSchema({ schema: { id: "integer" }, resource: "rows" });
    expect((schema.properties as Record<string, Json>).rows?.items).toEqual({
      type: "object",
      properties: {
        id: { type: ["integer", "null"] },
        _links: {
          type: "object",
          additionalProperties: linkJsonSchema(),
          description: expect.any(String),
        },
      },
    });
  });

  // One row: the options, the option the error names, and a piece of its message.
  const rows: [string, unknown, string, RegExp][] = [
    ["options that are no object", "projects", "", /must be an object/],
    ["a list named _links", { resource: "_links" }, "resource", /cannot be named/],
    ["a list name that is no string", { resource: 1 }, "resource", /expected a string/],
    ["a schema that is none", { schema: { id: "int" } }, "schema", /unknown type/],
    ["an unknown option", { resources: "x" }, "resources", /unknown option/],
  ];

  it.each(rows)("throws InvalidOptionError for %s", (_, options, option, message) => {
    let thrown: unknown;
    try {
      listResponseJsonSchema(options as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidOptionError);
    expect((thrown as InvalidOptionError).option).toBe(option);
    expect((thrown as InvalidOptionError).message).toMatch(message);
  });
});
