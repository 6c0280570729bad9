import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PageWindow } from "../../src/list/page-window.ts";
import { runs } from "../support/runs.ts";

const even = (n: number) => n % 2 === 0;

describe("PageWindow", () => {
  // One row: name, page, size, the items of 1..10 kept, the total, whether the page is full.
  const rows: [string, number, number, number[], number, boolean][] = [
    ["page 1", 1, 3, [2, 4, 6], 5, true],
    ["a middle page", 2, 2, [6, 8], 5, true],
    ["the last page, short", 3, 2, [10], 5, false],
    ["past the end", 4, 2, [], 5, false],
    ["one page of everything", 1, Number.POSITIVE_INFINITY, [2, 4, 6, 8, 10], 5, false],
  ];
  const items = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

  it.each(rows)(
    "%s: in one run, match by match, run by run",
    (_, page, size, kept, total, full) => {
      const once = new PageWindow<number>(page, size);
      once.addAll(items.filter(even));
      expect([once.items, once.total, once.full]).toEqual([kept, total, full]);

      const one = new PageWindow<number>(page, size);
      for (const item of items) if (even(item)) one.add(item);
      expect([one.items, one.total, one.full]).toEqual([kept, total, full]);

      const runs = new PageWindow<number>(page, size);
      runs.addAll([2, 4]);
      runs.addAll([]);
      runs.addAll([6, 8, 10]);
      expect([runs.items, runs.total, runs.full]).toEqual([kept, total, full]);
    },
  );

  it("hands over the page's items as they come", () => {
    const window = new PageWindow<number>(2, 3);
    window.addAll([1, 2, 3, 4]);
    expect(window.takeItems()).toEqual([4]);
    window.addAll([5, 6, 7]);
    expect(window.takeItems()).toEqual([5, 6]);
    expect(window.takeItems()).toEqual([]);
    expect(window.total).toBe(7);
  });

  it("never changes the array it is given", () => {
    const run = [1, 2, 3];
    const window = new PageWindow<number>(1, 5);
    window.addAll(run);
    window.addAll([4]);
    expect(run).toEqual([1, 2, 3]);
    expect(window.items).toEqual([1, 2, 3, 4]);
  });

  it("keeps what filter then slice keep, however the matches come", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 99 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 2, max: 5 }),
        (items, page, size, cuts, divisor) => {
          const matches = (n: number) => n % divisor === 0;
          const all = items.filter(matches);
          const expected = all.slice((page - 1) * size, page * size);
          // The same matches, fed in runs and one by one, handed over now and then.
          const window = new PageWindow<number>(page, size);
          const taken: number[] = [];
          let at = 0;
          for (let turn = 0; at < items.length; turn++) {
            const piece = items.slice(at, at + (cuts[turn % cuts.length] as number));
            at += piece.length;
            if (turn % 2 === 0) window.addAll(piece.filter(matches));
            else for (const item of piece) if (matches(item)) window.add(item);
            if (turn % 3 === 0) taken.push(...window.takeItems());
          }
          taken.push(...window.takeItems());
          expect(taken).toEqual(expected);
          expect(window.total).toBe(all.length);
          expect(window.full).toBe(all.length >= page * size);
        },
      ),
      { numRuns: runs(2000) },
    );
  });
});
