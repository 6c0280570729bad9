import { NO_SPAN, type Span } from "./span.ts";

/** A field path such as `type.id`: identifiers joined by `.` (grammar/language.md 1.3). */
export interface PathNode {
  readonly kind: "path";
  readonly segments: readonly string[];
  readonly span: Span;
}

/** A value as the user wrote it, unquoted; the field it meets gives it a type (2.3). */
export interface LiteralNode {
  readonly kind: "literal";
  readonly text: string;
  readonly span: Span;
}

/** The six comparators of `compare` (2.2). */
export type ComparisonOperator = "=" | "!=" | ">" | ">=" | "<" | "<=";

/** Every comparison operator, in the order of the grammar. */
export const COMPARISON_OPERATORS: readonly ComparisonOperator[] = [
  "=",
  "!=",
  ">",
  ">=",
  "<",
  "<=",
];

/** Where the text of a `~` pattern must occur in the value (2.4). */
export type PatternMode = "contains" | "startsWith" | "endsWith";

/** Every pattern mode. */
export const PATTERN_MODES: readonly PatternMode[] = ["contains", "startsWith", "endsWith"];

/** `f=x`, `f!=x`, `f<x`, `f<=x`, `f>x`, `f>=x`. */
export interface ComparisonNode {
  readonly kind: "comparison";
  readonly path: PathNode;
  readonly operator: ComparisonOperator;
  readonly value: LiteralNode;
  readonly span: Span;
}

/** `f~x`, `f~x*`, `f~*x`, `f~*x*`: the literal holds the text without its wildcards. */
export interface PatternNode {
  readonly kind: "pattern";
  readonly path: PathNode;
  readonly mode: PatternMode;
  readonly value: LiteralNode;
  readonly span: Span;
}

/** `f IN (a,b)` or, when `negated`, `f NOT IN (a,b)`. */
export interface InNode {
  readonly kind: "in";
  readonly path: PathNode;
  readonly negated: boolean;
  readonly values: readonly LiteralNode[];
  readonly span: Span;
}

/** `f IS NULL` or, when `negated`, `f IS NOT NULL`. */
export interface NullCheckNode {
  readonly kind: "isNull";
  readonly path: PathNode;
  readonly negated: boolean;
  readonly span: Span;
}

/** Two or more operands that must all hold; never directly holds another `and`. */
export interface AndNode {
  readonly kind: "and";
  readonly operands: readonly WhereExpression[];
  readonly span: Span;
}

/** Two or more operands of which one must hold; never directly holds another `or`. */
export interface OrNode {
  readonly kind: "or";
  readonly operands: readonly WhereExpression[];
  readonly span: Span;
}

/** A predicate: the leaves of a `where` tree. */
export type WherePredicate = ComparisonNode | PatternNode | InNode | NullCheckNode;

/** Any node that a `where` filter evaluates to true or false. */
export type WhereExpression = AndNode | OrNode | WherePredicate;

/** Every node kind of the `where` AST, for exhaustive dispatch tables. */
export type WhereNode = WhereExpression | PathNode | LiteralNode;

/** An identifier (grammar/language.md 1.3): the segments of a path, and the names of a selection. */
export const IDENTIFIER_PATTERN = "[A-Za-z_][A-Za-z0-9_]*";

/** A whole text that is one identifier. */
export const IDENTIFIER = new RegExp(`^${IDENTIFIER_PATTERN}$`);

/** The keywords of `where` (2.1), matched case-insensitively; a one-segment path cannot be one. */
export const WHERE_KEYWORDS: ReadonlySet<string> = new Set([
  "and",
  "or",
  "in",
  "not",
  "is",
  "null",
]);

/**
 * The characters no bare value or pattern holds (decided here, grammar/where.ebnf): controls,
 * spaces other than the white space of 1.2, and format characters, which nobody sees; a value
 * holds them only quoted, so a stray one is an error at itself rather than a different value.
 */
export const INVISIBLE_CLASS =
  "\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u00a0\\u00ad\\u061c\\u1680\\u180e\\u2000-\\u200f\\u2028-\\u202f\\u205f-\\u206f\\u3000\\ufeff\\ufff9-\\ufffb";

/** What no bare value or pattern holds, as the inside of a regex character class. */
const NOT_BARE_CLASS = ` \\t\\r\\n(),"${INVISIBLE_CLASS}`;

/**
 * A character of a bare value or pattern (grammar/language.md 2.1), as a regex character class:
 * no white space, `(`, `)`, `,` or `"`, no invisible character.
 */
export const BARE_CHAR_PATTERN = `[^${NOT_BARE_CLASS}]`;

/**
 * A bare value (grammar/language.md 2.1): characters of `BARE_CHAR_PATTERN`, and no `= ! < > ~`
 * first. The lexer reads values by it and the formatter prints bare exactly what it accepts.
 */
export const BARE_VALUE_PATTERN = `[^=!<>~${NOT_BARE_CLASS}]${BARE_CHAR_PATTERN}*`;

/** Builds a path node from `type.id` or from its segments. */
export function path(segments: string | readonly string[], span: Span = NO_SPAN): PathNode {
  return {
    kind: "path",
    segments: typeof segments === "string" ? segments.split(".") : segments,
    span,
  };
}

/** Builds a literal node holding `text` as it means, unquoted. */
export function literal(text: string, span: Span = NO_SPAN): LiteralNode {
  return { kind: "literal", text, span };
}

const asPath = (p: string | PathNode): PathNode => (typeof p === "string" ? path(p) : p);

/** Builds `f<op>x`. */
export function comparison(
  field: string | PathNode,
  operator: ComparisonOperator,
  value: string,
): ComparisonNode {
  return {
    kind: "comparison",
    path: asPath(field),
    operator,
    value: literal(value),
    span: NO_SPAN,
  };
}

/** Builds `f~x` with the given mode. */
export function pattern(field: string | PathNode, mode: PatternMode, value: string): PatternNode {
  return { kind: "pattern", path: asPath(field), mode, value: literal(value), span: NO_SPAN };
}

/** Builds `f IN (…)`, or `f NOT IN (…)` when `negated`. */
export function inList(
  field: string | PathNode,
  values: readonly string[],
  negated = false,
): InNode {
  return {
    kind: "in",
    path: asPath(field),
    negated,
    values: values.map((v) => literal(v)),
    span: NO_SPAN,
  };
}

/** Builds `f IS NULL`, or `f IS NOT NULL` when `negated`. */
export function nullCheck(field: string | PathNode, negated = false): NullCheckNode {
  return { kind: "isNull", path: asPath(field), negated, span: NO_SPAN };
}

function junction<K extends "and" | "or">(kind: K, operands: readonly WhereExpression[]) {
  if (operands.length === 0) throw new RangeError(`${kind} needs at least one operand`);
  const flat = operands.flatMap((o) => (o.kind === kind ? (o as AndNode | OrNode).operands : [o]));
  return flat.length === 1 ? (flat[0] as WhereExpression) : { kind, operands: flat, span: NO_SPAN };
}

/** Builds the conjunction of the operands, flattening nested `and` (one operand is returned as is). */
export function and(...operands: WhereExpression[]): WhereExpression {
  return junction("and", operands);
}

/** Builds the disjunction of the operands, flattening nested `or` (one operand is returned as is). */
export function or(...operands: WhereExpression[]): WhereExpression {
  return junction("or", operands);
}

/** The predicates of a filter, below every AND and OR, in the order of its text. */
export function predicatesOf(ast: WhereExpression): WherePredicate[] {
  const found: WherePredicate[] = [];
  const pending: WhereExpression[] = [ast];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.kind !== "and" && node.kind !== "or") {
      found.push(node);
      continue;
    }
    // Reversed onto the stack: the first in the text comes out first.
    for (let i = node.operands.length - 1; i >= 0; i--) {
      pending.push(node.operands[i] as WhereExpression);
    }
  }
  return found;
}
