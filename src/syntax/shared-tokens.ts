import { createToken, Lexer, type TokenType } from "chevrotain";
import { IDENTIFIER_PATTERN } from "../ast/where.ts";
import { WHITE_SPACE } from "./character-codes.ts";
import { quotedEnd } from "./scan.ts";

/** The white space of character-codes.ts as the body of a regular expression's class: `\u0020…`. */
const WHITE_SPACE_CLASS = WHITE_SPACE.map((c) => `\\u${c.toString(16).padStart(4, "0")}`).join("");

/** Runs of white space; skipped, since the parser checks required white space by offsets. */
export const WhiteSpace = createToken({
  name: "WhiteSpace",
  pattern: new RegExp(`[${WHITE_SPACE_CLASS}]+`),
  group: Lexer.SKIPPED,
  line_breaks: true,
});

/**
 * A path: identifiers joined by `.` with no white space (1.3). It also takes one dot after the
 * last identifier, which no path may end with, so `a..b` fails at the second dot (5).
 */
export const Path = createToken({
  name: "Path",
  pattern: new RegExp(`${IDENTIFIER_PATTERN}(?:\\.${IDENTIFIER_PATTERN})*\\.?`),
});

/** Makes a token for any one character no other token of its mode accepts, so lexing never fails. */
export function createStrayToken(name: string): TokenType {
  return createToken({ name, pattern: /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/ });
}

/** Matches a `"…"` text at `offset` as a custom token pattern (see quotedEnd). */
export function quotedMatcher(stars: boolean) {
  return (text: string, offset: number): RegExpExecArray | null => {
    const end = quotedEnd(text, offset, stars);
    return end < 0 ? null : ([text.slice(offset, end)] as unknown as RegExpExecArray);
  };
}

/** Undoes `""` quoting of a quoted token image (without surrounding stars). */
export function unquote(image: string): string {
  const end = image.length - 1;
  let quote = image.indexOf('"', 1);
  if (quote === end) return image.slice(1, end);
  let text = "";
  let from = 1;
  while (quote >= 0 && quote < end) {
    text += image.slice(from, quote + 1);
    from = quote + 2;
    quote = image.indexOf('"', from);
  }
  return text + image.slice(from, end);
}
