import type { FieldsNode } from "../ast/fields.ts";
import { FIELDS_GRAMMAR, type FieldsFollow, type FieldsState } from "../ast/fields-grammar.ts";
import type { SchemaOption } from "../check/read-options.ts";
import { quoteInput } from "../errors/characters.ts";
import type { LiteralTextOptions } from "../schema/literal-text-type.ts";
import type { Schema } from "../schema/schema.ts";
import type { CheckedFields } from "../schema/selection-type.ts";
import { validateFields } from "../schema/validate-fields.ts";
import { FieldsRules } from "./fields-rules.ts";
import { FieldsClose, FieldsOpen } from "./fields-tokens.ts";
import { fieldsStateAfter } from "./grammar-states.ts";
import { defineLanguage, type Language, type ParseOptions } from "./language.ts";
import { lexFields } from "./lex-fields.ts";
import { type Grammar, once } from "./run-rules.ts";

const fieldsGrammar: Grammar<FieldsRules, FieldsNode, FieldsState, FieldsFollow> = {
  language: "fields",
  table: FIELDS_GRAMMAR,
  lex: lexFields,
  rules: once(() => new FieldsRules()),
  start: (rules) => rules.fields(),
  openParen: FieldsOpen,
  closeParen: FieldsClose,
  stateAfter: fieldsStateAfter,
  describeToken: (token) => quoteInput(token.image),
};

/** Options of `parseFields`: the limits of 1.4, and a schema to validate against (section 4). */
export type ParseFieldsOptions = ParseOptions;

const fieldsLanguage = defineLanguage(fieldsGrammar, validateFields);

/**
 * Parses a `fields` selection (grammar/language.md 3) into its AST; throws `QuerySyntaxError` with the
 * position of the first problem, selecting inside `_links` included, and with `options.schema`
 * a `QueryValidationError` listing every name the schema does not know. A literal text is read
 * by the compiler too (`compileFields`).
 */
export function parseFields<
  const T extends string,
  const S extends SchemaOption | undefined = undefined,
  const D extends number | undefined = undefined,
  const L extends number | undefined = undefined,
>(
  text: CheckedFields<T, S, D, L>,
  options?: ParseFieldsOptions & LiteralTextOptions<S, D, L>,
): FieldsNode {
  return fieldsLanguage.parse(text, options);
}

/** Throws a `QueryValidationError` listing every problem of `ast` against `schema`, if any. */
export const assertValidFields: (ast: FieldsNode, schema: Schema, text?: string) => void =
  fieldsLanguage.assertValid;

/** `parseFields` with its options read already, for the front doors (`readFieldsInput`). */
export const parseFieldsChecked: Language<FieldsNode>["parseChecked"] = fieldsLanguage.parseChecked;

/** Like `parseFields`, but returns the error instead of throwing it. */
export const safeParseFields: Language<FieldsNode>["safeParse"] = fieldsLanguage.safeParse;
