import type { FieldTree } from "../../src/ast/fields.ts";

// A deliberately plain reading of grammar/language.md 3.2, sharing nothing with src/backends/projection.

function isObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Projects one record by the tree, straight from the reference. */
export function referenceProject(tree: FieldTree, record: unknown): unknown {
  if (Array.isArray(record))
    return record.map((e) => (isObject(e) ? referenceProject(tree, e) : e));
  if (!isObject(record)) return record;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    const branch = tree.find((b) => b.name === key);
    if (!branch && key !== "_links") continue;
    const value = branch?.children ? referenceProject(branch.children, record[key]) : record[key];
    Object.defineProperty(result, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}
