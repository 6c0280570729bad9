import type { IToken } from "chevrotain";
import { CHARACTERS } from "./character-codes.ts";
import { keywordAt, literalAt, readKeywords, readLexerDefinition } from "./lexer-tables.ts";
import {
  bareEnd,
  imageOf,
  isBareChar,
  isBareStart,
  isPathStart,
  isWhiteSpace,
  type Lexed,
  type LexingError,
  pathEnd,
  quotedEnd,
  spaceEnd,
  strayLength,
  type TokenKind,
  tokenOf,
} from "./scan.ts";
import { Path } from "./shared-tokens.ts";
import {
  BarePattern,
  BareValue,
  ListBareValue,
  ListQuotedValue,
  QuotedPattern,
  QuotedValue,
  Stray,
  UnterminatedQuote,
  whereKeywords,
  whereLexerDefinition,
} from "./where-tokens.ts";

const { ASTERISK, QUOTE } = CHARACTERS;

// The tokens of fixed spelling, the keywords, and the mode each token leads to, as
// where-tokens.ts defines them.
const tables = readLexerDefinition(whereLexerDefinition);
const KEYWORDS = readKeywords(whereKeywords, tables);
const MAIN = tables.mode("main");
const LIST = tables.mode("list");
const PATTERN = tables.mode("pattern");
const MAIN_LITERALS = tables.literals("main");
const LIST_LITERALS = tables.literals("list");

/** The kinds of the tokens read by their own code rather than by a table. */
const K = {
  BarePattern: tables.kind(BarePattern),
  BareValue: tables.kind(BareValue),
  ListBareValue: tables.kind(ListBareValue),
  ListQuotedValue: tables.kind(ListQuotedValue),
  QuotedPattern: tables.kind(QuotedPattern),
  QuotedValue: tables.kind(QuotedValue),
  Stray: tables.kind(Stray),
  UnterminatedQuote: tables.kind(UnterminatedQuote),
  Path: tables.kind(Path),
};

/**
 * Reads a `where` text into the tokens of where-tokens.ts, exactly as their patterns and modes
 * define them (a property test holds it to Chevrotain's lexer built from those definitions),
 * looking at each character once: the parser's speed is mostly the lexer's (bench/README.md).
 * One loop over locals, a branch per mode: a method per mode cost a third of the lexer's time.
 */
export function lexWhere(text: string): Lexed {
  const tokens: IToken[] = [];
  const errors: LexingError[] = [];
  const length = text.length;
  let offset = 0;
  let mode = MAIN;
  while (offset < length) {
    const c = text.charCodeAt(offset);
    if (isWhiteSpace(c)) {
      offset = spaceEnd(text, offset);
      continue;
    }
    let kind: TokenKind | undefined;
    let end: number;
    let image: string;
    if (mode === MAIN) {
      if (isPathStart(c)) {
        end = pathEnd(text, offset);
        kind = keywordAt(KEYWORDS, text, offset, end);
        if (kind === undefined) {
          kind = K.Path;
          image = text.slice(offset, end);
        } else image = imageOf(kind, text, offset, end);
      } else {
        kind = literalAt(MAIN_LITERALS, text, offset, c);
        if (kind === undefined) {
          // Characters no main token starts with are one error, up to where one could start again.
          end = offset + 1;
          while (end < length && !startsMainToken(text, end)) end++;
          errors.push({ offset, length: end - offset });
          offset = end;
          continue;
        }
        // Its one spelling, shared: the table matched it.
        image = kind.image;
        end = offset + image.length;
      }
    } else if (mode === LIST) {
      kind = literalAt(LIST_LITERALS, text, offset, c);
      if (kind !== undefined) {
        image = kind.image;
        end = offset + image.length;
      } else {
        if (isBareStart(c)) {
          kind = K.ListBareValue;
          end = bareEnd(text, offset);
        } else if (c === QUOTE) {
          end = quotedEnd(text, offset, false);
          kind = K.ListQuotedValue;
          if (end < 0) {
            kind = K.UnterminatedQuote;
            end = offset + 1;
          }
        } else {
          kind = K.Stray;
          end = offset + strayLength(text, offset);
        }
        image = text.slice(offset, end);
      }
    } else {
      // A value or a pattern: one token, then the main mode again, unless it is stray.
      const pattern = mode === PATTERN;
      // In a pattern, not `*"`: that opens a quoted pattern.
      const quote =
        c === QUOTE || (pattern && c === ASTERISK && text.charCodeAt(offset + 1) === QUOTE);
      if (!quote && (pattern ? isBareChar(c) : isBareStart(c))) {
        kind = pattern ? K.BarePattern : K.BareValue;
        end = bareEnd(text, offset);
      } else if (quote) {
        end = quotedEnd(text, offset, pattern);
        kind = pattern ? K.QuotedPattern : K.QuotedValue;
        // A quote (with its `*`) that is never closed.
        if (end < 0) {
          kind = K.UnterminatedQuote;
          end = text.indexOf('"', offset) + 1;
        }
      } else {
        kind = K.Stray;
        end = offset + strayLength(text, offset);
      }
      image = text.slice(offset, end);
    }
    tokens.push(tokenOf(kind, image, offset));
    // Not SAME_MODE, which is negative: an imported constant costs a load per token.
    if (kind.mode >= 0) mode = kind.mode;
    offset = end;
  }
  return { tokens, errors };
}

function startsMainToken(text: string, offset: number): boolean {
  const c = text.charCodeAt(offset);
  return (
    isWhiteSpace(c) || isPathStart(c) || literalAt(MAIN_LITERALS, text, offset, c) !== undefined
  );
}
