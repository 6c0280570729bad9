import {
  EOF,
  type IRecognitionException,
  type IToken,
  type TokenType,
  tokenMatcher,
} from "chevrotain";
import { expectedIn, type GrammarTable } from "../ast/grammar-table.ts";
import { type ParseLimits, resolveLimits } from "../base/limits.ts";
import { describeCharacter, quoteInput } from "../errors/characters.ts";
import {
  type QueryLanguage,
  QuerySyntaxError,
  QueryValidationError,
  type SyntaxErrorCode,
} from "../errors/errors.ts";
import type { QueryRules } from "./query-rules.ts";
import type { Lexed } from "./scan.ts";

/** Whether an error is what parsing a text can throw: a syntax error or, with a schema, a validation error. */
export const isParseError = (error: unknown): error is QuerySyntaxError | QueryValidationError =>
  error instanceof QuerySyntaxError || error instanceof QueryValidationError;

/** How one language describes what it expected, for messages that name what the user typed. */
export interface Grammar<
  P extends QueryRules,
  T,
  S extends string = string,
  F extends string = string,
> {
  readonly language: QueryLanguage;
  /** What may follow what, read for the expected list of every error. */
  readonly table: GrammarTable<S, F>;
  readonly lex: (text: string) => Lexed;
  /** The language's one parser, made on first use: building it analyses the whole grammar. */
  readonly rules: () => P;
  readonly start: (rules: P) => T;
  readonly openParen: TokenType;
  readonly closeParen: TokenType;
  readonly unterminatedQuote?: TokenType;
  /** The table's state after `previous` (the token before it is `beforePrevious`). */
  readonly stateAfter: (previous: IToken | undefined, beforePrevious: IToken | undefined) => S;
  readonly describeToken: (token: IToken) => string;
}

/**
 * Lexes and parses `text` with a language's single parser, and turns every failure into a
 * `QuerySyntaxError` at the first problem: a limit, a stray character, or a parse error.
 */
export function runRules<P extends QueryRules, T>(
  grammar: Grammar<P, T>,
  text: string,
  limits: ParseLimits,
): T {
  if (typeof text !== "string") throw new TypeError(`a ${grammar.language} text must be a string`);
  const { maxLength, maxDepth } = resolveLimits(limits);
  if (text.length > maxLength) {
    const description = `the ${grammar.table.noun} is ${text.length} characters long, over the limit of ${maxLength}`;
    throw syntaxError(
      { grammar, text },
      "INPUT_TOO_LONG",
      maxLength,
      text.length - maxLength,
      description,
    );
  }
  const lexed = grammar.lex(text);
  const tokens = lexed.tokens;
  const stray = lexed.errors[0];
  const rules = grammar.rules();
  rules.begin(text, tokens, maxDepth);
  let ast: T;
  let failure: IRecognitionException | undefined;
  let depth: number;
  try {
    ast = grammar.start(rules);
    failure = rules.errors[0];
    depth = rules.nesting;
  } catch (error) {
    // A caller already deep in its own stack can still run out of it: report the nesting.
    if (error instanceof RangeError) throw nestingTooDeep({ grammar, text, tokens }, rules.nesting);
    // An error raised by an action (white space, pattern, depth) may come after a stray character.
    if (stray && error instanceof QuerySyntaxError && stray.offset < error.offset) {
      throw strayCharacter({ grammar, text, tokens }, stray.offset);
    }
    throw error;
  } finally {
    // Drop the caller's text; its tokens stay until the next parse, which replaces them
    // (resetting the parser here as well cost 5% of a short parse).
    rules.release();
  }
  if (
    stray &&
    (!failure || failure.token.tokenType === EOF || stray.offset < failure.token.startOffset)
  ) {
    throw strayCharacter({ grammar, text, tokens }, stray.offset);
  }
  if (failure) throw describeFailure({ grammar, text, tokens }, failure, depth);
  return ast;
}

/** A function's value, computed on the first call and kept. */
export function once<V>(make: () => V): () => V {
  let value: V | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

/** What every failure is about: the language, the text, and its tokens. */
interface Place<P extends QueryRules, T> {
  readonly grammar: Grammar<P, T>;
  readonly text: string;
  readonly tokens: IToken[];
}

function syntaxError<P extends QueryRules, T>(
  { grammar, text: input }: Pick<Place<P, T>, "grammar" | "text">,
  code: SyntaxErrorCode,
  offset: number,
  length: number,
  description: string,
  expected?: readonly string[],
): QuerySyntaxError {
  const { language } = grammar;
  return new QuerySyntaxError({
    language,
    input,
    code,
    offset,
    length,
    description,
    ...(expected ? { expected } : {}),
  });
}

function nestingTooDeep<P extends QueryRules, T>(
  place: Place<P, T>,
  depth: number,
): QuerySyntaxError {
  const { grammar, tokens } = place;
  let open = 0;
  let offset = 0;
  for (const token of tokens) {
    if (tokenMatcher(token, grammar.openParen) && ++open === depth) {
      offset = token.startOffset;
      break;
    }
    if (tokenMatcher(token, grammar.closeParen)) open--;
  }
  const description = `parentheses nest ${depth} levels deep, more than the call stack allows`;
  return syntaxError(place, "NESTING_TOO_DEEP", offset, 1, description);
}

function strayCharacter<P extends QueryRules, T>(
  place: Place<P, T>,
  offset: number,
): QuerySyntaxError {
  const { grammar, text, tokens } = place;
  let index = 0;
  let depth = 0;
  for (; index < tokens.length && (tokens[index] as IToken).startOffset < offset; index++) {
    const token = tokens[index] as IToken;
    if (tokenMatcher(token, grammar.openParen)) depth++;
    else if (tokenMatcher(token, grammar.closeParen)) depth--;
  }
  const char = String.fromCodePoint(text.codePointAt(offset) ?? 0);
  return unexpected(place, index, offset, char.length, describeCharacter(char), depth);
}

function describeFailure<P extends QueryRules, T>(
  place: Place<P, T>,
  failure: IRecognitionException,
  depth: number,
): QuerySyntaxError {
  const { grammar, text, tokens } = place;
  const actual = failure.token;
  if (actual.tokenType === EOF)
    return unexpected(place, tokens.length, text.length, 0, undefined, depth);
  const offset = actual.startOffset;
  if (grammar.unterminatedQuote && tokenMatcher(actual, grammar.unterminatedQuote)) {
    const at = offset + actual.image.length - 1;
    return syntaxError(place, "UNTERMINATED_QUOTE", at, 1, "this quote is never closed");
  }
  const index = tokens.indexOf(actual);
  const found = grammar.describeToken(actual);
  return unexpected(place, index, offset, actual.image.length, found, depth);
}

function unexpected<P extends QueryRules, T>(
  place: Place<P, T>,
  index: number,
  offset: number,
  length: number,
  found: string | undefined,
  depth: number,
): QuerySyntaxError {
  const { grammar, tokens } = place;
  const previous = tokens[index - 1];
  const expected = expectedIn(
    grammar.table,
    grammar.stateAfter(previous, tokens[index - 2]),
    depth,
  );
  const after = previous ? ` after ${quoteInput(previous.image)}` : "";
  const code = found === undefined ? "UNEXPECTED_END" : "UNEXPECTED_TOKEN";
  const description = `expected ${listOf(expected)}${after}${found === undefined ? "" : ` but found ${found}`}`;
  return syntaxError(place, code, offset, length, description, expected);
}

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}
