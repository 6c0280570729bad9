// The probes are drawn from whatever a server answers: for any records, each probe must be a
// filter the schema accepts and a URL can carry, or a correct server would be reported wrong.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TIME_ZONES } from "../../src/arbitraries/dates.ts";
import { recordArbitrary } from "../../src/arbitraries/records.ts";
import { formatWhere } from "../../src/backends/format/format-where.ts";
import { probesFor, selectionProbes } from "../../src/conformance/probes.ts";
import { buildQueryString } from "../../src/list/query-string.ts";
import { RESOURCE_SCHEMAS } from "../../src/schema/resources.ts";
import { validateFields } from "../../src/schema/validate-fields.ts";
import { validateWhere } from "../../src/schema/validate-where.ts";
import { runs } from "../support/runs.ts";
import { sample } from "./reference-server.ts";

/** Values a server may hold where the schema says otherwise, and at its edges. */
const hostileValue = fc.oneof(
  fc.anything(),
  fc.constantFrom("", " ", "\ud800", "a\udc00b", "😀", "\uffff", "2024-02-30", "0000-01-01"),
  fc.constantFrom(1e21, -1e300, 8.64e15, -8.64e15, 253402300800000, -62135596800001, Number.NaN),
);

/** A record of the schema with some values swapped for hostile ones. */
const records = (schema: (typeof RESOURCE_SCHEMAS)[keyof typeof RESOURCE_SCHEMAS]) =>
  fc.array(
    fc.oneof(
      recordArbitrary(schema),
      fc
        .tuple(
          recordArbitrary(schema),
          fc.dictionary(fc.constantFrom(...Object.keys(schema.fields)), hostileValue),
        )
        .map(([record, swapped]) => ({ ...record, ...swapped })),
      fc.anything(),
    ),
    { maxLength: 8 },
  );

describe("probesFor", () => {
  for (const [resource, schema] of Object.entries(RESOURCE_SCHEMAS)) {
    it(`gives ${resource} probes that the schema accepts and a URL can carry, whatever the records`, () => {
      fc.assert(
        fc.property(records(schema), fc.integer(), (rows, seed) => {
          let state = seed;
          const pick = (n: number) => {
            state = (state * 1103515245 + 12345) >>> 0;
            return state % n;
          };
          for (const probe of probesFor(rows, schema, TIME_ZONES, pick)) {
            expect(validateWhere(probe.where, schema)).toEqual([]);
            expect(() => buildQueryString({ where: formatWhere(probe.where) })).not.toThrow();
            if (probe.timeZone !== undefined) expect(TIME_ZONES).toContain(probe.timeZone);
          }
          for (const selection of selectionProbes(schema, rows)) {
            expect(validateFields(selection, schema)).toEqual([]);
          }
        }),
        { numRuns: runs(150) },
      );
    });
  }

  it("probes every scalar field of the sample's findings, near misses included", () => {
    const findings = sample.findings ?? [];
    const probes = probesFor(findings, RESOURCE_SCHEMAS.findings, TIME_ZONES, () => 0);
    const texts = probes.map((probe) => formatWhere(probe.where));
    // The value with an astral character comes first among the descriptions, with its near misses.
    expect(texts).toContain('definition.description<"Passwords and tokens \u{1F600}"');
    expect(texts).toContain('definition.description>"Passwords and tokens \uFFFD"');
    expect(texts.filter((text) => text.startsWith("creationDate")).length).toBeGreaterThan(4);
    expect(texts).toContain("readOnly=TRUE");
  });
});
