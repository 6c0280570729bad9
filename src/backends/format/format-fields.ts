import { type FieldsNode, type FieldTree, treeOf } from "../../ast/fields.ts";
import { MAX_DEPTH_LIMIT } from "../../base/limits.ts";
import { readFieldsAst } from "../../check/read-fields.ts";

function print(tree: FieldTree): string {
  return tree
    .map(({ name, children }) => {
      if (children === null) return name;
      if (children.length === 1) return `${name}.${print(children)}`;
      return `${name}(${print(children)})`;
    })
    .join(",");
}

/**
 * Prints a selection, or its merged tree, as its canonical text (grammar/language.md 3.3); a tree from
 * outside is checked first (`InvalidAstError`).
 */
export function formatFields(selection: FieldsNode | FieldTree): string {
  return print(treeOf(readFieldsAst(selection, MAX_DEPTH_LIMIT)));
}
