import type { WhereExpression } from "../ast/where.ts";
import {
  type CodeGeneration,
  compilePredicate,
  type Predicate,
} from "../backends/predicate/compile-predicate.ts";
import type { ParseLimits } from "../base/limits.ts";
import { checkOptionNames, readOptions, type SchemaOption } from "../check/read-options.ts";
import { readCompileOptions } from "./compile-options.ts";
import { readWhereInput } from "./read-input.ts";

/** Options of `compileWhere`. */
export interface CompileWhereOptions extends ParseLimits {
  /**
   * The field types; without one, each record's values give the types (grammar/language.md 2.3). A
   * plain shape (`{ rank: "number" }`) is defined on the fly, as `defineSchema` would.
   */
  readonly schema?: SchemaOption | undefined;
  /** The IANA zone in which dates are calendar days (2.5); UTC unless set. */
  readonly timeZone?: string | undefined;
  /**
   * `"auto"` (the default) compiles the filter to JavaScript source once (`new Function`), the
   * fastest predicate, and falls back to a tree of closures where generating code is forbidden,
   * as under a Content-Security-Policy without `'unsafe-eval'`. `"never"` always builds the
   * closures; `"always"` always generates code, throwing `EvalError` where it is forbidden.
   */
  readonly codeGeneration?: CodeGeneration | undefined;
}

const COMPILE_WHERE_OPTION_NAMES: readonly (keyof CompileWhereOptions)[] = [
  "schema",
  "timeZone",
  "codeGeneration",
  "maxLength",
  "maxDepth",
];

/**
 * Compiles a `where` filter, as text or AST, once into `(record) => boolean` (grammar/language.md
 * 2.3–2.5). Throws `QuerySyntaxError`, `QueryValidationError` (with a schema),
 * `InvalidAstError` (a tree that is not one), `InvalidOptionError` or `UnknownTimeZoneError`.
 */
export function compileWhere(
  input: string | WhereExpression,
  options?: CompileWhereOptions,
): Predicate {
  const caller = "compileWhere";
  const given = readOptions<CompileWhereOptions>(caller, options);
  checkOptionNames(caller, given, COMPILE_WHERE_OPTION_NAMES);
  const { schema, timeZone, codeGeneration, limits } = readCompileOptions(caller, given);
  const ast = readWhereInput(caller, input, limits, schema);
  return compilePredicate(ast, { schema, timeZone, codeGeneration });
}
