import { INVISIBLE_CLASS } from "../ast/where.ts";

/** Names of the characters a person cannot see in a message, by code point (Unicode names). */
const INVISIBLE_NAMES: ReadonlyMap<number, string> = new Map([
  [0x0b, "LINE TABULATION"],
  [0x0c, "FORM FEED"],
  [0x85, "NEXT LINE"],
  [0xa0, "NO-BREAK SPACE"],
  [0xad, "SOFT HYPHEN"],
  [0x061c, "ARABIC LETTER MARK"],
  [0x1680, "OGHAM SPACE MARK"],
  [0x180e, "MONGOLIAN VOWEL SEPARATOR"],
  [0x2000, "EN QUAD"],
  [0x2001, "EM QUAD"],
  [0x2002, "EN SPACE"],
  [0x2003, "EM SPACE"],
  [0x2004, "THREE-PER-EM SPACE"],
  [0x2005, "FOUR-PER-EM SPACE"],
  [0x2006, "SIX-PER-EM SPACE"],
  [0x2007, "FIGURE SPACE"],
  [0x2008, "PUNCTUATION SPACE"],
  [0x2009, "THIN SPACE"],
  [0x200a, "HAIR SPACE"],
  [0x200b, "ZERO WIDTH SPACE"],
  [0x200c, "ZERO WIDTH NON-JOINER"],
  [0x200d, "ZERO WIDTH JOINER"],
  [0x200e, "LEFT-TO-RIGHT MARK"],
  [0x200f, "RIGHT-TO-LEFT MARK"],
  [0x2028, "LINE SEPARATOR"],
  [0x2029, "PARAGRAPH SEPARATOR"],
  [0x202a, "LEFT-TO-RIGHT EMBEDDING"],
  [0x202b, "RIGHT-TO-LEFT EMBEDDING"],
  [0x202c, "POP DIRECTIONAL FORMATTING"],
  [0x202d, "LEFT-TO-RIGHT OVERRIDE"],
  [0x202e, "RIGHT-TO-LEFT OVERRIDE"],
  [0x202f, "NARROW NO-BREAK SPACE"],
  [0x205f, "MEDIUM MATHEMATICAL SPACE"],
  [0x2060, "WORD JOINER"],
  [0x2061, "FUNCTION APPLICATION"],
  [0x2062, "INVISIBLE TIMES"],
  [0x2063, "INVISIBLE SEPARATOR"],
  [0x2064, "INVISIBLE PLUS"],
  [0x2066, "LEFT-TO-RIGHT ISOLATE"],
  [0x2067, "RIGHT-TO-LEFT ISOLATE"],
  [0x2068, "FIRST STRONG ISOLATE"],
  [0x2069, "POP DIRECTIONAL ISOLATE"],
  [0x206a, "INHIBIT SYMMETRIC SWAPPING"],
  [0x206b, "ACTIVATE SYMMETRIC SWAPPING"],
  [0x206c, "INHIBIT ARABIC FORM SHAPING"],
  [0x206d, "ACTIVATE ARABIC FORM SHAPING"],
  [0x206e, "NATIONAL DIGIT SHAPES"],
  [0x206f, "NOMINAL DIGIT SHAPES"],
  [0x3000, "IDEOGRAPHIC SPACE"],
  [0xfeff, "ZERO WIDTH NO-BREAK SPACE"],
  [0xfff9, "INTERLINEAR ANNOTATION ANCHOR"],
  [0xfffa, "INTERLINEAR ANNOTATION SEPARATOR"],
  [0xfffb, "INTERLINEAR ANNOTATION TERMINATOR"],
]);

// JSON.stringify already escapes the controls below U+0020; this catches the rest.
const INVISIBLE = new RegExp(`[${INVISIBLE_CLASS}]`, "g");

const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code < 0xa0);
const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, "0");

/**
 * One character for a message: `U+00A0 NO-BREAK SPACE` for one nobody can see, `U+0007 (a
 * control character)` for a control, and the character quoted otherwise.
 */
export function describeCharacter(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const name = INVISIBLE_NAMES.get(code);
  if (name) return `U+${hex(code)} ${name}`;
  if (isControl(code)) return `U+${hex(code)} (a control character)`;
  return `the character ${JSON.stringify(char)}`;
}

/** A piece of input quoted for a message, every invisible character escaped (`\u00A0`). */
export function quoteVisibly(text: string): string {
  return JSON.stringify(text).replace(INVISIBLE, (char) => `\\u${hex(char.charCodeAt(0))}`);
}

/** Quotes a piece of the input for a message: shortened when long, invisible characters escaped. */
export function quoteInput(image: string): string {
  return quoteVisibly(image.length > 24 ? `${image.slice(0, 21)}…` : image);
}
