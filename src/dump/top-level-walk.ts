import { parseJson } from "../json/parse-json.ts";
import { BYTES } from "./byte-codes.ts";
import type { ByteWindow } from "./byte-window.ts";
import { describeByte, JsonFault, JsonValidator, startsJsonValue } from "./json-validator.ts";
import { NdjsonProbe } from "./ndjson-probe.ts";
import { EXPECTED, NONE, type ReadCursor } from "./read-cursor.ts";
import type { ReaderErrors } from "./reader-errors.ts";
import type { ResourceChoice } from "./resource-choice.ts";

const {
  QUOTE,
  COMMA,
  COLON,
  OPEN_BRACKET,
  BACKSLASH,
  OPEN_BRACE,
  CLOSE_BRACE,
  BOM_FIRST,
  BOM_SECOND,
  BOM_THIRD,
} = BYTES;

/** How a dump holds its records (grammar/language.md 10.1). */
export type DumpShape = "array" | "list-response" | "dump" | "ndjson";

/**
 * The walk of the input around the arrays that hold records (the states `start`, `probe`,
 * `objectFirst`, `objectNext`, `key`, `colon`, `member`, `skip`, `objectAfter`, `end`): the
 * top-level value's first byte decides the shape; in a top-level object, each member's name
 * is read, an array member handed to the record finder when it holds records, and any other
 * value checked and dropped without being held.
 */
export class TopLevelWalk {
  readonly #cursor: ReadCursor;
  readonly #window: ByteWindow;
  readonly #errors: ReaderErrors;
  readonly #resources: ResourceChoice;
  readonly #decoder: InstanceType<typeof TextDecoder>;
  readonly #checkUtf8: boolean;
  #shape: DumpShape | undefined;
  #ndjsonProbe: NdjsonProbe | undefined;
  // The member of the top-level object being read: its name, and the validator that runs over
  // its value when that is not an array.
  #memberKey = "";
  #skipValidator: JsonValidator | undefined;

  /** A walk of an input of shape `shape` when it is known before the first byte, else of any. */
  constructor(
    cursor: ReadCursor,
    window: ByteWindow,
    errors: ReaderErrors,
    resources: ResourceChoice,
    decoder: InstanceType<typeof TextDecoder>,
    checkUtf8: boolean,
    shape: DumpShape | undefined,
  ) {
    this.#cursor = cursor;
    this.#window = window;
    this.#errors = errors;
    this.#resources = resources;
    this.#decoder = decoder;
    this.#checkUtf8 = checkUtf8;
    this.#shape = shape;
  }

  /**
   * How the input holds its records, once its first value has begun; an object is a
   * "list-response" until a second array member makes it a "dump".
   */
  get shape(): DumpShape | undefined {
    if (this.#shape !== undefined || !this.#cursor.inTopObject) return this.#shape;
    return this.#resources.arrayMembers.length > 1 ? "dump" : "list-response";
  }

  /** `start`: a BOM, then the top-level value's first byte decides the shape. */
  start(): boolean {
    const cursor = this.#cursor;
    const bytes = cursor.bytes;
    const base = cursor.start;
    if (base + cursor.index === 0 && bytes[0] === BOM_FIRST) {
      if (bytes.length < 3 && !cursor.inputEnded) return cursor.wait(0);
      if (bytes[1] === BOM_SECOND && bytes[2] === BOM_THIRD) cursor.index = 3;
    }
    const c = cursor.skipSpace();
    if (c === NONE) return false;
    const i = cursor.index;
    if (c === OPEN_BRACKET) {
      this.#shape = "array";
      cursor.inTopObject = false;
      cursor.emitRecords = true;
      cursor.index = i + 1;
      cursor.state = "arrayFirst";
      return true;
    }
    if (c === OPEN_BRACE) {
      cursor.keepFrom = base + i;
      cursor.state = "probe";
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
  probe(): boolean {
    const cursor = this.#cursor;
    const probe = this.#ndjsonProbe ?? new NdjsonProbe(cursor.keepFrom, this.#resources.named);
    this.#ndjsonProbe = probe;
    const decided = probe.decide(this.#window, cursor.inputEnded);
    const start = cursor.keepFrom - cursor.start;
    if (decided === undefined) {
      cursor.index = cursor.bytes.length;
      return cursor.wait(start);
    }
    cursor.index = start;
    if (decided === "ndjson") {
      this.#shape = "ndjson";
      cursor.emitRecords = true;
      cursor.state = "lines";
    } else {
      cursor.inTopObject = true;
      cursor.index++;
      cursor.state = "objectFirst";
    }
    return true;
  }

  /** `objectFirst`, `objectNext`: a member's name, or (first) the object's "}". */
  memberName(): boolean {
    const cursor = this.#cursor;
    const c = cursor.skipSpace();
    if (c === NONE) return false;
    const i = cursor.index;
    if (c === QUOTE) {
      cursor.keepFrom = cursor.start + i;
      cursor.index = i + 1;
      cursor.state = "key";
    } else if (c === CLOSE_BRACE && cursor.state === "objectFirst") {
      this.#resources.checkFound(cursor.start + i);
      cursor.index = i + 1;
      cursor.state = "end";
    } else throw this.#errors.unexpected(i, EXPECTED[cursor.state]);
    return true;
  }

  /** `key`: the rest of a member's name, then the name itself. */
  scanKey(): boolean {
    const cursor = this.#cursor;
    const bytes = cursor.bytes;
    const n = bytes.length;
    let i = cursor.index;
    let c = bytes[i] ?? 0;
    while (i < n && c !== QUOTE) {
      i += c === BACKSLASH ? 2 : 1;
      c = bytes[i] ?? 0;
    }
    const start = cursor.keepFrom - cursor.start;
    if (i >= n) {
      cursor.index = i;
      return cursor.wait(start);
    }
    cursor.index = ++i;
    try {
      this.#memberKey = parseJson(this.#decoder.decode(bytes.subarray(start, i))) as string;
    } catch (cause) {
      throw this.#errors.ofElement(start, i, cause);
    }
    this.#resources.checkRepeated(this.#memberKey, cursor.keepFrom);
    cursor.state = "colon";
    return true;
  }

  /** `colon`: the ":" after a member's name. */
  colon(): boolean {
    const cursor = this.#cursor;
    const c = cursor.skipSpace();
    if (c === NONE) return cursor.wait(cursor.keepFrom - cursor.start);
    if (c !== COLON) throw this.#errors.unexpected(cursor.index, EXPECTED.colon);
    cursor.index++;
    cursor.state = "member";
    return true;
  }

  /** `member`: an array member may hold the records; any other value is skipped. */
  member(): boolean {
    const cursor = this.#cursor;
    const c = cursor.skipSpace();
    if (c === NONE) return cursor.wait(cursor.keepFrom - cursor.start);
    if (c === OPEN_BRACKET) {
      if (this.#resources.everyResource && cursor.records.length > 0) {
        // The records so far are another member's: their batch ends before this array.
        cursor.batchEnded = true;
        return false;
      }
      cursor.emitRecords = this.#resources.choose(this.#memberKey, cursor.keepFrom);
      cursor.index++;
      cursor.state = "arrayFirst";
    } else if (startsJsonValue(c)) {
      this.#skipValidator = new JsonValidator(this.#checkUtf8);
      cursor.state = "skip";
    } else throw this.#errors.unexpected(cursor.index, "a value");
    return true;
  }

  /** `skip`: a member that is not an array, checked and dropped without being held. */
  skip(): boolean {
    const cursor = this.#cursor;
    const validator = this.#skipValidator ?? new JsonValidator(this.#checkUtf8);
    const bytes = cursor.bytes;
    const n = bytes.length;
    let stop: number;
    try {
      stop = validator.feed(bytes, cursor.index, n);
      if (stop === -1 && cursor.inputEnded) {
        validator.end(n);
        stop = n;
      }
    } catch (fault) {
      if (!(fault instanceof JsonFault)) throw fault;
      if (fault.truncated) throw this.#errors.truncated(EXPECTED.skip);
      throw this.#errors.ofFault(fault);
    }
    if (stop === -1) {
      cursor.index = n;
      return false;
    }
    this.#skipValidator = undefined;
    cursor.index = stop;
    cursor.state = "objectAfter";
    return true;
  }

  /** `objectAfter`: a "," before the next member, or the top-level object's "}". */
  afterMember(): boolean {
    const cursor = this.#cursor;
    const c = cursor.skipSpace();
    if (c === NONE) return false;
    if (c === COMMA) cursor.state = "objectNext";
    else if (c === CLOSE_BRACE) {
      this.#resources.checkFound(cursor.start + cursor.index);
      cursor.state = "end";
    } else throw this.#errors.unexpected(cursor.index, EXPECTED.objectAfter);
    cursor.index++;
    return true;
  }

  /** `end`: nothing but white space may follow the top-level value. */
  afterValue(): boolean {
    const cursor = this.#cursor;
    const c = cursor.skipSpace();
    if (c === NONE) return false;
    // A first line past the cap was taken for a document: say so, it may be NDJSON.
    const overCap = this.#ndjsonProbe?.firstLineOverCap === true;
    const hint = overCap
      ? " (a first line over 4 MiB opening with an array of records or _links is read as one object, not NDJSON)"
      : "";
    throw this.#errors.unexpected(
      cursor.index,
      `the end of the input after the top-level value${hint}`,
    );
  }
}
