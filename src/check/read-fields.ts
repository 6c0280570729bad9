import type { FieldBranch, FieldItemNode, FieldsNode, FieldTree } from "../ast/fields.ts";
import { IDENTIFIER } from "../ast/where.ts";
import { MAX_SELECTION_DEPTH } from "../base/limits.ts";
import { isPlainRecord, pointerTo } from "../base/members.ts";
import {
  expectKind,
  fail,
  readArray,
  readPath,
  readRecord,
  readSpan,
  type TreeReader,
} from "./read-where.ts";

const LINKS = "_links";

const NOTHING_INSIDE_LINKS = `nothing selected inside "${LINKS}", which is kept whole (3.2)`;

function readSelection(
  reader: TreeReader,
  value: unknown,
  pointer: string,
  depth: number,
  names: number,
): FieldsNode {
  const node = readRecord(reader, value, pointer, "a fields node");
  expectKind(reader, node, pointer, "fields");
  const at = pointerTo(pointer, "items");
  const items = readArray(
    reader,
    Object.hasOwn(node, "items") ? node.items : undefined,
    at,
    "an array of 1 or more items",
    1,
  );
  return {
    kind: "fields",
    items: items.map((item, i) => readItem(reader, item, pointerTo(at, i), depth, names)),
    span: readSpan(reader, node, pointer),
  };
}

function readItem(
  reader: TreeReader,
  value: unknown,
  pointer: string,
  depth: number,
  names: number,
): FieldItemNode {
  const node = readRecord(reader, value, pointer, "a fieldItem node");
  expectKind(reader, node, pointer, "fieldItem");
  const path = readPath(
    reader,
    Object.hasOwn(node, "path") ? node.path : undefined,
    pointerTo(pointer, "path"),
  );
  const { segments } = path;
  const below = names + segments.length;
  if (below > MAX_SELECTION_DEPTH) {
    fail(reader, pointerTo(pointer, "path"), `at most ${MAX_SELECTION_DEPTH} names deep`, value);
  }
  const links = segments.indexOf(LINKS);
  if (links !== -1 && links < segments.length - 1) {
    fail(reader, pointerTo(pointerTo(pointer, "path"), "segments"), NOTHING_INSIDE_LINKS, LINKS);
  }
  const at = pointerTo(pointer, "selection");
  const selection = Object.hasOwn(node, "selection") ? node.selection : undefined;
  if (selection !== null) {
    if (links !== -1) fail(reader, at, NOTHING_INSIDE_LINKS, selection);
    if (depth + 1 > reader.maxDepth) {
      fail(reader, at, `at most ${reader.maxDepth} levels of parentheses (1.4)`, selection);
    }
  }
  return {
    kind: "fieldItem",
    path,
    selection: selection === null ? null : readSelection(reader, selection, at, depth + 1, below),
    span: readSpan(reader, node, pointer),
  };
}

function readTree(reader: TreeReader, value: unknown, pointer: string, names: number): FieldTree {
  if (names > MAX_SELECTION_DEPTH) {
    fail(reader, pointer, `at most ${MAX_SELECTION_DEPTH} names deep`, value);
  }
  const branches = readArray(reader, value, pointer, "an array of 1 or more branches", 1);
  const seen = new Set<string>();
  return branches.map((branch, i): FieldBranch => {
    const at = pointerTo(pointer, i);
    if (!isPlainRecord(branch)) fail(reader, at, "a branch { name, children }", branch);
    const name = Object.hasOwn(branch, "name") ? branch.name : undefined;
    if (typeof name !== "string" || !IDENTIFIER.test(name)) {
      fail(reader, pointerTo(at, "name"), "an identifier [A-Za-z_][A-Za-z0-9_]* (1.3)", name);
    }
    // A merged tree names each key once per level (3.2).
    if (seen.has(name))
      fail(reader, pointerTo(at, "name"), "a name not already at this level", name);
    seen.add(name);
    const children = Object.hasOwn(branch, "children") ? branch.children : undefined;
    if (children !== null && name === LINKS) {
      fail(reader, pointerTo(at, "children"), NOTHING_INSIDE_LINKS, children);
    }
    return {
      name,
      children:
        children === null ? null : readTree(reader, children, pointerTo(at, "children"), names + 1),
    };
  });
}

/**
 * Checks a selection from outside, an AST or a merged tree, and returns a fresh copy: exactly
 * what `parseFields` (or `mergeFields` over it) could have produced. Throws `InvalidAstError`
 * with the bad member's pointer.
 */
export function readFieldsAst(value: unknown, maxDepth: number): FieldsNode | FieldTree {
  const reader: TreeReader = { language: "fields", maxDepth };
  return Array.isArray(value)
    ? readTree(reader, value, "", 1)
    : readSelection(reader, value, "", 0, 0);
}
