// Reads the records of a dump as a stream, with memory bounded by the largest record rather
// than the input. A byte-level splitter finds each record's bytes (depth is a counter, string
// and escape state carry over chunk boundaries) and JSON.parse builds it; where a record sits
// alone on its line, the splitter does not even scan it: it tries JSON.parse on the line, which
// is exact (see `#tryLine`). bench/stream.bench.ts measures this choice. Bytes are decoded
// with a fatal TextDecoder, so a record holding bytes that are not UTF-8 is never decoded with
// U+FFFD unasked: the validator then finds the first bad byte.
import {
  DumpError,
  type DumpErrorCode,
  type DumpPosition,
  formatDumpPosition,
} from "../errors/dump-error.ts";
import { indexOfByte } from "./index-of-byte.ts";
import {
  describeByte,
  isJsonSpace,
  JsonFault,
  JsonValidator,
  startsJsonValue,
} from "./json-validator.ts";
import type { InvalidUtf8Mode } from "./utf8.ts";

/** How a dump holds its records (grammar/language.md 10.1). */
export type DumpShape = "array" | "list-response" | "dump" | "ndjson";

/** What the reader's messages call the options that mend an error: the library's or the CLI's. */
export interface OptionNames {
  readonly resource: string;
  readonly replaceInvalidUtf8: string;
}

export const LIBRARY_OPTION_NAMES: OptionNames = {
  resource: "the resource option",
  replaceInvalidUtf8: 'invalidUtf8: "replace"',
};

/** Options of `readDump`. */
export interface ReadDumpOptions {
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
}

/** Records read from one stretch of the input, in input order. */
export interface RecordBatch {
  readonly records: unknown[];
  /** The member of a top-level object the records come from; undefined for an array or NDJSON. */
  readonly resource: string | undefined;
  /** Bytes of input consumed so far, this batch's included. */
  readonly bytesRead: number;
}

/** What the reader found once the input has ended: the generator's return value. */
export interface ReadSummary {
  readonly shape: DumpShape;
  /** The members of a top-level object whose values are arrays, in input order. */
  readonly resources: readonly string[];
  readonly records: number;
  readonly bytesRead: number;
}

/**
 * A first line longer than this, opening with "{", is taken for one document without waiting
 * for its end: NDJSON records are not this large, one-line list responses can be (and holding
 * more would cost more than the memory a streaming read is allowed).
 */
export const NDJSON_FIRST_LINE_CAP = 4 * 1024 * 1024;

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

/**
 * Reads records from a byte stream, detecting its shape; yields a batch of records per input
 * chunk (or per 64 KiB of it), and returns a summary. Shapes, from the first non-space byte:
 * `[` is an array of records; `{` is NDJSON when its first line holds exactly one complete
 * value and another value follows on a later line (raw line breaks cannot occur inside JSON
 * strings), else one object whose array members are resources: `options.resource` names the
 * one to read, else the first array member is read and a second one is an error (a list
 * response has one array member plus `_links`; a dump has several). A UTF-8 BOM at the very
 * start is skipped. Throws DumpError for bad input (INVALID_UTF8 at the first byte of a
 * character that is not UTF-8, unless `invalidUtf8` is "replace"), after yielding the records
 * that precede the error.
 */
export async function* readDump(
  input: AsyncIterable<Uint8Array>,
  options: ReadDumpOptions = {},
): AsyncGenerator<RecordBatch, ReadSummary> {
  const splitter = new DumpSplitter(options);
  for await (const chunk of input) {
    splitter.push(chunk);
    yield* drain(splitter);
  }
  splitter.end();
  yield* drain(splitter);
  return splitter.summary();
}

/** Yields the batches the splitter can complete from what it holds, then its error if any. */
function* drain(splitter: DumpSplitter): Generator<RecordBatch> {
  for (let records = splitter.next(); records !== undefined; records = splitter.next()) {
    if (records.length > 0) {
      yield { records, resource: splitter.resource, bytesRead: splitter.offset };
    }
  }
  splitter.throwPending();
}

/** Splits a JSON text, fed in chunks, into parsed records; one instance per input. */
export class DumpSplitter {
  readonly #resource: string | undefined;
  readonly #everyResource: boolean;
  readonly #names: OptionNames;
  readonly #checkUtf8: boolean;
  readonly #decoder: InstanceType<typeof TextDecoder>;
  #chosen: string | undefined;
  #shape: DumpShape | undefined;
  readonly #arrays: string[] = [];
  #count = 0;
  #out: unknown[] = [];
  #pending: DumpError | undefined;
  // Bytes are waiting to be run over, or the end of input to be checked.
  #todo = false;
  #eof = false;

  // The bytes not yet discarded: `#buf[0]` is input byte `#base`.
  #buf: Uint8Array = EMPTY;
  #store: Uint8Array = EMPTY;
  #base = 0;
  // Absolute offsets, so they survive the buffer's moves: where the next run starts, and the
  // first byte still needed.
  #pos = 0;
  #mark = 0;
  #state: State = "start";

  // One run over `#buf`: the index reached, where it must stop for the batch size, whether it
  // did, the first index still needed (NONE: none before `#i`).
  #i = 0;
  #stopAt = 0;
  #stopped = false;
  #keep = NONE;

  // The array being read: a member of the top-level object or the top-level value itself.
  #inObject = false;
  #emit = false;
  // The element being scanned.
  #depth = 0;
  #inString = false;
  #key = "";
  #validator: JsonValidator | undefined;
  #probeScan = 0;
  #probeEnd = NONE;
  #probeCapped = false;
  // No line break lies between the last search's start and this offset, where the search
  // stopped (at the break it found, or the end): the next search resumes there, so each byte
  // is searched once, however often a search starts before it.
  #noBreakBefore = 0;
  // Line bookkeeping: newlines are counted up to `#counted`, as bytes are discarded.
  #counted = 0;
  #lines = 0;
  #lineStart = 0;
  // A line whose JSON.parse failed is not tried again: at most one wasted parse per line.
  #noTryBefore = 0;

  constructor(options: ReadDumpOptions) {
    this.#resource = options.resource;
    this.#everyResource = options.everyResource === true && options.resource === undefined;
    this.#names = options.optionNames ?? LIBRARY_OPTION_NAMES;
    this.#checkUtf8 = (options.invalidUtf8 ?? "error") === "error";
    this.#decoder = new TextDecoder("utf-8", { fatal: this.#checkUtf8, ignoreBOM: true });
  }

  /** The member the records come from, once known. */
  get resource(): string | undefined {
    return this.#chosen;
  }

  /** Bytes of input run over so far. */
  get offset(): number {
    return Math.min(this.#pos, this.#base + this.#buf.length);
  }

  /** Records read so far. */
  get recordsRead(): number {
    return this.#count;
  }

  /**
   * How the input holds its records, once its first value has begun; an object is a
   * "list-response" until a second array member makes it a "dump".
   */
  get shape(): DumpShape | undefined {
    if (this.#shape !== undefined || !this.#inObject) return this.#shape;
    return this.#arrays.length > 1 ? "dump" : "list-response";
  }

  /** Adds the next chunk of input; call `next` until it returns undefined before the next push. */
  push(chunk: Uint8Array): void {
    if (this.#pending !== undefined || chunk.length === 0) return;
    this.#append(chunk);
    this.#todo = true;
  }

  /** Declares the end of the input. */
  end(): void {
    this.#eof = true;
    this.#todo = true;
  }

  /** Runs over up to about 64 KiB; returns the records completed, or undefined when idle. */
  next(): unknown[] | undefined {
    if (!this.#todo) return undefined;
    this.#todo = false;
    if (this.#pending === undefined) {
      try {
        this.#todo = this.#run();
      } catch (error) {
        if (!(error instanceof DumpError)) throw error;
        this.#pending = error;
      }
    }
    const out = this.#out;
    if (out.length > 0) {
      this.#count += out.length;
      this.#out = [];
    }
    return out;
  }

  /** Throws the error met while producing the records last returned, if any. */
  throwPending(): void {
    if (this.#pending !== undefined) throw this.#pending;
  }

  /** Describes the input once it has been read whole. */
  summary(): ReadSummary {
    const shape = this.shape ?? "list-response";
    const bytesRead = this.#base + this.#buf.length;
    return { shape, resources: [...this.#arrays], records: this.#count, bytesRead };
  }

  /** Makes `#buf` hold the kept bytes followed by `chunk`, growing the store geometrically. */
  #append(chunk: Uint8Array): void {
    const keepFrom = this.#mark - this.#base;
    const kept = this.#buf.length - keepFrom;
    this.#countLines(this.#mark);
    if (kept === 0) {
      this.#base += this.#buf.length;
      this.#buf = chunk;
      return;
    }
    const needed = kept + chunk.length;
    const fromStore = this.#buf.buffer === this.#store.buffer && this.#store.length > 0;
    if (this.#store.length < needed || this.#store.length > 8 * Math.max(needed, 1 << 20)) {
      const store = new Uint8Array(Math.max(needed * 2, 1 << 16));
      store.set(this.#buf.subarray(keepFrom));
      this.#store = store;
    } else if (fromStore) {
      const from = this.#buf.byteOffset - this.#store.byteOffset + keepFrom;
      if (from > 0) this.#store.copyWithin(0, from, from + kept);
    } else {
      this.#store.set(this.#buf.subarray(keepFrom));
    }
    this.#store.set(chunk, kept);
    this.#base += keepFrom;
    this.#buf = this.#store.subarray(0, needed);
  }

  /**
   * The index of the first line break at or after index `from` of `#buf`, or NONE; `from` never
   * goes back, as the runs move forward.
   */
  #nextBreak(from: number): number {
    const buf = this.#buf;
    const nl = indexOfByte(buf, 0x0a, Math.max(from, this.#noBreakBefore - this.#base));
    this.#noBreakBefore = this.#base + (nl === -1 ? buf.length : nl);
    return nl === -1 ? NONE : nl;
  }

  /** Counts the line breaks before absolute offset `to` (all in `#buf`). */
  #countLines(to: number): void {
    // The search stops at `to`: beyond it may lie a record of any length, not yet ended.
    const buf = this.#buf.subarray(0, to - this.#base);
    let at = this.#counted - this.#base;
    for (;;) {
      const nl = indexOfByte(buf, 0x0a, at);
      if (nl === -1) break;
      this.#lines++;
      this.#lineStart = this.#base + nl + 1;
      at = nl + 1;
    }
    if (to > this.#counted) this.#counted = to;
  }

  #positionOf(offset: number): DumpPosition {
    this.#countLines(offset);
    return { offset, line: this.#lines + 1, column: offset - this.#lineStart + 1 };
  }

  #error(code: DumpErrorCode, offset: number, text: (at: string) => string): DumpError {
    const position = this.#positionOf(offset);
    return new DumpError(code, text(formatDumpPosition(position)), position);
  }

  #unexpected(index: number, expected: string): DumpError {
    const found = describeByte(this.#buf, index);
    return this.#error(
      "MALFORMED_JSON",
      this.#base + index,
      (at) => `expected ${expected}, found ${found} at ${at}`,
    );
  }

  #truncated(expected: string): DumpError {
    const end = this.#base + this.#buf.length;
    return this.#error(
      "TRUNCATED_INPUT",
      end,
      (at) => `expected ${expected}, found the end of the input at ${at}`,
    );
  }

  /** The error of an element that did not decode or parse: the first fault the validator finds. */
  #elementError(start: number, end: number, cause: unknown): DumpError {
    const buf = this.#buf;
    const validator = new JsonValidator(this.#checkUtf8);
    try {
      const stop = validator.feed(buf, start, end);
      if (stop === -1) validator.end(end);
      else if (stop < end) {
        let i = stop;
        while (i < end && isJsonSpace(buf[i] ?? 0)) i++;
        if (i < end) return this.#unexpected(i, "the end of the element");
      }
    } catch (fault) {
      if (!(fault instanceof JsonFault)) throw fault;
      if (fault.truncated) return this.#truncated("the end of the element");
      return this.#faultError(fault);
    }
    // The validator accepted what JSON.parse refused: report JSON.parse's words at the start.
    const why = cause instanceof Error ? cause.message : String(cause);
    return this.#error(
      "MALFORMED_JSON",
      this.#base + start,
      (at) => `invalid JSON at ${at}: ${why}`,
    );
  }

  /** The DumpError of what the validator found. */
  #faultError(fault: JsonFault): DumpError {
    const code = fault.invalidUtf8 ? "INVALID_UTF8" : "MALFORMED_JSON";
    const hint = fault.invalidUtf8
      ? `; ${this.#names.replaceInvalidUtf8} reads such bytes as U+FFFD`
      : "";
    return this.#error(
      code,
      this.#base + fault.index,
      (at) => `${fault.description} at ${at}${hint}`,
    );
  }

  /** Decodes and parses `#buf[start, end)`; throws what the decoder or JSON.parse threw. */
  #parse(start: number, end: number): unknown {
    return JSON.parse(this.#decoder.decode(this.#buf.subarray(start, end)));
  }

  /** Parses the bytes of one element; pushes it when the records of this array are wanted. */
  #element(start: number, end: number): void {
    let value: unknown;
    try {
      value = this.#parse(start, end);
    } catch (cause) {
      throw this.#elementError(start, end, cause);
    }
    if (this.#emit) this.#out.push(value);
  }

  /**
   * Tries the element at `start` (a "{") as the whole rest of its line, up to `nl`, less white
   * space and (in an array) one ",". If JSON.parse accepts it, it is the element: an object's
   * extent is fixed by its brackets, so a text that parses as one object ends where the
   * element does. Returns the index after the element, or -1 when the line does not qualify.
   */
  #tryLine(start: number, nl: number, comma: boolean): number {
    const buf = this.#buf;
    let end = nl;
    let c = buf[end - 1] ?? 0;
    while (c === 0x20 || c === 0x0d || c === 0x09) c = buf[--end - 1] ?? 0;
    if (c === 0x2c && comma) {
      c = buf[--end - 1] ?? 0;
      while (c === 0x20 || c === 0x0d || c === 0x09) c = buf[--end - 1] ?? 0;
    }
    if (c !== 0x7d || end <= start) return -1;
    let value: unknown;
    try {
      value = this.#parse(start, end);
    } catch {
      this.#noTryBefore = this.#base + nl;
      return -1;
    }
    if (this.#emit) this.#out.push(value);
    return end;
  }

  /**
   * Advances over `#buf` from `#pos`, one state's step at a time; on return `#mark` is the
   * first byte still needed. Returns true when it stopped for the batch size, with bytes left.
   */
  #run(): boolean {
    const base = this.#base;
    this.#i = this.#pos - base;
    this.#stopAt = this.#i + BATCH_BYTES;
    this.#stopped = false;
    this.#keep = NONE;
    while (this.#step()) {
      // Each step moves the state on; it returns false when it needs more input or stops.
    }
    const n = this.#buf.length;
    this.#pos = base + this.#i;
    this.#mark = base + (this.#keep === NONE ? Math.min(this.#i, n) : this.#keep);
    if (this.#stopped) return true;
    if (this.#eof) this.#endOfInput();
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

  /** Moves `#i` past white space; returns the byte there, or NONE at the end of `#buf`. */
  #skipSpace(): number {
    const buf = this.#buf;
    const n = buf.length;
    let i = this.#i;
    let c = buf[i] ?? 0;
    while (i < n && isJsonSpace(c)) c = buf[++i] ?? 0;
    this.#i = i;
    return i < n ? c : NONE;
  }

  /** Stops the run to wait for more input, keeping the bytes from `#buf[keep]` on. */
  #wait(keep: number): false {
    this.#keep = keep;
    return false;
  }

  /** `arrayFirst`, `arrayNext`, `lines`: a record starts, or (in an array) the array ends. */
  #record(): boolean {
    const state = this.#state;
    const c = this.#skipSpace();
    if (c === NONE) return false;
    const i = this.#i;
    if (i >= this.#stopAt) {
      this.#stopped = true;
      return false;
    }
    if (c === 0x7b) return this.#object(i);
    if (state === "arrayFirst" && c === 0x5d) {
      this.#i = i + 1;
      this.#state = this.#inObject ? "objectAfter" : "end";
      return true;
    }
    if (state !== "lines" && !this.#emit && startsJsonValue(c)) {
      // An array whose elements are not read for records may hold anything.
      this.#mark = this.#base + i;
      this.#depth = c === 0x5b ? 1 : 0;
      this.#inString = c === 0x22;
      this.#i = i + 1;
      this.#state = c === 0x5b || c === 0x22 ? "element" : "scalar";
      return true;
    }
    if (startsJsonValue(c)) {
      const found = describeByte(this.#buf, i);
      throw this.#error(
        "WRONG_SHAPE",
        this.#base + i,
        (at) => `expected a record (a JSON object), found ${found} at ${at}`,
      );
    }
    throw this.#unexpected(i, EXPECTED[state]);
  }

  /** A record's "{" at `i`: its line is tried first, else its bytes are scanned. */
  #object(i: number): boolean {
    const lines = this.#state === "lines";
    const nl = this.#nextBreak(i);
    const n = this.#buf.length;
    if (nl === NONE && lines) {
      if (!this.#eof) return this.#wait(i);
      if (this.#tryLine(i, n, false) === -1) throw this.#lineError(i, NONE);
      this.#i = n;
      return true;
    }
    if (nl !== NONE && this.#base + i >= this.#noTryBefore) {
      const end = this.#tryLine(i, nl, !lines);
      if (end !== -1) {
        this.#i = lines ? nl : end;
        if (!lines) this.#state = "arrayAfter";
        return true;
      }
    }
    if (lines) throw this.#lineError(i, nl);
    if (nl === NONE && !this.#eof && n - i < DEFER_LIMIT) return this.#wait(i);
    this.#mark = this.#base + i;
    this.#depth = 1;
    this.#inString = false;
    this.#i = i + 1;
    this.#state = "element";
    return true;
  }

  /** `element`: the hot loop, depth and string state only; JSON.parse checks the rest. */
  #scanElement(): boolean {
    const buf = this.#buf;
    const n = buf.length;
    let i = this.#i;
    let depth = this.#depth;
    let inString = this.#inString;
    let done = false;
    while (i < n) {
      const c = buf[i] ?? 0;
      i++;
      if (inString) {
        if (c === 0x22) {
          inString = false;
          if (depth === 0) {
            done = true;
            break;
          }
        } else if (c === 0x5c) i++;
      } else if (c === 0x22) inString = true;
      else if (c === 0x7b || c === 0x5b) depth++;
      else if ((c === 0x7d || c === 0x5d) && --depth === 0) {
        done = true;
        break;
      }
    }
    this.#i = i;
    if (!done) {
      this.#depth = depth;
      this.#inString = inString;
      return this.#wait(this.#mark - this.#base);
    }
    this.#element(this.#mark - this.#base, i);
    this.#state = "arrayAfter";
    return true;
  }

  /** `scalar`: a number or literal element, up to the byte that ends it. */
  #scanScalar(): boolean {
    const buf = this.#buf;
    const n = buf.length;
    let i = this.#i;
    let c = buf[i] ?? 0;
    while (i < n && !isJsonSpace(c) && c !== 0x2c && c !== 0x5d && c !== 0x7d) c = buf[++i] ?? 0;
    this.#i = i;
    if (i >= n && !this.#eof) return this.#wait(this.#mark - this.#base);
    this.#element(this.#mark - this.#base, i);
    this.#state = "arrayAfter";
    return true;
  }

  /** `arrayAfter`: a "," before the next element, or the array's "]". */
  #afterElement(): boolean {
    const c = this.#skipSpace();
    if (c === NONE) return false;
    if (c === 0x2c) this.#state = "arrayNext";
    else if (c === 0x5d) this.#state = this.#inObject ? "objectAfter" : "end";
    else throw this.#unexpected(this.#i, EXPECTED.arrayAfter);
    this.#i++;
    return true;
  }

  /** `start`: a BOM, then the top-level value's first byte decides the shape. */
  #start(): boolean {
    const buf = this.#buf;
    const base = this.#base;
    if (base + this.#i === 0 && buf[0] === 0xef) {
      if (buf.length < 3 && !this.#eof) return this.#wait(0);
      if (buf[1] === 0xbb && buf[2] === 0xbf) this.#i = 3;
    }
    const c = this.#skipSpace();
    if (c === NONE) return false;
    const i = this.#i;
    if (c === 0x5b) {
      this.#shape = "array";
      this.#inObject = false;
      this.#emit = true;
      this.#i = i + 1;
      this.#state = "arrayFirst";
      return true;
    }
    if (c === 0x7b) {
      this.#mark = base + i;
      this.#probeScan = base + i + 1;
      this.#probeEnd = NONE;
      this.#depth = 1;
      this.#inString = false;
      this.#state = "probe";
      return true;
    }
    if (startsJsonValue(c)) {
      const found = describeByte(buf, i);
      throw this.#error(
        "WRONG_SHAPE",
        base + i,
        (at) => `expected an array or an object of records, found ${found} at ${at}`,
      );
    }
    throw this.#unexpected(i, EXPECTED.start);
  }

  /** `probe`: once decided, reads the "{" as NDJSON's first line or as one object. */
  #probe(): boolean {
    const decided = this.#decide();
    const start = this.#mark - this.#base;
    if (decided === undefined) {
      this.#i = this.#buf.length;
      return this.#wait(start);
    }
    this.#i = start;
    if (decided === "lines") {
      this.#shape = "ndjson";
      this.#emit = true;
    } else {
      this.#inObject = true;
      this.#i++;
    }
    this.#state = decided;
    return true;
  }

  /**
   * Decides what a top-level "{" opens: NDJSON's lines, one object, or undefined to wait for
   * more input. The first value is scanned from where the last call stopped, like an element.
   */
  #decide(): "lines" | "objectFirst" | undefined {
    const buf = this.#buf;
    const n = buf.length;
    const start = this.#mark - this.#base;
    const firstBreak = this.#nextBreak(start);
    if (this.#probeEnd === NONE) {
      let i = this.#probeScan - this.#base;
      let depth = this.#depth;
      let inString = this.#inString;
      while (i < n && depth > 0) {
        const c = buf[i++] ?? 0;
        if (inString) {
          if (c === 0x22) inString = false;
          else if (c === 0x5c) i++;
        } else if (c === 0x22) inString = true;
        else if (c === 0x7b || c === 0x5b) depth++;
        else if (c === 0x7d || c === 0x5d) depth--;
      }
      this.#depth = depth;
      this.#inString = inString;
      this.#probeScan = this.#base + i;
      if (depth > 0) {
        this.#probeCapped = n - start > NDJSON_FIRST_LINE_CAP;
        return firstBreak !== NONE || this.#eof || this.#probeCapped ? "objectFirst" : undefined;
      }
      if (firstBreak !== NONE && firstBreak < i) return "objectFirst";
      this.#probeEnd = this.#base + i;
    }
    // The first value ends on the first line: NDJSON if another value follows on a later line.
    let j = this.#probeEnd - this.#base;
    let c = buf[j] ?? 0;
    while (j < n && (c === 0x20 || c === 0x09 || c === 0x0d)) c = buf[++j] ?? 0;
    if (j < n && c !== 0x0a) return "objectFirst";
    while (j < n && isJsonSpace(c)) c = buf[++j] ?? 0;
    if (j < n) return "lines";
    return this.#eof || n - start > NDJSON_FIRST_LINE_CAP ? "objectFirst" : undefined;
  }

  /** `objectFirst`, `objectNext`: a member's name, or (first) the object's "}". */
  #memberName(): boolean {
    const c = this.#skipSpace();
    if (c === NONE) return false;
    const i = this.#i;
    if (c === 0x22) {
      this.#mark = this.#base + i;
      this.#i = i + 1;
      this.#state = "key";
    } else if (c === 0x7d && this.#state === "objectFirst") {
      this.#endObject(i);
      this.#i = i + 1;
      this.#state = "end";
    } else throw this.#unexpected(i, EXPECTED[this.#state]);
    return true;
  }

  /** `key`: the rest of a member's name, then the name itself. */
  #scanKey(): boolean {
    const buf = this.#buf;
    const n = buf.length;
    let i = this.#i;
    let c = buf[i] ?? 0;
    while (i < n && c !== 0x22) {
      i += c === 0x5c ? 2 : 1;
      c = buf[i] ?? 0;
    }
    const start = this.#mark - this.#base;
    if (i >= n) {
      this.#i = i;
      return this.#wait(start);
    }
    this.#i = ++i;
    try {
      this.#key = this.#parse(start, i) as string;
    } catch (cause) {
      throw this.#elementError(start, i, cause);
    }
    // JSON.parse would keep the last of two equal names: refuse rather than differ.
    if (this.#everyResource ? this.#arrays.includes(this.#key) : this.#key === this.#chosen) {
      const name = JSON.stringify(this.#key);
      throw this.#error(
        "SEVERAL_RESOURCES",
        this.#mark,
        (at) => `the object holds ${name} twice; the second is at ${at}`,
      );
    }
    this.#state = "colon";
    return true;
  }

  /** `colon`: the ":" after a member's name. */
  #colon(): boolean {
    const c = this.#skipSpace();
    if (c === NONE) return this.#wait(this.#mark - this.#base);
    if (c !== 0x3a) throw this.#unexpected(this.#i, EXPECTED.colon);
    this.#i++;
    this.#state = "member";
    return true;
  }

  /** `member`: an array member may hold the records; any other value is skipped. */
  #member(): boolean {
    const c = this.#skipSpace();
    if (c === NONE) return this.#wait(this.#mark - this.#base);
    if (c === 0x5b) {
      if (this.#everyResource && this.#out.length > 0) {
        // The records so far are another member's: their batch ends before this array.
        this.#stopped = true;
        return false;
      }
      this.#emit = this.#choose(this.#key);
      this.#i++;
      this.#state = "arrayFirst";
    } else if (startsJsonValue(c)) {
      this.#validator = new JsonValidator(this.#checkUtf8);
      this.#state = "skip";
    } else throw this.#unexpected(this.#i, "a value");
    return true;
  }

  /** `skip`: a member that is not an array, checked and dropped without being held. */
  #skip(): boolean {
    const validator = this.#validator ?? new JsonValidator(this.#checkUtf8);
    const n = this.#buf.length;
    let stop: number;
    try {
      stop = validator.feed(this.#buf, this.#i, n);
      if (stop === -1 && this.#eof) {
        validator.end(n);
        stop = n;
      }
    } catch (fault) {
      if (!(fault instanceof JsonFault)) throw fault;
      if (fault.truncated) throw this.#truncated(EXPECTED.skip);
      throw this.#faultError(fault);
    }
    if (stop === -1) {
      this.#i = n;
      return false;
    }
    this.#validator = undefined;
    this.#i = stop;
    this.#state = "objectAfter";
    return true;
  }

  /** `objectAfter`: a "," before the next member, or the top-level object's "}". */
  #afterMember(): boolean {
    const c = this.#skipSpace();
    if (c === NONE) return false;
    if (c === 0x2c) this.#state = "objectNext";
    else if (c === 0x7d) {
      this.#endObject(this.#i);
      this.#state = "end";
    } else throw this.#unexpected(this.#i, EXPECTED.objectAfter);
    this.#i++;
    return true;
  }

  /** `end`: nothing but white space may follow the top-level value. */
  #afterValue(): boolean {
    const c = this.#skipSpace();
    if (c === NONE) return false;
    // A first line past the cap was taken for a document: say so, it may be NDJSON.
    const hint = this.#probeCapped ? " (a first line over 4 MiB is not read as NDJSON)" : "";
    throw this.#unexpected(this.#i, `the end of the input after the top-level value${hint}`);
  }

  /** Checks the state the input ended in. */
  #endOfInput(): void {
    const n = this.#buf.length;
    switch (this.#state) {
      case "end":
      case "lines":
        return;
      case "start": {
        const end = this.#base + n;
        throw this.#error(
          "EMPTY_INPUT",
          end,
          (at) => `expected a JSON value, found only white space up to the end at ${at}`,
        );
      }
      case "element":
      case "key": {
        // The first fault may lie inside the cut element rather than at its end.
        const start = this.#mark - this.#base;
        throw this.#elementError(start, n, undefined);
      }
      default:
        throw this.#truncated(EXPECTED[this.#state]);
    }
  }

  /** The error of an NDJSON line from `start` to `end` (a line break, or the end of input). */
  #lineError(start: number, end: number): DumpError {
    const buf = this.#buf;
    const lineEnd = end === NONE ? buf.length : end;
    const validator = new JsonValidator(this.#checkUtf8);
    try {
      const stop = validator.feed(buf, start, lineEnd);
      if (stop !== -1) {
        let i = stop;
        while (i < lineEnd && isJsonSpace(buf[i] ?? 0)) i++;
        if (i < lineEnd) return this.#unexpected(i, "a line break after the record (NDJSON)");
      }
    } catch (fault) {
      if (!(fault instanceof JsonFault)) throw fault;
      return this.#faultError(fault);
    }
    if (end === NONE && this.#eof) return this.#truncated("the end of the record");
    return this.#error(
      "MALFORMED_JSON",
      this.#base + lineEnd,
      (at) =>
        `expected the rest of the record, found a line break at ${at} (NDJSON holds one record per line)`,
    );
  }

  /** Decides whether the array member `name` holds the records to read. */
  #choose(name: string): boolean {
    const keyOffset = this.#mark;
    if (this.#everyResource) {
      // A list response's links are never a resource, whatever they hold.
      if (name === "_links") return false;
      this.#arrays.push(name);
      this.#chosen = name;
      return true;
    }
    this.#arrays.push(name);
    if (this.#resource !== undefined) {
      if (name !== this.#resource) return false;
      this.#chosen = name;
      return true;
    }
    if (this.#chosen === undefined) {
      this.#chosen = name;
      return true;
    }
    const first = JSON.stringify(this.#chosen);
    throw this.#error(
      "SEVERAL_RESOURCES",
      keyOffset,
      (at) =>
        `the object holds several arrays, ${first} and ${JSON.stringify(name)} at ${at}: choose one with ${this.#names.resource}`,
    );
  }

  /** Checks, at the closing "}" of the top-level object, that the records were found. */
  #endObject(index: number): void {
    if (this.#chosen !== undefined) return;
    const offset = this.#base + index;
    const seen = this.#arrays.map((a) => JSON.stringify(a)).join(", ");
    if (this.#resource !== undefined) {
      const wanted = JSON.stringify(this.#resource);
      const holds = seen === "" ? "no array at all" : `only ${seen}`;
      throw this.#error(
        "UNKNOWN_RESOURCE",
        offset,
        (at) => `the object ending at ${at} holds no array ${wanted}: it holds ${holds}`,
      );
    }
    throw this.#error(
      "WRONG_SHAPE",
      offset,
      (at) => `the object ending at ${at} holds no array of records`,
    );
  }
}
