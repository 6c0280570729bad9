import { type FieldsNode, type FieldTree, treeOf } from "../ast/fields.ts";
import { predicatesOf, type WhereExpression } from "../ast/where.ts";

const LINKS = "_links";

/** The members of a record that a filter reads: the first name of each of its paths. */
export function filterMembers(where: WhereExpression): string[] {
  return [...new Set(predicatesOf(where).map(({ path }) => path.segments[0] as string))];
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
  const names = new Set(where === undefined ? [] : filterMembers(where));
  for (const branch of treeOf(fields)) names.add(branch.name);
  names.add(LINKS);
  return [...names];
}
