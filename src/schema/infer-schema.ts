// A schema learnt from records (grammar/language.md 4.5), for data that comes without one: a
// dump served or filtered, where a mistyped field name must not pass for an absent one.
import { IDENTIFIER } from "../ast/where.ts";
import { SchemaDefinitionError } from "../errors/schema-definition-error.ts";
import { readDateText } from "./literals.ts";
import { type FieldType, MAX_SCHEMA_DEPTH, readSchema, type Schema } from "./schema.ts";

/** Options of `inferSchema` and `SchemaInference`. */
export interface InferSchemaOptions {
  /** Strings that all read as dates (grammar/language.md 2.5) make a `date` field; true unless set. */
  readonly dates?: boolean | undefined;
  /** The most fields the schema may hold, nested ones included; 10,000 unless set. */
  readonly maxFields?: number | undefined;
}

/** The most fields an inferred schema holds unless told otherwise: far past any resource of the API. */
export const DEFAULT_MAX_INFERRED_FIELDS = 10_000;

// What a field's values were seen to be, one bit each.
const STRING = 1;
const DATE_TEXT = 2;
const INTEGER = 4;
const FRACTION = 8;
const BOOLEAN = 16;
const DATE_OBJECT = 32;
const OBJECT = 64;
const ARRAY = 128;

/** The bit `kindsOfValue` gives a string that reads as a date: what a day literal is compared with. */
export const DATE_TEXT_KIND = DATE_TEXT;

/** The bit `kindsOfValue` gives a string that reads as no date. */
export const STRING_KIND = STRING;

/**
 * The kind of one value as a bit, as `inferSchema` sees it: a string reading as a date is a
 * date text when `dates` is on; null, absent and values no JSON holds are none (0).
 */
export function kindsOfValue(value: unknown, dates: boolean): number {
  switch (typeof value) {
    case "string":
      return dates && readDateText(value) !== undefined ? DATE_TEXT : STRING;
    case "number":
      return Number.isInteger(value) ? INTEGER : FRACTION;
    case "boolean":
      return BOOLEAN;
    case "object":
      if (value === null) return 0;
      if (value instanceof Date) return DATE_OBJECT;
      return Array.isArray(value) ? ARRAY : OBJECT;
    default:
      return 0;
  }
}

/** The type `inferSchema` gives a field whose values were seen to be of `kinds` (its bits). */
export function typeNameOfKinds(kinds: number): FieldType["kind"] {
  if (kinds === OBJECT) return "object";
  if (kinds === ARRAY) return "array";
  if (kinds === BOOLEAN) return "boolean";
  if ((kinds & ~(INTEGER | FRACTION)) === 0 && kinds !== 0) {
    return kinds === INTEGER ? "integer" : "number";
  }
  if ((kinds & ~(DATE_TEXT | DATE_OBJECT)) === 0 && kinds !== 0) return "date";
  if ((kinds & ~(STRING | DATE_TEXT)) === 0 && kinds !== 0) return "string";
  // Values of several kinds, or none but null: typed value by value, as without a schema.
  return "any";
}

/** What is known of one field (or of an array's items) from the values seen so far. */
interface Seen {
  kinds: number;
  /** Object members by name, in the order first seen. */
  fields: Map<string, Seen> | undefined;
  items: Seen | undefined;
}

const nothingSeen = (): Seen => ({ kinds: 0, fields: undefined, items: undefined });

/**
 * Learns a schema from records one at a time, for records that arrive as a stream: `add` each,
 * then `schema()`. Which type each field gets is `inferSchema`'s rule.
 */
export class SchemaInference {
  readonly #root: Seen = nothingSeen();
  readonly #dates: boolean;
  readonly #maxFields: number;
  #fieldCount = 0;

  constructor(options: InferSchemaOptions = {}) {
    const { dates = true, maxFields = DEFAULT_MAX_INFERRED_FIELDS } = options;
    if (typeof dates !== "boolean") throw new TypeError("inferSchema: dates must be a boolean");
    if (!Number.isSafeInteger(maxFields) || maxFields < 1) {
      throw new RangeError("inferSchema: maxFields must be a whole number from 1");
    }
    this.#dates = dates;
    this.#maxFields = maxFields;
  }

  /** Takes in one record; a record that is not an object adds nothing, as its fields are all null. */
  add(record: unknown): void {
    if (typeof record !== "object" || record === null || Array.isArray(record)) return;
    if (record instanceof Date) return;
    this.#members(this.#root, record, 0);
  }

  /** The schema of the records added so far. */
  schema(): Schema {
    return readSchema({ kind: "object", fields: this.#fieldsOf(this.#root, 0) });
  }

  #value(seen: Seen, value: unknown, depth: number): void {
    const kind = kindsOfValue(value, this.#dates);
    seen.kinds |= kind;
    if (kind === ARRAY) {
      // Past the deepest nesting a schema holds, an array stays undescribed.
      if (depth >= MAX_SCHEMA_DEPTH) return;
      seen.items ??= nothingSeen();
      for (const item of value as unknown[]) this.#value(seen.items, item, depth + 1);
    } else if (kind === OBJECT && depth < MAX_SCHEMA_DEPTH) {
      this.#members(seen, value as object, depth);
    }
  }

  #members(seen: Seen, object: object, depth: number): void {
    seen.fields ??= new Map();
    for (const name of Object.keys(object)) {
      // A member that is no identifier cannot be named by a filter or a selection.
      if (!IDENTIFIER.test(name)) continue;
      let field = seen.fields.get(name);
      if (!field) {
        if (++this.#fieldCount > this.#maxFields) {
          throw new SchemaDefinitionError(
            "",
            `the records hold more than ${this.#maxFields} distinct fields; raise maxFields or give a schema`,
            "inferSchema",
          );
        }
        field = nothingSeen();
        seen.fields.set(name, field);
      }
      this.#value(field, (object as Record<string, unknown>)[name], depth + 1);
    }
  }

  #fieldsOf(seen: Seen, depth: number): Record<string, FieldType> {
    const fields: Record<string, FieldType> = Object.create(null);
    for (const [name, field] of seen.fields ?? []) fields[name] = this.#typeOf(field, depth + 1);
    return fields;
  }

  #typeOf(seen: Seen, depth: number): FieldType {
    const { kinds } = seen;
    if (kinds === OBJECT) {
      return { kind: "object", fields: seen.fields ? this.#fieldsOf(seen, depth) : null };
    }
    if (kinds === ARRAY) {
      const items =
        seen.items && seen.items.kinds !== 0 ? this.#typeOf(seen.items, depth + 1) : null;
      return { kind: "array", items };
    }
    return { kind: typeNameOfKinds(kinds) } as FieldType;
  }
}

/**
 * The schema that records fit (grammar/language.md 4.5): each field typed from the values it
 * holds, objects and arrays described from their contents. Null and absent values type nothing;
 * integers with fractions make a `number`; strings that all read as dates make a `date`, and a
 * `string` as soon as one does not; a field whose values are of several kinds, or only null,
 * is `any`. Members whose names are no identifiers are left out: no filter can name them.
 * Throws `SchemaDefinitionError` past `maxFields` fields.
 */
export function inferSchema(records: Iterable<unknown>, options?: InferSchemaOptions): Schema {
  const inference = new SchemaInference(options);
  for (const record of records) inference.add(record);
  return inference.schema();
}
