import { IDENTIFIER_PATTERN } from "../ast/where.ts";
import { own } from "../check/members.ts";
/** The scalar field types of LANGUAGE.md 4. */
export type ScalarTypeName = "string" | "integer" | "number" | "boolean" | "date";

/** A field's type, normalized: plain data, JSON-serializable. */
export type FieldType =
  | { readonly kind: ScalarTypeName }
  /** `fields` is null for an object whose fields are not described. */
  | { readonly kind: "object"; readonly fields: Readonly<Record<string, FieldType>> | null }
  /** `items` is null for an array whose items are not described. */
  | { readonly kind: "array"; readonly items: FieldType | null };

/** A resource's schema: an object type, as `defineSchema` returns it. */
export interface Schema {
  readonly kind: "object";
  readonly fields: Readonly<Record<string, FieldType>>;
}

/**
 * The notation of LANGUAGE.md 4: a type name, `"object"` or `"array"` for undescribed ones,
 * an object for a nested object type, or a one-element array for an array of that type.
 */
export type SchemaShape =
  | ScalarTypeName
  | "object"
  | "array"
  | { readonly [field: string]: SchemaShape }
  | readonly [SchemaShape];

const SCALARS: ReadonlySet<string> = new Set(["string", "integer", "number", "boolean", "date"]);
const IDENTIFIER = new RegExp(`^${IDENTIFIER_PATTERN}$`);

/** A schema shape that `defineSchema` cannot read; `path` says where in the shape. */
export class SchemaDefinitionError extends TypeError {
  override readonly name = "SchemaDefinitionError";
  readonly path: string;
  constructor(path: string, message: string) {
    super(`defineSchema: ${path ? `at "${path}": ` : ""}${message}`);
    this.path = path;
  }
}

/** The deepest nesting of object and array types: far past any resource, well within the stack. */
export const MAX_SCHEMA_DEPTH = 256;

// Schemas that defineSchema or readSchema made: frozen, so they need no second check.
const checked = new WeakSet<object>();

const TYPE_NAMES = "string, integer, number, boolean, date, object or array";

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
        "a field name must be an identifier [A-Za-z_][A-Za-z0-9_]* (LANGUAGE.md 1.3)",
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
 * Checks a schema written in the notation of LANGUAGE.md 4 and returns it normalized and frozen;
 * throws `SchemaDefinitionError` naming the place of a malformed shape.
 */
export function defineSchema(shape: { readonly [field: string]: SchemaShape }): Schema {
  if (shape === null || typeof shape !== "object" || Array.isArray(shape)) {
    throw new SchemaDefinitionError("", "a schema is an object of field types");
  }
  return schemaOf(readFields(shape, "", 0, readType));
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

/** Follows a path through a schema's objects (LANGUAGE.md 2.4). */
export function resolvePath(schema: Schema, segments: readonly string[]): ResolvedPath {
  let fields: Readonly<Record<string, FieldType>> | null = schema.fields;
  let type: FieldType | undefined;
  for (let i = 0; i < segments.length; i++) {
    if (type) {
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

/** The scalar type at a path of a filter already validated against the schema. */
export function scalarTypeAt(schema: Schema, segments: readonly string[]): ScalarTypeName {
  const resolved = resolvePath(schema, segments);
  if (!resolved.ok || resolved.type.kind === "object" || resolved.type.kind === "array") {
    throw new TypeError(
      `"${segments.join(".")}" is not a scalar field of the schema: validate the filter first`,
    );
  }
  return resolved.type.kind;
}
