import { type FieldsNode, type FieldTree, treeOf } from "../../ast/fields.ts";
import { codeGenerationAllowed } from "../code-generation.ts";

/**
 * A compiled selection: returns a projected copy of a record; the record is never changed.
 * `R` is the record type a schema gives.
 */
export type Projection<R = unknown> = <T extends R>(record: T) => T extends object ? Partial<T> : T;

type ValueProjection = (value: unknown) => unknown;

const LINKS = "_links";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function defineKey(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

function put(out: Record<string, unknown>, key: string, value: unknown): void {
  // Assigning "__proto__" would change the copy's prototype instead of adding a key.
  if (key === "__proto__") defineKey(out, key, value);
  else out[key] = value;
}

/** Applies an object projection to a value: objects projected, arrays mapped, the rest kept (3.2). */
function overValue(level: (record: Record<string, unknown>) => unknown): ValueProjection {
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

/** The portable projection: closures over a lookup table, one per level of the tree. */
function compileWithClosures(tree: FieldTree): ValueProjection {
  // Null-prototype lookup: "constructor" or "toString" in the data is never taken as selected.
  const steps: Record<string, ValueProjection | null> = Object.create(null);
  for (const { name, children } of tree) {
    if (!(name in steps))
      steps[name] = children === null || name === LINKS ? null : compileWithClosures(children);
  }
  steps[LINKS] = null;
  return overValue((record) => {
    const out: Record<string, unknown> = {};
    // The record's own key order decides the output's (3.2), so walk the record, not the tree.
    for (const key of Object.keys(record)) {
      const step = steps[key];
      if (step === undefined) continue;
      put(out, key, step === null ? record[key] : step(record[key]));
    }
    return out;
  });
}

/**
 * The fast projection: one generated function per level, with a `case` per selected name, so
 * that every property access site sees a single name. Names enter the source only through
 * JSON.stringify, as string literals.
 */
function compileWithCode(tree: FieldTree): ValueProjection {
  const levels: string[] = [];
  const emit = (level: FieldTree): number => {
    const index = levels.length;
    levels.push("");
    const seen = new Set<string>();
    const cases: string[] = [];
    for (const { name, children } of [...level, { name: LINKS, children: null }]) {
      if (seen.has(name)) continue;
      seen.add(name);
      const key = JSON.stringify(name);
      const value =
        children === null || name === LINKS
          ? `record[${key}]`
          : `value(level${emit(children)}, record[${key}])`;
      const store =
        name === "__proto__" ? `defineKey(out, ${key}, ${value})` : `out[${key}] = ${value}`;
      cases.push(`case ${key}: ${store}; break;`);
    }
    levels[index] = `function level${index}(record) {
  const out = {};
  const keys = Object.keys(record);
  for (let i = 0; i < keys.length; i++) {
    switch (keys[i]) {
      ${cases.join("\n      ")}
    }
  }
  return out;
}`;
    return index;
  };
  emit(tree);
  const source = `"use strict";
function value(level, v) {
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) {
      const e = v[i];
      out[i] = isPlainObject(e) ? level(e) : e;
    }
    return out;
  }
  return isPlainObject(v) ? level(v) : v;
}
${levels.join("\n")}
return (v) => value(level0, v);`;
  return new Function("isPlainObject", "defineKey", source)(
    isPlainObject,
    defineKey,
  ) as ValueProjection;
}

/** How a selection is compiled: generated code where the runtime allows it, or closures. */
export type ProjectionStrategy = "auto" | "closures";

/**
 * Compiles a selection (its AST or merged tree; the main entry also takes text) into a
 * projection of one record, exactly as grammar/language.md 3.2 says. Selected values are shared with
 * the record, not cloned.
 */
export function compileProjection(
  selection: FieldsNode | FieldTree,
  strategy: ProjectionStrategy = "auto",
): Projection {
  const tree = treeOf(selection);
  const project =
    strategy === "auto" && codeGenerationAllowed()
      ? compileWithCode(tree)
      : compileWithClosures(tree);
  return project as Projection;
}

/**
 * Compiles a selection for list responses `{ _links, <resource>: [ … ] }`: every array in the
 * wrapper has its items projected; `_links` and the other keys are kept.
 */
export function compileListProjection(
  selection: FieldsNode | FieldTree,
  strategy: ProjectionStrategy = "auto",
): <T extends object>(response: T) => T {
  const project = compileProjection(selection, strategy) as (value: unknown) => unknown;
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
