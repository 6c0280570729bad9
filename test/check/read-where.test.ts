import { describe, expect, it } from "vitest";
import { compileWhere } from "../../src/api/compile-where.ts";
import { toSql } from "../../src/api/to-sql.ts";
import {
  and,
  comparison,
  inList,
  nullCheck,
  or,
  pattern,
  type WhereExpression,
} from "../../src/ast/where.ts";
import { formatWhere } from "../../src/backends/format/format-where.ts";
import { InvalidAstError } from "../../src/errors/invalid-input.ts";
import { buildQueryString } from "../../src/list/query-string.ts";
import { defineSchema } from "../../src/schema/schema.ts";
import { parseWhere } from "../../src/syntax/parse-where.ts";

const schema = defineSchema({ name: "string", rank: "number", ok: "boolean" });
const span = { start: 0, end: 0 };
const path = (...segments: unknown[]) => ({ kind: "path", segments, span });
const literal = (text: unknown) => ({ kind: "literal", text, span });
const compare = (operator: unknown, text: unknown = "1", field = "name"): WhereExpression =>
  ({
    kind: "comparison",
    path: path(field),
    operator,
    value: literal(text),
    span,
  }) as never;

// One row: a tree from outside, the pointer of its bad member, and what the message says there.
const rejected: [string, unknown, string, RegExp][] = [
  ["an operator carrying SQL", compare("= 1 OR 1=1 --"), "/operator", /expected one of "=", "!=",/],
  [
    "an unknown pattern mode",
    { ...pattern("name", "contains", "x"), mode: "middle" },
    "/mode",
    /"contains", "startsWith" or "endsWith"; found "middle"/,
  ],
  [
    "an object as a literal's text",
    compare("=", { toString: 1 }),
    "/value/text",
    /expected a string; found an object/,
  ],
  [
    "a string as negated",
    { ...nullCheck("name"), negated: "yes" },
    "/negated",
    /expected a boolean; found "yes"/,
  ],
  ["an unknown kind", { kind: "not", operand: compare("=") }, "/kind", /found "not"/],
  ["no kind at all", { operands: [] }, "/kind", /found nothing/],
  ["null", null, "", /expected a where node; found null/],
  ["an array", [compare("=")], "", /found an array of 1/],
  ["a path that is no identifier", compare("=", "1", "a b"), "/path/segments/0", /identifier/],
  [
    "a lone keyword as a path",
    { ...nullCheck("x"), path: path("Null") },
    "/path/segments/0",
    /not a keyword/,
  ],
  [
    "an empty path",
    { ...nullCheck("x"), path: path() },
    "/path/segments",
    /an array of identifiers; found an array of 0/,
  ],
  ["an empty pattern", pattern("name", "endsWith", ""), "/value/text", /non-empty string/],
  ["an empty IN list", { ...inList("name", ["a"]), values: [] }, "/values", /1 or more/],
  [
    "a sparse IN list",
    { ...inList("name", ["a"]), values: Object.assign(new Array(2), { 1: literal("b") }) },
    "/values/0",
    /literal node; found nothing/,
  ],
  [
    "an operand that is no node",
    { kind: "and", operands: [compare("="), "rank>1"], span },
    "/operands/1",
    /found "rank>1"/,
  ],
  [
    "a bad operand deep in a junction",
    or(compare("="), and(compare("="), compare("=="))),
    "/operands/1/operands/1/operator",
    /found "=="/,
  ],
  ["an empty junction", { kind: "or", operands: [], span }, "/operands", /1 or more/],
  ["a span that is no span", { ...compare("="), span: "0-1" }, "/span", /a span/],
  [
    "a negative offset",
    { ...compare("="), span: { start: -1, end: 0 } },
    "/span/start",
    /whole number/,
  ],
  [
    "an end before the start",
    { ...compare("="), span: { start: 5, end: 4 } },
    "/span/end",
    /≥ the start, 5/,
  ],
  [
    "a fractional offset",
    { ...compare("="), span: { start: 0.5, end: 1 } },
    "/span/start",
    /whole number/,
  ],
  ["a kind inherited, not its own", Object.create(compare("=")), "/kind", /found nothing/],
];

describe("a where AST from outside is checked before use (issue 13)", () => {
  it.each(rejected)("rejects %s at its pointer", (_, tree, pointer, message) => {
    for (const run of [
      () => formatWhere(tree as never),
      () => compileWhere(tree as never),
      () => toSql(tree as never, { dialect: "sqlite", schema }),
      () => buildQueryString({ where: tree as never }),
    ]) {
      let error: unknown;
      try {
        run();
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(InvalidAstError);
      expect(error).toMatchObject({ code: "INVALID_AST", language: "where", pointer });
      expect((error as Error).message).toMatch(message);
    }
  });

  it("never lets an operator into the SQL text: the injection of the issue is an error", () => {
    expect(() => toSql(compare("= 1 OR 1=1 --") as never, { dialect: "postgres", schema })).toThrow(
      'where AST at /operator: expected one of "=", "!=", ">", ">=", "<" or "<="; found "= 1 OR 1=1 --"',
    );
  });

  it("reads every member once, so a getter cannot show the check one tree and the compiler another", () => {
    let reads = 0;
    const tree = {
      kind: "comparison",
      path: path("name"),
      get operator() {
        reads++;
        return reads === 1 ? "=" : "= 1 OR 1=1 --";
      },
      value: literal("x"),
      span,
    };
    expect(toSql(tree as never, { dialect: "sqlite", schema }).sql).toBe(
      '"name" COLLATE BINARY = ?',
    );
    expect(reads).toBe(1);
  });

  it("shows a long bad value cut short", () => {
    const error = (() => {
      try {
        formatWhere(compare("x".repeat(100_000)) as never);
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error?.message.length).toBeLessThan(200);
    expect(error?.message).toContain("(100000 characters)");
  });

  it("accepts every tree the parser returns, and trees a client builds as JSON", () => {
    const text = '(name~*.java OR name~"a*"*) AND rank>=2 AND ok IN (true) AND name IS NOT NULL';
    const parsed = parseWhere(text);
    expect(formatWhere(JSON.parse(JSON.stringify(parsed)))).toBe(formatWhere(parsed));
    expect(toSql(JSON.parse(JSON.stringify(parsed)), { dialect: "sqlite", schema })).toEqual(
      toSql(text, { dialect: "sqlite", schema }),
    );
  });

  it("flattens nested junctions and unwraps one-operand ones, as the parser would", () => {
    const a = comparison("a", "=", "1");
    const b = comparison("b", "=", "2");
    const c = comparison("c", "=", "3");
    const oneOr = { kind: "or", operands: [{ kind: "and", operands: [b, c], span }], span };
    expect(formatWhere({ kind: "and", operands: [a, oneOr], span } as never)).toBe(
      "a=1 AND b=2 AND c=3",
    );
    expect(formatWhere({ kind: "and", operands: [a], span } as never)).toBe("a=1");
  });

  it("reads a chain of 100,000 nested ANDs, as reduce((x, y) => and(x, y)) builds it by hand", () => {
    let tree: unknown = compare("=", "0");
    for (let i = 1; i < 100_000; i++) {
      tree = { kind: "and", operands: [tree, compare("=", String(i))], span };
    }
    const matches = compileWhere(tree as never, { maxDepth: 1 });
    expect(matches({ name: "5" })).toBe(false);
    expect(formatWhere(tree as never).split(" AND ")).toHaveLength(100_000);
  });

  it("bounds the nesting the canonical text would need, and never overflows the stack", () => {
    let tree: unknown = compare("=");
    for (let i = 0; i < 100_000; i++) {
      const inner = { kind: "and", operands: [compare("="), tree], span };
      tree = { kind: "or", operands: [compare("="), inner], span };
    }
    expect(() => compileWhere(tree as never)).toThrow(/at most 256 levels of parentheses/);
    let shallow: unknown = compare("=");
    for (let i = 0; i < 3; i++) {
      shallow = {
        kind: "and",
        operands: [compare("="), { kind: "or", operands: [compare("="), shallow], span }],
        span,
      };
    }
    expect(() => compileWhere(shallow as never, { maxDepth: 2 })).toThrow(
      expect.objectContaining({
        pointer: "/operands/1/operands/1/operands/1/operands/1/operands/1",
      }),
    );
    expect(formatWhere(shallow as never)).toContain("(");
  });

  it("says what it expects of something that is no filter at all", () => {
    expect(() => compileWhere(undefined as never)).toThrow(
      "compileWhere: expected a where filter as text or AST; found nothing",
    );
    expect(() => toSql(42 as never, { dialect: "sqlite", schema })).toThrow(
      "toSql: expected a where filter as text or AST; found 42",
    );
  });
});
