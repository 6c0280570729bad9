import type { GrammarTable } from "./grammar-table.ts";
import type { WherePredicate } from "./where.ts";

/** The types a field may have (grammar/language.md 4.1), as far as an operator cares. */
export type OperandKind =
  | "string"
  | "integer"
  | "number"
  | "boolean"
  | "date"
  | "any"
  | "object"
  | "array";

// An `any` field is typed value by value, as without a schema (4.3): it takes every operator.
const SCALARS: readonly OperandKind[] = ["string", "integer", "number", "boolean", "date", "any"];
const ORDERED: readonly OperandKind[] = ["string", "integer", "number", "date", "any"];
const TEXTS: readonly OperandKind[] = ["string", "any"];
const EVERY_KIND: readonly OperandKind[] = [...SCALARS, "object", "array"];

/** One operator of a predicate (grammar/language.md 2.2), and the types of field it takes (4.3). */
export interface WhereOperator {
  /** As the canonical form writes it (2.6). */
  readonly text: string;
  /** The kind of predicate node it makes. */
  readonly node: WherePredicate["kind"];
  /** Whether it is the negative form of another operator (`!=`, `NOT IN`, `IS NOT NULL`). */
  readonly negated: boolean;
  /** The types of field it may test; a schema refuses it on any other (4.3). */
  readonly takes: readonly OperandKind[];
  /** What it answers of a field that is null or missing (2.4), whatever the value. */
  readonly onNull: boolean;
  /** What it does, in a few words (2.4), for an editor; says what it does with null. */
  readonly detail: string;
}

const row = <T extends string, N extends WherePredicate["kind"]>(
  text: T,
  node: N,
  takes: readonly OperandKind[],
  onNull: boolean,
  detail: string,
  negated = false,
): WhereOperator & { readonly text: T; readonly node: N } => ({
  text,
  node,
  negated,
  takes,
  onNull,
  detail,
});

/** Every operator, in the order of the grammar: errors and editors list them so. */
export const WHERE_OPERATORS = [
  row("=", "comparison", SCALARS, false, "equals; false on null"),
  row("!=", "comparison", SCALARS, false, "differs from; false on null", true),
  row(">", "comparison", ORDERED, false, "greater than; false on null"),
  row(">=", "comparison", ORDERED, false, "greater than or equal to; false on null"),
  row("<", "comparison", ORDERED, false, "less than; false on null"),
  row("<=", "comparison", ORDERED, false, "less than or equal to; false on null"),
  row("~", "pattern", TEXTS, false, "matches a pattern, * at either end; false on null"),
  row("IN", "in", SCALARS, false, "equals one of a list; false on null"),
  row("NOT IN", "in", SCALARS, false, "equals none of a list; false on null", true),
  row("IS NULL", "isNull", EVERY_KIND, true, "is null or missing"),
  row("IS NOT NULL", "isNull", EVERY_KIND, false, "is present and not null", true),
] as const satisfies readonly WhereOperator[];

/** An operator as the canonical form writes it: the keys of every backend's table of cases. */
export type WhereOperatorText = (typeof WHERE_OPERATORS)[number]["text"];

/** The predicate node an operator makes. */
export type NodeOfOperator<T extends WhereOperatorText> = Extract<
  WherePredicate,
  { kind: Extract<(typeof WHERE_OPERATORS)[number], { text: T }>["node"] }
>;

/** The operators a field of this type takes (grammar/language.md 4.3); every one without a type. */
export function operatorsTaken(kind: OperandKind | undefined): WhereOperator[] {
  return kind === undefined
    ? [...WHERE_OPERATORS]
    : WHERE_OPERATORS.filter((operator) => operator.takes.includes(kind));
}

type Row = WhereOperator & { text: WhereOperatorText };

/**
 * The operators by node kind, then by modifier: a comparison's own operator, else whether the
 * node is negated. A modifier added to a node reads here as the row that gives it.
 */
const OPERATOR_BY_FORM: Readonly<Record<string, Readonly<Record<string, Row>>>> = (() => {
  const forms: Record<string, Record<string, Row>> = {};
  for (const operator of WHERE_OPERATORS) {
    const byModifier = forms[operator.node] ?? {};
    forms[operator.node] = byModifier;
    byModifier[operator.node === "comparison" ? operator.text : String(operator.negated)] =
      operator;
  }
  return forms;
})();

/** The operator a predicate node was written with. */
export function operatorOf(node: WherePredicate): Row {
  const form =
    node.kind === "comparison"
      ? node.operator
      : "negated" in node && node.negated
        ? "true"
        : "false";
  const forms = Object.hasOwn(OPERATOR_BY_FORM, node.kind)
    ? OPERATOR_BY_FORM[node.kind]
    : undefined;
  const found = forms && Object.hasOwn(forms, form) ? forms[form] : undefined;
  if (!found) throw new TypeError(`no operator makes a ${node.kind} node like this one`);
  return found;
}

/**
 * Where a reader of a filter's tokens stands: at the start of an operand (the start, after `(`,
 * AND or OR), after a path's last `.`, after a path, after a comparator or in a list (a value),
 * after `~`, after `IN`, after `IS`, after `IS NOT`, after another `NOT`, after a list's value,
 * or after a whole operand.
 */
export type WhereState =
  | "operand"
  | "segment"
  | "operator"
  | "value"
  | "pattern"
  | "list"
  | "afterIs"
  | "afterIsNot"
  | "afterNot"
  | "afterListValue"
  | "afterOperand";

/** What a filter may hold next: a name, an operator, a word of the grammar, or punctuation. */
export type WhereFollow =
  | "field"
  | "group"
  | "operator"
  | "value"
  | "pattern"
  | "list"
  | "NULL"
  | "NOT NULL"
  | "IN"
  | "AND"
  | "OR"
  | "listComma"
  | "listEnd"
  | "groupEnd"
  | "end";

/** What may follow what in a filter (grammar/language.md 2.2). */
export const WHERE_GRAMMAR: GrammarTable<WhereState, WhereFollow> = {
  noun: "filter",
  follows: {
    operand: ["field", "group"],
    segment: ["field"],
    operator: ["operator"],
    value: ["value"],
    pattern: ["pattern"],
    list: ["list"],
    afterIs: ["NULL", "NOT NULL"],
    afterIsNot: ["NULL"],
    afterNot: ["IN"],
    afterListValue: ["listComma", "listEnd"],
    afterOperand: ["AND", "OR", "groupEnd", "end"],
  },
  names: {
    field: "a field name",
    group: '"("',
    operator: `an operator (${WHERE_OPERATORS.map((operator) => operator.text).join(" ")})`,
    value: "a value",
    pattern: "a pattern",
    list: '"(" and a list of values',
    NULL: "NULL",
    "NOT NULL": "NOT NULL",
    IN: "IN",
    AND: "AND",
    OR: "OR",
    listComma: '","',
    listEnd: '")"',
    groupEnd: '")"',
    end: "the end of the filter",
  },
  insideOnly: "groupEnd",
  outsideOnly: "end",
  clauseEnds: ["afterOperand"],
};
