import { type IToken, type TokenType, tokenMatcher } from "chevrotain";
import type { WhereExpression } from "../ast/where.ts";
import { describeCharacter, quoteInput } from "../errors/characters.ts";
import type { Schema } from "../schema/schema.ts";
import { validateWhere } from "../schema/validate-where.ts";
import { defineLanguage, type Language, type ParseOptions } from "./language.ts";
import { lexWhere } from "./lex-where.ts";
import { type Grammar, once } from "./run-rules.ts";
import { Path } from "./shared-tokens.ts";
import { WhereRules } from "./where-rules.ts";
import {
  And,
  Comparator,
  In,
  Is,
  Keyword,
  ListBareValue,
  ListComma,
  ListOpen,
  ListQuotedValue,
  LParen,
  Not,
  Or,
  RParen,
  Stray,
  Tilde,
  UnterminatedQuote,
} from "./where-tokens.ts";

const FIELD_OR_GROUP = ["a field name", '"("'];

const whereGrammar: Grammar<WhereRules, WhereExpression> = {
  language: "where",
  noun: "filter",
  lex: lexWhere,
  rules: once(() => new WhereRules()),
  start: (rules) => rules.parseFilter(),
  openParen: LParen,
  closeParen: RParen,
  unterminatedQuote: UnterminatedQuote,
  expectedAfter(previous, beforePrevious, depth) {
    if (!previous) return FIELD_OR_GROUP;
    const is = (type: TokenType) => tokenMatcher(previous, type);
    if (is(LParen) || is(And) || is(Or)) return FIELD_OR_GROUP;
    if (is(Path)) return ["an operator (= != > >= < <= ~ IN NOT IN IS NULL IS NOT NULL)"];
    if (is(Comparator) || is(ListOpen) || is(ListComma)) return ["a value"];
    if (is(Tilde)) return ["a pattern"];
    if (is(In)) return ['"(" and a list of values'];
    if (is(Is)) return ["NULL", "NOT NULL"];
    if (is(Not)) return beforePrevious && tokenMatcher(beforePrevious, Is) ? ["NULL"] : ["IN"];
    if (is(ListQuotedValue) || is(ListBareValue)) return ['","', '")"'];
    return depth > 0 ? ["AND", "OR", '")"'] : ["AND", "OR", "the end of the filter"];
  },
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
 * every problem the schema finds.
 */
export const parseWhere: (text: string, options?: ParseWhereOptions) => WhereExpression =
  whereLanguage.parse;

/** Throws a `QueryValidationError` listing every problem of `ast` against `schema`, if any. */
export const assertValidWhere: (ast: WhereExpression, schema: Schema, text?: string) => void =
  whereLanguage.assertValid;

/** Like `parseWhere`, but returns the error instead of throwing it. */
export const safeParseWhere: Language<WhereExpression>["safeParse"] = whereLanguage.safeParse;
