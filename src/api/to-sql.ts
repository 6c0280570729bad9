import type { Filter } from "../ast/zoned-filter.ts";
import { type ColumnSpec, compileSql, type SqlQuery } from "../backends/sql/compile-sql.ts";
import type { Dialect, PlaceholderStyle } from "../backends/sql/dialect.ts";
import type { DialectName } from "../backends/sql/dialects.ts";
import {
  checkTypedFilter,
  readColumns,
  readDialect,
  readPlaceholders,
} from "../backends/sql/read-sql-options.ts";
import { compileSqlFragments } from "../backends/sql/sql-fragments.ts";
import type { ParseLimits } from "../base/limits.ts";
import {
  checkOptionNames,
  optionNamesOf,
  readOptions,
  readSchemaOption,
  readStringOption,
  type SchemaOption,
} from "../check/read-options.ts";
import { InvalidOptionError } from "../errors/invalid-input.ts";
import type { SchemaPaths } from "../schema/infer-type.ts";
import type { LiteralTextOptions } from "../schema/literal-text-type.ts";
import type { Schema } from "../schema/schema.ts";
import type { CheckedSqlWhere } from "../schema/where-type.ts";
import {
  type AccessPolicy,
  type CheckedPolicy,
  type PolicyTextOptions,
  policedWhere,
  readAccessPolicy,
  readCallerWhere,
} from "./access-policy.ts";

/** Options of `toSql`; `S` is the schema given, whose paths are the keys of `columns`. */
export interface ToSqlOptions<S extends SchemaOption = SchemaOption> extends ParseLimits {
  /** `postgres`, `sqlite`, `duckdb`, `mysql`, `clickhouse`, or a dialect object of your own. */
  readonly dialect: DialectName | Dialect;
  /** Required: a field must be known to be safe, and its type decides the SQL. A plain shape is defined on the fly. */
  readonly schema: S;
  /**
   * Field path to column name, or to `{ column, dateStorage }`; unlisted fields join their
   * segments with `_`. Every key must be a field of the schema (with a typed schema, one of its
   * `SchemaPaths`), and only a date field takes a `dateStorage`.
   */
  readonly columns?: Readonly<Partial<Record<SchemaPaths<S>, string | ColumnSpec>>> | undefined;
  /** The IANA zone in which dates are calendar days (2.5); UTC unless set. */
  readonly timeZone?: string | undefined;
  /**
   * Read every field from this JSON column (`jsonb` on PostgreSQL, JSON text on SQLite, `JSON`
   * on DuckDB and MySQL, JSON text in a `String` on ClickHouse) instead of from columns; a value of another type than the schema's
   * compares false, as in memory. Excludes `columns`.
   */
  readonly json?: string | undefined;
  /**
   * How placeholders are written (grammar/language.md 9.4): `$n` (`$1`), `?n` (`?1`) or `?`
   * (positional: each use of a value is its own parameter), among those the dialect reads; the
   * dialect's own unless set.
   */
  readonly placeholders?: PlaceholderStyle | undefined;
  /**
   * The number of the first placeholder, so that the condition can follow parameters of its
   * statement's own (`$3` after two): a positive integer, 1 unless set; `?` has no number.
   */
  readonly firstParameter?: number | undefined;
  /**
   * What the caller may filter on, and a filter AND-ed with the caller's (grammar/language.md
   * 6.9), as `compileWhere` takes it: the condition holds both.
   */
  readonly policy?: AccessPolicy | undefined;
}

const TO_SQL_OPTION_NAMES = optionNamesOf<ToSqlOptions>({
  dialect: true,
  schema: true,
  columns: true,
  timeZone: true,
  json: true,
  placeholders: true,
  firstParameter: true,
  maxLength: true,
  maxDepth: true,
  policy: true,
});

/** `toSql`'s options, checked, with the schema defined and the dialect resolved. */
export interface CheckedSqlOptions {
  readonly dialect: Dialect;
  readonly schema: Schema;
  readonly columns: Readonly<Record<string, ColumnSpec>> | undefined;
  readonly json: string | undefined;
  readonly timeZone: string | undefined;
  readonly limits: ParseLimits;
  /** The policy the filter is read under (grammar/language.md 6.9); undefined without one. */
  readonly policy: CheckedPolicy | undefined;
  /** The style asked for; the dialect's own when undefined. */
  readonly placeholders: PlaceholderStyle | undefined;
  readonly firstParameter: number;
}

/**
 * Checks `toSql`'s options (grammar/language.md 7.4) and resolves them: a schema is required,
 * the dialect must be known or complete, `columns` must fit the schema; `InvalidOptionError`.
 */
export function readToSqlOptions(caller: string, options: unknown): CheckedSqlOptions {
  const given = readOptions<ToSqlOptions>(caller, options);
  checkOptionNames(caller, given, TO_SQL_OPTION_NAMES);
  const schema = readSchemaOption(caller, given.schema);
  if (!schema) {
    throw new InvalidOptionError(
      caller,
      "schema",
      "a schema is required: every field must be known to be safe",
    );
  }
  const dialect = readDialect(caller, given.dialect);
  const json = readStringOption(caller, "json", given.json);
  if (json === "")
    throw new InvalidOptionError(caller, "json", "expected a column name, not an empty string");
  const columns = readColumns(caller, given.columns, schema, json);
  const timeZone = readStringOption(caller, "timeZone", given.timeZone);
  const { placeholders, firstParameter } = readPlaceholders(
    caller,
    dialect,
    given.placeholders,
    given.firstParameter,
  );
  const policy = readAccessPolicy(caller, given.policy, schema);
  if (policy?.where) checkTypedFilter(caller, policy.where, schema);
  return {
    dialect,
    schema,
    columns,
    json,
    timeZone,
    limits: given,
    placeholders,
    firstParameter,
    policy,
  };
}

/** Writes numbered placeholders from `first`: in a style, or with the dialect's own hook. */
function numbered(
  dialect: Dialect,
  style: "$n" | "?n" | undefined,
  first: number,
): ((index: number) => string) | undefined {
  const offset = first - 1;
  if (style === "$n") return (index) => `$${index + offset}`;
  if (style === "?n") return (index) => `?${index + offset}`;
  return offset === 0 ? undefined : (index) => dialect.placeholder(index + offset);
}

/**
 * Compiles a `where` filter, as text or AST, into the condition of a WHERE clause for a SQL
 * dialect, selecting the rows `compileWhere` selects: `{ sql, params }`, values only in params,
 * `params[i]` the value of the placeholder numbered `firstParameter + i` (or of the i-th `?`).
 * Throws as `compileWhere` does; every option is checked first (`InvalidOptionError`), and so
 * is a filter that compares a field of type `any`, which SQL cannot (on `schema`). With a typed
 * schema, a literal text is checked by the compiler as `compileWhere` says.
 */
export function toSql<
  const T extends string | Filter,
  const S extends SchemaOption,
  const D extends number | undefined = undefined,
  const L extends number | undefined = undefined,
  const P extends AccessPolicy | undefined = undefined,
>(
  input: CheckedSqlWhere<T, S, D, L>,
  options: Omit<ToSqlOptions<S>, "policy"> & LiteralTextOptions<S, D, L> & PolicyTextOptions<S, P>,
): SqlQuery;
export function toSql(input: string | Filter, options: ToSqlOptions): SqlQuery {
  const caller = "toSql";
  const checked = readToSqlOptions(caller, options);
  const { dialect, schema, columns, json, timeZone, limits, placeholders, policy } = checked;
  const callerWhere = readCallerWhere(caller, input, limits, schema, policy);
  checkTypedFilter(caller, callerWhere, schema);
  const filter = policedWhere(policy, callerWhere);
  const sqlOptions = { dialect, schema, columns, timeZone, json };
  if (placeholders === "?") {
    // Positional: a value the dialect's SQL uses twice ($1 twice on PostgreSQL) is bound twice.
    const { fragments, values } = compileSqlFragments(filter, sqlOptions);
    return { sql: fragments.join("?"), params: [...values] };
  }
  const placeholder = numbered(dialect, placeholders, checked.firstParameter);
  return compileSql(filter, { ...sqlOptions, placeholder });
}
