import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recordArbitrary, whereArbitrary } from "../../../src/arbitraries/index.ts";
import { compilePredicate } from "../../../src/backends/predicate/compile-predicate.ts";
import { compileRawFilter } from "../../../src/backends/raw/raw-filter.ts";
import { parseWhere, schemas } from "../../../src/index.ts";
import { validateWhere } from "../../../src/schema/validate-where.ts";
import { spellJson } from "../../support/json-spelling.ts";
import { JSON_DATES as DATES, matchingFilter } from "../../support/matching-filter.ts";
import { runs } from "../../support/runs.ts";

// The raw filter is a necessary condition: on any spelling of a record without a `\u` or `\/`
// escape, it never rejects a record the predicate keeps (issue 32 §4).

const encoder = new TextEncoder();
const checked = { matches: 0 };

function neverRejectsAMatch(
  where: Parameters<typeof compileRawFilter>[0],
  record: Record<string, unknown>,
  seed: number,
  schema?: Parameters<typeof compileRawFilter>[1],
): void {
  const raw = compileRawFilter(where, schema);
  if (raw === undefined) return;
  const text = spellJson(record, seed);
  // Only a `\u` or `\/` escape may hide a needle's character: such records are always parsed.
  if (/\\[u/]/.test(text.replaceAll("\\\\", ""))) return;
  const matches = compilePredicate(where, { schema })(JSON.parse(text));
  if (!matches) return;
  checked.matches++;
  const bytes = encoder.encode(` ${text} `);
  expect(raw.test(bytes, 1, bytes.length - 1), text).toBe(true);
}

describe("compileRawFilter", () => {
  it("never rejects a record the predicate keeps, without a schema", () => {
    fc.assert(
      fc.property(whereArbitrary(), recordArbitrary(), fc.integer(), (where, record, seed) =>
        neverRejectsAMatch(where, record, seed),
      ),
      { numRuns: runs(1000) },
    );
  });

  it("never rejects a record by a filter built from its own values", () => {
    const before = checked.matches;
    for (const schema of [undefined, schemas.artefact, schemas.finding]) {
      fc.assert(
        fc.property(
          recordArbitrary(schema, { dates: DATES }),
          whereArbitrary(schema),
          fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
          fc.integer(),
          (record, other, choices, seed) => {
            const where = matchingFilter(record, other, choices);
            if (where === undefined) return;
            // A value of the record may not be a literal its field takes (a date-time): skipped.
            if (schema === undefined || validateWhere(where, schema).length === 0)
              neverRejectsAMatch(where, record, seed, schema);
            if (schema) neverRejectsAMatch(where, record, seed);
          },
        ),
        { numRuns: runs(1000) },
      );
    }
    // Most of them matched, and were tested on their bytes.
    expect(checked.matches - before).toBeGreaterThan(200);
  });

  it("never rejects a record the predicate keeps, on the shipped schemas' records", () => {
    for (const schema of [schemas.artefact, schemas.finding, schemas.project]) {
      fc.assert(
        fc.property(
          whereArbitrary(schema),
          recordArbitrary(schema, { strict: false, dates: DATES }),
          fc.integer(),
          (where, record, seed) => {
            neverRejectsAMatch(where, record, seed, schema);
            neverRejectsAMatch(where, record, seed);
          },
        ),
        { numRuns: runs(700) },
      );
    }
  });

  it("rejects records that cannot match, by the bytes of the values the filter needs", () => {
    const raw = compileRawFilter(parseWhere('type.id=FILE AND (name~*.java OR path~"src/"*)'));
    const test = (text: string) => raw?.test(encoder.encode(text), 0, text.length);
    expect(raw?.needles).toEqual(['"FILE"', '.java"', '"src/']);
    expect(test('{"type":{"id":"FILE"},"name":"A.java"}')).toBe(true);
    expect(test('{"type":{"id":"FILE"},"name":"A.ts","path":"src/a"}')).toBe(true);
    expect(test('{"type":{"id":"FOLDER"},"name":"A.java"}')).toBe(false);
    expect(test('{"type":{"id":"FILE"},"name":"A.ts"}')).toBe(false);
    // Numbers, booleans and dates are spelt many ways; !=, NOT IN and IS NULL need no bytes.
    for (const where of [
      "rank=2",
      "ok=true",
      "day=2024-03-01",
      "a!=x",
      "a NOT IN (x)",
      "a IS NULL",
      "a=x OR b>2",
    ]) {
      expect(compileRawFilter(parseWhere(where)), where).toBeUndefined();
    }
    // With a schema, a string field needs its text even when it looks like a number.
    expect(
      compileRawFilter(parseWhere("name=2", { schema: schemas.artefact }), schemas.artefact)
        ?.needles,
    ).toEqual(['"2"']);
  });
});
