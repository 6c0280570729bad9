import { describe, expect, it } from "vitest";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { openApiListParameters } from "../../src/http/index.ts";
import type { OpenApiParameter } from "../../src/openapi/openapi-types.ts";
import { schemas } from "../../src/schema/resources.ts";
import { defineSchema, type Schema } from "../../src/schema/schema.ts";
import { parseFields } from "../../src/syntax/parse-fields.ts";
import { parseWhere } from "../../src/syntax/parse-where.ts";

const byName = (parameters: readonly OpenApiParameter[]) =>
  Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter]));

const examplesOf = (parameter: OpenApiParameter | undefined): string[] =>
  Object.values(parameter?.examples ?? {}).map((example) => example.value);

// Schemas whose examples must still name real fields the filter can use.
const SHAPES: readonly [string, Schema][] = [
  ["project", schemas.project],
  ["artefact", schemas.artefact],
  ["finding", schemas.finding],
  ["keywords as names", defineSchema({ in: "string", NULL: "integer", x: { and: "boolean" } })],
  ["dates only", defineSchema({ day: "date", when: { day: "date" } })],
  ["booleans and numbers", defineSchema({ flag: "boolean", score: "number" })],
  ["arrays only", defineSchema({ tags: ["string"], items: [{ id: "integer", name: "string" }] })],
  ["undescribed", defineSchema({ data: "object", list: "array" })],
];

describe("openApiListParameters", () => {
  it("gives where, fields, page and size as query parameters, in that order", () => {
    const parameters = openApiListParameters({ schema: schemas.artefact });
    expect(parameters.map(({ name, in: place, required }) => [name, place, required])).toEqual([
      ["where", "query", false],
      ["fields", "query", false],
      ["page", "query", false],
      ["size", "query", false],
    ]);
    for (const parameter of parameters) expect(parameter.description.length).toBeGreaterThan(40);
    expect(JSON.parse(JSON.stringify(parameters))).toEqual(parameters);
  });

  it("bounds the texts by the default limits and the sizes by the defaults (1.4, 6.1)", () => {
    const { where, fields, page, size } = byName(
      openApiListParameters({ schema: schemas.artefact }),
    );
    expect(where?.schema).toEqual({ type: "string", maxLength: 8192 });
    expect(fields?.schema).toEqual({ type: "string", maxLength: 8192 });
    expect(where?.description).toContain("8192 characters");
    expect(where?.description).toContain("64 levels");
    expect(page?.schema).toEqual({
      type: "integer",
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      default: 1,
    });
    expect(size?.schema).toEqual({ type: "integer", minimum: 1, maximum: 1000, default: 20 });
  });

  it("honours the limits and page sizes given", () => {
    const { where, fields, size } = byName(
      openApiListParameters({
        schema: schemas.project,
        maxLength: 300,
        maxDepth: 3,
        maxSize: 50,
        defaultSize: 7,
      }),
    );
    expect(where?.schema).toEqual({ type: "string", maxLength: 300 });
    expect(fields?.schema).toEqual({ type: "string", maxLength: 300 });
    expect(fields?.description).toContain("3 levels");
    expect(size?.schema).toEqual({ type: "integer", minimum: 1, maximum: 50, default: 7 });
    expect(size?.description).toContain("from 1 to 50; 7 when absent");
  });

  it("takes the default size down to a smaller maxSize, as the handler does", () => {
    const { size } = byName(openApiListParameters({ schema: schemas.project, maxSize: 10 }));
    expect(size?.schema).toMatchObject({ maximum: 10, default: 10 });
  });

  it("states no maxLength for an infinite one", () => {
    const { where } = byName(
      openApiListParameters({ schema: schemas.project, maxLength: Infinity }),
    );
    expect(where?.schema).toEqual({ type: "string" });
    expect(JSON.stringify(where)).not.toContain("Infinity");
  });

  it("takes a plain shape as the schema", () => {
    const { where, fields } = byName(
      openApiListParameters({ schema: { id: "integer", owner: { name: "string" } } }),
    );
    expect(examplesOf(where)).toContain("owner.name=example");
    expect(examplesOf(fields)).toContain("id,owner.name");
  });

  it("draws the examples from the schema's own fields, nested where it nests", () => {
    const { where, fields } = byName(openApiListParameters({ schema: schemas.project }));
    expect(where?.examples).toEqual({
      oneCondition: { summary: "one condition on level.id", value: "level.id=example" },
      twoConditions: {
        summary: "two conditions, both required",
        value: "id>=10 AND name~example*",
      },
      listOrMissing: {
        summary: "one of several values, or a missing field",
        value: "id IN (1,2,3) OR level IS NULL",
      },
    });
    expect(examplesOf(fields)).toEqual(["id,name,ownerId", "id,branches(id,name)"]);
  });

  it.each(SHAPES)("gives examples that parse and fit the schema: %s", (_, schema) => {
    const { where, fields, page, size } = byName(openApiListParameters({ schema }));
    const filters = examplesOf(where);
    const selections = examplesOf(fields);
    expect(filters.length).toBeGreaterThan(0);
    expect(selections.length).toBeGreaterThan(0);
    for (const text of filters) expect(() => parseWhere(text, { schema }), text).not.toThrow();
    for (const text of selections) expect(() => parseFields(text, { schema }), text).not.toThrow();
    expect(page?.examples).toBeUndefined();
    expect(size?.examples).toBeUndefined();
  });

  it("gives no example for an empty schema, and no example that passes the limits", () => {
    const empty = byName(openApiListParameters({ schema: {} }));
    expect(empty.where).not.toHaveProperty("examples");
    expect(empty.fields).not.toHaveProperty("examples");
    const limits = { maxLength: 16, maxDepth: 0 };
    const tight = byName(openApiListParameters({ schema: schemas.project, ...limits }));
    expect(examplesOf(tight.where)).toEqual(["level.id=example"]);
    expect(examplesOf(tight.fields)).toEqual(["id,name,ownerId"]);
    for (const text of examplesOf(tight.where)) {
      expect(() => parseWhere(text, { schema: schemas.project, ...limits })).not.toThrow();
    }
  });

  // One row: the options, the option the error names, and a piece of its message.
  const rows: [string, unknown, string, RegExp][] = [
    ["no options", undefined, "schema", /required/],
    ["options that are no object", "artefact", "", /must be an object/],
    ["no schema", { maxSize: 10 }, "schema", /required/],
    ["a schema that is none", { schema: { id: "int" } }, "schema", /unknown type/],
    ["an unknown option", { schema: {}, resource: "x" }, "resource", /unknown option/],
    ["a maxSize of 0", { schema: {}, maxSize: 0 }, "maxSize", /whole number from 1/],
    [
      "a defaultSize over maxSize",
      { schema: {}, defaultSize: 30, maxSize: 20 },
      "defaultSize",
      /maxSize/,
    ],
    ["the limits nested, as before", { schema: {}, limits: {} }, "limits", /maxDepth directly/],
    ["a maxDepth of 300", { schema: {}, maxDepth: 300 }, "maxDepth", /0 to 256/],
    ["a negative maxLength", { schema: {}, maxLength: -1 }, "maxLength", />= 0/],
  ];

  it.each(rows)("throws InvalidOptionError for %s", (_, options, option, message) => {
    let thrown: unknown;
    try {
      openApiListParameters(options as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidOptionError);
    expect((thrown as InvalidOptionError).option).toBe(option);
    expect((thrown as InvalidOptionError).message).toMatch(message);
    expect((thrown as InvalidOptionError).caller).toBe("openApiListParameters");
  });
});
