import { isUtf8 } from "node:buffer";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readResources } from "../../src/dump/read-resources.ts";
import { DumpError } from "../../src/errors/dump-error.ts";
import { readDump } from "../support/read-dump.ts";
import { runCli } from "../support/run-cli.ts";
import { runs } from "../support/runs.ts";

const scratch = mkdtempSync(join(tmpdir(), "qaql-utf8-"));
const CHUNK_SIZES = [1, 2, 3, 5, 64, Number.POSITIVE_INFINITY];

const bytesOf = (...parts: (string | readonly number[])[]) =>
  Buffer.concat(parts.map((part) => Buffer.from(part as string)));

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  const step = Math.min(size, Math.max(bytes.length, 1));
  for (let i = 0; i < bytes.length; i += step) yield bytes.subarray(i, i + step);
}

async function readAll(
  bytes: Uint8Array,
  size: number,
  options: { resource?: string | undefined; invalidUtf8?: "error" | "replace" } = {},
): Promise<{ records: unknown[]; error?: DumpError }> {
  const records: unknown[] = [];
  try {
    for await (const batch of readDump(chunked(bytes, size), options)) {
      records.push(...batch.records);
    }
    return { records };
  } catch (error) {
    if (!(error instanceof DumpError)) throw error;
    return { records, error };
  }
}

/** The reference offset of the first bad byte: where the longest UTF-8 prefix ends. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let end = bytes.length;
  while (!isUtf8(bytes.subarray(0, end))) end--;
  return end;
}

// Each row: the input, the offset of the first bad byte, the records read before it, and the
// path it takes through the reader.
const ROWS: readonly {
  name: string;
  bytes: Buffer;
  offset: number;
  before: unknown[];
  resource?: string;
}[] = [
  {
    name: "array, a record alone on its line (the line fast path)",
    bytes: bytesOf('[\n{"a":1},\n{"b":"x', [0xff], '"},\n{"c":3}\n]'),
    offset: 18,
    before: [{ a: 1 }],
  },
  {
    name: "array on one line (the byte scanner)",
    bytes: bytesOf('[{"a":1},{"b":"', [0xe2, 0x28, 0xa1], '"},{"c":3}]'),
    offset: 15,
    before: [{ a: 1 }],
  },
  {
    name: "NDJSON (the line fast path)",
    bytes: bytesOf('{"a":1}\n{"b":"', [0xed, 0xa0, 0x80], '"}\n{"c":3}\n'),
    offset: 14,
    before: [{ a: 1 }],
  },
  {
    name: "NDJSON, the bad record last and without a line break",
    bytes: bytesOf('{"a":1}\n{"b":"', [0xc0, 0xaf], '"}'),
    offset: 14,
    before: [{ a: 1 }],
  },
  {
    name: "list response, in a record",
    bytes: bytesOf('{"_links":{},"items":[{"a":1},{"b":"', [0xf4, 0x90, 0x80, 0x80], '"}]}'),
    offset: 36,
    before: [{ a: 1 }],
  },
  {
    name: "dump object, in a member skipped without parsing",
    bytes: bytesOf('{"items":[{"a":1}],"_links":{"self":"', [0x80], '"}}'),
    offset: 37,
    before: [{ a: 1 }],
  },
  {
    name: "dump object, in a member name",
    bytes: bytesOf('{"items":[{"a":1}],"pro', [0xe0, 0x80, 0x80], 'jects":[]}'),
    offset: 23,
    before: [{ a: 1 }],
  },
  {
    name: "dump object, in an array not read",
    bytes: bytesOf('{"projects":[{"p":"', [0xf8], '"}],"items":[{"a":1}]}'),
    offset: 19,
    before: [],
    resource: "items",
  },
  {
    name: "a character cut short by the next one",
    bytes: bytesOf('[{"a":1},\n{"b":"', [0xe2, 0x82], 'A"}]'),
    offset: 16,
    before: [{ a: 1 }],
  },
];

describe("readDump: invalid UTF-8 is an error at its first byte", () => {
  for (const row of ROWS) {
    it(`${row.name}, in chunks of every size`, async () => {
      expect(firstInvalidUtf8(row.bytes)).toBe(row.offset);
      for (const size of CHUNK_SIZES) {
        const { records, error } = await readAll(row.bytes, size, { resource: row.resource });
        expect(records).toEqual(row.before);
        expect(error?.code).toBe("INVALID_UTF8");
        expect(error?.offset).toBe(row.offset);
        expect(error?.message).toMatch(/^dump: invalid UTF-8: byte 0x[0-9a-f]{2} /);
        expect(error?.message).toContain('invalidUtf8: "replace" reads such bytes as U+FFFD');
      }
    });
  }

  it("gives line and column of the bad byte", async () => {
    const bytes = bytesOf('{"a":1}\n{"b":2}\n{"c":"é', [0xbf], '"}\n');
    const { error } = await readAll(bytes, 4);
    expect(error).toMatchObject({ code: "INVALID_UTF8", offset: 24, line: 3, column: 9 });
    expect(error?.message).toBe(
      'dump: invalid UTF-8: byte 0xbf cannot start a character at line 3, column 9 (byte 24); invalidUtf8: "replace" reads such bytes as U+FFFD',
    );
  });

  it("reads the bytes as U+FFFD when asked to, as Node decodes them", async () => {
    for (const row of ROWS) {
      const decoded = Buffer.from(row.bytes.toString("utf8"));
      const expected = await readAll(decoded, Number.POSITIVE_INFINITY, { resource: row.resource });
      for (const size of CHUNK_SIZES) {
        const options = { resource: row.resource, invalidUtf8: "replace" } as const;
        const { records, error } = await readAll(row.bytes, size, options);
        expect(records).toEqual(expected.records);
        expect(error?.code).toBe(expected.error?.code);
        expect(records.slice(0, row.before.length)).toEqual(row.before);
      }
    }
    const { records } = await readAll(bytesOf('[{"b":"x', [0xff, 0xe2, 0x82], '"}]'), 1, {
      invalidUtf8: "replace",
    });
    expect(records).toEqual([{ b: "x\ufffd\ufffd" }]);
  });

  it("reads every character, cut by chunk ends anywhere, as JSON.parse does", async () => {
    const text = fc.string({ unit: "binary", maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.dictionary(text, text, { maxKeys: 3 }), { maxLength: 5 }),
        fc.integer({ min: 1, max: 9 }),
        async (records, size) => {
          // Lone surrogates have no UTF-8 form: JSON.stringify escapes them.
          const bytes = Buffer.from(`[${records.map((r) => JSON.stringify(r)).join(",\n")}]`);
          const result = await readAll(bytes, size);
          expect(result.error).toBeUndefined();
          expect(result.records).toEqual(records);
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it("finds the first bad byte wherever one is put into a string, for any chunking", async () => {
    const bad = fc.constantFrom<readonly number[]>(
      [0x80],
      [0xbf],
      [0xc0, 0x80],
      [0xc1, 0xbf],
      [0xe0, 0x9f, 0x80],
      [0xed, 0xbf, 0xbf],
      [0xf0, 0x8f, 0xbf, 0xbf],
      [0xf4, 0x90, 0x80, 0x80],
      [0xf5],
      [0xff],
      [0xe2, 0x82],
      [0xf0, 0x9f, 0x98],
      [0xc3],
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          // No escapes, whose backslash a bad byte would make a JSON error rather than a UTF-8 one.
          fc
            .string({ unit: "grapheme", minLength: 1, maxLength: 8 })
            .filter((name) => JSON.stringify(name) === `"${name}"`),
          { minLength: 1, maxLength: 6 },
        ),
        fc.nat(),
        fc.nat(),
        bad,
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom("array", "ndjson", "dump"),
        async (names, which, where, sequence, size, shape) => {
          const records = names.map((name) => ({ name }));
          const target = which % records.length;
          const lines = records.map((record) => JSON.stringify(record));
          const line = Buffer.from(lines[target] as string);
          // Inside the value of "name": after `{"name":"` and before the closing `"}`.
          const inner = 9 + (where % (line.length - 10));
          const broken = Buffer.concat([
            line.subarray(0, inner),
            Buffer.from(sequence),
            line.subarray(inner),
          ]);
          const pieces = lines.map((text) => Buffer.from(text));
          pieces[target] = broken;
          const open = shape === "array" ? "[" : shape === "dump" ? '{"x":1,"items":[' : "";
          const separator = shape === "ndjson" ? "\n" : ",\n";
          const close = shape === "array" ? "]" : shape === "dump" ? "]}" : "\n";
          const parts: Buffer[] = [Buffer.from(open)];
          pieces.forEach((piece, i) => {
            if (i > 0) parts.push(Buffer.from(separator));
            parts.push(piece);
          });
          parts.push(Buffer.from(close));
          const bytes = Buffer.concat(parts);
          // One record cannot tell NDJSON from a dump object.
          fc.pre(shape !== "ndjson" || records.length > 1);
          const result = await readAll(bytes, size);
          expect(result.error?.code).toBe("INVALID_UTF8");
          expect(result.error?.offset).toBe(firstInvalidUtf8(bytes));
          expect(result.records).toEqual(records.slice(0, target));
        },
      ),
      { numRuns: runs(400) },
    );
  });

  it("skips a BOM at the very start, and nowhere else", async () => {
    const bom = [0xef, 0xbb, 0xbf];
    for (const size of CHUNK_SIZES) {
      expect((await readAll(bytesOf(bom, '[{"a":1}]'), size)).records).toEqual([{ a: 1 }]);
      expect((await readAll(bytesOf(bom, '{"a":1}\n{"b":2}\n'), size)).records).toEqual([
        { a: 1 },
        { b: 2 },
      ]);
      const late = await readAll(bytesOf('{"a":1}\n', bom, '{"b":2}\n'), size);
      expect(late.records).toEqual([{ a: 1 }]);
      expect(late.error).toMatchObject({ code: "MALFORMED_JSON", offset: 8 });
    }
  });
});

describe("--invalid-utf8 on the command line", () => {
  const dump = bytesOf('{"id":1}\n{"id":2,"name":"a', [0xff], 'b"}\n{"id":3}\n');
  const file = join(scratch, "bad.ndjson");
  writeFileSync(file, dump);

  it("qaql filter stops with the byte offset, exit 1; replace reads U+FFFD, exit 0", () => {
    const failed = runCli(["filter", file, "--output", "ndjson"]);
    expect(failed.status).toBe(1);
    expect(failed.stdout).toBe('{"id":1}\n');
    expect(failed.stderr).toBe(
      `qaql: ${JSON.stringify(file)}: invalid UTF-8: byte 0xff cannot start a character at line 2, column 18 (byte 26); --invalid-utf8 replace reads such bytes as U+FFFD\n`,
    );
    const replaced = runCli(["filter", file, "--output", "ndjson", "--invalid-utf8", "replace"]);
    expect(replaced).toMatchObject({ status: 0, stderr: "" });
    expect(replaced.stdout).toBe('{"id":1}\n{"id":2,"name":"a\ufffdb"}\n{"id":3}\n');
    expect(runCli(["filter", file, "--invalid-utf8", "keep"])).toMatchObject({ status: 2 });
    expect(runCli(["filter", "--help"]).stdout).toContain("--invalid-utf8 M");
  });

  it("qaql query stops with the byte offset; replace reads U+FFFD", () => {
    const definition = join(scratch, "query.json");
    writeFileSync(definition, JSON.stringify({ columns: [] }));
    const failed = runCli(["query", "--definition", definition, file]);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain("invalid UTF-8: byte 0xff cannot start a character at line 2");
    const replaced = runCli([
      "query",
      "--definition",
      definition,
      file,
      "--invalid-utf8",
      "replace",
    ]);
    expect(replaced.status).toBe(0);
    expect(JSON.parse(replaced.stdout).rows.map((row: { name: unknown }) => row.name)).toEqual([
      null,
      "a\ufffdb",
      null,
    ]);
    expect(runCli(["query", "--help"]).stdout).toContain("--invalid-utf8 M");
  });

  it("qaql serve refuses the dump with the byte offset before listening", () => {
    const failed = runCli(["serve", file, "--resource", "items", "--user", "u", "--password", "p"]);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain(
      "invalid UTF-8: byte 0xff cannot start a character at line 2, column 18 (byte 26)",
    );
    expect(runCli(["serve", "--help"]).stdout).toContain("--invalid-utf8 M");
  });

  it("qaql serve names stdin in the reader's error", () => {
    const failed = runCli(["serve", "-", "--resource", "items", "--user", "u", "--password", "p"], {
      input: dump,
    });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toBe(
      "qaql: stdin: invalid UTF-8: byte 0xff cannot start a character at line 2, column 18 (byte 26); --invalid-utf8 replace reads such bytes as U+FFFD\n",
    );
  });

  it("readResources, which serve reads through, errs or replaces as asked", async () => {
    const stdin = () => Readable.from([dump.subarray(0, 20), dump.subarray(20)]);
    await expect(readResources(stdin(), { resource: "items" })).rejects.toThrow(DumpError);
    await expect(readResources(stdin(), { resource: "items" })).rejects.toThrow(
      "dump: invalid UTF-8: byte 0xff cannot start a character at line 2, column 18 (byte 26)",
    );
    const loaded = await readResources(stdin(), { resource: "items", invalidUtf8: "replace" });
    expect(loaded.resources).toEqual([
      ["items", [{ id: 1 }, { id: 2, name: "a\ufffdb" }, { id: 3 }]],
    ]);
    const bom = Readable.from([bytesOf([0xef, 0xbb, 0xbf], '[{"id":1}]')]);
    expect((await readResources(bom, { resource: "items" })).resources).toEqual([
      ["items", [{ id: 1 }]],
    ]);
  });
});
