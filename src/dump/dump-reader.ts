// Reads the records of a dump as a stream, with memory bounded by the largest record rather
// than the input. A byte-level splitter finds each record's bytes (depth is a counter, string
// and escape state carry over chunk boundaries) and JSON.parse builds it; where a record sits
// alone on its line, the splitter does not even scan it: it tries JSON.parse on the line, which
// is exact (see RecordFinder). bench/stream.bench.ts measures this choice. Bytes are decoded
// with a fatal TextDecoder, so a record holding bytes that are not UTF-8 is never decoded with
// U+FFFD unasked: the validator then finds the first bad byte.
// The splitter runs the states; each part moves the one cursor over the window (ReadCursor):
// the walk of the top-level value (TopLevelWalk), the arrays' records (RecordFinder), and,
// for it, the records left unparsed (RecordSkipper) and those read in part (RecordPicker).
import type { RawFilter } from "../backends/raw/raw-filter.ts";
import { DumpError } from "../errors/dump-error.ts";
import { ByteWindow } from "./byte-window.ts";
import { EXPECTED, NONE, ReadCursor } from "./read-cursor.ts";
import { LIBRARY_OPTION_NAMES, type OptionNames, ReaderErrors } from "./reader-errors.ts";
import { RecordFinder } from "./record-finder.ts";
import { type Prefilter, RecordPicker } from "./record-picker.ts";
import { RecordScanner } from "./record-scanner.ts";
import { RecordSkipper } from "./record-skipper.ts";
import { ResourceChoice } from "./resource-choice.ts";
import { type DumpShape, TopLevelWalk } from "./top-level-walk.ts";
import type { InvalidUtf8Mode } from "./utf8.ts";
import { WindowScanner } from "./window-scanner.ts";

export type { OptionNames } from "./reader-errors.ts";
export type { Prefilter } from "./record-picker.ts";
export type { DumpShape } from "./top-level-walk.ts";

/** Options of a `DumpSplitter`. */
export interface DumpSplitterOptions {
  /** The member whose array holds the records, when the input is an object; else ignored. */
  readonly resource?: string | undefined;
  /** Bytes that are not UTF-8: a DumpError at the first (default), or read as U+FFFD. */
  readonly invalidUtf8?: InvalidUtf8Mode | undefined;
  readonly optionNames?: OptionNames | undefined;
  /**
   * Reads every array member of a top-level object but `_links`, each a resource, rather than
   * the one `resource` names or the only one (`qaql serve` holds them all); a batch then holds
   * the records of one member, and an array member's name met again is an error.
   */
  readonly everyResource?: boolean | undefined;
  /**
   * A test of a record's raw bytes that only records which cannot match fail: a record with no
   * `\u` or `\/` escape that fails it is checked (`isPlainJsonObject`) and counted, not parsed
   * nor returned. A record the check does not accept is parsed as any other, so errors stay.
   */
  readonly rawFilter?: RawFilter | undefined;
  /** Whether records may be left unparsed now (false while a caller still needs to see them all). */
  readonly mayLeaveUnparsed?: (() => boolean) | undefined;
  /**
   * Leaves a record the raw filter rejects unparsed without checking that it is a JSON object
   * in UTF-8: faster, but a malformed record among them goes unreported (`trustInput`).
   */
  readonly trustSkipped?: boolean | undefined;
  /**
   * Reads a stretch of a larger input (`qaql filter --jobs`): begins at input offset `offset`,
   * the first byte of a record of an array or NDJSON dump (after an array's ","), rather than
   * at the top of the input. Its positions are then input offsets; lines count from there.
   */
  readonly startAt?: { readonly offset: number; readonly shape: "array" | "ndjson" } | undefined;
  /** Stops before the first record that starts at or after this input offset (`stoppedAt`). */
  readonly stopAt?: number | undefined;
  /**
   * Whether runs of records the raw filter rules out are checked in WebAssembly where the
   * runtime has it (default), rather than one by one in JavaScript; the outcome is the same.
   */
  readonly scanInWebAssembly?: boolean | undefined;
  /**
   * The members of a record its reader reads (`recordMembers`): while `mayLeaveUnparsed()`
   * holds, a record of a line may be returned as an object of only those of its members,
   * parsed from their own bytes: the same values, in the same order, for less parsing.
   */
  readonly members?: readonly string[] | undefined;
  /**
   * The caller's filter and the members it reads (`filterMembers`): while `mayLeaveUnparsed()`
   * holds, a record of a line is tested first on an object of only those members, and one it
   * fails is counted and not returned, as one the raw filter rules out.
   */
  readonly prefilter?: Prefilter | undefined;
  /**
   * The scanner to check those runs with, made for `rawFilter`'s needles and `members` and used
   * by one reader at a time (a thread's readers of one stretch after another share one); else
   * one of its own.
   */
  readonly recordScanner?: RecordScanner | undefined;
}

/**
 * A scanner for a reader with these options (a thread makes one for all its readers), or
 * undefined when it has nothing to do or WebAssembly cannot run here.
 */
export function createRecordScanner(
  options: Pick<DumpSplitterOptions, "rawFilter" | "members" | "prefilter">,
): RecordScanner | undefined {
  const { rawFilter, members, prefilter } = options;
  if (rawFilter === undefined && members === undefined && prefilter === undefined) return undefined;
  const needles = rawFilter?.needles.map((needle) => encoder.encode(needle));
  return RecordScanner.create(needles, prefilter?.members, members);
}

/** What the splitter found in an input read whole: the answer of its `summary`. */
export interface ReadSummary {
  readonly shape: DumpShape;
  /** The members of a top-level object whose values are arrays, in input order. */
  readonly resources: readonly string[];
  readonly records: number;
  readonly bytesRead: number;
}

/** A batch ends at the first record that starts this many bytes after the batch's start. */
const BATCH_BYTES = 64 * 1024;

const encoder = new TextEncoder();

/**
 * Splits a JSON text, fed in chunks, into parsed records; one instance per input. Shapes, from
 * the first non-space byte: `[` is an array of records; `{` is NDJSON when its first line holds
 * exactly one complete value and another value follows on a later line, else one object whose
 * array members are resources: `options.resource` names the one to read, else the first array
 * member is read and a second one is an error (a list response has one array member plus
 * `_links`; a dump has several). A UTF-8 BOM at the very start is skipped. Bad input is a
 * DumpError (INVALID_UTF8 at the first byte of a character that is not UTF-8, unless
 * `invalidUtf8` is "replace"), thrown by `throwPending` after the records that precede it.
 */
export class DumpSplitter {
  readonly #window = new ByteWindow();
  readonly #cursor: ReadCursor;
  readonly #errors: ReaderErrors;
  readonly #resources: ResourceChoice;
  readonly #walk: TopLevelWalk;
  readonly #finder: RecordFinder;
  readonly #skipper: RecordSkipper;
  readonly #scanner: WindowScanner | undefined;
  // The records `next` has returned; the finder counts those it left unparsed.
  #recordsReturned = 0;
  #pendingError: DumpError | undefined;
  // Bytes are waiting to be run over, or the end of input to be checked.
  #hasWork = false;
  // The input offset where the next run starts, which survives the window's moves.
  #resumeAt = 0;

  constructor(options: DumpSplitterOptions) {
    const optionNames = options.optionNames ?? LIBRARY_OPTION_NAMES;
    const everyResource = options.everyResource === true && options.resource === undefined;
    const checkUtf8 = (options.invalidUtf8 ?? "error") === "error";
    const decoder = new TextDecoder("utf-8", { fatal: checkUtf8, ignoreBOM: true });
    const mayLeaveUnparsed = options.mayLeaveUnparsed ?? (() => true);
    const window = this.#window;
    const cursor = new ReadCursor(options.stopAt ?? Number.POSITIVE_INFINITY);
    this.#cursor = cursor;
    const recordScanner =
      options.scanInWebAssembly === false
        ? undefined
        : (options.recordScanner ?? createRecordScanner(options));
    const scanner = recordScanner && new WindowScanner(recordScanner, cursor);
    this.#scanner = scanner;
    options.rawFilter?.searchWith(
      scanner && ((needle, bytes, from) => scanner.find(needle, bytes, from)),
    );
    const errors = new ReaderErrors(window, checkUtf8, optionNames);
    this.#errors = errors;
    const resources = new ResourceChoice(options.resource, everyResource, optionNames, errors);
    this.#resources = resources;
    this.#skipper = new RecordSkipper(cursor, window, scanner, {
      rawFilter: options.rawFilter,
      mayLeaveUnparsed,
      trustSkipped: options.trustSkipped === true,
      checkUtf8,
    });
    const picker = new RecordPicker(cursor, scanner, decoder, {
      members: options.members,
      prefilter: options.prefilter,
      mayLeaveUnparsed,
    });
    const startAt = options.startAt;
    const from = startAt?.offset ?? 0;
    this.#finder = new RecordFinder(cursor, window, errors, decoder, this.#skipper, picker, from);
    this.#walk = new TopLevelWalk(
      cursor,
      window,
      errors,
      resources,
      decoder,
      checkUtf8,
      startAt?.shape,
    );
    if (startAt !== undefined) {
      window.beginAt(startAt.offset);
      this.#resumeAt = startAt.offset;
      cursor.keepFrom = startAt.offset;
      cursor.emitRecords = true;
      cursor.state = startAt.shape === "ndjson" ? "lines" : "arrayNext";
    }
  }

  /**
   * The input offset of the first record at or after `stopAt`, where reading stopped; the
   * input's end when it ended first; undefined while reading goes on.
   */
  get stoppedAt(): number | undefined {
    return this.#cursor.stoppedAt;
  }

  /** The member the records come from, once known. */
  get resource(): string | undefined {
    return this.#resources.chosen;
  }

  /** Bytes of input run over so far. */
  get offset(): number {
    return Math.min(this.#resumeAt, this.#window.end);
  }

  /** Records read so far. */
  get recordsRead(): number {
    return this.#recordsReturned + this.#finder.leftUnparsed;
  }

  /**
   * How the input holds its records, once its first value has begun; an object is a
   * "list-response" until a second array member makes it a "dump".
   */
  get shape(): DumpShape | undefined {
    return this.#walk.shape;
  }

  /** Adds the next chunk of input; call `next` until it returns undefined before the next push. */
  push(chunk: Uint8Array): void {
    if (this.#pendingError !== undefined || this.#cursor.stoppedAt !== undefined) return;
    if (chunk.length === 0) return;
    this.#window.append(chunk, this.#cursor.keepFrom);
    this.#hasWork = true;
  }

  /** Declares the end of the input. */
  end(): void {
    if (this.#cursor.stoppedAt !== undefined) return;
    this.#cursor.inputEnded = true;
    this.#hasWork = true;
  }

  /** Runs over up to about 64 KiB; returns the records completed, or undefined when idle. */
  next(): unknown[] | undefined {
    if (!this.#hasWork) return undefined;
    this.#hasWork = false;
    if (this.#pendingError === undefined) {
      try {
        this.#hasWork = this.#run();
      } catch (error) {
        if (!(error instanceof DumpError)) throw error;
        this.#pendingError = error;
      }
    }
    const cursor = this.#cursor;
    const records = cursor.records;
    if (records.length > 0) {
      this.#recordsReturned += records.length;
      cursor.records = [];
    }
    return records;
  }

  /** Throws the error met while producing the records last returned, if any. */
  throwPending(): void {
    if (this.#pendingError !== undefined) throw this.#pendingError;
  }

  /**
   * Describes the input once it has been read whole: its shape, the array members of a
   * top-level object (`readResources` lists the resources by them), the records and bytes read.
   */
  summary(): ReadSummary {
    const shape = this.shape ?? "list-response";
    const resources = [...this.#resources.arrayMembers];
    return { shape, resources, records: this.recordsRead, bytesRead: this.#window.end };
  }

  /**
   * Advances over the window from `#resumeAt`, one state's step at a time; on return the
   * cursor's `keepFrom` is the first byte still needed. Returns true when it stopped for the
   * batch size, with bytes left.
   */
  #run(): boolean {
    const window = this.#window;
    const cursor = this.#cursor;
    const base = window.start;
    if (cursor.bytes !== window.bytes || cursor.start !== base) {
      this.#skipper.windowMoved(window.bytes);
      this.#scanner?.forget();
    }
    cursor.startRun(window.bytes, base, this.#resumeAt - base, BATCH_BYTES);
    while (this.#step()) {
      // Each step moves the state on; it returns false when it needs more input or stops.
    }
    const n = cursor.bytes.length;
    const index = cursor.index;
    this.#resumeAt = base + index;
    cursor.keepFrom = base + (cursor.keepIndex === NONE ? Math.min(index, n) : cursor.keepIndex);
    if (cursor.stoppedAt !== undefined) return false;
    if (cursor.batchEnded) return true;
    if (cursor.inputEnded) {
      this.#endOfInput();
      if (cursor.stopAt !== Number.POSITIVE_INFINITY) cursor.stoppedAt = window.end;
    }
    return false;
  }

  /** Runs the current state's step: true to go on, false to stop this run. */
  #step(): boolean {
    switch (this.#cursor.state) {
      case "arrayFirst":
      case "arrayNext":
      case "lines":
        return this.#finder.record();
      case "element":
        return this.#finder.scanElement();
      case "scalar":
        return this.#finder.scanScalar();
      case "arrayAfter":
        return this.#finder.afterElement();
      case "start":
        return this.#walk.start();
      case "probe":
        return this.#walk.probe();
      case "objectFirst":
      case "objectNext":
        return this.#walk.memberName();
      case "key":
        return this.#walk.scanKey();
      case "colon":
        return this.#walk.colon();
      case "member":
        return this.#walk.member();
      case "skip":
        return this.#walk.skip();
      case "objectAfter":
        return this.#walk.afterMember();
      case "end":
        return this.#walk.afterValue();
    }
  }

  /** Checks the state the input ended in. */
  #endOfInput(): void {
    const cursor = this.#cursor;
    switch (cursor.state) {
      case "end":
      case "lines":
        return;
      case "start": {
        const end = this.#window.end;
        throw this.#errors.at(
          "EMPTY_INPUT",
          end,
          (at) => `expected a JSON value, found only white space up to the end at ${at}`,
        );
      }
      case "element":
      case "key": {
        // The first fault may lie inside the cut element rather than at its end.
        const start = cursor.keepFrom - cursor.start;
        throw this.#errors.ofElement(start, cursor.bytes.length, undefined);
      }
      default:
        throw this.#errors.truncated(EXPECTED[cursor.state]);
    }
  }
}
