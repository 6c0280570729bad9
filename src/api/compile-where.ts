import type { Filter } from "../ast/zoned-filter.ts";
import type { Predicate } from "../backends/predicate/compile-predicate.ts";
import {
  checkOptionNames,
  optionNamesOf,
  readOptions,
  type SchemaOption,
} from "../check/read-options.ts";
import type { RecordOfOption } from "../schema/infer-type.ts";
import type { LiteralTextOptions } from "../schema/literal-text-type.ts";
import type { CheckedWhere } from "../schema/where-type.ts";
import {
  type AccessPolicy,
  compilePolicedPredicate,
  type PolicyTextOptions,
  readAccessPolicy,
  readCallerWhere,
} from "./access-policy.ts";
import { type CompileOptions, readCompileOptions } from "./compile-options.ts";

/** Options of `compileWhere`: those every front door that compiles a filter takes, and a policy. */
export interface CompileWhereOptions extends CompileOptions {
  /**
   * What the caller may filter on, and a filter AND-ed with the caller's (grammar/language.md
   * 6.9): a field it may not filter on is the same `UNKNOWN_FIELD` as one the schema lacks.
   */
  readonly policy?: AccessPolicy | undefined;
}

const COMPILE_WHERE_OPTION_NAMES = optionNamesOf<CompileWhereOptions>({
  schema: true,
  timeZone: true,
  codeGeneration: true,
  maxLength: true,
  maxDepth: true,
  policy: true,
});

/**
 * Compiles a `where` filter, as text or AST (or a list request's zoned filter, each part in its
 * own zone), once into `(record) => boolean` (grammar/language.md 2.3–2.5, 6.9). Throws `QuerySyntaxError`, `QueryValidationError` (with a schema),
 * `InvalidAstError` (a tree that is not one), `InvalidOptionError` or `UnknownTimeZoneError`.
 * With a typed schema (`defineSchema`, `schemas`), the predicate takes `Infer<typeof schema>`,
 * and a literal text is read by the compiler too: a syntax error, an unknown field or a value
 * of the wrong type fails to compile with the runtime's message (`CheckedWhere`).
 */
export function compileWhere<
  const T extends string | Filter,
  const S extends SchemaOption | undefined = undefined,
  const D extends number | undefined = undefined,
  const L extends number | undefined = undefined,
  const P extends AccessPolicy | undefined = undefined,
>(
  input: CheckedWhere<T, S, D, L>,
  options?: Omit<CompileWhereOptions, "policy"> &
    LiteralTextOptions<S, D, L> &
    PolicyTextOptions<S, P>,
): Predicate<RecordOfOption<S, unknown>>;
export function compileWhere(input: string | Filter, options?: CompileWhereOptions): Predicate {
  const caller = "compileWhere";
  const given = readOptions<CompileWhereOptions>(caller, options);
  checkOptionNames(caller, given, COMPILE_WHERE_OPTION_NAMES);
  const { schema, timeZone, codeGeneration, limits } = readCompileOptions(caller, given);
  const policy = readAccessPolicy(caller, given.policy, schema);
  const ast = readCallerWhere(caller, input, limits, schema, policy);
  return compilePolicedPredicate(policy, ast, { schema, timeZone, codeGeneration }) as Predicate;
}
