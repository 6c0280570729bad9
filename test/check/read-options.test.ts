import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileFields } from "../../src/api/compile-fields.ts";
import { compileWhere } from "../../src/api/compile-where.ts";
import { toSql } from "../../src/api/to-sql.ts";
import { dialects } from "../../src/backends/sql/dialects.ts";
import { optionNamesOf } from "../../src/check/read-options.ts";
import { filterDump } from "../../src/dump/filter-dump.ts";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { SchemaDefinitionError } from "../../src/errors/schema-definition-error.ts";
import { createListHandler } from "../../src/http/list-handler.ts";
import { listRoute } from "../../src/integrations/fastify/fastify-list-route.ts";
import { diagnoseFields, diagnoseWhere } from "../../src/language-service/diagnose.ts";
import { readListRequest } from "../../src/list/read-list-request.ts";
import { listResponseJsonSchema } from "../../src/openapi/list-body-schema.ts";
import { openApiListParameters } from "../../src/openapi/list-parameters.ts";
import { schemas } from "../../src/schema/resources.ts";
import { defineSchema, MAX_SCHEMA_DEPTH } from "../../src/schema/schema.ts";
import { apiServerOpenApi } from "../../src/server/api-server-openapi.ts";
import { parseWhere } from "../../src/syntax/parse-where.ts";
import { runs } from "../support/runs.ts";

const schema = defineSchema({
  name: "string",
  day: "date",
  rank: "number",
  type: { id: "string" },
});

function optionError(run: () => unknown): InvalidOptionError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidOptionError);
    return error as InvalidOptionError;
  }
  throw new Error("expected an InvalidOptionError");
}

describe("toSql's columns are checked (issue 13)", () => {
  const sql = (columns: unknown) =>
    toSql("day=2024-03-01 AND name=x", { dialect: "sqlite", schema, columns: columns as never });

  // One row: a columns option, the member at fault, and what the message says of it.
  const rows: [unknown, string, RegExp][] = [
    [
      { day: { column: "d", dateStorage: "epochmillis" } },
      'columns["day"].dateStorage',
      /expected one of "date", "timestamp", "epochMillis" or "text"; found "epochmillis"/,
    ],
    [{ day: { column: "d", dateStorage: "DATE" } }, 'columns["day"].dateStorage', /found "DATE"/],
    [{ day: { column: "d", dateStorage: "" } }, 'columns["day"].dateStorage', /found ""/],
    [{ day: { column: "d", dateStorage: 42 } }, 'columns["day"].dateStorage', /found 42/],
    [{ name: { column: 42 } }, 'columns["name"].column', /non-empty column name; found 42/],
    [{ name: 42 }, 'columns["name"]', /a column name or \{ column, dateStorage \}; found 42/],
    [{ name: "" }, 'columns["name"]', /non-empty column name; found ""/],
    [{ nmae: "n" }, 'columns["nmae"]', /"nmae" is not a field of the schema/],
    [{ "type.idd": "t" }, 'columns["type.idd"]', /not a field of the schema/],
    [
      { name: { column: "n", dateStorage: "text" } },
      'columns["name"].dateStorage',
      /only a date field has one; "name" is string/,
    ],
    [{ name: { column: "n", storage: "text" } }, 'columns["name"].storage', /unknown member/],
    ["name", "columns", /an object of field path -> column; found "name"/],
  ];
  it.each(rows)("rejects %j at %s", (columns, option, message) => {
    const error = optionError(() => sql(columns));
    expect(error).toMatchObject({ code: "INVALID_OPTION", caller: "toSql", option });
    expect(error.message).toMatch(message);
    expect(error.message.startsWith(`toSql: option ${option}: `)).toBe(true);
  });

  it("takes what is right, including an inherited-looking field name that the schema has", () => {
    const withProto = defineSchema({ constructor: "string" } as never);
    expect(
      toSql("constructor=x", {
        dialect: "sqlite",
        schema: withProto,
        columns: { constructor: "c" },
      }).sql,
    ).toBe('"c" COLLATE BINARY = ?');
    expect(
      sql({ day: { column: "d", dateStorage: "epochMillis" }, name: { column: "n" } }).sql,
    ).toContain('"n"');
  });

  it("refuses columns with json, and an empty json column", () => {
    expect(
      optionError(() =>
        toSql("name=x", { dialect: "sqlite", schema, columns: { name: "n" }, json: "doc" }),
      ).option,
    ).toBe("columns");
    expect(optionError(() => toSql("name=x", { dialect: "sqlite", schema, json: "" })).option).toBe(
      "json",
    );
    expect(
      optionError(() => toSql("name=x", { dialect: "sqlite", schema, json: 1 as never })).option,
    ).toBe("json");
  });

  it("checks the dialect: a known name, or an object with every hook", () => {
    expect(
      optionError(() => toSql("name=x", { dialect: "oracle" as never, schema })).message,
    ).toMatch(
      /unknown SQL dialect "oracle"; expected one of "postgres", "sqlite", "duckdb", "mysql" or "clickhouse"/,
    );
    expect(
      optionError(() => toSql("name=x", { dialect: "constructor" as never, schema })).option,
    ).toBe("dialect");
    const { match: _, ...noMatch } = dialects.sqlite;
    expect(
      optionError(() => toSql("name=x", { dialect: { ...noMatch } as never, schema })).option,
    ).toBe("dialect.match");
    const own = { ...dialects.postgres, name: "mine" };
    expect(toSql("name=x", { dialect: own, schema })).toEqual(
      toSql("name=x", { dialect: "postgres", schema }),
    );
    const copied = { ...dialects.clickhouse, name: "copy" };
    expect(toSql("name=x", { dialect: copied, schema })).toEqual(
      toSql("name=x", { dialect: "clickhouse", schema }),
    );
  });

  it("checks a dialect's optional hooks when it gives them", () => {
    for (const hook of ["boolean", "dayText", "instantMillis"]) {
      const dialect = { ...dialects.postgres, [hook]: "toString" };
      const error = optionError(() => toSql("name=x", { dialect: dialect as never, schema }));
      expect(error.option).toBe(`dialect.${hook}`);
      expect(error.message).toMatch(/expected a function or nothing; found "toString"/);
    }
  });
});

describe("toSql's placeholders and firstParameter are checked (issue 16)", () => {
  const sql = (options: Record<string, unknown>) =>
    toSql("name~*x AND rank>1", { dialect: "postgres", schema, ...options } as never);

  // One row: options, the option at fault, and what the message says of it.
  const rows: [Record<string, unknown>, string, RegExp][] = [
    [{ placeholders: "$1" }, "placeholders", /expected one of "\$n", "\?n" or "\?"; found "\$1"/],
    [{ placeholders: "?N" }, "placeholders", /found "\?N"/],
    [{ placeholders: ["?"] }, "placeholders", /found an array of 1/],
    [
      { placeholders: "?n" },
      "placeholders",
      /the postgres dialect reads one of "\$n" or "\?"; found "\?n"/,
    ],
    [{ dialect: "mysql", placeholders: "$n" }, "placeholders", /the mysql dialect reads "\?"/],
    [
      { dialect: "clickhouse", placeholders: "?" },
      "placeholders",
      /the clickhouse dialect writes only its own placeholders, such as \{p1:String\}/,
    ],
    [{ firstParameter: 0 }, "firstParameter", /expected a positive integer; found 0/],
    [{ firstParameter: 1.5 }, "firstParameter", /found 1.5/],
    [{ firstParameter: "3" }, "firstParameter", /found "3"/],
    [{ firstParameter: 2 ** 53 }, "firstParameter", /found 9007199254740992/],
    [{ firstParameter: Number.NaN }, "firstParameter", /found NaN/],
    [
      { dialect: "sqlite", firstParameter: 3 },
      "firstParameter",
      /the sqlite dialect's "\?" placeholders carry no number: .* or number them with placeholders "\?n"; found 3/,
    ],
    [
      { placeholders: "?", firstParameter: 2 },
      "firstParameter",
      /^toSql: option firstParameter: "\?" placeholders carry no number: .*"\$n"; found 2$/,
    ],
    [
      { dialect: "mysql", firstParameter: 2 },
      "firstParameter",
      /carry no number: put the condition's params after the statement's own, in order; found 2$/,
    ],
    [
      { dialect: { ...dialects.postgres, placeholderStyles: ["$1"] } },
      "dialect.placeholderStyles",
      /expected nothing or an array, each item one of "\$n", "\?n" or "\?"; found an array of 1/,
    ],
    [
      { dialect: { ...dialects.postgres, placeholderStyles: "?" } },
      "dialect.placeholderStyles",
      /found "\?"/,
    ],
    [
      { dialect: { ...dialects.postgres, textHoldsNul: "no" } },
      "dialect.textHoldsNul",
      /expected a boolean or nothing; found "no"/,
    ],
    [
      { dialect: { ...dialects.postgres, booleanValues: 0 } },
      "dialect.booleanValues",
      /expected a boolean or nothing; found 0/,
    ],
  ];
  it.each(rows)("rejects %j at %s", (options, option, message) => {
    const error = optionError(() => sql(options));
    expect(error).toMatchObject({ code: "INVALID_OPTION", caller: "toSql", option });
    expect(error.message).toMatch(message);
  });

  it("takes every value a dialect reads, and nothing else, whatever is given", () => {
    const values = fc.oneof(
      fc.constantFrom<unknown>("$n", "?n", "?", "$", "n", "", 1, null),
      fc.anything(),
    );
    const counts = fc.oneof(fc.integer({ min: -3, max: 2 ** 40 }), fc.double(), fc.anything());
    fc.assert(
      fc.property(
        fc.constantFrom("postgres", "sqlite", "duckdb", "mysql", "clickhouse" as const),
        fc.option(values, { nil: undefined }),
        fc.option(counts, { nil: undefined }),
        (name, placeholders, firstParameter) => {
          const dialect = dialects[name];
          const styles = dialect.placeholderStyles ?? [];
          const style = styles.includes(placeholders as never) ? placeholders : undefined;
          const numbered =
            style === undefined ? name === "postgres" || name === "clickhouse" : style !== "?";
          const styleOk = placeholders === undefined || style !== undefined;
          const firstOk =
            firstParameter === undefined ||
            (Number.isSafeInteger(firstParameter) &&
              (firstParameter as number) >= 1 &&
              (numbered || firstParameter === 1));
          const run = () =>
            toSql("rank>1", { dialect: name, schema, placeholders, firstParameter } as never);
          if (styleOk && firstOk) {
            const { sql } = run();
            const first = (firstParameter as number | undefined) ?? 1;
            const expected = {
              postgres: `$${first}::numeric`,
              sqlite: style === "?n" ? `?${first}` : "?",
              duckdb: style === "$n" ? `CAST($${first} AS DOUBLE)` : "CAST(? AS DOUBLE)",
              mysql: "?",
              clickhouse: `{p${first}:Float64}`,
            }[name];
            expect(
              sql.endsWith(name === "postgres" && style === "?" ? "?::numeric" : expected),
            ).toBe(true);
          } else {
            const error = optionError(run);
            expect(error.option).toBe(styleOk ? "firstParameter" : "placeholders");
          }
        },
      ),
      { numRuns: runs(500) },
    );
  });
});

describe("a schema option may be a plain shape, and is checked (issue 13)", () => {
  it("defines a plain shape on the fly, everywhere a schema is taken", () => {
    const shape = { name: "string", rank: "number" } as const;
    expect(compileWhere("rank>=2", { schema: shape })({ rank: 3 })).toBe(true);
    // @ts-expect-error: a record off the shape's types, on purpose
    expect(compileWhere("rank>=2", { schema: shape })({ rank: "3" })).toBe(false);
    expect(toSql("name=x", { dialect: "sqlite", schema: shape }).sql).toBe(
      '"name" COLLATE BINARY = ?',
    );
    // @ts-expect-error: unknown field "nmae": did you mean name?
    expect(() => parseWhere("nmae=x", { schema: shape })).toThrow(
      expect.objectContaining({ code: "UNKNOWN_FIELD" }),
    );
    // @ts-expect-error: a record off the shape's types, on purpose
    expect(compileFields("name", { schema: shape })({ name: 1, rank: 2 })).toEqual({ name: 1 });
    expect(readListRequest("where=rank>1", { schema: shape }).where).toBeDefined();
  });

  it("takes a schema that travelled as JSON, and checks it", () => {
    const copy = JSON.parse(JSON.stringify(schemas.artefact));
    expect(toSql("type.id=FILE", { dialect: "sqlite", schema: copy })).toEqual(
      toSql("type.id=FILE", { dialect: "sqlite", schema: schemas.artefact }),
    );
    const bad = { kind: "object", fields: { rank: { kind: "float" } } };
    expect(optionError(() => compileWhere("rank=1", { schema: bad as never })).message).toBe(
      'compileWhere: option schema: not a schema at "rank": unknown kind "float"; expected string, integer, number, boolean, date, any, object or array',
    );
  });

  it("says what it wanted of something that is no schema", () => {
    expect(optionError(() => compileWhere("a=1", { schema: "artefact" as never })).message).toBe(
      'compileWhere: option schema: expected a schema from defineSchema() or a shape such as { name: "string" }; found "artefact"',
    );
    expect(
      optionError(() => compileWhere("a=1", { schema: { name: "text" } as never })).message,
    ).toMatch(/not a schema at "name": unknown type "text"/);
  });

  it("bounds a schema's nesting instead of overflowing the stack", () => {
    let shape: unknown = "string";
    for (let i = 0; i < 100_000; i++) shape = { a: shape };
    expect(() => defineSchema(shape as never)).toThrow(SchemaDefinitionError);
    expect(() => defineSchema(shape as never)).toThrow(`deeper than ${MAX_SCHEMA_DEPTH} levels`);
    let normalized: unknown = { kind: "string" };
    for (let i = 0; i < 100_000; i++) normalized = { kind: "object", fields: { a: normalized } };
    expect(optionError(() => compileWhere("a=1", { schema: normalized as never })).message).toMatch(
      /deeper than/,
    );
  });

  it("freezes what defineSchema returns, so a checked schema cannot change after its check", () => {
    expect(Object.isFrozen(schema)).toBe(true);
    expect(Object.isFrozen(schema.fields)).toBe(true);
    expect(Object.isFrozen(schema.fields.type)).toBe(true);
  });
});

describe("options themselves are checked (issue 13)", () => {
  it("says what an options argument must be", () => {
    expect(optionError(() => compileWhere("a=1", "UTC" as never)).message).toBe(
      'compileWhere: options must be an object; found "UTC"',
    );
    expect(optionError(() => compileWhere("a=1", { timeZone: 1 } as never)).message).toBe(
      "compileWhere: option timeZone: expected a string; found 1",
    );
    expect(optionError(() => toSql("a=1", null as never)).caller).toBe("toSql");
  });
});

describe("the parse limits are flat options wherever they are taken (issue 29)", () => {
  // One row: the function, called with options that hold `extra` besides what it needs.
  const calls: [string, (extra: object) => unknown][] = [
    ["createListHandler", (extra) => createListHandler({ source: [], ...extra })],
    ["listRoute", (extra) => listRoute({ source: [], ...extra })],
    ["readListRequest", (extra) => readListRequest("", extra)],
    ["openApiListParameters", (extra) => openApiListParameters({ schema: {}, ...extra })],
    ["apiServerOpenApi", (extra) => apiServerOpenApi(extra)],
    ["diagnoseWhere", (extra) => diagnoseWhere("a=1", extra)],
    ["diagnoseFields", (extra) => diagnoseFields("a", extra)],
    ["filterDump", (extra) => filterDump(new ReadableStream(), extra)],
  ];

  it.each(calls)("%s takes maxLength and maxDepth as members", (_, call) => {
    expect(() => call({ maxLength: 4096, maxDepth: 16 })).not.toThrow();
    expect(optionError(() => call({ maxDepth: 300 })).option).toBe("maxDepth");
  });

  it.each(calls)("%s tells a caller of the nested limits to give them directly", (name, call) => {
    const error = optionError(() => call({ limits: { maxLength: 4096 } }));
    expect(error).toMatchObject({ caller: name === "listRoute" ? "createListHandler" : name });
    expect(error.option).toBe("limits");
    expect(error.message).toMatch(
      /: option limits: unknown option; give maxLength and maxDepth directly among the options/,
    );
  });

  it("lists the options as ever where no limits are taken", () => {
    const error = optionError(() => listResponseJsonSchema({ limits: {} } as never));
    expect(error.message).toBe(
      'listResponseJsonSchema: option limits: unknown option; expected one of "schema" or "resource"',
    );
  });
});

describe("optionNamesOf: the names of an options interface, checked by the compiler", () => {
  interface Options {
    readonly schema?: unknown;
    readonly maxLength?: number;
    readonly source: unknown;
  }

  it("returns the names in the order written, for messages that list them", () => {
    expect(optionNamesOf<Options>({ source: true, schema: true, maxLength: true })).toEqual([
      "source",
      "schema",
      "maxLength",
    ]);
  });

  it("refuses, when compiled, a list that misses a member or names one too many", () => {
    // `npm run typecheck` fails if either line compiles: each expected error must occur.
    // @ts-expect-error maxLength is missing
    optionNamesOf<Options>({ source: true, schema: true });
    // @ts-expect-error limits is no member of Options
    optionNamesOf<Options>({ source: true, schema: true, maxLength: true, limits: true });
  });
});
