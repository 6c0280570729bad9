import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileGlob, formatGlob, parseGlob, safeParseGlob } from "../../src/query/glob.ts";
import { runs } from "../support/runs.ts";

/** The reference: a memoised recursion over code points, O(pattern · text), fine for tests. */
function referenceMatch(pattern: string, text: string): boolean {
  const p = [...pattern];
  const t = [...text];
  const memo = new Map<number, boolean>();
  const match = (i: number, j: number): boolean => {
    const key = i * (t.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (i === p.length) result = j === t.length;
    else if (p[i] === "*") result = match(i + 1, j) || (j < t.length && match(i, j + 1));
    else result = j < t.length && (p[i] === "?" || p[i] === t[j]) && match(i + 1, j + 1);
    memo.set(key, result);
    return result;
  };
  return match(0, 0);
}

// A small alphabet so matches are frequent, with an astral character and a lone surrogate.
const char = fc.constantFrom("a", "b", "😀", "\ud83d", "é");
const patternChar = fc.oneof(char, fc.constantFrom("*", "?"));
const patterns = fc.array(patternChar, { maxLength: 12 }).map((chars) => chars.join(""));
const texts = fc.array(char, { maxLength: 24 }).map((chars) => chars.join(""));

describe("glob properties", () => {
  it("matches like the reference matcher", () => {
    fc.assert(
      fc.property(patterns, texts, (pattern, text) => {
        expect(compileGlob({ text: pattern })(text)).toBe(referenceMatch(pattern, text));
      }),
      { numRuns: runs(10_000) },
    );
  });

  it("matches texts built from the pattern itself", () => {
    const built = patterns.chain((pattern) =>
      fc
        .tuple(
          ...[...pattern].map((c) =>
            c === "*" ? texts.map((t) => t.slice(0, 4)) : c === "?" ? char : fc.constant(c),
          ),
        )
        .map((parts) => [pattern, parts.join("")] as const),
    );
    fc.assert(
      fc.property(built, ([pattern, text]) => {
        expect(compileGlob({ text: pattern })(text)).toBe(true);
      }),
      { numRuns: runs(5_000) },
    );
  });

  it("matches segments longer than 32 code points like the reference", () => {
    const longPatterns = fc
      .array(fc.oneof(fc.constantFrom("a", "b", "?")), { minLength: 30, maxLength: 70 })
      .map((chars) => `*${chars.join("")}*`);
    const longTexts = fc
      .array(fc.constantFrom("a", "b"), { maxLength: 120 })
      .map((chars) => chars.join(""));
    fc.assert(
      fc.property(longPatterns, longTexts, (pattern, text) => {
        expect(compileGlob({ text: pattern })(text)).toBe(referenceMatch(pattern, text));
      }),
      { numRuns: runs(3_000) },
    );
  });

  it("keeps the meaning and is idempotent when formatted canonically", () => {
    fc.assert(
      fc.property(patterns, texts, (pattern, text) => {
        const parsed = parseGlob(pattern);
        expect(parsed).toEqual({ text: pattern });
        const canonical = formatGlob(parsed);
        expect(formatGlob({ text: canonical })).toBe(canonical);
        expect(canonical).not.toContain("**");
        expect(compileGlob({ text: canonical })(text)).toBe(compileGlob(parsed)(text));
      }),
      { numRuns: runs(3_000) },
    );
  });

  it("takes every string, so safeParseGlob never fails", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(safeParseGlob(text)).toEqual({ success: true, data: { text } });
      }),
    );
  });
});
