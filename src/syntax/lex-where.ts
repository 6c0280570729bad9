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

/**
 * Reads a `where` text into the tokens of where-tokens.ts, exactly as their patterns and modes
 * define them (a property test holds it to Chevrotain's lexer built from those definitions),
 * looking at each character once: the parser's speed is mostly the lexer's (bench/README.md).
 */
export function lexWhere(text: string): Lexed {
  return new WhereScanner(text).run();
}

// The modes of where-tokens.ts.
const MAIN = 0;
const VALUE = 1;
const PATTERN = 2;
const LIST = 3;

/** One method per mode of where-tokens.ts: after a comparator one value, after `~` one pattern, after IN a list. */
class WhereScanner {
  private readonly text: string;
  private readonly tokens: IToken[] = [];
  private readonly errors: LexingError[] = [];
  private offset = 0;
  private mode = MAIN;

  constructor(text: string) {
    this.text = text;
  }

  run(): Lexed {
    const { text } = this;
    while (this.offset < text.length) {
      const c = text.charCodeAt(this.offset);
      if (isWhiteSpace(c)) this.offset = spaceEnd(text, this.offset);
      else if (this.mode === MAIN) this.main(c);
      else if (this.mode === VALUE) this.value(c);
      else if (this.mode === PATTERN) this.pattern(c);
      else this.list(c);
    }
    return { tokens: this.tokens, errors: this.errors };
  }

  private push(type: TokenKind, end: number): void {
    this.tokens.push(tokenOf(type, imageOf(type, this.text, this.offset, end), this.offset));
    this.offset = end;
  }

  private main(c: number): void {
    const { text, offset } = this;
    if (isPathStart(c)) {
      const end = pathEnd(text, offset);
      const keyword = keywordAt(text, offset, end);
      this.push(keyword ?? K.Path, end);
      if (keyword === K.In) this.mode = LIST;
    } else if (c === 40) this.push(K.LParen, offset + 1);
    else if (c === 41) this.push(K.RParen, offset + 1);
    else if (c === 61) this.comparator(K.Equal, offset + 1);
    else if (c === 62 || c === 60) {
      const equal = text.charCodeAt(offset + 1) === 61;
      const kind = c === 62 ? (equal ? K.GreaterEqual : K.Greater) : equal ? K.LessEqual : K.Less;
      this.comparator(kind, offset + (equal ? 2 : 1));
    } else if (c === 33 && text.charCodeAt(offset + 1) === 61)
      this.comparator(K.NotEqual, offset + 2);
    else if (c === 126) {
      this.push(K.Tilde, offset + 1);
      this.mode = PATTERN;
    } else {
      // Characters no main token starts with are one error, up to where one could start again.
      let end = offset + 1;
      while (end < text.length && !startsMainToken(text, end)) end++;
      this.errors.push({ offset, length: end - offset });
      this.offset = end;
    }
  }

  private comparator(type: TokenKind, end: number): void {
    this.push(type, end);
    this.mode = VALUE;
  }

  private value(c: number): void {
    const { text, offset } = this;
    if (isBareStart(c)) this.last(K.BareValue, bareEnd(text, offset));
    else if (c === 34) this.quoted(K.QuotedValue, false);
    else this.push(K.Stray, offset + strayLength(text, offset));
  }

  private pattern(c: number): void {
    const { text, offset } = this;
    // Not `*"`: that opens a quoted pattern.
    const starQuote = c === 42 && text.charCodeAt(offset + 1) === 34;
    if (!starQuote && isBareChar(c)) this.last(K.BarePattern, bareEnd(text, offset));
    else if (starQuote || c === 34) this.quoted(K.QuotedPattern, true);
    else this.push(K.Stray, offset + strayLength(text, offset));
  }

  private list(c: number): void {
    const { text, offset } = this;
    if (isBareStart(c)) this.push(K.ListBareValue, bareEnd(text, offset));
    else if (c === 44) this.push(K.ListComma, offset + 1);
    else if (c === 41) this.last(K.ListClose, offset + 1);
    else if (c === 40) this.push(K.ListOpen, offset + 1);
    else if (c === 34) {
      const end = quotedEnd(text, offset, false);
      if (end < 0) this.last(K.UnterminatedQuote, offset + 1);
      else this.push(K.ListQuotedValue, end);
    } else this.push(K.Stray, offset + strayLength(text, offset));
  }

  /** A quoted text, or the quote (with its `*`) that is never closed. */
  private quoted(type: TokenKind, stars: boolean): void {
    const end = quotedEnd(this.text, this.offset, stars);
    if (end >= 0) this.last(type, end);
    else this.last(K.UnterminatedQuote, this.text.indexOf('"', this.offset) + 1);
  }

  /** The token that ends its mode's part: back to the main mode. */
  private last(type: TokenKind, end: number): void {
    this.push(type, end);
    this.mode = MAIN;
  }
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
