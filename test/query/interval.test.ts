import { describe, expect, it } from "vitest";
import { IntervalSyntaxError } from "../../src/errors/interval-syntax-error.ts";
import {
  EVERY_NUMBER,
  formatInterval,
  intervalContains,
  parseInterval,
  safeParseInterval,
} from "../../src/query/interval.ts";
import type { Interval } from "../../src/query/types.ts";

const inf = { value: null, inclusive: false } as const;
const inc = (value: number) => ({ value, inclusive: true });
const exc = (value: number) => ({ value, inclusive: false });

// One row: the text, the interval, its canonical text, numbers inside and numbers outside.
const VALID: readonly [string, Interval, string, readonly number[], readonly number[]][] = [
  ["[10;20[", { low: inc(10), high: exc(20) }, "[10;20[", [10, 15, 19.999], [9.999, 20, 21]],
  ["]10;20]", { low: exc(10), high: inc(20) }, "]10;20]", [10.001, 20], [10, 20.001]],
  ["[10;20]", { low: inc(10), high: inc(20) }, "[10;20]", [10, 20], [9, 21]],
  ["]10;20[", { low: exc(10), high: exc(20) }, "]10;20[", [11], [10, 20]],
  ["]0;[", { low: exc(0), high: inf }, "]0;[", [1e-300, 1e300, Infinity], [0, -0, -1]],
  ["[;5]", { low: inf, high: inc(5) }, "[;5]", [5, -Infinity, -1e300], [5.0001]],
  ["];5]", { low: inf, high: inc(5) }, "[;5]", [5], [6]],
  ["[;[", EVERY_NUMBER, "[;[", [0, -Infinity, Infinity, 1e308], [Number.NaN]],
  ["];]", EVERY_NUMBER, "[;[", [0], [Number.NaN]],
  ["[5;5]", { low: inc(5), high: inc(5) }, "[5;5]", [5], [4.999, 5.001]],
  ["[-0;0]", { low: inc(0), high: inc(0) }, "[0;0]", [0, -0], [1e-300]],
  ["[-1.5;2.25[", { low: inc(-1.5), high: exc(2.25) }, "[-1.5;2.25[", [-1.5, 2], [2.25]],
  ["[1e3;1E+4]", { low: inc(1000), high: inc(10000) }, "[1000;10000]", [1000], [999]],
  ["[1.50;2.0e1]", { low: inc(1.5), high: inc(20) }, "[1.5;20]", [1.5, 20], [1.49]],
  ["[0.1;1e21]", { low: inc(0.1), high: inc(1e21) }, "[0.1;1e+21]", [1e21], [1.1e21]],
  ["[1e-7;007]", { low: inc(1e-7), high: inc(7) }, "[1e-7;7]", [7], [0]],
  ["[;-3[", { low: inf, high: exc(-3) }, "[;-3[", [-4], [-3]],
];

// One row: the text, the code, offset and length.
const INVALID: readonly [string, string, number, number][] = [
  ["", "MISSING_OPENING_BRACKET", 0, 0],
  ["10;20]", "MISSING_OPENING_BRACKET", 0, 1],
  ["(10;20)", "MISSING_OPENING_BRACKET", 0, 1],
  [" [1;2]", "MISSING_OPENING_BRACKET", 0, 1],
  ["[", "MISSING_SEMICOLON", 1, 0],
  ["[10", "MISSING_SEMICOLON", 3, 0],
  ["[10]", "MISSING_SEMICOLON", 3, 1],
  ["[10,20]", "BAD_NUMBER", 1, 5],
  ["[10;", "MISSING_CLOSING_BRACKET", 4, 0],
  ["[10;20", "MISSING_CLOSING_BRACKET", 6, 0],
  ["[1;2;3]", "MISSING_CLOSING_BRACKET", 4, 1],
  ["[abc;5]", "BAD_NUMBER", 1, 3],
  ["[ 1;5]", "BAD_NUMBER", 1, 2],
  ["[1 ;5]", "BAD_NUMBER", 1, 2],
  ["[+1;5]", "BAD_NUMBER", 1, 2],
  ["[.5;5]", "BAD_NUMBER", 1, 2],
  ["[5.;6]", "BAD_NUMBER", 1, 2],
  ["[1;5e]", "BAD_NUMBER", 3, 2],
  ["[1;Infinity]", "BAD_NUMBER", 3, 8],
  ["[1;NaN]", "BAD_NUMBER", 3, 3],
  ["[-;5]", "BAD_NUMBER", 1, 1],
  ["[0x10;20]", "BAD_NUMBER", 1, 4],
  ["[1e999;[", "NUMBER_OUT_OF_RANGE", 1, 5],
  ["[;-1e400]", "NUMBER_OUT_OF_RANGE", 2, 6],
  ["[1;2] ", "TRAILING_TEXT", 5, 1],
  ["[1;2]]", "TRAILING_TEXT", 5, 1],
  ["[1;2]x;y", "TRAILING_TEXT", 5, 3],
  ["[5;3]", "EMPTY_INTERVAL", 0, 5],
  ["[5;5[", "EMPTY_INTERVAL", 0, 5],
  ["]5;5]", "EMPTY_INTERVAL", 0, 5],
  ["]-0;0[", "EMPTY_INTERVAL", 0, 6],
  ["[1;2[3", "TRAILING_TEXT", 5, 1],
];

describe("parseInterval: valid intervals", () => {
  it.each(VALID)("%s", (text, interval, canonical, inside, outside) => {
    const result = parseInterval(text);
    expect(result).toEqual(interval);
    expect(safeParseInterval(text)).toEqual({ success: true, data: interval });
    expect(formatInterval(result)).toBe(canonical);
    for (const value of inside) expect(intervalContains(result, value)).toBe(true);
    for (const value of outside) expect(intervalContains(result, value)).toBe(false);
  });
});

describe("parseInterval: invalid intervals", () => {
  it.each(INVALID)("%j fails with %s at %i (length %i)", (text, code, offset, length) => {
    const result = safeParseInterval(text);
    if (result.success) throw new Error(`expected ${JSON.stringify(text)} to be rejected`);
    expect(result.error).toBeInstanceOf(IntervalSyntaxError);
    expect(result.error).toMatchObject({ code, offset, length, input: text });
    expect(result.error.message).toMatch(/^interval: \S.* at column \d+\n {2}.*\n {2}\s*\^+$/);
    expect(() => parseInterval(text)).toThrow(result.error.message);
  });

  it("names the column and puts a caret under the bad number", () => {
    expect(() => parseInterval("[1;2x]")).toThrow(
      'interval: "2x" is not a number: write digits with an optional "-", fraction and exponent, no spaces. at column 4\n  [1;2x]\n     ^^',
    );
  });
});

describe("EVERY_NUMBER", () => {
  it("prints as the API's default `[;[` and keeps -0 as 0 in bounds", () => {
    expect(formatInterval(EVERY_NUMBER)).toBe("[;[");
    expect(Object.is(parseInterval("[-0;[").low.value, 0)).toBe(true);
  });
});
