// Strict UTF-8 (RFC 3629, Unicode table 3-7: no overlong forms, surrogates or code points past
// U+10FFFF), as node:buffer's isUtf8 checks it, with the offset of the first fault: Node's own
// decoding replaces bad bytes by U+FFFD without a word.
import { Buffer, isUtf8 } from "node:buffer";

/** What `--invalid-utf8` asks of a reader: an error at the first bad byte, or U+FFFD for it. */
export type InvalidUtf8Mode = "error" | "replace";

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

/**
 * Checks a byte stream fed in chunks as UTF-8, a character cut by a chunk's end included, and
 * keeps the offset of the first fault. One `isUtf8` call per chunk; the exact offset is looked
 * for only in a chunk that fails.
 */
export class Utf8Tracker {
  #fed = 0;
  // The start of a character cut by the end of the last chunk, read so far.
  #pending: Buffer = Buffer.alloc(0);
  #fault = -1;

  /** The offset of the first byte of the first ill-formed character, or -1 while there is none. */
  get fault(): number {
    return this.#fault;
  }

  /** Checks the next chunk. */
  feed(chunk: Uint8Array): void {
    const start = this.#fed;
    this.#fed += chunk.length;
    if (this.#fault !== -1) return;
    let from = 0;
    if (this.#pending.length > 0) {
      const pending = this.#pending;
      const joined = Buffer.concat([pending, chunk.subarray(0, 4 - pending.length)]);
      const length = sequenceAt(joined, 0, joined.length);
      if (length === 0) {
        this.#fault = start - pending.length;
        return;
      }
      if (length < 0) {
        this.#pending = joined;
        return;
      }
      from = length - pending.length;
      this.#pending = Buffer.alloc(0);
    }
    const cut = cutCharacterStart(chunk, from, chunk.length);
    if (!isUtf8(chunk.subarray(from, cut))) {
      this.#fault = start + findUtf8Fault(chunk, from, cut);
      return;
    }
    this.#pending = Buffer.from(chunk.subarray(cut));
  }

  /** Declares the end of the stream: a character still cut is a fault. */
  end(): void {
    if (this.#fault === -1 && this.#pending.length > 0) {
      this.#fault = this.#fed - this.#pending.length;
    }
  }
}

/** Where a character that `to` cuts begins, if its bytes so far are well-formed; else `to`. */
function cutCharacterStart(bytes: Uint8Array, from: number, to: number): number {
  for (let p = to - 1; p >= Math.max(from, to - 3); p--) {
    const c = bytes[p] ?? 0;
    if (c < 0x80) return to;
    if (c >= 0xc0) return sequenceAt(bytes, p, to) < 0 ? p : to;
  }
  return to;
}
