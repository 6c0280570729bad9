// Reads the records of `qaql filter`'s input as a stream, with memory bounded by the largest
// record rather than the input. A byte-level splitter finds each record's bytes (depth is a
// counter, string and escape state carry over chunk boundaries) and JSON.parse builds it; where
// a record sits alone on its line, the splitter does not even scan it: it tries JSON.parse on
// the line, which is exact (see `#tryLine`). bench/stream.bench.ts measures this choice.
// Every chunk is checked as UTF-8 as it comes (one isUtf8 call); a record is decoded only when
// no fault lies in its bytes, so Node's silent U+FFFD replacement never happens unasked.
import { Buffer } from "node:buffer";
import { formatInputPosition, InputError, type InputPosition } from "./input-error.ts";
import {
  describeByte,
  isJsonSpace,
  JsonFault,
  JsonValidator,
  startsJsonValue,
} from "./json-validator.ts";
import { type InvalidUtf8Mode, Utf8Tracker } from "./utf8.ts";

export type { InputErrorCode, InputPosition } from "./input-error.ts";
export { InputError } from "./input-error.ts";

/** How the input holds its records. */
export type InputShape = "array" | "list-response" | "dump" | "ndjson";

/** Options of `readRecords`. */
export interface ReadRecordsOptions {
  /** The member whose array holds the records, when the input is an object; else ignored. */
  readonly resource?: string | undefined;
  /** Bytes that are not UTF-8: an InputError at the first (default), or read as U+FFFD. */
  readonly invalidUtf8?: InvalidUtf8Mode | undefined;
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
  readonly shape: InputShape;
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

const START = 0;
const PROBE = 1;
const ARRAY_FIRST = 2;
const ARRAY_NEXT = 3;
const ARRAY_AFTER = 4;
const ELEMENT = 5;
const SCALAR = 6;
const OBJECT_FIRST = 7;
const OBJECT_NEXT = 8;
const KEY = 9;
const COLON = 10;
const MEMBER = 11;
const SKIP = 12;
const OBJECT_AFTER = 13;
const LINES = 14;
const END = 15;

/** What each structural state expects next, for "unexpected end" messages. */
const EXPECTED: readonly string[] = [
  "a JSON value",
  "the end of the first value",
  'a record or "]"',
  "a record",
  '"," or "]"',
  'the end of the element (a "}" or "]")',
  "the end of the element",
  'a member name or "}"',
  "a member name",
  "the end of the member name (a '\"')",
  '":" after the member name',
  "the member's value",
  "the end of the member's value",
  '"," or "}"',
  "a record",
  "nothing more",
];

const NONE = -1;

/**
 * Reads records from a byte stream, detecting its shape; yields a batch of records per input
 * chunk (or per 64 KiB of it), and returns a summary. Shapes, from the first non-space byte:
 * `[` is an array of records; `{` is NDJSON when its first line holds exactly one complete
 * value and another value follows on a later line (raw line breaks cannot occur inside JSON
 * strings), else one object whose array members are resources: `options.resource` names the
 * one to read, else the first array member is read and a second one is an error (a list
 * response has one array member plus `_links`; a dump has several). A UTF-8 BOM at the very
 * start is skipped. Throws InputError for bad input (INVALID_UTF8 at the first byte of a
 * character that is not UTF-8, unless `invalidUtf8` is "replace"), after yielding the records
 * that precede the error.
 */
export async function* readRecords(
  input: AsyncIterable<Uint8Array | string>,
  options: ReadRecordsOptions = {},
): AsyncGenerator<RecordBatch, ReadSummary> {
  const reader = new RecordSplitter(options.resource, options.invalidUtf8 ?? "error");
  for await (const chunk of input) {
    reader.push(toBuffer(chunk));
    yield* drain(reader);
  }
  reader.end();
  yield* drain(reader);
  return reader.summary();
}

function toBuffer(chunk: Uint8Array | string): Buffer {
  if (typeof chunk === "string") return Buffer.from(chunk, "utf8");
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
}

/** Yields the batches the splitter can complete from what it holds, then its error if any. */
function* drain(reader: RecordSplitter): Generator<RecordBatch> {
  for (let records = reader.next(); records !== undefined; records = reader.next()) {
    if (records.length > 0) yield { records, resource: reader.resource, bytesRead: reader.offset };
  }
  reader.throwPending();
}

/** Splits a JSON text, fed in chunks, into parsed records; one instance per input. */
class RecordSplitter {
  readonly #resource: string | undefined;
  // Undefined when bad UTF-8 is to be read as U+FFFD.
  readonly #utf8: Utf8Tracker | undefined;
  #chosen: string | undefined;
  #shape: InputShape | undefined;
  readonly #arrays: string[] = [];
  #count = 0;
  #out: unknown[] = [];
  #pending: InputError | undefined;
  // Bytes are waiting to be run over, or the end of input to be checked.
  #todo = false;
  #eof = false;

  // The bytes not yet discarded: `#buf[0]` is input byte `#base`.
  #buf: Buffer = Buffer.alloc(0);
  #store: Buffer = Buffer.alloc(0);
  #base = 0;
  // Absolute offsets, so they survive the buffer's moves.
  #pos = 0;
  #mark = 0;
  #state = START;
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
  // No line break lies between the last search's start and this offset.
  #noBreakBefore = 0;
  // Line bookkeeping: newlines are counted up to `#counted`, as bytes are discarded.
  #counted = 0;
  #lines = 0;
  #lineStart = 0;
  // A line whose JSON.parse failed is not tried again: at most one wasted parse per line.
  #noTryBefore = 0;

  constructor(resource: string | undefined, invalidUtf8: InvalidUtf8Mode) {
    this.#resource = resource;
    this.#utf8 = invalidUtf8 === "error" ? new Utf8Tracker() : undefined;
  }

  /** The member the records come from, once known. */
  get resource(): string | undefined {
    return this.#chosen;
  }

  /** Bytes of input run over so far. */
  get offset(): number {
    return Math.min(this.#pos, this.#base + this.#buf.length);
  }

  /** Adds the next chunk of input; call `next` until it returns undefined before the next push. */
  push(chunk: Buffer): void {
    if (this.#pending !== undefined || chunk.length === 0) return;
    this.#utf8?.feed(chunk);
    this.#append(chunk);
    this.#todo = true;
  }

  /** Declares the end of the input. */
  end(): void {
    this.#utf8?.end();
    this.#eof = true;
    this.#todo = true;
  }

  /** Runs over up to about a megabyte; returns the records completed, or undefined when idle. */
  next(): unknown[] | undefined {
    if (!this.#todo) return undefined;
    this.#todo = false;
    if (this.#pending === undefined) {
      try {
        this.#todo = this.#run(this.#eof);
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
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
    const shape = this.#shape ?? (this.#arrays.length > 1 ? "dump" : "list-response");
    const bytesRead = this.#base + this.#buf.length;
    return { shape, resources: [...this.#arrays], records: this.#count, bytesRead };
  }

  /** Makes `#buf` hold the kept bytes followed by `chunk`, growing the store geometrically. */
  #append(chunk: Buffer): void {
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
      const store = Buffer.allocUnsafe(Math.max(needed * 2, 1 << 16));
      this.#buf.copy(store, 0, keepFrom);
      this.#store = store;
    } else if (fromStore) {
      const from = this.#buf.byteOffset - this.#store.byteOffset + keepFrom;
      if (from > 0) this.#store.copyWithin(0, from, from + kept);
    } else {
      this.#buf.copy(this.#store, 0, keepFrom);
    }
    chunk.copy(this.#store, kept);
    this.#base += keepFrom;
    this.#buf = this.#store.subarray(0, needed);
  }

  /** The index of the first line break at or after index `from` of `#buf`, or NONE. */
  #nextBreak(from: number): number {
    const buf = this.#buf;
    const nl = buf.indexOf(0x0a, Math.max(from, this.#noBreakBefore - this.#base));
    if (nl !== -1) return nl;
    this.#noBreakBefore = this.#base + buf.length;
    return NONE;
  }

  /** Counts the line breaks before absolute offset `to` (all in `#buf`). */
  #countLines(to: number): void {
    const buf = this.#buf;
    const end = to - this.#base;
    let at = this.#counted - this.#base;
    for (;;) {
      const nl = buf.indexOf(0x0a, at);
      if (nl === -1 || nl >= end) break;
      this.#lines++;
      this.#lineStart = this.#base + nl + 1;
      at = nl + 1;
    }
    if (to > this.#counted) this.#counted = to;
  }

  #positionOf(offset: number): InputPosition {
    this.#countLines(offset);
    return { offset, line: this.#lines + 1, column: offset - this.#lineStart + 1 };
  }

  #error(code: InputError["code"], offset: number, text: (at: string) => string): InputError {
    const position = this.#positionOf(offset);
    return new InputError(code, text(formatInputPosition(position)), position);
  }

  #unexpected(index: number, expected: string): InputError {
    const found = describeByte(this.#buf, index);
    return this.#error(
      "MALFORMED_JSON",
      this.#base + index,
      (at) => `expected ${expected}, found ${found} at ${at}`,
    );
  }

  #truncated(expected: string): InputError {
    const end = this.#base + this.#buf.length;
    return this.#error(
      "TRUNCATED_INPUT",
      end,
      (at) => `expected ${expected}, found the end of the input at ${at}`,
    );
  }

  /** The error of an element that JSON.parse rejected: the first fault the validator finds. */
  #elementError(start: number, end: number, cause: unknown): InputError {
    const buf = this.#buf;
    const validator = this.#newValidator();
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

  /** The InputError of what the validator found. */
  #faultError(fault: JsonFault): InputError {
    const code = fault.invalidUtf8 ? "INVALID_UTF8" : "MALFORMED_JSON";
    const hint = fault.invalidUtf8 ? "; --invalid-utf8 replace reads such bytes as U+FFFD" : "";
    return this.#error(
      code,
      this.#base + fault.index,
      (at) => `${fault.description} at ${at}${hint}`,
    );
  }

  #newValidator(): JsonValidator {
    return new JsonValidator(this.#utf8 !== undefined);
  }

  /** Whether the first byte that is not UTF-8 lies in `#buf[start, end)`: then no decoding. */
  #spoilt(start: number, end: number): boolean {
    const fault = (this.#utf8?.fault ?? -1) - this.#base;
    return fault >= start && fault < end;
  }

  /** Parses the bytes of one element; pushes it when the records of this array are wanted. */
  #element(start: number, end: number): void {
    const buf = this.#buf;
    if (this.#spoilt(start, end)) throw this.#elementError(start, end, undefined);
    let value: unknown;
    try {
      value = JSON.parse(buf.toString("utf8", start, end));
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
    if (this.#spoilt(start, end)) {
      this.#noTryBefore = this.#base + nl;
      return -1;
    }
    let value: unknown;
    try {
      value = JSON.parse(buf.toString("utf8", start, end));
    } catch {
      this.#noTryBefore = this.#base + nl;
      return -1;
    }
    if (this.#emit) this.#out.push(value);
    return end;
  }

  /**
   * Advances over `#buf` from `#pos`; on return `#mark` is the first byte still needed.
   * Returns true when it stopped for the batch size, with bytes left to run over.
   */
  #run(eof: boolean): boolean {
    const buf = this.#buf;
    const n = buf.length;
    const base = this.#base;
    let i = this.#pos - base;
    const stopAt = i + BATCH_BYTES;
    let stopped = false;
    let state = this.#state;
    // The next line break at or after the last search, or NONE when none before `n`.
    let nl = -2;
    let mark = -1;
    loop: for (;;) {
      switch (state) {
        case ARRAY_FIRST:
        case ARRAY_NEXT:
        case LINES: {
          let c = buf[i] ?? 0;
          while (i < n && isJsonSpace(c)) c = buf[++i] ?? 0;
          if (i >= n) break loop;
          if (i >= stopAt) {
            stopped = true;
            break loop;
          }
          if (c === 0x7b) {
            // A record: try its line first.
            if (nl !== NONE && nl < i) nl = this.#nextBreak(i);
            if (nl === NONE && state === LINES) {
              if (!eof) {
                mark = i;
                break loop;
              }
              if (this.#tryLine(i, n, false) === -1) throw this.#lineError(i, NONE, eof);
              i = n;
              continue;
            }
            if (nl !== NONE && base + i >= this.#noTryBefore) {
              const end = this.#tryLine(i, nl, state !== LINES);
              if (end !== -1) {
                i = state === LINES ? nl : end;
                state = state === LINES ? LINES : ARRAY_AFTER;
                continue;
              }
            }
            if (state === LINES) throw this.#lineError(i, nl, eof);
            if (nl === NONE && !eof && n - i < DEFER_LIMIT) {
              mark = i;
              break loop;
            }
            this.#mark = base + i;
            this.#depth = 1;
            this.#inString = false;
            i++;
            state = ELEMENT;
            continue;
          }
          if (state === ARRAY_FIRST && c === 0x5d) {
            i++;
            state = this.#inObject ? OBJECT_AFTER : END;
            continue;
          }
          if (state !== LINES && !this.#emit && startsJsonValue(c)) {
            this.#mark = base + i;
            this.#depth = c === 0x5b ? 1 : 0;
            this.#inString = c === 0x22;
            i++;
            state = c === 0x5b || c === 0x22 ? ELEMENT : SCALAR;
            continue;
          }
          if (startsJsonValue(c)) {
            const found = describeByte(buf, i);
            throw this.#error(
              "WRONG_SHAPE",
              base + i,
              (at) => `expected a record (a JSON object), found ${found} at ${at}`,
            );
          }
          throw this.#unexpected(i, EXPECTED[state] ?? "a record");
        }
        case ELEMENT: {
          // The hot loop: depth and string state only; JSON.parse checks the rest.
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
          if (!done) {
            this.#depth = depth;
            this.#inString = inString;
            mark = this.#mark - base;
            break loop;
          }
          this.#element(this.#mark - base, i);
          state = ARRAY_AFTER;
          continue;
        }
        case SCALAR: {
          let c = buf[i] ?? 0;
          while (i < n && !isJsonSpace(c) && c !== 0x2c && c !== 0x5d && c !== 0x7d) {
            c = buf[++i] ?? 0;
          }
          if (i >= n && !eof) {
            mark = this.#mark - base;
            break loop;
          }
          this.#element(this.#mark - base, i);
          state = ARRAY_AFTER;
          continue;
        }
        case ARRAY_AFTER: {
          let c = buf[i] ?? 0;
          while (i < n && isJsonSpace(c)) c = buf[++i] ?? 0;
          if (i >= n) break loop;
          i++;
          if (c === 0x2c) state = ARRAY_NEXT;
          else if (c === 0x5d) state = this.#inObject ? OBJECT_AFTER : END;
          else throw this.#unexpected(i - 1, EXPECTED[ARRAY_AFTER] ?? "");
          continue;
        }
        case START: {
          if (base + i === 0 && buf[0] === 0xef) {
            if (n < 3 && !eof) {
              mark = 0;
              break loop;
            }
            if (buf[1] === 0xbb && buf[2] === 0xbf) i = 3;
          }
          let c = buf[i] ?? 0;
          while (i < n && isJsonSpace(c)) c = buf[++i] ?? 0;
          if (i >= n) break loop;
          if (c === 0x5b) {
            this.#shape = "array";
            this.#inObject = false;
            this.#emit = true;
            i++;
            state = ARRAY_FIRST;
          } else if (c === 0x7b) {
            this.#mark = base + i;
            this.#probeScan = base + i + 1;
            this.#probeEnd = NONE;
            this.#depth = 1;
            this.#inString = false;
            state = PROBE;
          } else if (startsJsonValue(c)) {
            const found = describeByte(buf, i);
            throw this.#error(
              "WRONG_SHAPE",
              base + i,
              (at) => `expected an array or an object of records, found ${found} at ${at}`,
            );
          } else throw this.#unexpected(i, EXPECTED[START] ?? "");
          continue;
        }
        case PROBE: {
          const decided = this.#probe(eof);
          if (decided === -1) {
            i = n;
            mark = this.#mark - base;
            break loop;
          }
          i = this.#mark - base;
          if (decided === LINES) {
            this.#shape = "ndjson";
            this.#emit = true;
            state = LINES;
          } else {
            this.#inObject = true;
            i++;
            state = OBJECT_FIRST;
          }
          continue;
        }
        case OBJECT_FIRST:
        case OBJECT_NEXT: {
          let c = buf[i] ?? 0;
          while (i < n && isJsonSpace(c)) c = buf[++i] ?? 0;
          if (i >= n) break loop;
          if (c === 0x22) {
            this.#mark = base + i;
            i++;
            state = KEY;
          } else if (c === 0x7d && state === OBJECT_FIRST) {
            this.#endObject(i);
            i++;
            state = END;
          } else throw this.#unexpected(i, EXPECTED[state] ?? "");
          continue;
        }
        case KEY: {
          let c = buf[i] ?? 0;
          while (i < n && c !== 0x22) {
            i += c === 0x5c ? 2 : 1;
            c = buf[i] ?? 0;
          }
          if (i >= n) {
            mark = this.#mark - base;
            break loop;
          }
          i++;
          const start = this.#mark - base;
          if (this.#spoilt(start, i)) throw this.#elementError(start, i, undefined);
          try {
            this.#key = JSON.parse(buf.toString("utf8", start, i)) as string;
          } catch (cause) {
            throw this.#elementError(start, i, cause);
          }
          // JSON.parse would keep the last of two equal names: refuse rather than differ.
          if (this.#key === this.#chosen) {
            const name = JSON.stringify(this.#key);
            throw this.#error(
              "SEVERAL_RESOURCES",
              this.#mark,
              (at) => `the object holds ${name} twice; the second is at ${at}`,
            );
          }
          state = COLON;
          continue;
        }
        case COLON: {
          let c = buf[i] ?? 0;
          while (i < n && isJsonSpace(c)) c = buf[++i] ?? 0;
          if (i >= n) {
            mark = this.#mark - base;
            break loop;
          }
          if (c !== 0x3a) throw this.#unexpected(i, EXPECTED[COLON] ?? "");
          i++;
          state = MEMBER;
          continue;
        }
        case MEMBER: {
          let c = buf[i] ?? 0;
          while (i < n && isJsonSpace(c)) c = buf[++i] ?? 0;
          if (i >= n) {
            mark = this.#mark - base;
            break loop;
          }
          if (c === 0x5b) {
            this.#emit = this.#choose(this.#key);
            i++;
            state = ARRAY_FIRST;
          } else if (startsJsonValue(c)) {
            this.#validator = this.#newValidator();
            state = SKIP;
          } else throw this.#unexpected(i, "a value");
          continue;
        }
        case SKIP: {
          const validator = this.#validator ?? this.#newValidator();
          let stop: number;
          try {
            stop = validator.feed(buf, i, n);
            if (stop === -1 && eof) {
              validator.end(n);
              stop = n;
            }
          } catch (fault) {
            if (!(fault instanceof JsonFault)) throw fault;
            if (fault.truncated) throw this.#truncated(EXPECTED[SKIP] ?? "");
            throw this.#faultError(fault);
          }
          if (stop === -1) {
            i = n;
            break loop;
          }
          this.#validator = undefined;
          i = stop;
          state = OBJECT_AFTER;
          continue;
        }
        case OBJECT_AFTER: {
          let c = buf[i] ?? 0;
          while (i < n && isJsonSpace(c)) c = buf[++i] ?? 0;
          if (i >= n) break loop;
          if (c === 0x2c) state = OBJECT_NEXT;
          else if (c === 0x7d) {
            this.#endObject(i);
            state = END;
          } else throw this.#unexpected(i, EXPECTED[OBJECT_AFTER] ?? "");
          i++;
          continue;
        }
        case END: {
          let c = buf[i] ?? 0;
          while (i < n && isJsonSpace(c)) c = buf[++i] ?? 0;
          if (i >= n) break loop;
          // A first line past the cap was taken for a document: say so, it may be NDJSON.
          const hint = this.#probeCapped ? " (a first line over 4 MiB is not read as NDJSON)" : "";
          throw this.#unexpected(i, `the end of the input after the top-level value${hint}`);
        }
        default:
          throw new Error(`record splitter: unknown state ${state}`);
      }
    }
    this.#state = state;
    this.#pos = base + i;
    this.#mark = base + (mark === -1 ? Math.min(i, n) : mark);
    if (stopped) return true;
    if (eof) this.#endOfInput(state);
    return false;
  }

  /** Checks the state the input ended in. */
  #endOfInput(state: number): void {
    const n = this.#buf.length;
    switch (state) {
      case END:
      case LINES:
        return;
      case START: {
        const end = this.#base + n;
        throw this.#error(
          "EMPTY_INPUT",
          end,
          (at) => `expected a JSON value, found only white space up to the end at ${at}`,
        );
      }
      case ELEMENT:
      case KEY: {
        // The first fault may lie inside the cut element rather than at its end.
        const start = this.#mark - this.#base;
        throw this.#elementError(start, n, undefined);
      }
      default:
        throw this.#truncated(EXPECTED[state] ?? "more input");
    }
  }

  /**
   * Decides what a top-level "{" opens: returns LINES for NDJSON, OBJECT_FIRST for one object,
   * or -1 to wait for more input. The first value is scanned from `i` like an element.
   */
  #probe(eof: boolean): number {
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
        return firstBreak !== NONE || eof || this.#probeCapped ? OBJECT_FIRST : -1;
      }
      if (firstBreak !== NONE && firstBreak < i) return OBJECT_FIRST;
      this.#probeEnd = this.#base + i;
    }
    // The first value ends on the first line: NDJSON if another value follows on a later line.
    let j = this.#probeEnd - this.#base;
    let c = buf[j] ?? 0;
    while (j < n && (c === 0x20 || c === 0x09 || c === 0x0d)) c = buf[++j] ?? 0;
    if (j < n && c !== 0x0a) return OBJECT_FIRST;
    while (j < n && isJsonSpace(c)) c = buf[++j] ?? 0;
    if (j < n) return LINES;
    return eof || n - start > NDJSON_FIRST_LINE_CAP ? OBJECT_FIRST : -1;
  }

  /** The error of an NDJSON line from `start` to `end` (a line break, or the end of input). */
  #lineError(start: number, end: number, eof: boolean): InputError {
    const buf = this.#buf;
    const lineEnd = end === NONE ? buf.length : end;
    const validator = this.#newValidator();
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
    if (end === NONE && eof) return this.#truncated("the end of the record");
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
        `the object holds several arrays, ${first} and ${JSON.stringify(name)} at ${at}: choose one with --resource`,
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
