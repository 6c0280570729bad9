import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type DefinitionIssue,
  QueryDefinitionError,
} from "../../src/errors/query-definition-error.ts";
import { parseQueryDefinition, safeParseQueryDefinition } from "../../src/query/definition.ts";
import { formatInterval } from "../../src/query/interval.ts";
import type { QueryDefinition } from "../../src/query/types.ts";

interface ExpectedIssue {
  readonly pointer: string;
  readonly code: string;
  readonly offset?: number;
  readonly length?: number;
}

interface Vectors {
  readonly valid: readonly {
    readonly name: string;
    readonly definition: unknown;
    readonly expected: unknown;
    readonly warnings: readonly ExpectedIssue[];
  }[];
  readonly invalid: readonly {
    readonly name: string;
    readonly definition: unknown;
    readonly issues: readonly ExpectedIssue[];
  }[];
}

const FILE = join(
  import.meta.dirname,
  "..",
  "..",
  "grammar",
  "conformance",
  "query-definitions.json",
);
const VECTORS = JSON.parse(readFileSync(FILE, "utf8")) as Vectors;

const STRUCTURE_CODES = new Set([
  "UNKNOWN_KEY",
  "WRONG_TYPE",
  "MISSING_KEY",
  "WRONG_CASE",
  "UNKNOWN_VALUE",
  "OUT_OF_RANGE",
  "NOT_APPLICABLE",
  "TOO_MANY_ITEMS",
  "TOO_LONG",
  "NESTING_TOO_DEEP",
  "PATTERNS_IGNORED",
]);

/** The vector form of a definition: intervals as canonical text, patterns as their text. */
function toVectorForm(definition: QueryDefinition): unknown {
  return {
    ...definition,
    filters: definition.filters.map((filter) => ({
      ...filter,
      data: {
        checked: filter.data.checked,
        bounds: filter.data.bounds?.map(formatInterval),
        patterns: filter.data.patterns?.map((pattern) => pattern.text),
      },
    })),
  };
}

/** The vector form of an issue: offset and length only for issues inside an interval or pattern. */
function toExpectedIssue(issue: DefinitionIssue): ExpectedIssue {
  const { pointer, code, offset, length } = issue;
  expect(STRUCTURE_CODES.has(code)).toBe(offset === undefined || length === undefined);
  return offset === undefined || length === undefined
    ? { pointer, code }
    : { pointer, code, offset, length };
}

function rejection(json: unknown): QueryDefinitionError {
  const result = safeParseQueryDefinition(json);
  if (result.success) throw new Error(`expected ${JSON.stringify(json)} to be rejected`);
  return result.error;
}

describe("grammar/conformance/query-definitions.json", () => {
  it("holds enough vectors", () => {
    expect(VECTORS.valid.length).toBeGreaterThanOrEqual(40);
    expect(VECTORS.invalid.length).toBeGreaterThanOrEqual(60);
  });

  it.each(VECTORS.valid.map((v) => [v.name, v] as const))("accepts: %s", (_name, vector) => {
    const result = safeParseQueryDefinition(vector.definition);
    if (!result.success) throw result.error;
    expect(toVectorForm(result.data)).toEqual(vector.expected);
    expect(result.warnings.map(toExpectedIssue)).toEqual(vector.warnings);
  });

  it.each(VECTORS.invalid.map((v) => [v.name, v] as const))("rejects: %s", (_name, vector) => {
    const error = rejection(vector.definition);
    expect(error.issues.map(toExpectedIssue)).toEqual(vector.issues);
  });
});

describe("parseQueryDefinition", () => {
  it("returns the definition with every default applied", () => {
    expect(parseQueryDefinition({ columns: [{ type: "INDICATOR", id: "R" }] })).toEqual({
      artefactTypes: [],
      linkType: undefined,
      linkDirection: "OUT",
      columns: [
        {
          type: "INDICATOR",
          id: "R",
          displayType: "NAME",
          useBackgroundColor: false,
          alpha: 100,
          excludingTypes: [],
        },
      ],
      orders: [],
      filters: [],
      resultSize: undefined,
      hidePath: false,
      hideRating: false,
    });
  });

  it("parses bounds to intervals with infinite bounds as null", () => {
    const definition = parseQueryDefinition({
      columns: [],
      filters: [{ type: "measure", id: "LOC", data: { bounds: ["[10;20[", "];5]"] } }],
    });
    expect(definition.filters[0]?.data).toEqual({
      checked: undefined,
      bounds: [
        { low: { value: 10, inclusive: true }, high: { value: 20, inclusive: false } },
        { low: { value: null, inclusive: false }, high: { value: 5, inclusive: true } },
      ],
      patterns: undefined,
    });
  });

  it("gives each result its own default arrays", () => {
    const a = parseQueryDefinition({ columns: [] });
    const b = parseQueryDefinition({ columns: [] });
    expect(a.filters).not.toBe(b.filters);
  });

  it("throws a QueryDefinitionError naming the pointer and the place inside the interval", () => {
    const json = {
      columns: [],
      filters: [{ type: "measure", id: "LOC", data: { bounds: ["[1;2]", "10;20["] } }],
    };
    expect(() => parseQueryDefinition(json)).toThrow(QueryDefinitionError);
    const error = rejection(json);
    expect(error).toMatchObject({
      code: "MISSING_OPENING_BRACKET",
      pointer: "/filters/0/data/bounds/1",
    });
    expect(error.issues).toEqual([
      {
        code: "MISSING_OPENING_BRACKET",
        message: 'An interval starts with "[" or "]".',
        pointer: "/filters/0/data/bounds/1",
        text: "10;20[",
        offset: 0,
        length: 1,
      },
    ]);
    expect(error.message).toBe(
      'definition: /filters/0/data/bounds/1: An interval starts with "[" or "]". at column 1 of "10;20["',
    );
  });

  it("points at a bad number inside the interval", () => {
    const error = rejection({
      columns: [],
      filters: [{ type: "measure", id: "LOC", data: { bounds: ["[1;2x]"] } }],
    });
    expect(error.issues[0]).toMatchObject({ text: "[1;2x]", offset: 3, length: 2 });
    expect(error.message).toMatch(/ at column 4 of "\[1;2x\]"$/);
  });

  it("gives a structure issue its pointer alone, no text", () => {
    expect(rejection({ columns: [], hidePath: "no" }).issues).toEqual([
      {
        code: "WRONG_TYPE",
        message: "expected a boolean, got a string",
        pointer: "/hidePath",
      },
    ]);
  });

  it.each([
    [{ columns: [{ type: "measure", id: "x" }] }, 'write "MEASURE", not "measure" (case matters)'],
    [
      { columns: [], filters: [{ type: "Info", id: "x", data: {} }] },
      'write "info", not "Info" (case matters)',
    ],
    [
      { columns: [], linkdirection: "IN" },
      'unknown key "linkdirection"; did you mean "linkDirection"?',
    ],
    [{ columns: [], links: "IN" }, 'unknown key "links"'],
    [{ columns: [], linkDirection: "UP" }, 'expected one of "OUT", "IN", got "UP"'],
    [{ columns: 1 }, "expected an array, got a number"],
    [{ columns: [], resultSize: 0 }, "expected a whole number at least 1, got 0"],
    [
      { columns: [{ type: "INDICATOR", id: "x", useBackgroundColor: true, alpha: 300 }] },
      "expected a whole number from 0 to 255, got 300",
    ],
    [
      { columns: [{ type: "INFO", id: "x", displayType: "RANK" }] },
      '"displayType" applies only to indicator columns',
    ],
    [
      { columns: [{ type: "INDICATOR", id: "x", alpha: 1 }] },
      '"alpha" applies only to columns with "useBackgroundColor": true',
    ],
    [{ columns: [{ type: "INFO" }] }, 'missing required key "id"'],
  ])("explains %j: %s", (json, message) => {
    expect(rejection(json).issues[0]?.message).toBe(message);
  });

  it("counts the other issues in the message", () => {
    const error = rejection({ columns: [{}] });
    expect(error.message).toBe(
      'definition: /columns/0/type: missing required key "type" (and 1 more)',
    );
  });

  it("names the root pointer", () => {
    expect(rejection(null).message).toBe("definition: (root): expected an object, got null");
    expect(rejection(null).pointer).toBe("");
  });

  it("reports the patterns + checked conflict to onWarning and drops the patterns", () => {
    const warnings: DefinitionIssue[] = [];
    const definition = parseQueryDefinition(
      {
        columns: [],
        filters: [{ type: "info", id: "A", data: { checked: ["x"], patterns: ["*"] } }],
      },
      { onWarning: (warning) => warnings.push(warning) },
    );
    expect(definition.filters[0]?.data.patterns).toBeUndefined();
    expect(warnings).toEqual([
      {
        code: "PATTERNS_IGNORED",
        message: '"patterns" is ignored when "checked" is given: "checked" wins',
        pointer: "/filters/0/data/patterns",
      },
    ]);
  });

  it("does not warn about an invalid definition through onWarning", () => {
    const onWarning = (): void => {
      throw new Error("no warning expected");
    };
    expect(() =>
      parseQueryDefinition(
        { filters: [{ type: "info", id: "A", data: { checked: ["x"], patterns: ["*"] } }] },
        { onWarning },
      ),
    ).toThrow(QueryDefinitionError);
  });

  it("treats __proto__ as an unknown key and pollutes nothing", () => {
    const json = JSON.parse('{"columns":[],"__proto__":{"hidePath":true}}') as unknown;
    expect(rejection(json).issues.map((i) => [i.pointer, i.code])).toEqual([
      ["/__proto__", "UNKNOWN_KEY"],
    ]);
    expect(({} as Record<string, unknown>).hidePath).toBeUndefined();
  });

  it("never throws anything but a QueryDefinitionError, whatever the input", () => {
    fc.assert(
      fc.property(fc.anything(), (json) => {
        const result = safeParseQueryDefinition(json);
        if (!result.success) expect(result.error.issues.length).toBeGreaterThan(0);
        expect(() => {
          try {
            parseQueryDefinition(json);
          } catch (error) {
            if (!(error instanceof QueryDefinitionError)) throw error;
          }
        }).not.toThrow();
      }),
    );
  });

  it("handles a cyclic object without looping", () => {
    const column: Record<string, unknown> = { type: "MEASURE", id: "x" };
    column.self = column;
    expect(rejection({ columns: [column] }).issues.map((i) => i.code)).toEqual(["UNKNOWN_KEY"]);
  });
});
