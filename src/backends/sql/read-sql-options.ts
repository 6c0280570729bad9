import type { Filter } from "../../ast/zoned-filter.ts";
import { isPlainRecord, oneOf, own } from "../../base/members.ts";
import { describeFound, InvalidOptionError } from "../../errors/invalid-input.ts";
import { resolvePath, type Schema } from "../../schema/schema.ts";
import { type ColumnSpec, findUntypedPredicate } from "./compile-sql.ts";
import {
  DATE_STORAGES,
  type DateStorage,
  type Dialect,
  PLACEHOLDER_STYLES,
  type PlaceholderStyle,
} from "./dialect.ts";
import { dialects } from "./dialects.ts";

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

function fail(caller: string, option: string, problem: string): never {
  throw new InvalidOptionError(caller, option, problem);
}

/** The `dialect` option: a name of `dialects`, or an object with every hook of `Dialect`. */
export function readDialect(caller: string, value: unknown): Dialect {
  if (typeof value === "string") {
    if (Object.hasOwn(dialects, value)) return dialects[value as keyof typeof dialects];
    return fail(
      caller,
      "dialect",
      `unknown SQL dialect ${describeFound(value)}; expected ${oneOf(Object.keys(dialects))}`,
    );
  }
  if (!isPlainRecord(value)) {
    return fail(
      caller,
      "dialect",
      `expected a dialect name or object; found ${describeFound(value)}`,
    );
  }
  if (typeof own(value, "name") !== "string") fail(caller, "dialect.name", "expected a string");
  for (const hook of DIALECT_HOOKS) {
    if (typeof value[hook] !== "function") fail(caller, `dialect.${hook}`, "expected a function");
  }
  for (const hook of OPTIONAL_HOOKS) {
    const given = value[hook];
    if (given !== undefined && typeof given !== "function") {
      fail(
        caller,
        `dialect.${hook}`,
        `expected a function or nothing; found ${describeFound(given)}`,
      );
    }
  }
  const styles = value.placeholderStyles;
  if (
    styles !== undefined &&
    !(
      Array.isArray(styles) &&
      styles.every((style) => PLACEHOLDER_STYLES.includes(style as PlaceholderStyle))
    )
  ) {
    fail(
      caller,
      "dialect.placeholderStyles",
      `expected nothing or an array, each item ${oneOf(PLACEHOLDER_STYLES)}; found ${describeFound(styles)}`,
    );
  }
  for (const flag of ["textHoldsNul", "booleanValues"] as const) {
    if (value[flag] !== undefined && typeof value[flag] !== "boolean") {
      fail(
        caller,
        `dialect.${flag}`,
        `expected a boolean or nothing; found ${describeFound(value[flag])}`,
      );
    }
  }
  const json = value.json;
  if (json !== undefined) {
    if (!isPlainRecord(json)) fail(caller, "dialect.json", "expected an object of JSON hooks");
    for (const hook of JSON_HOOKS) {
      if (typeof (json as Record<string, unknown>)[hook] !== "function") {
        fail(caller, `dialect.json.${hook}`, "expected a function");
      }
    }
  }
  return value as unknown as Dialect;
}

/**
 * The `placeholders` and `firstParameter` options (grammar/language.md 9.4): a style the dialect
 * reads, and a positive integer, which only numbered placeholders can start from.
 */
export function readPlaceholders(
  caller: string,
  dialect: Dialect,
  placeholders: unknown,
  firstParameter: unknown,
): { placeholders: PlaceholderStyle | undefined; firstParameter: number } {
  if (
    placeholders !== undefined &&
    !PLACEHOLDER_STYLES.includes(placeholders as PlaceholderStyle)
  ) {
    fail(
      caller,
      "placeholders",
      `expected ${oneOf(PLACEHOLDER_STYLES)}; found ${describeFound(placeholders)}`,
    );
  }
  const style = placeholders as PlaceholderStyle | undefined;
  const styles = dialect.placeholderStyles;
  if (style !== undefined && styles !== undefined && !styles.includes(style)) {
    fail(
      caller,
      "placeholders",
      styles.length === 0
        ? `the ${dialect.name} dialect writes only its own placeholders, such as ${dialect.placeholder(1)}; found ${describeFound(style)}`
        : `the ${dialect.name} dialect reads ${oneOf(styles)}; found ${describeFound(style)}`,
    );
  }
  if (firstParameter === undefined) return { placeholders: style, firstParameter: 1 };
  if (!Number.isSafeInteger(firstParameter) || (firstParameter as number) < 1) {
    fail(
      caller,
      "firstParameter",
      `expected a positive integer; found ${describeFound(firstParameter)}`,
    );
  }
  // The dialect's own hook is positional when parameters 1 and 2 look alike.
  const positional =
    style === undefined ? dialect.placeholder(1) === dialect.placeholder(2) : style === "?";
  if (positional && firstParameter !== 1) {
    const whose = style === undefined ? `the ${dialect.name} dialect's ` : "";
    const numberedStyles = (styles ?? PLACEHOLDER_STYLES).filter((s) => s !== "?");
    const orNumber =
      numberedStyles.length === 0
        ? ""
        : `, or number them with placeholders ${oneOf(numberedStyles)}`;
    fail(
      caller,
      "firstParameter",
      `${whose}"${style ?? dialect.placeholder(1)}" placeholders carry no number: put the condition's params after the statement's own, in order${orNumber}; found ${describeFound(firstParameter)}`,
    );
  }
  return { placeholders: style, firstParameter: firstParameter as number };
}

/**
 * The `columns` option against the schema: every key a field of it, every column a non-empty
 * name, a `dateStorage` only on a date field and one of the known storages.
 */
export function readColumns(
  caller: string,
  value: unknown,
  schema: Schema,
  json: string | undefined,
): Readonly<Record<string, ColumnSpec>> | undefined {
  const readColumnName = (option: string, name: unknown): string => {
    if (typeof name !== "string" || name === "") {
      return fail(caller, option, `expected a non-empty column name; found ${describeFound(name)}`);
    }
    return name;
  };
  if (value === undefined) return undefined;
  if (!isPlainRecord(value)) {
    return fail(
      caller,
      "columns",
      `expected an object of field path -> column; found ${describeFound(value)}`,
    );
  }
  if (json !== undefined)
    fail(
      caller,
      "columns",
      "columns and json exclude each other: json reads every field from one column",
    );
  const columns: Record<string, ColumnSpec> = Object.create(null);
  for (const path of Object.keys(value)) {
    const option = `columns[${JSON.stringify(path)}]`;
    const resolved = resolvePath(schema, path.split("."));
    if (!resolved.ok) fail(caller, option, `"${path}" is not a field of the schema`);
    const entry = value[path];
    if (typeof entry === "string") {
      columns[path] = { column: readColumnName(option, entry) };
      continue;
    }
    if (!isPlainRecord(entry)) {
      fail(
        caller,
        option,
        `expected a column name or { column, dateStorage }; found ${describeFound(entry)}`,
      );
    }
    const spec = entry as Record<string, unknown>;
    for (const key of Object.keys(spec)) {
      if (key !== "column" && key !== "dateStorage")
        fail(caller, `${option}.${key}`, "unknown member; expected column or dateStorage");
    }
    const column = readColumnName(`${option}.column`, own(spec, "column"));
    const dateStorage = own(spec, "dateStorage");
    if (dateStorage === undefined) {
      columns[path] = { column };
      continue;
    }
    if (!DATE_STORAGES.includes(dateStorage as DateStorage)) {
      fail(
        caller,
        `${option}.dateStorage`,
        `expected ${oneOf(DATE_STORAGES)}; found ${describeFound(dateStorage)}`,
      );
    }
    const type = resolved.type.kind;
    if (type !== "date")
      fail(caller, `${option}.dateStorage`, `only a date field has one; "${path}" is ${type}`);
    columns[path] = { column, dateStorage: dateStorage as DateStorage };
  }
  return columns;
}

/**
 * Refuses a filter that reaches an `any` field (grammar/language.md 9.1): SQL compares a column
 * by its declared type, and an `any` field's values are of several kinds. `InvalidOptionError`
 * on `schema`, as a type given there lets the filter compile.
 */
export function checkTypedFilter(caller: string, filter: Filter, schema: Schema): void {
  const trees = filter.kind === "zoned" ? filter.parts.map((part) => part.where) : [filter];
  const untyped = trees.map((tree) => findUntypedPredicate(tree, schema)).find(Boolean);
  if (untyped === undefined) return;
  const { path, field } = untyped;
  fail(
    caller,
    "schema",
    path === field
      ? `"${field}" is of type any (its values are of several kinds): SQL compares a field by its type; give it a scalar type in the schema`
      : `"${path}" is below "${field}", of type any (its values are of several kinds): SQL compares a field by its type; describe "${field}" as an object in the schema`,
  );
}
