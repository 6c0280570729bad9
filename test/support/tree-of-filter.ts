import type { WhereExpression } from "../../src/ast/where.ts";
import type { Filter } from "../../src/ast/zoned-filter.ts";

/** The tree of a filter read under no policy with a filter: such a request's is never zoned. */
export function treeOfFilter(filter: Filter): WhereExpression {
  if (filter.kind === "zoned") throw new Error("a zoned filter where no policy applies");
  return filter;
}
