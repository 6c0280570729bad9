import { RECORD_SCAN_WASM } from "./record-scan-wasm.ts";

// A JavaScript loop checks about 500 MB of JSON a second here, WebAssembly with SIMD a few
// times that: the bytes of records a raw filter rules out are checked there when the runtime
// can (bench/duckdb.bench.ts), and in JavaScript otherwise, with the same outcome.

interface RecordScanExports {
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  readonly DATA: { readonly value: unknown };
  skip(pos: number, end: number, limit: number, bound: number, comma: number): number;
  skipped(): number;
  find(needle: number, length: number, pos: number, end: number, at1: number, at2: number): number;
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
for (let c = 0x30; c <= 0x39; c++) COMMON[c] = 1;
for (let c = 0x61; c <= 0x7a; c++) COMMON[c] = 1;

function needleOf(bytes: Uint8Array): Needle {
  let at1 = bytes.findIndex((c) => COMMON[c] === 0);
  let at2 = bytes.findLastIndex((c) => COMMON[c] === 0);
  if (at1 === -1 || at1 === at2) {
    at1 = bytes.findIndex((c) => c !== 0x22);
    at2 = bytes.findLastIndex((c) => c !== 0x22);
  }
  if (at1 === -1 || at1 === at2) return { bytes, at1: 0, at2: bytes.length - 1 };
  return { bytes, at1, at2 };
}

/**
 * Checks runs of records, one a line, that a raw filter rules out: each must be an object
 * JSON.parse accepts, in UTF-8, with no `\u` or `\/` escape. Holds a copy of the bytes asked
 * about, loaded once for many runs.
 */
export class RecordScanner {
  readonly #exports: RecordScanExports;
  readonly #data: number;
  readonly #needles: readonly Needle[];
  // Where each needle lies in memory, after the bytes loaded.
  readonly #needleAt: number[];
  #memory: Uint8Array;
  #length = 0;
  #skipped = 0;

  private constructor(exports: RecordScanExports, needles: readonly Uint8Array[]) {
    this.#exports = exports;
    this.#needles = needles.map(needleOf);
    this.#needleAt = needles.map(() => 0);
    this.#data = exports.DATA.value as number;
    this.#memory = new Uint8Array(exports.memory.buffer);
  }

  /**
   * A scanner of its own, which `find` searches for `needles` with, or undefined where this
   * runtime cannot run the module.
   */
  static create(needles: readonly Uint8Array[] = []): RecordScanner | undefined {
    const module = scanModule();
    if (module === null || wasm === undefined) return undefined;
    try {
      const instance = new wasm.Instance(module, {});
      return new RecordScanner(instance.exports as unknown as RecordScanExports, needles);
    } catch {
      return undefined;
    }
  }

  /** The records the last `skip` went over. */
  get skipped(): number {
    return this.#skipped;
  }

  /** Holds a copy of `bytes`, which the following runs and searches are over. */
  load(bytes: Uint8Array): void {
    const padded = this.#data + bytes.length + PADDING;
    let needed = padded;
    for (const needle of this.#needles) needed += needle.bytes.length;
    const memory = this.#exports.memory;
    if (memory.buffer.byteLength < needed) {
      memory.grow(Math.ceil((needed - memory.buffer.byteLength) / PAGE));
      this.#memory = new Uint8Array(memory.buffer);
    }
    this.#memory.set(bytes, this.#data);
    this.#memory.fill(0, this.#data + bytes.length, padded);
    let at = padded;
    this.#needles.forEach((needle, k) => {
      this.#memory.set(needle.bytes, at);
      this.#needleAt[k] = at;
      at += needle.bytes.length;
    });
    this.#length = bytes.length;
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
   * space; `skipped` says how many it went over.
   */
  skip(from: number, limit: number, bound: number, comma: boolean): number {
    const data = this.#data;
    const end = this.#length;
    const clamp = (index: number) => data + Math.max(0, Math.min(index, end + 1));
    const stop = this.#exports.skip(
      data + from,
      data + end,
      clamp(limit),
      clamp(bound),
      comma ? 1 : 0,
    );
    this.#skipped = this.#exports.skipped();
    return stop - data;
  }
}
