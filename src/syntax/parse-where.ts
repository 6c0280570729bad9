import { type IToken, tokenMatcher } from "chevrotain";
import type { WhereExpression } from "../ast/where.ts";
import { WHERE_GRAMMAR, type WhereFollow, type WhereState } from "../ast/where-grammar.ts";
import type { SchemaOption } from "../check/read-options.ts";
import { describeCharacter, quoteInput } from "../errors/characters.ts";
import type { LiteralTextOptions } from "../schema/literal-text-type.ts";
import type { Schema } from "../schema/schema.ts";
import { validateWhere } from "../schema/validate-where.ts";
import type { CheckedWhere } from "../schema/where-type.ts";
import { whereStateAfter } from "./grammar-states.ts";
import { defineLanguage, type Language, type ParseOptions } from "./language.ts";
import { lexWhere } from "./lex-where.ts";
import { type Grammar, once } from "./run-rules.ts";
import { WhereRules } from "./where-rules.ts";
import { Keyword, LParen, RParen, Stray, UnterminatedQuote } from "./where-tokens.ts";

const whereGrammar: Grammar<WhereRules, WhereExpression, WhereState, WhereFollow> = {
  language: "where",
  table: WHERE_GRAMMAR,
  lex: lexWhere,
  rules: once(() => new WhereRules()),
  start: (rules) => rules.parseFilter(),
  openParen: LParen,
  closeParen: RParen,
  unterminatedQuote: UnterminatedQuote,
  stateAfter: whereStateAfter,
  describeToken(token: IToken) {
    if (tokenMatcher(token, Stray)) return describeCharacter(token.image);
    if (tokenMatcher(token, Keyword)) return `the keyword ${token.image.toUpperCase()}`;
    return quoteInput(token.image);
  },
};

/** Options of `parseWhere`: the limits of 1.4, and a schema to validate against (section 4). */
export type ParseWhereOptions = ParseOptions;

const whereLanguage = defineLanguage(whereGrammar, validateWhere);

/**
 * Parses a `where` filter (grammar/language.md 2) into its AST; throws `QuerySyntaxError` with the
 * position of the first problem, and with `options.schema` a `QueryValidationError` listing
 * every problem the schema finds. A literal text is read by the compiler too (`compileWhere`).
 */
export function parseWhere<
  const T extends string,
  const S extends SchemaOption | undefined = undefined,
  const D extends number | undefined = undefined,
  const L extends number | undefined = undefined,
>(
  text: CheckedWhere<T, S, D, L>,
  options?: ParseWhereOptions & LiteralTextOptions<S, D, L>,
): WhereExpression {
  return whereLanguage.parse(text, options);
}

/** Throws a `QueryValidationError` listing every problem of `ast` against `schema`, if any. */
export const assertValidWhere: (ast: WhereExpression, schema: Schema, text?: string) => void =
  whereLanguage.assertValid;

/** `parseWhere` with its options read already, for the front doors (`readWhereInput`). */
export const parseWhereChecked: Language<WhereExpression>["parseChecked"] =
  whereLanguage.parseChecked;

/** Like `parseWhere`, but returns the error instead of throwing it. */
export const safeParseWhere: Language<WhereExpression>["safeParse"] = whereLanguage.safeParse;
