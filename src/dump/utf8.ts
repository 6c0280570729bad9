// Strict UTF-8 (RFC 3629, Unicode table 3-7: no overlong forms, surrogates or code points past
// U+10FFFF), as a fatal TextDecoder checks it, with the offset of the first fault, which the
// decoder does not give.

export const INVALID_UTF8_MODES = ["error", "replace"] as const;

/** What a reader does with bytes that are not UTF-8: an error at the first, or U+FFFD for each. */
export type InvalidUtf8Mode = (typeof INVALID_UTF8_MODES)[number];

/** How many bytes the character a lead byte starts takes, 0 for a byte no character starts with. */
export function utf8Length(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/**
 * The bytes allowed after a lead byte, as `low << 8 | high`: narrower where an overlong form, a
 * surrogate or a code point past U+10FFFF would follow.
 */
function secondByteRange(lead: number): number {
  if (lead === 0xe0) return 0xa0bf;
  if (lead === 0xed) return 0x809f;
  if (lead === 0xf0) return 0x90bf;
  if (lead === 0xf4) return 0x808f;
  return 0x80bf;
}

/** Whether `c` may be byte `k` (from 1) of the character whose lead byte is `lead`. */
export function continuesCharacter(lead: number, k: number, c: number): boolean {
  const range = k === 1 ? secondByteRange(lead) : 0x80bf;
  return c >= range >> 8 && c <= (range & 0xff);
}

/**
 * The length of the well-formed character at `bytes[i]`, or 0 when it is ill-formed, or minus
 * the bytes read when `to` cuts it while all of them could still begin a character.
 */
function sequenceAt(bytes: Uint8Array, i: number, to: number): number {
  const lead = bytes[i] ?? 0;
  const length = utf8Length(lead);
  for (let k = 1; k < length; k++) {
    if (i + k >= to) return -k;
    if (!continuesCharacter(lead, k, bytes[i + k] ?? 0)) return 0;
  }
  return length;
}

/**
 * The index of the first byte of the first ill-formed character in `bytes[from, to)`, one cut
 * by `to` included; -1 when there is none.
 */
export function findUtf8Fault(bytes: Uint8Array, from: number, to: number): number {
  let i = from;
  while (i < to) {
    const c = bytes[i] ?? 0;
    if (c < 0x80) {
      i++;
      continue;
    }
    const length = sequenceAt(bytes, i, to);
    if (length <= 0) return i;
    i += length;
  }
  return -1;
}

const hex = (byte: number) => `0x${byte.toString(16).padStart(2, "0")}`;

/**
 * Says what is wrong with the character whose lead byte is `lead` and whose first bad byte is
 * `next` (undefined when the input ends first).
 */
export function describeUtf8Fault(lead: number, next: number | undefined): string {
  if (utf8Length(lead) <= 1) return `invalid UTF-8: byte ${hex(lead)} cannot start a character`;
  if (next === undefined) {
    return `invalid UTF-8: the character that byte ${hex(lead)} starts is cut by the end of the input`;
  }
  return `invalid UTF-8: byte ${hex(lead)} cannot be followed by byte ${hex(next)}`;
}

/** Describes the fault that findUtf8Fault found at `index` of `bytes[…, to)`. */
export function describeUtf8FaultAt(bytes: Uint8Array, index: number, to: number): string {
  const lead = bytes[index] ?? 0;
  for (let k = 1; k < utf8Length(lead); k++) {
    if (index + k >= to) return describeUtf8Fault(lead, undefined);
    const c = bytes[index + k] ?? 0;
    if (!continuesCharacter(lead, k, c)) return describeUtf8Fault(lead, c);
  }
  return describeUtf8Fault(lead, undefined);
}
