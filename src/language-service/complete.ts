import { type IToken, type TokenType, tokenMatcher } from "chevrotain";
import {
  checkOptionNames,
  readOptions,
  readSchemaOption,
  type SchemaOption,
} from "../check/read-options.ts";
import { type FieldType, resolvePath, type Schema } from "../schema/schema.ts";
import { type FieldScope, scopeBelow } from "../schema/validate-fields.ts";
import { FieldsClose, FieldsComma, FieldsOpen } from "../syntax/fields-tokens.ts";
import { lexFields } from "../syntax/lex-fields.ts";
import { lexWhere } from "../syntax/lex-where.ts";
import { Path } from "../syntax/shared-tokens.ts";
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
  PatternText,
  Stray,
  Tilde,
  UnterminatedQuote,
  Value,
} from "../syntax/where-tokens.ts";
import { checkTextAndOffset, describeType, pathBefore, typeAt } from "./context.ts";

/** Options of `completeWhere` and `completeFields`. */
export interface CompleteOptions {
  /** The schema whose field names and types are offered; without one, only the grammar's words are. */
  readonly schema?: SchemaOption | undefined;
}

/** What a completion inserts: a field name, an operator, a keyword, or a value. */
export type CompletionKind = "field" | "operator" | "keyword" | "value";

/** One thing that may be written at the cursor. */
export interface CompletionOption {
  /** What the list shows, and what the text typed so far is matched against. */
  readonly label: string;
  readonly kind: CompletionKind;
  /** A field's type (`number`, `object`, `array of object`), or what an operator does. */
  readonly detail?: string;
  /** The text to insert in place of `[from, to)` when it is not the label. */
  readonly apply?: string;
}

/** What may replace `[from, to)`: the part of the word before the cursor that is being typed. */
export interface Completions {
  readonly from: number;
  readonly to: number;
  readonly options: readonly CompletionOption[];
}

const OPTION_NAMES = ["schema"];

const COMPARATORS = ["=", "!=", ">", ">=", "<", "<="] as const;
const NULL_CHECKS = ["IS NULL", "IS NOT NULL"] as const;
const IN_LISTS = ["IN", "NOT IN"] as const;
const KEYWORD_OPERATORS = [...IN_LISTS, ...NULL_CHECKS] as const;

const OPERATOR_DETAIL: Readonly<Record<string, string>> = {
  "=": "equals",
  "!=": "differs from, or is null",
  ">": "greater than",
  ">=": "greater than or equal to",
  "<": "less than",
  "<=": "less than or equal to",
  "~": "matches a pattern: * at either end",
  IN: "equals one of a list",
  "NOT IN": "equals none of a list, or is null",
  "IS NULL": "is null or missing",
  "IS NOT NULL": "is present",
};

/** The operators a field of this type takes (grammar/language.md 4.3); every one without a type. */
function operatorsFor(type: FieldType | undefined): readonly string[] {
  if (type === undefined || type.kind === "string")
    return [...COMPARATORS, "~", ...KEYWORD_OPERATORS];
  if (type.kind === "object" || type.kind === "array") return NULL_CHECKS;
  if (type.kind === "boolean") return ["=", "!=", ...KEYWORD_OPERATORS];
  return [...COMPARATORS, ...KEYWORD_OPERATORS];
}

/** Operators as options; a keyword operator right after a path needs the white space before it. */
function operatorOptions(type: FieldType | undefined, spaced: boolean): CompletionOption[] {
  return operatorsFor(type).map((label) => {
    const keyword = /^[A-Z]/.test(label);
    const list = label.endsWith("IN") ? " (" : "";
    const apply = keyword ? `${spaced ? "" : " "}${label}${list}` : label;
    return {
      label,
      kind: "operator",
      detail: OPERATOR_DETAIL[label] as string,
      ...(apply === label ? {} : { apply }),
    };
  });
}

const keywordOptions = (labels: readonly string[], trailing = ""): CompletionOption[] =>
  labels.map((label) => ({
    label,
    kind: "keyword",
    ...(trailing ? { apply: `${label}${trailing}` } : {}),
  }));

function fieldOptions(fields: Readonly<Record<string, FieldType>>): CompletionOption[] {
  return Object.entries(fields).map(([label, type]) => ({
    label,
    kind: "field",
    detail: describeType(type),
  }));
}

const VALUES_OF_BOOLEAN: CompletionOption[] = [
  { label: "true", kind: "value" },
  { label: "false", kind: "value" },
];

const endOf = (token: IToken): number => token.startOffset + token.image.length;

function readCompletionInput(
  caller: string,
  text: string,
  offset: number,
  options: CompleteOptions | undefined,
): Schema | undefined {
  checkTextAndOffset(caller, text, offset);
  const given = readOptions<CompleteOptions>(caller, options);
  checkOptionNames(caller, given, OPTION_NAMES);
  return readSchemaOption(caller, given.schema);
}

/** What the grammar expects after the tokens before the cursor (grammar/language.md 2.2). */
type WhereSlot =
  | "field"
  | "operator"
  | "value"
  | "listValue"
  | "nullOrNotNull"
  | "null"
  | "in"
  | "connective"
  | "none";

function slotAfter(tokens: readonly IToken[]): WhereSlot {
  const previous = tokens[tokens.length - 1];
  if (previous === undefined) return "field";
  const is = (type: TokenType) => tokenMatcher(previous, type);
  if (is(LParen) || is(And) || is(Or)) return "field";
  if (is(Path)) return "operator";
  if (is(Comparator)) return "value";
  if (is(ListOpen) || is(ListComma)) return "listValue";
  if (is(Is)) return "nullOrNotNull";
  if (is(Not)) {
    const before = tokens[tokens.length - 2];
    return before && tokenMatcher(before, Is) ? "null" : "in";
  }
  // After a pattern's `~`, `IN`, a list's value or a stray character, only punctuation or free text fits.
  if (is(Tilde) || is(In) || is(ListBareValue) || is(ListQuotedValue) || is(Stray)) return "none";
  return "connective";
}

/**
 * What may be written at `offset` in a `where` filter: field names from the schema (those
 * below an object after `.`), then the operators its type takes, then AND and OR; the words
 * of the grammar where they fit (NULL after IS); true and false for a boolean field. Undefined
 * where nothing is known to fit: inside a quoted value or a pattern, or on a path without a schema.
 */
export function completeWhere(
  text: string,
  offset: number,
  options?: CompleteOptions,
): Completions | undefined {
  const schema = readCompletionInput("completeWhere", text, offset, options);
  const tokens = lexWhere(text.slice(0, offset)).tokens;
  if (tokens.some((token) => tokenMatcher(token, UnterminatedQuote))) return undefined;
  const last = tokens[tokens.length - 1];
  const typing =
    last !== undefined &&
    endOf(last) === offset &&
    (tokenMatcher(last, Path) ||
      tokenMatcher(last, Keyword) ||
      tokenMatcher(last, Value) ||
      tokenMatcher(last, PatternText));
  const before = typing ? tokens.slice(0, -1) : tokens;
  const slot = slotAfter(before);
  const from = typing ? (last as IToken).startOffset : offset;
  const at = (list: readonly CompletionOption[], start = from): Completions | undefined =>
    list.length > 0 ? { from: start, to: offset, options: list } : undefined;
  switch (slot) {
    case "field":
      if (!typing) return schema && at(fieldOptions(schema.fields));
      return tokenMatcher(last as IToken, Path)
        ? completePath(schema, last as IToken, offset)
        : undefined;
    case "operator":
      return at(operatorOptions(typeAt(schema, before[before.length - 1]), true));
    case "value":
    case "listValue":
      return typeAt(schema, pathBefore(before, before.length))?.kind === "boolean"
        ? at(VALUES_OF_BOOLEAN)
        : undefined;
    case "nullOrNotNull":
      return at(keywordOptions(["NULL", "NOT NULL"]));
    case "null":
      return at(keywordOptions(["NULL"]));
    case "in":
      return at(keywordOptions(["IN"], " ("));
    case "connective":
      return at(keywordOptions(["AND", "OR"], " "));
    case "none":
      return undefined;
  }
}

/**
 * Completes the path being typed: the names below its last `.`; once it names a field whole
 * that no other name there extends, the operators that field takes, after it.
 */
function completePath(
  schema: Schema | undefined,
  path: IToken,
  offset: number,
): Completions | undefined {
  if (!schema) return undefined;
  const segments = path.image.split(".");
  const typed = segments.pop() as string;
  let fields: Readonly<Record<string, FieldType>> = schema.fields;
  if (segments.length > 0) {
    const parent = resolvePath(schema, segments);
    if (!parent.ok || parent.type.kind !== "object" || parent.type.fields === null)
      return undefined;
    fields = parent.type.fields;
  }
  const whole = Object.hasOwn(fields, typed) ? fields[typed] : undefined;
  const extended = Object.keys(fields).some((name) => name !== typed && name.startsWith(typed));
  if (whole && typed !== "" && !extended && !(whole.kind === "object" && whole.fields)) {
    return { from: offset, to: offset, options: operatorOptions(whole, false) };
  }
  const options = fieldOptions(fields);
  return options.length > 0 ? { from: offset - typed.length, to: offset, options } : undefined;
}

/**
 * What may be written at `offset` in a `fields` selection: the names the schema has at that
 * place, inside each `( )` those below the field it follows, after `.` those below the path;
 * `_links` at the top. Undefined without a schema, or below a field whose contents it does not describe.
 */
export function completeFields(
  text: string,
  offset: number,
  options?: CompleteOptions,
): Completions | undefined {
  const schema = readCompletionInput("completeFields", text, offset, options);
  if (!schema) return undefined;
  const tokens = lexFields(text.slice(0, offset)).tokens;
  const last = tokens[tokens.length - 1];
  const typing = last !== undefined && endOf(last) === offset && tokenMatcher(last, Path);
  const scopes: FieldScope[] = [schema.fields];
  let item: FieldScope = schema.fields;
  const scope = () => scopes[scopes.length - 1] as FieldScope;
  for (const token of typing ? tokens.slice(0, -1) : tokens) {
    if (tokenMatcher(token, Path)) item = scopeOfPath(scope(), token.image.split("."));
    else if (tokenMatcher(token, FieldsOpen)) scopes.push(item);
    else if (tokenMatcher(token, FieldsClose) && scopes.length > 1) scopes.pop();
  }
  const previous = typing ? tokens[tokens.length - 2] : last;
  const startsItem =
    previous === undefined ||
    tokenMatcher(previous, FieldsOpen) ||
    tokenMatcher(previous, FieldsComma);
  if (!startsItem) return undefined;
  let names = scope();
  let typed = "";
  if (typing) {
    const segments = (last as IToken).image.split(".");
    typed = segments.pop() as string;
    names = scopeOfPath(names, segments);
  }
  if (names === "any" || names === "scalar") return undefined;
  const list = fieldOptions(names);
  if (scopes.length === 1 && typed === (typing ? (last as IToken).image : "")) {
    list.push({ label: "_links", kind: "field", detail: "links" });
  }
  return list.length > 0 ? { from: offset - typed.length, to: offset, options: list } : undefined;
}

/** What a selection may name below a path written in a scope. */
function scopeOfPath(scope: FieldScope, segments: readonly string[]): FieldScope {
  let current = scope;
  for (const segment of segments) {
    if (current === "any" || current === "scalar") return current;
    const type = Object.hasOwn(current, segment) ? current[segment] : undefined;
    if (!type) return "any";
    current = scopeBelow(type);
  }
  return current;
}
