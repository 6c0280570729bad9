import type { WhereExpression } from "./ast/where.ts";
import { compilePredicate, type Predicate } from "./backends/predicate/compile-predicate.ts";
import type { Schema } from "./schema/schema.ts";
import { assertValidWhere, parseWhere } from "./syntax/parse-where.ts";
import type { ParseLimits } from "./syntax/run-parser.ts";

/** Options of `compileWhere`. */
export interface CompileWhereOptions extends ParseLimits {
  /** The field types; without one, each record's values give the types (LANGUAGE.md 2.3). */
  readonly schema?: Schema | undefined;
  /** The IANA zone in which dates are calendar days (2.5); UTC unless set. */
  readonly timeZone?: string | undefined;
}

/**
 * Compiles a `where` filter, as text or AST, once into `(record) => boolean` (LANGUAGE.md
 * 2.3–2.5). Throws `QuerySyntaxError`, `QueryValidationError` (with a schema) or
 * `UnknownTimeZoneError`.
 */
export function compileWhere(
  input: string | WhereExpression,
  options: CompileWhereOptions = {},
): Predicate {
  let ast: WhereExpression;
  if (typeof input === "string") {
    ast = parseWhere(input, options);
  } else {
    ast = input;
    if (options.schema) assertValidWhere(ast, options.schema);
  }
  return compilePredicate(ast, { schema: options.schema, timeZone: options.timeZone });
}
