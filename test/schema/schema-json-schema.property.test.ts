import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { schemaArbitrary } from "../../src/arbitraries/schemas.ts";
import { readDateText } from "../../src/schema/literals.ts";
import { defineSchema, type FieldType, type SchemaShape } from "../../src/schema/schema.ts";
import {
  DATE_JSON_PATTERN,
  schemaFromJsonSchema,
  schemaToJsonSchema,
} from "../../src/schema/schema-json-schema.ts";
import { runs } from "../support/runs.ts";

// Names that are fields like any other, including those an object's prototype has.
const NAME = fc.constantFrom("id", "a", "_x", "B2", "constructor", "__proto__", "toString");

/** Shapes in defineSchema notation, of every kind, nested up to a few levels. */
const shapeArbitrary: fc.Arbitrary<Record<string, SchemaShape>> = fc.letrec<{
  type: SchemaShape;
  object: Record<string, SchemaShape>;
}>((tie) => ({
  type: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("string", "integer", "number", "boolean", "date", "any", "object", "array"),
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

// No format named: what schemaToJsonSchema writes needs no format plugin. Own members only, so
// that a field named `constructor` is not read from `{}`'s prototype.
const ajv = new Ajv2020({ strict: true, ownProperties: true });

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

  it("for schemas with `any` fields, which become {} and come back", () => {
    fc.assert(
      fc.property(schemaArbitrary({ types: ["any", "string", "date"] }), (schema) => {
        const json = schemaToJsonSchema(JSON.parse(JSON.stringify(schema)));
        expect(schemaFromJsonSchema(JSON.parse(JSON.stringify(json)))).toEqual(schema);
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
      { numRuns: runs(50) },
    );
  });
});

/** A value of the type with null at every leaf: null for a scalar, every field or one item so. */
function nullsOf(type: FieldType): unknown {
  if (type.kind === "object" && type.fields !== null) {
    const value: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(type.fields)) {
      Object.defineProperty(value, name, { value: nullsOf(field), enumerable: true });
    }
    return value;
  }
  if (type.kind === "array" && type.items !== null) return [nullsOf(type.items)];
  return null;
}

describe("schemaToJsonSchema admits null and absence (grammar/language.md 2.4)", () => {
  it("in every field, at every depth, and as the value of every field", () => {
    fc.assert(
      fc.property(fc.oneof(schemaArbitrary(), shapeArbitrary.map(defineSchema)), (schema) => {
        const check = ajv.compile(schemaToJsonSchema(schema));
        const record = nullsOf(schema);
        expect(check(record), JSON.stringify(check.errors)).toBe(true);
        expect(check({})).toBe(true);
        for (const name of Object.keys(schema.fields)) {
          expect(check(Object.defineProperty({}, name, { value: null, enumerable: true }))).toBe(
            true,
          );
        }
      }),
      { numRuns: runs(50) },
    );
  });
});

const digits = (length: number, max: number) =>
  fc.integer({ min: 0, max }).map((n) => String(n).padStart(length, "0"));

/** Texts near the date shapes of grammar/language.md 2.5: most of them almost right. */
const dateLikeText: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.oneof(digits(4, 9999), fc.constantFrom("0000", "2000", "1900", "2024", "2100", "0400")),
      digits(2, 13),
      digits(2, 32),
      fc.option(
        fc.tuple(
          fc.constantFrom("T", "t", " ", "_"),
          digits(2, 25),
          digits(2, 61),
          fc.option(fc.tuple(digits(2, 61), fc.option(fc.stringMatching(/^\.[0-9]{0,8}$/)))),
          fc.option(
            fc.oneof(
              fc.constantFrom("Z", "z", "UTC"),
              fc
                .tuple(
                  fc.constantFrom("+", "-"),
                  digits(2, 16),
                  fc.constantFrom(":", ""),
                  digits(2, 61),
                )
                .map((parts) => parts.join("")),
            ),
          ),
        ),
      ),
      fc.constantFrom("", "", "", " ", "\n", "x"),
    )
    .map(([year, month, day, time, tail]) => {
      let text = `${year}-${month}-${day}`;
      if (time !== null) {
        const [separator, hour, minute, seconds, offset] = time;
        text += `${separator}${hour}:${minute}`;
        if (seconds !== null) text += `:${seconds[0]}${seconds[1] ?? ""}`;
        text += offset ?? "";
      }
      return text + tail;
    }),
  fc.string(),
);

describe("DATE_JSON_PATTERN", () => {
  const pattern = new RegExp(DATE_JSON_PATTERN, "u");
  const check = ajv.compile({ type: ["string", "null"], pattern: DATE_JSON_PATTERN });

  it("accepts exactly the texts a date field's value is read from (readDateText)", () => {
    fc.assert(
      fc.property(dateLikeText, (text) => {
        const read = readDateText(text) !== undefined;
        expect(pattern.test(text)).toBe(read);
        expect(check(text)).toBe(read);
      }),
      { numRuns: runs(20_000) },
    );
  });

  it.each([
    ["2024-02-29", true],
    ["2000-02-29", true],
    ["1900-02-29", false],
    ["0400-02-29", true],
    ["0000-01-01", false],
    ["0000-02-29", false],
    ["0001-01-01", true],
    ["2024-04-31", false],
    ["2025-12-31T23:59:59.123456+14:59", true],
    ["2025-12-31t00:00-0130", true],
    ["2025-12-31 10:00", true],
    ["2025-12-31T10:00:00.1234567Z", false],
    ["2025-12-31T10:00:00+15:00", false],
    ["2025-12-31T24:00", false],
    ["2025-12-31T10:00.5", false],
  ])("on %s is %s", (text, expected) => {
    expect(pattern.test(text)).toBe(expected);
    expect(readDateText(text) !== undefined).toBe(expected);
  });
});
