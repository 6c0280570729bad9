// `qaql filter --engine duckdb`: DuckDB reads the dump with its own JSON reader and applies the
// filter as `toSql` compiles it; only the matches' texts come back to JavaScript, which parses
// them as the JavaScript engine does and checks the filter again. Each record's fields are
// extracted once (`json_extract` with a list of paths parses a document once), and the filter's
// JSON access reads those values instead of the document. DuckDB reads the one file it is
// given and nothing else: no other file, no extension, no network.
import { type FileHandle, open } from "node:fs/promises";
import { resolve } from "node:path";
import type { DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";
import { predicatesOf, type WhereExpression } from "../ast/where.ts";
import type { Predicate } from "../backends/predicate/compile-predicate.ts";
import { compileSql } from "../backends/sql/compile-sql.ts";
import type { Dialect, JsonAccess } from "../backends/sql/dialect.ts";
import { dialects, jsonPathText } from "../backends/sql/dialects.ts";
import { parseJson } from "../json/parse-json.ts";
import type { Schema } from "../schema/schema.ts";

/** The dump shapes DuckDB's reader takes, as `read_json_objects` names them. */
export type DuckDbFormat = "array" | "newline_delimited";

/** What the DuckDB engine needs: the package, loaded only when asked for. */
export type DuckDbApi = typeof import("@duckdb/node-api");

/**
 * The largest record DuckDB reads (its default); it allocates buffers of twice this per thread,
 * so a larger record is left to the JavaScript engine, which has no limit.
 */
const MAXIMUM_OBJECT_SIZE = 16 * 1024 * 1024;

/** Loads `@duckdb/node-api`, or returns undefined when it is not installed. */
export async function loadDuckDb(): Promise<DuckDbApi | undefined> {
  try {
    return await import("@duckdb/node-api");
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") return undefined;
    throw error;
  }
}

/** Every distinct field path the filter reads, in first-seen order. */
function fieldPaths(ast: WhereExpression): string[][] {
  const seen = new Map<string, string[]>();
  for (const { path } of predicatesOf(ast)) {
    const key = path.segments.join(".");
    if (!seen.has(key)) seen.set(key, [...path.segments]);
  }
  return [...seen.values()];
}

/**
 * DuckDB's JSON access over the values extracted once per record: `v[k]` holds the k-th path's
 * value as JSON (NULL when absent), read at the root.
 */
function extractedAccess(paths: readonly string[][]): JsonAccess {
  const base = dialects.duckdb.json as JsonAccess;
  const slots = new Map(paths.map((path, i) => [path.join("."), `v[${i + 1}]`]));
  const slot = (path: readonly string[]) => {
    const found = slots.get(path.join("."));
    if (found === undefined) throw new Error(`duckdb engine: no slot for ${path.join(".")}`);
    return found;
  };
  return {
    value: (_doc, path, type) => base.value(slot(path), [], type),
    isNull: (_doc, path) => base.isNull(slot(path), []),
    day: (_doc, path) => base.day(slot(path), []),
    instant: (_doc, path) => base.instant(slot(path), []),
  };
}

/** The query that returns the raw text of every record the filter keeps, in the dump's order. */
export function duckDbQuery(
  ast: WhereExpression,
  schema: Schema,
  timeZone: string | undefined,
  format: DuckDbFormat,
): { sql: string; params: unknown[] } {
  const paths = fieldPaths(ast);
  const dialect: Dialect = { ...dialects.duckdb, json: extractedAccess(paths) };
  const condition = compileSql(ast, { dialect, schema, timeZone, json: "v" });
  const extract = paths.map(jsonPathText).join(", ");
  // A record that is no object is kept too, flagged, so that the JavaScript engine reports it.
  const sql =
    `SELECT text, left(text, 1) <> '{' AS stray FROM (` +
    `SELECT json::VARCHAR AS text, json_extract(json, [${extract}]) AS v ` +
    `FROM read_json_objects(?, format = '${format}', maximum_object_size = ${MAXIMUM_OBJECT_SIZE})` +
    `) WHERE left(text, 1) <> '{' OR (${condition.sql})`;
  return { sql, params: [null, ...condition.params] };
}

/** Why the DuckDB engine gave up; the JavaScript engine then reads the dump from the start. */
export class DuckDbGaveUp extends Error {
  override readonly name = "DuckDbGaveUp";
}

/** The characters DuckDB reads as a pattern anywhere in a file name. */
const PATTERN = /[*?[]/;

/**
 * The name under which DuckDB reads the file `handle` holds open, and only it; undefined where
 * there is none. DuckDB expands `*`, `?`, `[…]` and a leading `~` in the names it is given, so
 * on Linux it is given the process's own name for the open file, which holds none of them and
 * is that very file even if the path is renamed meanwhile; elsewhere the absolute path, unless
 * it holds a pattern character.
 */
export function literalName(
  handle: FileHandle,
  file: string,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  if (platform === "linux") return `/proc/self/fd/${handle.fd}`;
  const absolute = resolve(file);
  return PATTERN.test(absolute) ? undefined : absolute;
}

/** A DuckDB instance whose connection may read `name` and no other file, and loads no extension. */
export async function openDuckDb(
  duckdb: DuckDbApi,
  name: string,
): Promise<{ instance: DuckDBInstance; connection: DuckDBConnection }> {
  const instance = await duckdb.DuckDBInstance.create(":memory:", {
    memory_limit: "512MB",
    autoinstall_known_extensions: "false",
    autoload_known_extensions: "false",
  });
  try {
    const connection = await instance.connect();
    // DuckDB takes `allowed_paths` neither at creation nor once external access is off; and
    // off it stays, for no statement can switch it on again.
    await connection.run("SET allowed_paths = [?]", [name]);
    await connection.run("SET enable_external_access = false");
    return { instance, connection };
  } catch (error) {
    instance.closeSync();
    throw error;
  }
}

/**
 * The records of `file` that match, parsed, in batches as DuckDB returns them; each is checked
 * against `matches` as well, so an engine difference can only drop a record, never add one.
 * Throws DuckDbGaveUp when DuckDB cannot read the file or returns a text JSON.parse refuses,
 * or a record that is no object, and where it cannot be given the file's name (literalName).
 */
export async function* duckDbMatches(
  duckdb: DuckDbApi,
  file: string,
  format: DuckDbFormat,
  ast: WhereExpression,
  schema: Schema,
  timeZone: string | undefined,
  matches: Predicate,
): AsyncGenerator<Record<string, unknown>[]> {
  const { sql, params } = duckDbQuery(ast, schema, timeZone, format);
  let handle: FileHandle | undefined;
  let instance: DuckDBInstance | undefined;
  try {
    handle = await open(file, "r");
    const name = literalName(handle, file);
    if (name === undefined) throw new DuckDbGaveUp(`DuckDB would read ${file} as a pattern`);
    params[0] = name;
    const opened = await openDuckDb(duckdb, name);
    instance = opened.instance;
    const connection = opened.connection;
    try {
      const result = await connection.stream(sql, params as never);
      // A column at a time: converting whole rows to values costs more than the parse.
      for await (const chunk of result) {
        const texts = chunk.getColumnValues(0);
        const strays = chunk.getColumnValues(1);
        const batch: Record<string, unknown>[] = [];
        for (let row = 0; row < texts.length; row++) {
          if (strays[row] === true) throw new DuckDbGaveUp("a record that is no object");
          const record = parseJson(texts[row] as string) as Record<string, unknown>;
          if (matches(record)) batch.push(record);
        }
        yield batch;
      }
    } finally {
      connection.closeSync();
    }
  } catch (error) {
    if (error instanceof DuckDbGaveUp) throw error;
    throw new DuckDbGaveUp(error instanceof Error ? error.message : String(error));
  } finally {
    instance?.closeSync();
    await handle?.close();
  }
}
