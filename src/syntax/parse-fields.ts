import { type TokenType, tokenMatcher } from "chevrotain";
import type { FieldsNode } from "../ast/fields.ts";
import type { ParseLimits } from "../check/limits.ts";
import { MAX_SELECTION_DEPTH } from "../check/limits.ts";
import { readOptions, readSchemaOption, type SchemaOption } from "../check/read-options.ts";
import { quoteInput } from "../errors/characters.ts";
import { QuerySyntaxError, QueryValidationError } from "../errors/errors.ts";
import type { Schema } from "../schema/schema.ts";
import { validateFields } from "../schema/validate-fields.ts";
import { FieldsParser } from "./fields-parser.ts";
import { FieldsClose, FieldsComma, FieldsOpen, fieldsLexer } from "./fields-tokens.ts";
import {
  type Grammar,
  isParseError,
  runParser,
  type SafeParseResult,
  safely,
} from "./run-parser.ts";
import { Path } from "./shared-tokens.ts";

const fieldsGrammar: Grammar<FieldsParser, FieldsNode> = {
  language: "fields",
  noun: "selection",
  lexer: fieldsLexer,
  parser: new FieldsParser(),
  start: (parser) => parser.fields(),
  openParen: FieldsOpen,
  closeParen: FieldsClose,
  expectedAfter(previous, _beforePrevious, depth) {
    const is = (type: TokenType) => previous !== undefined && tokenMatcher(previous, type);
    if (!previous || is(FieldsOpen) || is(FieldsComma)) return ["a field name"];
    const next = depth > 0 ? '")"' : "the end of the selection";
    if (is(Path)) return ['","', '"("', next];
    return ['","', next];
  },
  describeToken: (token) => quoteInput(token.image),
};

/** Options of `parseFields`: the limits of 1.4, and a schema to validate against (section 4). */
export interface ParseFieldsOptions extends ParseLimits {
  /** A schema from `defineSchema`, or a plain shape defined on the fly. */
  readonly schema?: SchemaOption | undefined;
}

/**
 * Parses a `fields` selection (LANGUAGE.md 3) into its AST; throws `QuerySyntaxError` with the
 * position of the first problem, selecting inside `_links` included, and with `options.schema`
 * a `QueryValidationError` listing every name the schema does not know.
 */
export function parseFields(text: string, options?: ParseFieldsOptions): FieldsNode {
  const given = readOptions<ParseFieldsOptions>("parseFields", options);
  const schema = readSchemaOption("parseFields", given.schema);
  const ast = runParser(fieldsGrammar, text, given);
  checkSelectionDepth(ast, text, 0);
  if (schema) assertValidFields(ast, schema, text);
  return ast;
}

/** Throws at the first name that lies deeper than `MAX_SELECTION_DEPTH` (1.4: `a.b` is `a(b)`). */
function checkSelectionDepth(selection: FieldsNode, text: string, above: number): void {
  for (const { path, selection: below } of selection.items) {
    const { segments } = path;
    const names = above + segments.length;
    if (names > MAX_SELECTION_DEPTH) {
      const first = MAX_SELECTION_DEPTH - above;
      const offset = path.span.start + segments.slice(0, first).join(".").length + 1;
      throw new QuerySyntaxError({
        language: "fields",
        input: text,
        code: "NESTING_TOO_DEEP",
        offset,
        length: (segments[first] as string).length,
        description: `the selection reaches more than ${MAX_SELECTION_DEPTH} names deep`,
      });
    }
    if (below) checkSelectionDepth(below, text, names);
  }
}

/** Throws a `QueryValidationError` listing every problem of `ast` against `schema`, if any. */
export function assertValidFields(ast: FieldsNode, schema: Schema, text = ""): void {
  const issues = validateFields(ast, schema);
  if (issues.length > 0) throw new QueryValidationError("fields", text, issues);
}

/** Like `parseFields`, but returns the error instead of throwing it. */
export function safeParseFields(
  text: string,
  options: ParseFieldsOptions = {},
): SafeParseResult<FieldsNode, QuerySyntaxError | QueryValidationError> {
  return safely(isParseError, () => parseFields(text, options));
}
