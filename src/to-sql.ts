import type { WhereExpression } from "./ast/where.ts";
import { type ColumnSpec, compileSql, type SqlQuery } from "./backends/sql/compile-sql.ts";
import type { Dialect } from "./backends/sql/dialect.ts";
import { type DialectName, dialects } from "./backends/sql/dialects.ts";
import type { Schema } from "./schema/schema.ts";
import { assertValidWhere, parseWhere } from "./syntax/parse-where.ts";
import type { ParseLimits } from "./syntax/run-parser.ts";

/** Options of `toSql`. */
export interface ToSqlOptions extends ParseLimits {
  /** `postgres`, `sqlite`, `duckdb`, `mysql`, or a dialect object of your own. */
  readonly dialect: DialectName | Dialect;
  /** Required: a field must be known to be safe, and its type decides the SQL. */
  readonly schema: Schema;
  /** Field path to column name, or to `{ column, dateStorage }`; unlisted fields join their segments with `_`. */
  readonly columns?: Readonly<Record<string, string | ColumnSpec>> | undefined;
  /** The IANA zone in which dates are calendar days (2.5); UTC unless set. */
  readonly timeZone?: string | undefined;
  /**
   * Read every field from this JSON column (`jsonb` on PostgreSQL, JSON text on SQLite, `JSON`
   * on DuckDB and MySQL) instead of from columns; a value of another type than the schema's
   * compares false, as in memory.
   */
  readonly json?: string | undefined;
}

/**
 * Compiles a `where` filter, as text or AST, into the condition of a WHERE clause for a SQL
 * dialect, selecting the rows `compileWhere` selects: `{ sql, params }`, values only in params.
 */
export function toSql(input: string | WhereExpression, options: ToSqlOptions): SqlQuery {
  const { schema } = options;
  if (!schema) throw new TypeError("toSql needs a schema: every field must be known to be safe");
  const dialect = typeof options.dialect === "string" ? dialects[options.dialect] : options.dialect;
  if (!dialect)
    throw new TypeError(
      `unknown SQL dialect ${JSON.stringify(options.dialect)}; expected one of ${Object.keys(dialects).join(", ")}`,
    );
  let ast: WhereExpression;
  if (typeof input === "string") {
    ast = parseWhere(input, options);
  } else {
    ast = input;
    assertValidWhere(ast, schema);
  }
  const { columns, timeZone, json } = options;
  return compileSql(ast, { dialect, schema, columns, timeZone, json });
}
