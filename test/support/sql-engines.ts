import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { DuckDBInstance } from "@duckdb/node-api";
import { PGlite } from "@electric-sql/pglite";
import type { FieldType, ScalarTypeName, Schema } from "../../src/schema/schema.ts";

/** The embedded engines the SQL backend is checked against (MySQL has none). */
export type EngineName = "postgres" | "sqlite" | "duckdb";
export const ENGINE_NAMES: readonly EngineName[] = ["postgres", "sqlite", "duckdb"];

/** How a date field is stored (the `dateStorage` of `toSql`'s `columns`). */
export type DateStorage = "date" | "timestamp" | "epochMillis" | "text";

/** The `columns` option of `toSql`: a path's column name, and for a date how it is stored. */
export type ColumnsOption = Record<
  string,
  string | { readonly column: string; readonly dateStorage?: DateStorage }
>;

/** One open engine: runs DDL, and statements with positional parameters. */
export interface Engine {
  readonly name: EngineName;
  exec(sql: string): Promise<void>;
  query(sql: string, params: readonly unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/**
 * A session zone far from UTC (+05:45): the SQL that `toSql` writes must not depend on the
 * connection's time zone, only on the request's.
 */
export const SESSION_TIME_ZONE = "Asia/Kathmandu";

async function openPostgres(): Promise<Engine> {
  const db = new PGlite();
  await db.exec(`SET TimeZone = '${SESSION_TIME_ZONE}'`);
  return {
    name: "postgres",
    exec: async (sql) => {
      await db.exec(sql);
    },
    query: async (sql, params) =>
      (await db.query<Record<string, unknown>>(sql, params as unknown[])).rows,
    close: () => db.close(),
  };
}

async function openSqlite(): Promise<Engine> {
  const db = new DatabaseSync(":memory:");
  return {
    name: "sqlite",
    exec: async (sql) => {
      db.exec(sql);
    },
    query: async (sql, params) =>
      db.prepare(sql).all(...(params as SQLInputValue[])) as Record<string, unknown>[],
    close: async () => db.close(),
  };
}

async function openDuckdb(): Promise<Engine> {
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  await connection.run(`SET TimeZone = '${SESSION_TIME_ZONE}'`);
  return {
    name: "duckdb",
    exec: async (sql) => {
      await connection.run(sql);
    },
    query: async (sql, params) =>
      (
        await connection.runAndReadAll(sql, params as Parameters<typeof connection.run>[1])
      ).getRowObjects() as Record<string, unknown>[],
    close: async () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/** Opens the three engines (once per test file: PGlite takes a moment to start). */
export async function openEngines(): Promise<Record<EngineName, Engine>> {
  const [postgres, sqlite, duckdb] = await Promise.all([
    openPostgres(),
    openSqlite(),
    openDuckdb(),
  ]);
  return { postgres, sqlite, duckdb };
}

/** Closes what `openEngines` opened. */
export async function closeEngines(engines: Record<EngineName, Engine>): Promise<void> {
  await Promise.all(Object.values(engines).map((e) => e.close()));
}

/** Quotes an identifier, doubling inner quotes: the same on all three engines. */
export function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A scalar field of a schema and the column that holds it. */
export interface Column {
  readonly segments: readonly string[];
  readonly name: string;
  readonly type: ScalarTypeName;
  /** For a date field. */
  readonly storage: DateStorage;
}

/**
 * The columns of a schema: its scalar fields, nested objects flattened (`type.id` → `type_id`
 * unless `columns` names the column), arrays and undescribed objects left out (not filterable).
 */
export function columnsOf(schema: Schema, columns: ColumnsOption = {}): Column[] {
  const out: Column[] = [];
  const walk = (fields: Readonly<Record<string, FieldType>>, prefix: readonly string[]) => {
    for (const [name, type] of Object.entries(fields)) {
      const segments = [...prefix, name];
      if (type.kind === "array") continue;
      if (type.kind === "object") {
        if (type.fields) walk(type.fields, segments);
        continue;
      }
      const mapped = columns[segments.join(".")];
      const column =
        mapped === undefined
          ? segments.join("_")
          : typeof mapped === "string"
            ? mapped
            : mapped.column;
      const storage = (typeof mapped === "object" && mapped.dateStorage) || "date";
      out.push({ segments, name: column, type: type.kind, storage });
    }
  };
  walk(schema.fields, []);
  return out;
}

/** `columns` giving every date field of a schema one storage, under its default column name. */
export function dateColumns(schema: Schema, dateStorage: DateStorage): ColumnsOption {
  return Object.fromEntries(
    columnsOf(schema)
      .filter((c) => c.type === "date")
      .map((c) => [c.segments.join("."), { column: c.name, dateStorage }]),
  );
}

/**
 * PostgreSQL text columns take the ICU root collation, as a database created in a locale
 * would: 'a' < 'B' there, while LANGUAGE.md 2.3 orders by code point ('B' < 'a').
 */
const POSTGRES_TEXT = 'TEXT COLLATE "und-x-icu"';

function sqlType(engine: EngineName, column: Column): string {
  const pick = (postgres: string, sqlite: string, duckdb: string) =>
    ({ postgres, sqlite, duckdb })[engine];
  switch (column.type) {
    case "string":
      return pick(POSTGRES_TEXT, "TEXT", "VARCHAR");
    case "integer":
      return pick("BIGINT", "INTEGER", "BIGINT");
    case "number":
      return pick("DOUBLE PRECISION", "REAL", "DOUBLE");
    case "boolean":
      return pick("BOOLEAN", "INTEGER", "BOOLEAN");
    case "date":
      switch (column.storage) {
        case "date":
          return pick("DATE", "TEXT", "DATE");
        case "timestamp":
          return pick("TIMESTAMPTZ", "TEXT", "TIMESTAMPTZ");
        case "epochMillis":
          return pick("BIGINT", "INTEGER", "BIGINT");
        case "text":
          return pick(POSTGRES_TEXT, "TEXT", "VARCHAR");
      }
  }
}

/** Creates (or re-creates, empty) a table with an `_row` primary key and one column per scalar. */
export async function createTable(
  engine: Engine,
  name: string,
  schema: Schema,
  columns: ColumnsOption = {},
): Promise<void> {
  const defs = [
    `${quote("_row")} INTEGER PRIMARY KEY`,
    ...columnsOf(schema, columns).map((c) => `${quote(c.name)} ${sqlType(engine.name, c)}`),
  ];
  await engine.exec(`DROP TABLE IF EXISTS ${quote(name)}`);
  await engine.exec(`CREATE TABLE ${quote(name)} (${defs.join(", ")})`);
}

const DAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** Follows a path through objects' own properties only; anything else reaches null. */
function valueAt(record: unknown, segments: readonly string[]): unknown {
  let value = record;
  for (const key of segments) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
    if (!Object.hasOwn(value, key)) return null;
    value = (value as Record<string, unknown>)[key];
  }
  return value ?? null;
}

/** A record's value as the column holds it: null when missing or when it does not fit the column. */
function cell(engine: EngineName, column: Column, value: unknown): unknown {
  switch (column.type) {
    case "string":
      return typeof value === "string" ? value : null;
    case "integer":
      return Number.isSafeInteger(value) ? value : null;
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? value : null;
    case "boolean":
      if (typeof value !== "boolean") return null;
      return engine === "sqlite" ? (value ? 1 : 0) : value;
    case "date":
      if (column.storage === "date" || column.storage === "text")
        return typeof value === "string" && DAY.test(value) ? value : null;
      if (!Number.isSafeInteger(value)) return null;
      return column.storage === "epochMillis" ? value : new Date(value as number).toISOString();
  }
}

/** The placeholder of a value for a column, cast to the column's type where the engine needs it. */
function placeholder(engine: EngineName, index: number, type: string): string {
  switch (engine) {
    case "postgres":
      return `CAST($${index} AS ${type})`;
    case "sqlite":
      return "?";
    case "duckdb":
      return `CAST(? AS ${type})`;
  }
}

/** Inserts records, numbered from 0 in `_row`, with parameterized statements only. */
export async function insert(
  engine: Engine,
  name: string,
  schema: Schema,
  records: readonly unknown[],
  columns: ColumnsOption = {},
): Promise<void> {
  const list = columnsOf(schema, columns);
  const names = [quote("_row"), ...list.map((c) => quote(c.name))].join(", ");
  const marks = [
    placeholder(engine.name, 1, "INTEGER"),
    ...list.map((c, i) =>
      placeholder(engine.name, i + 2, sqlType(engine.name, c).replace(/ COLLATE .*/, "")),
    ),
  ].join(", ");
  const statement = `INSERT INTO ${quote(name)} (${names}) VALUES (${marks})`;
  for (const [row, record] of records.entries()) {
    const values = list.map((c) => cell(engine.name, c, valueAt(record, c.segments)));
    await engine.query(statement, [row, ...values]);
  }
}

/** The `_row` numbers, ascending, of the rows a WHERE condition selects. */
export async function selectRows(
  engine: Engine,
  name: string,
  condition: { readonly sql: string; readonly params: readonly unknown[] },
): Promise<number[]> {
  const rows = await engine.query(
    `SELECT ${quote("_row")} AS r FROM ${quote(name)} WHERE ${condition.sql} ORDER BY 1`,
    condition.params,
  );
  return rows.map((row) => Number(row.r));
}

/** Counts a table's rows (to check that a query left it intact). */
export async function countRows(engine: Engine, name: string): Promise<number> {
  const rows = await engine.query(`SELECT COUNT(*) AS n FROM ${quote(name)}`, []);
  return Number(rows[0]?.n);
}
