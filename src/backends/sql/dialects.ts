// Each SQL dialect is a file of dialects/ behind the hooks of dialect.ts: a new engine is one
// file there and one entry here.
import { clickhouse } from "./dialects/clickhouse.ts";
import { duckdb } from "./dialects/duckdb.ts";
import { mysql } from "./dialects/mysql.ts";
import { postgres } from "./dialects/postgres.ts";
import { sqlite } from "./dialects/sqlite.ts";

export { jsonPathText } from "./dialects/sql-text.ts";

/** The dialects by name. */
export const dialects = { postgres, sqlite, duckdb, mysql, clickhouse } as const;

/** A dialect's name. */
export type DialectName = keyof typeof dialects;
