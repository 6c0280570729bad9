import { isJsonSpace } from "./json-validator.ts";

/** An index that is none: no line break found, nothing kept before the index reached. */
export const NONE = -1;

const EMPTY = new Uint8Array(0);

/** Where the reader is in the input's structure. */
export type ReaderState =
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
export const EXPECTED: Readonly<Record<ReaderState, string>> = {
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

/**
 * Where the reading of a dump is, which each part of the reader moves on: the run over the
 * window's bytes, the state in the input's structure, and the records the run has completed.
 * Its fields are open to those parts and used by nothing else; their loops copy them to locals.
 */
export class ReadCursor {
  // One run over the window's bytes: those bytes and the input offset of the first (held here,
  // as only `push` changes them, to spare the hot paths a read through the window), the index
  // reached, where it must stop for the batch size, whether it did, the first index still
  // needed (NONE: none before `index`).
  bytes: Uint8Array = EMPTY;
  start = 0;
  index = 0;
  batchLimit = 0;
  batchEnded = false;
  keepIndex = NONE;
  /** The input offset of the first byte still needed: the element, name or value being read. */
  keepFrom = 0;
  state: ReaderState = "start";
  inputEnded = false;
  // The array being read, a member of the top-level object or the top-level value itself, and
  // whether its elements are records to return.
  inTopObject = false;
  emitRecords = false;
  /** The records completed since `next` last returned. */
  records: unknown[] = [];
  // The input offset before whose records reading stops (`stopAt`), and the offset it stopped
  // at, once it has.
  readonly stopAt: number;
  stoppedAt: number | undefined;

  constructor(stopAt: number) {
    this.stopAt = stopAt;
  }

  /** Starts a run over `bytes`, whose first is input byte `start`, at `index`, for `batchBytes`. */
  startRun(bytes: Uint8Array, start: number, index: number, batchBytes: number): void {
    this.bytes = bytes;
    this.start = start;
    this.index = index;
    this.batchLimit = index + batchBytes;
    this.batchEnded = false;
    this.keepIndex = NONE;
  }

  /** Moves `index` past white space; returns the byte there, or NONE at the end of the bytes. */
  skipSpace(): number {
    const bytes = this.bytes;
    const n = bytes.length;
    let i = this.index;
    let c = bytes[i] ?? 0;
    while (i < n && isJsonSpace(c)) c = bytes[++i] ?? 0;
    this.index = i;
    return i < n ? c : NONE;
  }

  /** Stops the run to wait for more input, keeping the bytes from index `keepIndex` on. */
  wait(keepIndex: number): false {
    this.keepIndex = keepIndex;
    return false;
  }
}
