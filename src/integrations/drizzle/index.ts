// A filter as a Drizzle SQL chunk, its own entry `qaql/drizzle`: Drizzle ORM is an optional peer
// dependency, loaded by this entry only, never by `qaql`.

import { type SQL, sql } from "drizzle-orm";
import type { AccessPolicy } from "../../api/access-policy.ts";
import {
  type CheckedQueryBuilderOptions,
  type QueryBuilderSqlOptions,
  templateOf,
  toSqlFragments,
} from "../../api/to-sql-fragments.ts";
import type { Filter } from "../../ast/zoned-filter.ts";
import type { SchemaOption } from "../../check/read-options.ts";
import type { CheckedSqlWhere } from "../../schema/where-type.ts";

export type {
  CheckedQueryBuilderOptions,
  QueryBuilderSqlOptions,
} from "../../api/to-sql-fragments.ts";

/**
 * A `where` filter as a Drizzle `SQL` chunk for `.where(…)` or `and(…)`: `toSql`'s condition as
 * Drizzle's own `sql` template, each value a `sql.param` (an array stays one parameter), so
 * Drizzle writes and numbers the placeholders among the query's others. Takes `toSql`'s options
 * but the placeholders; throws as `toSql` does.
 */
export function toDrizzle<
  const T extends string | Filter,
  const S extends SchemaOption,
  const D extends number | undefined = undefined,
  const L extends number | undefined = undefined,
  const P extends AccessPolicy | undefined = undefined,
>(input: CheckedSqlWhere<T, S, D, L>, options: CheckedQueryBuilderOptions<S, D, L, P>): SQL;
export function toDrizzle(input: string | Filter, options: QueryBuilderSqlOptions): SQL {
  const { fragments, values } = toSqlFragments("toDrizzle", input, options);
  return sql(templateOf(fragments), ...values.map((value) => sql.param(value)));
}
