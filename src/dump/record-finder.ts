import { parseJson } from "../json/parse-json.ts";
import { BYTES } from "./byte-codes.ts";
import type { ByteWindow } from "./byte-window.ts";
import { describeByte, isJsonSpace, startsJsonValue } from "./json-validator.ts";
import { EXPECTED, NONE, type ReadCursor } from "./read-cursor.ts";
import type { ReaderErrors } from "./reader-errors.ts";
import { LEFT_OUT, type RecordPicker } from "./record-picker.ts";
import type { RecordSkipper } from "./record-skipper.ts";

const {
  TAB,
  CARRIAGE_RETURN,
  SPACE,
  QUOTE,
  COMMA,
  OPEN_BRACKET,
  BACKSLASH,
  CLOSE_BRACKET,
  OPEN_BRACE,
  CLOSE_BRACE,
} = BYTES;

/** An element that is cut by the end of a chunk and smaller than this waits for the next. */
const DEFER_LIMIT = 64 * 1024;

/**
 * Finds the elements of the array being read, or the records of NDJSON's lines, and parses
 * those that are records (the states `arrayFirst`, `arrayNext`, `lines`, `element`, `scalar`,
 * `arrayAfter`). A record alone on its line is tried whole with JSON.parse, which is exact
 * (see `#tryLine`); any other element's end is found by a depth-and-string scan. Records the
 * raw filter rules out are left to the skipper, records read in part to the picker.
 */
export class RecordFinder {
  readonly #cursor: ReadCursor;
  readonly #window: ByteWindow;
  readonly #errors: ReaderErrors;
  readonly #decoder: InstanceType<typeof TextDecoder>;
  readonly #skipper: RecordSkipper;
  readonly #picker: RecordPicker;
  // The element being scanned.
  #depth = 0;
  #inString = false;
  // A line whose JSON.parse failed is not tried again: at most one wasted parse per line.
  #noLineTryBefore: number;
  #leftUnparsed = 0;

  /** A finder whose lines are tried from input offset `lineTryFrom` on. */
  constructor(
    cursor: ReadCursor,
    window: ByteWindow,
    errors: ReaderErrors,
    decoder: InstanceType<typeof TextDecoder>,
    skipper: RecordSkipper,
    picker: RecordPicker,
    lineTryFrom: number,
  ) {
    this.#cursor = cursor;
    this.#window = window;
    this.#errors = errors;
    this.#decoder = decoder;
    this.#skipper = skipper;
    this.#picker = picker;
    this.#noLineTryBefore = lineTryFrom;
  }

  /** Records counted but neither parsed nor returned: the raw filter or prefilter ruled out. */
  get leftUnparsed(): number {
    return this.#leftUnparsed;
  }

  /** `arrayFirst`, `arrayNext`, `lines`: a record starts, or (in an array) the array ends. */
  record(): boolean {
    const cursor = this.#cursor;
    const state = cursor.state;
    const c = cursor.skipSpace();
    if (c === NONE) return false;
    const i = cursor.index;
    // An empty array's "]" is no record: the reader goes on to the end of the input.
    if (cursor.start + i >= cursor.stopAt && !(c === CLOSE_BRACKET && state === "arrayFirst")) {
      cursor.stoppedAt = cursor.start + i;
      return cursor.wait(i);
    }
    if (i >= cursor.batchLimit) {
      cursor.batchEnded = true;
      return false;
    }
    if (c === OPEN_BRACE) {
      if (this.#goOver(i)) return true;
      return this.#object(i);
    }
    if (state === "arrayFirst" && c === CLOSE_BRACKET) {
      cursor.index = i + 1;
      cursor.state = cursor.inTopObject ? "objectAfter" : "end";
      return true;
    }
    if (state !== "lines" && !cursor.emitRecords && startsJsonValue(c)) {
      // An array whose elements are not read for records may hold anything.
      cursor.keepFrom = cursor.start + i;
      this.#depth = c === OPEN_BRACKET ? 1 : 0;
      this.#inString = c === QUOTE;
      cursor.index = i + 1;
      cursor.state = c === OPEN_BRACKET || c === QUOTE ? "element" : "scalar";
      return true;
    }
    if (startsJsonValue(c)) {
      const found = describeByte(cursor.bytes, i);
      throw this.#errors.at(
        "WRONG_SHAPE",
        cursor.start + i,
        (at) => `expected a record (a JSON object), found ${found} at ${at}`,
      );
    }
    throw this.#errors.unexpected(i, EXPECTED[state]);
  }

  /** `element`: the hot loop, depth and string state only; JSON.parse checks the rest. */
  scanElement(): boolean {
    const cursor = this.#cursor;
    const bytes = cursor.bytes;
    const n = bytes.length;
    let i = cursor.index;
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
    cursor.index = i;
    const start = cursor.keepFrom - cursor.start;
    if (!done) {
      this.#depth = depth;
      this.#inString = inString;
      return cursor.wait(start);
    }
    this.#element(start, i);
    cursor.state = "arrayAfter";
    return true;
  }

  /** `scalar`: a number or literal element, up to the byte that ends it. */
  scanScalar(): boolean {
    const cursor = this.#cursor;
    const bytes = cursor.bytes;
    const n = bytes.length;
    let i = cursor.index;
    let c = bytes[i] ?? 0;
    while (i < n && !isJsonSpace(c) && c !== COMMA && c !== CLOSE_BRACKET && c !== CLOSE_BRACE)
      c = bytes[++i] ?? 0;
    cursor.index = i;
    const start = cursor.keepFrom - cursor.start;
    if (i >= n && !cursor.inputEnded) return cursor.wait(start);
    this.#element(start, i);
    cursor.state = "arrayAfter";
    return true;
  }

  /** `arrayAfter`: a "," before the next element, or the array's "]". */
  afterElement(): boolean {
    const cursor = this.#cursor;
    const c = cursor.skipSpace();
    if (c === NONE) return false;
    if (c === COMMA) cursor.state = "arrayNext";
    else if (c === CLOSE_BRACKET) cursor.state = cursor.inTopObject ? "objectAfter" : "end";
    else throw this.#errors.unexpected(cursor.index, EXPECTED.arrayAfter);
    cursor.index++;
    return true;
  }

  /**
   * Goes over the records from the "{" at `i` on that the raw filter rules out, unless its line
   * failed JSON.parse already (its record is being scanned). True when it went over any.
   */
  #goOver(i: number): boolean {
    const cursor = this.#cursor;
    if (cursor.start + i < this.#noLineTryBefore) return false;
    const skipped = this.#skipper.goOver(i);
    if (skipped === 0) return false;
    this.#leftUnparsed += skipped;
    if (cursor.state === "arrayFirst") cursor.state = "arrayNext";
    return true;
  }

  /** A record's "{" at `i`: its line is tried first, else its bytes are scanned. */
  #object(i: number): boolean {
    const cursor = this.#cursor;
    const lines = cursor.state === "lines";
    const nl = this.#window.nextBreak(i);
    const n = cursor.bytes.length;
    if (nl === NONE && lines) {
      if (!cursor.inputEnded) return cursor.wait(i);
      if (this.#tryLine(i, n, false) === -1) throw this.#errors.ofLine(i, NONE, cursor.inputEnded);
      cursor.index = n;
      return true;
    }
    if (nl !== NONE && cursor.start + i >= this.#noLineTryBefore) {
      const end = this.#tryLine(i, nl, !lines);
      if (end !== -1) {
        cursor.index = lines ? nl : end;
        if (!lines) cursor.state = "arrayAfter";
        return true;
      }
    }
    if (lines) throw this.#errors.ofLine(i, nl, cursor.inputEnded);
    if (nl === NONE && !cursor.inputEnded && n - i < DEFER_LIMIT) return cursor.wait(i);
    cursor.keepFrom = cursor.start + i;
    this.#depth = 1;
    this.#inString = false;
    cursor.index = i + 1;
    cursor.state = "element";
    return true;
  }

  /**
   * Tries the element at `start` (a "{") as the whole rest of its line, up to `nl`, less white
   * space and (in an array) one ",". If JSON.parse accepts it, it is the element: an object's
   * extent is fixed by its brackets, so a text that parses as one object ends where the
   * element does. Returns the index after the element, or -1 when the line does not qualify.
   */
  #tryLine(start: number, nl: number, comma: boolean): number {
    const cursor = this.#cursor;
    const bytes = cursor.bytes;
    let end = nl;
    let c = bytes[end - 1] ?? 0;
    while (c === SPACE || c === CARRIAGE_RETURN || c === TAB) c = bytes[--end - 1] ?? 0;
    if (c === COMMA && comma) {
      c = bytes[--end - 1] ?? 0;
      while (c === SPACE || c === CARRIAGE_RETURN || c === TAB) c = bytes[--end - 1] ?? 0;
    }
    if (c !== CLOSE_BRACE || end <= start) return -1;
    // An NDJSON line is one record; a line of an array is one only if it parses as one.
    if (this.#skipper.leftUnparsed(start, end, !comma)) {
      this.#leftUnparsed++;
      return end;
    }
    let value: unknown;
    try {
      const picked = this.#picker.picked(start, end);
      if (picked === LEFT_OUT) {
        this.#leftUnparsed++;
        return end;
      }
      value = picked ?? this.#parse(start, end);
    } catch {
      this.#noLineTryBefore = cursor.start + nl;
      return -1;
    }
    if (cursor.emitRecords) cursor.records.push(value);
    return end;
  }

  /** Parses the bytes of one element; keeps it when the records of this array are wanted. */
  #element(start: number, end: number): void {
    if (this.#skipper.leftUnparsed(start, end, true)) {
      this.#leftUnparsed++;
      return;
    }
    let value: unknown;
    try {
      value = this.#parse(start, end);
    } catch (cause) {
      throw this.#errors.ofElement(start, end, cause);
    }
    const cursor = this.#cursor;
    if (cursor.emitRecords) cursor.records.push(value);
  }

  /** Decodes and parses the window's bytes `[start, end)`; throws the decoder's or JSON.parse's. */
  #parse(start: number, end: number): unknown {
    return parseJson(this.#decoder.decode(this.#cursor.bytes.subarray(start, end)));
  }
}
