import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import {
  fieldsArbitrary,
  recordsArbitrary,
  schemaArbitrary,
  whereArbitrary,
} from "../../src/arbitraries/index.ts";
import { DumpError, type DumpRecord, filterDump } from "../../src/dump/index.ts";
import { LEARNING_BYTES } from "../../src/dump/learnt-schema.ts";
import {
  compileFields,
  compileWhere,
  InvalidOptionError,
  QuerySyntaxError,
  QueryValidationError,
  schemas,
  UnknownTimeZoneError,
} from "../../src/index.ts";
import { runs } from "../support/runs.ts";

const SAMPLE_BYTES = readFileSync(new URL("../../sample/dump.json", import.meta.url));
const SAMPLE = JSON.parse(SAMPLE_BYTES.toString("utf8")) as Record<string, DumpRecord[]>;

const encoder = new TextEncoder();

/** `bytes` as a Web stream of chunks of `size` bytes. */
function webStream(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) controller.close();
      else controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

async function* chunks(bytes: Uint8Array, sizes: readonly number[]): AsyncGenerator<Uint8Array> {
  let turn = 0;
  for (let at = 0; at < bytes.length; ) {
    const size = sizes[turn++ % sizes.length] ?? 1;
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

async function collect(records: AsyncIterable<DumpRecord>): Promise<DumpRecord[]> {
  const out: DumpRecord[] = [];
  for await (const record of records) out.push(record);
  return out;
}

const SHAPES = {
  array: (texts: string[]) => `[\n${texts.join(",\n")}\n]\n`,
  "array on one line": (texts: string[]) => `[${texts.join(",")}]`,
  ndjson: (texts: string[]) => `${texts.join("\n")}\n`,
  "dump object": (texts: string[]) =>
    `{"projects":[{"id":1}],"_links":{"self":{"href":"/"}},"items":[${texts.join(",\n")}]}`,
} as const;

describe("filterDump", () => {
  const where = "type.id=FILE AND rank>=2";
  const fields = "id,name,type(id)";
  const expected = SAMPLE.artefacts
    ?.filter(compileWhere(where, { schema: schemas.artefact }))
    .map(compileFields(fields));

  it("filters and projects the sample from a Web stream, a Node Readable and an async iterable", async () => {
    expect(expected?.length).toBeGreaterThan(10);
    const options = { where, fields, schema: schemas.artefact, resource: "artefacts" };
    const sources = [
      webStream(SAMPLE_BYTES, 4096),
      Readable.from([SAMPLE_BYTES.subarray(0, 1000), SAMPLE_BYTES.subarray(1000)]),
      chunks(SAMPLE_BYTES, [1, 7, 65536]),
    ];
    for (const source of sources) {
      expect(await collect(filterDump(source, options))).toEqual(expected);
    }
  });

  it("reports what it has read: the resource, the shape, bytes and records", async () => {
    const last = `id=${SAMPLE.findings?.at(-1)?.id}`;
    const matches = filterDump(webStream(SAMPLE_BYTES, 1 << 16), {
      where: last,
      resource: "findings",
    });
    expect(matches.shape).toBeUndefined();
    const batches: DumpRecord[][] = [];
    for await (const batch of matches.batches()) batches.push(batch);
    // A batch a stretch of input, empty where nothing in it matches.
    expect(batches.length).toBeGreaterThan(2);
    expect(batches.slice(0, -1).every((batch) => batch.length === 0)).toBe(true);
    expect(batches.flat()).toEqual(SAMPLE.findings?.slice(-1));
    const { resource, shape, bytesRead, recordsRead } = matches;
    expect({ resource, shape, bytesRead, recordsRead }).toEqual({
      resource: "findings",
      shape: "dump",
      bytesRead: SAMPLE_BYTES.length,
      recordsRead: SAMPLE.findings?.length,
    });
  });

  it("yields every record of each shape when given no filter and no selection", async () => {
    const records = [{ a: 1 }, { b: [1, { c: "é\n" }] }, {}];
    const texts = records.map((record) => JSON.stringify(record));
    for (const [shape, write] of Object.entries(SHAPES)) {
      const bytes = encoder.encode(write(texts));
      const options = shape === "dump object" ? { resource: "items" } : {};
      expect(await collect(filterDump(webStream(bytes, 3), options)), shape).toEqual(records);
    }
  });

  it("gives the in-memory answer on generated schemas, records, filters and selections", async () => {
    const schemaAndQuery = schemaArbitrary().chain((schema) =>
      fc.record({
        schema: fc.constant(schema),
        records: recordsArbitrary(schema, {
          strict: false,
          dates: ["day", "dateTime", "epochMillis"],
        }),
        where: whereArbitrary(schema),
        fields: fc.option(fieldsArbitrary(schema), { nil: undefined }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        schemaAndQuery,
        fc.constantFrom(...(Object.keys(SHAPES) as (keyof typeof SHAPES)[])),
        fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 4 }),
        async ({ schema, records, where, fields }, shape, sizes) => {
          // NDJSON cannot hold one record alone: it would read as one object.
          fc.pre(shape !== "ndjson" || records.length > 1);
          const texts = records.map((record) => JSON.stringify(record));
          const parsed = texts.map((text) => JSON.parse(text) as DumpRecord);
          const matches = compileWhere(where, { schema });
          const project = fields && compileFields(fields);
          const wanted = parsed
            .filter(matches)
            .map((record) => (project ? project(record) : record));
          const bytes = encoder.encode(SHAPES[shape](texts));
          const options = { where, fields, schema, resource: "items" };
          expect(await collect(filterDump(chunks(bytes, sizes), options))).toEqual(wanted);
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it("throws DumpError at the bad byte, after the records before it", async () => {
    const bytes = encoder.encode('[\n{"id":1},\n{"id":2},\n{"id":3,]\n]');
    const seen: DumpRecord[] = [];
    const error = await (async () => {
      try {
        for await (const record of filterDump(webStream(bytes, 5))) seen.push(record);
      } catch (caught) {
        return caught;
      }
    })();
    expect(seen).toEqual([{ id: 1 }, { id: 2 }]);
    expect(error).toBeInstanceOf(DumpError);
    expect((error as DumpError).toJSON()).toEqual({
      code: "MALFORMED_JSON",
      message: 'dump: expected a member name, found "]" at line 4, column 9 (byte 30)',
      offset: 30,
      line: 4,
      column: 9,
    });
  });

  it("names its own options in messages", async () => {
    const several = encoder.encode('{"a":[],"b":[]}');
    await expect(collect(filterDump(webStream(several, 4)))).rejects.toThrow(
      /choose one with the resource option$/,
    );
    const latin1 = new Uint8Array([
      0x5b, 0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d, 0x5d,
    ]);
    await expect(collect(filterDump(webStream(latin1, 4)))).rejects.toThrow(
      'invalid UTF-8: byte 0xe9 cannot be followed by byte 0x22 at line 1, column 8 (byte 7); invalidUtf8: "replace" reads such bytes as U+FFFD',
    );
    expect(await collect(filterDump(webStream(latin1, 4), { invalidUtf8: "replace" }))).toEqual([
      { a: "\ufffd" },
    ]);
  });

  it("checks everything before reading a byte", () => {
    let pulled = false;
    const untouched = () =>
      new ReadableStream<Uint8Array>({
        pull() {
          pulled = true;
        },
      });
    const cases: [unknown, new (...args: never[]) => Error][] = [
      [{ where: "rank>=" }, QuerySyntaxError],
      [{ where: "rnak>=2", schema: schemas.artefact }, QueryValidationError],
      [{ fields: "id,(" }, QuerySyntaxError],
      [{ where: { kind: "nonsense" } }, Error],
      [{ timeZone: "Mars/Olympus" }, UnknownTimeZoneError],
      [{ filter: "rank>=2" }, InvalidOptionError],
      [{ resource: 3 }, InvalidOptionError],
      [{ invalidUtf8: "ignore" }, InvalidOptionError],
      [{ schema: "artefact" }, InvalidOptionError],
      ["rank>=2", InvalidOptionError],
    ];
    for (const [options, type] of cases) {
      expect(() => filterDump(untouched(), options as never), JSON.stringify(options)).toThrow(
        type,
      );
    }
    expect(pulled).toBe(false);
  });

  it("refuses a source that is not one, and chunks that are not bytes, with a TypeError", async () => {
    for (const source of [undefined, null, "[]", [new Uint8Array(1)], { getReader: 1 }]) {
      expect(() => filterDump(source as never)).toThrow(TypeError);
    }
    async function* text() {
      yield "[]";
    }
    await expect(collect(filterDump(text() as never))).rejects.toThrow(
      'filterDump: the dump\'s source gave "[]" where a chunk of bytes (a Uint8Array) was expected',
    );
    const decoding = Readable.from([Buffer.from("[]")], { objectMode: false }).setEncoding("utf8");
    await expect(collect(filterDump(decoding))).rejects.toThrow(TypeError);
  });

  it("cancels a Web stream and closes an iterator when the loop leaves early", async () => {
    const bytes = encoder.encode(
      SHAPES.ndjson(Array.from({ length: 100 }, (_, id) => `{"id":${id}}`)),
    );
    let cancelled = false;
    let at = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(bytes.slice(at, at + 16));
        at += 16;
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const record of filterDump(stream)) if (record.id === 3) break;
    expect(cancelled).toBe(true);
    expect(at).toBeLessThan(bytes.length);

    let returned = false;
    const iterable = {
      [Symbol.asyncIterator]: () => {
        const inner = chunks(bytes, [16]);
        return {
          next: () => inner.next(),
          return: async () => {
            returned = true;
            return { done: true as const, value: undefined };
          },
        };
      },
    };
    for await (const record of filterDump(iterable)) if (record.id === 3) break;
    expect(returned).toBe(true);
  });

  it("is read once", async () => {
    const records = filterDump(webStream(encoder.encode("[]"), 1));
    expect(await collect(records)).toEqual([]);
    await expect(collect(records)).rejects.toThrow("filterDump: its records can be read only once");
  });
});

describe("filterDump's unseenFields", () => {
  it("names the fields of where and fields no record held, once the records are read", async () => {
    const records = filterDump(webStream(SAMPLE_BYTES, 4096), {
      resource: "findings",
      where: "defintion.id~JAVA OR status=OPEN",
      fields: "id,tool,locations(line,colum)",
    });
    expect((await collect(records)).length).toBeGreaterThan(0);
    expect(records.unseenFields()).toEqual([
      { path: "defintion.id", language: "where", suggestion: "definition.id" },
      { path: "locations.colum", language: "fields" },
    ]);
  });

  it("is empty with a schema, which refuses unknown fields before reading", async () => {
    const records = filterDump(webStream(SAMPLE_BYTES, 4096), {
      resource: "artefacts",
      where: "rank>=2",
      schema: schemas.artefact,
    });
    await collect(records);
    expect(records.unseenFields()).toEqual([]);
    expect(() =>
      filterDump(webStream(SAMPLE_BYTES, 4096), { where: "rnak>=2", schema: schemas.artefact }),
    ).toThrow(QueryValidationError);
  });
});

describe("filterDump on one large record", () => {
  const MB = 1024 * 1024;
  const typedArraySet = Object.getPrototypeOf(Uint8Array.prototype).set as Uint8Array["set"];
  const typedArrayCopyWithin = Object.getPrototypeOf(Uint8Array.prototype)
    .copyWithin as Uint8Array["copyWithin"];

  /** A dump of `shape` whose middle record holds a string of `size` bytes. */
  function largeRecordDump(shape: "ndjson" | "array", size: number): Uint8Array {
    const [before, after] =
      shape === "ndjson"
        ? ['{"id":0}\n{"id":1,"text":"', '"}\n{"id":2}\n']
        : ['[{"id":0},\n{"id":1,"text":"', '"},\n{"id":2}]'];
    return Buffer.concat([Buffer.from(before), Buffer.alloc(size, "x"), Buffer.from(after)]);
  }

  async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  }

  // Counted, not timed: keeping a record that spans chunks by copying what is held on every
  // chunk makes its time grow with its square (8 MB in 1 KiB chunks: about 4,000 copies of it).
  it.each(["ndjson", "array"] as const)(
    "copies each byte of an 8 MB %s record a few times, whatever the chunks and the filter",
    async (shape) => {
      const bytes = largeRecordDump(shape, 8 * MB);
      let limit = 4 * bytes.length;
      let copied = 0;
      // Stops the read once past the limit, so that copying code fails in seconds.
      const count = (length: number) => {
        copied += length;
        if (copied > limit)
          throw new Error(`copied over ${limit} bytes of a ${bytes.length}-byte dump`);
      };
      const set = vi.spyOn(Uint8Array.prototype, "set").mockImplementation(function (
        this: Uint8Array,
        array: ArrayLike<number>,
        offset?: number,
      ) {
        count(array.length);
        typedArraySet.call(this, array, offset);
      });
      const copyWithin = vi.spyOn(Uint8Array.prototype, "copyWithin").mockImplementation(function (
        this: Uint8Array,
        target: number,
        start: number,
        end?: number,
      ) {
        count((end ?? this.length) - start);
        return typedArrayCopyWithin.call(this, target, start, end);
      });
      try {
        for (const [where, ids] of [
          [undefined, [0, 1, 2]],
          ["id>=1", [1, 2]],
          ["text~*y*", []],
        ] as const) {
          for (const size of [1024, 16 * 1024]) {
            copied = 0;
            // A filter's schema is learnt from the head, which a reader of its own reads first.
            limit = 4 * bytes.length + (where === undefined ? 0 : 2 * LEARNING_BYTES);
            const read: unknown[] = [];
            const options = where === undefined ? {} : { where };
            for await (const record of filterDump(chunked(bytes, size), options))
              read.push(record.id);
            expect(read, `${where} in ${size} B chunks`).toEqual(ids);
          }
        }
      } finally {
        set.mockRestore();
        copyWithin.mockRestore();
      }
    },
  );
});
