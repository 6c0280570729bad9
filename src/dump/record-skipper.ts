import type { RawFilter } from "../backends/raw/raw-filter.ts";
import { BYTES } from "./byte-codes.ts";
import type { ByteWindow } from "./byte-window.ts";
import { isPlainJsonObject } from "./plain-object-check.ts";
import { NONE, type ReadCursor } from "./read-cursor.ts";
import type { WindowScanner } from "./window-scanner.ts";

const { SLASH, BACKSLASH, SMALL_U } = BYTES;

// Node's SIMD UTF-8 check (~6 GB/s here), where there is one; elsewhere each record checks its own.
const isUtf8 = (
  globalThis as {
    process?: { getBuiltinModule?: (id: string) => { isUtf8?: (bytes: Uint8Array) => boolean } };
  }
).process?.getBuiltinModule?.("node:buffer")?.isUtf8;

/** The first backslash at or after `from` that a `u` or `/` follows (or that ends the bytes). */
function hidingEscape(bytes: Uint8Array, from: number): number {
  for (let i = bytes.indexOf(BACKSLASH, from); i !== NONE; i = bytes.indexOf(BACKSLASH, i + 2)) {
    const next = bytes[i + 1];
    if (next === undefined || next === SMALL_U || next === SLASH) return i;
  }
  return NONE;
}

/** What a `RecordSkipper` is told of the reader's options. */
export interface SkipperOptions {
  readonly rawFilter: RawFilter | undefined;
  readonly mayLeaveUnparsed: () => boolean;
  readonly trustSkipped: boolean;
  readonly checkUtf8: boolean;
}

/**
 * Leaves unparsed the records of the array being read that the raw filter rules out, checked
 * (unless trusted) to be what JSON.parse would have accepted: one at a time in JavaScript, or
 * runs of records a line at a time by the scanner. It counts none: its caller does.
 */
export class RecordSkipper {
  readonly #cursor: ReadCursor;
  readonly #window: ByteWindow;
  readonly #scanner: WindowScanner | undefined;
  readonly #rawFilter: RawFilter | undefined;
  readonly #mayLeaveUnparsed: () => boolean;
  readonly #trustSkipped: boolean;
  readonly #checkUtf8: boolean;
  // The input offset of the record the scanner last stopped at, which the reader reads itself.
  #noScanAt = NONE;
  // The first `\u` or `\/` at or after an index of the window's bytes (NONE: none), so that
  // asking for each record costs one search per backslash, not one per record.
  #hidingFrom = 0;
  #hidingAt = NONE;
  // Whether the window's bytes are UTF-8 through and through.
  #utf8Known = false;

  constructor(
    cursor: ReadCursor,
    window: ByteWindow,
    scanner: WindowScanner | undefined,
    options: SkipperOptions,
  ) {
    this.#cursor = cursor;
    this.#window = window;
    this.#scanner = scanner;
    this.#rawFilter = options.rawFilter;
    this.#mayLeaveUnparsed = options.mayLeaveUnparsed;
    this.#trustSkipped = options.trustSkipped;
    this.#checkUtf8 = options.checkUtf8;
  }

  /** Forgets what it found in the window's bytes, which now are `bytes`. */
  windowMoved(bytes: Uint8Array): void {
    this.#hidingFrom = Number.MAX_SAFE_INTEGER;
    this.#hidingAt = NONE;
    // Checked once for the window, so that records left unparsed need not check it one by one
    // (the scanner checks the records it goes over).
    this.#utf8Known =
      this.#rawFilter !== undefined && this.#scanner === undefined && isUtf8?.(bytes) === true;
    this.#rawFilter?.forget();
  }

  /**
   * Whether the record at the window's bytes `[start, end)` can be left unparsed: its raw bytes
   * fail the raw filter, hold no escape that may hide a character of its needles (`\u`, or `\/`
   * for a "/"; the others stand for `"`, `\` and controls, which no needle holds), and are a
   * JSON object JSON.parse would accept (or the input is trusted: `trustSkipped`, where
   * `extentKnown` says the record's end is not in question).
   */
  leftUnparsed(start: number, end: number, extentKnown: boolean): boolean {
    const raw = this.#rawFilter;
    const cursor = this.#cursor;
    if (raw === undefined || !cursor.emitRecords || !this.#mayLeaveUnparsed()) return false;
    const bytes = cursor.bytes;
    if (this.#scanner !== undefined) {
      // The scanner went over the records between those asked about here: each is searched.
      if (hidingEscape(bytes.subarray(start, end), 0) !== NONE) return false;
    } else {
      if (this.#hidingAt !== NONE ? start > this.#hidingAt : start < this.#hidingFrom) {
        this.#hidingFrom = start;
        this.#hidingAt = hidingEscape(bytes, start);
      }
      if (this.#hidingAt !== NONE && this.#hidingAt < end) return false;
    }
    if (raw.test(bytes, start, end)) return false;
    // Trusted, the check is left out only where it does not also prove where the record ends,
    // nor, as bytes that are not UTF-8 read as U+FFFD, what a needle could match.
    const trusted = this.#trustSkipped && extentKnown && (this.#checkUtf8 || this.#utf8Known);
    return trusted || isPlainJsonObject(bytes, start, end, this.#utf8Known);
  }

  /**
   * Goes over the records from the "{" at index `i` on that the raw filter rules out, one a
   * line, checked in WebAssembly (the same checks as `leftUnparsed`), up to the first the
   * scanner cannot settle, which the reader then reads itself; moves the cursor past them.
   * Returns how many it went over.
   */
  goOver(i: number): number {
    const scanner = this.#scanner;
    const raw = this.#rawFilter;
    const cursor = this.#cursor;
    if (scanner === undefined || raw === undefined || !cursor.emitRecords) return 0;
    const base = cursor.start;
    if (base + i === this.#noScanAt || !this.#mayLeaveUnparsed()) return 0;
    const nl = this.#window.nextBreak(i);
    const bound = raw.bound(cursor.bytes, i);
    // No line to end the record, or one that may hold the needles: read it as any other.
    if (nl === NONE || bound <= nl) return 0;
    const loaded = scanner.loaded();
    const limit = Math.min(cursor.batchLimit, cursor.stopAt - base);
    const comma = cursor.state !== "lines";
    // Trusted as `leftUnparsed` trusts: a line's record, and bytes that are not UTF-8 an error.
    const stop = loaded.goOver(i, limit, bound, comma, this.#trustSkipped && this.#checkUtf8);
    this.#noScanAt = base + stop;
    const skipped = loaded.skipped;
    if (skipped > 0) cursor.index = stop;
    return skipped;
  }
}
