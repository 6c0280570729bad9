import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatInterval,
  intervalContains,
  parseInterval,
  safeParseInterval,
} from "../../src/query/interval.ts";
import type { Interval, IntervalBound } from "../../src/query/types.ts";
import { runs } from "../support/runs.ts";

const numbers = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const bound: fc.Arbitrary<IntervalBound> = fc.oneof(
  fc.constant({ value: null, inclusive: false }),
  fc.record({ value: numbers.map((n) => (n === 0 ? 0 : n)), inclusive: fc.boolean() }),
);
/** Non-empty intervals with the canonical bound shapes the parser returns. */
const intervals: fc.Arbitrary<Interval> = fc
  .tuple(bound, bound)
  .map(([a, b]) =>
    a.value !== null && b.value !== null && a.value > b.value
      ? { low: b, high: a }
      : { low: a, high: b },
  )
  .filter(
    ({ low, high }) =>
      low.value === null ||
      high.value === null ||
      low.value < high.value ||
      (low.inclusive && high.inclusive),
  );

/** Any spelling of a number the grammar accepts: sign, zeros, fraction, exponent. */
const numberSpelling = fc
  .tuple(
    fc.boolean(),
    fc.stringMatching(/^[0-9]{1,4}$/),
    fc.option(fc.stringMatching(/^[0-9]{1,4}$/)),
    fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), fc.nat(30))),
  )
  .map(
    ([minus, digits, fraction, exponent]) =>
      `${minus ? "-" : ""}${digits}${fraction === null ? "" : `.${fraction}`}${
        exponent === null ? "" : `${exponent[0]}${exponent[1]}${exponent[2]}`
      }`,
  );
const spelling = fc
  .tuple(
    fc.constantFrom("[", "]"),
    fc.option(numberSpelling),
    fc.option(numberSpelling),
    fc.constantFrom("[", "]"),
  )
  .map(([open, low, high, close]) => `${open}${low ?? ""};${high ?? ""}${close}`);

/** The reference: the bounds as a list of plain comparisons written the other way round. */
function referenceContains(interval: Interval, x: number): boolean {
  const above =
    interval.low.value === null ||
    x > interval.low.value ||
    (interval.low.inclusive && x === interval.low.value);
  const below =
    interval.high.value === null ||
    interval.high.value > x ||
    (interval.high.inclusive && interval.high.value === x);
  return above && below && !Number.isNaN(x);
}

describe("interval properties", () => {
  it("parses the canonical text of any interval back to the same interval", () => {
    fc.assert(
      fc.property(intervals, (interval) => {
        expect(parseInterval(formatInterval(interval))).toEqual(interval);
      }),
      { numRuns: runs(2000) },
    );
  });

  it("formats any accepted spelling to a text that formats to itself", () => {
    fc.assert(
      fc.property(spelling, (text) => {
        const parsed = safeParseInterval(text);
        if (!parsed.success) {
          expect(["EMPTY_INTERVAL", "NUMBER_OUT_OF_RANGE"]).toContain(parsed.error.code);
          return;
        }
        const canonical = formatInterval(parsed.data);
        const again = parseInterval(canonical);
        expect(again).toEqual(parsed.data);
        expect(formatInterval(again)).toBe(canonical);
      }),
      { numRuns: runs(2000) },
    );
  });

  it("decides membership like the reference comparison", () => {
    const probes = (interval: Interval) =>
      fc.oneof(
        numbers,
        fc.constantFrom(Number.NaN, Infinity, -Infinity, -0),
        fc.constantFrom(
          ...[interval.low.value, interval.high.value].filter((v): v is number => v !== null),
          0,
        ),
      );
    fc.assert(
      fc.property(
        intervals.chain((interval) => fc.tuple(fc.constant(interval), probes(interval))),
        ([interval, x]) => {
          expect(intervalContains(interval, x)).toBe(referenceContains(interval, x));
        },
      ),
      { numRuns: runs(5000) },
    );
  });
});
