import { type IToken, tokenMatcher } from "chevrotain";
import { FIELDS_GRAMMAR } from "../ast/fields-grammar.ts";
import { operatorsTaken, WHERE_GRAMMAR, type WhereFollow } from "../ast/where-grammar.ts";
import {
  checkOptionNames,
  optionNamesOf,
  readOptions,
  readSchemaOption,
  type SchemaOption,
} from "../check/read-options.ts";
import { type FieldType, resolvePath, type Schema } from "../schema/schema.ts";
import { type FieldScope, scopeBelow } from "../schema/validate-fields.ts";
import { FieldsClose, FieldsOpen } from "../syntax/fields-tokens.ts";
import { fieldsStateAfter, whereStateAfter } from "../syntax/grammar-states.ts";
import { lexFields } from "../syntax/lex-fields.ts";
import { lexWhere } from "../syntax/lex-where.ts";
import { Path } from "../syntax/shared-tokens.ts";
import { Keyword, PatternText, Stray, UnterminatedQuote, Value } from "../syntax/where-tokens.ts";
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

const OPTION_NAMES = optionNamesOf<CompleteOptions>({ schema: true });

/** Operators as options; a keyword operator right after a path needs the white space before it. */
function operatorOptions(type: FieldType | undefined, spaced: boolean): CompletionOption[] {
  return operatorsTaken(type?.kind).map(({ text: label, detail }) => {
    const keyword = /^[A-Z]/.test(label);
    const list = label.endsWith("IN") ? " (" : "";
    const apply = keyword ? `${spaced ? "" : " "}${label}${list}` : label;
    return { label, kind: "operator", detail, ...(apply === label ? {} : { apply }) };
  });
}

/** A word of the grammar as an option, with what the canonical form writes after it (2.6). */
const keywordOption = (label: string, trailing = ""): CompletionOption[] => [
  { label, kind: "keyword", ...(trailing ? { apply: `${label}${trailing}` } : {}) },
];

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

/**
 * What an editor offers for each thing a filter may hold next, but a field name (which has its
 * own place, see completeWhere): the operators the path's type takes, a boolean field's values,
 * the words of the grammar; nothing for punctuation, a pattern, or the end.
 */
const OFFERS: Readonly<
  Record<WhereFollow, (schema: Schema | undefined, before: readonly IToken[]) => CompletionOption[]>
> = {
  field: () => [],
  group: () => [],
  operator: (schema, before) => operatorOptions(typeAt(schema, before[before.length - 1]), true),
  value: (schema, before) =>
    typeAt(schema, pathBefore(before, before.length))?.kind === "boolean" ? VALUES_OF_BOOLEAN : [],
  pattern: () => [],
  list: () => [],
  NULL: () => keywordOption("NULL"),
  "NOT NULL": () => keywordOption("NOT NULL"),
  IN: () => keywordOption("IN", " ("),
  AND: () => keywordOption("AND", " "),
  OR: () => keywordOption("OR", " "),
  listComma: () => [],
  listEnd: () => [],
  groupEnd: () => [],
  end: () => [],
};

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
  const previous = before[before.length - 1];
  // After a character no token accepts, nothing is known to fit.
  if (previous !== undefined && tokenMatcher(previous, Stray)) return undefined;
  const follows = WHERE_GRAMMAR.follows[whereStateAfter(previous, before[before.length - 2])];
  const from = typing ? (last as IToken).startOffset : offset;
  if (follows.includes("field")) {
    if (!typing) return schema && at(fieldOptions(schema.fields), from, offset);
    // A keyword where a field may start is the start of a name (`in` of `infos`).
    return tokenMatcher(last as IToken, Path) || tokenMatcher(last as IToken, Keyword)
      ? completePath(schema, last as IToken, offset)
      : undefined;
  }
  return at(
    follows.flatMap((follow) => OFFERS[follow](schema, before)),
    from,
    offset,
  );
}

/** The options at `[from, to)`, or undefined when there are none. */
function at(
  options: readonly CompletionOption[],
  from: number,
  to: number,
): Completions | undefined {
  return options.length > 0 ? { from, to, options } : undefined;
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
  if (!FIELDS_GRAMMAR.follows[fieldsStateAfter(previous)].includes("field")) return undefined;
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
