import { EOF, type IRecognitionException, type IToken, tokenMatcher } from "chevrotain";
import type { WhereExpression } from "../ast/where.ts";
import { QuerySyntaxError } from "../errors/errors.ts";
import { Path } from "./shared-tokens.ts";
import { WhereParser } from "./where-parser.ts";
import {
  And,
  Comparator,
  In,
  Is,
  Keyword,
  ListBareValue,
  ListComma,
  ListOpen,
  ListQuotedValue,
  LParen,
  Not,
  Or,
  RParen,
  Stray,
  Tilde,
  UnterminatedQuote,
  whereLexer,
} from "./where-tokens.ts";

/** Limits of LANGUAGE.md 1.4, configurable per call. */
export interface ParseLimits {
  /** The most characters of input accepted; 8192 unless set. */
  readonly maxLength?: number;
  /** The most levels of parenthesis nesting accepted; 64 unless set. */
  readonly maxDepth?: number;
}

export const DEFAULT_MAX_LENGTH = 8192;
export const DEFAULT_MAX_DEPTH = 64;
/** The deepest nesting `maxDepth` may allow: deeper would risk the call stack. */
export const MAX_DEPTH_LIMIT = 256;

/** Reads and checks the limits of a call. */
export function resolveLimits(limits: ParseLimits): { maxLength: number; maxDepth: number } {
  const maxLength = limits.maxLength ?? DEFAULT_MAX_LENGTH;
  const maxDepth = limits.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (!(maxLength >= 0)) throw new RangeError("maxLength must be a number >= 0");
  if (!Number.isInteger(maxDepth) || maxDepth < 0 || maxDepth > MAX_DEPTH_LIMIT) {
    throw new RangeError(`maxDepth must be an integer from 0 to ${MAX_DEPTH_LIMIT}`);
  }
  return { maxLength, maxDepth };
}

const parser = new WhereParser();

/** The result of a `safe…` parse: the tree, or the error that `parse…` would have thrown. */
export type SafeParseResult<T, E = QuerySyntaxError> =
  | { readonly success: true; readonly ast: T }
  | { readonly success: false; readonly error: E };

/** Options of `parseWhere`; later backends add a schema to validate against. */
export type ParseWhereOptions = ParseLimits;

/**
 * Parses a `where` filter (LANGUAGE.md 2) into its AST; throws `QuerySyntaxError` with the
 * position of the first problem.
 */
export function parseWhere(text: string, options: ParseWhereOptions = {}): WhereExpression {
  if (typeof text !== "string") throw new TypeError("parseWhere expects a string");
  const { maxLength, maxDepth } = resolveLimits(options);
  if (text.length > maxLength) {
    throw new QuerySyntaxError({
      language: "where",
      input: text,
      code: "INPUT_TOO_LONG",
      offset: maxLength,
      length: text.length - maxLength,
      description: `the filter is ${text.length} characters long, over the limit of ${maxLength}`,
    });
  }
  const lexed = whereLexer.tokenize(text);
  const tokens = lexed.tokens;
  parser.begin(text, tokens, maxDepth);
  let ast: WhereExpression;
  let failure: IRecognitionException | undefined;
  let depth: number;
  try {
    ast = parser.where();
    failure = parser.errors[0];
    depth = parser.nesting;
  } catch (error) {
    // A caller already deep in its own stack can still run out of it: report the nesting.
    if (error instanceof RangeError) throw nestingTooDeep(text, tokens, parser.nesting);
    // An error raised by an action (white space, pattern, depth) is the parse's first.
    const stray = lexed.errors[0];
    if (stray && error instanceof QuerySyntaxError && stray.offset < error.offset) {
      throw strayCharacter(text, tokens, stray.offset);
    }
    throw error;
  } finally {
    // Do not keep the caller's text and tokens alive in the shared parser.
    parser.begin("", [], 0);
  }
  const stray = lexed.errors[0];
  if (stray && (!failure || stray.offset < offsetOf(text, failure.token))) {
    throw strayCharacter(text, tokens, stray.offset);
  }
  if (failure) throw describeFailure(text, tokens, failure, depth);
  return ast;
}

/** Like `parseWhere`, but returns the error instead of throwing it. */
export function safeParseWhere(
  text: string,
  options: ParseWhereOptions = {},
): SafeParseResult<WhereExpression> {
  try {
    return { success: true, ast: parseWhere(text, options) };
  } catch (error) {
    if (error instanceof QuerySyntaxError) return { success: false, error };
    throw error;
  }
}

function nestingTooDeep(text: string, tokens: IToken[], depth: number): QuerySyntaxError {
  let open = 0;
  let offset = 0;
  for (const token of tokens) {
    if (tokenMatcher(token, LParen) && ++open === depth) {
      offset = token.startOffset;
      break;
    }
    if (tokenMatcher(token, RParen)) open--;
  }
  return new QuerySyntaxError({
    language: "where",
    input: text,
    code: "NESTING_TOO_DEEP",
    offset,
    length: 1,
    description: `parentheses nest ${depth} levels deep, more than the call stack allows`,
  });
}

function offsetOf(text: string, token: IToken): number {
  return token.tokenType === EOF ? text.length : token.startOffset;
}

function strayCharacter(text: string, tokens: IToken[], offset: number): QuerySyntaxError {
  let index = 0;
  let depth = 0;
  for (; index < tokens.length && (tokens[index] as IToken).startOffset < offset; index++) {
    const token = tokens[index] as IToken;
    if (tokenMatcher(token, LParen)) depth++;
    else if (tokenMatcher(token, RParen)) depth--;
  }
  const codePoint = text.codePointAt(offset) ?? 0;
  const char = String.fromCodePoint(codePoint);
  return unexpected(text, tokens, index, offset, char.length, `the character ${show(char)}`, depth);
}

function describeFailure(
  text: string,
  tokens: IToken[],
  failure: IRecognitionException,
  depth: number,
): QuerySyntaxError {
  const actual = failure.token;
  const atEnd = actual.tokenType === EOF;
  const index = atEnd ? tokens.length : tokens.indexOf(actual);
  const offset = offsetOf(text, actual);
  if (!atEnd && tokenMatcher(actual, UnterminatedQuote)) {
    return new QuerySyntaxError({
      language: "where",
      input: text,
      code: "UNTERMINATED_QUOTE",
      offset: offset + actual.image.length - 1,
      length: 1,
      description: "this quote is never closed",
    });
  }
  return atEnd
    ? unexpected(text, tokens, index, offset, 0, undefined, depth)
    : unexpected(text, tokens, index, offset, actual.image.length, describeToken(actual), depth);
}

function unexpected(
  text: string,
  tokens: IToken[],
  index: number,
  offset: number,
  length: number,
  found: string | undefined,
  depth: number,
): QuerySyntaxError {
  const previous = tokens[index - 1];
  const expected = expectedAfter(previous, tokens[index - 2], depth);
  const after = previous ? ` after ${show(previous.image)}` : "";
  return new QuerySyntaxError({
    language: "where",
    input: text,
    code: found === undefined ? "UNEXPECTED_END" : "UNEXPECTED_TOKEN",
    offset,
    length,
    description: `expected ${listOf(expected)}${after}${found === undefined ? "" : ` but found ${found}`}`,
    expected,
  });
}

const FIELD_OR_GROUP = ["a field name", '"("'];

function expectedAfter(
  previous: IToken | undefined,
  beforePrevious: IToken | undefined,
  depth: number,
): string[] {
  if (!previous) return FIELD_OR_GROUP;
  const is = (type: Parameters<typeof tokenMatcher>[1]) => tokenMatcher(previous, type);
  if (is(LParen) || is(And) || is(Or)) return FIELD_OR_GROUP;
  if (is(Path)) return ["an operator (= != > >= < <= ~ IN NOT IN IS NULL IS NOT NULL)"];
  if (is(Comparator) || is(ListOpen) || is(ListComma)) return ["a value"];
  if (is(Tilde)) return ["a pattern"];
  if (is(In)) return ['"(" and a list of values'];
  if (is(Is)) return ["NULL", "NOT NULL"];
  if (is(Not)) return beforePrevious && tokenMatcher(beforePrevious, Is) ? ["NULL"] : ["IN"];
  if (is(ListQuotedValue) || is(ListBareValue)) return ['","', '")"'];
  return depth > 0 ? ["AND", "OR", '")"'] : ["AND", "OR", "the end of the filter"];
}

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

function show(image: string): string {
  const shown = image.length > 24 ? `${image.slice(0, 21)}…` : image;
  return JSON.stringify(shown);
}

function describeToken(token: IToken): string {
  if (tokenMatcher(token, Stray)) return `the character ${show(token.image)}`;
  if (tokenMatcher(token, Keyword)) return `the keyword ${token.image.toUpperCase()}`;
  return show(token.image);
}
