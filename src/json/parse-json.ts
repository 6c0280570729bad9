// JSON.parse, with every object key as the text spells it. The V8 of Node 24 (13.6) and 26
// (14.6), not that of Node 20, builds an object's keys along the map transitions that earlier
// objects made, comparing a transition's name with the key's raw source characters cut to the
// decoded key's length (JsonParser::GetKeyChars, TransitionsAccessor::ExpectedTransition): once
// an object has had a key that is one backslash, keys spelled "\u00e9", "\n" or "\"" after the
// same keys come out as that backslash, depending on what the process parsed before
// (nodejs/node#63785). The raw characters compared include the key's first escape, a backslash,
// so a key taken wrongly always holds one: only then is the text read again, key by key.

/** JSON.parse of `text`, whose object keys are those the text spells, whatever V8 parsed before. */
export function parseJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (typeof value !== "object" || value === null || !text.includes("\\")) return value;
  return hasKeyWithBackslash(value) ? parseKeyByKey(text) : value;
}

function hasKeyWithBackslash(value: object): boolean {
  const pending: object[] = [value];
  for (let held = pending.pop(); held !== undefined; held = pending.pop()) {
    if (Array.isArray(held)) {
      for (const item of held) if (typeof item === "object" && item !== null) pending.push(item);
      continue;
    }
    for (const key of Object.keys(held)) {
      if (key.includes("\\")) return true;
      const item: unknown = (held as Record<string, unknown>)[key];
      if (typeof item === "object" && item !== null) pending.push(item);
    }
  }
  return false;
}

interface Open {
  readonly container: Record<string, unknown> | unknown[];
  /** In an object, the name of the member whose value is being read. */
  key: string;
}

/**
 * Reads a text that JSON.parse accepted as JSON.parse does, but each string and scalar alone,
 * without a stack of calls (records may nest deeper than the JavaScript stack allows).
 */
function parseKeyByKey(text: string): unknown {
  const open: Open[] = [];
  let i = 0;
  for (;;) {
    // A value starts at `i`.
    i = skipSpace(text, i);
    const c = text.charCodeAt(i);
    let value: unknown;
    if (c === 0x7b || c === 0x5b) {
      const container = c === 0x7b ? {} : [];
      i = skipSpace(text, i + 1);
      if (text.charCodeAt(i) !== (c === 0x7b ? 0x7d : 0x5d)) {
        const frame: Open = { container, key: "" };
        open.push(frame);
        if (c === 0x7b) i = readKey(text, i, frame);
        continue;
      }
      i++;
      value = container;
    } else {
      const end = c === 0x22 ? stringEnd(text, i) : scalarEnd(text, i);
      value = JSON.parse(text.slice(i, end));
      i = end;
    }
    // The value ends at `i`: it goes into the innermost open container, which it may complete.
    for (;;) {
      const frame = open.at(-1);
      if (frame === undefined) return value;
      const { container } = frame;
      if (Array.isArray(container)) container.push(value);
      else {
        // As JSON.parse: an own property even for "__proto__"; a repeated name keeps its place.
        Object.defineProperty(container, frame.key, {
          value,
          writable: true,
          enumerable: true,
          configurable: true,
        });
      }
      i = skipSpace(text, i);
      if (text.charCodeAt(i++) === 0x2c) {
        if (!Array.isArray(container)) i = readKey(text, i, frame);
        break;
      }
      open.pop();
      value = container;
    }
  }
}

/** Reads the member name at or after `i` into `frame`; returns the index after its ":". */
function readKey(text: string, i: number, frame: Open): number {
  const start = skipSpace(text, i);
  const end = stringEnd(text, start);
  frame.key = JSON.parse(text.slice(start, end)) as string;
  return skipSpace(text, end) + 1;
}

function skipSpace(text: string, i: number): number {
  while (isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The index after the string whose opening quote is at `i`. */
function stringEnd(text: string, i: number): number {
  let j = i + 1;
  for (let c = text.charCodeAt(j); c !== 0x22; c = text.charCodeAt(j)) j += c === 0x5c ? 2 : 1;
  return j + 1;
}

/** The index after the number or literal that starts at `i`. */
function scalarEnd(text: string, i: number): number {
  let j = i;
  let c = text.charCodeAt(j);
  while (j < text.length && c !== 0x2c && c !== 0x5d && c !== 0x7d && !isSpace(c)) {
    c = text.charCodeAt(++j);
  }
  return j;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}
