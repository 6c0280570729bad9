import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { schemaArbitrary } from "../../src/arbitraries/schemas.ts";
import { defineSchema, type SchemaShape } from "../../src/schema/schema.ts";
import { schemaFromJsonSchema, schemaToJsonSchema } from "../../src/schema/schema-json-schema.ts";

// Names that are fields like any other, including those an object's prototype has.
const NAME = fc.constantFrom("id", "a", "_x", "B2", "constructor", "__proto__", "toString");

/** Shapes in defineSchema notation, of every kind, nested up to a few levels. */
const shapeArbitrary: fc.Arbitrary<Record<string, SchemaShape>> = fc.letrec<{
  type: SchemaShape;
  object: Record<string, SchemaShape>;
}>((tie) => ({
  type: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("string", "integer", "number", "boolean", "date", "object", "array"),
    tie("object"),
    tie("type").map((items) => [items] as [SchemaShape]),
  ),
  object: fc
    .uniqueArray(fc.tuple(NAME, tie("type")), { maxLength: 4, selector: ([name]) => name })
    .map((entries) => {
      const shape: Record<string, SchemaShape> = {};
      for (const [name, type] of entries) {
        Object.defineProperty(shape, name, { value: type, enumerable: true });
      }
      return shape;
    }),
})).object;

// Ajv ships no format checks; "date" is named so that strict mode knows it (RFC 3339 full-date).
const ajv = new Ajv2020({ strict: true, formats: { date: /^\d{4}-\d{2}-\d{2}$/ } });

describe("schemaFromJsonSchema(schemaToJsonSchema(s)) is s", () => {
  it("for the schemas of schemaArbitrary, with JSON in between changing nothing", () => {
    fc.assert(
      fc.property(schemaArbitrary(), (schema) => {
        const json = schemaToJsonSchema(schema);
        const text = JSON.stringify(json);
        expect(schemaFromJsonSchema(json)).toEqual(schema);
        expect(schemaFromJsonSchema(JSON.parse(text))).toEqual(schema);
        expect(JSON.parse(text)).toEqual(json);
        expect(JSON.stringify(schemaToJsonSchema(schemaFromJsonSchema(JSON.parse(text))))).toBe(
          text,
        );
      }),
    );
  });

  it("for schemas of every kind, odd field names included", () => {
    fc.assert(
      fc.property(shapeArbitrary, (shape) => {
        const schema = defineSchema(shape);
        const text = JSON.stringify(schemaToJsonSchema(schema));
        const back = schemaFromJsonSchema(JSON.parse(text));
        expect(back).toEqual(schema);
        expect(JSON.stringify(back)).toBe(JSON.stringify(schema));
      }),
    );
  });

  it("writes schemas that Ajv accepts as draft 2020-12 in strict mode", () => {
    fc.assert(
      fc.property(fc.oneof(schemaArbitrary(), shapeArbitrary.map(defineSchema)), (schema) => {
        const json = schemaToJsonSchema(schema);
        expect(ajv.validateSchema(json), JSON.stringify(ajv.errors)).toBe(true);
        expect(() => ajv.compile(json)).not.toThrow();
      }),
      { numRuns: 50 },
    );
  });
});
