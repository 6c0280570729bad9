// Reads the records of a dump as a stream, with memory bounded by the largest record rather
// than the input. A byte-level splitter finds each record's bytes (depth is a counter, string
// and escape state carry over chunk boundaries) and JSON.parse builds it; where a record sits
// alone on its line, the splitter does not even scan it: it tries JSON.parse on the line, which
// is exact (see `#tryLine`). bench/stream.bench.ts measures this choice. Bytes are decoded
// with a fatal TextDecoder, so a record holding bytes that are not UTF-8 is never decoded with
// U+FFFD unasked: the validator then finds the first bad byte.
// The states stay together in one class: each moves the one cursor over the window (index,
// state, bytes to keep), which a split would have to make public.
import type { RawFilter } from "../backends/raw/raw-filter.ts";
import { DumpError } from "../errors/dump-error.ts";
import { parseJson } from "../json/parse-json.ts";
import { BYTES } from "./byte-codes.ts";
import { ByteWindow } from "./byte-window.ts";
import {
  describeByte,
  isJsonSpace,
  JsonFault,
  JsonValidator,
  startsJsonValue,
} from "./json-validator.ts";
import { NdjsonProbe } from "./ndjson-probe.ts";
import { isPlainJsonObject } from "./plain-object-check.ts";
import { LIBRARY_OPTION_NAMES, type OptionNames, ReaderErrors } from "./reader-errors.ts";
import { RecordScanner } from "./record-scanner.ts";
import { ResourceChoice } from "./resource-choice.ts";
import type { InvalidUtf8Mode } from "./utf8.ts";

export type { OptionNames } from "./reader-errors.ts";

const {
  TAB,
  CARRIAGE_RETURN,
  SPACE,
  QUOTE,
  COMMA,
  SLASH,
  COLON,
  OPEN_BRACKET,
  BACKSLASH,
  CLOSE_BRACKET,
  SMALL_U,
  OPEN_BRACE,
  CLOSE_BRACE,
  BOM_FIRST,
  BOM_SECOND,
  BOM_THIRD,
} = BYTES;

/** How a dump holds its records (grammar/language.md 10.1). */
export type DumpShape = "array" | "list-response" | "dump" | "ndjson";

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

/** A filter a reader may apply to records itself, and the members of a record it reads. */
export interface Prefilter {
  readonly members: readonly string[];
  readonly matches: (record: unknown) => boolean;
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

/** An element that is cut by the end of a chunk and smaller than this waits for the next. */
const DEFER_LIMIT = 64 * 1024;

/** A batch ends at the first record that starts this many bytes after the batch's start. */
const BATCH_BYTES = 64 * 1024;

/** Where the splitter is in the input's structure. */
type State =
  /** Before the top-level value. */
  | "start"
  /** In a top-level "{": one object, or the first line of NDJSON? */
  | "probe"
  | "arrayFirst"
  | "arrayNext"
  | "arrayAfter"
  /** In an object or array element (or a string one), counting depth. */
  | "element"
  /** In a number, `true`, `false` or `null` element of an array not read for records. */
  | "scalar"
  | "objectFirst"
  | "objectNext"
  | "key"
  | "colon"
  | "member"
  /** In a member that is not an array, run over by the validator. */
  | "skip"
  | "objectAfter"
  /** NDJSON: a record a line. */
  | "lines"
  | "end";

/** What each state expects next, for "unexpected end" messages. */
const EXPECTED: Readonly<Record<State, string>> = {
  start: "a JSON value",
  probe: "the end of the first value",
  arrayFirst: 'a record or "]"',
  arrayNext: "a record",
  arrayAfter: '"," or "]"',
  element: 'the end of the element (a "}" or "]")',
  scalar: "the end of the element",
  objectFirst: 'a member name or "}"',
  objectNext: "a member name",
  key: "the end of the member name (a '\"')",
  colon: '":" after the member name',
  member: "the member's value",
  skip: "the end of the member's value",
  objectAfter: '"," or "}"',
  lines: "a record",
  end: "nothing more",
};

const NONE = -1;

const EMPTY = new Uint8Array(0);

const encoder = new TextEncoder();

// A record a reader reads in part and leaves out.
const LEFT_OUT = Symbol("left out");

// The records a prefilter is weighed on (`#weighPrefilter`).
const PREFILTER_TRIAL = 1000;

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
  readonly #checkUtf8: boolean;
  readonly #decoder: InstanceType<typeof TextDecoder>;
  readonly #window = new ByteWindow();
  readonly #errors: ReaderErrors;
  readonly #resources: ResourceChoice;
  #shape: DumpShape | undefined;
  #ndjsonProbe: NdjsonProbe | undefined;
  #recordsRead = 0;
  readonly #rawFilter: RawFilter | undefined;
  readonly #mayLeaveUnparsed: () => boolean;
  readonly #trustSkipped: boolean;
  readonly #scanner: RecordScanner | undefined;
  // Whether records may be read from the members the reader reads only, and the filter
  // records are tested with first.
  readonly #picking: boolean;
  #prefilter: Prefilter | undefined;
  #prefilterTried = 0;
  #prefilterPassed = 0;
  // Whether the scanner holds the window's bytes, and the input offset of the record it last
  // stopped at, which the reader then reads itself.
  #scannerLoaded = false;
  #noScanAt = NONE;
  // The first `\u` or `\/` at or after an index of `#bytes` (NONE: none), so that asking for
  // each record costs one search per backslash, not one per record.
  #hidingFrom = 0;
  #hidingAt = NONE;
  // Whether the window's bytes are UTF-8 through and through.
  #utf8Known = false;
  // The records completed since `next` last returned.
  #records: unknown[] = [];
  #pendingError: DumpError | undefined;
  // Bytes are waiting to be run over, or the end of input to be checked.
  #hasWork = false;
  #inputEnded = false;

  // Input offsets, so they survive the window's moves: where the next run starts, and the
  // first byte still needed (the start of the element, member name or first value being read).
  #resumeAt = 0;
  #keepFrom = 0;
  #state: State = "start";

  // One run over the window's bytes: those bytes and the input offset of the first (held here,
  // as only `push` changes them, to spare the hot paths a read through the window), the index
  // reached, where it must stop for the batch size, whether it did, the first index still
  // needed (NONE: none before `#scanIndex`).
  #bytes: Uint8Array = EMPTY;
  #bytesStart = 0;
  #scanIndex = 0;
  #batchLimit = 0;
  #batchEnded = false;
  #keepIndex = NONE;

  // The array being read, a member of the top-level object or the top-level value itself, and
  // whether its elements are records to return.
  #inTopObject = false;
  #emitRecords = false;
  // The element being scanned.
  #depth = 0;
  #inString = false;
  // The member of the top-level object being read: its name, and the validator that runs over
  // its value when that is not an array.
  #memberKey = "";
  #skipValidator: JsonValidator | undefined;
  // A line whose JSON.parse failed is not tried again: at most one wasted parse per line.
  #noLineTryBefore = 0;
  readonly #stopAt: number;
  #stoppedAt: number | undefined;

  constructor(options: DumpSplitterOptions) {
    const optionNames = options.optionNames ?? LIBRARY_OPTION_NAMES;
    const everyResource = options.everyResource === true && options.resource === undefined;
    this.#checkUtf8 = (options.invalidUtf8 ?? "error") === "error";
    this.#decoder = new TextDecoder("utf-8", { fatal: this.#checkUtf8, ignoreBOM: true });
    this.#rawFilter = options.rawFilter;
    this.#mayLeaveUnparsed = options.mayLeaveUnparsed ?? (() => true);
    this.#trustSkipped = options.trustSkipped === true;
    const raw = options.rawFilter;
    this.#picking = options.members !== undefined;
    this.#prefilter = options.prefilter;
    this.#scanner =
      options.scanInWebAssembly === false
        ? undefined
        : (options.recordScanner ?? createRecordScanner(options));
    raw?.searchWith(this.#scanner && ((needle, bytes, from) => this.#find(needle, bytes, from)));
    this.#errors = new ReaderErrors(this.#window, this.#checkUtf8, optionNames);
    this.#resources = new ResourceChoice(
      options.resource,
      everyResource,
      optionNames,
      this.#errors,
    );
    this.#stopAt = options.stopAt ?? Number.POSITIVE_INFINITY;
    const startAt = options.startAt;
    if (startAt !== undefined) {
      this.#window.beginAt(startAt.offset);
      this.#resumeAt = startAt.offset;
      this.#keepFrom = startAt.offset;
      this.#noLineTryBefore = startAt.offset;
      this.#shape = startAt.shape;
      this.#emitRecords = true;
      this.#state = startAt.shape === "ndjson" ? "lines" : "arrayNext";
    }
  }

  /**
   * The input offset of the first record at or after `stopAt`, where reading stopped; the
   * input's end when it ended first; undefined while reading goes on.
   */
  get stoppedAt(): number | undefined {
    return this.#stoppedAt;
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
    return this.#recordsRead;
  }

  /**
   * How the input holds its records, once its first value has begun; an object is a
   * "list-response" until a second array member makes it a "dump".
   */
  get shape(): DumpShape | undefined {
    if (this.#shape !== undefined || !this.#inTopObject) return this.#shape;
    return this.#resources.arrayMembers.length > 1 ? "dump" : "list-response";
  }

  /** Adds the next chunk of input; call `next` until it returns undefined before the next push. */
  push(chunk: Uint8Array): void {
    if (this.#pendingError !== undefined || this.#stoppedAt !== undefined) return;
    if (chunk.length === 0) return;
    this.#window.append(chunk, this.#keepFrom);
    this.#hasWork = true;
  }

  /** Declares the end of the input. */
  end(): void {
    if (this.#stoppedAt !== undefined) return;
    this.#inputEnded = true;
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
    const records = this.#records;
    if (records.length > 0) {
      this.#recordsRead += records.length;
      this.#records = [];
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
    return { shape, resources, records: this.#recordsRead, bytesRead: this.#window.end };
  }

  /** Decodes and parses `#bytes[start, end)`; throws the decoder's or JSON.parse's error. */
  #parse(start: number, end: number): unknown {
    return parseJson(this.#decoder.decode(this.#bytes.subarray(start, end)));
  }

  /**
   * Whether the record at `#bytes[start, end)` can be left unparsed: its raw bytes fail the
   * raw filter, hold no escape that may hide a character of its needles (`\u`, or `\/` for a
   * "/"; the others stand for `"`, `\` and controls, which no needle holds), and are a JSON
   * object JSON.parse would accept (or the input is trusted: `trustSkipped`). Counted then.
   */
  #leftUnparsed(start: number, end: number, extentKnown: boolean): boolean {
    const raw = this.#rawFilter;
    if (raw === undefined || !this.#emitRecords || !this.#mayLeaveUnparsed()) return false;
    const bytes = this.#bytes;
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
    if (!trusted && !isPlainJsonObject(bytes, start, end, this.#utf8Known)) return false;
    this.#recordsRead++;
    return true;
  }

  /** Parses the bytes of one element; keeps it when the records of this array are wanted. */
  #element(start: number, end: number): void {
    if (this.#leftUnparsed(start, end, true)) return;
    let value: unknown;
    try {
      value = this.#parse(start, end);
    } catch (cause) {
      throw this.#errors.ofElement(start, end, cause);
    }
    if (this.#emitRecords) this.#records.push(value);
  }

  /**
   * Tries the element at `start` (a "{") as the whole rest of its line, up to `nl`, less white
   * space and (in an array) one ",". If JSON.parse accepts it, it is the element: an object's
   * extent is fixed by its brackets, so a text that parses as one object ends where the
   * element does. Returns the index after the element, or -1 when the line does not qualify.
   */
  #tryLine(start: number, nl: number, comma: boolean): number {
    const bytes = this.#bytes;
    let end = nl;
    let c = bytes[end - 1] ?? 0;
    while (c === SPACE || c === CARRIAGE_RETURN || c === TAB) c = bytes[--end - 1] ?? 0;
    if (c === COMMA && comma) {
      c = bytes[--end - 1] ?? 0;
      while (c === SPACE || c === CARRIAGE_RETURN || c === TAB) c = bytes[--end - 1] ?? 0;
    }
    if (c !== CLOSE_BRACE || end <= start) return -1;
    // An NDJSON line is one record; a line of an array is one only if it parses as one.
    if (this.#leftUnparsed(start, end, !comma)) return end;
    let value: unknown;
    try {
      const picked = this.#picked(start, end);
      if (picked === LEFT_OUT) return end;
      value = picked ?? this.#parse(start, end);
    } catch {
      this.#noLineTryBefore = this.#bytesStart + nl;
      return -1;
    }
    if (this.#emitRecords) this.#records.push(value);
    return end;
  }

  /**
   * Advances over the window from `#resumeAt`, one state's step at a time; on return
   * `#keepFrom` is the first byte still needed. Returns true when it stopped for the batch
   * size, with bytes left.
   */
  #run(): boolean {
    const window = this.#window;
    const base = window.start;
    if (this.#bytes !== window.bytes || this.#bytesStart !== base) {
      this.#hidingFrom = Number.MAX_SAFE_INTEGER;
      this.#hidingAt = NONE;
      // Checked once for the window, so that records left unparsed need not check it one by one
      // (the scanner checks the records it goes over).
      this.#utf8Known =
        this.#rawFilter !== undefined &&
        this.#scanner === undefined &&
        isUtf8?.(window.bytes) === true;
      this.#rawFilter?.forget();
      this.#scannerLoaded = false;
    }
    this.#bytes = window.bytes;
    this.#bytesStart = base;
    this.#scanIndex = this.#resumeAt - base;
    this.#batchLimit = this.#scanIndex + BATCH_BYTES;
    this.#batchEnded = false;
    this.#keepIndex = NONE;
    while (this.#step()) {
      // Each step moves the state on; it returns false when it needs more input or stops.
    }
    const n = this.#bytes.length;
    const index = this.#scanIndex;
    this.#resumeAt = base + index;
    this.#keepFrom = base + (this.#keepIndex === NONE ? Math.min(index, n) : this.#keepIndex);
    if (this.#stoppedAt !== undefined) return false;
    if (this.#batchEnded) return true;
    if (this.#inputEnded) {
      this.#endOfInput();
      if (this.#stopAt !== Number.POSITIVE_INFINITY) this.#stoppedAt = this.#window.end;
    }
    return false;
  }

  /** Runs the current state's step: true to go on, false to stop this run. */
  #step(): boolean {
    switch (this.#state) {
      case "arrayFirst":
      case "arrayNext":
      case "lines":
        return this.#record();
      case "element":
        return this.#scanElement();
      case "scalar":
        return this.#scanScalar();
      case "arrayAfter":
        return this.#afterElement();
      case "start":
        return this.#start();
      case "probe":
        return this.#probe();
      case "objectFirst":
      case "objectNext":
        return this.#memberName();
      case "key":
        return this.#scanKey();
      case "colon":
        return this.#colon();
      case "member":
        return this.#member();
      case "skip":
        return this.#skip();
      case "objectAfter":
        return this.#afterMember();
      case "end":
        return this.#afterValue();
    }
  }

  /** Moves `#scanIndex` past white space; returns the byte there, or NONE at the window's end. */
  #skipSpace(): number {
    const bytes = this.#bytes;
    const n = bytes.length;
    let i = this.#scanIndex;
    let c = bytes[i] ?? 0;
    while (i < n && isJsonSpace(c)) c = bytes[++i] ?? 0;
    this.#scanIndex = i;
    return i < n ? c : NONE;
  }

  /** Stops the run to wait for more input, keeping the window's bytes from index `keepIndex` on. */
  #wait(keepIndex: number): false {
    this.#keepIndex = keepIndex;
    return false;
  }

  /** `arrayFirst`, `arrayNext`, `lines`: a record starts, or (in an array) the array ends. */
  #record(): boolean {
    const state = this.#state;
    const c = this.#skipSpace();
    if (c === NONE) return false;
    const i = this.#scanIndex;
    // An empty array's "]" is no record: the reader goes on to the end of the input.
    if (this.#bytesStart + i >= this.#stopAt && !(c === CLOSE_BRACKET && state === "arrayFirst")) {
      this.#stoppedAt = this.#bytesStart + i;
      return this.#wait(i);
    }
    if (i >= this.#batchLimit) {
      this.#batchEnded = true;
      return false;
    }
    if (c === OPEN_BRACE) {
      if (this.#bytesStart + i !== this.#noScanAt && this.#skipRecords(i)) return true;
      return this.#object(i);
    }
    if (state === "arrayFirst" && c === CLOSE_BRACKET) {
      this.#scanIndex = i + 1;
      this.#state = this.#inTopObject ? "objectAfter" : "end";
      return true;
    }
    if (state !== "lines" && !this.#emitRecords && startsJsonValue(c)) {
      // An array whose elements are not read for records may hold anything.
      this.#keepFrom = this.#bytesStart + i;
      this.#depth = c === OPEN_BRACKET ? 1 : 0;
      this.#inString = c === QUOTE;
      this.#scanIndex = i + 1;
      this.#state = c === OPEN_BRACKET || c === QUOTE ? "element" : "scalar";
      return true;
    }
    if (startsJsonValue(c)) {
      const found = describeByte(this.#bytes, i);
      throw this.#errors.at(
        "WRONG_SHAPE",
        this.#bytesStart + i,
        (at) => `expected a record (a JSON object), found ${found} at ${at}`,
      );
    }
    throw this.#errors.unexpected(i, EXPECTED[state]);
  }

  /**
   * Goes over the records from the "{" at `i` on that the raw filter rules out, one a line,
   * checked in WebAssembly (the same checks as `#leftUnparsed`), up to the first the scanner
   * cannot settle, which the reader then reads itself. True when it went over any.
   */
  #skipRecords(i: number): boolean {
    const scanner = this.#scanner;
    const raw = this.#rawFilter;
    if (scanner === undefined || raw === undefined || !this.#emitRecords) return false;
    if (this.#bytesStart + i < this.#noLineTryBefore || !this.#mayLeaveUnparsed()) return false;
    const nl = this.#window.nextBreak(i);
    const bound = raw.bound(this.#bytes, i);
    // No line to end the record, or one that may hold the needles: read it as any other.
    if (nl === NONE || bound <= nl) return false;
    this.#loadScanner(scanner);
    const limit = Math.min(this.#batchLimit, this.#stopAt - this.#bytesStart);
    const lines = this.#state === "lines";
    // Trusted as `#leftUnparsed` trusts: a line's record, and bytes that are not UTF-8 an error.
    const stop = scanner.goOver(i, limit, bound, !lines, this.#trustSkipped && this.#checkUtf8);
    this.#noScanAt = this.#bytesStart + stop;
    if (scanner.skipped === 0) return false;
    this.#recordsRead += scanner.skipped;
    this.#scanIndex = stop;
    if (this.#state === "arrayFirst") this.#state = "arrayNext";
    return true;
  }

  /** The raw filter's search of the window's bytes, by the scanner, which loads them first. */
  #find(needle: number, bytes: Uint8Array, from: number): number | undefined {
    const scanner = this.#scanner;
    if (scanner === undefined || bytes !== this.#bytes) return undefined;
    this.#loadScanner(scanner);
    return scanner.find(needle, from);
  }

  #loadScanner(scanner: RecordScanner): void {
    if (this.#scannerLoaded) return;
    scanner.load(this.#bytes);
    this.#scannerLoaded = true;
  }

  /**
   * The record at `#bytes[start, end)` read from its members alone, when it may be read so and
   * the scanner accepts it: LEFT_OUT (counted) when the prefilter fails on the members it
   * reads, else an object of the members the reader reads; undefined when it is to be parsed
   * whole.
   */
  #picked(start: number, end: number): unknown {
    const scanner = this.#scanner;
    const prefilter = this.#prefilter;
    if (scanner === undefined || (!this.#picking && prefilter === undefined)) return undefined;
    if (!this.#emitRecords || !this.#mayLeaveUnparsed()) return undefined;
    this.#loadScanner(scanner);
    if (!scanner.pick(start, end)) return undefined;
    if (prefilter !== undefined) {
      const passed = prefilter.matches(parseJson(this.#decoder.decode(scanner.first)));
      this.#weighPrefilter(passed);
      if (!passed) {
        this.#recordsRead++;
        return LEFT_OUT;
      }
    }
    return this.#picking ? parseJson(this.#decoder.decode(scanner.second)) : undefined;
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

  /** A record's "{" at `i`: its line is tried first, else its bytes are scanned. */
  #object(i: number): boolean {
    const lines = this.#state === "lines";
    const nl = this.#window.nextBreak(i);
    const n = this.#bytes.length;
    if (nl === NONE && lines) {
      if (!this.#inputEnded) return this.#wait(i);
      if (this.#tryLine(i, n, false) === -1) throw this.#errors.ofLine(i, NONE, this.#inputEnded);
      this.#scanIndex = n;
      return true;
    }
    if (nl !== NONE && this.#bytesStart + i >= this.#noLineTryBefore) {
      const end = this.#tryLine(i, nl, !lines);
      if (end !== -1) {
        this.#scanIndex = lines ? nl : end;
        if (!lines) this.#state = "arrayAfter";
        return true;
      }
    }
    if (lines) throw this.#errors.ofLine(i, nl, this.#inputEnded);
    if (nl === NONE && !this.#inputEnded && n - i < DEFER_LIMIT) return this.#wait(i);
    this.#keepFrom = this.#bytesStart + i;
    this.#depth = 1;
    this.#inString = false;
    this.#scanIndex = i + 1;
    this.#state = "element";
    return true;
  }

  /** `element`: the hot loop, depth and string state only; JSON.parse checks the rest. */
  #scanElement(): boolean {
    const bytes = this.#bytes;
    const n = bytes.length;
    let i = this.#scanIndex;
    let depth = this.#depth;
    let inString = this.#inString;
    let done = false;
    while (i < n) {
      const c = bytes[i] ?? 0;
      i++;
      if (inString) {
        if (c === QUOTE) {
          inString = false;
          if (depth === 0) {
            done = true;
            break;
          }
        } else if (c === BACKSLASH) i++;
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) {
        done = true;
        break;
      }
    }
    this.#scanIndex = i;
    const start = this.#keepFrom - this.#bytesStart;
    if (!done) {
      this.#depth = depth;
      this.#inString = inString;
      return this.#wait(start);
    }
    this.#element(start, i);
    this.#state = "arrayAfter";
    return true;
  }

  /** `scalar`: a number or literal element, up to the byte that ends it. */
  #scanScalar(): boolean {
    const bytes = this.#bytes;
    const n = bytes.length;
    let i = this.#scanIndex;
    let c = bytes[i] ?? 0;
    while (i < n && !isJsonSpace(c) && c !== COMMA && c !== CLOSE_BRACKET && c !== CLOSE_BRACE)
      c = bytes[++i] ?? 0;
    this.#scanIndex = i;
    const start = this.#keepFrom - this.#bytesStart;
    if (i >= n && !this.#inputEnded) return this.#wait(start);
    this.#element(start, i);
    this.#state = "arrayAfter";
    return true;
  }

  /** `arrayAfter`: a "," before the next element, or the array's "]". */
  #afterElement(): boolean {
    const c = this.#skipSpace();
    if (c === NONE) return false;
    if (c === COMMA) this.#state = "arrayNext";
    else if (c === CLOSE_BRACKET) this.#state = this.#inTopObject ? "objectAfter" : "end";
    else throw this.#errors.unexpected(this.#scanIndex, EXPECTED.arrayAfter);
    this.#scanIndex++;
    return true;
  }

  /** `start`: a BOM, then the top-level value's first byte decides the shape. */
  #start(): boolean {
    const bytes = this.#bytes;
    const base = this.#bytesStart;
    if (base + this.#scanIndex === 0 && bytes[0] === BOM_FIRST) {
      if (bytes.length < 3 && !this.#inputEnded) return this.#wait(0);
      if (bytes[1] === BOM_SECOND && bytes[2] === BOM_THIRD) this.#scanIndex = 3;
    }
    const c = this.#skipSpace();
    if (c === NONE) return false;
    const i = this.#scanIndex;
    if (c === OPEN_BRACKET) {
      this.#shape = "array";
      this.#inTopObject = false;
      this.#emitRecords = true;
      this.#scanIndex = i + 1;
      this.#state = "arrayFirst";
      return true;
    }
    if (c === OPEN_BRACE) {
      this.#keepFrom = base + i;
      this.#state = "probe";
      return true;
    }
    if (startsJsonValue(c)) {
      const found = describeByte(bytes, i);
      throw this.#errors.at(
        "WRONG_SHAPE",
        base + i,
        (at) => `expected an array or an object of records, found ${found} at ${at}`,
      );
    }
    throw this.#errors.unexpected(i, EXPECTED.start);
  }

  /** `probe`: once decided, reads the "{" as NDJSON's first line or as one object. */
  #probe(): boolean {
    const probe = this.#ndjsonProbe ?? new NdjsonProbe(this.#keepFrom);
    this.#ndjsonProbe = probe;
    const decided = probe.decide(this.#window, this.#inputEnded);
    const start = this.#keepFrom - this.#bytesStart;
    if (decided === undefined) {
      this.#scanIndex = this.#bytes.length;
      return this.#wait(start);
    }
    this.#scanIndex = start;
    if (decided === "ndjson") {
      this.#shape = "ndjson";
      this.#emitRecords = true;
      this.#state = "lines";
    } else {
      this.#inTopObject = true;
      this.#scanIndex++;
      this.#state = "objectFirst";
    }
    return true;
  }

  /** `objectFirst`, `objectNext`: a member's name, or (first) the object's "}". */
  #memberName(): boolean {
    const c = this.#skipSpace();
    if (c === NONE) return false;
    const i = this.#scanIndex;
    if (c === QUOTE) {
      this.#keepFrom = this.#bytesStart + i;
      this.#scanIndex = i + 1;
      this.#state = "key";
    } else if (c === CLOSE_BRACE && this.#state === "objectFirst") {
      this.#resources.checkFound(this.#bytesStart + i);
      this.#scanIndex = i + 1;
      this.#state = "end";
    } else throw this.#errors.unexpected(i, EXPECTED[this.#state]);
    return true;
  }

  /** `key`: the rest of a member's name, then the name itself. */
  #scanKey(): boolean {
    const bytes = this.#bytes;
    const n = bytes.length;
    let i = this.#scanIndex;
    let c = bytes[i] ?? 0;
    while (i < n && c !== QUOTE) {
      i += c === BACKSLASH ? 2 : 1;
      c = bytes[i] ?? 0;
    }
    const start = this.#keepFrom - this.#bytesStart;
    if (i >= n) {
      this.#scanIndex = i;
      return this.#wait(start);
    }
    this.#scanIndex = ++i;
    try {
      this.#memberKey = this.#parse(start, i) as string;
    } catch (cause) {
      throw this.#errors.ofElement(start, i, cause);
    }
    this.#resources.checkRepeated(this.#memberKey, this.#keepFrom);
    this.#state = "colon";
    return true;
  }

  /** `colon`: the ":" after a member's name. */
  #colon(): boolean {
    const c = this.#skipSpace();
    if (c === NONE) return this.#wait(this.#keepFrom - this.#bytesStart);
    if (c !== COLON) throw this.#errors.unexpected(this.#scanIndex, EXPECTED.colon);
    this.#scanIndex++;
    this.#state = "member";
    return true;
  }

  /** `member`: an array member may hold the records; any other value is skipped. */
  #member(): boolean {
    const c = this.#skipSpace();
    if (c === NONE) return this.#wait(this.#keepFrom - this.#bytesStart);
    if (c === OPEN_BRACKET) {
      if (this.#resources.everyResource && this.#records.length > 0) {
        // The records so far are another member's: their batch ends before this array.
        this.#batchEnded = true;
        return false;
      }
      this.#emitRecords = this.#resources.choose(this.#memberKey, this.#keepFrom);
      this.#scanIndex++;
      this.#state = "arrayFirst";
    } else if (startsJsonValue(c)) {
      this.#skipValidator = new JsonValidator(this.#checkUtf8);
      this.#state = "skip";
    } else throw this.#errors.unexpected(this.#scanIndex, "a value");
    return true;
  }

  /** `skip`: a member that is not an array, checked and dropped without being held. */
  #skip(): boolean {
    const validator = this.#skipValidator ?? new JsonValidator(this.#checkUtf8);
    const bytes = this.#bytes;
    const n = bytes.length;
    let stop: number;
    try {
      stop = validator.feed(bytes, this.#scanIndex, n);
      if (stop === -1 && this.#inputEnded) {
        validator.end(n);
        stop = n;
      }
    } catch (fault) {
      if (!(fault instanceof JsonFault)) throw fault;
      if (fault.truncated) throw this.#errors.truncated(EXPECTED.skip);
      throw this.#errors.ofFault(fault);
    }
    if (stop === -1) {
      this.#scanIndex = n;
      return false;
    }
    this.#skipValidator = undefined;
    this.#scanIndex = stop;
    this.#state = "objectAfter";
    return true;
  }

  /** `objectAfter`: a "," before the next member, or the top-level object's "}". */
  #afterMember(): boolean {
    const c = this.#skipSpace();
    if (c === NONE) return false;
    if (c === COMMA) this.#state = "objectNext";
    else if (c === CLOSE_BRACE) {
      this.#resources.checkFound(this.#bytesStart + this.#scanIndex);
      this.#state = "end";
    } else throw this.#errors.unexpected(this.#scanIndex, EXPECTED.objectAfter);
    this.#scanIndex++;
    return true;
  }

  /** `end`: nothing but white space may follow the top-level value. */
  #afterValue(): boolean {
    const c = this.#skipSpace();
    if (c === NONE) return false;
    // A first line past the cap was taken for a document: say so, it may be NDJSON.
    const overCap = this.#ndjsonProbe?.firstLineOverCap === true;
    const hint = overCap ? " (a first line over 4 MiB is not read as NDJSON)" : "";
    throw this.#errors.unexpected(
      this.#scanIndex,
      `the end of the input after the top-level value${hint}`,
    );
  }

  /** Checks the state the input ended in. */
  #endOfInput(): void {
    switch (this.#state) {
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
        const start = this.#keepFrom - this.#bytesStart;
        throw this.#errors.ofElement(start, this.#bytes.length, undefined);
      }
      default:
        throw this.#errors.truncated(EXPECTED[this.#state]);
    }
  }
}
