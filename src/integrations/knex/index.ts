// A filter as the arguments of Knex's `whereRaw`, its own entry `qaql/knex`: Knex is an optional
// peer dependency whose types only this entry names, so importing it never loads Knex.

import type { Knex } from "knex";
import type { AccessPolicy } from "../../api/access-policy.ts";
import {
  type CheckedQueryBuilderOptions,
  optionHolding,
  type QueryBuilderSqlOptions,
  toSqlFragments,
} from "../../api/to-sql-fragments.ts";
import type { Filter } from "../../ast/zoned-filter.ts";
import { dialects } from "../../backends/sql/dialects.ts";
import type { SchemaOption } from "../../check/read-options.ts";
import { InvalidOptionError } from "../../errors/invalid-input.ts";
import type { CheckedSqlWhere } from "../../schema/where-type.ts";

export type {
  CheckedQueryBuilderOptions,
  QueryBuilderSqlOptions,
} from "../../api/to-sql-fragments.ts";

/**
 * A `where` filter as the arguments of Knex's `.whereRaw(…)` (or `knex.raw`): `toSql`'s
 * condition with a named binding (`:p1`) for each value, which Knex turns into the query's next
 * placeholder. For Knex's `pg`, `sqlite3`/`better-sqlite3` and `mysql`/`mysql2` clients:
 * `dialect` is `postgres`, `sqlite` or `mysql`. Throws as `toSql` does.
 */
export function toKnex<
  const T extends string | Filter,
  const S extends SchemaOption,
  const D extends number | undefined = undefined,
  const L extends number | undefined = undefined,
  const P extends AccessPolicy | undefined = undefined,
>(
  input: CheckedSqlWhere<T, S, D, L>,
  options: CheckedQueryBuilderOptions<S, D, L, P>,
): [sql: string, bindings: Knex.ValueDict];
export function toKnex(
  input: string | Filter,
  options: QueryBuilderSqlOptions,
): [sql: string, bindings: Knex.ValueDict] {
  const caller = "toKnex";
  const condition = toSqlFragments(caller, input, options, ["postgres", "sqlite", "mysql"]);
  const { fragments, values } = condition;
  // Knex's PostgreSQL client numbers every `?` of a statement and reads `\?` as a plain `?`: it
  // has no spelling left for a backslash before a `?`.
  const postgres = condition.options.dialect === dialects.postgres;
  if (postgres && fragments.some((fragment) => fragment.includes("\\?"))) {
    throw new InvalidOptionError(
      caller,
      optionHolding(condition.options, "\\?"),
      `Knex's PostgreSQL client reads "\\?" as an escaped "?", so no name in the condition may hold a backslash before a "?"`,
    );
  }
  // The bindings are `p1`, `p2`…, and Knex takes the backslash of `\:name` away: so a backslash
  // before a `:p1` of the text keeps it from being a binding, and one before a `\:name` keeps
  // that backslash. Every other `:name` stays as it is, as no binding has its name.
  const text = (fragment: string) => {
    const named = fragment.replace(/(?<=\\):(?=\w)|:(?=p[0-9]+(?!\w))/g, "\\:");
    return postgres ? named.replaceAll("?", "\\?") : named;
  };
  const bindings: Record<string, Knex.Value> = Object.create(null);
  let sql = text(fragments[0] as string);
  for (const [i, value] of values.entries()) {
    const key = `p${i + 1}`;
    const next = fragments[i + 1] as string;
    bindings[key] = value as Knex.Value;
    // A space only where a neighbour would run into the name, escape it, or make it `:p1:`, an
    // identifier binding (a following `::text` cast is safe).
    const before = /[\\\w]$/.test(sql) ? " " : "";
    const after = /^(\w|:(?!:[^:]))/.test(next) ? " " : "";
    sql += `${before}:${key}${after}${text(next)}`;
  }
  return [sql, bindings];
}
