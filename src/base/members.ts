/** Reads members of values from outside: own properties only, each read once. */

/** A member of an object, or undefined when it is not an own property (the prototype is never consulted). */
export function own(object: object, key: string): unknown {
  return Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}

/** Whether a value is a non-null object that is not an array. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The elements of an array, a hole read as undefined. */
export function elementsOf(array: readonly unknown[]): unknown[] {
  const length = array.length;
  const elements = new Array<unknown>(length);
  for (let i = 0; i < length; i++) elements[i] = Object.hasOwn(array, i) ? array[i] : undefined;
  return elements;
}

/**
 * Appends a member to a JSON Pointer. Only fixed member names and indices are ever appended,
 * none holding the `~` or `/` that RFC 6901 escapes, so this is a plain concatenation.
 */
export function pointerTo(pointer: string, member: string | number): string {
  return `${pointer}/${member}`;
}

/** `"a", "b" or "c"`, for messages. */
export function oneOf(values: readonly string[]): string {
  const quoted = values.map((v) => JSON.stringify(v));
  return quoted.length === 1
    ? (quoted[0] as string)
    : `one of ${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
}

/**
 * The value at a path of a record as a filter reads it (grammar/language.md 2.4): through own
 * members of objects only, null where a segment is missing, null, or reached through anything
 * that is not an object.
 */
export function valueAtPath(record: unknown, segments: readonly string[]): unknown {
  let value = record;
  for (const key of segments) value = isPlainRecord(value) ? (own(value, key) ?? null) : null;
  return value ?? null;
}
