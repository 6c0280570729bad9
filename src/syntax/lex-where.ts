import type { IToken } from "chevrotain";
import {
  bareEnd,
  imageOf,
  isBareChar,
  isBareStart,
  isPathStart,
  isWhiteSpace,
  kindOf,
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
  And,
  BarePattern,
  BareValue,
  Equal,
  Greater,
  GreaterEqual,
  In,
  Is,
  Less,
  LessEqual,
  ListBareValue,
  ListClose,
  ListComma,
  ListOpen,
  ListQuotedValue,
  LParen,
  Not,
  NotEqual,
  Null,
  Or,
  QuotedPattern,
  QuotedValue,
  RParen,
  Stray,
  Tilde,
  UnterminatedQuote,
} from "./where-tokens.ts";

/** The token kinds this lexer makes. */
const K = {
  And: kindOf(And, "AND"),
  BarePattern: kindOf(BarePattern),
  BareValue: kindOf(BareValue),
  Equal: kindOf(Equal, "="),
  Greater: kindOf(Greater, ">"),
  GreaterEqual: kindOf(GreaterEqual, ">="),
  In: kindOf(In, "IN"),
  Is: kindOf(Is, "IS"),
  Less: kindOf(Less, "<"),
  LessEqual: kindOf(LessEqual, "<="),
  ListBareValue: kindOf(ListBareValue),
  ListClose: kindOf(ListClose, ")"),
  ListComma: kindOf(ListComma, ","),
  ListOpen: kindOf(ListOpen, "("),
  ListQuotedValue: kindOf(ListQuotedValue),
  LParen: kindOf(LParen, "("),
  Not: kindOf(Not, "NOT"),
  NotEqual: kindOf(NotEqual, "!="),
  Null: kindOf(Null, "NULL"),
  Or: kindOf(Or, "OR"),
  QuotedPattern: kindOf(QuotedPattern),
  QuotedValue: kindOf(QuotedValue),
  RParen: kindOf(RParen, ")"),
  Stray: kindOf(Stray),
  Tilde: kindOf(Tilde, "~"),
  UnterminatedQuote: kindOf(UnterminatedQuote),
  Path: kindOf(Path),
};

/** The keyword a path spells in any case (2.1), `in` or `Null`, read without copying the text. */
function keywordAt(text: string, start: number, end: number): TokenKind | undefined {
  const length = end - start;
  if (length < 2 || length > 4) return undefined;
  // Lower case by `| 32`: paths hold letters, digits and `_`, none of which it turns into a letter.
  const first = text.charCodeAt(start) | 32;
  const second = text.charCodeAt(start + 1) | 32;
  if (length === 2) {
    if (first === 111) return second === 114 ? K.Or : undefined;
    if (first !== 105) return undefined;
    return second === 110 ? K.In : second === 115 ? K.Is : undefined;
  }
  const third = text.charCodeAt(start + 2) | 32;
  if (length === 3) {
    if (first === 97) return second === 110 && third === 100 ? K.And : undefined;
    return first === 110 && second === 111 && third === 116 ? K.Not : undefined;
  }
  return first === 110 &&
    second === 117 &&
    third === 108 &&
    (text.charCodeAt(start + 3) | 32) === 108
    ? K.Null
    : undefined;
}

// The modes of where-tokens.ts: after a comparator one value, after `~` one pattern, after IN
// a list.
const MAIN = 0;
const VALUE = 1;
const PATTERN = 2;
const LIST = 3;

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
    let kind: TokenKind;
    let end = offset + 1;
    if (mode === MAIN) {
      if (isPathStart(c)) {
        end = pathEnd(text, offset);
        const keyword = keywordAt(text, offset, end);
        kind = keyword ?? K.Path;
        if (keyword === K.In) mode = LIST;
      } else if (c === 40) kind = K.LParen;
      else if (c === 41) kind = K.RParen;
      else if (c === 126) {
        kind = K.Tilde;
        mode = PATTERN;
      } else {
        const equal = text.charCodeAt(offset + 1) === 61;
        if (c === 61) kind = K.Equal;
        else if (c === 62) kind = equal ? K.GreaterEqual : K.Greater;
        else if (c === 60) kind = equal ? K.LessEqual : K.Less;
        else if (c === 33 && equal) kind = K.NotEqual;
        else {
          // Characters no main token starts with are one error, up to where one could start again.
          while (end < length && !startsMainToken(text, end)) end++;
          errors.push({ offset, length: end - offset });
          offset = end;
          continue;
        }
        if (equal && c !== 61) end++;
        mode = VALUE;
      }
    } else if (mode === LIST) {
      if (isBareStart(c)) {
        kind = K.ListBareValue;
        end = bareEnd(text, offset);
      } else if (c === 44) kind = K.ListComma;
      else if (c === 41) {
        kind = K.ListClose;
        mode = MAIN;
      } else if (c === 40) kind = K.ListOpen;
      else if (c === 34) {
        end = quotedEnd(text, offset, false);
        if (end >= 0) kind = K.ListQuotedValue;
        else {
          kind = K.UnterminatedQuote;
          end = offset + 1;
          mode = MAIN;
        }
      } else {
        kind = K.Stray;
        end = offset + strayLength(text, offset);
      }
    } else {
      // A value or a pattern: one token, then the main mode again, unless it is stray.
      const pattern = mode === PATTERN;
      // In a pattern, not `*"`: that opens a quoted pattern.
      const quote = c === 34 || (pattern && c === 42 && text.charCodeAt(offset + 1) === 34);
      if (!quote && (pattern ? isBareChar(c) : isBareStart(c))) {
        kind = pattern ? K.BarePattern : K.BareValue;
        end = bareEnd(text, offset);
        mode = MAIN;
      } else if (quote) {
        end = quotedEnd(text, offset, pattern);
        kind = pattern ? K.QuotedPattern : K.QuotedValue;
        // A quote (with its `*`) that is never closed.
        if (end < 0) {
          kind = K.UnterminatedQuote;
          end = text.indexOf('"', offset) + 1;
        }
        mode = MAIN;
      } else {
        kind = K.Stray;
        end = offset + strayLength(text, offset);
      }
    }
    tokens.push(tokenOf(kind, imageOf(kind, text, offset, end), offset));
    offset = end;
  }
  return { tokens, errors };
}

function startsMainToken(text: string, offset: number): boolean {
  const c = text.charCodeAt(offset);
  if (c === 33) return text.charCodeAt(offset + 1) === 61;
  return (
    isWhiteSpace(c) ||
    isPathStart(c) ||
    c === 40 ||
    c === 41 ||
    c === 61 ||
    c === 62 ||
    c === 60 ||
    c === 126
  );
}
