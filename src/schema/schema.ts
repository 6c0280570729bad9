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
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A schema shape that `defineSchema` cannot read; `path` says where in the shape. */
export class SchemaDefinitionError extends TypeError {
  override readonly name = "SchemaDefinitionError";
  readonly path: string;
  constructor(path: string, message: string) {
    super(`defineSchema: ${path ? `at "${path}": ` : ""}${message}`);
    this.path = path;
  }
}

function readType(shape: unknown, path: string): FieldType {
  if (typeof shape === "string") {
    if (SCALARS.has(shape)) return { kind: shape as ScalarTypeName };
    if (shape === "object") return { kind: "object", fields: null };
    if (shape === "array") return { kind: "array", items: null };
    throw new SchemaDefinitionError(
      path,
      `unknown type "${shape}"; expected string, integer, number, boolean, date, object or array`,
    );
  }
  if (Array.isArray(shape)) {
    if (shape.length !== 1) {
      throw new SchemaDefinitionError(
        path,
        `an array type is written with exactly one item type, as ["string"]; found ${shape.length}`,
      );
    }
    return { kind: "array", items: readType(shape[0], `${path}[]`) };
  }
  if (shape !== null && typeof shape === "object")
    return { kind: "object", fields: readFields(shape, path) };
  throw new SchemaDefinitionError(
    path,
    `expected a type name, an object or a one-element array; found ${shape === null ? "null" : typeof shape}`,
  );
}

function readFields(shape: object, path: string): Record<string, FieldType> {
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
      value: readType((shape as Record<string, unknown>)[name], where),
      enumerable: true,
    });
  }
  return fields;
}

/**
 * Checks a schema written in the notation of LANGUAGE.md 4 and returns it normalized;
 * throws `SchemaDefinitionError` naming the place of a malformed shape.
 */
export function defineSchema(shape: { readonly [field: string]: SchemaShape }): Schema {
  if (shape === null || typeof shape !== "object" || Array.isArray(shape)) {
    throw new SchemaDefinitionError("", "a schema is an object of field types");
  }
  return { kind: "object", fields: readFields(shape, "") };
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
