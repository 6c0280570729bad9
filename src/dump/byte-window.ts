import type { DumpPosition } from "../errors/dump-error.ts";
import { BYTES } from "./byte-codes.ts";
import { indexOfByte } from "./index-of-byte.ts";

const { LINE_FEED } = BYTES;

const EMPTY = new Uint8Array(0);

/**
 * The stretch of a streamed input that its reader still holds: from the first byte it still
 * needs to the end of the last chunk. It counts the line breaks of what it discards, so that
 * any offset it holds can be given a line and column.
 */
export class ByteWindow {
  #bytes: Uint8Array = EMPTY;
  #start = 0;
  // The memory `#bytes` lies in once kept bytes had to be joined to a chunk; reused while it fits.
  #store: Uint8Array = EMPTY;
  // The input has `#lineBreaks` line breaks before offset `#linesCountedTo`, the last of them
  // just before offset `#lineStart`.
  #linesCountedTo = 0;
  #lineBreaks = 0;
  #lineStart = 0;
  // No line break lies between the last search's start and this offset, where the search
  // stopped (at the break it found, or the end): the next search resumes there, so each byte
  // is searched once, however often a search starts before it.
  #noBreakBefore = 0;

  /**
   * Starts the window at input offset `offset` rather than 0, for a reader of a stretch of the
   * input; lines are then counted from there. Only before the first `append`.
   */
  beginAt(offset: number): void {
    this.#start = offset;
    this.#linesCountedTo = offset;
    this.#lineStart = offset;
    this.#noBreakBefore = offset;
  }

  /** The bytes held: `bytes[0]` is input byte `start`. */
  get bytes(): Uint8Array {
    return this.#bytes;
  }

  /** The input offset of `bytes[0]`. */
  get start(): number {
    return this.#start;
  }

  /** The input offset just past the bytes held: how many bytes have been appended. */
  get end(): number {
    return this.#start + this.#bytes.length;
  }

  /**
   * Drops the bytes before input offset `keepFrom` and appends `chunk` to the rest, growing
   * the store geometrically; holds `chunk` itself when nothing is kept.
   */
  append(chunk: Uint8Array, keepFrom: number): void {
    const bytes = this.#bytes;
    const keepIndex = keepFrom - this.#start;
    const kept = bytes.length - keepIndex;
    this.#countLines(keepFrom);
    if (kept === 0) {
      this.#start += bytes.length;
      this.#bytes = chunk;
      return;
    }
    const needed = kept + chunk.length;
    const fromStore = bytes.buffer === this.#store.buffer && this.#store.length > 0;
    if (this.#store.length < needed || this.#store.length > 8 * Math.max(needed, 1 << 20)) {
      const store = new Uint8Array(Math.max(needed * 2, 1 << 16));
      store.set(bytes.subarray(keepIndex));
      this.#store = store;
    } else if (fromStore) {
      const from = bytes.byteOffset - this.#store.byteOffset + keepIndex;
      if (from > 0) this.#store.copyWithin(0, from, from + kept);
    } else {
      this.#store.set(bytes.subarray(keepIndex));
    }
    this.#store.set(chunk, kept);
    this.#start += keepIndex;
    this.#bytes = this.#store.subarray(0, needed);
  }

  /**
   * The index in `bytes` of the first line break at or after index `from`, or -1; `from`
   * never goes back, as a reader moves forward.
   */
  nextBreak(from: number): number {
    const bytes = this.#bytes;
    const nl = indexOfByte(bytes, LINE_FEED, Math.max(from, this.#noBreakBefore - this.#start));
    this.#noBreakBefore = this.#start + (nl === -1 ? bytes.length : nl);
    return nl;
  }

  /** The line and column of input `offset`, which lies in `bytes` or at their end. */
  positionOf(offset: number): DumpPosition {
    this.#countLines(offset);
    return { offset, line: this.#lineBreaks + 1, column: offset - this.#lineStart + 1 };
  }

  /** Counts the line breaks before input offset `to` (all in `bytes`). */
  #countLines(to: number): void {
    const start = this.#start;
    // The search stops at `to`: beyond it may lie a record of any length, not yet ended.
    const bytes = this.#bytes.subarray(0, to - start);
    let at = this.#linesCountedTo - start;
    // Set before the loop, whose only exit is a return: V8 compiles a long loop before the code
    // after it has ever run, and a field read there deoptimized at every call.
    if (to > this.#linesCountedTo) this.#linesCountedTo = to;
    for (;;) {
      const nl = indexOfByte(bytes, LINE_FEED, at);
      if (nl === -1) return;
      this.#lineBreaks++;
      this.#lineStart = start + nl + 1;
      at = nl + 1;
    }
  }
}
