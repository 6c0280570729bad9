// A filter as a Kysely expression, its own entry `qaql/kysely`: Kysely is an optional peer
// dependency, loaded by this entry only, never by `qaql`.

import { type RawBuilder, type SqlBool, sql } from "kysely";
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
 * A `where` filter as a Kysely expression for `.where(…)`: `toSql`'s condition as Kysely's own
 * `sql` template, so Kysely writes and numbers the placeholders among the query's others.
 * Takes `toSql`'s options but the placeholders; throws as `toSql` does.
 */
export function toKysely<
  const T extends string | Filter,
  const S extends SchemaOption,
  const D extends number | undefined = undefined,
  const L extends number | undefined = undefined,
  const P extends AccessPolicy | undefined = undefined,
>(
  input: CheckedSqlWhere<T, S, D, L>,
  options: CheckedQueryBuilderOptions<S, D, L, P>,
): RawBuilder<SqlBool>;
export function toKysely(
  input: string | Filter,
  options: QueryBuilderSqlOptions,
): RawBuilder<SqlBool> {
  const { fragments, values } = toSqlFragments("toKysely", input, options);
  return sql<SqlBool>(templateOf(fragments), ...values);
}
