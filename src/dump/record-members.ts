import { type FieldsNode, type FieldTree, treeOf } from "../ast/fields.ts";
import type { WhereExpression } from "../ast/where.ts";

const LINKS = "_links";

function addFirstSegments(node: WhereExpression, into: Set<string>): void {
  if (node.kind === "and" || node.kind === "or") {
    for (const operand of node.operands) addFirstSegments(operand, into);
  } else {
    const first = node.path.segments[0];
    if (first !== undefined) into.add(first);
  }
}

/**
 * The members of a record that a filter and a selection read: the first name of each path of
 * `where`, the top-level names of `fields`, and `_links`, which a projection keeps (3.2).
 * Undefined without a selection: the whole record is written then.
 */
export function recordMembers(
  where: WhereExpression | undefined,
  fields: FieldsNode | FieldTree | undefined,
): string[] | undefined {
  if (fields === undefined) return undefined;
  const names = new Set<string>();
  if (where !== undefined) addFirstSegments(where, names);
  for (const branch of treeOf(fields)) names.add(branch.name);
  names.add(LINKS);
  return [...names];
}

/** The members of a record that a filter reads: the first name of each of its paths. */
export function filterMembers(where: WhereExpression): string[] {
  const names = new Set<string>();
  addFirstSegments(where, names);
  return [...names];
}
