import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Artefact } from "../../src/query/artefact.ts";
import { runQuery } from "../../src/query/run-query.ts";
import type { Interval, QueryDefinition, QueryFilter, QueryOrder } from "../../src/query/types.ts";
import { runs } from "../support/runs.ts";

const TYPES = ["APPLICATION", "FILE", "CLASS"] as const;
const LEVELS = ["A", "B", "C", "D", "E"] as const;

const maybe = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.option(arbitrary, { nil: undefined, freq: 3 }) as fc.Arbitrary<T | undefined>;

const artefactArb = (id: number): fc.Arbitrary<Artefact> =>
  fc
    .record({
      type: fc.constantFrom(...TYPES),
      loc: maybe(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constant(null))),
      rank: maybe(fc.integer({ min: 0, max: 4 })),
      author: maybe(fc.stringMatching(/^[ab]{0,4}$/)),
    })
    .map(({ type, loc, rank, author }) => ({
      id,
      name: `a${id}`,
      type: { id: type },
      ...(loc !== undefined && { measures: { LOC: loc } }),
      ...(rank !== undefined && {
        indicators: {
          MAINT: { rank, level: LEVELS[rank] ?? "A", mnemonic: `LEVEL${LEVELS[rank]}` },
        },
      }),
      ...(author !== undefined && { infos: { AUTHOR: author } }),
    }));

const artefactsArb = fc
  .integer({ min: 0, max: 12 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => artefactArb(i + 1))));

const boundArb = fc.record({
  value: fc.option(fc.integer({ min: -5, max: 5 }), { nil: null }),
  inclusive: fc.boolean(),
});
const intervalArb: fc.Arbitrary<Interval> = fc.record({ low: boundArb, high: boundArb });

const filterArb: fc.Arbitrary<QueryFilter> = fc.oneof(
  fc.record({
    type: fc.constant("measure" as const),
    id: fc.constant("LOC"),
    data: fc.record({
      checked: fc.constant(undefined),
      bounds: maybe(fc.array(intervalArb, { maxLength: 3 })),
      patterns: fc.constant(undefined),
    }),
    invert: fc.boolean(),
  }),
  fc.record({
    type: fc.constant("indicator" as const),
    id: fc.constant("MAINT"),
    data: fc.record({
      checked: maybe(fc.array(fc.constantFrom("A", "C", "LEVELB", "LEVELE"), { maxLength: 2 })),
      bounds: maybe(fc.array(intervalArb, { maxLength: 2 })),
      patterns: fc.constant(undefined),
    }),
    invert: fc.boolean(),
  }),
  fc.record({
    type: fc.constant("info" as const),
    id: fc.constant("AUTHOR"),
    data: fc.record({
      checked: maybe(fc.array(fc.stringMatching(/^[ab]{0,3}$/), { maxLength: 2 })),
      bounds: fc.constant(undefined),
      patterns: maybe(
        fc.array(
          fc.stringMatching(/^[ab*?]{0,4}$/).map((text) => ({ text })),
          { maxLength: 2 },
        ),
      ),
    }),
    invert: fc.boolean(),
  }),
);

function definition(parts: Partial<QueryDefinition>): QueryDefinition {
  return {
    artefactTypes: [],
    linkType: undefined,
    linkDirection: "OUT",
    columns: [],
    orders: [],
    filters: [],
    resultSize: undefined,
    hidePath: false,
    hideRating: false,
    ...parts,
  };
}

// The reference: each rule written out the plain way.
function inInterval({ low, high }: Interval, x: number): boolean {
  const aboveLow = low.value === null || x > low.value || (low.inclusive && x === low.value);
  const belowHigh = high.value === null || x < high.value || (high.inclusive && x === high.value);
  return aboveLow && belowHigh;
}

function globMatches(pattern: string, text: string): boolean {
  if (pattern === "") return text === "";
  const [head, rest] = [pattern[0], pattern.slice(1)];
  if (head === "*")
    return [...Array(text.length + 1).keys()].some((i) => globMatches(rest, text.slice(i)));
  return text !== "" && (head === "?" || head === text[0]) && globMatches(rest, text.slice(1));
}

function referenceKeeps(filter: QueryFilter, artefact: Artefact): boolean {
  let kept: boolean;
  const { checked } = filter.data;
  // An empty list of bounds or patterns means what an absent one does: the API's default.
  const bounds = filter.data.bounds?.length ? filter.data.bounds : undefined;
  const patterns = filter.data.patterns?.length ? filter.data.patterns : undefined;
  if (filter.type === "measure") {
    const value = artefact.measures?.LOC;
    kept =
      typeof value === "number" &&
      (bounds ?? [null]).some((b) => b === null || inInterval(b, value));
    if (checked === undefined && bounds === undefined) kept = typeof value === "number";
  } else if (filter.type === "indicator") {
    const indicator = artefact.indicators?.MAINT;
    if (!indicator) kept = false;
    else if (checked === undefined && bounds === undefined) kept = true;
    else
      kept =
        (checked ?? []).some((c) => c === indicator.level || c === indicator.mnemonic) ||
        (bounds ?? []).some((b) => inInterval(b, indicator.rank ?? Number.NaN));
  } else {
    const value = artefact.infos?.AUTHOR;
    if (typeof value !== "string") kept = false;
    else if (checked !== undefined) kept = checked.includes(value);
    else kept = (patterns ?? [{ text: "*" }]).some((p) => globMatches(p.text, value));
  }
  return filter.invert ? !kept : kept;
}

describe("runQuery against a plain reference", () => {
  it("keeps exactly the artefacts of the right types passing every filter, in input order", () => {
    fc.assert(
      fc.property(
        artefactsArb,
        fc.array(filterArb, { maxLength: 3 }),
        fc.subarray([...TYPES]),
        (artefacts, filters, artefactTypes) => {
          const result = runQuery(definition({ filters, artefactTypes }), artefacts);
          const expected = artefacts
            .filter(
              (a) => artefactTypes.length === 0 || artefactTypes.includes(a.type?.id as never),
            )
            .filter((a) => filters.every((f) => referenceKeeps(f, a)))
            .map((a) => a.id);
          expect(result.rows.map((row) => row.id)).toEqual(expected);
          expect(result.total).toBe(expected.length);
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it("orders rows by the keys in sequence, missing last, ties in input order, then cuts", () => {
    const orderArb: fc.Arbitrary<QueryOrder> = fc.record({
      type: fc.constant("MEASURE" as const),
      id: fc.constantFrom("LOC", "MAINT"),
      order: fc.constantFrom("ASC" as const, "DESC" as const),
      orderType: fc.constantFrom("VALUE" as const, "RANK" as const),
    });
    fc.assert(
      fc.property(
        artefactsArb,
        fc.array(orderArb, { maxLength: 2 }),
        maybe(fc.nat(15)),
        (artefacts, orders, resultSize) => {
          const result = runQuery(definition({ orders, resultSize }), artefacts);
          const keyOf = (a: Artefact, o: QueryOrder): number | undefined => {
            const v = o.orderType === "VALUE" ? a.measures?.[o.id] : a.indicators?.[o.id]?.rank;
            return typeof v === "number" ? v : undefined;
          };
          // Insertion sort: stable by construction.
          const sorted: Artefact[] = [];
          for (const a of artefacts) {
            let i = sorted.length;
            const before = (x: Artefact, y: Artefact) => {
              for (const o of orders) {
                const [kx, ky] = [keyOf(x, o), keyOf(y, o)];
                if (kx === ky) continue;
                if (kx === undefined) return false;
                if (ky === undefined) return true;
                return o.order === "ASC" ? kx < ky : kx > ky;
              }
              return false;
            };
            while (i > 0 && before(a, sorted[i - 1] as Artefact)) i--;
            sorted.splice(i, 0, a);
          }
          const expected = sorted.slice(0, resultSize ?? sorted.length).map((a) => a.id);
          expect(result.rows.map((row) => row.id)).toEqual(expected);
          expect(result.total).toBe(artefacts.length);
        },
      ),
      { numRuns: runs(500) },
    );
  });
});
