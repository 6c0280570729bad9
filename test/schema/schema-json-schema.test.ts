import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { JsonSchemaMappingError } from "../../src/errors/json-schema-mapping-error.ts";
import * as main from "../../src/index.ts";
import * as jsonSchemaEntry from "../../src/schema/index.ts";
import { schemas } from "../../src/schema/resources.ts";
import { defineSchema, isCheckedSchema, MAX_SCHEMA_DEPTH } from "../../src/schema/schema.ts";
import {
  DATE_JSON_PATTERN,
  JSON_SCHEMA_DIALECT,
  MAX_JSON_SCHEMA_STEPS,
  schemaFromJsonSchema,
  schemaToJsonSchema,
} from "../../src/schema/schema-json-schema.ts";

/** A resource schema with the given properties, and optionally more keywords at its root. */
const resource = (properties: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  ...more,
});

/** What `run` throws; fails the test if it throws nothing. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

// One row: a field's JSON Schema, and the qaql type it maps to (defineSchema notation).
const FIELD_MAPPINGS: readonly (readonly [string, unknown, main.SchemaShape])[] = [
  ["string", { type: "string" }, "string"],
  ["string with another format", { type: "string", format: "email" }, "string"],
  ["format date", { type: "string", format: "date" }, "date"],
  ["format date-time", { type: "string", format: "date-time" }, "date"],
  [
    "the date pattern schemaToJsonSchema writes",
    { type: "string", pattern: DATE_JSON_PATTERN },
    "date",
  ],
  ["nullable, the date pattern", { type: ["string", "null"], pattern: DATE_JSON_PATTERN }, "date"],
  ["another pattern", { type: "string", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" }, "string"],
  ["integer", { type: "integer" }, "integer"],
  ["number", { type: "number" }, "number"],
  ["boolean", { type: "boolean" }, "boolean"],
  [
    "object with properties",
    { type: "object", properties: { id: { type: "string" } } },
    { id: "string" },
  ],
  ["object with no properties", { type: "object" }, "object"],
  ["object with empty properties", { type: "object", properties: {} }, {}],
  ["object, additionalProperties false", { type: "object", additionalProperties: false }, "object"],
  ["object, additionalProperties {}", { type: "object", additionalProperties: {} }, "object"],
  [
    "object with properties and additionalProperties",
    {
      type: "object",
      properties: { a: { type: "integer" } },
      additionalProperties: { type: "string" },
    },
    { a: "integer" },
  ],
  ["array of strings", { type: "array", items: { type: "string" } }, ["string"]],
  ["array with no items", { type: "array" }, "array"],
  ["array, items true", { type: "array", items: true }, ["any"]],
  ["array, items {}", { type: "array", items: {} }, ["any"]],
  ["array, items false", { type: "array", items: false }, "array"],
  ["array, items of constraints only", { type: "array", items: { minLength: 1 } }, "array"],
  ["empty schema", {}, "any"],
  ["true", true, "any"],
  ["annotations only", { description: "anything", examples: [1, "a"] }, "any"],
  ["anyOf empty schema or null", { anyOf: [{}, { type: "null" }] }, "any"],
  ["$ref to an empty schema", { $ref: "#/$defs/Anything" }, "any"],
  [
    "array of objects",
    { type: "array", items: { type: "object", properties: { id: { type: "integer" } } } },
    [{ id: "integer" }],
  ],
  [
    "array of arrays",
    { type: "array", items: { type: "array", items: { type: "number" } } },
    [["number"]],
  ],
  ["nullable type list", { type: ["string", "null"] }, "string"],
  ["nullable type list, null first", { type: ["null", "integer"] }, "integer"],
  ["nullable date", { type: ["string", "null"], format: "date-time" }, "date"],
  ["anyOf type or null", { anyOf: [{ type: "integer" }, { type: "null" }] }, "integer"],
  ["oneOf null or type", { oneOf: [{ type: "null" }, { type: "boolean" }] }, "boolean"],
  ["anyOf of one", { anyOf: [{ type: "number" }] }, "number"],
  ["allOf of one", { allOf: [{ type: "string", format: "date" }], description: "when" }, "date"],
  ["enum of strings, no type", { enum: ["OPEN", "CLOSED"] }, "string"],
  ["enum of strings and null", { enum: ["OPEN", null] }, "string"],
  ["enum of integers", { enum: [1, 2, 3] }, "integer"],
  ["enum of numbers", { enum: [1, 2.5] }, "number"],
  ["const boolean", { const: true }, "boolean"],
  ["type wins over enum", { type: "string", enum: [1, "a"] }, "string"],
  ["properties, no type", { properties: { a: { type: "string" } } }, { a: "string" }],
  ["items, no type", { items: { type: "integer" } }, ["integer"]],
  [
    "constraints and annotations ignored",
    {
      type: "integer",
      minimum: 0,
      maximum: 9,
      multipleOf: 1,
      title: "t",
      description: "d",
      examples: [1],
      default: 0,
      readOnly: true,
      deprecated: false,
      nullable: true,
    },
    "integer",
  ],
  [
    "a combinator of constraints only",
    {
      type: "object",
      properties: { a: { type: "string" } },
      anyOf: [{ required: ["a"] }, { required: ["b"] }],
    },
    { a: "string" },
  ],
  [
    "required and string constraints",
    {
      type: "object",
      required: ["a"],
      properties: { a: { type: "string", minLength: 1, maxLength: 9, pattern: "^x" } },
    },
    { a: "string" },
  ],
  [
    "field named __proto__",
    JSON.parse('{"properties":{"__proto__":{"type":"string"}}}'),
    JSON.parse('{"__proto__":"string"}'),
  ],
  [
    "field named constructor",
    { properties: { constructor: { type: "boolean" } } },
    { constructor: "boolean" },
  ],
];

describe("schemaFromJsonSchema: the mapping", () => {
  it.each(FIELD_MAPPINGS)("%s", (_name, field, shape) => {
    const schema = schemaFromJsonSchema(resource({ f: field }, { $defs: { Anything: {} } }));
    expect(schema).toEqual(defineSchema({ f: shape }));
    expect(isCheckedSchema(schema)).toBe(true);
    expect(Object.isFrozen(schema) && Object.isFrozen(schema.fields)).toBe(true);
  });

  it("follows local $refs to $defs, definitions and components/schemas", () => {
    const document = {
      $schema: JSON_SCHEMA_DIALECT,
      type: "object",
      properties: {
        level: { $ref: "#/$defs/Level" },
        owner: { $ref: "#/definitions/Owner", description: "siblings that only annotate are fine" },
        branches: { type: "array", items: { $ref: "#/components/schemas/Branch" } },
        other: { anyOf: [{ $ref: "#/components/schemas/Branch" }, { type: "null" }] },
        slash: { $ref: "#/$defs/a~1b" },
        encoded: { $ref: "#/%24defs/Level" },
      },
      $defs: {
        Level: { type: "object", properties: { id: { type: "string" } } },
        "a/b": { type: "integer" },
      },
      definitions: { Owner: { $ref: "#/$defs/Level" } },
      components: {
        schemas: {
          Branch: {
            type: "object",
            properties: { id: { type: "integer" }, level: { $ref: "#/$defs/Level" } },
          },
        },
      },
    };
    const branch = { id: "integer", level: { id: "string" } } as const;
    expect(schemaFromJsonSchema(document)).toEqual(
      defineSchema({
        level: { id: "string" },
        owner: { id: "string" },
        branches: [branch],
        other: branch,
        slash: "integer",
        encoded: { id: "string" },
      }),
    );
  });

  it("reads a resource inside an OpenAPI document with the pointer option", () => {
    const openapi = {
      openapi: "3.1.0",
      components: {
        schemas: {
          Level: { type: "object", properties: { id: { type: "string" } } },
          Project: {
            type: "object",
            properties: { id: { type: "integer" }, level: { $ref: "#/components/schemas/Level" } },
          },
        },
      },
    };
    expect(schemaFromJsonSchema(openapi, { pointer: "/components/schemas/Project" })).toEqual(
      defineSchema({ id: "integer", level: { id: "string" } }),
    );
  });

  it("maps the same definition used twice, which is no cycle", () => {
    const document = resource(
      { a: { $ref: "#/$defs/X" }, b: { $ref: "#/$defs/X" } },
      {
        $defs: {
          X: { type: "object", properties: { y: { $ref: "#/$defs/Y" } } },
          Y: { type: "number" },
        },
      },
    );
    expect(schemaFromJsonSchema(document)).toEqual(
      defineSchema({ a: { y: "number" }, b: { y: "number" } }),
    );
  });

  it.each(Object.keys(schemas) as (keyof typeof schemas)[])(
    "maps the JSON Schema of the API's %s back to the same schema",
    (name) => {
      const json = schemaToJsonSchema(schemas[name]);
      expect(schemaFromJsonSchema(json)).toEqual(schemas[name]);
      expect(schemaFromJsonSchema(JSON.parse(JSON.stringify(json)))).toEqual(schemas[name]);
    },
  );

  it("nests up to MAX_SCHEMA_DEPTH levels, as defineSchema does", () => {
    const nest = (levels: number): unknown => {
      let field: unknown = { type: "string" };
      for (let i = 1; i < levels; i++) field = { type: "object", properties: { a: field } };
      return resource({ a: field });
    };
    expect(schemaFromJsonSchema(nest(MAX_SCHEMA_DEPTH)).fields.a?.kind).toBe("object");
    const error = thrown(() => schemaFromJsonSchema(nest(MAX_SCHEMA_DEPTH + 1)));
    expect(error).toBeInstanceOf(JsonSchemaMappingError);
    expect(error).toMatchObject({
      keyword: "properties",
      pointer: "/properties/a".repeat(MAX_SCHEMA_DEPTH),
    });
  });
});

// One row: a document, and the pointer and keyword of the error it gives.
const ERRORS: readonly (readonly [string, unknown, string, string])[] = [
  [
    "oneOf of two types",
    resource({ a: { oneOf: [{ type: "string" }, { type: "integer" }] } }),
    "/properties/a",
    "oneOf",
  ],
  [
    "anyOf of two types and null",
    resource({ a: { anyOf: [{ type: "string" }, { type: "null" }, { type: "integer" }] } }),
    "/properties/a",
    "anyOf",
  ],
  ["anyOf of null only", resource({ a: { anyOf: [{ type: "null" }] } }), "/properties/a", "anyOf"],
  [
    "allOf of two",
    resource({ a: { allOf: [{ type: "string" }, { minLength: 1, type: "string" }] } }),
    "/properties/a",
    "allOf",
  ],
  [
    "oneOf that is no array",
    resource({ a: { oneOf: { type: "string" } } }),
    "/properties/a",
    "oneOf",
  ],
  ["empty anyOf", resource({ a: { anyOf: [] } }), "/properties/a", "anyOf"],
  [
    "$ref cycle",
    {
      $ref: "#/$defs/Node",
      $defs: { Node: { type: "object", properties: { child: { $ref: "#/$defs/Node" } } } },
    },
    "/$defs/Node/properties/child",
    "$ref",
  ],
  [
    "$ref cycle through an array and a second definition",
    resource(
      { a: { $ref: "#/$defs/A" } },
      {
        $defs: {
          A: { type: "array", items: { $ref: "#/$defs/B" } },
          B: { type: "object", properties: { back: { $ref: "#/$defs/A" } } },
        },
      },
    ),
    "/$defs/B/properties/back",
    "$ref",
  ],
  ["$ref to itself", resource({ a: { $ref: "#/properties/a" } }), "/properties/a", "$ref"],
  ["$ref to the root", resource({ a: { $ref: "#" } }), "/properties/a", "$ref"],
  [
    "$ref loop of two",
    resource(
      { a: { $ref: "#/$defs/x" } },
      { $defs: { x: { $ref: "#/$defs/y" }, y: { $ref: "#/$defs/x" } } },
    ),
    "/$defs/y",
    "$ref",
  ],
  [
    "remote $ref",
    resource({ a: { $ref: "https://example.com/schemas/level.json" } }),
    "/properties/a",
    "$ref",
  ],
  ["relative $ref", resource({ a: { $ref: "level.json#/$defs/x" } }), "/properties/a", "$ref"],
  ["anchor $ref", resource({ a: { $ref: "#level" } }), "/properties/a", "$ref"],
  ["$ref to nothing", resource({ a: { $ref: "#/$defs/missing" } }), "/properties/a", "$ref"],
  [
    "$ref through the prototype",
    resource({ a: { $ref: "#/__proto__/constructor" } }),
    "/properties/a",
    "$ref",
  ],
  ["$ref that is no string", resource({ a: { $ref: 7 } }), "/properties/a", "$ref"],
  ["$ref with a bad escape", resource({ a: { $ref: "#/$defs/a~2" } }), "/properties/a", "$ref"],
  [
    "$ref with bad percent-encoding",
    resource({ a: { $ref: "#/%E0%A4%A" } }),
    "/properties/a",
    "$ref",
  ],
  [
    "$ref beside a type",
    resource({ a: { $ref: "#/$defs/x", type: "string" } }, { $defs: { x: { type: "string" } } }),
    "/properties/a",
    "type",
  ],
  [
    "$ref and anyOf",
    resource(
      { a: { $ref: "#/$defs/x", anyOf: [{ type: "string" }] } },
      { $defs: { x: { type: "string" } } },
    ),
    "/properties/a",
    "anyOf",
  ],
  [
    "non-identifier property name",
    resource({ "a-b": { type: "string" } }),
    "/properties/a-b",
    "properties",
  ],
  [
    "property name to escape",
    resource({ "a/b~": { type: "string" } }),
    "/properties/a~1b~0",
    "properties",
  ],
  [
    "nested non-identifier name",
    resource({ o: { type: "object", properties: { "1st": { type: "string" } } } }),
    "/properties/o/properties/1st",
    "properties",
  ],
  ["type of two", resource({ a: { type: ["string", "integer"] } }), "/properties/a", "type"],
  ["type null", resource({ a: { type: "null" } }), "/properties/a", "type"],
  ["unknown type", resource({ a: { type: "text" } }), "/properties/a", "type"],
  ["type that is no string", resource({ a: { type: 3 } }), "/properties/a", "type"],
  ["not", resource({ a: { type: "string", not: { enum: ["x"] } } }), "/properties/a", "not"],
  [
    "if",
    resource({ a: JSON.parse('{"type":"string","if":{"minLength":2},"then":{}}') }),
    "/properties/a",
    "if",
  ],
  [
    "prefixItems",
    resource({ a: { type: "array", prefixItems: [{ type: "string" }] } }),
    "/properties/a",
    "prefixItems",
  ],
  [
    "items as a tuple",
    resource({ a: { type: "array", items: [{ type: "string" }] } }),
    "/properties/a",
    "items",
  ],
  ["$dynamicRef", resource({ a: { $dynamicRef: "#node" } }), "/properties/a", "$dynamicRef"],
  [
    "embedded $id",
    resource({ a: { $id: "https://example.com/a", type: "string" } }),
    "/properties/a",
    "$id",
  ],
  [
    "patternProperties alone",
    resource({ a: { type: "object", patternProperties: { "^x": { type: "string" } } } }),
    "/properties/a",
    "patternProperties",
  ],
  [
    "additionalProperties alone",
    resource({ a: { type: "object", additionalProperties: { type: "integer" } } }),
    "/properties/a",
    "additionalProperties",
  ],
  ["constraints only", resource({ a: { minimum: 1 } }), "/properties/a", "type"],
  ["format with no type", resource({ a: { format: "date" } }), "/properties/a", "type"],
  ["false", resource({ a: false }), "/properties/a", ""],
  ["not a schema", resource({ a: "string" }), "/properties/a", ""],
  ["null", resource({ a: null }), "/properties/a", ""],
  ["enum of mixed types", resource({ a: { enum: ["a", 1] } }), "/properties/a", "enum"],
  ["enum that is no array", resource({ a: { enum: "a" } }), "/properties/a", "enum"],
  ["enum of null only", resource({ a: { enum: [null] } }), "/properties/a", "enum"],
  ["const object", resource({ a: { const: { x: 1 } } }), "/properties/a", "const"],
  [
    "properties and items, no type",
    resource({ a: { properties: {}, items: {} } }),
    "/properties/a",
    "type",
  ],
  [
    "format that is no string",
    resource({ a: { type: "string", format: 1 } }),
    "/properties/a",
    "format",
  ],
  [
    "properties that are no object",
    resource({ a: { type: "object", properties: [] } }),
    "/properties/a",
    "properties",
  ],
  ["a root that is no object", { type: "array", items: { type: "string" } }, "", "type"],
  ["a root without properties", { type: "object" }, "", "properties"],
  ["a root that is no schema", [], "", ""],
  ["a root of nothing", {}, "", "type"],
];

describe("schemaFromJsonSchema: what does not map", () => {
  it.each(ERRORS)("%s", (_name, document, pointer, keyword) => {
    const error = thrown(() => schemaFromJsonSchema(document));
    expect(error).toBeInstanceOf(JsonSchemaMappingError);
    expect(error).toMatchObject({ code: "UNMAPPABLE_JSON_SCHEMA", pointer, keyword });
    const message = (error as Error).message;
    expect(message).toMatch(/^schemaFromJsonSchema: at /);
    expect(message).toContain(`at ${pointer || "(root)"}`);
  });

  it("says what is wrong in the message", () => {
    expect(() =>
      schemaFromJsonSchema(resource({ a: { oneOf: [{ type: "string" }, { type: "integer" }] } })),
    ).toThrow(
      "schemaFromJsonSchema: at /properties/a, oneOf: oneOf has 2 alternatives besides null; a qaql field has exactly one type",
    );
    expect(() => schemaFromJsonSchema(resource({ a: { $ref: "https://x.test/a.json" } }))).toThrow(
      'at /properties/a, $ref: "https://x.test/a.json" refers outside this document',
    );
    expect(() =>
      schemaFromJsonSchema({
        $ref: "#/$defs/Node",
        $defs: { Node: { type: "object", properties: { child: { $ref: "#/$defs/Node" } } } },
      }),
    ).toThrow("this $ref closes a cycle: /$defs/Node contains it");
  });

  it("gives the JSON body of a QaqlError", () => {
    const error = thrown(() =>
      schemaFromJsonSchema(resource({ a: { type: ["string", "integer"] } })),
    );
    expect(error).toBeInstanceOf(main.QaqlError);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      code: "UNMAPPABLE_JSON_SCHEMA",
      message:
        "schemaFromJsonSchema: at /properties/a, type: the type lists string, integer; a qaql field has exactly one type",
      pointer: "/properties/a",
      keyword: "type",
    });
  });

  it("stops 100,000 nested objects with a typed error, not a RangeError", () => {
    let field: unknown = { type: "string" };
    for (let i = 0; i < 100_000; i++) field = { type: "object", properties: { a: field } };
    expect(() => schemaFromJsonSchema(resource({ a: field }))).toThrow(JsonSchemaMappingError);
    // Wrappers and $ref hops nest no type: a loop follows them, and the step bound stops it.
    let wrapped: unknown = { type: "string" };
    for (let i = 0; i < 150_000; i++) wrapped = { anyOf: [wrapped, { type: "null" }] };
    expect(() => schemaFromJsonSchema(resource({ a: wrapped }))).toThrow(JsonSchemaMappingError);
    const refs: Record<string, unknown> = { d0: { type: "string" } };
    for (let i = 1; i <= 150_000; i++) refs[`d${i}`] = { $ref: `#/$defs/d${i - 1}` };
    const chain = resource({ a: { $ref: "#/$defs/d150000" } }, { $defs: refs });
    expect(() => schemaFromJsonSchema(chain)).toThrow(
      `more than ${MAX_JSON_SCHEMA_STEPS} subschemas`,
    );
  });

  it("bounds the work of $refs that reuse a definition exponentially", () => {
    const defs: Record<string, unknown> = { d0: { type: "string" } };
    for (let i = 1; i <= 60; i++) {
      defs[`d${i}`] = {
        type: "object",
        properties: { l: { $ref: `#/$defs/d${i - 1}` }, r: { $ref: `#/$defs/d${i - 1}` } },
      };
    }
    const error = thrown(() =>
      schemaFromJsonSchema(resource({ a: { $ref: "#/$defs/d60" } }, { $defs: defs })),
    );
    expect(error).toBeInstanceOf(JsonSchemaMappingError);
    expect((error as Error).message).toContain(`more than ${MAX_JSON_SCHEMA_STEPS} subschemas`);
  });

  it("stops a value built in code that holds itself", () => {
    const a: Record<string, unknown> = { type: "object", properties: {} };
    (a.properties as Record<string, unknown>).self = a;
    expect(() => schemaFromJsonSchema(resource({ a }))).toThrow("the schema contains itself");
    const b: Record<string, unknown> = {};
    b.anyOf = [b, { type: "null" }];
    expect(() => schemaFromJsonSchema(resource({ b }))).toThrow(JsonSchemaMappingError);
  });

  it("reads own members only", () => {
    // Without its inherited type, the schema accepts every value.
    const inherited = Object.create({ type: "string" }) as object;
    expect(schemaFromJsonSchema(resource({ a: inherited }))).toEqual(defineSchema({ a: "any" }));
    const inheritedFormat = Object.create(
      { type: "string" },
      { format: { value: "date", enumerable: true } },
    );
    expect(() => schemaFromJsonSchema(resource({ a: inheritedFormat }))).toThrow(
      "at /properties/a, type: the schema says nothing of the type",
    );
    const properties = Object.create({ a: { type: "string" } }) as object;
    expect(schemaFromJsonSchema({ type: "object", properties })).toEqual(defineSchema({}));
    const poisoned = JSON.parse(
      '{"type":"object","properties":{"a":{"$ref":"#/__proto__"}},"__proto__":{"type":"integer"}}',
    );
    expect(schemaFromJsonSchema(poisoned)).toEqual(defineSchema({ a: "integer" }));
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });

  it.each([
    [{ pointer: "components/schemas/X" }],
    [{ pointer: "/components/schemas/Missing" }],
    [{ pointer: 3 }],
    [{ pointer: null }],
  ])("rejects the options %j", (options) => {
    expect(() => schemaFromJsonSchema({ components: { schemas: {} } }, options as never)).toThrow(
      InvalidOptionError,
    );
  });
});

describe("schemaToJsonSchema", () => {
  it("writes every kind of field", () => {
    const schema = defineSchema({
      s: "string",
      i: "integer",
      n: "number",
      b: "boolean",
      d: "date",
      o: { id: "string" },
      e: {},
      u: "object",
      a: ["integer"],
      ao: [{ id: "integer" }],
      ua: "array",
      y: "any",
      ya: ["any"],
    });
    expect(schemaToJsonSchema(schema)).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: {
        s: { type: ["string", "null"] },
        i: { type: ["integer", "null"] },
        n: { type: ["number", "null"] },
        b: { type: ["boolean", "null"] },
        d: { type: ["string", "null"], pattern: DATE_JSON_PATTERN },
        o: { type: ["object", "null"], properties: { id: { type: ["string", "null"] } } },
        e: { type: ["object", "null"], properties: {} },
        u: { type: ["object", "null"] },
        a: { type: ["array", "null"], items: { type: ["integer", "null"] } },
        ao: {
          type: ["array", "null"],
          items: { type: ["object", "null"], properties: { id: { type: ["integer", "null"] } } },
        },
        ua: { type: ["array", "null"] },
        y: {},
        ya: { type: ["array", "null"], items: {} },
      },
    });
  });

  it("writes a field named __proto__ as a member, not a prototype", () => {
    const schema = defineSchema(JSON.parse('{"__proto__":{"x":"string"}}'));
    const json = schemaToJsonSchema(schema);
    expect(Object.keys(json.properties)).toEqual(["__proto__"]);
    expect(JSON.stringify(json)).toBe(
      '{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"__proto__":{"type":["object","null"],"properties":{"x":{"type":["string","null"]}}}}}',
    );
    expect(schemaFromJsonSchema(JSON.parse(JSON.stringify(json)))).toEqual(schema);
  });

  it("reads a normalized schema given as plain JSON, and rejects a malformed one", () => {
    const json = { kind: "object", fields: { a: { kind: "date" } } };
    expect(schemaToJsonSchema(json as never).properties).toEqual({
      a: { type: ["string", "null"], pattern: DATE_JSON_PATTERN },
    });
    expect(() =>
      schemaToJsonSchema({ kind: "object", fields: { a: { kind: "text" } } } as never),
    ).toThrow(main.SchemaDefinitionError);
  });

  it("writes the API's resources as valid 2020-12 schemas that their records pass", () => {
    // Strict, and no format named: the schemas need no format plugin.
    const ajv = new Ajv2020({ strict: true });
    for (const schema of Object.values(schemas)) {
      const json = schemaToJsonSchema(schema);
      expect(ajv.validateSchema(json), JSON.stringify(ajv.errors)).toBe(true);
    }
    const validate = ajv.compile(schemaToJsonSchema(schemas.artefact));
    expect(
      validate({ id: 1, name: "Main.java", path: "src", type: { id: "FILE" }, rank: 2.5 }),
    ).toBe(true);
    expect(validate({ id: "1" })).toBe(false);
    // Null is a value of every field (grammar/language.md 2.4).
    expect(validate({ id: 1, name: null, type: null, rank: null, measures: { LOC: null } })).toBe(
      true,
    );
    // A date field holds a day or a date-time (2.5); epoch milliseconds, which qaql also reads
    // as a date in memory, are no text of the API's and fail here.
    const project = ajv.compile(schemaToJsonSchema(schemas.project));
    expect(project({ id: 1, analysisTime: "2024-03-01", branches: [{ id: 2 }] })).toBe(true);
    expect(project({ analysisTime: "2024-03-01T10:00:00Z" })).toBe(true);
    expect(project({ analysisTime: "2024-03-01 10:00" })).toBe(true);
    expect(project({ analysisTime: "2024-03-01T10:00:00+01:00", group: null })).toBe(true);
    expect(project({ analysisTime: "2024-02-30" })).toBe(false);
    expect(project({ analysisTime: 1709287200000 })).toBe(false);
  });

  it("is exported from qaql/json-schema, with its error", () => {
    expect(jsonSchemaEntry.schemaToJsonSchema).toBe(schemaToJsonSchema);
    expect(jsonSchemaEntry.schemaFromJsonSchema).toBe(schemaFromJsonSchema);
    expect(jsonSchemaEntry.JsonSchemaMappingError).toBe(JsonSchemaMappingError);
  });
});
