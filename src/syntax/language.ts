import type { ParseLimits } from "../base/limits.ts";
import {
  checkOptionNames,
  optionNamesOf,
  readLimitMembers,
  readOptions,
  readSchemaOption,
  type SchemaOption,
} from "../check/read-options.ts";
import {
  type QuerySyntaxError,
  QueryValidationError,
  type ValidationIssue,
} from "../errors/errors.ts";
import { IssueList } from "../errors/issue-list.ts";
import { type SafeResult, safely } from "../errors/safe-result.ts";
import type { Schema } from "../schema/schema.ts";
import type { QueryRules } from "./query-rules.ts";
import { type Grammar, isParseError, runRules } from "./run-rules.ts";

/** Options of `parseWhere` and `parseFields`: the limits of 1.4, and a schema to validate against (4). */
export interface ParseOptions extends ParseLimits {
  /** A schema from `defineSchema`, or a plain shape defined on the fly. */
  readonly schema?: SchemaOption | undefined;
}

/** What each language offers: parse, check an AST against a schema, and parse without throwing. */
export interface Language<T> {
  /** Parses a text; throws `QuerySyntaxError`, and with a schema `QueryValidationError`. */
  readonly parse: (text: string, options?: ParseOptions) => T;
  /** Throws a `QueryValidationError` listing the problems of `ast` against `schema` (the first 100, counting all), if any. */
  readonly assertValid: (ast: T, schema: Schema, text?: string) => void;
  /**
   * `parse` for a front door that read its options already: limits and schema as checked, so
   * nothing is read twice in one call.
   */
  readonly parseChecked: (text: string, limits: ParseLimits, schema: Schema | undefined) => T;
  /** Like `parse`, but returns the error instead of throwing it. */
  readonly safeParse: (
    text: string,
    options?: ParseOptions,
  ) => SafeResult<T, QuerySyntaxError | QueryValidationError>;
}

export const PARSE_OPTION_NAMES = optionNamesOf<ParseOptions>({
  maxLength: true,
  maxDepth: true,
  schema: true,
});

/** Builds a language's three functions from its grammar and its schema validation. */
export function defineLanguage<P extends QueryRules, T>(
  grammar: Grammar<P, T>,
  validate: (ast: T, schema: Schema, found: IssueList<ValidationIssue>) => unknown,
): Language<T> {
  const { language } = grammar;
  const caller = `parse${language.charAt(0).toUpperCase()}${language.slice(1)}`;
  const assertValid = (ast: T, schema: Schema, text = "") => {
    // The first MAX_ISSUES are kept, the rest only counted, so the error stays small.
    const found = new IssueList<ValidationIssue>();
    validate(ast, schema, found);
    if (found.count > 0) throw new QueryValidationError(language, text, found.items, found.count);
  };
  const parseChecked = (text: string, limits: ParseLimits, schema: Schema | undefined): T => {
    const ast = runRules(grammar, text, limits);
    if (schema) assertValid(ast, schema, text);
    return ast;
  };
  const parse = (text: string, options?: ParseOptions): T => {
    const given = readOptions<ParseOptions>(caller, options);
    checkOptionNames(caller, given, PARSE_OPTION_NAMES);
    const limits = readLimitMembers(caller, given);
    return parseChecked(text, limits, readSchemaOption(caller, given.schema));
  };
  const safeParse = (text: string, options?: ParseOptions) =>
    safely(isParseError, () => parse(text, options));
  return { parse, parseChecked, assertValid, safeParse };
}
