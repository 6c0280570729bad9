import { type FieldsNode, type FieldTree, mergeFields } from "../../ast/fields.ts";

function print(tree: FieldTree): string {
  return tree
    .map(({ name, children }) => {
      if (children === null) return name;
      if (children.length === 1) return `${name}.${print(children)}`;
      return `${name}(${print(children)})`;
    })
    .join(",");
}

/** Prints a selection, or its merged tree, as its canonical text (LANGUAGE.md 3.3). */
export function formatFields(selection: FieldsNode | FieldTree): string {
  return print("kind" in selection ? mergeFields(selection) : selection);
}
