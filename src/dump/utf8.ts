// Strict UTF-8 (RFC 3629, Unicode table 3-7: no overlong forms, surrogates or code points past
// U+10FFFF), as a fatal TextDecoder checks it: what the JSON validator needs to find the first
// fault's offset, which the decoder does not give.
import { BYTES } from "./byte-codes.ts";

const {
  ASCII_END,
  CONTINUATION_FIRST,
  CONTINUATION_LAST,
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

// The bytes allowed after a lead byte, as `low << 8 | high`: any continuation byte, or fewer
// where an overlong form, a surrogate or a code point past U+10FFFF would follow.
const ANY_CONTINUATION = (CONTINUATION_FIRST << 8) | CONTINUATION_LAST;
const AFTER_E0 = (MIN_SECOND_AFTER_E0 << 8) | CONTINUATION_LAST;
const AFTER_ED = (CONTINUATION_FIRST << 8) | MAX_SECOND_AFTER_ED;
const AFTER_F0 = (MIN_SECOND_AFTER_F0 << 8) | CONTINUATION_LAST;
const AFTER_F4 = (CONTINUATION_FIRST << 8) | MAX_SECOND_AFTER_F4;

// The low byte of a packed range: its `high`.
const LOW_BYTE = 0xff;

export const INVALID_UTF8_MODES = ["error", "replace"] as const;

/** What a reader does with bytes that are not UTF-8: an error at the first, or U+FFFD for each. */
export type InvalidUtf8Mode = (typeof INVALID_UTF8_MODES)[number];

/** How many bytes the character a lead byte starts takes, 0 for a byte no character starts with. */
export function utf8Length(lead: number): number {
  if (lead < ASCII_END) return 1;
  if (lead >= TWO_BYTE_LEAD_FIRST && lead <= TWO_BYTE_LEAD_LAST) return 2;
  if (lead >= THREE_BYTE_LEAD_FIRST && lead <= THREE_BYTE_LEAD_LAST) return 3;
  if (lead >= FOUR_BYTE_LEAD_FIRST && lead <= FOUR_BYTE_LEAD_LAST) return 4;
  return 0;
}

/** The bytes allowed after a lead byte, as `low << 8 | high`. */
function secondByteRange(lead: number): number {
  if (lead === THREE_BYTE_LEAD_FIRST) return AFTER_E0;
  if (lead === SURROGATE_LEAD) return AFTER_ED;
  if (lead === FOUR_BYTE_LEAD_FIRST) return AFTER_F0;
  if (lead === FOUR_BYTE_LEAD_LAST) return AFTER_F4;
  return ANY_CONTINUATION;
}

/** Whether `c` may be byte `k` (from 1) of the character whose lead byte is `lead`. */
export function continuesCharacter(lead: number, k: number, c: number): boolean {
  const range = k === 1 ? secondByteRange(lead) : ANY_CONTINUATION;
  return c >= range >> 8 && c <= (range & LOW_BYTE);
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
