import type { IToken, TokenType } from "chevrotain";
import { INVISIBLE_CLASS } from "../ast/where.ts";

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

/**
 * A token type with its index read once: token types come in many shapes (modes, categories),
 * and reading the index from each while lexing cost a third of the lexer's time.
 */
export interface TokenKind {
  readonly type: TokenType;
  readonly index: number;
  /** The token's one spelling (a keyword's in capitals), shared rather than copied; else "". */
  readonly image: string;
}

export function kindOf(type: TokenType, image = ""): TokenKind {
  return { type, index: type.tokenTypeIdx as number, image };
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
// an identifier may hold (4), and may also start with (8). A table: a load per character.
const BARE_REST = 1;
const BARE_START = 2;
const IDENTIFIER_PART = 4;
const IDENTIFIER_START = 8;
const ASCII_CLASSES = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const char = String.fromCharCode(c);
  let classes = 0;
  if (!isInvisible(c) && !' \t\r\n(),"'.includes(char)) {
    classes = "=!<>~".includes(char) ? BARE_REST : BARE_REST | BARE_START;
  }
  if (/[A-Za-z_]/.test(char)) classes |= IDENTIFIER_PART | IDENTIFIER_START;
  if (/[0-9]/.test(char)) classes |= IDENTIFIER_PART;
  ASCII_CLASSES[c] = classes;
}

/** Whether code unit `c` may stand in a bare value or pattern after its first character. */
export function isBareChar(c: number): boolean {
  return c < 128 ? ((ASCII_CLASSES[c] as number) & BARE_REST) !== 0 : !isInvisible(c);
}

/** Whether code unit `c` may start a bare value (not `= ! < > ~`, 2.1). */
export function isBareStart(c: number): boolean {
  return c < 128 ? ((ASCII_CLASSES[c] as number) & BARE_START) !== 0 : !isInvisible(c);
}

/** The end of the bare run starting at `offset` (which the caller has checked). */
export function bareEnd(text: string, offset: number): number {
  let i = offset + 1;
  while (i < text.length && isBareChar(text.charCodeAt(i))) i++;
  return i;
}

export function isWhiteSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** The end of the white space run starting at `offset`. */
export function spaceEnd(text: string, offset: number): number {
  let i = offset + 1;
  while (i < text.length && isWhiteSpace(text.charCodeAt(i))) i++;
  return i;
}

function isIdentifierStart(c: number): boolean {
  return c < 128 && ((ASCII_CLASSES[c] as number) & IDENTIFIER_START) !== 0;
}

function isIdentifierPart(c: number): boolean {
  return c < 128 && ((ASCII_CLASSES[c] as number) & IDENTIFIER_PART) !== 0;
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
    if (text.charCodeAt(i) !== 46) return i;
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
  if (stars && text.charCodeAt(i) === 42) i++;
  if (text.charCodeAt(i) !== 34) return -1;
  i++;
  for (;;) {
    const close = text.indexOf('"', i);
    if (close < 0) return -1;
    if (text.charCodeAt(close + 1) !== 34) {
      i = close + 1;
      break;
    }
    i = close + 2;
  }
  if (stars && text.charCodeAt(i) === 42) i++;
  return i;
}

/** The length of the stray token at `offset`: a surrogate pair, or one code unit. */
export function strayLength(text: string, offset: number): number {
  const c = text.charCodeAt(offset);
  if (c >= 0xd800 && c <= 0xdbff) {
    const next = text.charCodeAt(offset + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return 2;
  }
  return 1;
}
