// JSON Schema and qaql's schemas, both directions in one file (over 500 lines): the reading of
// each type (`mapType`, `mapFields`) and its writing (`fieldToJsonSchema`) stay side by side, so
// that a change to one is made in sight of the other.
import { IDENTIFIER } from "../ast/where.ts";
import { elementsOf, isPlainRecord, own } from "../base/members.ts";
import { describeFound, InvalidOptionError } from "../errors/invalid-input.ts";
import { JsonSchemaMappingError } from "../errors/json-schema-mapping-error.ts";
import type { ShapeOfJsonSchemaAt } from "./json-schema-shape-type.ts";
import { type FieldType, MAX_SCHEMA_DEPTH, readSchema, type Schema } from "./schema.ts";

// Both directions between qaql schemas (grammar/language.md 4) and JSON Schema draft 2020-12.

/** The dialect `schemaToJsonSchema` writes, named in its `$schema`. */
export const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

// The texts a date field holds (grammar/language.md 2.5), written as a regular expression that
// needs no format plugin: a real day of years 0001-9999, then optionally a time with an offset or
// without one. `readDateText` reads exactly these texts; a test holds the two together.
const YEAR = "(?:[0-9]{3}[1-9]|[0-9]{2}[1-9]0|[0-9][1-9]00|[1-9]000)";
const LEAP_YEAR =
  "(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)";
const MONTH_DAY =
  "(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)";
const TIME =
  "[Tt ](?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:\\.[0-9]{1,6})?)?(?:[Zz]|[+-](?:0[0-9]|1[0-4]):?[0-5][0-9])?";

/** The `pattern` of a `date` field's JSON Schema: `yyyy-MM-dd`, or a date-time (grammar/language.md 2.5). */
export const DATE_JSON_PATTERN =
  `^(?:${YEAR}-${MONTH_DAY}|${LEAP_YEAR}-02-29)(?:${TIME})?$` as const;

/** The JSON Schema types `schemaToJsonSchema` writes for a scalar field other than `date` and `any`. */
type ScalarJsonType = "string" | "integer" | "number" | "boolean";

/**
 * The JSON Schema `schemaToJsonSchema` writes for one field type: every type admits null, as a
 * missing or null field is null (grammar/language.md 2.4); `{}` for `any`.
 */
export type FieldJsonSchema =
  | Record<string, never>
  | { type: [ScalarJsonType, "null"] }
  | { type: ["string", "null"]; pattern: typeof DATE_JSON_PATTERN }
  | { type: ["object", "null"]; properties?: Record<string, FieldJsonSchema> }
  | { type: ["array", "null"]; items?: FieldJsonSchema };

/** The JSON Schema `schemaToJsonSchema` writes for a resource: plain JSON, a fresh object each call. */
export interface ResourceJsonSchema {
  $schema: typeof JSON_SCHEMA_DIALECT;
  type: "object";
  properties: Record<string, FieldJsonSchema>;
}

/** Options of `schemaFromJsonSchema`. */
export interface SchemaFromJsonSchemaOptions {
  /**
   * The JSON Pointer of the resource's schema inside the document given, such as
   * `/components/schemas/Project` in an OpenAPI document; `""`, the document itself, unless set.
   * `$ref`s resolve against the whole document either way.
   */
  readonly pointer?: string;
}

/**
 * How many subschemas one mapping may visit, `$ref` hops and `anyOf` wrappers included: far past
 * any resource, and a bound on the work when `$ref`s reuse a definition exponentially often.
 */
export const MAX_JSON_SCHEMA_STEPS = 100_000;

const TYPE_NAMES: ReadonlySet<string> = new Set([
  "string",
  "integer",
  "number",
  "boolean",
  "object",
  "array",
  "null",
]);
// Keywords that change what a value may be in ways one qaql type cannot say.
const UNSUPPORTED = [
  "not",
  "if",
  "dependentSchemas",
  "prefixItems",
  "$dynamicRef",
  "$recursiveRef",
];
// Keywords that say which type a subschema is, beside a `$ref` or a combinator that also does.
const OWN_TYPE_KEYWORDS = ["type", "properties", "items", "enum", "const"];
// A subschema with none of these only constrains values (`required`, `minimum`, `description` …).
const TYPE_BEARING = [
  ...OWN_TYPE_KEYWORDS,
  ...UNSUPPORTED,
  "$ref",
  "allOf",
  "anyOf",
  "oneOf",
  "additionalProperties",
  "patternProperties",
];
const WRAPPERS = ["$ref", "allOf", "anyOf", "oneOf"] as const;
type Wrapper = (typeof WRAPPERS)[number];

/** Escapes a member name for a JSON Pointer (RFC 6901). */
function escapeSegment(name: string): string {
  return name.replaceAll("~", "~0").replaceAll("/", "~1");
}

function fail(pointer: string, keyword: string, message: string): never {
  throw new JsonSchemaMappingError(pointer, keyword, message);
}

// Keywords that only annotate: a subschema of these alone accepts every value.
const ANNOTATIONS: ReadonlySet<string> = new Set([
  "title",
  "description",
  "$comment",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

/**
 * Whether a subschema accepts every value, so that its field is `any`: `true`, `{}`, or
 * annotations alone. A subschema with constraints but no type (`{ "minimum": 1 }`) is not one.
 */
function acceptsAnything(schema: unknown): boolean {
  if (schema === true) return true;
  return isPlainRecord(schema) && Object.keys(schema).every((keyword) => ANNOTATIONS.has(keyword));
}

/** Whether a subschema says nothing of a value's type: a boolean, or no type-bearing keyword. */
function constrainsOnly(schema: unknown): boolean {
  if (typeof schema === "boolean") return true;
  return isPlainRecord(schema) && !TYPE_BEARING.some((keyword) => Object.hasOwn(schema, keyword));
}

/** Whether an `anyOf`/`oneOf` branch admits only null: `{ "type": "null" }` or `["null"]`. */
function isNullBranch(schema: unknown): boolean {
  if (!isPlainRecord(schema)) return false;
  const type = own(schema, "type");
  if (type === "null") return true;
  return Array.isArray(type) && type.length > 0 && elementsOf(type).every((t) => t === "null");
}

interface Walk {
  readonly document: unknown;
  steps: number;
  /** The subschemas being mapped, from the resource down: one met again is a cycle. */
  readonly path: Set<object>;
}

interface Located {
  readonly schema: unknown;
  readonly pointer: string;
}

/** Follows a JSON Pointer (already unescaped into segments) from the document, own members only. */
function follow(document: unknown, segments: readonly string[]): unknown {
  let current = document;
  for (const segment of segments) {
    if (Array.isArray(current)) {
      if (!/^(?:0|[1-9][0-9]*)$/.test(segment) || !Object.hasOwn(current, segment))
        return undefined;
      current = current[Number(segment)];
    } else if (isPlainRecord(current) && Object.hasOwn(current, segment)) {
      current = current[segment];
    } else {
      return undefined;
    }
  }
  return current;
}

/** The segments of a JSON Pointer, unescaped; undefined when it is malformed. */
function splitPointer(pointer: string): string[] | undefined {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) return undefined;
  const segments = pointer.slice(1).split("/");
  if (segments.some((segment) => /~(?![01])/.test(segment))) return undefined;
  return segments.map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
}

function resolveRef(walk: Walk, ref: unknown, pointer: string): Located {
  if (typeof ref !== "string") {
    fail(pointer, "$ref", `a $ref is a string; found ${describeFound(ref)}`);
  }
  if (!ref.startsWith("#")) {
    fail(
      pointer,
      "$ref",
      `${describeFound(ref)} refers outside this document; only local references (#/$defs/…) are followed`,
    );
  }
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    fail(pointer, "$ref", `${describeFound(ref)} is not a well-formed URI fragment`);
  }
  const segments = splitPointer(fragment);
  if (segments === undefined) {
    fail(
      pointer,
      "$ref",
      `${describeFound(ref)} is no JSON Pointer; anchors are not followed, refer by pointer (#/$defs/…)`,
    );
  }
  const schema = follow(walk.document, segments);
  if (schema === undefined) {
    fail(pointer, "$ref", `${describeFound(ref)} points at nothing in this document`);
  }
  return { schema, pointer: segments.map((s) => `/${escapeSegment(s)}`).join("") };
}

/** The `$ref`, `allOf`, `anyOf` or `oneOf` that stands for this subschema's type, if any. */
function readWrapper(walk: Walk, schema: Record<string, unknown>, pointer: string) {
  let found: { keyword: Wrapper; target: Located } | undefined;
  for (const keyword of WRAPPERS) {
    if (!Object.hasOwn(schema, keyword)) continue;
    const value = schema[keyword];
    let target: Located;
    if (keyword === "$ref") {
      target = resolveRef(walk, value, pointer);
    } else {
      if (!Array.isArray(value) || value.length === 0) {
        fail(
          pointer,
          keyword,
          `${keyword} is a non-empty array of schemas; found ${describeFound(value)}`,
        );
      }
      const branches = elementsOf(value);
      // A combinator of constraints only (`anyOf: [{ required: [a] }, { required: [b] }]`) says no type.
      if (branches.every(constrainsOnly)) continue;
      const real = branches.flatMap((branch, index) =>
        keyword !== "allOf" && isNullBranch(branch) ? [] : [index],
      );
      if (real.length === 0) fail(pointer, keyword, `every branch of ${keyword} admits only null`);
      if (real.length > 1) {
        const what = keyword === "allOf" ? "schemas" : "alternatives besides null";
        fail(
          pointer,
          keyword,
          `${keyword} has ${real.length} ${what}; a qaql field has exactly one type`,
        );
      }
      const index = real[0] as number;
      target = { schema: branches[index], pointer: `${pointer}/${keyword}/${index}` };
    }
    if (found) {
      fail(pointer, keyword, `${found.keyword} and ${keyword} together: give the type one way`);
    }
    found = { keyword, target };
  }
  if (found) {
    for (const keyword of OWN_TYPE_KEYWORDS) {
      if (Object.hasOwn(schema, keyword)) {
        fail(pointer, keyword, `${keyword} beside ${found.keyword}: give the type one way`);
      }
    }
  }
  return found;
}

function countStep(walk: Walk, pointer: string): void {
  walk.steps++;
  if (walk.steps > MAX_JSON_SCHEMA_STEPS) {
    fail(
      pointer,
      "",
      `the schema takes more than ${MAX_JSON_SCHEMA_STEPS} subschemas to map, $refs followed`,
    );
  }
}

/** Maps a subschema, after its `$ref`s and nullable wrappers, to a field type at `depth`. */
function mapType(walk: Walk, start: unknown, startPointer: string, depth: number): FieldType {
  let schema = start;
  let pointer = startPointer;
  const entered: object[] = [];
  try {
    for (;;) {
      countStep(walk, pointer);
      // A schema that accepts every value, as a field of values of several kinds does.
      if (acceptsAnything(schema)) return { kind: "any" };
      if (schema === false) fail(pointer, "", "the schema false admits no value");
      if (!isPlainRecord(schema)) {
        fail(
          pointer,
          "",
          `expected a schema, an object or a boolean; found ${describeFound(schema)}`,
        );
      }
      // Only a value built in code, not JSON, can hold itself without a $ref.
      if (walk.path.has(schema)) fail(pointer, "", "the schema contains itself");
      walk.path.add(schema);
      entered.push(schema);
      checkUnsupported(walk, schema, pointer);
      const wrapper = readWrapper(walk, schema, pointer);
      if (!wrapper) return mapOwnType(walk, schema, pointer, depth);
      const next = wrapper.target.schema;
      if (wrapper.keyword === "$ref" && typeof next === "object" && walk.path.has(next as object)) {
        fail(
          pointer,
          "$ref",
          `this $ref closes a cycle: ${wrapper.target.pointer || "(root)"} contains it`,
        );
      }
      schema = next;
      pointer = wrapper.target.pointer;
    }
  } finally {
    for (const schema of entered) walk.path.delete(schema);
  }
}

function checkUnsupported(walk: Walk, schema: Record<string, unknown>, pointer: string): void {
  for (const keyword of UNSUPPORTED) {
    if (Object.hasOwn(schema, keyword)) {
      fail(pointer, keyword, `${keyword} is not mapped: a qaql field has one plain type`);
    }
  }
  if (schema !== walk.document && Object.hasOwn(schema, "$id")) {
    fail(pointer, "$id", "an embedded $id changes what $refs inside it mean; it is not followed");
  }
}

/** The one non-null type a subschema names, or infers from its keywords when it has no `type`. */
function typeNameOf(schema: Record<string, unknown>, pointer: string): string {
  const type = own(schema, "type");
  if (type === undefined) return inferTypeName(schema, pointer);
  const names = typeof type === "string" ? [type] : Array.isArray(type) ? elementsOf(type) : [type];
  const distinct = new Set<string>();
  for (const name of names) {
    if (typeof name !== "string" || !TYPE_NAMES.has(name)) {
      fail(
        pointer,
        "type",
        `${describeFound(name)} is no JSON Schema type; expected string, integer, number, boolean, object, array or null`,
      );
    }
    if (name !== "null") distinct.add(name);
  }
  if (distinct.size === 0) fail(pointer, "type", "the type admits only null");
  if (distinct.size > 1) {
    fail(
      pointer,
      "type",
      `the type lists ${[...distinct].join(", ")}; a qaql field has exactly one type`,
    );
  }
  return [...distinct][0] as string;
}

function inferTypeName(schema: Record<string, unknown>, pointer: string): string {
  const inferred = new Set<string>();
  if (
    Object.hasOwn(schema, "properties") ||
    Object.hasOwn(schema, "patternProperties") ||
    (Object.hasOwn(schema, "additionalProperties") && !constrainsOnly(schema.additionalProperties))
  ) {
    inferred.add("object");
  }
  if (Object.hasOwn(schema, "items")) inferred.add("array");
  for (const keyword of ["enum", "const"] as const) {
    if (!Object.hasOwn(schema, keyword)) continue;
    const value = schema[keyword];
    if (keyword === "enum" && !Array.isArray(value)) {
      fail(pointer, "enum", `an enum is an array; found ${describeFound(value)}`);
    }
    const values = keyword === "enum" ? elementsOf(value as unknown[]) : [value];
    const kinds = new Set(values.filter((v) => v !== null).map(valueTypeName));
    if (kinds.size === 0) fail(pointer, keyword, `the ${keyword} admits only null`);
    // Integers among fractions are numbers: [1, 2.5] is a number's enum.
    if (kinds.has("number")) kinds.delete("integer");
    if (kinds.size > 1 || kinds.has("other")) {
      fail(
        pointer,
        keyword,
        `the ${keyword} holds values of several types, or objects; give a type`,
      );
    }
    inferred.add([...kinds][0] as string);
  }
  if (inferred.size === 0) {
    fail(
      pointer,
      "type",
      "the schema says nothing of the type: no type, properties, items, enum or const",
    );
  }
  if (inferred.size > 1) {
    fail(
      pointer,
      "type",
      `no type, and the keywords suggest ${[...inferred].join(" and ")}; give a type`,
    );
  }
  return [...inferred][0] as string;
}

function valueTypeName(value: unknown): string {
  if (typeof value === "string") return "string";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return "other";
}

function mapOwnType(
  walk: Walk,
  schema: Record<string, unknown>,
  pointer: string,
  depth: number,
): FieldType {
  const name = typeNameOf(schema, pointer);
  switch (name) {
    case "string": {
      const format = own(schema, "format");
      if (format !== undefined && typeof format !== "string") {
        fail(pointer, "format", `a format is a string; found ${describeFound(format)}`);
      }
      // The pattern `schemaToJsonSchema` writes for dates reads back as one.
      const date =
        format === "date" || format === "date-time" || own(schema, "pattern") === DATE_JSON_PATTERN;
      return { kind: date ? "date" : "string" };
    }
    case "integer":
    case "number":
    case "boolean":
      return { kind: name };
    case "object":
      return { kind: "object", fields: mapFields(walk, schema, pointer, depth) };
    default:
      return { kind: "array", items: mapItems(walk, schema, pointer, depth) };
  }
}

function checkNesting(pointer: string, keyword: string, depth: number): void {
  if (depth + 1 > MAX_SCHEMA_DEPTH) {
    fail(pointer, keyword, `types nest deeper than ${MAX_SCHEMA_DEPTH} levels`);
  }
}

function mapFields(
  walk: Walk,
  schema: Record<string, unknown>,
  pointer: string,
  depth: number,
): Record<string, FieldType> | null {
  const properties = own(schema, "properties");
  if (properties === undefined) {
    // Fields described only by pattern or for any name: qaql needs each field's name.
    for (const keyword of ["patternProperties", "additionalProperties", "unevaluatedProperties"]) {
      if (!Object.hasOwn(schema, keyword)) continue;
      const value = schema[keyword];
      // patternProperties maps patterns to schemas; the other two are a schema each.
      const describes =
        keyword === "patternProperties"
          ? !isPlainRecord(value) || Object.keys(value).length > 0
          : !constrainsOnly(value);
      if (describes) {
        fail(
          pointer,
          keyword,
          `fields described by ${keyword} alone have no names; list them in properties`,
        );
      }
    }
    return null;
  }
  if (!isPlainRecord(properties)) {
    fail(
      pointer,
      "properties",
      `properties is an object of schemas; found ${describeFound(properties)}`,
    );
  }
  checkNesting(pointer, "properties", depth);
  // Null prototype: a field named "constructor" or "__proto__" is a field like any other.
  const fields: Record<string, FieldType> = Object.create(null);
  for (const name of Object.keys(properties)) {
    const at = `${pointer}/properties/${escapeSegment(name)}`;
    if (!IDENTIFIER.test(name)) {
      fail(
        at,
        "properties",
        `${describeFound(name)} is no field name: an identifier [A-Za-z_][A-Za-z0-9_]* (grammar/language.md 1.3)`,
      );
    }
    Object.defineProperty(fields, name, {
      value: mapType(walk, properties[name], at, depth + 1),
      enumerable: true,
    });
  }
  return fields;
}

function mapItems(
  walk: Walk,
  schema: Record<string, unknown>,
  pointer: string,
  depth: number,
): FieldType | null {
  const items = own(schema, "items");
  // Items that accept anything are `any` (so that `any` items map back); no items, `false`
  // (only empty arrays) or constraints alone describe nothing.
  if (items === undefined || (constrainsOnly(items) && !acceptsAnything(items))) return null;
  if (Array.isArray(items)) {
    fail(pointer, "items", "an array of item schemas is the tuple form of drafts before 2020-12");
  }
  checkNesting(pointer, "items", depth);
  return mapType(walk, items, `${pointer}/items`, depth + 1);
}

/**
 * Builds a qaql schema from a resource's JSON Schema (draft 2020-12, as in OpenAPI 3.1
 * components), following local `$ref`s; a field whose schema accepts every value (`{}`, `true`)
 * is `any`. Throws `JsonSchemaMappingError` naming the JSON Pointer and keyword of the first
 * subschema that does not map. A JSON Schema written out as a literal (and a literal `pointer`)
 * types the schema's shape, for `Infer`, wherever `ShapeOfJsonSchema` can follow it; any other
 * argument gives the untyped `Schema`.
 */
export function schemaFromJsonSchema<
  const J,
  const O extends SchemaFromJsonSchemaOptions = Record<never, never>,
>(jsonSchema: J, options?: O): Schema<ShapeOfJsonSchemaAt<J, O>>;
/** Builds a qaql schema from a resource's JSON Schema, of a shape the compiler does not know. */
export function schemaFromJsonSchema(
  jsonSchema: unknown,
  options?: SchemaFromJsonSchemaOptions,
): Schema;
export function schemaFromJsonSchema(
  jsonSchema: unknown,
  options: SchemaFromJsonSchemaOptions = {},
): Schema {
  if (!isPlainRecord(options)) {
    throw new InvalidOptionError("schemaFromJsonSchema", "", "the options are an object");
  }
  const given = own(options, "pointer");
  const at = given === undefined ? "" : given;
  const segments = typeof at === "string" ? splitPointer(at) : undefined;
  if (segments === undefined) {
    throw new InvalidOptionError(
      "schemaFromJsonSchema",
      "pointer",
      `expected a JSON Pointer such as "/components/schemas/Project"; found ${describeFound(at)}`,
    );
  }
  const resource = follow(jsonSchema, segments);
  if (resource === undefined) {
    throw new InvalidOptionError(
      "schemaFromJsonSchema",
      "pointer",
      `${describeFound(at)} points at nothing in the document`,
    );
  }
  const pointer = at as string;
  const walk: Walk = { document: jsonSchema, steps: 0, path: new Set() };
  const type = mapType(walk, resource, pointer, 0);
  if (type.kind !== "object" || type.fields === null) {
    fail(
      pointer,
      type.kind === "object" ? "properties" : "type",
      `a resource's schema is an object with properties; this one is ${type.kind === "object" ? "an object without properties" : `of type ${type.kind}`}`,
    );
  }
  return readSchema(type);
}

function fieldToJsonSchema(type: FieldType): FieldJsonSchema {
  switch (type.kind) {
    case "any":
      // The empty schema: every value, null included, as an `any` field holds.
      return {};
    case "date":
      return { type: ["string", "null"], pattern: DATE_JSON_PATTERN };
    case "object":
      return type.fields === null
        ? { type: ["object", "null"] }
        : { type: ["object", "null"], properties: propertiesOf(type.fields) };
    case "array":
      return type.items === null
        ? { type: ["array", "null"] }
        : { type: ["array", "null"], items: fieldToJsonSchema(type.items) };
    default:
      return { type: [type.kind, "null"] };
  }
}

function propertiesOf(
  fields: Readonly<Record<string, FieldType>>,
): Record<string, FieldJsonSchema> {
  const properties: Record<string, FieldJsonSchema> = {};
  for (const name of Object.keys(fields)) {
    // defineProperty: a field named "__proto__" becomes a member, not the prototype.
    Object.defineProperty(properties, name, {
      value: fieldToJsonSchema(fields[name] as FieldType),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return properties;
}

/**
 * Writes a qaql schema as a JSON Schema (draft 2020-12) of the resource: each field admits null
 * (`{ "type": ["string", "null"] }`), `date` fields are texts of `DATE_JSON_PATTERN`, `any`
 * fields `{}`; undescribed objects and arrays carry no `properties` or `items`, and members the
 * schema does not name are left open.
 */
export function schemaToJsonSchema(schema: Schema): ResourceJsonSchema {
  const checked = readSchema(schema);
  return {
    $schema: JSON_SCHEMA_DIALECT,
    type: "object",
    properties: propertiesOf(checked.fields),
  };
}
