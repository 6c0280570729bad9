// Where the runtime is Node, its Buffer's indexOf searches with memchr, about four times
// Uint8Array's indexOf on a dump (bench/stream.bench.ts); elsewhere the standard method serves.

/** The index of the first `byte` at or after `from` in `bytes`, or -1. */
export type IndexOfByte = (bytes: Uint8Array, byte: number, from: number) => number;

export const standardIndexOfByte: IndexOfByte = (bytes, byte, from) => bytes.indexOf(byte, from);

type Search = (this: Uint8Array, byte: number, from: number) => number;

/** Node's search over any Uint8Array, if this runtime has it and it answers a probe rightly. */
export function nativeIndexOfByte(): IndexOfByte | undefined {
  const native = (globalThis as { Buffer?: { prototype?: { indexOf?: unknown } } }).Buffer
    ?.prototype?.indexOf;
  if (typeof native !== "function") return undefined;
  const search = native as Search;
  try {
    const probe = new Uint8Array([1, 10, 2, 10]);
    if (search.call(probe, 10, 0) !== 1 || search.call(probe, 10, 2) !== 3) return undefined;
    if (search.call(probe, 10, 4) !== -1) return undefined;
  } catch {
    return undefined;
  }
  return (bytes, byte, from) => search.call(bytes, byte, from);
}

export const indexOfByte: IndexOfByte = nativeIndexOfByte() ?? standardIndexOfByte;
