// Strict UTF-8 (RFC 3629, Unicode table 3-7: no overlong forms, surrogates or code points past
// U+10FFFF), as a fatal TextDecoder checks it: what the JSON validator needs to find the first
// fault's offset, which the decoder does not give.

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
