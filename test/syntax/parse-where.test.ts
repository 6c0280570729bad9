import { describe, expect, it } from "vitest";
import { removeSpans } from "../../src/arbitraries/index.ts";
import { formatWhere } from "../../src/backends/format/format-where.ts";
import { MAX_DEPTH_LIMIT } from "../../src/base/limits.ts";
import { QuerySyntaxError } from "../../src/errors/errors.ts";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { parseWhere, safeParseWhere } from "../../src/syntax/parse-where.ts";

function syntaxError(text: string, options = {}): QuerySyntaxError {
  const result = safeParseWhere(text, options);
  if (result.success) throw new Error(`expected ${JSON.stringify(text)} to be rejected`);
  return result.error as QuerySyntaxError;
}

describe("parseWhere: the examples of grammar/language.md section 2", () => {
  // One row: input, canonical text.
  const rows: [string, string][] = [
    ["type.id=FOLDER AND rank>=2", "type.id=FOLDER AND rank>=2"],
    ["name~*.java", "name~*.java"],
    ["status IN (OPEN,NEW)", "status IN (OPEN,NEW)"],
    ["name=OR", "name=OR"], // 2.1: a value is read only where the grammar expects one
    ['name="abc"', "name=abc"], // 2.3: quoting is lexical
    ['rank>="2"', "rank>=2"],
    ["f~*x*", "f~x"], // 2.6
    ["f~x*", "f~x*"],
    ["f~*x", "f~*x"],
    ["f NOT IN (a,b)", "f NOT IN (a,b)"],
    ["f IS NULL", "f IS NULL"],
    ["f IS NOT NULL", "f IS NOT NULL"],
    ["analysisTime=2024-03-01", "analysisTime=2024-03-01"],
    ["analysisTime>2024-03-01", "analysisTime>2024-03-01"],
    ["branches.name=x", "branches.name=x"],
  ];
  it.each(rows)("%s -> %s", (input, canonical) => {
    expect(formatWhere(parseWhere(input))).toBe(canonical);
  });

  it("rejects the examples the reference rejects", () => {
    expect(syntaxError("rank>==2")).toMatchObject({ code: "UNEXPECTED_TOKEN", offset: 6 });
    expect(syntaxError("name~*")).toMatchObject({ code: "EMPTY_PATTERN", offset: 5 });
    expect(syntaxError('name~""')).toMatchObject({ code: "EMPTY_PATTERN", offset: 5 });
    expect(syntaxError("f IN ()")).toMatchObject({ code: "UNEXPECTED_TOKEN", offset: 6 });
  });
});

describe("parseWhere: the tree", () => {
  it("builds plain, JSON-serialisable nodes with spans", () => {
    const ast = parseWhere('a = "x y" AND b~*z');
    expect(JSON.parse(JSON.stringify(ast))).toEqual(ast);
    expect(ast).toEqual({
      kind: "and",
      span: { start: 0, end: 18 },
      operands: [
        {
          kind: "comparison",
          operator: "=",
          path: { kind: "path", segments: ["a"], span: { start: 0, end: 1 } },
          value: { kind: "literal", text: "x y", span: { start: 4, end: 9 } },
          span: { start: 0, end: 9 },
        },
        {
          kind: "pattern",
          mode: "endsWith",
          path: { kind: "path", segments: ["b"], span: { start: 14, end: 15 } },
          value: { kind: "literal", text: "z", span: { start: 17, end: 18 } },
          span: { start: 14, end: 18 },
        },
      ],
    });
  });

  it("makes AND bind tighter than OR and flattens both (2.2, 2.6)", () => {
    const ast = parseWhere("a=1 OR b=2 AND c=3 OR (d=4 OR e=5) AND (f=6 AND g=7)");
    expect(removeSpans(ast)).toMatchObject({
      kind: "or",
      operands: [
        { kind: "comparison" },
        { kind: "and", operands: [{ kind: "comparison" }, { kind: "comparison" }] },
        {
          kind: "and",
          operands: [
            { kind: "or", operands: [{}, {}] },
            { kind: "comparison" },
            { kind: "comparison" },
          ],
        },
      ],
    });
    expect(formatWhere(ast)).toBe("a=1 OR b=2 AND c=3 OR (d=4 OR e=5) AND f=6 AND g=7");
  });

  it("flattens groups of the same junction wherever they stand", () => {
    for (const text of ["(a=1 OR b=2) OR c=3", "a=1 OR (b=2 OR c=3)", "((a=1 OR b=2)) OR (c=3)"]) {
      const ast = parseWhere(text);
      expect(ast.kind === "or" && ast.operands.map((o) => o.kind)).toEqual([
        "comparison",
        "comparison",
        "comparison",
      ]);
    }
    const nested = parseWhere("a=1 AND (b=2 AND (c=3 OR d=4 AND (e=5 AND f=6)))");
    expect(formatWhere(nested)).toBe("a=1 AND b=2 AND (c=3 OR d=4 AND e=5 AND f=6)");
    expect(removeSpans(nested)).toMatchObject({
      kind: "and",
      operands: [{}, {}, { kind: "or", operands: [{}, { kind: "and", operands: [{}, {}, {}] }] }],
    });
  });

  it("keeps the text of a quoted value with its doubled quotes undone", () => {
    const ast = parseWhere('name="My ""big"" project"');
    expect(ast).toMatchObject({ value: { text: 'My "big" project' } });
  });

  it("reads keywords in any case and values that look like keywords as text", () => {
    expect(formatWhere(parseWhere("a=1 and b In (AND,or) oR c iS nOt NuLl"))).toBe(
      "a=1 AND b IN (AND,or) OR c IS NOT NULL",
    );
  });

  it("accepts white space around the whole filter (decided here)", () => {
    expect(formatWhere(parseWhere(" \t a=1\n"))).toBe("a=1");
  });
});

describe("parseWhere: errors (section 5)", () => {
  it("shows the example of section 5 exactly", () => {
    const error = syntaxError("type.id=FOLDER AND rank>=");
    expect(error).toBeInstanceOf(QuerySyntaxError);
    expect(error).toMatchObject({
      code: "UNEXPECTED_END",
      offset: 25,
      length: 0,
      line: 1,
      column: 26,
      expected: ["a value"],
    });
    expect(error.message).toBe(
      'where: expected a value after ">=" at column 26\n  type.id=FOLDER AND rank>=\n                           ^',
    );
  });

  // One row: input, code, offset, length, a piece of the message.
  const rows: [string, string, number, number, string][] = [
    ["", "UNEXPECTED_END", 0, 0, 'expected a field name or "("'],
    [
      "a",
      "UNEXPECTED_END",
      1,
      0,
      'expected an operator (= != > >= < <= ~ IN NOT IN IS NULL IS NOT NULL) after "a"',
    ],
    ["a=1 AND", "UNEXPECTED_END", 7, 0, 'expected a field name or "(" after "AND"'],
    ["(a=1", "UNEXPECTED_END", 4, 0, 'expected AND, OR or ")" after "1"'],
    [
      "a=1)",
      "UNEXPECTED_TOKEN",
      3,
      1,
      'expected AND, OR or the end of the filter after "1" but found ")"',
    ],
    ["and=1", "UNEXPECTED_TOKEN", 0, 3, "but found the keyword AND"],
    [
      "a.=1",
      "UNEXPECTED_TOKEN",
      2,
      1,
      'expected a field name after "." but found the character "="',
    ],
    [
      "a..b=1",
      "UNEXPECTED_TOKEN",
      2,
      1,
      'expected a field name after "." but found the character "."',
    ],
    ["a=1 # b", "UNEXPECTED_TOKEN", 4, 1, 'but found the character "#"'],
    ["a IN x", "UNEXPECTED_TOKEN", 5, 1, 'expected "(" and a list of values after "IN"'],
    ["a IN (x y)", "UNEXPECTED_TOKEN", 8, 1, 'expected "," or ")" after "x"'],
    ["a NOT b", "UNEXPECTED_TOKEN", 6, 1, 'expected IN after "NOT"'],
    ["a IS b", "UNEXPECTED_TOKEN", 5, 1, 'expected NULL or NOT NULL after "IS"'],
    ["a IS NOT NUL", "UNEXPECTED_TOKEN", 9, 3, 'expected NULL after "NOT"'],
    ["a~(", "UNEXPECTED_TOKEN", 2, 1, 'expected a pattern after "~"'],
    ['a="abc', "UNTERMINATED_QUOTE", 2, 1, "this quote is never closed"],
    ['a IN ("x,y)', "UNTERMINATED_QUOTE", 6, 1, "never closed"],
    ['a~*"abc', "UNTERMINATED_QUOTE", 3, 1, "never closed"],
    ["(a=1)AND b=2", "MISSING_WHITESPACE", 5, 3, "expected white space before AND"],
    ['a="x"OR b=2', "MISSING_WHITESPACE", 5, 2, "expected white space before OR"],
    ["a=1 AND(b=2)", "MISSING_WHITESPACE", 7, 1, "expected white space after AND"],
    ["a~**", "EMPTY_PATTERN", 2, 2, "a pattern must not be empty"],
    ["a~a*b", "MISPLACED_WILDCARD", 3, 1, 'quote the text to match a literal "*"'],
    ["a~*a*b*", "MISPLACED_WILDCARD", 4, 1, "wildcard"],
    ["a~=b", "UNEXPECTED_TOKEN", 2, 1, 'expected a pattern after "~" but found "="'],
    ['a~**"x"', "MISPLACED_WILDCARD", 3, 1, "wildcard"],
    ['a~b*"x"', "MISPLACED_WILDCARD", 3, 1, "wildcard"],
    ['a~b**"x"', "MISPLACED_WILDCARD", 3, 1, "wildcard"],
    ['a~*b*"x"*', "MISPLACED_WILDCARD", 4, 1, "wildcard"],
  ];
  it.each(rows)("%j -> %s at %i", (input, code, offset, length, words) => {
    const error = syntaxError(input);
    expect({ code: error.code, offset: error.offset, length: error.length }).toEqual({
      code,
      offset,
      length,
    });
    expect(error.message).toContain(words);
  });

  it("gives line and column on later lines, and a caret under the right character", () => {
    const error = syntaxError("a=1 AND\n\tb>=\n");
    expect(error).toMatchObject({ line: 3, column: 1, offset: 13 });
    const tabbed = syntaxError("a=1 AND\n\tb>!");
    expect(tabbed).toMatchObject({ line: 2, column: 4 });
    expect(tabbed.message).toBe(
      'where: expected a value after ">" but found the character "!" at line 2, column 4\n  \tb>!\n  \t  ^',
    );
  });

  it("cuts long lines around the position", () => {
    const text = `${"a=1 AND ".repeat(50)}b>=`;
    const lines = syntaxError(text).message.split("\n");
    expect(lines[1]?.length).toBeLessThan(90);
    expect(lines[1]).toMatch(/^ {2}…/);
    expect(lines[2]?.endsWith("^")).toBe(true);
  });

  it.each([
    ["a=1\u00a0AND b=2", 3, "found U+00A0 NO-BREAK SPACE"],
    ["a=1 AND b=2\u200b", 11, "found U+200B ZERO WIDTH SPACE"],
    ["\ufeffa=1", 0, "found U+FEFF ZERO WIDTH NO-BREAK SPACE"],
    ["name~ab\u202ec", 7, "found U+202E RIGHT-TO-LEFT OVERRIDE"],
    ["a=\u0007", 2, "found U+0007 (a control character)"],
    ["a IN (x,\u2003y)", 8, "found U+2003 EM SPACE"],
  ])("names an invisible character, never printing it bare: %j", (text, offset, words) => {
    const error = syntaxError(text);
    expect(error).toMatchObject({ code: "UNEXPECTED_TOKEN", offset, length: 1 });
    expect(error.message.split("\n")[0]).toContain(words);
  });

  it("shows invisible characters escaped in the text it quotes", () => {
    const first = syntaxError('a="x\u00a0y" b=1').message.split("\n")[0];
    expect(first).toBe(
      'where: expected AND, OR or the end of the filter after "\\"x\\u00A0y\\"" but found "b" at column 9',
    );
    expect(first).not.toContain("\u00a0");
  });

  it("marks an astral character with one caret", () => {
    const error = syntaxError("😀=1");
    expect(error).toMatchObject({ offset: 0, length: 2 });
    expect(error.message.endsWith("\n  ^")).toBe(true);
  });
});

describe("parseWhere: limits (1.4)", () => {
  it("rejects input over maxLength before reading it", () => {
    const text = `a=${"x".repeat(1_000_000)}`;
    expect(syntaxError(text)).toMatchObject({ code: "INPUT_TOO_LONG", offset: 8192 });
    expect(syntaxError("a=12345", { maxLength: 4 })).toMatchObject({
      code: "INPUT_TOO_LONG",
      offset: 4,
      length: 3,
    });
  });

  it("rejects nesting past maxDepth at the first parenthesis too deep", () => {
    const deep = `${"(".repeat(5000)}a=1${")".repeat(5000)}`;
    expect(syntaxError(deep, { maxLength: Infinity })).toMatchObject({
      code: "NESTING_TOO_DEEP",
      offset: 64,
    });
    expect(syntaxError("((a=1))", { maxDepth: 1 })).toMatchObject({
      code: "NESTING_TOO_DEEP",
      offset: 1,
    });
    expect(formatWhere(parseWhere("((a=1))", { maxDepth: 2 }))).toBe("a=1");
    const allowed = `${"(".repeat(MAX_DEPTH_LIMIT)}a=1${")".repeat(MAX_DEPTH_LIMIT)}`;
    expect(formatWhere(parseWhere(allowed, { maxDepth: MAX_DEPTH_LIMIT }))).toBe("a=1");
  });

  it("does not count IN list parentheses as nesting", () => {
    expect(formatWhere(parseWhere("(a IN (x))", { maxDepth: 1 }))).toBe("a IN (x)");
  });

  it("refuses limits it cannot honour", () => {
    expect(() => parseWhere("a=1", { maxDepth: MAX_DEPTH_LIMIT + 1 })).toThrow(InvalidOptionError);
    expect(() => parseWhere("a=1", { maxDepth: 1.5 })).toThrow(/parseWhere: option maxDepth/);
  });

  it("parses a megabyte of filter when the length limit allows it", () => {
    const text = `${"rank>=2 AND ".repeat(90_000)}a=1`;
    expect(text.length).toBeGreaterThan(1_000_000);
    const ast = parseWhere(text, { maxLength: Infinity });
    expect(ast.kind === "and" && ast.operands.length).toBe(90_001);
  });
});

describe("safeParseWhere", () => {
  it("returns the tree or the error", () => {
    expect(safeParseWhere("a=1")).toMatchObject({ success: true, data: { kind: "comparison" } });
    const failed = safeParseWhere("a=");
    expect(failed.success).toBe(false);
    expect(!failed.success && failed.error).toBeInstanceOf(QuerySyntaxError);
  });
});
