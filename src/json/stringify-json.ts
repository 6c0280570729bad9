// JSON.stringify recurses once per level of nesting, so a value a few thousand levels deep
// overflows the stack; JSON.parse does not, so such values do come out of dumps and bodies.

type Container = Record<string, unknown> | readonly unknown[];

/** One array or object being written: its members still to come and its indentation. */
interface Frame {
  readonly value: Container;
  /** The member names of an object, or undefined for an array. */
  readonly keys: readonly string[] | undefined;
  readonly length: number;
  index: number;
  written: boolean;
  readonly indent: string;
  readonly stepback: string;
}

const isRawJson = (JSON as { isRawJSON?: (value: unknown) => boolean }).isRawJSON;

/** The gap of ECMA-262 JSON.stringify: up to 10 spaces, or the first 10 characters of a string. */
function gapOf(space: string | number | undefined): string {
  if (typeof space === "number") {
    const count = Math.min(10, Math.trunc(space));
    return count >= 1 ? " ".repeat(count) : "";
  }
  return typeof space === "string" ? space.slice(0, 10) : "";
}

/** Whether a method of a primitive's prototype accepts the value, i.e. it wraps that primitive. */
function wraps(unwrap: (this: unknown) => unknown, value: object): boolean {
  try {
    unwrap.call(value);
    return true;
  } catch {
    return false;
  }
}

/** SerializeJSONProperty's steps before its type dispatch: toJSON, then unboxing primitives. */
function prepare(value: unknown, key: string): unknown {
  let v = value;
  if ((typeof v === "object" && v !== null) || typeof v === "bigint") {
    const toJSON = (v as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") v = toJSON.call(v, key);
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return v;
  // The common case, a plain object, cheaply: a boxed primitive would show its own tag here.
  const proto = Object.getPrototypeOf(v);
  const plain = proto === Object.prototype || proto === null;
  if (plain && Object.prototype.toString.call(v) === "[object Object]") return v;
  if (wraps(Number.prototype.valueOf, v)) return Number(v);
  if (wraps(String.prototype.valueOf, v)) return String(v);
  if (wraps(Boolean.prototype.valueOf, v)) return Boolean.prototype.valueOf.call(v);
  if (wraps(BigInt.prototype.valueOf, v)) return BigInt.prototype.valueOf.call(v);
  return v;
}

/** The text of a prepared value that is not an array or object, or undefined when it has none. */
function scalarText(value: unknown): string | undefined {
  // One level only, so the native serializer gives the exact text (and BigInt's TypeError).
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  if (typeof value === "function" || typeof value === "symbol" || value === undefined) {
    return undefined;
  }
  return JSON.stringify(value);
}

function isContainer(value: unknown): value is Container {
  return typeof value === "object" && value !== null && isRawJson?.(value) !== true;
}

/**
 * JSON.stringify without a replacer, with an explicit stack instead of recursion: what
 * `stringifyJson` falls back on, exported so that tests can hold it to JSON.stringify directly.
 */
export function stringifyJsonIteratively(
  value: unknown,
  space?: string | number,
): string | undefined {
  const gap = gapOf(space);
  const top = prepare(value, "");
  if (!isContainer(top)) return scalarText(top);
  const stack: Frame[] = [];
  const open = new Set<object>();
  let out = "";
  const enter = (container: Container, indent: string) => {
    if (open.has(container)) throw new TypeError("Converting circular structure to JSON");
    open.add(container);
    const keys = Array.isArray(container) ? undefined : Object.keys(container);
    stack.push({
      value: container,
      keys,
      length: keys === undefined ? (container as readonly unknown[]).length : keys.length,
      index: 0,
      written: false,
      indent: indent + gap,
      stepback: indent,
    });
    out += keys === undefined ? "[" : "{";
  };
  enter(top, "");
  for (let frame = stack.at(-1); frame !== undefined; frame = stack.at(-1)) {
    if (frame.index === frame.length) {
      const close = frame.keys === undefined ? "]" : "}";
      out += frame.written && gap !== "" ? `\n${frame.stepback}${close}` : close;
      open.delete(frame.value);
      stack.pop();
      continue;
    }
    const index = frame.index++;
    const key = frame.keys === undefined ? String(index) : (frame.keys[index] as string);
    const member = prepare((frame.value as Record<string, unknown>)[key], key);
    const container = isContainer(member);
    const text = container ? "" : scalarText(member);
    if (text === undefined && frame.keys !== undefined) continue;
    let lead = frame.written ? "," : "";
    if (gap !== "") lead += `\n${frame.indent}`;
    if (frame.keys !== undefined) lead += `${JSON.stringify(key)}:${gap === "" ? "" : " "}`;
    frame.written = true;
    out += lead;
    if (container) enter(member, frame.indent);
    else out += text ?? "null";
  }
  return out;
}

/**
 * `JSON.stringify(value, null, space)`, byte for byte, for a value of any depth: the native
 * serializer first, and an iterative one with the same output when the native one overflows
 * the stack (`toJSON` methods then run twice). Undefined where JSON.stringify gives undefined.
 */
export function stringifyJson(value: unknown, space?: string | number): string {
  try {
    return JSON.stringify(value, null, space);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return stringifyJsonIteratively(value, space) as string;
  }
}
