import {
  CODE_GENERATION_MODES,
  type CodeGeneration,
} from "../backends/predicate/compile-predicate.ts";
import type { ParseLimits } from "../base/limits.ts";
import {
  readChoiceOption,
  readLimitMembers,
  readSchemaOption,
  readStringOption,
  type SchemaOption,
} from "../check/read-options.ts";
import type { Schema } from "../schema/schema.ts";

/** The options every front door that compiles a filter takes (`compileWhere`, `filterDump`). */
export interface CompileOptions extends ParseLimits {
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

/** `CompileOptions` read once and checked, each member of its type. */
export interface CheckedCompileOptions {
  readonly schema: Schema | undefined;
  readonly timeZone: string | undefined;
  readonly codeGeneration: CodeGeneration | undefined;
  readonly limits: ParseLimits;
}

/** The one reader of compile options: `InvalidOptionError` naming `caller` for a bad member. */
export function readCompileOptions(
  caller: string,
  given: Partial<CompileOptions>,
): CheckedCompileOptions {
  return {
    schema: readSchemaOption(caller, given.schema),
    timeZone: readStringOption(caller, "timeZone", given.timeZone),
    codeGeneration: readChoiceOption(
      caller,
      "codeGeneration",
      given.codeGeneration,
      CODE_GENERATION_MODES,
    ),
    limits: readLimitMembers(caller, given),
  };
}
