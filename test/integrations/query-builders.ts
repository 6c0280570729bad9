// The query builders qaql plugs into, as one table: each builds the same statement (the rows of a
// table whose `_row` is above a number, that the filter keeps, and whose `_row` is not another
// number, in order), with conditions of its own before and after qaql's, so that its parameter
// numbering really runs, and compiles it for PostgreSQL or SQLite without a connection.

import { and, gt, ne } from "drizzle-orm";
import { QueryBuilder as PgQueryBuilder, integer as pgInteger, pgTable } from "drizzle-orm/pg-core";
import {
  QueryBuilder as SqliteQueryBuilder,
  integer as sqliteInteger,
  sqliteTable,
} from "drizzle-orm/sqlite-core";
import knexFactory from "knex";
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import type { QueryBuilderSqlOptions } from "../../src/api/to-sql-fragments.ts";
import type { WhereExpression } from "../../src/ast/where.ts";
import { toDrizzle } from "../../src/integrations/drizzle/index.ts";
import { toKnex } from "../../src/integrations/knex/index.ts";
import { toKysely } from "../../src/integrations/kysely/index.ts";
import type { Engine } from "../support/sql-engines.ts";

/** The engines every builder is run on. */
export type BuilderEngine = "postgres" | "sqlite";
export const BUILDER_ENGINES: readonly BuilderEngine[] = ["postgres", "sqlite"];

/** The builder's own conditions: `_row > above` before qaql's, `_row <> except` after it. */
export interface OwnConditions {
  readonly above: number;
  readonly except: number;
}

/** A compiled statement, as the builder would send it to its driver. */
export interface Statement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** Builds the table's statement for an engine, with qaql's condition between the builder's own. */
export type Builder = (
  engine: BuilderEngine,
  table: string,
  filter: string | WhereExpression,
  options: QueryBuilderSqlOptions,
  own: OwnConditions,
) => Statement;

/** Kysely with a compiler and no connection, as its docs split building from running. */
function kyselyFor(engine: BuilderEngine) {
  const postgres = engine === "postgres";
  return new Kysely<Record<string, { _row: number }>>({
    dialect: {
      createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) =>
        postgres ? new PostgresIntrospector(db) : new SqliteIntrospector(db),
      createQueryCompiler: () =>
        postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler(),
    },
  });
}

const kysely = { postgres: kyselyFor("postgres"), sqlite: kyselyFor("sqlite") };

// Knex builds without a connection, so without its drivers (pg, better-sqlite3).
const knex = {
  postgres: knexFactory({ client: "pg" }),
  sqlite: knexFactory({ client: "better-sqlite3", useNullAsDefault: true }),
};

/** Every builder, by name: one row of the table each. */
export const builders: Readonly<Record<"kysely" | "knex" | "drizzle", Builder>> = {
  kysely: (engine, table, filter, options, own) => {
    const query = kysely[engine]
      .selectFrom(table)
      .select("_row as r")
      .where("_row", ">", own.above)
      .where(toKysely(filter, options))
      .where("_row", "<>", own.except)
      .orderBy("_row")
      .compile();
    return { sql: query.sql, params: query.parameters };
  },
  knex: (engine, table, filter, options, own) => {
    const query = knex[engine](table)
      .select({ r: "_row" })
      .where("_row", ">", own.above)
      .whereRaw(...toKnex(filter, options))
      .where("_row", "<>", own.except)
      .orderBy("_row")
      .toSQL()
      .toNative();
    return { sql: query.sql, params: query.bindings };
  },
  drizzle: (engine, table, filter, options, own) => {
    if (engine === "postgres") {
      const t = pgTable(table, { _row: pgInteger("_row") });
      return new PgQueryBuilder()
        .select({ r: t._row })
        .from(t)
        .where(and(gt(t._row, own.above), toDrizzle(filter, options), ne(t._row, own.except)))
        .orderBy(t._row)
        .toSQL();
    }
    const t = sqliteTable(table, { _row: sqliteInteger("_row") });
    return new SqliteQueryBuilder()
      .select({ r: t._row })
      .from(t)
      .where(and(gt(t._row, own.above), toDrizzle(filter, options), ne(t._row, own.except)))
      .orderBy(t._row)
      .toSQL();
  },
};

/** Runs a statement of the table and returns the `_row` numbers it selects, in order. */
export async function runStatement(engine: Engine, statement: Statement): Promise<number[]> {
  const rows = await engine.query(statement.sql, statement.params);
  // The one column selected, whatever the builder named it (Drizzle maps `r` to `_row` itself).
  return rows.map((row) => Number(Object.values(row)[0]));
}

/** The rows, of those a filter keeps, that the builder's own conditions keep too. */
export function keptByOwn(rows: readonly number[], own: OwnConditions): number[] {
  return rows.filter((row) => row > own.above && row !== own.except);
}
