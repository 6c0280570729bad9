import { type FieldsNode, type FieldTree, mergeFields } from "../../ast/fields.ts";

/** A compiled selection: returns a projected copy of a record; the record is never changed. */
export type Projection = <T>(record: T) => T extends object ? Partial<T> : T;

type Step = ((value: unknown) => unknown) | null;

const LINKS = "_links";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function put(out: Record<string, unknown>, key: string, value: unknown): void {
  // Assigning "__proto__" would change the copy's prototype instead of adding a key.
  if (key === "__proto__") {
    Object.defineProperty(out, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    out[key] = value;
  }
}

/** Compiles one level of the tree into a function over an object of that level. */
function compileLevel(
  tree: FieldTree,
): (record: Record<string, unknown>) => Record<string, unknown> {
  // Null-prototype lookup: "constructor" or "toString" in the data is never taken as selected.
  const steps: Record<string, Step> = Object.create(null);
  for (const { name, children } of tree)
    steps[name] = children === null ? null : compileValue(children);
  if (!(LINKS in steps)) steps[LINKS] = null;
  return (record) => {
    const out: Record<string, unknown> = {};
    // The record's own key order decides the output's (3.2), so walk the record, not the tree.
    for (const key of Object.keys(record)) {
      const step = steps[key];
      if (step === undefined) continue;
      put(out, key, step === null ? record[key] : step(record[key]));
    }
    return out;
  };
}

/** What a sub-selection does to a value: objects projected, arrays mapped, the rest kept. */
function compileValue(children: FieldTree): (value: unknown) => unknown {
  const level = compileLevel(children);
  return (value) => {
    if (Array.isArray(value)) {
      const out = new Array(value.length);
      for (let i = 0; i < value.length; i++) {
        const element = value[i];
        out[i] = isPlainObject(element) ? level(element) : element;
      }
      return out;
    }
    return isPlainObject(value) ? level(value) : value;
  };
}

function toTree(selection: FieldsNode | FieldTree): FieldTree {
  return "kind" in selection ? mergeFields(selection) : selection;
}

/**
 * Compiles a selection (its AST or merged tree; the main entry also takes text) into a
 * projection of one record, exactly as LANGUAGE.md 3.2 says. Selected values are shared with
 * the record, not cloned.
 */
export function compileFieldsTree(selection: FieldsNode | FieldTree): Projection {
  const project = compileValue(toTree(selection));
  return project as Projection;
}

/**
 * Compiles a selection for list responses `{ _links, <resource>: [ … ] }`: every array in the
 * wrapper has its items projected; `_links` and the other keys are kept.
 */
export function compileListFieldsTree(
  selection: FieldsNode | FieldTree,
): <T extends object>(response: T) => T {
  const project = compileValue(toTree(selection));
  return (response) => {
    const out: Record<string, unknown> = {};
    const record = response as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      put(out, key, key !== LINKS && Array.isArray(value) ? project(value) : value);
    }
    return out as typeof response;
  };
}
