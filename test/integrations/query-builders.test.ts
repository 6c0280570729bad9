import { is, SQL } from "drizzle-orm";
import { int, QueryBuilder as MysqlQueryBuilder, mysqlTable } from "drizzle-orm/mysql-core";
import { PgDialect } from "drizzle-orm/pg-core";
import knexFactory from "knex";
import {
  DummyDriver,
  Kysely,
  sql as kyselySql,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from "kysely";
import mysql from "mysql2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toSql } from "../../src/api/to-sql.ts";
import { type QueryBuilderSqlOptions, toSqlFragments } from "../../src/api/to-sql-fragments.ts";
import { dialects } from "../../src/backends/sql/dialects.ts";
import { QuerySyntaxError, QueryValidationError } from "../../src/errors/errors.ts";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { toDrizzle } from "../../src/integrations/drizzle/index.ts";
import { toKnex } from "../../src/integrations/knex/index.ts";
import { toKysely } from "../../src/integrations/kysely/index.ts";
import { defineSchema } from "../../src/schema/schema.ts";
import {
  type ColumnsOption,
  createTable,
  type Engine,
  insert,
  openEngine,
} from "../support/sql-engines.ts";
import {
  BUILDER_ENGINES,
  type BuilderEngine,
  builders,
  keptByOwn,
  type OwnConditions,
  runStatement,
} from "./query-builders.ts";

const schema = { name: "string", rank: "number", type: { id: "string" }, day: "date" } as const;

const records = [
  { name: "Main.java", rank: 3, type: { id: "FILE" }, day: "2024-03-01" },
  { name: "src", rank: 2, type: { id: "FOLDER" }, day: "2024-03-02" },
  { name: "Util.java", rank: 4, type: { id: "FILE" }, day: "2024-03-01" },
  { name: "App.java", rank: 1, type: { id: "FILE" }, day: null },
  { name: "a?b", rank: 5, type: { id: "CLASS" } },
  { name: "Test.java", rank: 6, type: { id: "FILE" }, day: "2024-02-29" },
];

/** The statement's own conditions: rows above 0, and not row 2. */
const own: OwnConditions = { above: 0, except: 2 };

/**
 * One row: a filter, the columns the fields live in (names a builder could misread: Knex's
 * `?`, `??` and `:name`, mysql2's `?`, quotes of every kind, `$1`), and the rows it keeps.
 */
const cases: {
  readonly name: string;
  readonly filter: string;
  readonly columns?: QueryBuilderSqlOptions["columns"];
  readonly rows: number[];
}[] = [
  {
    name: "a pattern, whose value PostgreSQL's SQL uses twice",
    filter: "name~*.java",
    rows: [0, 2, 3, 5],
  },
  {
    name: "a comparison and a list",
    filter: "rank>=2 AND type.id IN (FILE,CLASS)",
    rows: [0, 2, 4, 5],
  },
  { name: "OR under the builder's AND", filter: "rank<2 OR name=src", rows: [1, 3] },
  { name: "dates", filter: "day<=2024-03-01 AND day IS NOT NULL", rows: [0, 2, 5] },
  { name: "a value holding ? and :p1", filter: 'name="a?b" OR name=":p1"', rows: [4] },
  {
    name: "values holding U+0000, which no PostgreSQL text holds: equal to none",
    filter: 'name="a\u0000b" OR name IN ("\u0000") OR name~"\u0000"',
    rows: [],
  },
  {
    name: "values holding U+0000: ordered at what comes before it, and differing from every text",
    filter: 'name>"Test\u0000" AND type.id NOT IN ("FILE\u0000",FOLDER) AND name!="\u0000"',
    rows: [2, 4, 5],
  },
  {
    name: "columns named with ?, ??, :p1, quotes and $1",
    filter: "name~.java AND rank>1 AND type.id!=FOLDER AND day>=2024-03-01",
    columns: { name: 'n?a"m`e', rank: "r??:p1", "type.id": "ty'pe::p2 $1", day: ":p1:" },
    rows: [0, 2],
  },
  {
    name: "a column whose name is a binding of Knex's, escaped and not",
    filter: "rank IN (1,3,5,6) AND name IS NOT NULL",
    columns: { rank: "\\:p1", name: ":name:" },
    rows: [0, 2, 3, 4, 5],
  },
];

const engines = new Map<BuilderEngine, Engine>();
beforeAll(async () => {
  for (const name of BUILDER_ENGINES) engines.set(name, await openEngine(name));
}, 60_000);
afterAll(async () => {
  await Promise.all([...engines.values()].map((engine) => engine.close()));
});

/** The condition cut at its placeholders, each numbered from `first` as PostgreSQL builders do. */
function numberedFrom(fragments: readonly string[], first: number): string {
  return fragments.reduce((sql, fragment, i) => `${sql}$${first + i - 1}${fragment}`);
}

describe.each(
  BUILDER_ENGINES.flatMap((engine) =>
    Object.entries(builders).map(
      ([name, build]) => [`${name} on ${engine}`, engine, build] as const,
    ),
  ),
)("%s", (_, engine, build) => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const db = engines.get(engine) as Engine;
    const columns = c.columns ?? {};
    await createTable(db, "artefacts", defineSchema(schema), columns as ColumnsOption);
    await insert(db, "artefacts", defineSchema(schema), records, columns as ColumnsOption);
    const options = { dialect: engine, schema, columns: c.columns };
    const statement = build(engine, "artefacts", c.filter, options, own);
    expect(await runStatement(db, statement)).toEqual(keptByOwn(c.rows, own));
    // The condition sits whole between the builder's own, its values among theirs in order.
    const { fragments, values } = toSqlFragments("test", c.filter, options);
    const condition = engine === "postgres" ? numberedFrom(fragments, 2) : fragments.join("?");
    expect(statement.sql).toContain(condition);
    expect(statement.params).toEqual([own.above, ...values, own.except]);
  });
});

describe("the $3 of the issue: after two parameters of the builder's own", () => {
  it("is where each builder puts the condition's first value on PostgreSQL", () => {
    const options = { dialect: "postgres", schema } as const;
    const twoOwn = { above: 0, except: 2 };
    // Two of Kysely's own before qaql's condition: it starts at $3.
    const query = builders.kysely("postgres", "t", "rank>2", options, twoOwn);
    expect(query.sql).toContain('"rank" > $2::numeric');
    const kysely = new Kysely<Record<string, { _row: number; id: number }>>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    const compiled = kysely
      .selectFrom("t")
      .select("id")
      .where("id", ">", 1)
      .where("id", "<", 9)
      .where(toKysely("rank>2 AND name~x*", options))
      .compile();
    expect(compiled.sql).toBe(
      'select "id" from "t" where "id" > $1 and "id" < $2 and ("rank" > $3::numeric AND starts_with("name" COLLATE "C", $4::text))',
    );
    expect(compiled.parameters).toEqual([1, 9, 2, "x"]);
    // The same condition straight from toSql, for a statement written by hand.
    expect(toSql("rank>2 AND name~x*", { ...options, firstParameter: 3 })).toEqual({
      sql: '("rank" > $3::numeric AND starts_with("name" COLLATE "C", $4::text))',
      params: [2, "x"],
    });
  });
});

describe("what each adapter returns", () => {
  it("toKysely: a RawBuilder, one raw SQL node of fragments and values", () => {
    const expression = toKysely("name~*.java", { dialect: "postgres", schema });
    expect(expression.toOperationNode()).toMatchObject({
      kind: "RawNode",
      sqlFragments: ['right("name", length(', '::text)) COLLATE "C" = ', "::text"],
      parameters: [
        { kind: "ValueNode", value: ".java" },
        { kind: "ValueNode", value: ".java" },
      ],
    });
    expect(kyselySql`${expression}`.toOperationNode().kind).toBe("RawNode");
  });

  it("toKnex: the SQL with named bindings :p1… and a binding object without a prototype", () => {
    const [sql, bindings] = toKnex("type.id IN (a,b) AND name=x", {
      dialect: "postgres",
      schema,
    });
    expect(sql).toBe(
      '(("type_id" COLLATE "C" = ANY(:p1::text[])) AND "name" COLLATE "C" = :p2::text)',
    );
    expect(Object.getPrototypeOf(bindings)).toBe(null);
    expect({ ...bindings }).toEqual({ p1: ["a", "b"], p2: "x" });
    expect(toKnex("rank>1", { dialect: "sqlite", schema })).toEqual(['"rank" > :p1', { p1: 1 }]);
  });

  it("toDrizzle: a Drizzle SQL whose array value stays one parameter", () => {
    const chunk = toDrizzle("type.id IN (a,b)", { dialect: "postgres", schema });
    expect(is(chunk, SQL)).toBe(true);
    expect(new PgDialect().sqlToQuery(chunk)).toEqual({
      sql: '("type_id" COLLATE "C" = ANY($1::text[]))',
      params: [["a", "b"]],
      typings: ["none"],
    });
  });
});

describe("the options are checked, naming the adapter", () => {
  const adapters = {
    toKysely: (options: unknown) => toKysely("rank>1", options as never),
    toKnex: (options: unknown) => toKnex("rank>1", options as never),
    toDrizzle: (options: unknown) => toDrizzle("rank>1", options as never),
  };
  // One row: options, the option at fault, and what the message says of it.
  const rows: [unknown, string, RegExp][] = [
    [
      { dialect: "postgres", schema, placeholders: "$n" },
      "placeholders",
      /numbers the statement's placeholders itself/,
    ],
    [{ dialect: "postgres", schema, firstParameter: 3 }, "firstParameter", /itself/],
    [{ dialect: "postgres", schema, firstParameter: 1 }, "firstParameter", /itself/],
    [
      { dialect: "clickhouse", schema },
      "dialect",
      // Knex refuses it among the dialects it speaks; the others for its typed placeholders.
      /writes only its own placeholders, such as \{p1:String\}|or "mysql"; found "clickhouse"/,
    ],
    [{ dialect: "oracle", schema }, "dialect", /unknown SQL dialect "oracle"/],
    [{ dialect: "postgres" }, "schema", /a schema is required/],
    [{ dialect: "postgres", schema, columns: { nope: "n" } }, 'columns["nope"]', /not a field/],
    [{ dialect: "postgres", schema, json: "" }, "json", /empty/],
    ["postgres", "", /options must be an object/],
  ];
  it.each(
    Object.keys(adapters).flatMap((caller) =>
      rows.map(([options, option, message]) => [caller, option, options, message] as const),
    ),
  )("%s rejects %s in %j", (caller, option, options, message) => {
    const run = adapters[caller as keyof typeof adapters];
    expect(() => run(options)).toThrow(InvalidOptionError);
    try {
      run(options);
    } catch (error) {
      expect(error).toMatchObject({ code: "INVALID_OPTION", caller, option });
      expect((error as Error).message).toMatch(message);
    }
  });

  it("toKnex speaks PostgreSQL, SQLite and MySQL only", () => {
    for (const dialect of ["duckdb", { ...dialects.postgres, name: "mine" }]) {
      expect(() => toKnex("rank>1", { dialect, schema } as never)).toThrow(
        /toKnex: option dialect: expected one of "postgres", "sqlite" or "mysql"; found/,
      );
    }
  });

  it("toKysely and toDrizzle take DuckDB and a dialect object of one's own", () => {
    const mine = { ...dialects.postgres, name: "mine" };
    for (const dialect of ["duckdb", mine] as const) {
      expect(toKysely("rank>1", { dialect, schema }).toOperationNode().kind).toBe("RawNode");
      expect(is(toDrizzle("rank>1", { dialect, schema }), SQL)).toBe(true);
    }
  });

  it("toKnex on PostgreSQL refuses a backslash before a ?, which Knex cannot pass", () => {
    const message = /Knex's PostgreSQL client reads "\\\?" as an escaped "\?"/;
    expect(() =>
      toKnex("name=a", { dialect: "postgres", schema, columns: { name: "a\\?" } }),
    ).toThrow(
      expect.objectContaining({
        option: 'columns["name"]',
        message: expect.stringMatching(message),
      }),
    );
    expect(() => toKnex("name=a", { dialect: "postgres", schema, json: "d\\?c" })).toThrow(
      expect.objectContaining({ option: "json" }),
    );
    // Unused, the column is no matter; on SQLite and MySQL Knex leaves a ? of the text alone.
    expect(toKnex("rank=1", { dialect: "postgres", schema, columns: { name: "a\\?" } })[0]).toBe(
      '"rank" = :p1::numeric',
    );
    expect(toKnex("name=a", { dialect: "sqlite", schema, columns: { name: "a\\?" } })[0]).toBe(
      '"a\\?" COLLATE BINARY = :p1',
    );
  });

  it("throws the filter's own errors as toSql does", () => {
    for (const run of [toKysely, toKnex, toDrizzle]) {
      // @ts-expect-error: expected a value after ">"
      expect(() => run("rank>", { dialect: "sqlite", schema })).toThrow(QuerySyntaxError);
      // @ts-expect-error: unknown field "nope"
      expect(() => run("nope=1", { dialect: "sqlite", schema })).toThrow(QueryValidationError);
      const policy = { where: "nope=1" } as const;
      // @ts-expect-error: unknown field "nope" (the policy's filter)
      expect(() => run("rank>1", { dialect: "sqlite", schema, policy })).toThrow(
        /option policy\.where: .*unknown field "nope"/,
      );
      // A text of type string is left to the run, as toSql leaves it.
      const typo: string = "nope=1";
      expect(() => run(typo, { dialect: "sqlite", schema })).toThrow(QueryValidationError);
    }
  });
});

describe("on MySQL, through mysql2's client-side placeholders (what the builders' MySQL drivers use)", () => {
  const columns = { name: "n?a`m'e", "type.id": "t??" };
  const filter = "name~*.java AND type.id IN (FILE,CLASS) AND rank>1";
  const options = { dialect: "mysql", schema, columns } as const;
  const expected =
    "(RIGHT(CAST(`n?a``m'e` AS BINARY), LENGTH(CAST('.java' AS BINARY))) = CAST('.java' AS BINARY) AND (CAST(`t??` AS BINARY) IN (CAST('FILE' AS BINARY), CAST('CLASS' AS BINARY))) AND `rank` > 1)";

  it("puts the values in the placeholders only: a ? in a quoted name stays text", () => {
    const kysely = new Kysely<Record<string, { _row: number }>>({
      dialect: {
        createAdapter: () => new MysqlAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new MysqlIntrospector(db),
        createQueryCompiler: () => new MysqlQueryCompiler(),
      },
    });
    const k = kysely
      .selectFrom("t")
      .select("_row")
      .where("_row", ">", 0)
      .where(toKysely(filter, options))
      .compile();
    const n = knexFactory({ client: "mysql2" })("t")
      .select("_row")
      .where("_row", ">", 0)
      .whereRaw(...toKnex(filter, options))
      .toSQL()
      .toNative();
    const t = mysqlTable("t", { _row: int("_row") });
    const d = new MysqlQueryBuilder()
      .select({ r: t._row })
      .from(t)
      .where(toDrizzle(filter, options))
      .toSQL();
    for (const [sql, params] of [
      [k.sql, k.parameters],
      [n.sql, n.bindings],
      [d.sql, d.params],
    ] as const) {
      expect(mysql.format(sql, params as never)).toContain(expected);
    }
  });
});

// grammar/language.md 6.9: the policy's filter reaches every builder, each filter whole.
describe.each(
  BUILDER_ENGINES.flatMap((engine) =>
    Object.entries(builders).map(
      ([name, build]) => [`${name} on ${engine}`, engine, build] as const,
    ),
  ),
)("%s under a policy", (_, engine, build) => {
  const policy = { selectable: "name,rank", where: "type.id=FILE OR rank>4" };

  it("keeps the rows both filters keep, and refuses a hidden field as an unknown one", async () => {
    const db = engines.get(engine) as Engine;
    await createTable(db, "artefacts", defineSchema(schema));
    await insert(db, "artefacts", defineSchema(schema), records);
    const options = { dialect: engine, schema, policy };
    const statement = build(engine, "artefacts", "rank>=2", options, own);
    // Read as `type.id=FILE OR (rank>4 AND rank>=2)`, row 3 (a FILE of rank 1) would be kept.
    expect(await runStatement(db, statement)).toEqual(keptByOwn([0, 2, 4, 5], own));
    expect(() => build(engine, "artefacts", "type.id=FILE", options, own)).toThrow(
      /unknown field "type.id"/,
    );
  });
});
