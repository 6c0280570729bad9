// The one way every backend walks a `where` tree: a table of cases with one entry for each
// junction and each operator of WHERE_OPERATORS. A new operator, or a new modifier given its
// row, makes every table that lacks it fail to compile, so each backend says what it does.
import type { AndNode, LiteralNode, OrNode, WhereExpression, WherePredicate } from "./where.ts";
import { type NodeOfOperator, operatorOf, type WhereOperatorText } from "./where-grammar.ts";

/** What a backend does with each predicate operator, given the node and its own context. */
export type PredicateCases<R, C = undefined> = {
  readonly [T in WhereOperatorText]: (node: NodeOfOperator<T>, context: C) => R;
};

/** What a backend does with each node of a `where` tree: both junctions and every operator. */
export type WhereCases<R, C = undefined> = PredicateCases<R, C> & {
  readonly and: (node: AndNode, context: C) => R;
  readonly or: (node: OrNode, context: C) => R;
};

/** The case of `cases` for a predicate, by its operator. */
export function predicateCase<R, C>(
  cases: PredicateCases<R, C>,
  node: WherePredicate,
  context: C,
): R {
  const run = cases[operatorOf(node).text] as (node: WherePredicate, context: C) => R;
  return run(node, context);
}

/** The case of `cases` for any node of a `where` tree. */
export function whereCase<R, C>(cases: WhereCases<R, C>, node: WhereExpression, context: C): R {
  if (node.kind === "and") return cases.and(node, context);
  if (node.kind === "or") return cases.or(node, context);
  return predicateCase(cases, node, context);
}

/** The literals of each operator read as values of the field's type (2.3): a pattern's text is any text. */
const TYPED_VALUES: PredicateCases<readonly LiteralNode[]> = {
  "=": (node) => [node.value],
  "!=": (node) => [node.value],
  ">": (node) => [node.value],
  ">=": (node) => [node.value],
  "<": (node) => [node.value],
  "<=": (node) => [node.value],
  "~": () => [],
  IN: (node) => node.values,
  "NOT IN": (node) => node.values,
  "IS NULL": () => [],
  "IS NOT NULL": () => [],
};

/** The literals of a predicate read as values of its field's type. */
export function typedValuesOf(node: WherePredicate): readonly LiteralNode[] {
  return predicateCase(TYPED_VALUES, node, undefined);
}
