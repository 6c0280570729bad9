import { createToken, type IMultiModeLexerDefinition, Lexer, type TokenType } from "chevrotain";
import { BARE_CHAR_PATTERN, BARE_VALUE_PATTERN, WHERE_KEYWORDS } from "../ast/where.ts";
import { WHERE_OPERATORS } from "../ast/where-grammar.ts";
import { createStrayToken, Path, quotedMatcher, WhiteSpace } from "./shared-tokens.ts";

// Modes: "main" reads paths, keywords and operators; after a comparator, "value" reads one
// value; after `~`, "pattern" reads one pattern; after IN, "list" reads a parenthesised list.
// So a value is read only where the grammar expects one (grammar/language.md 2.1).

export const LParen = createToken({ name: "LParen", pattern: "(" });
export const RParen = createToken({ name: "RParen", pattern: ")" });

export const Comparator = createToken({ name: "Comparator", pattern: Lexer.NA });
/** The operators of a pattern node (`~`), which a pattern text follows. */
export const PatternOperator = createToken({ name: "PatternOperator", pattern: Lexer.NA });

/** A symbol's part of a token's name. */
const SYMBOL_NAMES: Readonly<Record<string, string>> = {
  "=": "Equal",
  "!": "Not",
  "<": "Less",
  ">": "Greater",
  "~": "Tilde",
};

/**
 * A token for each operator of the table written in symbols (the others are keywords), in the
 * category and mode of the node it makes; two characters first, as Chevrotain takes the first
 * token that matches.
 */
const operatorTokens: readonly TokenType[] = WHERE_OPERATORS.filter(
  (operator) => !/[A-Z]/.test(operator.text),
)
  .sort((a, b) => b.text.length - a.text.length)
  .map((operator) => {
    const name = [...operator.text].map((symbol) => SYMBOL_NAMES[symbol] ?? "").join("");
    if (operator.node !== "comparison" && operator.node !== "pattern") {
      throw new Error(`${operator.text}: only comparisons and patterns are written in symbols`);
    }
    const comparison = operator.node === "comparison";
    return createToken({
      name: `${name}Operator`,
      pattern: operator.text,
      categories: comparison ? Comparator : PatternOperator,
      push_mode: comparison ? "value" : "pattern",
    });
  });

export const Keyword = createToken({ name: "Keyword", pattern: Lexer.NA });
/** The modes keywords lead to: after IN, a list. */
const KEYWORD_MODES: ReadonlyMap<string, string> = new Map([["in", "list"]]);
/**
 * A token per keyword of WHERE_KEYWORDS (ast/where.ts), by its spelling there, in small letters;
 * matched in any case (2.1), and a path when a longer path starts with it.
 */
export const whereKeywords: ReadonlyMap<string, TokenType> = new Map(
  Array.from(WHERE_KEYWORDS, (word) => {
    const push = KEYWORD_MODES.get(word);
    const mode = push === undefined ? {} : { push_mode: push };
    const type = createToken({
      name: word.toUpperCase(),
      pattern: new RegExp(word, "i"),
      longer_alt: Path,
      categories: Keyword,
      ...mode,
    });
    return [word, type];
  }),
);
function keyword(word: string): TokenType {
  const type = whereKeywords.get(word);
  if (type === undefined) throw new Error(`${word} is not one of WHERE_KEYWORDS`);
  return type;
}
export const And = keyword("and");
export const Or = keyword("or");
export const In = keyword("in");
export const Not = keyword("not");
export const Is = keyword("is");
export const Null = keyword("null");

/** A value after a comparator or inside an IN list. */
export const Value = createToken({ name: "Value", pattern: Lexer.NA });
const quoted = {
  pattern: { exec: quotedMatcher(false) },
  start_chars_hint: ['"'],
  line_breaks: true,
};
const bare = new RegExp(BARE_VALUE_PATTERN);
export const QuotedValue = createToken({
  name: "QuotedValue",
  ...quoted,
  categories: Value,
  pop_mode: true,
});
export const BareValue = createToken({
  name: "BareValue",
  pattern: bare,
  categories: Value,
  pop_mode: true,
});
export const ListQuotedValue = createToken({
  name: "ListQuotedValue",
  ...quoted,
  categories: Value,
});
export const ListBareValue = createToken({
  name: "ListBareValue",
  pattern: bare,
  categories: Value,
});
export const ListOpen = createToken({ name: "ListOpen", pattern: "(" });
export const ListComma = createToken({ name: "ListComma", pattern: "," });
export const ListClose = createToken({ name: "ListClose", pattern: ")", pop_mode: true });

/** A pattern after `~`; checked for wildcards and emptiness when the AST node is built. */
export const PatternText = createToken({ name: "PatternText", pattern: Lexer.NA });
export const QuotedPattern = createToken({
  name: "QuotedPattern",
  pattern: { exec: quotedMatcher(true) },
  start_chars_hint: ['"', "*"],
  line_breaks: true,
  categories: PatternText,
  pop_mode: true,
});
export const BarePattern = createToken({
  name: "BarePattern",
  // The characters of a bare value, any of them first; but not `*"`: that opens a quoted pattern.
  pattern: new RegExp(`(?!\\*")${BARE_CHAR_PATTERN}+`),
  categories: PatternText,
  pop_mode: true,
});

/** A `"` that opens a quote never closed: an error at the opening quote (2.1). */
export const UnterminatedQuote = createToken({
  name: "UnterminatedQuote",
  pattern: /\*?"/,
  pop_mode: true,
});
// Main mode has no catch-all token: an unexpected character there is a lexing error,
// reported in context.
export const Stray = createStrayToken("Stray");

const mainMode = [WhiteSpace, LParen, RParen, ...operatorTokens, ...whereKeywords.values(), Path];

/** The lexer these tokens define, which lex-where.ts implements by hand. */
export const whereLexerDefinition: IMultiModeLexerDefinition = {
  modes: {
    main: mainMode,
    // No two tokens of a mode can match at the same offset, except Stray (last).
    value: [BareValue, WhiteSpace, QuotedValue, UnterminatedQuote, Stray],
    pattern: [BarePattern, WhiteSpace, QuotedPattern, UnterminatedQuote, Stray],
    list: [
      ListBareValue,
      ListComma,
      ListClose,
      WhiteSpace,
      ListOpen,
      ListQuotedValue,
      UnterminatedQuote,
      Stray,
    ],
  },
  defaultMode: "main",
};

/** Every token type the where parser knows, for its constructor. */
export const whereTokens: TokenType[] = [
  Comparator,
  Keyword,
  Value,
  PatternText,
  ...mainMode,
  QuotedValue,
  BareValue,
  ListQuotedValue,
  ListBareValue,
  ListOpen,
  ListComma,
  ListClose,
  QuotedPattern,
  BarePattern,
  UnterminatedQuote,
  Stray,
];
