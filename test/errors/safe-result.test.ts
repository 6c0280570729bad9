import { describe, expect, it } from "vitest";
import {
  parseFields,
  parseWhere,
  QaqlError,
  type SafeResult,
  safeParseFields,
  safeParseWhere,
  schemas,
} from "../../src/index.ts";
import { readListRequest, safeReadListRequest } from "../../src/list/index.ts";
import {
  parseGlob,
  parseInterval,
  parseQueryDefinition,
  safeParseGlob,
  safeParseInterval,
  safeParseQueryDefinition,
} from "../../src/query/index.ts";
import { thrown } from "./error-cases.ts";

// One row per `safe…` function: its name, a call that succeeds and one that fails, and the
// throwing twin of each, which must return the same value or throw the same error.
const SAFE: readonly (readonly [
  string,
  () => SafeResult<unknown, unknown>,
  () => unknown,
  () => SafeResult<unknown, unknown>,
  () => unknown,
])[] = [
  [
    "safeParseWhere",
    () => safeParseWhere("rank>=2"),
    () => parseWhere("rank>=2"),
    () => safeParseWhere("rank>==2"),
    // @ts-expect-error: expected a value after ">="
    () => parseWhere("rank>==2"),
  ],
  [
    "safeParseWhere with a schema",
    () => safeParseWhere("id=1", { schema: schemas.project }),
    () => parseWhere("id=1", { schema: schemas.project }),
    () => safeParseWhere("nope=1", { schema: schemas.project }),
    // @ts-expect-error: unknown field "nope"
    () => parseWhere("nope=1", { schema: schemas.project }),
  ],
  [
    "safeParseFields",
    () => safeParseFields("id,name"),
    () => parseFields("id,name"),
    () => safeParseFields("id,("),
    // @ts-expect-error: expected a field name after ","
    () => parseFields("id,("),
  ],
  [
    "safeReadListRequest",
    () => safeReadListRequest("where=a%3D1&page=2"),
    () => readListRequest("where=a%3D1&page=2"),
    () => safeReadListRequest("size=5000"),
    () => readListRequest("size=5000"),
  ],
  [
    "safeParseInterval",
    () => safeParseInterval("[10;20["),
    () => parseInterval("[10;20["),
    () => safeParseInterval("10;20["),
    () => parseInterval("10;20["),
  ],
  [
    "safeParseQueryDefinition",
    () => safeParseQueryDefinition({ columns: [] }),
    () => parseQueryDefinition({ columns: [] }),
    () => safeParseQueryDefinition({ columns: 1 }),
    () => parseQueryDefinition({ columns: 1 }),
  ],
];

/** The members of a result: `success` and `data` or `error`, plus `warnings` where they exist. */
const membersOf = (result: object) => Object.keys(result).sort();

describe("every safe… function returns one shape", () => {
  it.each(SAFE)("%s", (name, succeed, parse, fail, parseFailing) => {
    const warnings = name === "safeParseQueryDefinition" ? ["warnings"] : [];
    const good = succeed();
    expect(membersOf(good)).toEqual(["data", "success", ...warnings].sort());
    expect(good).toMatchObject({ success: true, data: parse() });

    const bad = fail();
    expect(membersOf(bad)).toEqual(["error", "success", ...warnings].sort());
    if (bad.success) throw new Error("expected a failure");
    expect(bad.error).toBeInstanceOf(QaqlError);
    const error = thrown(parseFailing);
    expect(bad.error).toEqual(error);
    expect((bad.error as Error).constructor).toBe((error as Error).constructor);
  });

  it("carries the warnings either way for a query definition", () => {
    const both = { type: "info", id: "A", data: { checked: ["x"], patterns: ["*"] } };
    const valid = safeParseQueryDefinition({ columns: [], filters: [both] });
    const invalid = safeParseQueryDefinition({ columns: [], filters: [both], hidePath: 1 });
    expect(valid).toMatchObject({ success: true, warnings: [{ code: "PATTERNS_IGNORED" }] });
    expect(invalid).toMatchObject({ success: false, warnings: [] });
  });

  it("has safeParseGlob in the same shape, though no string fails it", () => {
    for (const text of ["*.java", "", "a?c", "[a]\\*"]) {
      const result = safeParseGlob(text);
      expect(membersOf(result)).toEqual(["data", "success"]);
      expect(result).toEqual({ success: true, data: parseGlob(text) });
    }
  });

  it("throws, rather than returns, what is no error of the input", () => {
    expect(() => safeParseWhere(1 as never)).toThrow(TypeError);
    expect(() => safeParseInterval(1 as never)).toThrow(TypeError);
    expect(() => safeParseGlob(1 as never)).toThrow(TypeError);
    expect(() => safeReadListRequest("", { maxSize: 0 })).toThrow(/: option maxSize:/);
  });
});
