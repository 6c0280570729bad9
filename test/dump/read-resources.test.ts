import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readResources } from "../../src/dump/read-resources.ts";
import { DumpError, type DumpErrorCode } from "../../src/errors/dump-error.ts";

/** Chunk sizes every row is read with: the same resources or error must come out of each. */
const CHUNK_SIZES = [1, 2, 3, 7, 64, Number.POSITIVE_INFINITY];

async function* chunked(bytes: Uint8Array, sizes: readonly number[]): AsyncGenerator<Uint8Array> {
  let turn = 0;
  for (let i = 0; i < bytes.length; ) {
    const size = Math.min(sizes[turn++ % sizes.length] as number, bytes.length);
    yield bytes.subarray(i, i + size);
    i += size;
  }
}

const read = (text: string, sizes: readonly number[], resource?: string) =>
  readResources(chunked(Buffer.from(text, "utf8"), sizes), { resource });

describe("readResources: shapes", () => {
  it.each([
    {
      name: "every array member of an object, empty ones too, in order",
      text: '{"b": [{"id": 1}, {"id": 2}], "meta": {"x": [1]}, "e": [], "a": [{"id": 3}]}',
      shape: "dump",
      resources: [
        ["b", [{ id: 1 }, { id: 2 }]],
        ["e", []],
        ["a", [{ id: 3 }]],
      ],
    },
    {
      name: "a list response, its _links left out even as an array of anything",
      text: '{"_links": [1, "two"], "items": [{"id": 1}]}',
      shape: "list-response",
      resources: [["items", [{ id: 1 }]]],
    },
    {
      name: "only the member named, the others holding anything",
      text: '{"a": [1, [2]], "b": [{"id": 1}], "c": ["x"]}',
      resource: "b",
      shape: "dump",
      resources: [["b", [{ id: 1 }]]],
    },
    {
      name: "a member named __proto__",
      text: '{"__proto__": [{"id": 1}]}',
      shape: "list-response",
      resources: [["__proto__", [{ id: 1 }]]],
    },
    {
      name: "an array, under the name given",
      text: '[{"id": 1}, {"id": 2}]',
      resource: "tags",
      shape: "array",
      resources: [["tags", [{ id: 1 }, { id: 2 }]]],
    },
    {
      name: "an array without a name",
      text: "[]",
      shape: "array",
      resources: [[undefined, []]],
    },
    {
      name: "NDJSON",
      text: '{"id": 1}\r\n{"id": 2}\n',
      shape: "ndjson",
      resources: [[undefined, [{ id: 1 }, { id: 2 }]]],
    },
  ])("$name", async ({ text, resource, shape, resources }) => {
    for (const size of CHUNK_SIZES) {
      expect(await read(text, [size], resource)).toEqual({ shape, resources });
    }
  });

  it("keeps each member's records apart across batches and chunks", async () => {
    // Several batches (64 KiB) per member, so that batches end inside members and between them.
    const member = (tag: string) =>
      Array.from({ length: 3000 }, (_, id) => ({ id, tag, text: "x".repeat(20) }));
    const dump = { a: member("a"), links: { n: 1 }, b: member("b"), c: [], d: member("d") };
    const text = JSON.stringify(dump, null, 1);
    const expected = Object.entries(dump).filter(([, value]) => Array.isArray(value));
    for (const sizes of [[7], [4096], [65_536, 3], [Number.POSITIVE_INFINITY]]) {
      const { resources } = await read(text, sizes);
      expect(resources).toEqual(expected);
    }
  });
});

describe("readResources: errors", () => {
  it.each<[string, string, DumpErrorCode, number]>([
    ["a member named twice", '{"a": [{}], "b": [], "a": []}', "SEVERAL_RESOURCES", 21],
    ["an array member named again", '{"a": [], "a": 1}', "SEVERAL_RESOURCES", 10],
    ["a record that is no object", '{"a": [{}], "b": [{}, 2]}', "WRONG_SHAPE", 22],
    ["no array at all", '{"a": 1, "_links": []}', "WRONG_SHAPE", 21],
    ["a truncated member", '{"a": [{}], "b": [{', "TRUNCATED_INPUT", 19],
    ["nothing", " ", "EMPTY_INPUT", 1],
  ])("%s", async (_, text, code, offset) => {
    for (const size of CHUNK_SIZES) {
      const error = await read(text, [size]).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DumpError);
      expect(error).toMatchObject({ code, offset });
    }
  });

  it("a member the object does not hold is an error at its end", async () => {
    const error = await read('{"a": [{}]}', [3], "b").catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "UNKNOWN_RESOURCE", offset: 10 });
  });
});

describe("readResources yields what JSON.parse yields", () => {
  const record = fc.dictionary(
    fc.string({ maxLength: 3 }),
    fc.oneof(fc.integer(), fc.string({ maxLength: 5 })),
    {
      maxKeys: 3,
    },
  );
  const dump = fc.uniqueArray(
    fc.tuple(
      fc.string({ minLength: 1, maxLength: 4 }).filter((name) => name !== "_links"),
      fc.oneof(fc.array(record, { maxLength: 5 }), fc.integer()),
    ),
    { selector: ([name]) => name, maxLength: 5 },
  );

  it("for any object of arrays of records, cut anywhere", async () => {
    await fc.assert(
      fc.asyncProperty(
        dump,
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        async (members, sizes, pretty) => {
          const text = `{${members
            .map(
              ([name, value]) =>
                `${JSON.stringify(name)}:${JSON.stringify(value, null, pretty ? 1 : 0)}`,
            )
            .join(",\n")}}`;
          const arrays = members.filter(([, value]) => Array.isArray(value));
          const outcome = await read(text, sizes).catch((caught: unknown) => caught);
          if (arrays.length === 0) {
            expect(outcome).toMatchObject({ code: "WRONG_SHAPE" });
            return;
          }
          expect(outcome).toEqual({
            shape: arrays.length > 1 ? "dump" : "list-response",
            resources: arrays,
          });
        },
      ),
    );
  });
});
