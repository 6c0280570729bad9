import { describe, expect, it } from "vitest";
import { MAX_ISSUES } from "../../src/errors/issue-list.ts";
import { QueryDefinitionError } from "../../src/errors/query-definition-error.ts";
import { parseQueryDefinition, safeParseQueryDefinition } from "../../src/query/definition.ts";
import { DEFINITION_MAX_ITEMS, DEFINITION_MAX_LENGTH } from "../../src/query/definition-spec.ts";

function rejection(json: unknown): QueryDefinitionError {
  const result = safeParseQueryDefinition(json);
  if (result.success) throw new Error(`expected ${JSON.stringify(json).slice(0, 80)} rejected`);
  return result.error;
}

const pointersOf = (error: QueryDefinitionError) =>
  error.issues.map((issue) => [issue.pointer, issue.code]);

const ORDER = { type: "MEASURE", id: "LOC", order: "ASC", orderType: "VALUE" };

// One row: the limited array, a definition holding `count` items of it, and its pointer.
const ARRAYS: readonly [string, (count: number) => unknown, string][] = [
  ["columns", (n) => ({ columns: Array(n).fill({ type: "MEASURE", id: "LOC" }) }), "/columns"],
  ["orders", (n) => ({ columns: [], orders: Array(n).fill(ORDER) }), "/orders"],
  [
    "filters",
    (n) => ({ columns: [], filters: Array(n).fill({ type: "info", id: "A", data: {} }) }),
    "/filters",
  ],
  [
    "bounds",
    (n) => ({
      columns: [],
      filters: [{ type: "measure", id: "LOC", data: { bounds: Array(n).fill("[1;2]") } }],
    }),
    "/filters/0/data/bounds",
  ],
  [
    "patterns",
    (n) => ({
      columns: [],
      filters: [{ type: "info", id: "A", data: { patterns: Array(n).fill("a*") } }],
    }),
    "/filters/0/data/patterns",
  ],
];

describe("the item limits of a query definition (grammar/language.md 8.5)", () => {
  it("is 256 items", () => {
    expect(DEFINITION_MAX_ITEMS).toBe(256);
  });

  it.each(ARRAYS)("accepts 256 %s", (_, definitionOf) => {
    expect(safeParseQueryDefinition(definitionOf(DEFINITION_MAX_ITEMS)).success).toBe(true);
  });

  it.each(ARRAYS)(
    "reports 257 %s as TOO_MANY_ITEMS at the first item past the limit",
    (_, definitionOf, pointer) => {
      const error = rejection(definitionOf(DEFINITION_MAX_ITEMS + 1));
      expect(error.issues).toEqual([
        {
          code: "TOO_MANY_ITEMS",
          message: "an array of at most 256 items, not 257: the items from here on are not checked",
          pointer: `${pointer}/256`,
        },
      ]);
      expect(error).toMatchObject({ code: "TOO_MANY_ITEMS", pointer: `${pointer}/256` });
      expect(error.issueCount).toBe(1);
    },
  );

  it("checks the items within the limit, in document order, and none past it", () => {
    const bounds = ["x", ...Array(DEFINITION_MAX_ITEMS - 1).fill("[;["), "y", 3, null];
    const error = rejection({
      columns: [],
      filters: [{ type: "measure", id: "LOC", data: { bounds } }],
      hidePath: 1,
    });
    expect(pointersOf(error)).toEqual([
      ["/filters/0/data/bounds/0", "MISSING_OPENING_BRACKET"],
      ["/filters/0/data/bounds/256", "TOO_MANY_ITEMS"],
      ["/hidePath", "WRONG_TYPE"],
    ]);
  });

  it("leaves arrays read into a set to the body's size", () => {
    const many = Array(10_000).fill("FILE");
    const definition = parseQueryDefinition({
      artefactTypes: many,
      columns: [{ type: "INFO", id: "A", excludingTypes: many }],
      filters: [{ type: "info", id: "A", data: { checked: many } }],
    });
    expect(definition.artefactTypes).toHaveLength(10_000);
    expect(definition.filters[0]?.data.checked).toHaveLength(10_000);
  });

  it("stops 30,000 columns at the limit, with one issue", () => {
    const error = rejection({ columns: Array(30_000).fill({ type: "MEASURE", id: "LOC" }) });
    expect(pointersOf(error)).toEqual([["/columns/256", "TOO_MANY_ITEMS"]]);
    expect(error.issues[0]?.message).toMatch(/not 30000:/);
  });
});

describe("the length limit of a query definition (grammar/language.md 8.5)", () => {
  const column = (id: unknown) => ({ columns: [{ type: "MEASURE", id }] });

  it("is 256 characters", () => {
    expect(DEFINITION_MAX_LENGTH).toBe(256);
  });

  it("accepts a column id of 256 characters, counted as code points", () => {
    for (const id of ["x".repeat(256), "🙂".repeat(256), "\ud800".repeat(256)]) {
      expect(parseQueryDefinition(column(id)).columns[0]?.id).toBe(id);
    }
  });

  it("reports a column id of 257 characters as TOO_LONG, naming the limit and the length", () => {
    const error = rejection(column(`${"🙂".repeat(40)}${"x".repeat(217)}`));
    expect(error.issues).toEqual([
      {
        code: "TOO_LONG",
        message: `a string of at most 256 characters, not 257: "${"🙂".repeat(40)}…"`,
        pointer: "/columns/0/id",
      },
    ]);
    expect(error).toMatchObject({ code: "TOO_LONG", pointer: "/columns/0/id" });
  });

  it("shows 40 characters of a 900 KB id, and keeps checking in document order", () => {
    const error = rejection({
      columns: [
        { type: "INFO", id: "x".repeat(900_000), alpha: 1 },
        { type: "X", id: "A" },
      ],
    });
    expect(pointersOf(error)).toEqual([
      ["/columns/0/id", "TOO_LONG"],
      ["/columns/0/alpha", "NOT_APPLICABLE"],
      ["/columns/1/type", "UNKNOWN_VALUE"],
    ]);
    expect(error.issues[0]?.message).toBe(
      `a string of at most 256 characters, not 900000: "${"x".repeat(40)}…"`,
    );
    expect(JSON.stringify(error).length).toBeLessThan(1024);
  });

  it("leaves the strings no row repeats to the body's size", () => {
    const long = "x".repeat(10_000);
    const definition = parseQueryDefinition({
      artefactTypes: [long],
      linkType: long,
      columns: [{ type: "INFO", id: "A", excludingTypes: [long] }],
      orders: [{ type: "MEASURE", id: long, order: "ASC", orderType: "VALUE" }],
      filters: [
        { type: "info", id: long, data: { checked: [long] } },
        { type: "info", id: "A", data: { patterns: [long] } },
      ],
    });
    expect(definition.filters[0]?.id).toBe(long);
    expect(definition.filters[1]?.data.patterns?.[0]?.text).toBe(long);
  });
});

describe("the issues a query definition error keeps (grammar/language.md 5.3)", () => {
  it(`keeps the first ${MAX_ISSUES} and counts them all`, () => {
    // 256 filters of 256 bad bounds: 65,536 issues, of which the error holds 100.
    const filter = { type: "measure", id: "LOC", data: { bounds: Array(256).fill("x") } };
    const error = rejection({ columns: [], filters: Array(256).fill(filter) });
    expect(error.issueCount).toBe(256 * 256);
    expect(error.issues).toHaveLength(MAX_ISSUES);
    expect(error.issues[99]?.pointer).toBe("/filters/0/data/bounds/99");
    expect(error.message).toMatch(/\(and 65535 more\)$/);
    const json = error.toJSON();
    expect(json).toMatchObject({ issueCount: 65_536, truncated: true });
    expect(json.issues).toHaveLength(MAX_ISSUES);
    expect(Object.keys(json)).toEqual([
      "code",
      "message",
      "pointer",
      "issues",
      "issueCount",
      "truncated",
    ]);
  });

  it("adds neither issueCount nor truncated to a body of 100 issues or fewer", () => {
    const filter = { type: "measure", id: "LOC", data: { bounds: Array(100).fill("x") } };
    const error = rejection({ columns: [], filters: [filter] });
    expect(error.issueCount).toBe(100);
    expect(error.issues).toHaveLength(100);
    expect(Object.keys(error.toJSON())).toEqual(["code", "message", "pointer", "issues"]);
  });

  it("answers a 1 MiB body of empty orders with a small error", () => {
    const count = Math.floor((1024 * 1024 - 20) / 3);
    const text = `{"orders":[${Array(count).fill("{}").join(",")}]}`;
    expect(text.length).toBeLessThanOrEqual(1024 * 1024);
    const error = rejection(JSON.parse(text));
    // Four missing members in each of the first 256 orders, the 257th, then the missing columns.
    expect(error.issueCount).toBe(256 * 4 + 2);
    expect(error.issues).toHaveLength(MAX_ISSUES);
    expect(JSON.stringify(error).length).toBeLessThan(16 * 1024);
  });

  it("cuts a long key or value echoed in a message, never the pointer", () => {
    const key = "k".repeat(100_000);
    const error = rejection({ columns: [{ type: "X".repeat(100_000), id: "a" }], [key]: 1 });
    expect(error.issues.map((issue) => issue.pointer)).toEqual(["/columns/0/type", `/${key}`]);
    for (const issue of error.issues) expect(issue.message.length).toBeLessThan(200);
    expect(error.issues[1]?.message).toBe(`unknown key "${"k".repeat(40)}…" (100000 characters)`);
  });

  it("throws a RangeError for a count below the issues given", () => {
    const issue = { code: "WRONG_TYPE", message: "m", pointer: "" };
    expect(() => new QueryDefinitionError([issue, issue], 1)).toThrow(RangeError);
    expect(() => new QueryDefinitionError([issue], 1.5)).toThrow(RangeError);
    const built = new QueryDefinitionError(Array(150).fill(issue));
    expect(built.issues).toHaveLength(MAX_ISSUES);
    expect(built.issueCount).toBe(150);
  });
});
