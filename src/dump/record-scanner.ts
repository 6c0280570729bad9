import { BYTES } from "./byte-codes.ts";
import { RECORD_SCAN_WASM } from "./record-scan-wasm.ts";

const { QUOTE, DIGIT_ZERO, DIGIT_NINE, SMALL_A, SMALL_Z } = BYTES;

// A JavaScript loop checks about 0.5 GB of JSON a second here, WebAssembly with SIMD 1.5 GB
// (bench/README.md): the records a raw filter rules out are checked there, its needles
// searched and the members a reader reads picked, where the runtime can; elsewhere the reader
// does it all in JavaScript, with the same outcome.

interface RecordScanExports {
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  readonly FREE: { readonly value: unknown };
  goOver(
    pos: number,
    end: number,
    limit: number,
    bound: number,
    comma: number,
    trust: number,
  ): number;
  skipped(): number;
  find(needle: number, length: number, pos: number, end: number, at1: number, at2: number): number;
  pick(pos: number, out1: number, out2: number, names: number, count: number): number;
  picked1(): number;
  picked2(): number;
}

// The part of the WebAssembly API used here: the library's types leave out the DOM's.
interface WebAssemblyApi {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object, imports: object) => { readonly exports: unknown };
}

const wasm = (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly;

const PAGE = 65536;

// The zero bytes after the bytes held, which a 16-byte load past their end reads.
const PADDING = 16;

const encoder = new TextEncoder();

let compiled: object | null | undefined;

function scanModule(): object | null {
  if (compiled !== undefined) return compiled;
  try {
    if (wasm === undefined) throw new Error("no WebAssembly");
    const bytes = Uint8Array.from(atob(RECORD_SCAN_WASM), (c) => c.charCodeAt(0));
    compiled = new wasm.Module(bytes);
  } catch {
    // No WebAssembly, no SIMD, or a policy that forbids compiling it.
    compiled = null;
  }
  return compiled;
}

/** A needle of a search, and the two of its bytes compared first: the rarest, by a guess. */
interface Needle {
  readonly bytes: Uint8Array;
  readonly at1: number;
  readonly at2: number;
}

// Bytes JSON text is full of: its punctuation, white space, digits, lower-case letters.
const COMMON = new Uint8Array(256);
for (const c of ' "{}[]:,.-_/\n\t\r') COMMON[c.charCodeAt(0)] = 1;
for (let c: number = DIGIT_ZERO; c <= DIGIT_NINE; c++) COMMON[c] = 1;
for (let c: number = SMALL_A; c <= SMALL_Z; c++) COMMON[c] = 1;

function needleOf(bytes: Uint8Array): Needle {
  let at1 = bytes.findIndex((c) => COMMON[c] === 0);
  let at2 = bytes.findLastIndex((c) => COMMON[c] === 0);
  if (at1 === -1 || at1 === at2) {
    at1 = bytes.findIndex((c) => c !== QUOTE);
    at2 = bytes.findLastIndex((c) => c !== QUOTE);
  }
  if (at1 === -1 || at1 === at2) return { bytes, at1: 0, at2: bytes.length - 1 };
  return { bytes, at1, at2 };
}

/**
 * Checks runs of records, one a line, that a raw filter rules out (each must be an object
 * JSON.parse accepts, in UTF-8, with no `\u` or `\/` escape), searches for the filter's
 * needles, and picks a record's members by name. Holds a copy of the bytes asked about, loaded
 * once for many calls.
 */
export class RecordScanner {
  readonly #exports: RecordScanExports;
  readonly #needles: readonly Needle[];
  // Where each needle lies in memory; where the table of names `pick` copies lies, and its size.
  readonly #needleAt: readonly number[];
  readonly #names: number;
  readonly #nameCount: number;
  // Where the bytes loaded start, and where `pick` writes its two texts.
  readonly #data: number;
  #out1 = 0;
  #out2 = 0;
  #memory: Uint8Array;
  #length = 0;
  #skipped = 0;

  private constructor(
    exports: RecordScanExports,
    needles: readonly Uint8Array[],
    first: readonly string[],
    second: readonly string[],
  ) {
    this.#exports = exports;
    this.#needles = needles.map(needleOf);
    this.#memory = new Uint8Array(exports.memory.buffer);
    let at = exports.FREE.value as number;
    const place = (bytes: Uint8Array) => {
      this.#reserve(at + bytes.length);
      this.#memory.set(bytes, at);
      at += bytes.length;
      return at - bytes.length;
    };
    this.#needleAt = needles.map(place);
    // Each name once, with the texts it is for: 1 the first, 2 the second.
    const sets = new Map<string, number>();
    for (const name of first) sets.set(name, 1);
    for (const name of second) sets.set(name, (sets.get(name) ?? 0) | 2);
    const table = new Uint8Array(12 * sets.size);
    const view = new DataView(table.buffer);
    [...sets].forEach(([name, set], k) => {
      const bytes = encoder.encode(JSON.stringify(name).slice(1, -1));
      view.setUint32(12 * k, place(bytes), true);
      view.setUint32(12 * k + 4, bytes.length, true);
      view.setUint32(12 * k + 8, set, true);
    });
    this.#names = place(table);
    this.#nameCount = sets.size;
    this.#data = at;
  }

  /**
   * A scanner of its own, which `find` searches for `needles` with and `pick` copies the
   * members named in `first` and in `second` with, or undefined where this runtime cannot run
   * the module.
   */
  static create(
    needles: readonly Uint8Array[] = [],
    first: readonly string[] = [],
    second: readonly string[] = [],
  ): RecordScanner | undefined {
    const module = scanModule();
    if (module === null || wasm === undefined) return undefined;
    try {
      const instance = new wasm.Instance(module, {});
      const exports = instance.exports as unknown as RecordScanExports;
      return new RecordScanner(exports, needles, first, second);
    } catch {
      return undefined;
    }
  }

  /** The records the last `goOver` went over. */
  get skipped(): number {
    return this.#skipped;
  }

  /** Grows the memory to hold `size` bytes. */
  #reserve(size: number): void {
    const memory = this.#exports.memory;
    if (memory.buffer.byteLength >= size) return;
    memory.grow(Math.ceil((size - memory.buffer.byteLength) / PAGE));
    this.#memory = new Uint8Array(memory.buffer);
  }

  /** Holds a copy of `bytes`, which the following runs, searches and picks are over. */
  load(bytes: Uint8Array): void {
    const padded = this.#data + bytes.length + PADDING;
    // What `pick` writes is no longer than the record it reads, plus its brackets.
    this.#out1 = padded;
    this.#out2 = padded + bytes.length + 2;
    this.#reserve(this.#out2 + bytes.length + 2);
    this.#memory.set(bytes, this.#data);
    this.#memory.fill(0, this.#data + bytes.length, padded);
    this.#length = bytes.length;
  }

  /**
   * Reads the record at `bytes[start, end)` into the texts of two objects, the first holding
   * its members named in `first`, the second those named in `second`, as the record spells
   * them and in its order: JSON.parse reads each into the values those names have in the
   * record. False when the record is not an object that `goOver` would accept (a `\u` or `\/`
   * escape included) ending at `end`. The texts are valid until the next call.
   */
  pick(start: number, end: number): boolean {
    const data = this.#data;
    const after = this.#exports.pick(
      data + start,
      this.#out1,
      this.#out2,
      this.#names,
      this.#nameCount,
    );
    return after === data + end;
  }

  /** The first text the last `pick` wrote. */
  get first(): Uint8Array {
    return this.#memory.subarray(this.#out1, this.#exports.picked1());
  }

  /** The second text the last `pick` wrote. */
  get second(): Uint8Array {
    return this.#memory.subarray(this.#out2, this.#exports.picked2());
  }

  /** The first index from `from` on where needle `k` occurs in the bytes loaded, or -1. */
  find(k: number, from: number): number {
    const needle = this.#needles[k];
    if (needle === undefined) throw new RangeError(`no needle ${k}`);
    const length = needle.bytes.length;
    if (length === 0) return from <= this.#length ? from : -1;
    const data = this.#data;
    const at = this.#exports.find(
      this.#needleAt[k] as number,
      length,
      data + from,
      data + this.#length,
      needle.at1,
      needle.at2,
    );
    return at === -1 ? -1 : at - data;
  }

  /**
   * From index `from` of the bytes loaded, goes over the records that end before index
   * `bound` and start before index `limit`: each `{…}`, then, when `comma` is set, a `,`, then
   * the end of its line. Returns where it stopped, at a record's first byte or after white
   * space; `skipped` says how many it went over. `trust`, for records of a line (no `comma`),
   * takes each line ending in `}` for a record without checking it (`trustInput`).
   */
  goOver(from: number, limit: number, bound: number, comma: boolean, trust = false): number {
    const data = this.#data;
    const end = this.#length;
    const clamp = (index: number) => data + Math.max(0, Math.min(index, end + 1));
    const stop = this.#exports.goOver(
      data + from,
      data + end,
      clamp(limit),
      clamp(bound),
      comma ? 1 : 0,
      trust && !comma ? 1 : 0,
    );
    this.#skipped = this.#exports.skipped();
    return stop - data;
  }
}
