import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatWhere } from "../../../src/backends/format/format-where.ts";
import { compileWhere } from "../../../src/compile-where.ts";
import { referenceMatches } from "../../support/reference-where.ts";
import {
  filtersFor,
  recordsFor,
  schemaArbitrary,
  TIME_ZONES,
  untypedFilters,
} from "../../support/schema-arbitraries.ts";

const zone = fc.constantFrom(...TIME_ZONES);

function describeCase(
  ast: Parameters<typeof formatWhere>[0],
  record: unknown,
  timeZone: string,
): string {
  return `${formatWhere(ast)} on ${JSON.stringify(record)} in ${timeZone}`;
}

// LANGUAGE.md 2.3–2.5: the compiled predicate and a plain reading of the reference agree.
describe("compileWhere agrees with the reference evaluator", () => {
  it("with a schema", () => {
    fc.assert(
      fc.property(
        schemaArbitrary.chain((g) => fc.tuple(fc.constant(g), filtersFor(g), recordsFor(g), zone)),
        ([generated, ast, records, timeZone]) => {
          const matches = compileWhere(ast, { schema: generated.schema, timeZone });
          for (const record of records) {
            const expected = referenceMatches(ast, record, { schema: generated.schema, timeZone });
            expect(matches(record), describeCase(ast, record, timeZone)).toBe(expected);
          }
        },
      ),
      { numRuns: 600 },
    );
  });

  it("without a schema, the record's values giving the types", () => {
    fc.assert(
      fc.property(
        schemaArbitrary.chain((g) => fc.tuple(untypedFilters(g), recordsFor(g), zone)),
        ([ast, records, timeZone]) => {
          const matches = compileWhere(ast, { timeZone });
          for (const record of records) {
            expect(matches(record), describeCase(ast, record, timeZone)).toBe(
              referenceMatches(ast, record, { timeZone }),
            );
          }
        },
      ),
      { numRuns: 600 },
    );
  });

  it("reads the same filter from its canonical text", () => {
    fc.assert(
      fc.property(
        schemaArbitrary.chain((g) => fc.tuple(fc.constant(g), filtersFor(g), recordsFor(g))),
        ([generated, ast, records]) => {
          const fromAst = compileWhere(ast, { schema: generated.schema });
          const fromText = compileWhere(formatWhere(ast), { schema: generated.schema });
          for (const record of records) expect(fromText(record)).toBe(fromAst(record));
        },
      ),
      { numRuns: 200 },
    );
  });
});
