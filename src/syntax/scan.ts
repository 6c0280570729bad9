import type { IToken, TokenType } from "chevrotain";
import { BARE_VALUE_PATTERN, IDENTIFIER_PATTERN, INVISIBLE_CLASS } from "../ast/where.ts";
import { CHARACTERS, WHITE_SPACE } from "./character-codes.ts";

const {
  ASCII_END,
  ASTERISK,
  DOT,
  HIGH_SURROGATE_FIRST,
  HIGH_SURROGATE_LAST,
  LOW_SURROGATE_FIRST,
  LOW_SURROGATE_LAST,
  QUOTE,
} = CHARACTERS;

/** A stretch of characters no token of its place accepts (grammar/language.md 5). */
export interface LexingError {
  readonly offset: number;
  readonly length: number;
}

/** What a lexer makes of a text: its tokens, white space left out, and the stretches it could not read. */
export interface Lexed {
  readonly tokens: IToken[];
  readonly errors: LexingError[];
}

/** The mode of a token after which the lexer stays in its mode: below every mode's number. */
export const SAME_MODE = -1;

/**
 * A token type with its index read once: token types come in many shapes (modes, categories),
 * and reading the index from each while lexing cost a third of the lexer's time.
 */
export interface TokenKind {
  readonly type: TokenType;
  readonly index: number;
  /** The token's one spelling (a keyword's in capitals), shared rather than copied; else "". */
  readonly image: string;
  /** The number of the lexer's mode after this token (0 or more), or SAME_MODE. */
  readonly mode: number;
}

/** The kind of a token type: its index, its one spelling if it has one, and the mode after it. */
export function kindOf(type: TokenType, image = "", mode = SAME_MODE): TokenKind {
  return { type, index: type.tokenTypeIdx as number, image, mode };
}

/**
 * The image of a `kind` token from `start` to `end`: its shared spelling when the text has it,
 * compared by code (a keyword may be typed in any case).
 */
export function imageOf(kind: TokenKind, text: string, start: number, end: number): string {
  const { image } = kind;
  if (image.length !== end - start) return text.slice(start, end);
  for (let i = 0; i < image.length; i++) {
    if (text.charCodeAt(start + i) !== image.charCodeAt(i)) return text.slice(start, end);
  }
  return image;
}

/** A token as the parser reads it: the shape of Chevrotain's offset-only tokens. */
export function tokenOf(kind: TokenKind, image: string, startOffset: number): IToken {
  return { image, startOffset, tokenTypeIdx: kind.index, tokenType: kind.type };
}

/** The invisible characters' ranges, read from the one class both lexers and the formatter use. */
const INVISIBLE_RANGES: readonly (readonly [number, number])[] = Array.from(
  INVISIBLE_CLASS.matchAll(/\\u([0-9a-f]{4})(?:-\\u([0-9a-f]{4}))?/g),
  ([, from, to]) => [Number.parseInt(from as string, 16), Number.parseInt(to ?? from ?? "", 16)],
);

function isInvisible(c: number): boolean {
  for (const [from, to] of INVISIBLE_RANGES) {
    if (c < from) return false;
    if (c <= to) return true;
  }
  return false;
}

// Per ASCII code: what a bare value or pattern may hold (1), and may also start with (2); what
// an identifier may hold (4), and may also start with (8); white space (16). A table: a load per
// character. Read once from the patterns of ast/where.ts and the white space (character-codes.ts).
const BARE_REST = 1;
const BARE_START = 2;
const IDENTIFIER_PART = 4;
const IDENTIFIER_START = 8;
const SPACING = 16;
const ASCII_CLASSES = new Uint8Array(ASCII_END);

/** What may start, and what may follow the start of, a text that `pattern` matches whole. */
function startAndPart(pattern: string) {
  const whole = new RegExp(`^(?:${pattern})$`);
  let first = "";
  for (let c = 0; c < ASCII_END && first === ""; c++) {
    if (whole.test(String.fromCharCode(c))) first = String.fromCharCode(c);
  }
  return {
    starts: (char: string) => whole.test(char),
    follows: (char: string) => whole.test(first + char),
  };
}
const bare = startAndPart(BARE_VALUE_PATTERN);
const identifier = startAndPart(IDENTIFIER_PATTERN);
for (let c = 0; c < ASCII_END; c++) {
  const char = String.fromCharCode(c);
  let classes = WHITE_SPACE.includes(c) ? SPACING : 0;
  if (bare.starts(char)) classes |= BARE_START;
  if (bare.follows(char)) classes |= BARE_REST;
  if (identifier.starts(char)) classes |= IDENTIFIER_START;
  if (identifier.follows(char)) classes |= IDENTIFIER_PART;
  ASCII_CLASSES[c] = classes;
}

/** Whether code unit `c` may stand in a bare value or pattern after its first character. */
export function isBareChar(c: number): boolean {
  return c < ASCII_END ? ((ASCII_CLASSES[c] as number) & BARE_REST) !== 0 : !isInvisible(c);
}

/** Whether code unit `c` may start a bare value (not `= ! < > ~`, 2.1). */
export function isBareStart(c: number): boolean {
  return c < ASCII_END ? ((ASCII_CLASSES[c] as number) & BARE_START) !== 0 : !isInvisible(c);
}

/** The end of the bare run starting at `offset` (which the caller has checked). */
export function bareEnd(text: string, offset: number): number {
  let i = offset + 1;
  while (i < text.length && isBareChar(text.charCodeAt(i))) i++;
  return i;
}

/** Whether code unit `c` is white space (1.2). */
export function isWhiteSpace(c: number): boolean {
  return c < ASCII_END && ((ASCII_CLASSES[c] as number) & SPACING) !== 0;
}

/** The end of the white space run starting at `offset`. */
export function spaceEnd(text: string, offset: number): number {
  let i = offset + 1;
  while (i < text.length && isWhiteSpace(text.charCodeAt(i))) i++;
  return i;
}

function isIdentifierStart(c: number): boolean {
  return c < ASCII_END && ((ASCII_CLASSES[c] as number) & IDENTIFIER_START) !== 0;
}

function isIdentifierPart(c: number): boolean {
  return c < ASCII_END && ((ASCII_CLASSES[c] as number) & IDENTIFIER_PART) !== 0;
}

/** Whether a path (1.3) starts with code unit `c`. */
export const isPathStart = isIdentifierStart;

/**
 * The end of the path starting at `offset` (whose first character is an identifier's): names
 * joined by `.`, and one dot after the last name, which no path may end with, so that `a..b`
 * fails at the second dot (5).
 */
export function pathEnd(text: string, offset: number): number {
  let i = offset + 1;
  for (;;) {
    while (i < text.length && isIdentifierPart(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) !== DOT) return i;
    if (!isIdentifierStart(text.charCodeAt(i + 1))) return i + 1;
    i += 2;
  }
}

/**
 * The end of the `"…"` text at `offset` (with `""` for one `"`), optionally with a `*` before and
 * after when `stars` is set, or -1 when there is none or its quote is never closed.
 */
export function quotedEnd(text: string, offset: number, stars: boolean): number {
  let i = offset;
  if (stars && text.charCodeAt(i) === ASTERISK) i++;
  if (text.charCodeAt(i) !== QUOTE) return -1;
  i++;
  for (;;) {
    const close = text.indexOf('"', i);
    if (close < 0) return -1;
    if (text.charCodeAt(close + 1) !== QUOTE) {
      i = close + 1;
      break;
    }
    i = close + 2;
  }
  if (stars && text.charCodeAt(i) === ASTERISK) i++;
  return i;
}

/** The length of the stray token at `offset`: a surrogate pair, or one code unit. */
export function strayLength(text: string, offset: number): number {
  const c = text.charCodeAt(offset);
  if (c >= HIGH_SURROGATE_FIRST && c <= HIGH_SURROGATE_LAST) {
    const next = text.charCodeAt(offset + 1);
    if (next >= LOW_SURROGATE_FIRST && next <= LOW_SURROGATE_LAST) return 2;
  }
  return 1;
}
