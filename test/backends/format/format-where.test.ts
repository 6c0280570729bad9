import { describe, expect, it } from "vitest";
import {
  and,
  comparison,
  inList,
  nullCheck,
  or,
  pattern,
  type WhereExpression,
} from "../../../src/ast/where.ts";
import { formatWhere } from "../../../src/backends/format/format-where.ts";

describe("formatWhere: canonical text (grammar/language.md 2.6)", () => {
  // One row: a tree built by hand, its canonical text.
  const rows: [string, WhereExpression, string][] = [
    ["comparators without spaces", comparison("rank", ">=", "2"), "rank>=2"],
    ["a bare value", comparison("type.id", "=", "FOLDER"), "type.id=FOLDER"],
    ["an empty value quoted", comparison("a", "=", ""), 'a=""'],
    ["white space quoted", comparison("a", "=", "x y"), 'a="x y"'],
    ["inner quotes doubled", comparison("a", "=", 'say "hi"'), 'a="say ""hi"""'],
    ["a leading operator character quoted", comparison("a", "=", "=x"), 'a="=x"'],
    ["an operator character inside stays bare", comparison("a", "=", "x=y!"), "a=x=y!"],
    ["parentheses and commas quoted", comparison("a", "!=", "f(x,y)"), 'a!="f(x,y)"'],
    ["keywords as values stay bare", comparison("a", "<", "AND"), "a<AND"],
    ["a star in a value stays bare", comparison("a", "<=", "*"), "a<=*"],
    ["astral text stays bare", comparison("a", ">", "😀"), "a>😀"],
    ["contains", pattern("name", "contains", "java"), "name~java"],
    ["starts with", pattern("name", "startsWith", "src/"), "name~src/*"],
    ["ends with", pattern("name", "endsWith", ".java"), "name~*.java"],
    ["a star in a pattern is quoted", pattern("name", "endsWith", "a*b"), 'name~*"a*b"'],
    [
      "a spaced pattern is quoted",
      pattern("path", "startsWith", "src/main dir"),
      'path~"src/main dir"*',
    ],
    ["IN lists without spaces", inList("status", ["OPEN", "NEW"]), "status IN (OPEN,NEW)"],
    ["NOT IN with a quoted value", inList("s", ["a b", "c"], true), 's NOT IN ("a b",c)'],
    ["IS NULL", nullCheck("owner"), "owner IS NULL"],
    ["IS NOT NULL", nullCheck("owner", true), "owner IS NOT NULL"],
    [
      "OR inside AND in parentheses",
      and(or(comparison("a", "=", "1"), comparison("b", "=", "2")), comparison("c", "=", "3")),
      "(a=1 OR b=2) AND c=3",
    ],
    [
      "AND inside OR without parentheses",
      or(and(comparison("a", "=", "1"), comparison("b", "=", "2")), comparison("c", "=", "3")),
      "a=1 AND b=2 OR c=3",
    ],
  ];
  it.each(rows)("%s", (_, ast, text) => {
    expect(formatWhere(ast)).toBe(text);
  });

  it("flattens AND in AND and OR in OR even in trees built by hand", () => {
    const a = comparison("a", "=", "1");
    const b = comparison("b", "=", "2");
    const c = comparison("c", "=", "3");
    const nestedAnd = {
      kind: "and",
      operands: [a, { kind: "and", operands: [b, c], span: a.span }],
      span: a.span,
    } as const;
    const nestedOr = {
      kind: "or",
      operands: [{ kind: "or", operands: [a, b], span: a.span }, c],
      span: a.span,
    } as const;
    expect(formatWhere(nestedAnd)).toBe("a=1 AND b=2 AND c=3");
    expect(formatWhere(nestedOr)).toBe("a=1 OR b=2 OR c=3");
  });
});
