import fc from "fast-check";
import type { FieldType, Schema } from "../schema/schema.ts";
import { stringValue } from "./awkward-strings.ts";
import { DATE_REPRESENTATIONS, type DateRepresentation, dateValue } from "./dates.ts";
import { NAMES } from "./names.ts";

/** Options of `recordArbitrary`. */
export interface RecordArbitraryOptions {
  /**
   * `true` (the default): every value fits its field's type, is null or is missing. `false`:
   * also off-schema data, as a filter must survive it: values of other types, an array or a
   * scalar where an object belongs, an object or a scalar where an array belongs, and texts
   * that are no date.
   */
  readonly strict?: boolean;
  /**
   * How date values are held: yyyy-MM-dd texts, date-time texts, epoch milliseconds, `Date`s; all
   * unless set.
   */
  readonly dates?: readonly DateRepresentation[];
}

/** Options of `recordsArbitrary`: those of `recordArbitrary` and the array's length. */
export interface RecordsArbitraryOptions extends RecordArbitraryOptions {
  /** The fewest records; 0 unless set. */
  readonly minLength?: number;
  /** The most records; 12 unless set. */
  readonly maxLength?: number;
}

/** Doubles on both sides of the number literals, one ulp away, and the odd zeros. */
const TRICKY_NUMBERS = [
  -1.5, 0, -0, 1, 2, 2.5, 10, 2.5000000000000004, 2.4999999999999996, 1.0000000000000002,
  0.9999999999999999, 9.999999999999998, 10.000000000000002, -1.5000000000000002,
  -1.4999999999999998, 5e-324, -5e-324, 1e15, -1e15,
];

const integerValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(-1, 0, 1, 2, 10) },
  { weight: 3, arbitrary: fc.integer({ min: -5, max: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER) },
);

const numberValue = fc.oneof(
  fc.constantFrom(...TRICKY_NUMBERS),
  fc.double({ min: -20, max: 20, noNaN: true }),
);

const wrongType = fc.constantFrom<unknown>("x", 3, true, [1], { a: 1 }, "2024-13-01");

/** Scalars where an object or array belongs, falsy ones too: each is a value for IS NULL (2.4). */
const scalarNoise = fc.constantFrom<unknown>(0, 5, false, true, "", "x");

const jsonDepth = fc.createDepthIdentifier();
const bounded = { maxDepth: 3, depthSize: "small", depthIdentifier: jsonDepth } as const;

/** JSON-like values over NAMES: nested objects, arrays of mixed elements, nulls. */
const json = fc.letrec<{ object: Record<string, unknown>; value: unknown }>((tie) => ({
  object: fc.dictionary(fc.constantFrom(...NAMES), tie("value"), { maxKeys: 5 }),
  // Depth-bounded on every recursive path (arrays included), so no run can grow without end.
  value: fc.oneof(
    bounded,
    fc.oneof(fc.integer(), fc.string({ maxLength: 3 }), fc.constant(null), fc.boolean()),
    tie("object"),
    fc.array(fc.oneof(bounded, fc.integer(), fc.constant(null), tie("object")), { maxLength: 3 }),
  ),
}));

const MISSING = Symbol("missing");

/**
 * Objects with some of the given fields, built so that any name (`__proto__` too) is an own key.
 */
function objectOf(
  fields: Readonly<Record<string, FieldType>>,
  value: (type: FieldType) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(fields);
  const entries = names.map((name) =>
    fc.option(value(fields[name] as FieldType), { nil: MISSING, freq: 5 }),
  );
  return fc.tuple(...entries).map((values) => {
    const out: Record<string, unknown> = {};
    values.forEach((v, i) => {
      if (v === MISSING) return;
      Object.defineProperty(out, names[i] as string, {
        value: v,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    });
    return out;
  });
}

/**
 * The value of a field of a type: fitting (a scalar sometimes null), and off-schema noise unless
 * strict.
 */
function fieldValue(
  type: FieldType,
  strict: boolean,
  dates: readonly DateRepresentation[],
): fc.Arbitrary<unknown> {
  const inner = (t: FieldType) => fieldValue(t, strict, dates);
  const withNoise = (fitting: fc.Arbitrary<unknown>, noise: fc.Arbitrary<unknown>[]) =>
    fc.oneof(
      { weight: 6, arbitrary: fitting },
      { weight: 1, arbitrary: fc.constant(null) },
      ...(strict ? [] : noise.map((arbitrary) => ({ weight: 1, arbitrary }))),
    );
  switch (type.kind) {
    case "string":
      return withNoise(stringValue, [wrongType]);
    case "integer":
      return withNoise(integerValue, [wrongType]);
    case "number":
      return withNoise(numberValue, [wrongType]);
    case "boolean":
      return withNoise(fc.boolean(), [wrongType]);
    case "date":
      return withNoise(dateValue(dates, !strict), [wrongType]);
    case "any":
      // Values of every kind, as such a field holds (grammar/language.md 4.1): none is off-schema.
      return fc.oneof(
        { weight: 2, arbitrary: stringValue },
        { weight: 2, arbitrary: fc.oneof(integerValue, numberValue) },
        { weight: 1, arbitrary: fc.boolean() },
        { weight: 2, arbitrary: dateValue(dates, true) },
        { weight: 1, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: json.object },
        { weight: 1, arbitrary: fc.array(json.value, { maxLength: 2 }) },
      );
    case "object": {
      if (type.fields === null) return withNoise(json.object, [json.value, scalarNoise]);
      const object = objectOf(type.fields, inner);
      return withNoise(object, [object.map((o) => [o]), fc.constant("FOLDER"), scalarNoise]);
    }
    case "array": {
      const item = type.items === null ? json.value : itemOf(type.items, strict, dates);
      const array = fc.array(item, { maxLength: 2 });
      return withNoise(array, [
        item,
        fc.array(fc.oneof(item, fc.constant(null), wrongType), { maxLength: 2 }),
        scalarNoise,
      ]);
    }
  }
}

/** An item of an array field: an object of its fields, or a fitting scalar, never null. */
function itemOf(
  type: FieldType,
  strict: boolean,
  dates: readonly DateRepresentation[],
): fc.Arbitrary<unknown> {
  if (type.kind === "object" && type.fields !== null)
    return objectOf(type.fields, (t) => fieldValue(t, strict, dates));
  return fieldValue(type, strict, dates).filter((v) => v !== null);
}

/**
 * Records of a schema, any field missing or null, with awkward strings, numbers one ulp from
 * the literals and dates around midnights in TIME_ZONES (see `RecordArbitraryOptions`), or
 * without one, JSON-like records over the few names `fieldsArbitrary()` uses.
 */
export function recordArbitrary(
  schema?: Schema,
  options: RecordArbitraryOptions = {},
): fc.Arbitrary<Record<string, unknown>> {
  if (!schema) return json.object;
  const strict = options.strict ?? true;
  const dates = options.dates ?? DATE_REPRESENTATIONS;
  if (dates.length === 0)
    throw new RangeError("recordArbitrary: give at least one date representation");
  return objectOf(schema.fields, (type) => fieldValue(type, strict, dates));
}

/** Arrays of records of `recordArbitrary(schema, options)`, 0 to 12 of them unless set. */
export function recordsArbitrary(
  schema?: Schema,
  options: RecordsArbitraryOptions = {},
): fc.Arbitrary<Record<string, unknown>[]> {
  const { minLength = 0, maxLength = 12, ...recordOptions } = options;
  return fc.array(recordArbitrary(schema, recordOptions), { minLength, maxLength });
}
