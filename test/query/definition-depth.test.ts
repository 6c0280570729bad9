import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { QueryDefinitionError } from "../../src/errors/query-definition-error.ts";
import {
  DEFINITION_MAX_DEPTH,
  parseQueryDefinition,
  safeParseQueryDefinition,
} from "../../src/query/definition.ts";
import { runs } from "../support/runs.ts";

/** `inner` inside `levels` arrays, built without recursion. */
function nest(inner: unknown, levels: number): unknown {
  let value = inner;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

function issuesOf(json: unknown): [string | undefined, string][] {
  const result = safeParseQueryDefinition(json);
  if (result.success) throw new Error("expected the definition to be rejected");
  return result.error.issues.map((issue) => [issue.pointer, issue.code]);
}

const zeros = (count: number) => "/0".repeat(count);

describe("safeParseQueryDefinition on deep JSON", () => {
  it("reports a 10 KB body of arrays 5,000 deep, read from JSON text, as NESTING_TOO_DEEP", () => {
    const text = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const result = safeParseQueryDefinition(JSON.parse(text));
    if (result.success) throw new Error("accepted");
    expect(result.error.issues).toEqual([
      {
        code: "NESTING_TOO_DEEP",
        message: "an array nested 65 levels deep: a definition nests at most 64 arrays and objects",
        pointer: zeros(64),
      },
    ]);
    expect(result.error.message).toBe(
      `definition: ${zeros(64)}: an array nested 65 levels deep: a definition nests at most 64 arrays and objects`,
    );
  });

  it("reports an object built 100,000 levels deep at the first value past the limit", () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) deep = { "a/b": deep };
    expect(issuesOf({ columns: [], filters: [{ data: deep }] })).toEqual([
      [`/filters/0/data${"/a~1b".repeat(61)}`, "NESTING_TOO_DEEP"],
    ]);
    expect(() => parseQueryDefinition(deep)).toThrow(QueryDefinitionError);
  });

  it("reports it alone, before every other problem", () => {
    expect(issuesOf({ colums: 1, filters: nest(1, 70), hidePath: "no" })).toEqual([
      [`/filters${zeros(63)}`, "NESTING_TOO_DEEP"],
    ]);
  });

  it(`checks ${DEFINITION_MAX_DEPTH} levels as usual`, () => {
    expect(issuesOf({ columns: [], filters: nest([], DEFINITION_MAX_DEPTH - 2) })).toEqual([
      ["/filters/0", "WRONG_TYPE"],
    ]);
    expect(issuesOf({ columns: [], filters: nest([], DEFINITION_MAX_DEPTH - 1) })).toEqual([
      [`/filters${zeros(63)}`, "NESTING_TOO_DEEP"],
    ]);
  });

  it("finds the first too-deep value in document order, not the deepest", () => {
    expect(issuesOf({ a: nest(1, 100), b: nest(1, 1000) })).toEqual([
      [`/a${zeros(63)}`, "NESTING_TOO_DEEP"],
    ]);
  });

  it("treats a cycle as what it is, not as depth", () => {
    const column: Record<string, unknown> = { type: "MEASURE", id: "x" };
    column.self = column;
    expect(issuesOf({ columns: [column] })).toEqual([["/columns/0/self", "UNKNOWN_KEY"]]);
    const cyclicDeep: unknown[] = [];
    cyclicDeep.push(nest(cyclicDeep, 100));
    expect(issuesOf({ columns: cyclicDeep })).toEqual([
      [`/columns${zeros(63)}`, "NESTING_TOO_DEEP"],
    ]);
  });

  it("measures a value shared between members along each path", () => {
    const short = nest(1, 10);
    expect(issuesOf({ columns: [], a: short, b: nest(short, 60) })).toEqual([
      [`/b${zeros(63)}`, "NESTING_TOO_DEEP"],
    ]);
  });

  it("never throws, whatever is nested how deep", () => {
    fc.assert(
      fc.property(fc.anything(), fc.integer({ min: 0, max: 20_000 }), (inner, levels) => {
        const result = safeParseQueryDefinition({ columns: nest(inner, levels) });
        if (!result.success) expect(result.error).toBeInstanceOf(QueryDefinitionError);
        if (levels > DEFINITION_MAX_DEPTH) expect(result.success).toBe(false);
      }),
      { numRuns: runs(60) },
    );
  });
});
