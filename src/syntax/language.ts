import type { ParseLimits } from "../check/limits.ts";
import { readOptions, readSchemaOption, type SchemaOption } from "../check/read-options.ts";
import {
  type QuerySyntaxError,
  QueryValidationError,
  type ValidationIssue,
} from "../errors/errors.ts";
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
  /** Throws a `QueryValidationError` listing every problem of `ast` against `schema`, if any. */
  readonly assertValid: (ast: T, schema: Schema, text?: string) => void;
  /** Like `parse`, but returns the error instead of throwing it. */
  readonly safeParse: (
    text: string,
    options?: ParseOptions,
  ) => SafeResult<T, QuerySyntaxError | QueryValidationError>;
}

/** Builds a language's three functions from its grammar and its schema validation. */
export function defineLanguage<P extends QueryRules, T>(
  grammar: Grammar<P, T>,
  validate: (ast: T, schema: Schema) => ValidationIssue[],
): Language<T> {
  const { language } = grammar;
  const caller = `parse${language.charAt(0).toUpperCase()}${language.slice(1)}`;
  const assertValid = (ast: T, schema: Schema, text = "") => {
    const issues = validate(ast, schema);
    if (issues.length > 0) throw new QueryValidationError(language, text, issues);
  };
  const parse = (text: string, options?: ParseOptions): T => {
    const given = readOptions<ParseOptions>(caller, options);
    const schema = readSchemaOption(caller, given.schema);
    const ast = runRules(grammar, text, given);
    if (schema) assertValid(ast, schema, text);
    return ast;
  };
  const safeParse = (text: string, options?: ParseOptions) =>
    safely(isParseError, () => parse(text, options));
  return { parse, assertValid, safeParse };
}
