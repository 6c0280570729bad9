import { IDENTIFIER } from "../ast/where.ts";
import { own } from "../base/members.ts";
import { SchemaDefinitionError } from "../errors/schema-definition-error.ts";
/**
 * The scalar field types of grammar/language.md 4.1, and `any`: a known field whose values are
 * typed one by one, as without a schema (2.3).
 */
export type ScalarTypeName = "string" | "integer" | "number" | "boolean" | "date" | "any";

/** A field's type, normalized: plain data, JSON-serializable. */
export type FieldType =
  | { readonly kind: ScalarTypeName }
  /** `fields` is null for an object whose fields are not described. */
  | { readonly kind: "object"; readonly fields: Readonly<Record<string, FieldType>> | null }
  /** `items` is null for an array whose items are not described. */
  | { readonly kind: "array"; readonly items: FieldType | null };

// Type-level only: the member that carries a schema's shape is never present at run time.
declare const shapeBrand: unique symbol;

/**
 * A resource's schema: an object type, as `defineSchema` returns it. `Shape` is the notation it
 * was defined from, for `Infer`; `unknown` where it is not known (`readSchema`, `inferSchema`).
 */
export interface Schema<Shape = unknown> {
  readonly kind: "object";
  readonly fields: Readonly<Record<string, FieldType>>;
  /** Phantom: never present, so the runtime object stays plain JSON-serializable data. */
  readonly [shapeBrand]?: Shape;
}

/**
 * The notation of grammar/language.md 4: a type name (`"any"` included), `"object"` or `"array"`
 * for undescribed ones, an object for a nested object type, or a one-element array for an array
 * of that type.
 */
export type SchemaShape =
  | ScalarTypeName
  | "object"
  | "array"
  | { readonly [field: string]: SchemaShape }
  | readonly [SchemaShape];

const SCALARS: ReadonlySet<string> = new Set([
  "string",
  "integer",
  "number",
  "boolean",
  "date",
  "any",
]);

/** The deepest nesting of object and array types: far past any resource, well within the stack. */
export const MAX_SCHEMA_DEPTH = 256;

// Schemas that defineSchema or readSchema made: frozen, so they need no second check.
const checked = new WeakSet<object>();

const TYPE_NAMES = "string, integer, number, boolean, date, any, object or array";

function checkDepth(path: string, depth: number): void {
  if (depth > MAX_SCHEMA_DEPTH) {
    throw new SchemaDefinitionError(path, `types nest deeper than ${MAX_SCHEMA_DEPTH} levels`);
  }
}

function readType(shape: unknown, path: string, depth: number): FieldType {
  checkDepth(path, depth);
  if (typeof shape === "string") {
    if (SCALARS.has(shape)) return Object.freeze({ kind: shape as ScalarTypeName });
    if (shape === "object") return Object.freeze({ kind: "object", fields: null });
    if (shape === "array") return Object.freeze({ kind: "array", items: null });
    throw new SchemaDefinitionError(path, `unknown type "${shape}"; expected ${TYPE_NAMES}`);
  }
  if (Array.isArray(shape)) {
    if (shape.length !== 1) {
      throw new SchemaDefinitionError(
        path,
        `an array type is written with exactly one item type, as ["string"]; found ${shape.length}`,
      );
    }
    return Object.freeze({ kind: "array", items: readType(shape[0], `${path}[]`, depth + 1) });
  }
  if (shape !== null && typeof shape === "object")
    return Object.freeze({ kind: "object", fields: readFields(shape, path, depth, readType) });
  throw new SchemaDefinitionError(
    path,
    `expected a type name, an object or a one-element array; found ${shape === null ? "null" : typeof shape}`,
  );
}

type TypeReader = (value: unknown, path: string, depth: number) => FieldType;

function readFields(
  shape: object,
  path: string,
  depth: number,
  read: TypeReader,
): Record<string, FieldType> {
  // Null prototype: a field named "constructor" or "__proto__" is a field like any other.
  const fields: Record<string, FieldType> = Object.create(null);
  for (const name of Object.keys(shape)) {
    const where = path ? `${path}.${name}` : name;
    if (!IDENTIFIER.test(name)) {
      throw new SchemaDefinitionError(
        where,
        "a field name must be an identifier [A-Za-z_][A-Za-z0-9_]* (grammar/language.md 1.3)",
      );
    }
    Object.defineProperty(fields, name, {
      value: read((shape as Record<string, unknown>)[name], where, depth + 1),
      enumerable: true,
    });
  }
  return Object.freeze(fields);
}

function schemaOf(fields: Record<string, FieldType>): Schema {
  const schema: Schema = Object.freeze({ kind: "object", fields });
  checked.add(schema);
  return schema;
}

/**
 * Checks a schema written in the notation of grammar/language.md 4 and returns it normalized and frozen;
 * throws `SchemaDefinitionError` naming the place of a malformed shape.
 */
export function defineSchema<const S extends { readonly [field: string]: SchemaShape }>(
  shape: S,
): Schema<S> {
  if (shape === null || typeof shape !== "object" || Array.isArray(shape)) {
    throw new SchemaDefinitionError("", "a schema is an object of field types");
  }
  // The shape lives only in the type: the object is the same for every Shape.
  return schemaOf(readFields(shape, "", 0, readType)) as Schema<S>;
}

function readNormalizedType(value: unknown, path: string, depth: number): FieldType {
  checkDepth(path, depth);
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new SchemaDefinitionError(path, "expected a field type { kind, … }");
  }
  const kind = own(value, "kind");
  if (typeof kind === "string" && SCALARS.has(kind)) {
    return Object.freeze({ kind: kind as ScalarTypeName });
  }
  if (kind === "object") {
    const fields = own(value, "fields");
    if (fields === null) return Object.freeze({ kind, fields: null });
    if (typeof fields !== "object" || Array.isArray(fields)) {
      throw new SchemaDefinitionError(path, "an object type's fields are an object or null");
    }
    return Object.freeze({ kind, fields: readFields(fields, path, depth, readNormalizedType) });
  }
  if (kind === "array") {
    const items = own(value, "items");
    return Object.freeze({
      kind,
      items: items === null ? null : readNormalizedType(items, `${path}[]`, depth + 1),
    });
  }
  throw new SchemaDefinitionError(
    path,
    `unknown kind ${JSON.stringify(kind)}; expected ${TYPE_NAMES}`,
  );
}

/**
 * Checks a schema in its normalized form, as `defineSchema` returns it and JSON carries it
 * (`{ kind: "object", fields: { name: { kind: "string" } } }`), and returns a frozen copy.
 */
export function readSchema(value: unknown): Schema {
  if (checked.has(value as object)) return value as Schema;
  const type = readNormalizedType(value, "", 0);
  if (type.kind !== "object" || type.fields === null) {
    throw new SchemaDefinitionError("", 'a schema is { kind: "object", fields: { … } }');
  }
  return schemaOf(type.fields);
}

/** Whether a value is a schema that `defineSchema` or `readSchema` returned. */
export function isCheckedSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && checked.has(value);
}

/** What a path leads to in a schema, or why it leads nowhere. */
export type ResolvedPath =
  | { readonly ok: true; readonly type: FieldType }
  | {
      readonly ok: false;
      readonly reason: "unknown" | "throughArray" | "throughScalar";
      /** Index of the segment where the path fails. */
      readonly segment: number;
    };

/**
 * Follows a path through a schema's objects (grammar/language.md 2.4). A path below an `any` field
 * is `any` too: that field may hold an object, read value by value (4.3).
 */
export function resolvePath(schema: Schema, segments: readonly string[]): ResolvedPath {
  let fields: Readonly<Record<string, FieldType>> | null = schema.fields;
  let type: FieldType | undefined;
  for (let i = 0; i < segments.length; i++) {
    if (type) {
      if (type.kind === "any") return { ok: true, type };
      if (type.kind === "array") return { ok: false, reason: "throughArray", segment: i };
      if (type.kind !== "object") return { ok: false, reason: "throughScalar", segment: i };
      fields = type.fields;
      // An undescribed object: nothing below it is known to be safe.
      if (fields === null) return { ok: false, reason: "unknown", segment: i };
    }
    const name = segments[i] as string;
    const next: FieldType | undefined =
      fields && Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!next) return { ok: false, reason: "unknown", segment: i };
    type = next;
  }
  return { ok: true, type: type as FieldType };
}

/**
 * The scalar type at a path of a filter already validated against the schema; `any` at and below
 * an `any` field.
 */
export function scalarTypeAt(schema: Schema, segments: readonly string[]): ScalarTypeName {
  const resolved = resolvePath(schema, segments);
  if (!resolved.ok || resolved.type.kind === "object" || resolved.type.kind === "array") {
    throw new TypeError(
      `"${segments.join(".")}" is not a scalar field of the schema: validate the filter first`,
    );
  }
  return resolved.type.kind;
}

// Suggestions for a mistyped name: computed only on the error path, over a schema's few names.

/**
 * The optimal-string-alignment distance of two texts: insertions, deletions, substitutions and
 * transpositions of adjacent characters each cost 1 (so `rnak` is 1 from `rank`).
 */
export function editDistance(a: string, b: string): number {
  // Three rows suffice: a transposition looks two rows back.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (before[j - 2] as number) + 1);
      current[j] = d;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length] as number;
}

/**
 * The name among `names` that `typed` most likely stands for, or undefined: the one nearest to
 * it ignoring case, at most a third of its length away and never more than 2 (so `rnak` gives
 * `rank`, while `x` gives nothing), else the only one it starts (`ran` gives `rank`). A tie at
 * the nearest distance is no answer.
 */
export function nearestName(typed: string, names: Iterable<string>): string | undefined {
  const lower = typed.toLowerCase();
  const most = Math.min(2, Math.floor(typed.length / 3));
  let best: string | undefined;
  let bestDistance = most + 1;
  let tie = false;
  const started: string[] = [];
  for (const name of names) {
    const candidate = name.toLowerCase();
    if (typed.length >= 2 && candidate.startsWith(lower) && candidate !== lower) started.push(name);
    if (Math.abs(candidate.length - lower.length) > most) continue;
    const distance = editDistance(lower, candidate);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
      tie = false;
    } else if (distance === bestDistance) {
      tie = true;
    }
  }
  if (best !== undefined && !tie) return best;
  return started.length === 1 ? started[0] : undefined;
}

/** `; did you mean X?` for the name among `names` that `typed` most likely stands for, else "". */
export function didYouMean(
  typed: string,
  names: Iterable<string>,
  show: (name: string) => string = (name) => name,
): string {
  const meant = nearestName(typed, names);
  return meant === undefined ? "" : `; did you mean ${show(meant)}?`;
}

/** The name at one place: `typed` where it is there and usable, else the nearest usable one. */
export function usableName(
  typed: string,
  fields: Readonly<Record<string, FieldType>>,
  usable: (name: string) => boolean,
): string | undefined {
  return Object.hasOwn(fields, typed) && usable(typed)
    ? typed
    : nearestName(typed, Object.keys(fields).filter(usable));
}

/**
 * The path of a schema that a mistyped `where` path most likely stands for, as it would be
 * written (`typ.id` gives `type.id`), or undefined. Each segment the schema does not know, or
 * that cannot lead on, is replaced by `nearestName` among the names allowed there: described
 * objects before the last segment, any field at the last.
 */
export function suggestPath(schema: Schema, segments: readonly string[]): string | undefined {
  let fields: Readonly<Record<string, FieldType>> = schema.fields;
  const out: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const last = i === segments.length - 1;
    const leadsOn = (name: string) => {
      const type = fields[name] as FieldType;
      return last || type.kind === "any" || (type.kind === "object" && type.fields !== null);
    };
    const typed = segments[i] as string;
    const name = usableName(typed, fields, leadsOn);
    if (name === undefined) return undefined;
    out.push(name);
    const type = fields[name] as FieldType;
    // Below an `any` field every name is known: the rest stays as typed.
    if (type.kind === "any") {
      out.push(...segments.slice(i + 1));
      break;
    }
    if (!last && type.kind === "object" && type.fields) fields = type.fields;
  }
  const path = out.join(".");
  return path === segments.join(".") ? undefined : path;
}
