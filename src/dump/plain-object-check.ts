// Whether a record's bytes are a JSON object JSON.parse accepts, checked without building it:
// what lets the reader leave a record unparsed (its raw filter failed) and still report every
// malformed one. Bytes that are not UTF-8 fail, and the record is then parsed to find the error
// as before. One tight loop with an explicit stack: records may nest deep.

const OBJECT = 1;
const ARRAY = 2;

// What the next significant byte may be.
const VALUE = 0;
const OBJECT_FIRST = 1;
const KEY = 2;
const COLON = 3;
const AFTER = 4;
const ARRAY_FIRST = 5;

let stack = new Uint8Array(64);

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

// Bytes a string holds as they are: printable ASCII but `"` and `\`; and, in bytes known to be
// UTF-8 already, every byte of a multi-byte character.
const PLAIN = new Uint8Array(256);
for (let c = 0x20; c < 0x80; c++) PLAIN[c] = c === 0x22 || c === 0x5c ? 0 : 1;
const PLAIN_OR_UTF8 = PLAIN.map((plain, c) => (c >= 0x80 ? 1 : plain));

/** The index after the string whose opening quote is at `i`, or -1 when it is not one we accept. */
function stringEnd(bytes: Uint8Array, i: number, end: number, plain: Uint8Array): number {
  for (let j = i + 1; j < end; ) {
    while (plain[bytes[j] as number] === 1) j++;
    const c = bytes[j] as number;
    if (c === 0x22) return j < end ? j + 1 : -1;
    if (c < 0x80) {
      if (c !== 0x5c) return -1;
      const e = bytes[j + 1];
      if (e === 0x75) {
        for (let k = j + 2; k < j + 6; k++) if (!isHex(bytes[k] ?? 0)) return -1;
        j += 6;
      } else if (
        e === 0x22 ||
        e === 0x5c ||
        e === 0x2f ||
        e === 0x62 ||
        e === 0x66 ||
        e === 0x6e ||
        e === 0x72 ||
        e === 0x74
      ) {
        j += 2;
      } else return -1;
      continue;
    }
    // UTF-8 (RFC 3629): no overlong form, no surrogate, nothing past U+10FFFF.
    const c1 = bytes[j + 1] ?? 0;
    if (c >= 0xc2 && c <= 0xdf) {
      if ((c1 & 0xc0) !== 0x80) return -1;
      j += 2;
    } else if (c >= 0xe0 && c <= 0xef) {
      const low = c === 0xe0 ? 0xa0 : 0x80;
      const high = c === 0xed ? 0x9f : 0xbf;
      if (c1 < low || c1 > high || ((bytes[j + 2] ?? 0) & 0xc0) !== 0x80) return -1;
      j += 3;
    } else if (c >= 0xf0 && c <= 0xf4) {
      const low = c === 0xf0 ? 0x90 : 0x80;
      const high = c === 0xf4 ? 0x8f : 0xbf;
      if (c1 < low || c1 > high) return -1;
      if (((bytes[j + 2] ?? 0) & 0xc0) !== 0x80 || ((bytes[j + 3] ?? 0) & 0xc0) !== 0x80) return -1;
      j += 4;
    } else return -1;
  }
  return -1;
}

/** The index after the number at `i` (RFC 8259), or -1. */
function numberEnd(bytes: Uint8Array, i: number, end: number): number {
  let j = i;
  if (bytes[j] === 0x2d) j++;
  if (bytes[j] === 0x30) j++;
  else if (j < end && isDigit(bytes[j] as number))
    while (j < end && isDigit(bytes[j] as number)) j++;
  else return -1;
  if (bytes[j] === 0x2e) {
    j++;
    if (!(j < end && isDigit(bytes[j] as number))) return -1;
    while (j < end && isDigit(bytes[j] as number)) j++;
  }
  if (bytes[j] === 0x65 || bytes[j] === 0x45) {
    j++;
    if (bytes[j] === 0x2b || bytes[j] === 0x2d) j++;
    if (!(j < end && isDigit(bytes[j] as number))) return -1;
    while (j < end && isDigit(bytes[j] as number)) j++;
  }
  return j;
}

function literalEnd(bytes: Uint8Array, i: number, end: number, literal: string): number {
  if (i + literal.length > end) return -1;
  for (let k = 0; k < literal.length; k++) {
    if (bytes[i + k] !== literal.charCodeAt(k)) return -1;
  }
  return i + literal.length;
}

/**
 * Whether `bytes[start, end)` is exactly one JSON object JSON.parse accepts, white space around
 * it allowed, and UTF-8 (a fatal decoder's condition); `utf8Known` when the caller has checked
 * the UTF-8 already.
 */
export function isPlainJsonObject(
  bytes: Uint8Array,
  start: number,
  end: number,
  utf8Known = false,
): boolean {
  const plain = utf8Known ? PLAIN_OR_UTF8 : PLAIN;
  let i = start;
  while (i < end && isSpace(bytes[i] as number)) i++;
  if (bytes[i] !== 0x7b || i >= end) return false;
  let depth = 0;
  let state = VALUE;
  while (i < end) {
    const c = bytes[i] as number;
    if (isSpace(c)) {
      i++;
      continue;
    }
    switch (state) {
      case VALUE:
      case ARRAY_FIRST:
        if (c === 0x7b || c === 0x5b) {
          if (depth === stack.length) {
            const grown = new Uint8Array(stack.length * 2);
            grown.set(stack);
            stack = grown;
          }
          stack[depth++] = c === 0x7b ? OBJECT : ARRAY;
          state = c === 0x7b ? OBJECT_FIRST : ARRAY_FIRST;
          i++;
          continue;
        }
        if (c === 0x5d && state === ARRAY_FIRST) {
          depth--;
          i++;
          state = AFTER;
          break;
        }
        if (c === 0x22) i = stringEnd(bytes, i, end, plain);
        else if (c === 0x2d || isDigit(c)) i = numberEnd(bytes, i, end);
        else if (c === 0x74) i = literalEnd(bytes, i, end, "true");
        else if (c === 0x66) i = literalEnd(bytes, i, end, "false");
        else if (c === 0x6e) i = literalEnd(bytes, i, end, "null");
        else return false;
        if (i === -1) return false;
        state = AFTER;
        break;
      case OBJECT_FIRST:
      case KEY:
        if (c === 0x22) {
          i = stringEnd(bytes, i, end, plain);
          if (i === -1) return false;
          state = COLON;
          continue;
        }
        if (c === 0x7d && state === OBJECT_FIRST) {
          depth--;
          i++;
          state = AFTER;
          break;
        }
        return false;
      case COLON:
        if (c !== 0x3a) return false;
        i++;
        state = VALUE;
        continue;
      default: {
        // AFTER a value: "," or the container's end.
        const container = stack[depth - 1];
        if (c === 0x2c) {
          i++;
          state = container === OBJECT ? KEY : VALUE;
          continue;
        }
        if (c !== (container === OBJECT ? 0x7d : 0x5d)) return false;
        depth--;
        i++;
        break;
      }
    }
    // A value has ended at `i`: the record, when it was the outermost.
    if (depth === 0) {
      while (i < end && isSpace(bytes[i] as number)) i++;
      return i === end;
    }
  }
  return false;
}
