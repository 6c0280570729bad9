// grammar/language.md 10.1: NDJSON is read as NDJSON however many records it holds and however
// long its first line, whatever the chunks; a lone object of records is a dump object.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DumpError, filterDump } from "../../src/dump/index.ts";
import { NDJSON_FIRST_LINE_CAP } from "../../src/dump/ndjson-probe.ts";
import { runs } from "../support/runs.ts";

async function* chunked(bytes: Uint8Array, sizes: readonly number[]): AsyncGenerator<Uint8Array> {
  let turn = 0;
  for (let at = 0; at < bytes.length; turn++) {
    const size = sizes[turn % sizes.length] as number;
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

/** A record as NDJSON writes one: a first member that is no array of objects, then others. */
const record = fc.record({
  id: fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.constant(null)),
  name: fc.string({ maxLength: 8 }),
  items: fc.array(fc.record({ n: fc.integer() }), { maxLength: 2 }),
  tags: fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
});

/** The length of the first line: short, just under the cap, or past it (which is held whole). */
const firstLine = fc.constantFrom(
  0,
  0,
  0,
  1000,
  NDJSON_FIRST_LINE_CAP - 64,
  NDJSON_FIRST_LINE_CAP + 4096,
);

const cases = fc.record({
  records: fc.array(record, { minLength: 1, maxLength: 4 }),
  padding: firstLine,
  trailingBreak: fc.boolean(),
  crlf: fc.boolean(),
  chunks: fc.array(fc.integer({ min: 1, max: 70_000 }), { minLength: 1, maxLength: 4 }),
});

async function read(bytes: Uint8Array, sizes: readonly number[]) {
  const kept: unknown[] = [];
  const dump = filterDump(chunked(bytes, sizes));
  for await (const one of dump) kept.push(one);
  return { kept, shape: dump.shape };
}

describe("NDJSON", () => {
  it("is read as NDJSON whatever its records, the length of its first line and the chunks", async () => {
    await fc.assert(
      fc.asyncProperty(cases, async ({ records, padding, trailingBreak, crlf, chunks }) => {
        const lines = records.map((one, i) =>
          JSON.stringify(i === 0 && padding > 0 ? { ...one, pad: "p".repeat(padding) } : one),
        );
        const text = lines.join(crlf ? "\r\n" : "\n") + (trailingBreak ? "\n" : "");
        const bytes = new TextEncoder().encode(text);
        // Large first lines in large chunks only, so that a run stays short.
        const sizes = padding > 100_000 ? chunks.map((size) => size * 64) : chunks;
        const { kept, shape } = await read(bytes, sizes);
        expect(shape).toBe("ndjson");
        expect(kept).toEqual(lines.map((line) => JSON.parse(line)));
      }),
      { numRuns: runs(120) },
    );
  });

  it("reads a lone object that opens with records or _links as a dump, and says nothing else", async () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    expect(await read(encode('{"id":1,"name":"one"}'), [5])).toEqual({
      kept: [{ id: 1, name: "one" }],
      shape: "ndjson",
    });
    expect(await read(encode('{"items":[{"id":1}],"page":1}\n'), [3])).toEqual({
      kept: [{ id: 1 }],
      shape: "list-response",
    });
    expect(await read(encode('{"_links":{},"items":[]}'), [100])).toEqual({
      kept: [],
      shape: "list-response",
    });
    // Past the cap, a first line that opens as a dump is read as one, and a second value is an
    // error that says why, after what the dump's array held.
    const huge = JSON.stringify({ items: [{ s: "z".repeat(NDJSON_FIRST_LINE_CAP + 4096) }] });
    for (const size of [65_536, 1 << 20, 8 << 20]) {
      await expect(read(encode(`${huge}\n{"a":1}\n`), [size])).rejects.toThrow(DumpError);
    }
  });
});
