import fc from "fast-check";
import {
  defineSchema,
  type ScalarTypeName,
  type Schema,
  type SchemaShape,
} from "../schema/schema.ts";

/** Options of `schemaArbitrary`. */
export interface SchemaArbitraryOptions {
  /**
   * The scalar types fields may take; the five typed ones unless set. `any` only when listed: SQL
   * refuses to compare an `any` field (grammar/language.md 9.1).
   */
  readonly types?: readonly ScalarTypeName[];
}

const SCALAR_TYPES: readonly ScalarTypeName[] = ["string", "integer", "number", "boolean", "date"];
const TOP_NAMES = ["id", "name", "rank", "flag", "when", "status", "owner"];
const NESTED_NAMES = ["id", "name", "at"];

/**
 * Small random schemas: one to five scalar fields, a nested object `type` of one to three
 * scalars, an array of objects `branches` of one or two, and sometimes an array of strings
 * `tags` and an undescribed object `meta`.
 */
export function schemaArbitrary(options: SchemaArbitraryOptions = {}): fc.Arbitrary<Schema> {
  const types = options.types ?? SCALAR_TYPES;
  if (types.length === 0) throw new RangeError("schemaArbitrary: give at least one type");
  const scalar = fc.constantFrom(...types);
  const fields = (names: readonly string[], maxLength: number) =>
    fc.uniqueArray(fc.tuple(fc.constantFrom(...names), scalar), {
      minLength: 1,
      maxLength,
      selector: ([name]) => name,
    });
  return fc
    .record({
      top: fields(TOP_NAMES, 5),
      nested: fields(NESTED_NAMES, 3),
      branch: fields(["id", "name"], 2),
      tags: fc.boolean(),
      meta: fc.boolean(),
    })
    .map(({ top, nested, branch, tags, meta }) => {
      const shape: Record<string, SchemaShape> = Object.fromEntries(top);
      shape.type = Object.fromEntries(nested);
      shape.branches = [Object.fromEntries(branch)];
      if (tags) shape.tags = ["string"];
      if (meta) shape.meta = "object";
      return defineSchema(shape);
    });
}
