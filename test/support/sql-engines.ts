import { closeSync, openSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { DuckDBInstance } from "@duckdb/node-api";
import { PGlite } from "@electric-sql/pglite";
import { drainPending, Session } from "chdb";
import mysql from "mysql2/promise";
import { afterAll, beforeAll } from "vitest";
import type { FieldType, ScalarTypeName, Schema } from "../../src/schema/schema.ts";
import { runs } from "./runs.ts";

/** The embedded engines the SQL backend is checked against (MySQL has none: see `openMysql`). */
export type EngineName = "postgres" | "sqlite" | "duckdb" | "clickhouse";
export const ENGINE_NAMES: readonly EngineName[] = ["postgres", "sqlite", "duckdb", "clickhouse"];

/** Every engine of the harness: the embedded ones and the MySQL/MariaDB server. */
export type SqlEngineName = EngineName | "mysql";

/** How a date field is stored (the `dateStorage` of `toSql`'s `columns`). */
export type DateStorage = "date" | "timestamp" | "epochMillis" | "text";

/** The `columns` option of `toSql`: a path's column name, and for a date how it is stored. */
export type ColumnsOption = Record<
  string,
  string | { readonly column: string; readonly dateStorage?: DateStorage }
>;

/** One open engine: runs DDL, and statements with positional parameters. */
export interface Engine {
  readonly name: SqlEngineName;
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

/**
 * ClickHouse in the test process (chdb), in the session zone: its `{pN:Type}` placeholders take
 * `params[N - 1]`, numbers as text (chdb refuses a JavaScript number past 2^53).
 */
async function openClickhouse(): Promise<Engine> {
  const session = new Session();
  const named = (params: readonly unknown[]) =>
    Object.fromEntries(
      params.map((value, i) => [`p${i + 1}`, typeof value === "number" ? String(value) : value]),
    );
  const settings = `SET session_timezone = '${SESSION_TIME_ZONE}'`;
  session.query(settings);
  return {
    name: "clickhouse",
    exec: async (sql) => {
      session.query(sql);
    },
    query: async (sql, params) => {
      const text = session.queryBind(sql, named(params), "JSONEachRow");
      return text
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    close: async () => {
      session.close();
      await drainPending();
    },
  };
}

/** Where the MySQL/MariaDB server of the mysql tests is (CI exports QAQL_MYSQL_URL). */
export const MYSQL_URL = process.env.QAQL_MYSQL_URL ?? "mysql://qaql:qaql@127.0.0.1:3306/qaql_test";

/** The URL without its password, for messages. */
const shownMysqlUrl = () => MYSQL_URL.replace(/\/\/([^:/@]*):[^@]*@/, "//$1:***@");

/** How to start the server as CI does (.ci/run). */
const MYSQL_HOWTO = [
  "Start MariaDB as .ci/run does (as root), or point QAQL_MYSQL_URL at a server:",
  "  apt-get install -y mariadb-server",
  "  mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld",
  "  /usr/sbin/mariadbd --user=mysql --bind-address=127.0.0.1 --port=3306 >/tmp/qaql-mariadb.log 2>&1 &",
  `  mariadb -uroot -e "CREATE DATABASE IF NOT EXISTS qaql_test CHARACTER SET utf8mb4;`,
  `    CREATE USER IF NOT EXISTS 'qaql'@'127.0.0.1' IDENTIFIED BY 'qaql';`,
  `    GRANT ALL ON qaql_test.* TO 'qaql'@'127.0.0.1';"`,
].join("\n");

/**
 * The session zone of the MySQL connection: SESSION_TIME_ZONE's offset (+05:45), as a server
 * without time-zone tables knows no zone names.
 */
const MYSQL_SESSION_TIME_ZONE = "+05:45";

/**
 * Opens a connection to the MySQL/MariaDB server, or throws saying how to start one. Tables are
 * TEMPORARY (see `createTable`): each connection has its own, so test files running at once, or
 * two runs on one server, never see each other's rows, and nothing is left behind.
 */
export async function openMysql(): Promise<Engine> {
  let connection: mysql.Connection;
  try {
    connection = await mysql.createConnection({
      uri: MYSQL_URL,
      charset: "utf8mb4",
      supportBigNumbers: true,
      connectTimeout: 5_000,
      // `execute` prepares each distinct statement once; the oldest are closed past this many.
      maxPreparedStatements: 256,
    });
  } catch (error) {
    throw new Error(
      `cannot connect to MySQL/MariaDB at ${shownMysqlUrl()} (${(error as Error).message})${process.env.CI ? "; CI is set, so the mysql tests fail rather than being skipped" : ""}.\n${MYSQL_HOWTO}`,
      { cause: error },
    );
  }
  await connection.query(`SET time_zone = '${MYSQL_SESSION_TIME_ZONE}'`);
  return {
    name: "mysql",
    exec: async (sql) => {
      await connection.query(sql);
    },
    query: async (sql, params) => {
      // Server-side prepared statements: the values travel apart from the SQL, as bound values.
      const [rows] = await connection.execute(sql, params as unknown as mysql.ExecuteValues);
      return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
    },
    close: () => connection.end(),
  };
}

/**
 * Says how to start MariaDB once per test run, not once per test file: the files run in
 * workers of one vitest process, whose id names a marker file that only the first creates.
 */
function showMysqlHintOnce(reason: string): void {
  try {
    closeSync(openSync(join(tmpdir(), `qaql-mysql-hint-${process.ppid}`), "wx"));
  } catch {
    return;
  }
  console.warn(`Skipping the mysql tests: ${reason}\n${MYSQL_HOWTO}`);
}

/**
 * Whether the mysql tests are to be skipped: only when the server cannot be reached and CI is
 * not set (then this says how to start it). On CI an unreachable server is not skipped:
 * `openMysql` in the tests' beforeAll throws, and they fail.
 */
export async function skipMysql(): Promise<boolean> {
  let engine: Engine;
  try {
    engine = await openMysql();
  } catch (error) {
    if (process.env.CI) return false;
    showMysqlHintOnce((error as Error).message.split("\n")[0] as string);
    return true;
  }
  await engine.close();
  return false;
}

/** Opens one embedded engine, for a test file that needs only some. */
export function openEngine(name: EngineName): Promise<Engine> {
  return {
    postgres: openPostgres,
    sqlite: openSqlite,
    duckdb: openDuckdb,
    clickhouse: openClickhouse,
  }[name]();
}

/** Opens the three engines (once per test file: PGlite takes a moment to start). */
export async function openEngines(): Promise<Record<EngineName, Engine>> {
  const [postgres, sqlite, duckdb, clickhouse] = await Promise.all([
    openPostgres(),
    openSqlite(),
    openDuckdb(),
    openClickhouse(),
  ]);
  return { postgres, sqlite, duckdb, clickhouse };
}

/** Closes what `openEngines` opened. */
export async function closeEngines(engines: Record<EngineName, Engine>): Promise<void> {
  await Promise.all(Object.values(engines).map((e) => e.close()));
}

/**
 * The embedded engines for one test file: opened before its tests (`prepare` then runs on
 * each), closed after. Call at the top of the file; the getter is for the tests.
 */
export function useEngines(
  prepare?: (engine: Engine) => Promise<void>,
): () => Record<EngineName, Engine> {
  let engines: Record<EngineName, Engine> | undefined;
  beforeAll(async () => {
    engines = await openEngines();
    if (prepare) for (const name of ENGINE_NAMES) await prepare(engines[name]);
  }, 60_000);
  afterAll(async () => {
    if (engines) await closeEngines(engines);
  });
  return () => {
    if (!engines) throw new Error("the engines are opened before the file's tests run");
    return engines;
  };
}

/** Runs per property and engine; raise them all (SQL_RUNS=2000) to hunt for rarer disagreements. */
export const SQL_RUNS = {
  embedded: Number(process.env.SQL_RUNS ?? runs(80)),
  /** More on ClickHouse, the newest target: 1,000 generated cases a run over the two files. */
  clickhouse: Number(process.env.SQL_RUNS ?? runs(200)),
  /** Fewer on MySQL, a server a round trip away. */
  mysql: Number(process.env.SQL_RUNS ?? runs(40)),
};

/** Quotes an identifier, doubling inner quotes: the same on the three embedded engines. */
export function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Quotes an identifier for an engine: backticks on MySQL (`"` is a string there by default). */
export function quoteFor(engine: SqlEngineName, name: string): string {
  if (engine === "clickhouse") return `"${name.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
  return engine === "mysql" ? `\`${name.replaceAll("`", "``")}\`` : quote(name);
}

/** A field of a schema and the column that holds it. */
export interface Column {
  readonly segments: readonly string[];
  readonly name: string;
  /** A scalar's type, or `json` for an object, array or `any` field, whose column holds its JSON. */
  readonly type: Exclude<ScalarTypeName, "any"> | "json";
  /** For a date field. */
  readonly storage: DateStorage;
}

/**
 * The columns of a schema: its scalar fields, nested objects flattened (`type.id` → `type_id`
 * unless `columns` names the column), and each object, array or `any` field a filter can reach
 * (`type`, `tags`) as a column of its JSON, for IS NULL; nothing inside arrays.
 */
export function columnsOf(schema: Schema, columns: ColumnsOption = {}): Column[] {
  const out: Column[] = [];
  const walk = (fields: Readonly<Record<string, FieldType>>, prefix: readonly string[]) => {
    for (const [name, type] of Object.entries(fields)) {
      const segments = [...prefix, name];
      const mapped = columns[segments.join(".")];
      const column =
        mapped === undefined
          ? segments.join("_")
          : typeof mapped === "string"
            ? mapped
            : mapped.column;
      if (type.kind === "array" || type.kind === "object" || type.kind === "any") {
        out.push({ segments, name: column, type: "json", storage: "date" });
        if (type.kind === "object" && type.fields) walk(type.fields, segments);
        continue;
      }
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
 * would: 'a' < 'B' there, while grammar/language.md 2.3 orders by code point ('B' < 'a').
 */
const POSTGRES_TEXT = 'TEXT COLLATE "und-x-icu"';

/**
 * MySQL strings take the table's utf8mb4 default collation, which ignores case, accents and
 * trailing spaces: the SQL must not rely on it. A timestamp is a DATETIME(3) holding UTC wall time.
 */
function sqlType(engine: SqlEngineName, column: Column): string {
  if (engine === "clickhouse") return `Nullable(${clickhouseType(column)})`;
  const pick = (postgres: string, sqlite: string, duckdb: string, mysql: string) =>
    ({ postgres, sqlite, duckdb, mysql })[engine];
  switch (column.type) {
    case "json":
      return jsonType(engine);
    case "string":
      return pick(POSTGRES_TEXT, "TEXT", "VARCHAR", "TEXT");
    case "integer":
      return pick("BIGINT", "INTEGER", "BIGINT", "BIGINT");
    case "number":
      return pick("DOUBLE PRECISION", "REAL", "DOUBLE", "DOUBLE");
    case "boolean":
      return pick("BOOLEAN", "INTEGER", "BOOLEAN", "BOOLEAN");
    case "date":
      switch (column.storage) {
        case "date":
          return pick("DATE", "TEXT", "DATE", "DATE");
        case "timestamp":
          return pick("TIMESTAMPTZ", "TEXT", "TIMESTAMPTZ", "DATETIME(3)");
        case "epochMillis":
          return pick("BIGINT", "INTEGER", "BIGINT", "BIGINT");
        case "text":
          return pick(POSTGRES_TEXT, "TEXT", "VARCHAR", "VARCHAR(64)");
      }
  }
}

/**
 * ClickHouse columns are not nullable unless declared so: every column is `Nullable`, as a field
 * can be missing. Days and instants use the widest types, 1900–2299.
 */
function clickhouseType(column: Column): string {
  switch (column.type) {
    case "json":
    case "string":
      return "String";
    case "integer":
      return "Int64";
    case "number":
      return "Float64";
    case "boolean":
      return "Bool";
    case "date":
      return {
        date: "Date32",
        timestamp: "DateTime64(3, 'UTC')",
        epochMillis: "Int64",
        text: "String",
      }[column.storage];
  }
}

/** The type of a JSON document column: jsonb on PostgreSQL, JSON text on SQLite and ClickHouse. */
function jsonType(engine: SqlEngineName): string {
  return { postgres: "JSONB", sqlite: "TEXT", duckdb: "JSON", mysql: "JSON", clickhouse: "String" }[
    engine
  ];
}

/** Drops and creates a table; on MySQL a TEMPORARY one, private to the connection, in utf8mb4. */
async function recreate(engine: Engine, name: string, defs: readonly string[]): Promise<void> {
  const table = quoteFor(engine.name, name);
  if (engine.name === "mysql") {
    await engine.exec(`DROP TEMPORARY TABLE IF EXISTS ${table}`);
    await engine.exec(
      `CREATE TEMPORARY TABLE ${table} (${defs.join(", ")}) DEFAULT CHARACTER SET utf8mb4`,
    );
    return;
  }
  await engine.exec(`DROP TABLE IF EXISTS ${table}`);
  const storage = engine.name === "clickhouse" ? " ENGINE = Memory" : "";
  await engine.exec(`CREATE TABLE ${table} (${defs.join(", ")})${storage}`);
}

/** The `_row` column's definition: ClickHouse has no PRIMARY KEY on a Memory table. */
function rowColumn(engine: Engine): string {
  const type = engine.name === "clickhouse" ? "Int64" : "INTEGER PRIMARY KEY";
  return `${quoteFor(engine.name, "_row")} ${type}`;
}

/** Creates (or re-creates, empty) a table with an `_row` primary key and the columns of `columnsOf`. */
export async function createTable(
  engine: Engine,
  name: string,
  schema: Schema,
  columns: ColumnsOption = {},
): Promise<void> {
  const q = (n: string) => quoteFor(engine.name, n);
  await recreate(engine, name, [
    rowColumn(engine),
    ...columnsOf(schema, columns).map((c) => `${q(c.name)} ${sqlType(engine.name, c)}`),
  ]);
}

/** Creates (or re-creates, empty) a table `(_row, <column> <the engine's JSON type, or type>)`. */
export async function createJsonTable(
  engine: Engine,
  name: string,
  column: string,
  type = jsonType(engine.name),
): Promise<void> {
  const q = (n: string) => quoteFor(engine.name, n);
  await recreate(engine, name, [rowColumn(engine), `${q(column)} ${type}`]);
}

/** Inserts JSON texts, numbered from 0 in `_row`, into a table of `createJsonTable`. */
export async function insertJson(
  engine: Engine,
  name: string,
  column: string,
  docs: readonly string[],
): Promise<void> {
  const q = (n: string) => quoteFor(engine.name, n);
  const marks = [
    placeholder(engine.name, 1, "INTEGER"),
    placeholder(engine.name, 2, jsonType(engine.name)),
  ];
  const statement = `INSERT INTO ${q(name)} (${q("_row")}, ${q(column)}) ${values(engine, marks)}`;
  for (const [row, doc] of docs.entries()) await engine.query(statement, [row, doc]);
}

/** Empties a table. */
export async function deleteRows(engine: Engine, name: string): Promise<void> {
  const table = quoteFor(engine.name, name);
  if (engine.name === "clickhouse") await engine.exec(`TRUNCATE TABLE ${table}`);
  else await engine.query(`DELETE FROM ${table}`, []);
}

/** The row of an INSERT: ClickHouse substitutes parameters in a SELECT, not in VALUES. */
function values(engine: Engine, marks: readonly string[]): string {
  return engine.name === "clickhouse"
    ? `SELECT ${marks.join(", ")}`
    : `VALUES (${marks.join(", ")})`;
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
function cell(engine: SqlEngineName, column: Column, value: unknown): unknown {
  switch (column.type) {
    case "json":
      // Any value, of the schema's type or not: only SQL NULL is null (grammar/language.md 2.4).
      return value === null ? null : JSON.stringify(value);
    case "string":
      return typeof value === "string" ? value : null;
    case "integer":
      return Number.isSafeInteger(value) ? value : null;
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? value : null;
    case "boolean":
      if (typeof value !== "boolean") return null;
      if (engine === "clickhouse") return String(value);
      return engine === "sqlite" || engine === "mysql" ? (value ? 1 : 0) : value;
    case "date":
      if (column.storage === "date" || column.storage === "text")
        return typeof value === "string" && DAY.test(value) ? value : null;
      if (!Number.isSafeInteger(value)) return null;
      if (column.storage === "epochMillis") return value;
      // The UTC wall time, as DateTime64(3, 'UTC') reads a parameter.
      if (engine === "clickhouse")
        return new Date(value as number).toISOString().slice(0, 23).replace("T", " ");
      // MySQL: the UTC wall time, as the dialect's timestampValue binds it.
      return engine === "mysql"
        ? new Date(value as number).toISOString().slice(0, 23).replace("T", " ")
        : new Date(value as number).toISOString();
  }
}

/** The placeholder of a value for a column, cast to the column's type where the engine needs it. */
function placeholder(engine: SqlEngineName, index: number, type: string): string {
  switch (engine) {
    case "postgres":
      return `CAST($${index} AS ${type})`;
    case "sqlite":
      return "?";
    case "duckdb":
      return `CAST(? AS ${type})`;
    case "mysql":
      // CAST knows DATE and DATETIME(n) but not BIGINT or TEXT; the column converts the rest.
      return type.startsWith("DATE") ? `CAST(? AS ${type})` : "?";
    case "clickhouse":
      return `{p${index}:${type === "INTEGER" ? "Int64" : type}}`;
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
  const q = (n: string) => quoteFor(engine.name, n);
  const names = [q("_row"), ...list.map((c) => q(c.name))].join(", ");
  const marks = [
    placeholder(engine.name, 1, "INTEGER"),
    ...list.map((c, i) =>
      placeholder(engine.name, i + 2, sqlType(engine.name, c).replace(/ COLLATE .*/, "")),
    ),
  ];
  const statement = `INSERT INTO ${q(name)} (${names}) ${values(engine, marks)}`;
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
    `SELECT ${quoteFor(engine.name, "_row")} AS r FROM ${quoteFor(engine.name, name)} WHERE ${condition.sql} ORDER BY 1`,
    condition.params,
  );
  return rows.map((row) => Number(row.r));
}

/** Counts a table's rows (to check that a query left it intact). */
export async function countRows(engine: Engine, name: string): Promise<number> {
  const rows = await engine.query(`SELECT COUNT(*) AS n FROM ${quoteFor(engine.name, name)}`, []);
  return Number(rows[0]?.n);
}
