import type { Schema } from "./schema.ts";

/**
 * What a field of each type name holds in a record: a date field may hold a `yyyy-MM-dd` or
 * date-time string, epoch milliseconds or a `Date` (grammar/language.md 2.5).
 */
interface ValueOfTypeName {
  string: string;
  integer: number;
  number: number;
  boolean: boolean;
  date: string | number | Date;
  any: unknown;
  // Not Record<string, unknown>: a user's interface, which has no index signature, must fit.
  object: object;
  array: readonly unknown[];
}

/** The value a shape of the notation (4.1) stands for; every item of an array may be null. */
type ValueOfShape<T> = T extends keyof ValueOfTypeName
  ? ValueOfTypeName[T]
  : T extends readonly [infer Item]
    ? readonly (ValueOfShape<Item> | null)[]
    : T extends object
      ? RecordOfShape<T>
      : never;

/**
 * The record an object shape stands for: every field may be absent or null (2.4). `& {}` makes
 * hovers and errors show the object's members rather than this alias and the shape's notation.
 */
type RecordOfShape<T> = { readonly [K in keyof T]?: ValueOfShape<T[K]> | null | undefined } & {};

/** Whether a shape is written out (a literal), not `unknown` or an index signature. */
type IsKnownShape<T> = unknown extends T ? false : string extends keyof T ? false : true;

/**
 * The record type of a schema, as zod's `infer` (`Infer<typeof schemas.artefact>`): its fields
 * typed as the data may hold them, each optional and nullable; `Record<string, unknown>` for a
 * schema whose shape is not known.
 */
export type Infer<S> =
  S extends Schema<infer Shape>
    ? IsKnownShape<Shape> extends true
      ? RecordOfShape<Shape>
      : Record<string, unknown>
    : never;

/** A `schema` option whose shape the compiler does not know. */
export interface UnknownShape {
  readonly unknownShape: true;
}

/**
 * The shape a `schema` option was written from, as the runtime reads the option: a typed
 * schema's, or a literal shape; `UnknownShape` for an untyped schema or an index signature. A
 * schema in its JSON form is a `Schema` of no known shape, as the runtime reads it.
 */
export type ShapeOfOption<S> =
  S extends Schema<infer Shape>
    ? IsKnownShape<Shape> extends true
      ? Shape
      : UnknownShape
    : S extends object
      ? IsKnownShape<S> extends true
        ? S
        : UnknownShape
      : UnknownShape;

/**
 * The record type a `schema` option describes (a typed schema or a literal shape), or
 * `Otherwise` where its shape is not known, so that untyped call sites keep their types.
 */
export type RecordOfOption<S, Otherwise> = S extends unknown
  ? [ShapeOfOption<S>] extends [infer Shape]
    ? [Shape] extends [UnknownShape]
      ? Otherwise
      : RecordOfShape<Shape>
    : Otherwise
  : never;

// Levels a path is spelt out, kept few so that the compiler stays fast (Down[n] is n − 1);
// deeper, any text is let through rather than a real path refused.
type Down = [never, 0, 1, 2, 3, 4, 5];
type MAX_PATH_DEPTH = 6;

/**
 * The dotted paths of an object shape's fields: every field, arrays and objects included, the
 * fields of a described object below it, and any path below an `any` field (4.3).
 */
type PathsOf<T, Depth extends number> = [Depth] extends [never]
  ? string
  : {
      [K in keyof T & string]:
        | K
        | (T[K] extends "any"
            ? `${K}.${string}`
            : T[K] extends string | readonly unknown[]
              ? never
              : T[K] extends object
                ? `${K}.${PathsOf<T[K], Down[Depth]>}`
                : never);
    }[keyof T & string];

/**
 * The dotted paths of a typed schema's fields (`"rank" | "type" | "type.id" | …`, through objects
 * and not arrays, spelt out 6 levels deep), as `toSql`'s `columns` keys; `string` where the shape
 * is not known.
 */
export type SchemaPaths<S> = S extends unknown
  ? [ShapeOfOption<S>] extends [infer Shape]
    ? [Shape] extends [UnknownShape]
      ? string
      : PathsOf<Shape, MAX_PATH_DEPTH>
    : string
  : never;
