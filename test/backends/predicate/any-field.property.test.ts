import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileWhere } from "../../../src/api/compile-where.ts";
import {
  recordsArbitrary,
  schemaArbitrary,
  TIME_ZONES,
  whereArbitrary,
} from "../../../src/arbitraries/index.ts";
import { formatWhere } from "../../../src/backends/format/format-where.ts";
import { defineSchema, type Schema } from "../../../src/schema/schema.ts";
import { runs } from "../../support/runs.ts";

// grammar/language.md 4.1: an `any` field is typed value by value, exactly as without a schema.
// A schema of `any` fields therefore changes which filters are accepted, never which records match.

/**
 * Schemas whose every scalar field is `any` (top-level ones, those of the object `type` and of the
 * objects of `branches`), records of mixed values for them (texts, numbers, booleans, nulls,
 * objects, arrays, days, date-times, epoch milliseconds, Dates), and filters valid against the
 * schema, paths below an `any` field included, half of them with literals taken from the records.
 */
const cases = schemaArbitrary({ types: ["any"] }).chain((schema: Schema) =>
  recordsArbitrary(schema, { strict: false, minLength: 1 }).chain((records) =>
    fc.record({
      schema: fc.constant(schema),
      text: fc
        .oneof(whereArbitrary(schema), whereArbitrary(schema, { records }))
        .map((ast) => formatWhere(ast)),
      records: fc.constant(records),
      timeZone: fc.constantFrom(...TIME_ZONES),
    }),
  ),
);

const show = (text: string, record: unknown, timeZone: string) =>
  `${text} on ${JSON.stringify(record)} in ${timeZone}`;

describe("a schema of `any` fields keeps the records an untyped run keeps", () => {
  it("compileWhere(text, { schema }) and compileWhere(text) agree on every record", () => {
    fc.assert(
      fc.property(cases, ({ schema, text, records, timeZone }) => {
        const typed = compileWhere(text, { schema, timeZone });
        const untyped = compileWhere(text, { timeZone });
        for (const record of records) {
          expect(typed(record), show(text, record, timeZone)).toBe(untyped(record));
        }
      }),
      { numRuns: runs(600) },
    );
  });

  it("in the generated code and in the closures alike", () => {
    fc.assert(
      fc.property(cases, ({ schema, text, records, timeZone }) => {
        const untyped = compileWhere(text, { timeZone, codeGeneration: "never" });
        for (const codeGeneration of ["always", "never"] as const) {
          const typed = compileWhere(text, { schema, timeZone, codeGeneration });
          for (const record of records) {
            expect(typed(record), `${codeGeneration}: ${show(text, record, timeZone)}`).toBe(
              untyped(record),
            );
          }
        }
      }),
      { numRuns: runs(400) },
    );
  });

  // A few of the cases the property covers, spelled out.
  const schema = defineSchema({ v: "any", owner: "any" });
  const records = [
    { v: "2" },
    { v: 2 },
    { v: true },
    { v: "TRUE" },
    { v: Date.UTC(2024, 2, 1, 12) },
    { v: new Date(Date.UTC(2024, 2, 1, 12)) },
    { v: "2024-03-01" },
    { v: { id: 2 } },
    { v: [2] },
    { v: null },
    {},
    { owner: { id: 7, name: "Ann" } },
    { owner: "Ann" },
    { owner: { id: "7" } },
  ];
  // One row: a filter, and the indexes of the records it keeps.
  it.each<[string, number[]]>([
    ["v=2", [0, 1]],
    ["v>=10", [0, 3, 4, 6]],
    ["v<10", [1]],
    ["v=true", [2]],
    ["v IN (true,2)", [0, 1, 2]],
    ["v NOT IN (2,x)", [3, 6]],
    ["v=2024-03-01", [4, 5, 6]],
    ["v~2*", [0, 6]],
    ["v IS NULL", [9, 10, 11, 12, 13]],
    ["owner.id=7", [11, 13]],
    ["owner.name~A*", [11]],
    ["owner.id IS NULL", [...records.keys()].filter((i) => i !== 11 && i !== 13)],
  ])("%s keeps %j", (text, kept) => {
    for (const codeGeneration of ["always", "never"] as const) {
      const typed = compileWhere(text, { schema, codeGeneration });
      const untyped = compileWhere(text, { codeGeneration });
      expect(
        [...records.keys()].filter((i) => typed(records[i] as (typeof records)[number])),
        codeGeneration,
      ).toEqual(kept);
      expect(
        [...records.keys()].filter((i) => untyped(records[i])),
        codeGeneration,
      ).toEqual(kept);
    }
  });
});
