import { type IToken, type TokenType, tokenMatcher } from "chevrotain";
import { readBoolean, readDate, readNumber } from "../schema/literals.ts";
import { FieldsClose, FieldsComma, FieldsOpen } from "../syntax/fields-tokens.ts";
import { lexFields } from "../syntax/lex-fields.ts";
import { lexWhere } from "../syntax/lex-where.ts";
import { Path } from "../syntax/shared-tokens.ts";
import {
  Comparator,
  Keyword,
  ListClose,
  ListComma,
  ListOpen,
  ListQuotedValue,
  LParen,
  Null,
  PatternOperator,
  PatternText,
  QuotedValue,
  RParen,
  UnterminatedQuote,
  Value,
} from "../syntax/where-tokens.ts";

/**
 * What a stretch of text is, for highlighting: the classes of the lexers the parsers read, so
 * an editor's colours can never disagree with the parser.
 */
export type TokenClass =
  | "field"
  | "operator"
  | "keyword"
  | "null"
  | "string"
  /** A `""` inside a quoted value, which stands for one `"`. */
  | "escape"
  | "number"
  | "date"
  | "boolean"
  | "value"
  | "pattern"
  | "paren"
  | "separator"
  | "invalid";

/** One classified stretch of a text: `[from, to)` in UTF-16 units. */
export interface ClassifiedToken {
  readonly from: number;
  readonly to: number;
  readonly class: TokenClass;
}

/** A bare value's class by its shape; the field it meets decides its type only when parsed. */
function classifyBareValue(image: string): TokenClass {
  if (readNumber(image) !== undefined) return "number";
  if (readBoolean(image) !== undefined) return "boolean";
  return readDate(image) === undefined ? "value" : "date";
}

function classifyWhereToken(token: IToken): TokenClass {
  const is = (type: TokenType) => tokenMatcher(token, type);
  if (is(Path)) return "field";
  if (is(Comparator) || is(PatternOperator)) return "operator";
  if (is(Null)) return "null";
  if (is(Keyword)) return "keyword";
  if (is(QuotedValue) || is(ListQuotedValue)) return "string";
  if (is(Value)) return classifyBareValue(token.image);
  if (is(PatternText)) return "pattern";
  if (is(LParen) || is(RParen) || is(ListOpen) || is(ListClose)) return "paren";
  if (is(ListComma)) return "separator";
  return "invalid";
}

/** A quoted value or pattern, each `""` in it an `escape` between stretches of its own class. */
function pushQuoted(out: ClassifiedToken[], from: number, image: string, kind: TokenClass): void {
  const closing = image.lastIndexOf('"');
  let start = 0;
  let quote = image.indexOf('"', image.indexOf('"') + 1);
  while (quote >= 0 && quote < closing) {
    if (quote > start) out.push({ from: from + start, to: from + quote, class: kind });
    out.push({ from: from + quote, to: from + quote + 2, class: "escape" });
    start = quote + 2;
    quote = image.indexOf('"', start);
  }
  out.push({ from: from + start, to: from + image.length, class: kind });
}

/** Lexer errors are characters no token of their place accepts: each is an invalid stretch. */
function withErrors(
  tokens: ClassifiedToken[],
  errors: readonly { offset: number; length: number }[],
): ClassifiedToken[] {
  if (errors.length === 0) return tokens;
  const invalid = errors.map((error) => ({
    from: error.offset,
    to: error.offset + error.length,
    class: "invalid" as const,
  }));
  return [...tokens, ...invalid].sort((a, b) => a.from - b.from);
}

/**
 * Classifies a `where` filter's text as its lexer reads it, in order, white space left out; a
 * quote never closed makes the rest of the text one `string`, as the user is still typing it.
 */
export function classifyWhere(text: string): ClassifiedToken[] {
  if (typeof text !== "string") throw new TypeError("classifyWhere: the text must be a string");
  const lexed = lexWhere(text);
  const out: ClassifiedToken[] = [];
  let end = text.length;
  for (const token of lexed.tokens) {
    if (tokenMatcher(token, UnterminatedQuote)) {
      out.push({ from: token.startOffset, to: text.length, class: "string" });
      end = token.startOffset;
      break;
    }
    const from = token.startOffset;
    const kind = classifyWhereToken(token);
    if (token.image.includes('"')) pushQuoted(out, from, token.image, kind);
    else out.push({ from, to: from + token.image.length, class: kind });
  }
  return withErrors(
    out,
    lexed.errors.filter((error) => error.offset < end),
  );
}

/** Classifies a `fields` selection's text as its lexer reads it, in order, white space left out. */
export function classifyFields(text: string): ClassifiedToken[] {
  if (typeof text !== "string") throw new TypeError("classifyFields: the text must be a string");
  const lexed = lexFields(text);
  const out = lexed.tokens.map((token): ClassifiedToken => {
    const from = token.startOffset;
    const is = (type: TokenType) => tokenMatcher(token, type);
    const kind: TokenClass = is(Path)
      ? "field"
      : is(FieldsOpen) || is(FieldsClose)
        ? "paren"
        : is(FieldsComma)
          ? "separator"
          : "invalid";
    return { from, to: from + token.image.length, class: kind };
  });
  return withErrors(out, lexed.errors);
}
