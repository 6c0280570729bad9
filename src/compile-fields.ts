import type { FieldsNode, FieldTree } from "./ast/fields.ts";
import {
  compileFieldsTree,
  compileListFieldsTree,
  type Projection,
} from "./backends/projection/compile-fields.ts";
import { assertValidFields, type ParseFieldsOptions, parseFields } from "./syntax/parse-fields.ts";

/** A selection as text, as its AST, or as its merged tree. */
export type FieldsInput = string | FieldsNode | FieldTree;

function toSelection(input: FieldsInput, options?: ParseFieldsOptions): FieldsNode | FieldTree {
  if (typeof input === "string") return parseFields(input, options);
  if (options?.schema && "kind" in input) assertValidFields(input, options.schema);
  return input;
}

/**
 * Compiles a `fields` selection once into a function that projects one record (LANGUAGE.md
 * 3.2): the record's key order, absent keys left out, `_links` kept on every kept object.
 * With `options.schema`, a selection as text or AST must name only the schema's fields.
 */
export function compileFields(input: FieldsInput, options?: ParseFieldsOptions): Projection {
  return compileFieldsTree(toSelection(input, options));
}

/**
 * Compiles a selection for a whole list response `{ _links, <resource>: [ … ] }`: the wrapper's
 * `_links` is kept and each item of the resource's array is projected.
 */
export function compileListFields(
  input: FieldsInput,
  options?: ParseFieldsOptions,
): <T extends object>(response: T) => T {
  return compileListFieldsTree(toSelection(input, options));
}
