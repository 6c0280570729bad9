import { describe, expect, it } from "vitest";
import * as main from "../../src/index.ts";
import { QaqlError, QueryError } from "../../src/index.ts";
import * as list from "../../src/list/index.ts";
import * as query from "../../src/query/index.ts";
import * as jsonSchema from "../../src/schema/index.ts";

// The entries that throw errors about their input, `qaql`, `qaql/list`, `qaql/query` and
// `qaql/json-schema`, as one
// namespace.
const qaql = { ...main, ...list, ...query, ...jsonSchema };

import { ERROR_CASES, thrown } from "./error-cases.ts";

// One row per error class: how to cause it, and the exact body `toJSON()` gives an HTTP API.
const BODIES: readonly (readonly [string, () => unknown, Record<string, unknown>])[] = [
  [
    "QuerySyntaxError",
    // @ts-expect-error: expected a value after "="
    () => qaql.parseWhere("a="),
    {
      code: "UNEXPECTED_END",
      message: 'where: expected a value after "=" at column 3',
      parameter: "where",
      offset: 2,
      length: 0,
      line: 1,
      column: 3,
      input: "a=",
      diagnostic: 'where: expected a value after "=" at column 3\n  a=\n    ^',
      expected: ["a value"],
    },
  ],
  [
    "QueryValidationError",
    // @ts-expect-error: unknown field "nope"
    () => qaql.parseWhere("id=1 AND\nnope=1", { schema: qaql.schemas.project }),
    {
      code: "UNKNOWN_FIELD",
      message: 'where: unknown field "nope" at line 2, column 1',
      parameter: "where",
      offset: 9,
      length: 4,
      line: 2,
      column: 1,
      input: "id=1 AND\nnope=1",
      diagnostic: 'where: unknown field "nope" at line 2, column 1\n  nope=1\n  ^^^^',
      issues: [
        expect.objectContaining({
          code: "UNKNOWN_FIELD",
          message: 'unknown field "nope"',
          offset: 9,
          length: 4,
          line: 2,
          column: 1,
        }),
      ],
    },
  ],
  [
    "QueryParameterError",
    () => qaql.readListRequest("size=5000"),
    {
      code: "SIZE_TOO_LARGE",
      message: "size: a page holds at most 1000 items, so the size cannot be 5000 at column 1",
      parameter: "size",
      offset: 0,
      length: 4,
      line: 1,
      column: 1,
      input: "5000",
      diagnostic:
        "size: a page holds at most 1000 items, so the size cannot be 5000 at column 1\n  5000\n  ^^^^",
    },
  ],
  [
    "IntervalSyntaxError",
    () => qaql.parseInterval("[1;"),
    {
      code: "MISSING_CLOSING_BRACKET",
      message: 'interval: An interval ends with "]" or "[". at column 4',
      offset: 3,
      length: 0,
      line: 1,
      column: 4,
      input: "[1;",
      diagnostic: 'interval: An interval ends with "]" or "[". at column 4\n  [1;\n     ^',
    },
  ],
  [
    "QueryDefinitionError",
    () =>
      qaql.parseQueryDefinition({
        columns: [{ type: "INFO" }],
        filters: [{ type: "measure", id: "LOC", data: { bounds: ["[1;2x]"] } }],
      }),
    {
      code: "MISSING_KEY",
      message: 'definition: /columns/0/id: missing required key "id" (and 1 more)',
      pointer: "/columns/0/id",
      issues: [
        { code: "MISSING_KEY", message: 'missing required key "id"', pointer: "/columns/0/id" },
        {
          code: "BAD_NUMBER",
          message:
            '"2x" is not a number: write digits with an optional "-", fraction and exponent, no spaces.',
          pointer: "/filters/0/data/bounds/0",
          text: "[1;2x]",
          offset: 3,
          length: 2,
        },
      ],
    },
  ],
  [
    "InvalidAstError",
    () => qaql.formatWhere({ kind: "comparison" } as never),
    {
      code: "INVALID_AST",
      message:
        'where AST at /operator: expected one of "=", "!=", ">", ">=", "<" or "<="; found nothing',
      language: "where",
      pointer: "/operator",
      expected: 'one of "=", "!=", ">", ">=", "<" or "<="',
      found: "nothing",
    },
  ],
  [
    "InvalidOptionError",
    () => qaql.compileWhere("a=1", { timeZone: 3 } as never),
    {
      code: "INVALID_OPTION",
      message: "compileWhere: option timeZone: expected a string; found 3",
      caller: "compileWhere",
      option: "timeZone",
    },
  ],
  [
    "SchemaDefinitionError",
    () => qaql.defineSchema({ a: { b: "text" } } as never),
    {
      code: "INVALID_SCHEMA",
      message:
        'defineSchema: at "a.b": unknown type "text"; expected string, integer, number, boolean, date, any, object or array',
      path: "a.b",
    },
  ],
  [
    "UnknownTimeZoneError",
    () => qaql.compileWhere("a=1", { timeZone: "Mars/Base" }),
    {
      code: "UNKNOWN_TIME_ZONE",
      message:
        'unknown time zone "Mars/Base": expected an IANA name such as "Europe/Paris" or "UTC"',
      timeZone: "Mars/Base",
    },
  ],
  [
    "UnknownArtefactError",
    () => qaql.runQuery(qaql.parseQueryDefinition({ columns: [] }), [], { artefactId: "x" }),
    { code: "UNKNOWN_ARTEFACT", message: 'no artefact has the id "x"', artefactId: "x" },
  ],
  [
    "JsonSchemaMappingError",
    () =>
      qaql.schemaFromJsonSchema({
        type: "object",
        properties: { a: { type: ["string", "integer"] } },
      }),
    {
      code: "UNMAPPABLE_JSON_SCHEMA",
      message:
        "schemaFromJsonSchema: at /properties/a, type: the type lists string, integer; a qaql field has exactly one type",
      pointer: "/properties/a",
      keyword: "type",
    },
  ],
];

/** Every class either entry exports whose name ends in `Error`. */
const exportedErrorClasses = Object.entries(qaql).flatMap(([name, value]) =>
  name.endsWith("Error") && typeof value === "function"
    ? [[name, value as { readonly prototype: object }] as const]
    : [],
);

describe("the error classes", () => {
  it("all extend QaqlError, the one base, and each has a row here", () => {
    expect(exportedErrorClasses.length).toBeGreaterThanOrEqual(12);
    const rows = new Set(BODIES.map(([name]) => name));
    for (const [name, errorClass] of exportedErrorClasses) {
      if (name === "QaqlError") continue;
      expect(errorClass.prototype, name).toBeInstanceOf(QaqlError);
      if (name !== "QueryError") expect(rows, name).toContain(name);
    }
  });

  it("keeps the errors about a text under QueryError", () => {
    for (const errorClass of [
      qaql.QuerySyntaxError,
      qaql.QueryValidationError,
      qaql.QueryParameterError,
      qaql.IntervalSyntaxError,
    ]) {
      expect(errorClass.prototype, errorClass.name).toBeInstanceOf(QueryError);
    }
  });
});

describe("toJSON: the body an HTTP API sends", () => {
  it.each(BODIES)("%s", (name, run, body) => {
    const error = thrown(run);
    expect(error).toBeInstanceOf(QaqlError);
    expect(error).toMatchObject({ name, code: body.code });
    const json = (error as QaqlError).toJSON();
    expect(json).toEqual(body);
    // The members come in the order of the table: code and message first.
    expect(Object.keys(json)).toEqual(Object.keys(body));
  });

  it.each(ERROR_CASES)("%s: JSON.stringify(error) is the body", (_name, run) => {
    const error = thrown(run) as QaqlError;
    expect(JSON.stringify(error)).toBe(JSON.stringify(error.toJSON()));
    expect(JSON.parse(JSON.stringify(error))).toEqual(error.toJSON());
  });

  it.each(ERROR_CASES)("%s: never shows a stack or the class name", (_name, run) => {
    const text = JSON.stringify(thrown(run));
    expect(text).not.toMatch(/"(stack|name)"/);
    expect(text).not.toMatch(/\n\s+at /);
  });

  it("gives a message that is the error's own, or its first line for a text's errors", () => {
    for (const [, run] of ERROR_CASES) {
      const error = thrown(run) as QaqlError;
      const { message } = error.toJSON();
      if (error instanceof QueryError) {
        expect(message).toBe(error.message.split("\n")[0]);
        expect(error.toJSON().diagnostic).toBe(error.message);
      } else {
        expect(message).toBe(error.message);
      }
    }
  });
});
