import { describe, expect, it } from "vitest";
import {
  ANY_TEXT,
  compileGlob,
  formatGlob,
  parseGlob,
  safeParseGlob,
} from "../../src/query/glob.ts";

// One row: the pattern, its canonical text, texts it matches, texts it does not match.
const CASES: readonly [string, string, readonly string[], readonly string[]][] = [
  ["*", "*", ["", "a", "anything at all", "😀"], []],
  ["", "", [""], ["a", " "]],
  ["abc", "abc", ["abc"], ["ab", "abcd", "ABC", "xabc"]],
  ["?", "?", ["a", "?", "*", "😀", "é"], ["", "ab", "e\u0301"]],
  ["??", "??", ["ab", "😀😀", "a😀"], ["😀", "abc"]],
  ["*.java", "*.java", ["Main.java", ".java", "a.b.java"], ["Main.jav", "Main.java.bak"]],
  ["src/*", "src/*", ["src/", "src/a/b"], ["src", "lib/src/a"]],
  ["a*b*c", "a*b*c", ["abc", "aXbYc", "abbc", "acbc"], ["acb", "ab", "bac"]],
  ["***", "*", ["", "x"], []],
  ["a**b", "a*b", ["ab", "aXXb"], ["a", "ba"]],
  ["*a*", "*a*", ["a", "xax", "aa"], ["", "bcd"]],
  ["a?c", "a?c", ["abc", "a😀c", "a?c"], ["ac", "abbc", "a\ud83dc\u0000"]],
  ["*?", "*?", ["a", "ab"], [""]],
  ["?*?", "?*?", ["ab", "abc"], ["a"]],
  ["*ab*ab*", "*ab*ab*", ["abab", "xabyabz"], ["aba", "ab"]],
  ["*aab", "*aab", ["aaab", "aab"], ["aaba", "ab"]],
  ["[a]\\*", "[a]\\*", ["[a]\\", "[a]\\xyz"], ["a", "[a]"]],
  ["😀*", "😀*", ["😀", "😀x"], ["\ud83d", "x😀"]],
  ["\ud83d?", "\ud83d?", ["\ud83dx", "\ud83d\ud83d"], ["😀", "\ud83d"]],
  ["*a*a*a*a*a*b", "*a*a*a*a*a*b", ["aaaaab", "xaxaxaxaxaxb"], ["aaaab", "aaaaaa", "aaaaaba"]],
  ["*a?c*", "*a?c*", ["abc", "aac", "xxaxcxx"], ["ac", "abbc"]],
];

describe("globs", () => {
  it.each(CASES)("%j", (text, canonical, matching, notMatching) => {
    const parsed = parseGlob(text);
    expect(parsed).toEqual({ text });
    expect(safeParseGlob(text)).toEqual({ success: true, data: parsed });
    expect(formatGlob(parsed)).toBe(canonical);
    const matches = compileGlob(parsed);
    for (const item of matching) expect(matches(item), item).toBe(true);
    for (const item of notMatching) expect(matches(item), item).toBe(false);
  });

  it("takes a pattern's text as well, and refuses anything else with a TypeError", () => {
    expect(compileGlob("*.java")("Main.java")).toBe(true);
    expect(compileGlob("*.java")("Main.jav")).toBe(false);
    expect(formatGlob("a**b")).toBe("a*b");
    for (const bad of [undefined, null, 42, {}, { text: 1 }, Object.create({ text: "*" })]) {
      expect(() => compileGlob(bad as never)).toThrow("a pattern is a string or { text: string }");
      expect(() => formatGlob(bad as never)).toThrow(TypeError);
    }
  });

  it("ANY_TEXT is `*`", () => {
    expect(formatGlob(ANY_TEXT)).toBe("*");
    expect(compileGlob(ANY_TEXT)("")).toBe(true);
  });

  it("answers the pathological pattern on 10,000 characters", () => {
    const matches = compileGlob({ text: "*a*a*a*a*a*b" });
    expect(matches("a".repeat(10_000))).toBe(false);
    expect(matches(`${"a".repeat(10_000)}b`)).toBe(true);
    expect(compileGlob({ text: `*${"a".repeat(40)}?b*` })("a".repeat(10_000))).toBe(false);
    expect(compileGlob({ text: `*${"?a".repeat(40)}b` })(`${"xa".repeat(5_000)}b`)).toBe(true);
  });
});
