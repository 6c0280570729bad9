// The reader looks for line breaks (to try a record's line, and to count lines for positions)
// and must search each byte of the input at most once for each: a search that runs to the end
// of the buffer on every chunk, or again from every record of a long line, makes the time of a
// large record or line grow with its square. Counted here over every search the reader makes.
import { describe, expect, it, vi } from "vitest";
import { filterDump } from "../../src/dump/index.ts";

const searched = vi.hoisted(() => ({ bytes: 0 }));

vi.mock("../../src/dump/index-of-byte.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/dump/index-of-byte.ts")>();
  return {
    ...original,
    indexOfByte: (bytes: Uint8Array, byte: number, from: number) => {
      const found = original.indexOfByte(bytes, byte, from);
      searched.bytes += Math.max(0, (found === -1 ? bytes.length : found + 1) - from);
      return found;
    },
  };
});

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const MB = 1024 * 1024;
const large = `{"id":1,"text":"${"x".repeat(MB)}"}`;
const small = Array.from({ length: 40_000 }, (_, id) => `{"id":${id},"name":"n${id}"}`);

describe("the dump reader's search for line breaks", () => {
  it.each([
    ["NDJSON with a 1 MB record", `{"id":0}\n${large}\n{"id":2}\n`, 3],
    ["an array with a 1 MB record", `[{"id":0},\n${large},\n{"id":2}]\n`, 3],
    ["a dump object with a 1 MB record", `{"items":[{"id":0},\n${large}\n],"_links":{}}\n`, 2],
    ["NDJSON of small records", `${small.join("\n")}\n`, small.length],
    ["an array of small records on one line", `[${small.join(",")}]\n`, small.length],
  ])("runs over each byte at most twice: %s", async (_, text, count) => {
    const bytes = Buffer.from(text);
    for (const size of [1024, 16 * 1024, bytes.length]) {
      searched.bytes = 0;
      let records = 0;
      for await (const _record of filterDump(chunked(bytes, size))) records++;
      expect(records).toBe(count);
      expect(searched.bytes, `in chunks of ${size} B`).toBeLessThanOrEqual(2 * bytes.length);
    }
  });
});
