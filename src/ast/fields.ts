import type { Span } from "./span.ts";
import type { PathNode } from "./where.ts";

/** One item of a selection: a path, and optionally the sub-selection in parentheses after it. */
export interface FieldItemNode {
  readonly kind: "fieldItem";
  readonly path: PathNode;
  readonly selection: FieldsNode | null;
  readonly span: Span;
}

/** A `fields` selection as written: its items in order (grammar/language.md 3.1). */
export interface FieldsNode {
  readonly kind: "fields";
  readonly items: readonly FieldItemNode[];
  readonly span: Span;
}

/** Every node kind of the `fields` AST, for exhaustive dispatch tables. */
export type FieldsAstNode = FieldsNode | FieldItemNode | PathNode;

/** One selected name and what is selected below it: `null` selects the whole value. */
export interface FieldBranch {
  readonly name: string;
  readonly children: FieldTree | null;
}

/** A selection as a tree of names, merged as in grammar/language.md 3.2, in order of first appearance. */
export type FieldTree = readonly FieldBranch[];

interface MutableBranch {
  name: string;
  children: MutableBranch[] | null;
}

/**
 * Merges a selection into its tree of names (3.2): `a.b` is `a(b)`, `a.b,a.c` is `a(b,c)`,
 * and `a,a.b` is `a` since the whole of `a` wins.
 */
export function mergeSelection(ast: FieldsNode): FieldTree {
  const root: MutableBranch[] = [];
  const add = (
    into: MutableBranch[],
    segments: readonly string[],
    selection: FieldsNode | null,
  ) => {
    let level = into;
    for (let i = 0; i < segments.length; i++) {
      const name = segments[i] as string;
      const last = i === segments.length - 1;
      let branch = level.find((b) => b.name === name);
      if (!branch) {
        branch = { name, children: [] };
        level.push(branch);
      } else if (branch.children === null) {
        return; // the whole value is selected already
      }
      if (last && selection === null) {
        branch.children = null;
        return;
      }
      level = branch.children as MutableBranch[];
    }
    for (const item of (selection as FieldsNode).items)
      add(level, item.path.segments, item.selection);
  };
  for (const item of ast.items) add(root, item.path.segments, item.selection);
  return root;
}

/** A selection's tree of names: an AST merged (3.2), a tree as it is. */
export function treeOf(selection: FieldsNode | FieldTree): FieldTree {
  return Array.isArray(selection) ? selection : mergeSelection(selection as FieldsNode);
}
