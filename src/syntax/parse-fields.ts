import { type TokenType, tokenMatcher } from "chevrotain";
import type { FieldsNode } from "../ast/fields.ts";
import type { ParseLimits } from "../check/limits.ts";
import { readOptions, readSchemaOption, type SchemaOption } from "../check/read-options.ts";
import { quoteInput } from "../errors/characters.ts";
import { type QuerySyntaxError, QueryValidationError } from "../errors/errors.ts";
import { type SafeResult, safely } from "../errors/safe-result.ts";
import type { Schema } from "../schema/schema.ts";
import { validateFields } from "../schema/validate-fields.ts";
import { FieldsRules } from "./fields-rules.ts";
import { FieldsClose, FieldsComma, FieldsOpen, fieldsLexer } from "./fields-tokens.ts";
import { type Grammar, isParseError, runRules } from "./run-rules.ts";
import { Path } from "./shared-tokens.ts";

const fieldsGrammar: Grammar<FieldsRules, FieldsNode> = {
  language: "fields",
  noun: "selection",
  lexer: fieldsLexer,
  rules: new FieldsRules(),
  start: (rules) => rules.fields(),
  openParen: FieldsOpen,
  closeParen: FieldsClose,
  expectedAfter(previous, _beforePrevious, depth) {
    const is = (type: TokenType) => previous !== undefined && tokenMatcher(previous, type);
    if (!previous || is(FieldsOpen) || is(FieldsComma)) return ["a field name"];
    const next = depth > 0 ? '")"' : "the end of the selection";
    if (is(Path)) return ['","', '"("', next];
    return ['","', next];
  },
  describeToken: (token) => quoteInput(token.image),
};

/** Options of `parseFields`: the limits of 1.4, and a schema to validate against (section 4). */
export interface ParseFieldsOptions extends ParseLimits {
  /** A schema from `defineSchema`, or a plain shape defined on the fly. */
  readonly schema?: SchemaOption | undefined;
}

/**
 * Parses a `fields` selection (grammar/language.md 3) into its AST; throws `QuerySyntaxError` with the
 * position of the first problem, selecting inside `_links` included, and with `options.schema`
 * a `QueryValidationError` listing every name the schema does not know.
 */
export function parseFields(text: string, options?: ParseFieldsOptions): FieldsNode {
  const given = readOptions<ParseFieldsOptions>("parseFields", options);
  const schema = readSchemaOption("parseFields", given.schema);
  const ast = runRules(fieldsGrammar, text, given);
  if (schema) assertValidFields(ast, schema, text);
  return ast;
}

/** Throws a `QueryValidationError` listing every problem of `ast` against `schema`, if any. */
export function assertValidFields(ast: FieldsNode, schema: Schema, text = ""): void {
  const issues = validateFields(ast, schema);
  if (issues.length > 0) throw new QueryValidationError("fields", text, issues);
}

/** Like `parseFields`, but returns the error instead of throwing it. */
export function safeParseFields(
  text: string,
  options: ParseFieldsOptions = {},
): SafeResult<FieldsNode, QuerySyntaxError | QueryValidationError> {
  return safely(isParseError, () => parseFields(text, options));
}
