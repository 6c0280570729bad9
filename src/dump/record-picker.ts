import { parseJson } from "../json/parse-json.ts";
import type { ReadCursor } from "./read-cursor.ts";
import type { WindowScanner } from "./window-scanner.ts";

/** A filter a reader may apply to records itself, and the members of a record it reads. */
export interface Prefilter {
  readonly members: readonly string[];
  readonly matches: (record: unknown) => boolean;
}

/** What `RecordPicker.picked` answers for a record its prefilter fails: counted, not returned. */
export const LEFT_OUT = Symbol("left out");

// The records a prefilter is weighed on (`#weighPrefilter`).
const PREFILTER_TRIAL = 1000;

/** What a `RecordPicker` is told of the reader's options. */
export interface PickerOptions {
  /** The members the reader reads, when a record may be read from those alone. */
  readonly members: readonly string[] | undefined;
  readonly prefilter: Prefilter | undefined;
  readonly mayLeaveUnparsed: () => boolean;
}

/**
 * Reads a record of a line from some of its members, which the scanner picks: the prefilter's,
 * to test it first, then the members the reader reads, parsed for less than the whole record.
 */
export class RecordPicker {
  readonly #cursor: ReadCursor;
  readonly #scanner: WindowScanner | undefined;
  readonly #decoder: InstanceType<typeof TextDecoder>;
  readonly #mayLeaveUnparsed: () => boolean;
  // Whether records may be read from the members the reader reads only, and the filter
  // records are tested with first.
  readonly #picking: boolean;
  #prefilter: Prefilter | undefined;
  #prefilterTried = 0;
  #prefilterPassed = 0;

  constructor(
    cursor: ReadCursor,
    scanner: WindowScanner | undefined,
    decoder: InstanceType<typeof TextDecoder>,
    options: PickerOptions,
  ) {
    this.#cursor = cursor;
    this.#scanner = scanner;
    this.#decoder = decoder;
    this.#mayLeaveUnparsed = options.mayLeaveUnparsed;
    this.#picking = options.members !== undefined;
    this.#prefilter = options.prefilter;
  }

  /**
   * The record at the window's bytes `[start, end)` read from its members alone, when it may be
   * read so and the scanner accepts it: LEFT_OUT when the prefilter fails on the members it
   * reads, else an object of the members the reader reads; undefined when it is to be parsed
   * whole.
   */
  picked(start: number, end: number): unknown {
    const scanner = this.#scanner;
    const prefilter = this.#prefilter;
    if (scanner === undefined || (!this.#picking && prefilter === undefined)) return undefined;
    if (!this.#cursor.emitRecords || !this.#mayLeaveUnparsed()) return undefined;
    const loaded = scanner.loaded();
    if (!loaded.pick(start, end)) return undefined;
    if (prefilter !== undefined) {
      const passed = prefilter.matches(parseJson(this.#decoder.decode(loaded.first)));
      this.#weighPrefilter(passed);
      if (!passed) return LEFT_OUT;
    }
    return this.#picking ? parseJson(this.#decoder.decode(loaded.second)) : undefined;
  }

  /**
   * Counts the prefilter's outcomes over its first PREFILTER_TRIAL records, and drops it once
   * more than half of them have passed: it then costs a parse of most records and saves few.
   */
  #weighPrefilter(passed: boolean): void {
    if (this.#prefilterTried === PREFILTER_TRIAL) return;
    this.#prefilterTried++;
    if (passed && ++this.#prefilterPassed * 2 > PREFILTER_TRIAL) this.#prefilter = undefined;
  }
}
