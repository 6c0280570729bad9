// Whether a record's bytes are a JSON object JSON.parse accepts, checked without building it:
// what lets the reader leave a record unparsed (its raw filter failed) and still report every
// malformed one. Bytes that are not UTF-8 fail, and the record is then parsed to find the error
// as before. One tight loop with an explicit stack: records may nest deep.
import { BYTES } from "./byte-codes.ts";

const {
  TAB,
  LINE_FEED,
  CARRIAGE_RETURN,
  SPACE,
  QUOTE,
  PLUS,
  COMMA,
  MINUS,
  DOT,
  SLASH,
  DIGIT_ZERO,
  DIGIT_NINE,
  COLON,
  CAPITAL_A,
  CAPITAL_E,
  CAPITAL_F,
  OPEN_BRACKET,
  BACKSLASH,
  CLOSE_BRACKET,
  SMALL_A,
  SMALL_B,
  SMALL_E,
  SMALL_F,
  SMALL_N,
  SMALL_R,
  SMALL_T,
  SMALL_U,
  OPEN_BRACE,
  CLOSE_BRACE,
  ASCII_END,
  CONTINUATION_FIRST,
  CONTINUATION_LAST,
  CONTINUATION_MASK,
  TWO_BYTE_LEAD_FIRST,
  TWO_BYTE_LEAD_LAST,
  THREE_BYTE_LEAD_FIRST,
  SURROGATE_LEAD,
  THREE_BYTE_LEAD_LAST,
  FOUR_BYTE_LEAD_FIRST,
  FOUR_BYTE_LEAD_LAST,
  MIN_SECOND_AFTER_E0,
  MAX_SECOND_AFTER_ED,
  MIN_SECOND_AFTER_F0,
  MAX_SECOND_AFTER_F4,
} = BYTES;

const OBJECT = 1;
const ARRAY = 2;

// What the next significant byte may be.
const VALUE = 0;
const OBJECT_FIRST = 1;
const KEY = 2;
const AFTER_KEY = 3;
const AFTER = 4;
const ARRAY_FIRST = 5;

let stack = new Uint8Array(64);

const isSpace = (c: number) => c === SPACE || c === LINE_FEED || c === CARRIAGE_RETURN || c === TAB;
const isDigit = (c: number) => c >= DIGIT_ZERO && c <= DIGIT_NINE;
const isHex = (c: number) =>
  isDigit(c) || (c >= CAPITAL_A && c <= CAPITAL_F) || (c >= SMALL_A && c <= SMALL_F);

// Bytes a string holds as they are: printable ASCII but `"` and `\`; and, in bytes known to be
// UTF-8 already, every byte of a multi-byte character.
const PLAIN = new Uint8Array(256);
for (let c: number = SPACE; c < ASCII_END; c++) PLAIN[c] = c === QUOTE || c === BACKSLASH ? 0 : 1;
const PLAIN_OR_UTF8 = PLAIN.map((plain, c) => (c >= ASCII_END ? 1 : plain));

/** The index after the string whose opening quote is at `i`, or -1 when it is not one we accept. */
function stringEnd(bytes: Uint8Array, i: number, end: number, plain: Uint8Array): number {
  for (let j = i + 1; j < end; ) {
    while (plain[bytes[j] as number] === 1) j++;
    const c = bytes[j] as number;
    if (c === QUOTE) return j < end ? j + 1 : -1;
    if (c < ASCII_END) {
      if (c !== BACKSLASH) return -1;
      const e = bytes[j + 1];
      if (e === SMALL_U) {
        for (let k = j + 2; k < j + 6; k++) if (!isHex(bytes[k] ?? 0)) return -1;
        j += 6;
      } else if (
        e === QUOTE ||
        e === BACKSLASH ||
        e === SLASH ||
        e === SMALL_B ||
        e === SMALL_F ||
        e === SMALL_N ||
        e === SMALL_R ||
        e === SMALL_T
      ) {
        j += 2;
      } else return -1;
      continue;
    }
    // UTF-8 (RFC 3629): no overlong form, no surrogate, nothing past U+10FFFF.
    const c1 = bytes[j + 1] ?? 0;
    if (c >= TWO_BYTE_LEAD_FIRST && c <= TWO_BYTE_LEAD_LAST) {
      if ((c1 & CONTINUATION_MASK) !== CONTINUATION_FIRST) return -1;
      j += 2;
    } else if (c >= THREE_BYTE_LEAD_FIRST && c <= THREE_BYTE_LEAD_LAST) {
      const low = c === THREE_BYTE_LEAD_FIRST ? MIN_SECOND_AFTER_E0 : CONTINUATION_FIRST;
      const high = c === SURROGATE_LEAD ? MAX_SECOND_AFTER_ED : CONTINUATION_LAST;
      if (c1 < low || c1 > high) return -1;
      if (((bytes[j + 2] ?? 0) & CONTINUATION_MASK) !== CONTINUATION_FIRST) return -1;
      j += 3;
    } else if (c >= FOUR_BYTE_LEAD_FIRST && c <= FOUR_BYTE_LEAD_LAST) {
      const low = c === FOUR_BYTE_LEAD_FIRST ? MIN_SECOND_AFTER_F0 : CONTINUATION_FIRST;
      const high = c === FOUR_BYTE_LEAD_LAST ? MAX_SECOND_AFTER_F4 : CONTINUATION_LAST;
      if (c1 < low || c1 > high) return -1;
      if (((bytes[j + 2] ?? 0) & CONTINUATION_MASK) !== CONTINUATION_FIRST) return -1;
      if (((bytes[j + 3] ?? 0) & CONTINUATION_MASK) !== CONTINUATION_FIRST) return -1;
      j += 4;
    } else return -1;
  }
  return -1;
}

/** The index after the number at `i` (RFC 8259), or -1. */
function numberEnd(bytes: Uint8Array, i: number, end: number): number {
  let j = i;
  if (bytes[j] === MINUS) j++;
  if (bytes[j] === DIGIT_ZERO) j++;
  else if (j < end && isDigit(bytes[j] as number))
    while (j < end && isDigit(bytes[j] as number)) j++;
  else return -1;
  if (bytes[j] === DOT) {
    j++;
    if (!(j < end && isDigit(bytes[j] as number))) return -1;
    while (j < end && isDigit(bytes[j] as number)) j++;
  }
  if (bytes[j] === SMALL_E || bytes[j] === CAPITAL_E) {
    j++;
    if (bytes[j] === PLUS || bytes[j] === MINUS) j++;
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
  if (bytes[i] !== OPEN_BRACE || i >= end) return false;
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
        if (c === OPEN_BRACE || c === OPEN_BRACKET) {
          if (depth === stack.length) {
            const grown = new Uint8Array(stack.length * 2);
            grown.set(stack);
            stack = grown;
          }
          stack[depth++] = c === OPEN_BRACE ? OBJECT : ARRAY;
          state = c === OPEN_BRACE ? OBJECT_FIRST : ARRAY_FIRST;
          i++;
          continue;
        }
        if (c === CLOSE_BRACKET && state === ARRAY_FIRST) {
          depth--;
          i++;
          state = AFTER;
          break;
        }
        if (c === QUOTE) i = stringEnd(bytes, i, end, plain);
        else if (c === MINUS || isDigit(c)) i = numberEnd(bytes, i, end);
        else if (c === SMALL_T) i = literalEnd(bytes, i, end, "true");
        else if (c === SMALL_F) i = literalEnd(bytes, i, end, "false");
        else if (c === SMALL_N) i = literalEnd(bytes, i, end, "null");
        else return false;
        if (i === -1) return false;
        state = AFTER;
        break;
      case OBJECT_FIRST:
      case KEY:
        if (c === QUOTE) {
          i = stringEnd(bytes, i, end, plain);
          if (i === -1) return false;
          state = AFTER_KEY;
          continue;
        }
        if (c === CLOSE_BRACE && state === OBJECT_FIRST) {
          depth--;
          i++;
          state = AFTER;
          break;
        }
        return false;
      case AFTER_KEY:
        if (c !== COLON) return false;
        i++;
        state = VALUE;
        continue;
      default: {
        // AFTER a value: "," or the container's end.
        const container = stack[depth - 1];
        if (c === COMMA) {
          i++;
          state = container === OBJECT ? KEY : VALUE;
          continue;
        }
        if (c !== (container === OBJECT ? CLOSE_BRACE : CLOSE_BRACKET)) return false;
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
