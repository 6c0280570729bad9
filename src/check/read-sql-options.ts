import type { ColumnSpec } from "../backends/sql/compile-sql.ts";
import { DATE_STORAGES, type DateStorage, type Dialect } from "../backends/sql/dialect.ts";
import { dialects } from "../backends/sql/dialects.ts";
import { describeFound, InvalidOptionError } from "../errors/invalid-input.ts";
import { resolvePath, type Schema } from "../schema/schema.ts";
import { isPlainRecord, oneOf, own } from "./members.ts";

const CALLER = "toSql";

const DIALECT_HOOKS = [
  "placeholder",
  "quoteIdentifier",
  "text",
  "number",
  "day",
  "timestamp",
  "timestampValue",
  "booleanValue",
  "compareText",
  "match",
  "inTexts",
  "inNumbers",
] as const;
/** Hooks a dialect may leave out. */
const OPTIONAL_HOOKS = ["boolean", "dayText", "instantMillis"] as const;
const JSON_HOOKS = ["value", "isNull", "day", "instant"] as const;

function fail(option: string, problem: string): never {
  throw new InvalidOptionError(CALLER, option, problem);
}

/** The `dialect` option: a name of `dialects`, or an object with every hook of `Dialect`. */
export function readDialect(value: unknown): Dialect {
  if (typeof value === "string") {
    if (Object.hasOwn(dialects, value)) return dialects[value as keyof typeof dialects];
    return fail(
      "dialect",
      `unknown SQL dialect ${describeFound(value)}; expected ${oneOf(Object.keys(dialects))}`,
    );
  }
  if (!isPlainRecord(value)) {
    return fail("dialect", `expected a dialect name or object; found ${describeFound(value)}`);
  }
  if (typeof own(value, "name") !== "string") fail("dialect.name", "expected a string");
  for (const hook of DIALECT_HOOKS) {
    if (typeof value[hook] !== "function") fail(`dialect.${hook}`, "expected a function");
  }
  for (const hook of OPTIONAL_HOOKS) {
    const given = value[hook];
    if (given !== undefined && typeof given !== "function") {
      fail(`dialect.${hook}`, `expected a function or nothing; found ${describeFound(given)}`);
    }
  }
  const json = value.json;
  if (json !== undefined) {
    if (!isPlainRecord(json)) fail("dialect.json", "expected an object of JSON hooks");
    for (const hook of JSON_HOOKS) {
      if (typeof (json as Record<string, unknown>)[hook] !== "function") {
        fail(`dialect.json.${hook}`, "expected a function");
      }
    }
  }
  return value as unknown as Dialect;
}

function readColumnName(option: string, value: unknown): string {
  if (typeof value !== "string" || value === "") {
    return fail(option, `expected a non-empty column name; found ${describeFound(value)}`);
  }
  return value;
}

/**
 * The `columns` option against the schema: every key a field of it, every column a non-empty
 * name, a `dateStorage` only on a date field and one of the known storages.
 */
export function readColumns(
  value: unknown,
  schema: Schema,
  json: string | undefined,
): Readonly<Record<string, ColumnSpec>> | undefined {
  if (value === undefined) return undefined;
  if (!isPlainRecord(value)) {
    return fail(
      "columns",
      `expected an object of field path -> column; found ${describeFound(value)}`,
    );
  }
  if (json !== undefined)
    fail("columns", "columns and json exclude each other: json reads every field from one column");
  const columns: Record<string, ColumnSpec> = Object.create(null);
  for (const path of Object.keys(value)) {
    const option = `columns[${JSON.stringify(path)}]`;
    const resolved = resolvePath(schema, path.split("."));
    if (!resolved.ok) fail(option, `"${path}" is not a field of the schema`);
    const entry = value[path];
    if (typeof entry === "string") {
      columns[path] = { column: readColumnName(option, entry) };
      continue;
    }
    if (!isPlainRecord(entry)) {
      fail(
        option,
        `expected a column name or { column, dateStorage }; found ${describeFound(entry)}`,
      );
    }
    const spec = entry as Record<string, unknown>;
    for (const key of Object.keys(spec)) {
      if (key !== "column" && key !== "dateStorage")
        fail(`${option}.${key}`, "unknown member; expected column or dateStorage");
    }
    const column = readColumnName(`${option}.column`, own(spec, "column"));
    const dateStorage = own(spec, "dateStorage");
    if (dateStorage === undefined) {
      columns[path] = { column };
      continue;
    }
    if (!DATE_STORAGES.includes(dateStorage as DateStorage)) {
      fail(
        `${option}.dateStorage`,
        `expected ${oneOf(DATE_STORAGES)}; found ${describeFound(dateStorage)}`,
      );
    }
    const type = resolved.type.kind;
    if (type !== "date")
      fail(`${option}.dateStorage`, `only a date field has one; "${path}" is ${type}`);
    columns[path] = { column, dateStorage: dateStorage as DateStorage };
  }
  return columns;
}
