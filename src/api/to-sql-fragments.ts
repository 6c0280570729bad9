import type { Filter } from "../ast/zoned-filter.ts";
import type { Dialect } from "../backends/sql/dialect.ts";
import { type DialectName, dialects } from "../backends/sql/dialects.ts";
import { checkTypedFilter } from "../backends/sql/read-sql-options.ts";
import { compileSqlFragments, type SqlFragments } from "../backends/sql/sql-fragments.ts";
import { oneOf } from "../base/members.ts";
import { readOptions, type SchemaOption } from "../check/read-options.ts";
import { InvalidOptionError } from "../errors/invalid-input.ts";
import type { LiteralTextOptions } from "../schema/literal-text-type.ts";
import { type PolicyTextOptions, policedWhere, readCallerWhere } from "./access-policy.ts";
import { type CheckedSqlOptions, readToSqlOptions, type ToSqlOptions } from "./to-sql.ts";

/**
 * Options of the query-builder integrations (`toKysely`, `toKnex`, `toDrizzle`): those of `toSql`
 * but the placeholders, which the builder writes and numbers itself.
 */
export type QueryBuilderSqlOptions<S extends SchemaOption = SchemaOption> = Omit<
  ToSqlOptions<S>,
  "placeholders" | "firstParameter"
>;

/**
 * A query builder's options as its signature takes them: a literal `maxDepth` or `maxLength`
 * (`D`, `L`) and a policy written in the code (`P`) read by the compiler against the schema.
 */
export type CheckedQueryBuilderOptions<S extends SchemaOption, D, L, P> = Omit<
  QueryBuilderSqlOptions<S>,
  "policy"
> &
  LiteralTextOptions<S, D, L> &
  PolicyTextOptions<S, P>;

/** A condition cut at its placeholders for a query builder, and the options it was made with. */
export interface BuilderCondition extends SqlFragments {
  readonly options: CheckedSqlOptions;
}

/**
 * The condition of `toSql` as text fragments and the value of each place in text order, for a
 * query builder that writes and numbers placeholders itself (grammar/language.md 9.4). Checks
 * `toSql`'s options, refuses `placeholders` and `firstParameter`, and a dialect whose SQL needs
 * placeholders of its own (ClickHouse's are typed) or, when `builderDialects` is given, one the
 * builder does not speak.
 */
export function toSqlFragments(
  caller: string,
  input: string | Filter,
  options: QueryBuilderSqlOptions,
  builderDialects?: readonly DialectName[],
): BuilderCondition {
  const given = readOptions<ToSqlOptions>(caller, options);
  for (const name of ["placeholders", "firstParameter"] as const) {
    if (given[name] !== undefined) {
      throw new InvalidOptionError(
        caller,
        name,
        "the query builder writes and numbers the statement's placeholders itself",
      );
    }
  }
  const checked = readToSqlOptions(caller, given);
  const { dialect, schema, columns, json, timeZone, limits, policy } = checked;
  if (builderDialects && !builderDialects.some((name) => dialects[name] === dialect)) {
    throw new InvalidOptionError(
      caller,
      "dialect",
      `expected ${oneOf(builderDialects)}; found ${describeDialect(dialect)}`,
    );
  }
  if (dialect.placeholderStyles && !dialect.placeholderStyles.includes("?")) {
    throw new InvalidOptionError(
      caller,
      "dialect",
      `the ${dialect.name} dialect writes only its own placeholders, such as ${dialect.placeholder(1)}, which a query builder cannot write`,
    );
  }
  const callerWhere = readCallerWhere(caller, input, limits, schema, policy);
  checkTypedFilter(caller, callerWhere, schema);
  const filter = policedWhere(policy, callerWhere);
  const sqlOptions = { dialect, schema, columns, timeZone, json };
  const fragments = compileSqlFragments(filter, sqlOptions);
  return { ...fragments, options: checked };
}

const describeDialect = (dialect: Dialect) =>
  Object.values(dialects).includes(dialect as never)
    ? JSON.stringify(dialect.name)
    : `a dialect object named ${JSON.stringify(dialect.name)}`;

/**
 * The option that put `text` into a condition's SQL: the JSON column, a `columns` entry, or
 * else the dialect, whose own SQL holds it.
 */
export function optionHolding(options: CheckedSqlOptions, text: string): string {
  if (options.json?.includes(text)) return "json";
  for (const [path, spec] of Object.entries(options.columns ?? {})) {
    if (spec.column.includes(text)) return `columns[${JSON.stringify(path)}]`;
  }
  return "dialect";
}

/**
 * Fragments as the strings of a tagged template (`sql\`…\`` of Kysely and Drizzle), so that a
 * builder's own tag makes its own parameters of the values.
 */
export function templateOf(fragments: readonly string[]): TemplateStringsArray {
  // As a template literal's own: frozen, with `raw` not enumerable.
  const strings = [...fragments];
  Object.defineProperty(strings, "raw", { value: Object.freeze([...fragments]) });
  return Object.freeze(strings) as unknown as TemplateStringsArray;
}
