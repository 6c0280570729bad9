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
import type { Schema } from "../../../src/schema/schema.ts";
import { referenceMatches } from "../../support/reference-where.ts";
import { runs } from "../../support/runs.ts";

const zone = fc.constantFrom(...TIME_ZONES);

/**
 * Records with off-schema data (wrong types, arrays and texts for objects, texts that are no
 * date), and filters over them, valid (`strict`) or not; half take literals from the records.
 */
function cases(strict: boolean) {
  return schemaArbitrary().chain((schema: Schema) =>
    recordsArbitrary(schema, { strict: false, minLength: 1 }).chain((records) =>
      fc.record({
        schema: fc.constant(schema),
        ast: fc.oneof(
          whereArbitrary(schema, { strict }),
          whereArbitrary(schema, { strict, records }),
        ),
        records: fc.constant(records),
        timeZone: zone,
      }),
    ),
  );
}

function describeCase(
  ast: Parameters<typeof formatWhere>[0],
  record: unknown,
  timeZone: string,
): string {
  return `${formatWhere(ast)} on ${JSON.stringify(record)} in ${timeZone}`;
}

const EARLIEST = Date.parse("0100-01-01T00:00:00Z");
const LATEST = Date.parse("9999-12-31T00:00:00Z");

/**
 * A number as the reference can read it as epoch milliseconds (through Date and Intl): made null
 * outside the years 100 to 9999 (the reference writes four-digit years, and past ±8.64e15 it finds
 * no day where compileWhere still orders the number), and floored when Date's truncation of a
 * negative fraction would move it to the next minute, hence maybe the next day.
 */
function readable(value: number): number | null {
  if (value < EARLIEST || value > LATEST) return null;
  const moved = value < 0 && !Number.isInteger(value) && Math.trunc(value) % 60_000 === 0;
  return moved ? Math.floor(value) : value;
}

/** A record with every number made `readable`. */
function forReference(record: unknown): unknown {
  if (typeof record === "number") return readable(record);
  if (Array.isArray(record)) return record.map(forReference);
  if (record === null || typeof record !== "object" || record instanceof Date) return record;
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, forReference(v)]));
}

// grammar/language.md 2.3–2.5: the compiled predicate and a plain reading of the reference agree.
describe("compileWhere agrees with the reference evaluator", () => {
  it("with a schema", () => {
    fc.assert(
      fc.property(cases(true), ({ schema, ast, records, timeZone }) => {
        const matches = compileWhere(ast, { schema, timeZone });
        for (const record of records) {
          const expected = referenceMatches(ast, record, { schema, timeZone });
          expect(matches(record), describeCase(ast, record, timeZone)).toBe(expected);
        }
      }),
      { numRuns: runs(600) },
    );
  });

  it("without a schema, the record's values giving the types", () => {
    fc.assert(
      fc.property(cases(false), ({ ast, records, timeZone }) => {
        const matches = compileWhere(ast, { timeZone });
        for (const record of records.map(forReference)) {
          expect(matches(record), describeCase(ast, record, timeZone)).toBe(
            referenceMatches(ast, record, { timeZone }),
          );
        }
      }),
      { numRuns: runs(600) },
    );
  });

  it("reads the same filter from its canonical text", () => {
    fc.assert(
      fc.property(cases(true), ({ schema, ast, records }) => {
        const fromAst = compileWhere(ast, { schema });
        const fromText = compileWhere(formatWhere(ast), { schema });
        for (const record of records) expect(fromText(record)).toBe(fromAst(record));
      }),
      { numRuns: runs(200) },
    );
  });
});
