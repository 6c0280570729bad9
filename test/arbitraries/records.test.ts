import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AWKWARD_STRINGS,
  BOUNDARY_INSTANTS,
  type DateRepresentation,
  recordArbitrary,
  recordsArbitrary,
  schemaArbitrary,
} from "../../src/arbitraries/index.ts";
import { schemas } from "../../src/schema/resources.ts";
import { defineSchema, type FieldType, type Schema } from "../../src/schema/schema.ts";
import { runs } from "../support/runs.ts";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:[Zz]|[+-]\d{2}:?\d{2})?$/;

function isRealDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** How a date value is held, or undefined when it is no date. */
function representationOf(value: unknown): DateRepresentation | undefined {
  if (typeof value === "string" && isRealDay(value)) return "day";
  if (typeof value === "string" && DATE_TIME.test(value) && isRealDay(value.slice(0, 10)))
    return "dateTime";
  if (typeof value === "number" && Number.isInteger(value)) return "epochMillis";
  if (value instanceof Date && Number.isFinite(value.getTime())) return "Date";
  return undefined;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** What does not fit the schema in a record, walked straight from grammar/language.md 4 and 2.5. */
function misfits(
  value: unknown,
  type: FieldType,
  dates: readonly DateRepresentation[],
  at = "",
): string[] {
  if (value === null) return [];
  const fits = (ok: boolean) => (ok ? [] : [`${at}: ${JSON.stringify(value)} is no ${type.kind}`]);
  switch (type.kind) {
    case "string":
      return fits(typeof value === "string");
    case "integer":
      return fits(Number.isInteger(value));
    case "number":
      return fits(typeof value === "number" && !Number.isNaN(value));
    case "boolean":
      return fits(typeof value === "boolean");
    case "date": {
      const held = representationOf(value);
      return fits(held !== undefined && dates.includes(held));
    }
    case "any":
      return [];
    case "object":
      if (!isPlainObject(value)) return fits(false);
      if (type.fields === null) return [];
      return Object.keys(value).flatMap((key) => {
        const field = Object.hasOwn(type.fields as object, key) ? type.fields?.[key] : undefined;
        return field
          ? misfits(value[key], field, dates, `${at}.${key}`)
          : [`${at}.${key}: not in the schema`];
      });
    case "array":
      if (!Array.isArray(value)) return fits(false);
      // Items of a described array are never null; an undescribed one holds anything.
      return value.flatMap((item, i) => {
        if (!type.items) return [];
        if (item === null) return [`${at}[${i}]: null item`];
        return misfits(item, type.items, dates, `${at}[${i}]`);
      });
  }
}

const ALL: DateRepresentation[] = ["day", "dateTime", "epochMillis", "Date"];
const anySchema: fc.Arbitrary<Schema> = fc.oneof(
  schemaArbitrary(),
  fc.constantFrom(...Object.values(schemas)),
);

describe("recordArbitrary", () => {
  it("gives records that fit the schema, every date in one of its representations", () => {
    fc.assert(
      fc.property(
        anySchema.chain((schema) => fc.tuple(fc.constant(schema), recordArbitrary(schema))),
        ([schema, record]) => {
          expect(misfits(record, schema, ALL)).toEqual([]);
        },
      ),
      { numRuns: runs(1000) },
    );
  });

  it.each<[DateRepresentation[]]>([[["day"]], [["epochMillis"]], [["dateTime", "Date"]]])(
    "holds dates only as %j when asked",
    (dates) => {
      const schema = { kind: "object", fields: { d: { kind: "date" } } } as const;
      fc.assert(
        fc.property(recordArbitrary(schema, { dates }), (record) => {
          expect(misfits(record, schema, dates)).toEqual([]);
        }),
        { numRuns: runs(300) },
      );
    },
  );

  it("gives missing fields, nulls, awkward strings and instants at day bounds", () => {
    const schema = schemas.project;
    const records = fc.sample(recordArbitrary(schema), { seed: 4, numRuns: runs(500) });
    const values = (key: string) => records.map((r) => r[key]);
    expect(values("name")).toContain(undefined);
    expect(values("name")).toContain(null);
    expect(values("level")).toContain(null);
    expect(records.some((r) => r.level && Object.keys(r.level).length === 0)).toBe(true);
    const names = new Set(values("name"));
    for (const text of ["", "A", "%", "_", "\\", 'q"t', "😀", " "]) expect(names).toContain(text);
    expect(values("analysisTime").some((v) => BOUNDARY_INSTANTS.includes(v as number))).toBe(true);
    const held = new Set(values("analysisTime").map(representationOf));
    for (const r of ALL) expect(held).toContain(r);
    expect(AWKWARD_STRINGS).not.toContain("\u0000");
  });

  it("with strict: false, also gives other types, arrays and texts for objects, and no dates", () => {
    const cases = fc.sample(
      anySchema.chain((schema) =>
        fc.tuple(fc.constant(schema), recordArbitrary(schema, { strict: false })),
      ),
      { seed: 6, numRuns: runs(500) },
    );
    const problems = cases.flatMap(([schema, record]) => misfits(record, schema, ALL));
    expect(problems.length).toBeGreaterThan(100);
    expect(problems.some((p) => /^\.type: \[/.test(p))).toBe(true);
    expect(problems.some((p) => /^\.type: "FOLDER"/.test(p))).toBe(true);
    expect(problems.some((p) => /is no date/.test(p))).toBe(true);
    // Scalars, falsy ones too, where an object or an array belongs.
    expect(problems.some((p) => /^\.type: (0|false|"")/.test(p))).toBe(true);
    expect(
      problems.some((p) => /^\.(branches|tags): (0|5|false|true|""|"x") is no array/.test(p)),
    ).toBe(true);
  });

  it("gives an `any` field values of every kind, dates in every representation", () => {
    const schema = defineSchema({ v: "any" });
    const values = fc
      .sample(recordArbitrary(schema), { seed: 12, numRuns: runs(600) })
      .map((r) => r.v);
    const kindOf = (v: unknown) => {
      if (v === null || v === undefined) return String(v);
      if (Array.isArray(v)) return "array";
      if (v instanceof Date) return "Date";
      if (typeof v === "number") return Number.isInteger(v) ? "integer" : "fraction";
      return typeof v;
    };
    expect(new Set(values.map(kindOf))).toEqual(
      new Set([
        "string",
        "integer",
        "fraction",
        "boolean",
        "null",
        "undefined",
        "object",
        "array",
        "Date",
      ]),
    );
    const held = new Set(values.filter((v) => typeof v === "string").map(representationOf));
    expect(held).toEqual(new Set([undefined, "day", "dateTime"]));
  });

  it("without a schema, gives JSON-like records with inherited names as own keys", () => {
    const records = fc.sample(recordArbitrary(), { seed: 8, numRuns: runs(300) });
    const keys = new Set(records.flatMap((r) => Object.keys(r)));
    for (const key of ["a", "_links", "__proto__", "constructor"]) expect(keys).toContain(key);
    expect(records.some((r) => Object.values(r).some(Array.isArray))).toBe(true);
  });
});

describe("recordsArbitrary", () => {
  it("gives between minLength and maxLength records", () => {
    fc.assert(
      fc.property(recordsArbitrary(schemas.artefact, { minLength: 2, maxLength: 4 }), (records) => {
        expect(records.length).toBeGreaterThanOrEqual(2);
        expect(records.length).toBeLessThanOrEqual(4);
      }),
    );
  });
});
