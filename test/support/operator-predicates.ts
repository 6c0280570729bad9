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
import { defineSchema } from "../../src/schema/schema.ts";

/** One field of each kind a type may have, named by its kind. */
export const SCHEMA_OF_EVERY_KIND = defineSchema({
  string: "string",
  integer: "integer",
  number: "number",
  boolean: "boolean",
  date: "date",
  any: "any",
  object: { id: "string" },
  array: ["string"],
});

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
