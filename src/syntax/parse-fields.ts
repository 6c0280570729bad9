import { type TokenType, tokenMatcher } from "chevrotain";
import type { FieldsNode } from "../ast/fields.ts";
import { FieldsParser } from "./fields-parser.ts";
import { FieldsClose, FieldsComma, FieldsOpen, fieldsLexer } from "./fields-tokens.ts";
import {
  type Grammar,
  isSyntaxError,
  type ParseLimits,
  runParser,
  type SafeParseResult,
  safely,
  show,
} from "./run-parser.ts";
import { Path } from "./shared-tokens.ts";

const fieldsGrammar: Grammar<FieldsParser, FieldsNode> = {
  language: "fields",
  noun: "selection",
  lexer: fieldsLexer,
  parser: new FieldsParser(),
  start: (parser) => parser.fields(),
  openParen: FieldsOpen,
  closeParen: FieldsClose,
  expectedAfter(previous, _beforePrevious, depth) {
    const is = (type: TokenType) => previous !== undefined && tokenMatcher(previous, type);
    if (!previous || is(FieldsOpen) || is(FieldsComma)) return ["a field name"];
    const next = depth > 0 ? '")"' : "the end of the selection";
    if (is(Path)) return ['","', '"("', next];
    return ['","', next];
  },
  describeToken: (token) => show(token.image),
};

/** Options of `parseFields`. */
export type ParseFieldsOptions = ParseLimits;

/**
 * Parses a `fields` selection (LANGUAGE.md 3) into its AST; throws `QuerySyntaxError` with the
 * position of the first problem, selecting inside `_links` included.
 */
export function parseFields(text: string, options: ParseFieldsOptions = {}): FieldsNode {
  return runParser(fieldsGrammar, text, options);
}

/** Like `parseFields`, but returns the error instead of throwing it. */
export function safeParseFields(
  text: string,
  options: ParseFieldsOptions = {},
): SafeParseResult<FieldsNode> {
  return safely(isSyntaxError, () => parseFields(text, options));
}
