import { describe, expect, expectTypeOf, it } from "vitest";
import type { Infer, Schema } from "../../src/index.ts";
import type {
  ShapeOfJsonSchema,
  ShapeOfJsonSchemaAt,
} from "../../src/schema/json-schema-shape-type.ts";
import { schemas } from "../../src/schema/resources.ts";
import { defineSchema } from "../../src/schema/schema.ts";
import {
  DATE_JSON_PATTERN,
  schemaFromJsonSchema,
  schemaToJsonSchema,
} from "../../src/schema/schema-json-schema.ts";

// `schemaFromJsonSchema` of a literal JSON Schema is typed by `ShapeOfJsonSchema`: each case
// checks the type (Infer of the result is Infer of the shape written by hand) and the runtime
// (the result equals `defineSchema` of that same shape), so that the two cannot drift apart.

describe("ShapeOfJsonSchema: literal JSON Schemas type their shape", () => {
  it("maps scalars, nested objects, arrays and undescribed objects and arrays", () => {
    const schema = schemaFromJsonSchema({
      type: "object",
      required: ["id"],
      properties: {
        id: { type: "integer", minimum: 1 },
        name: { type: "string", minLength: 1, description: "the name" },
        rank: { type: "number" },
        active: { type: "boolean" },
        owner: { type: "object", properties: { id: { type: "integer" } } },
        tags: { type: "array", items: { type: "string" } },
        matrix: { type: "array", items: { type: "array", items: { type: "number" } } },
        meta: { type: "object" },
        closed: { type: "object", additionalProperties: false },
        open: { type: "object", additionalProperties: {} },
        list: { type: "array" },
        none: { type: "array", items: false },
        empty: { type: "object", properties: {} },
      },
    });
    const expected = defineSchema({
      id: "integer",
      name: "string",
      rank: "number",
      active: "boolean",
      owner: { id: "integer" },
      tags: ["string"],
      matrix: [["number"]],
      meta: "object",
      closed: "object",
      open: "object",
      list: "array",
      none: "array",
      empty: {},
    });
    expect(schema).toEqual(expected);
    expectTypeOf<Infer<typeof schema>>().toEqualTypeOf<Infer<typeof expected>>();
    expectTypeOf<Infer<typeof schema>>().toEqualTypeOf<{
      readonly id?: number | null | undefined;
      readonly name?: string | null | undefined;
      readonly rank?: number | null | undefined;
      readonly active?: boolean | null | undefined;
      readonly owner?: { readonly id?: number | null | undefined } | null | undefined;
      readonly tags?: readonly (string | null)[] | null | undefined;
      readonly matrix?: readonly (readonly (number | null)[] | null)[] | null | undefined;
      readonly meta?: object | null | undefined;
      readonly closed?: object | null | undefined;
      readonly open?: object | null | undefined;
      readonly list?: readonly unknown[] | null | undefined;
      readonly none?: readonly unknown[] | null | undefined;
      // biome-ignore lint/complexity/noBannedTypes: an object type of no fields is `{}`
      readonly empty?: {} | null | undefined;
    }>();
    // The shape is the one defineSchema gives for it, the schema as typed as a defined one.
    expectTypeOf(schema).toEqualTypeOf(expected);
  });

  it("maps format date and date-time, and the pattern schemaToJsonSchema writes, to date", () => {
    const schema = schemaFromJsonSchema({
      type: "object",
      properties: {
        day: { type: "string", format: "date" },
        time: { type: "string", format: "date-time" },
        written: { type: ["string", "null"], pattern: DATE_JSON_PATTERN },
        email: { type: "string", format: "email" },
        other: { type: "string", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" },
        nullableDay: { type: ["string", "null"], format: "date" },
      },
    });
    const expected = defineSchema({
      day: "date",
      time: "date",
      written: "date",
      email: "string",
      other: "string",
      nullableDay: "date",
    });
    expect(schema).toEqual(expected);
    expectTypeOf<Infer<typeof schema>>().toEqualTypeOf<Infer<typeof expected>>();
    expectTypeOf<Infer<typeof schema>["time"]>().toEqualTypeOf<
      string | number | Date | null | undefined
    >();
  });

  it("takes the non-null type of nullable types, anyOf and oneOf", () => {
    const schema = schemaFromJsonSchema({
      type: "object",
      properties: {
        list: { type: ["string", "null"] },
        first: { type: ["null", "integer"] },
        openapi30: { type: "number", nullable: true },
        anyOf: { anyOf: [{ type: "integer" }, { type: "null" }] },
        oneOf: { oneOf: [{ type: ["null"] }, { type: "boolean" }] },
        single: { anyOf: [{ type: "number" }] },
        object: {
          anyOf: [{ type: "object", properties: { id: { type: "string" } } }, { type: "null" }],
        },
      },
    });
    const expected = defineSchema({
      list: "string",
      first: "integer",
      openapi30: "number",
      anyOf: "integer",
      oneOf: "boolean",
      single: "number",
      object: { id: "string" },
    });
    expect(schema).toEqual(expected);
    expectTypeOf<Infer<typeof schema>>().toEqualTypeOf<Infer<typeof expected>>();
  });

  it("follows local $refs to $defs, definitions and components/schemas, escapes included", () => {
    const schema = schemaFromJsonSchema({
      type: "object",
      properties: {
        level: { $ref: "#/$defs/Level" },
        owner: { $ref: "#/definitions/Owner", description: "annotations beside are fine" },
        branches: { type: "array", items: { $ref: "#/components/schemas/Branch" } },
        other: { anyOf: [{ $ref: "#/components/schemas/Branch" }, { type: "null" }] },
        slash: { $ref: "#/$defs/a~1b" },
        tilde: { $ref: "#/$defs/c~0d" },
        indexed: { $ref: "#/$defs/Pair/allOf/0" },
      },
      $defs: {
        Level: { type: "object", properties: { id: { type: "string" } } },
        "a/b": { type: "integer" },
        "c~d": { type: "boolean" },
        Pair: { allOf: [{ type: "number" }] },
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
    });
    const branch = { id: "integer", level: { id: "string" } } as const;
    const expected = defineSchema({
      level: { id: "string" },
      owner: { id: "string" },
      branches: [branch],
      other: branch,
      slash: "integer",
      tilde: "boolean",
      indexed: "number",
    });
    expect(schema).toEqual(expected);
    expectTypeOf<Infer<typeof schema>>().toEqualTypeOf<Infer<typeof expected>>();
  });

  it("takes allOf of one schema, and ignores combinators of constraints only", () => {
    const schema = schemaFromJsonSchema({
      type: "object",
      properties: {
        when: { allOf: [{ type: "string", format: "date" }], description: "when" },
        id: { allOf: [{ $ref: "#/$defs/Id" }] },
        either: {
          type: "object",
          properties: { a: { type: "string" }, b: { type: "string" } },
          anyOf: [{ required: ["a"] }, { required: ["b"] }],
          allOf: [{ minProperties: 1 }, true],
        },
      },
      $defs: { Id: { type: "integer" } },
    });
    const expected = defineSchema({
      when: "date",
      id: "integer",
      either: { a: "string", b: "string" },
    });
    expect(schema).toEqual(expected);
    expectTypeOf<Infer<typeof schema>>().toEqualTypeOf<Infer<typeof expected>>();
  });

  it("infers the type of enum and const, and of properties or items alone", () => {
    const schema = schemaFromJsonSchema({
      properties: {
        status: { enum: ["OPEN", "CLOSED", null] },
        count: { enum: [1, 2, 3] },
        ratio: { enum: [1, 2.5] },
        flag: { const: true },
        huge: { enum: [1.5e300, 2] },
        tiny: { const: 1e-7 },
        typed: { type: "string", enum: [1, "a"] },
        nested: { properties: { a: { type: "string" } } },
        items: { items: { type: "integer" } },
        map: { additionalProperties: { type: "string" }, properties: { a: { type: "number" } } },
      },
    });
    const expected = defineSchema({
      status: "string",
      count: "integer",
      ratio: "number",
      flag: "boolean",
      huge: "integer",
      tiny: "number",
      typed: "string",
      nested: { a: "string" },
      items: ["integer"],
      map: { a: "number" },
    });
    expect(schema).toEqual(expected);
    expectTypeOf<Infer<typeof schema>>().toEqualTypeOf<Infer<typeof expected>>();
  });

  it("maps schemas that accept every value to any, field by field", () => {
    const schema = schemaFromJsonSchema({
      type: "object",
      properties: {
        empty: {},
        yes: true,
        annotated: { description: "anything", examples: [1, "a"] },
        nullable: { anyOf: [{}, { type: "null" }] },
        referred: { $ref: "#/$defs/Anything" },
        itemsTrue: { type: "array", items: true },
        itemsEmpty: { type: "array", items: {} },
      },
      $defs: { Anything: {} },
    });
    const expected = defineSchema({
      empty: "any",
      yes: "any",
      annotated: "any",
      nullable: "any",
      referred: "any",
      itemsTrue: ["any"],
      itemsEmpty: ["any"],
    });
    expect(schema).toEqual(expected);
    expectTypeOf<Infer<typeof schema>>().toEqualTypeOf<Infer<typeof expected>>();
    expectTypeOf<Infer<typeof schema>["empty"]>().toEqualTypeOf<unknown>();
  });

  it("reads the resource at a literal pointer of an OpenAPI document, $id at the root", () => {
    const openapi = {
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      components: {
        schemas: {
          Level: { type: "object", properties: { id: { type: "string" } } },
          Project: {
            type: "object",
            properties: { id: { type: "integer" }, level: { $ref: "#/components/schemas/Level" } },
          },
        },
      },
    } as const;
    const schema = schemaFromJsonSchema(openapi, { pointer: "/components/schemas/Project" });
    const expected = defineSchema({ id: "integer", level: { id: "string" } });
    expect(schema).toEqual(expected);
    expectTypeOf<Infer<typeof schema>>().toEqualTypeOf<Infer<typeof expected>>();

    const identified = schemaFromJsonSchema({
      $id: "https://example.test/resource",
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { id: { type: "integer" } },
    });
    expect(identified).toEqual(defineSchema({ id: "integer" }));
    expectTypeOf<Infer<typeof identified>>().toEqualTypeOf<{
      readonly id?: number | null | undefined;
    }>();
  });

  it("types a shipped resource written as its JSON Schema, as the shipped schema is typed", () => {
    const nullable = <T extends string>(type: T) => ({ type: [type, "null"] }) as const;
    const project = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: {
        id: nullable("integer"),
        name: nullable("string"),
        ownerId: nullable("integer"),
        versionId: nullable("integer"),
        color: nullable("integer"),
        status: nullable("string"),
        group: nullable("string"),
        creationTime: nullable("integer"),
        artefactId: nullable("integer"),
        rating: nullable("string"),
        modelUId: nullable("string"),
        analysisTime: { type: ["string", "null"], pattern: DATE_JSON_PATTERN },
        level: { type: ["object", "null"], properties: { id: nullable("string") } },
        branches: {
          type: ["array", "null"],
          items: {
            type: ["object", "null"],
            properties: {
              id: nullable("integer"),
              name: nullable("string"),
              versionId: nullable("integer"),
            },
          },
        },
      },
    } as const;
    const schema = schemaFromJsonSchema(project);
    expect(schema).toEqual(schemas.project);
    expect(schema).toEqual(schemaFromJsonSchema(schemaToJsonSchema(schemas.project)));
    expectTypeOf<Infer<typeof schema>>().toEqualTypeOf<Infer<typeof schemas.project>>();
    // What schemaToJsonSchema returns is typed by field kinds, not literally: no shape.
    const written = schemaFromJsonSchema(schemaToJsonSchema(schemas.project));
    expectTypeOf(written).toEqualTypeOf<Schema>();
  });

  it("follows fields 20 levels deep", () => {
    const schema = schemaFromJsonSchema({
      type: "object",
      properties: { a: { $ref: "#/$defs/L1" } },
      $defs: {
        L1: { type: "object", properties: { a: { $ref: "#/$defs/L2" } } },
        L2: { type: "object", properties: { a: { $ref: "#/$defs/L3" } } },
        L3: { type: "object", properties: { a: { $ref: "#/$defs/L4" } } },
        L4: { type: "object", properties: { a: { $ref: "#/$defs/L5" } } },
        L5: { type: "array", items: { $ref: "#/$defs/L6" } },
        L6: { type: "object", properties: { a: { $ref: "#/$defs/L7" } } },
        L7: { type: "object", properties: { a: { $ref: "#/$defs/L8" } } },
        L8: { type: "object", properties: { a: { $ref: "#/$defs/L9" } } },
        L9: { type: "object", properties: { a: { $ref: "#/$defs/L10" } } },
        L10: { type: "object", properties: { a: { $ref: "#/$defs/L11" } } },
        L11: { type: "object", properties: { a: { $ref: "#/$defs/L12" } } },
        L12: { type: "object", properties: { a: { $ref: "#/$defs/L13" } } },
        L13: { type: "object", properties: { a: { $ref: "#/$defs/L14" } } },
        L14: { type: "object", properties: { a: { $ref: "#/$defs/L15" } } },
        L15: { type: "object", properties: { a: { $ref: "#/$defs/L16" } } },
        L16: { type: "object", properties: { a: { $ref: "#/$defs/L17" } } },
        L17: { type: "object", properties: { a: { $ref: "#/$defs/L18" } } },
        L18: { type: "object", properties: { a: { $ref: "#/$defs/L19" } } },
        L19: { type: "object", properties: { a: { $ref: "#/$defs/L20" } } },
        L20: { type: "string" },
      },
    });
    const a = <const T>(x: T) => ({ a: x }) as const;
    const five = <const T>(x: T) => a(a(a(a(a(x)))));
    // Fields 20 levels deep: the resource's, L1 … L4's, L5's items, L6 … L19's.
    const expected = defineSchema(a(a(a(a(a([five(five(a(a(a(a("string"))))))] as const))))));
    expect(schema).toEqual(expected);
    expectTypeOf<Infer<typeof schema>>().toEqualTypeOf<Infer<typeof expected>>();
  });
});

describe("ShapeOfJsonSchema: what falls back to the untyped Schema", () => {
  it("is Schema for a JSON Schema whose type is not literal", () => {
    const parsed: unknown = JSON.parse('{"type":"object","properties":{"a":{"type":"string"}}}');
    const fromUnknown = schemaFromJsonSchema(parsed);
    expectTypeOf(fromUnknown).toEqualTypeOf<Schema>();
    const fromAny = schemaFromJsonSchema(JSON.parse('{"properties":{}}'));
    expectTypeOf(fromAny).toEqualTypeOf<Schema>();
    // Without `as const` a variable's members widen: `type` is any string.
    const widened = { type: "object", properties: { a: { type: "string" } } };
    const fromWidened = schemaFromJsonSchema(widened);
    expectTypeOf(fromWidened).toEqualTypeOf<Schema>();
    expect(fromWidened).toEqual(defineSchema({ a: "string" }));
    const record: Record<string, unknown> = { properties: { a: { type: "string" } } };
    expectTypeOf(schemaFromJsonSchema(record)).toEqualTypeOf<Schema>();
    const optional: { type: "object"; properties: { a: { type: "string"; format?: "date" } } } = {
      type: "object",
      properties: { a: { type: "string" } },
    };
    expectTypeOf(schemaFromJsonSchema(optional)).toEqualTypeOf<Schema>();
    const either =
      Math.random() < 2 ? ({ type: "string" } as const) : ({ type: "integer" } as const);
    const union = schemaFromJsonSchema({ type: "object", properties: { a: either } });
    expectTypeOf(union).toEqualTypeOf<Schema>();
    expect(union).toEqual(defineSchema({ a: "string" }));
  });

  it("is Schema for a pointer that is not literal", () => {
    const document = {
      $defs: { R: { type: "object", properties: { a: { type: "integer" } } } },
    } as const;
    const pointer: string = "/$defs/R";
    const schema = schemaFromJsonSchema(document, { pointer });
    expectTypeOf(schema).toEqualTypeOf<Schema>();
    expect(schema).toEqual(defineSchema({ a: "integer" }));
    const typed = schemaFromJsonSchema(document, { pointer: "/$defs/R" });
    expect(typed).toEqual(defineSchema({ a: "integer" }));
    expectTypeOf<Infer<typeof typed>>().toEqualTypeOf<{
      readonly a?: number | null | undefined;
    }>();
  });

  it("is Schema for a percent-escaped $ref and for nesting past 20 levels, which still map", () => {
    const encoded = schemaFromJsonSchema({
      type: "object",
      properties: { a: { $ref: "#/%24defs/A" } },
      $defs: { A: { type: "integer" } },
    });
    expectTypeOf(encoded).toEqualTypeOf<Schema>();
    expect(encoded).toEqual(defineSchema({ a: "integer" }));
    const o = <T>(a: T) => ({ type: "object", properties: { a } }) as const;
    const five = <T>(a: T) => o(o(o(o(o(a)))));
    // Fields 21 levels deep.
    const deep = schemaFromJsonSchema(o(five(five(five(five({ type: "string" } as const))))));
    expectTypeOf(deep).toEqualTypeOf<Schema>();
    expect(deep.fields.a?.kind).toBe("object");
  });

  it.each([
    [
      "a $ref cycle",
      () =>
        schemaFromJsonSchema({
          $ref: "#/$defs/Node",
          $defs: { Node: { type: "object", properties: { child: { $ref: "#/$defs/Node" } } } },
        }),
    ],
    [
      "a $ref loop without nesting",
      () =>
        schemaFromJsonSchema({
          type: "object",
          properties: { a: { $ref: "#/$defs/A" } },
          $defs: { A: { $ref: "#/$defs/B" }, B: { $ref: "#/$defs/A" } },
        }),
    ],
    [
      "a type of several types",
      () =>
        schemaFromJsonSchema({
          type: "object",
          properties: { a: { type: ["string", "integer"] } },
        }),
    ],
    [
      "allOf of two schemas",
      () =>
        schemaFromJsonSchema({
          type: "object",
          properties: { a: { allOf: [{ type: "string" }, { type: "string", format: "date" }] } },
        }),
    ],
    [
      "oneOf of two alternatives",
      () =>
        schemaFromJsonSchema({
          type: "object",
          properties: { a: { oneOf: [{ type: "string" }, { type: "integer" }] } },
        }),
    ],
    [
      "a type beside a $ref",
      () =>
        schemaFromJsonSchema({
          type: "object",
          properties: { a: { type: "string", $ref: "#/$defs/A" } },
          $defs: { A: { type: "string" } },
        }),
    ],
    [
      "a $ref to nothing",
      () => schemaFromJsonSchema({ type: "object", properties: { a: { $ref: "#/$defs/A" } } }),
    ],
    [
      "an outside $ref",
      () =>
        schemaFromJsonSchema({
          type: "object",
          properties: { a: { $ref: "https://x.test/a.json" } },
        }),
    ],
    [
      "an unsupported keyword",
      () => schemaFromJsonSchema({ type: "object", properties: { a: { not: { type: "null" } } } }),
    ],
    [
      "a field that is no identifier",
      () => schemaFromJsonSchema({ type: "object", properties: { "a-b": { type: "string" } } }),
    ],
    [
      "an embedded $id",
      () =>
        schemaFromJsonSchema({
          type: "object",
          properties: { a: { $id: "https://x.test/a", type: "string" } },
        }),
    ],
    ["a root without properties", () => schemaFromJsonSchema({ type: "object" })],
    ["a root that is no object", () => schemaFromJsonSchema({ type: "string" })],
    ["a root of nothing", () => schemaFromJsonSchema({})],
    [
      "a schema that says nothing of the type",
      () => schemaFromJsonSchema({ type: "object", properties: { a: { nullable: true } } }),
    ],
    [
      "an enum of several types",
      () => schemaFromJsonSchema({ type: "object", properties: { a: { enum: ["a", 1] } } }),
    ],
    [
      "patternProperties alone",
      () =>
        schemaFromJsonSchema({
          type: "object",
          properties: { a: { type: "object", patternProperties: { "^x": { type: "string" } } } },
        }),
    ],
    [
      "items as a tuple",
      () =>
        schemaFromJsonSchema({
          type: "object",
          properties: { a: { type: "array", items: [{ type: "string" }] } },
        }),
    ],
  ])("is Schema where the runtime throws: %s", (_name, map) => {
    expectTypeOf(map).returns.toEqualTypeOf<Schema>();
    expect(map).toThrow();
  });

  it("is unknown for the type mappings themselves", () => {
    expectTypeOf<ShapeOfJsonSchema<unknown>>().toEqualTypeOf<unknown>();
    expectTypeOf<ShapeOfJsonSchema<{ readonly type: "string" }>>().toEqualTypeOf<unknown>();
    expectTypeOf<
      ShapeOfJsonSchemaAt<{ readonly properties: object }, object>
    >().toEqualTypeOf<unknown>();
    expectTypeOf<
      ShapeOfJsonSchema<{ readonly properties: { readonly a: { readonly type: "integer" } } }>
    >().toEqualTypeOf<{ readonly a: "integer" }>();
  });
});
