import {
  type ComparisonOperator,
  comparison,
  inList,
  nullCheck,
  type PatternMode,
  pattern,
  type WherePredicate,
} from "../../src/ast/where.ts";
import type { WhereOperator } from "../../src/ast/where-grammar.ts";

/**
 * A predicate on `field` written with `operator`: comparing with `values[0]`, listing every
 * one of `values`, or a pattern of `mode` over `values[0]`.
 */
export function predicateOf(
  operator: WhereOperator,
  field: string,
  values: readonly string[],
  mode: PatternMode = "contains",
): WherePredicate {
  const value = values[0] ?? "";
  switch (operator.node) {
    case "comparison":
      return comparison(field, operator.text as ComparisonOperator, value);
    case "pattern":
      return pattern(field, mode, value);
    case "in":
      return inList(field, values, operator.negated);
    case "isNull":
      return nullCheck(field, operator.negated);
  }
}
