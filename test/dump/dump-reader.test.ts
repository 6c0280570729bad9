import { describe, expect, it } from "vitest";
import { type DumpShape, DumpSplitter, type ReadSummary } from "../../src/dump/dump-reader.ts";
import { NDJSON_FIRST_LINE_CAP } from "../../src/dump/ndjson-probe.ts";
import { DumpError, type DumpErrorCode } from "../../src/errors/dump-error.ts";
import { readDump } from "../support/read-dump.ts";

/** Chunk sizes every row is read with: the same records or error must come out of each. */
const CHUNK_SIZES = [1, 2, 3, 7, 64, Number.POSITIVE_INFINITY];

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  const step = Math.min(size, Math.max(bytes.length, 1));
  for (let i = 0; i < bytes.length; i += step) yield bytes.subarray(i, i + step);
}

interface Read {
  readonly records: unknown[];
  readonly resources: (string | undefined)[];
  readonly summary: ReadSummary;
}

async function read(
  input: string | Uint8Array,
  size: number,
  resource: string | undefined,
  invalidUtf8?: "error" | "replace",
): Promise<Read> {
  const bytes = typeof input === "string" ? Buffer.from(input, "utf8") : input;
  const records: unknown[] = [];
  const resources = new Set<string | undefined>();
  const iterator = readDump(chunked(bytes, size), { resource, invalidUtf8 });
  for (;;) {
    const step = await iterator.next();
    if (step.done === true) return { records, resources: [...resources], summary: step.value };
    records.push(...step.value.records);
    resources.add(step.value.resource);
  }
}

async function readError(input: string | Uint8Array, size: number, resource?: string) {
  try {
    await read(input, size, resource);
  } catch (error) {
    if (!(error instanceof DumpError)) throw error;
    const { code, offset, line, column, message } = error;
    return { code, offset, line, column, message };
  }
  throw new Error("expected an DumpError");
}

interface ShapeCase {
  readonly name: string;
  readonly text: string;
  readonly resource?: string;
  readonly records: unknown[];
  /** The batches' resource (undefined for arrays and NDJSON). */
  readonly from?: string;
  readonly shape: DumpShape;
}

const SHAPES: readonly ShapeCase[] = [
  { name: "array", text: '[{"a":1},{"b":2}]', records: [{ a: 1 }, { b: 2 }], shape: "array" },
  { name: "empty array", text: "[]", records: [], shape: "array" },
  { name: "empty array, spaced", text: "\n [ \r\n\t] \n", records: [], shape: "array" },
  {
    name: "pretty-printed array",
    text: '[\n  {\n    "a": [1, {"b": null}],\n    "c": {"d": [true, false]}\n  },\n  {}\n]\n',
    records: [{ a: [1, { b: null }], c: { d: [true, false] } }, {}],
    shape: "array",
  },
  {
    name: "one record a line, comma at the end",
    text: '[\n{"a":1},\n{"a":2},\n{"a":3}\n]\n',
    records: [{ a: 1 }, { a: 2 }, { a: 3 }],
    shape: "array",
  },
  {
    name: "one record a line, comma at the start",
    text: '[\n{"a":1}\n,{"a":2}\n, {"a":3}\r\n]',
    records: [{ a: 1 }, { a: 2 }, { a: 3 }],
    shape: "array",
  },
  {
    name: "strings holding brackets, quotes, backslashes and escaped line breaks",
    text: '[{"s":"]}[{,:","q":"a\\"b","b":"\\\\","n":"x\\ny\\r\\n","u":"\\u00e9\\/"}]',
    records: [{ s: "]}[{,:", q: 'a"b', b: "\\", n: "x\ny\r\n", u: "é/" }],
    shape: "array",
  },
  {
    name: "a string ending in an escaped backslash before the closing quote",
    text: '[{"a":"\\\\"},{"b":"\\\\\\""}]',
    records: [{ a: "\\" }, { b: '\\"' }],
    shape: "array",
  },
  {
    name: "multi-byte characters (split by small chunks)",
    text: '[{"é":"ü中😀","k":"\\ud83d\\ude00"}]',
    records: [{ é: "ü中😀", k: "😀" }],
    shape: "array",
  },
  {
    name: "a UTF-8 BOM",
    text: '\ufeff[{"a":1}]',
    records: [{ a: 1 }],
    shape: "array",
  },
  {
    name: "a __proto__ member stays data",
    text: '[{"__proto__":{"x":1}}]',
    records: [JSON.parse('{"__proto__":{"x":1}}')],
    shape: "array",
  },
  {
    name: "list response",
    text: '{"_links":{"self":{"href":"/api/x?page=1"}},"artefacts":[{"id":1},{"id":2}],"page":1}',
    records: [{ id: 1 }, { id: 2 }],
    from: "artefacts",
    shape: "list-response",
  },
  {
    name: "list response, members after the array skipped whatever they hold",
    text: '{"items":[{"id":1}],"meta":{"a":[1,{"b":"]}"}],"c":-1.5e+3},"n":null,"t":true,"s":"x"}',
    records: [{ id: 1 }],
    from: "items",
    shape: "list-response",
  },
  {
    name: "a one-line object followed by a line break is one document",
    text: '{"items":[{"id":1}]}\n\n',
    records: [{ id: 1 }],
    from: "items",
    shape: "list-response",
  },
  {
    name: "dump, resource chosen",
    text: '{"projects":[\n{"id":1}\n],"artefacts":[\n{"id":2},\n{"id":3}\n],"findings":[\n{"id":4}\n]}\n',
    resource: "artefacts",
    records: [{ id: 2 }, { id: 3 }],
    from: "artefacts",
    shape: "dump",
  },
  {
    name: "dump, the other arrays may hold anything",
    text: '{"a":[1,"x",[2],null,{"b":[]}],"f":[{"id":4}],"z":[true]}',
    resource: "f",
    records: [{ id: 4 }],
    from: "f",
    shape: "dump",
  },
  {
    name: "dump, the chosen array empty",
    text: '{"a":[{}],"b":[]}',
    resource: "b",
    records: [],
    shape: "dump",
  },
  {
    name: "NDJSON",
    text: '{"a":1}\n{"b":2}\n',
    records: [{ a: 1 }, { b: 2 }],
    shape: "ndjson",
  },
  {
    name: "NDJSON with blank lines, CRLF, spaces and no final line break",
    text: '\n {"a":1} \r\n\r\n\t\n{"b":[1,2]}\r\n  {"c":"}"}',
    records: [{ a: 1 }, { b: [1, 2] }, { c: "}" }],
    shape: "ndjson",
  },
  {
    name: "NDJSON whose first line looks like a list response",
    text: '{"items":[{"id":1}]}\n{"items":[]}\n',
    records: [{ items: [{ id: 1 }] }, { items: [] }],
    shape: "ndjson",
  },
  {
    name: "NDJSON ignores the resource",
    text: '{"a":1}\n{"b":2}',
    resource: "items",
    records: [{ a: 1 }, { b: 2 }],
    shape: "ndjson",
  },
];

describe("readDump: shapes", () => {
  for (const row of SHAPES) {
    it(row.name, async () => {
      for (const size of CHUNK_SIZES) {
        const result = await read(row.text, size, row.resource);
        expect(result.records, `chunks of ${size}`).toEqual(row.records);
        expect(JSON.stringify(result.records)).toBe(JSON.stringify(row.records));
        if (row.records.length > 0) expect(result.resources).toEqual([row.from]);
        expect(result.summary.shape).toBe(row.shape);
        expect(result.summary.records).toBe(row.records.length);
        expect(result.summary.bytesRead).toBe(Buffer.byteLength(row.text));
      }
    });
  }

  it("lists the array members of an object in the summary", async () => {
    const text = '{"_links":{},"p":[],"a":[{}],"n":3,"f":[]}';
    const { summary } = await read(text, 5, "a");
    expect(summary).toEqual({
      shape: "dump",
      resources: ["p", "a", "f"],
      records: 1,
      bytesRead: 42,
    });
  });

  it("reads invalid UTF-8 inside strings as JSON.parse of the decoded text does, when asked to replace it", async () => {
    const bytes = Buffer.from([...Buffer.from('[{"a":"'), 0xc3, 0xff, 0xe4, ...Buffer.from('"}]')]);
    const expected = JSON.parse(bytes.toString("utf8"));
    for (const size of CHUNK_SIZES) {
      expect((await read(bytes, size, undefined, "replace")).records).toEqual(expected);
      expect(await readError(bytes, size)).toMatchObject({ code: "INVALID_UTF8", offset: 7 });
    }
  });

  it("reads an element far larger than a chunk", async () => {
    const big = { s: 'x\\"]}'.repeat(40_000), n: Array.from({ length: 5000 }, (_, i) => [i]) };
    const text = `[${JSON.stringify(big)},{"b":1}]`;
    expect((await read(text, 4096, undefined)).records).toEqual([big, { b: 1 }]);
  });

  it("reads escaped member names as spelled, whatever names it read before", async () => {
    // Node 24's JSON.parse takes an escaped key for a key that is one backslash, met after the
    // same keys in an earlier object (nodejs/node#63785): '"', "é" and "\n" came out as "\\".
    const text = String.raw`[{"escapedKeys":1,"\\":1},{"escapedKeys":2,"\"":2},
{"escapedKeys":3,"\u00e9":3},{"escapedKeys":4,"\n":4}]`;
    const expected = [
      { escapedKeys: 1, "\\": 1 },
      { escapedKeys: 2, '"': 2 },
      { escapedKeys: 3, é: 3 },
      { escapedKeys: 4, "\n": 4 },
    ];
    for (const size of CHUNK_SIZES) {
      expect((await read(text, size, undefined)).records, `chunks of ${size}`).toEqual(expected);
    }
  });

  it("reads a one-line document longer than the NDJSON cap", async () => {
    const record = JSON.stringify({ id: 1, text: "y".repeat(1000) });
    const count = Math.ceil(NDJSON_FIRST_LINE_CAP / record.length) + 10;
    const text = `{"items":[${Array.from({ length: count }, () => record).join(",")}]}`;
    const result = await read(text, 65_536, undefined);
    expect(result.records.length).toBe(count);
    expect(result.summary.shape).toBe("list-response");
  });
});

interface ErrorCase {
  readonly text: string;
  readonly resource?: string;
  readonly code: DumpErrorCode;
  readonly offset: number;
  readonly line: number;
  readonly column: number;
  /** The whole message, where the row checks the wording. */
  readonly message?: string;
}

const ERRORS: readonly ErrorCase[] = [
  // Empty and wrong top-level values.
  { text: "", code: "EMPTY_INPUT", offset: 0, line: 1, column: 1 },
  {
    text: "  \n ",
    code: "EMPTY_INPUT",
    offset: 4,
    line: 2,
    column: 2,
    message:
      "dump: expected a JSON value, found only white space up to the end at line 2, column 2 (byte 4)",
  },
  { text: "\ufeff", code: "EMPTY_INPUT", offset: 3, line: 1, column: 4 },
  { text: '"text"', code: "WRONG_SHAPE", offset: 0, line: 1, column: 1 },
  { text: " 42", code: "WRONG_SHAPE", offset: 1, line: 1, column: 2 },
  { text: "}", code: "MALFORMED_JSON", offset: 0, line: 1, column: 1 },
  { text: "\ufeff\ufeff[]", code: "MALFORMED_JSON", offset: 3, line: 1, column: 4 },
  // Arrays: the structure between elements.
  {
    text: "[1 2]",
    code: "WRONG_SHAPE",
    offset: 1,
    line: 1,
    column: 2,
    message: 'dump: expected a record (a JSON object), found "1" at line 1, column 2 (byte 1)',
  },
  { text: "[[1]]", code: "WRONG_SHAPE", offset: 1, line: 1, column: 2 },
  { text: '[{}, "x"]', code: "WRONG_SHAPE", offset: 5, line: 1, column: 6 },
  {
    text: "[{} {}]",
    code: "MALFORMED_JSON",
    offset: 4,
    line: 1,
    column: 5,
    message: 'dump: expected "," or "]", found "{" at line 1, column 5 (byte 4)',
  },
  { text: "[{},]", code: "MALFORMED_JSON", offset: 4, line: 1, column: 5 },
  { text: "[,{}]", code: "MALFORMED_JSON", offset: 1, line: 1, column: 2 },
  {
    text: "[{}] x",
    code: "MALFORMED_JSON",
    offset: 5,
    line: 1,
    column: 6,
    message:
      'dump: expected the end of the input after the top-level value, found "x" at line 1, column 6 (byte 5)',
  },
  { text: "[{}]\n\n  ]", code: "MALFORMED_JSON", offset: 8, line: 3, column: 3 },
  { text: "[{}]\u0000", code: "MALFORMED_JSON", offset: 4, line: 1, column: 5 },
  // Inside an element: JSON.parse refuses it, the position is the first bad byte.
  { text: '[{"a":1,}]', code: "MALFORMED_JSON", offset: 8, line: 1, column: 9 },
  {
    text: '[{"a" 1}]',
    code: "MALFORMED_JSON",
    offset: 6,
    line: 1,
    column: 7,
    message: 'dump: expected ":" after the member name, found "1" at line 1, column 7 (byte 6)',
  },
  {
    text: '[{"a":tru}]',
    code: "MALFORMED_JSON",
    offset: 9,
    line: 1,
    column: 10,
    message: 'dump: expected "true", found "}" at line 1, column 10 (byte 9)',
  },
  { text: '[{"a":01}]', code: "MALFORMED_JSON", offset: 7, line: 1, column: 8 },
  { text: '[{"a":-}]', code: "MALFORMED_JSON", offset: 7, line: 1, column: 8 },
  { text: '[{"a":1.}]', code: "MALFORMED_JSON", offset: 8, line: 1, column: 9 },
  { text: '[{"a":1e}]', code: "MALFORMED_JSON", offset: 8, line: 1, column: 9 },
  { text: '[{"a":"\\x"}]', code: "MALFORMED_JSON", offset: 8, line: 1, column: 9 },
  { text: '[{"a":"\\u12g4"}]', code: "MALFORMED_JSON", offset: 11, line: 1, column: 12 },
  {
    text: '[\n{"a":"x\ny"}]',
    code: "MALFORMED_JSON",
    offset: 9,
    line: 2,
    column: 8,
    message: "dump: a line break inside a string must be escaped at line 2, column 8 (byte 9)",
  },
  { text: '[{"a":[1}]}]', code: "MALFORMED_JSON", offset: 8, line: 1, column: 9 },
  { text: '[{"a":1]', code: "MALFORMED_JSON", offset: 7, line: 1, column: 8 },
  { text: '[{"é":ü}]', code: "MALFORMED_JSON", offset: 7, line: 1, column: 8 },
  { text: '[{"a":1}\n,{"b" 2}\n]', code: "MALFORMED_JSON", offset: 15, line: 2, column: 7 },
  // Truncated input: at the end, unless a fault comes first.
  {
    text: '[{"a":1}',
    code: "TRUNCATED_INPUT",
    offset: 8,
    line: 1,
    column: 9,
    message: 'dump: expected "," or "]", found the end of the input at line 1, column 9 (byte 8)',
  },
  { text: "[", code: "TRUNCATED_INPUT", offset: 1, line: 1, column: 2 },
  { text: '[{"a":"', code: "TRUNCATED_INPUT", offset: 7, line: 1, column: 8 },
  { text: '[{"a":"\\', code: "TRUNCATED_INPUT", offset: 8, line: 1, column: 9 },
  { text: '[{"a":[1,\n2', code: "TRUNCATED_INPUT", offset: 11, line: 2, column: 2 },
  { text: '[{"a" 1', code: "MALFORMED_JSON", offset: 6, line: 1, column: 7 },
  { text: '{"a":[{}]', code: "TRUNCATED_INPUT", offset: 9, line: 1, column: 10 },
  {
    text: '{"a":[{}],"b":',
    resource: "a",
    code: "TRUNCATED_INPUT",
    offset: 14,
    line: 1,
    column: 15,
  },
  {
    text: '{"a":[{}],"b":12',
    resource: "a",
    code: "TRUNCATED_INPUT",
    offset: 16,
    line: 1,
    column: 17,
  },
  {
    text: '{"a":[{}],"b":{"c":[',
    resource: "a",
    code: "TRUNCATED_INPUT",
    offset: 20,
    line: 1,
    column: 21,
  },
  { text: '{"a', code: "TRUNCATED_INPUT", offset: 3, line: 1, column: 4 },
  // Objects: the structure between members.
  { text: '{"a" []}', code: "MALFORMED_JSON", offset: 5, line: 1, column: 6 },
  { text: "{1:[]}", code: "MALFORMED_JSON", offset: 1, line: 1, column: 2 },
  { text: '{"a":[],}', code: "MALFORMED_JSON", offset: 8, line: 1, column: 9 },
  { text: '{"a":[] "b":1}', code: "MALFORMED_JSON", offset: 8, line: 1, column: 9 },
  { text: '{"a":}', code: "MALFORMED_JSON", offset: 5, line: 1, column: 6 },
  { text: '{"a\\q":[]}', code: "MALFORMED_JSON", offset: 4, line: 1, column: 5 },
  {
    text: '{"meta":{"x":},\n"items":[]}',
    code: "MALFORMED_JSON",
    offset: 13,
    line: 1,
    column: 14,
    message: 'dump: expected a value, found "}" at line 1, column 14 (byte 13)',
  },
  { text: '{"items":[]} x', code: "MALFORMED_JSON", offset: 13, line: 1, column: 14 },
  { text: '{"a":[]} {"b":2}\n{"c":3}', code: "MALFORMED_JSON", offset: 9, line: 1, column: 10 },
  { text: '{"a":1} {"b":2}\n{"c":3}', code: "WRONG_SHAPE", offset: 6, line: 1, column: 7 },
  // Objects: which array holds the records.
  {
    text: '{"x":1,\n"_links":{}}',
    code: "WRONG_SHAPE",
    offset: 19,
    line: 2,
    column: 12,
    message: "dump: the object ending at line 2, column 12 (byte 19) holds no array of records",
  },
  {
    text: '{"items":[]}',
    resource: "foo",
    code: "UNKNOWN_RESOURCE",
    offset: 11,
    line: 1,
    column: 12,
    message:
      'dump: the object ending at line 1, column 12 (byte 11) holds no array "foo": it holds only "items"',
  },
  { text: '{"foo":{}}', resource: "foo", code: "UNKNOWN_RESOURCE", offset: 9, line: 1, column: 10 },
  {
    text: '{"artefacts":[],"findings":[]}',
    resource: "artefcts",
    code: "UNKNOWN_RESOURCE",
    offset: 29,
    line: 1,
    column: 30,
    message:
      'dump: the object ending at line 1, column 30 (byte 29) holds no array "artefcts": it holds only "artefacts", "findings"; did you mean "artefacts"?',
  },
  {
    text: '{"projects":[],\n"artefacts":[]}',
    code: "SEVERAL_RESOURCES",
    offset: 16,
    line: 2,
    column: 1,
    message:
      'dump: the object holds several arrays, "projects" and "artefacts" at line 2, column 1 (byte 16): choose one with the resource option',
  },
  {
    text: '{"a":[],"a":[]}',
    resource: "a",
    code: "SEVERAL_RESOURCES",
    offset: 8,
    line: 1,
    column: 9,
  },
  // NDJSON: one record a line.
  {
    text: '{"a":1}\n{"b":2} {"c":3}\n',
    code: "MALFORMED_JSON",
    offset: 16,
    line: 2,
    column: 9,
    message:
      'dump: expected a line break after the record (NDJSON), found "{" at line 2, column 9 (byte 16)',
  },
  {
    text: '{"a":1}\n{"b":\n2}\n',
    code: "MALFORMED_JSON",
    offset: 13,
    line: 2,
    column: 6,
    message:
      "dump: expected the rest of the record, found a line break at line 2, column 6 (byte 13) (NDJSON holds one record per line)",
  },
  { text: '{"a":1}\n{"b":2},\n', code: "MALFORMED_JSON", offset: 15, line: 2, column: 8 },
  { text: '{"a":1}\n{"b" 2}\n', code: "MALFORMED_JSON", offset: 13, line: 2, column: 6 },
  { text: '{"a":1}\n}\n', code: "MALFORMED_JSON", offset: 8, line: 2, column: 1 },
  { text: '{"a":1}\n[1]\n', code: "WRONG_SHAPE", offset: 8, line: 2, column: 1 },
  { text: '{"a":1}\n\n"x"', code: "WRONG_SHAPE", offset: 9, line: 3, column: 1 },
  { text: '{"a":1}\n{"b":2', code: "TRUNCATED_INPUT", offset: 14, line: 2, column: 7 },
  { text: '{"a":1}\n{"b":"x', code: "TRUNCATED_INPUT", offset: 15, line: 2, column: 8 },
  // Bytes that are not JSON outside strings.
  { text: "[\u00e9]", code: "MALFORMED_JSON", offset: 1, line: 1, column: 2 },
];

describe("readDump: errors", () => {
  for (const row of ERRORS) {
    const name = `${JSON.stringify(row.text)}${row.resource ? ` (${row.resource})` : ""}: ${row.code}`;
    it(name, async () => {
      for (const size of CHUNK_SIZES) {
        const error = await readError(row.text, size, row.resource);
        const { code, offset, line, column } = row;
        expect({ ...error, message: undefined }, `chunks of ${size}`).toEqual({
          code,
          offset,
          line,
          column,
          message: undefined,
        });
        if (row.message !== undefined) expect(error.message).toBe(row.message);
        expect(error.message).not.toContain("\n");
        expect(error.message).toMatch(/^dump: /);
      }
    });
  }

  it("names a byte that is not UTF-8 by its value", async () => {
    const error = await readError(Buffer.from([0x5b, 0xff, 0x5d]), 1);
    expect(error.message).toBe(
      'dump: expected a record or "]", found byte 0xff at line 1, column 2 (byte 1)',
    );
  });

  it("counts columns in bytes", async () => {
    const error = await readError('[{"é":1}\n,{"ü":1} x]', 4);
    expect(error).toMatchObject({ code: "MALFORMED_JSON", offset: 20, line: 2, column: 11 });
  });

  it("hints at NDJSON when a first line past the cap was read as one document", async () => {
    const first = JSON.stringify({ items: [{ s: "z".repeat(NDJSON_FIRST_LINE_CAP + (1 << 20)) }] });
    const error = await readError(`${first}\n{"a":1}\n`, 1 << 20);
    expect(error.code).toBe("MALFORMED_JSON");
    expect(error.line).toBe(2);
    expect(error.message).toContain(
      "a first line over 4 MiB opening with an array of records or _links is read as one object, not NDJSON",
    );
  });

  it("yields the records before the error, then throws", async () => {
    const text = '[{"a":1},\n{"a":2},\n{"a":3} {"a":4}]';
    const seen: unknown[] = [];
    const reading = async () => {
      for await (const batch of readDump(chunked(Buffer.from(text), 9))) {
        seen.push(...batch.records);
      }
    };
    await expect(reading()).rejects.toMatchObject({ code: "MALFORMED_JSON", offset: 27 });
    expect(seen).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
  });
});

describe("readDump: batches", () => {
  it("yields as the input arrives, with the bytes read so far", async () => {
    const lines = Array.from({ length: 1000 }, (_, i) =>
      JSON.stringify({ id: i, pad: "p".repeat(90) }),
    );
    const text = `[\n${lines.join(",\n")}\n]\n`;
    const bytes = Buffer.from(text);
    const batches: { count: number; bytesRead: number }[] = [];
    for await (const batch of readDump(chunked(bytes, 10_000))) {
      batches.push({ count: batch.records.length, bytesRead: batch.bytesRead });
    }
    expect(batches.length).toBeGreaterThanOrEqual(10);
    expect(batches.reduce((sum, b) => sum + b.count, 0)).toBe(1000);
    const offsets = batches.map((b) => b.bytesRead);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(Math.max(...offsets)).toBeLessThanOrEqual(bytes.length);
  });

  it("closes the input when the reading stops early", async () => {
    let closed = false;
    async function* input() {
      try {
        for (let i = 0; ; i++) yield Buffer.from(i === 0 ? "[\n" : `{"i":${i}},\n`);
      } finally {
        closed = true;
      }
    }
    let seen = 0;
    for await (const batch of readDump(input())) {
      seen += batch.records.length;
      if (seen >= 3) break;
    }
    expect(seen).toBe(3);
    expect(closed).toBe(true);
  });

  it("accepts Buffers and plain Uint8Arrays, a character cut between them", async () => {
    async function* mixed() {
      yield Buffer.from('[{"a":"é').subarray(0, -1);
      yield new Uint8Array([0xa9]);
      yield new Uint8Array(Buffer.from('"},{"b":2}]'));
    }
    const records: unknown[] = [];
    for await (const batch of readDump(mixed())) records.push(...batch.records);
    expect(records).toEqual([{ a: "é" }, { b: 2 }]);
  });
});

describe("DumpSplitter: a stretch of the input (qaql filter --jobs)", () => {
  const encoder = new TextEncoder();
  /** Reads `text` from `startAt` (when given) to the first record at or past `stopAt`. */
  function stretch(
    text: string,
    stopAt: number,
    startAt?: { offset: number; shape: "array" | "ndjson" },
  ) {
    const bytes = encoder.encode(text);
    const splitter = new DumpSplitter({ stopAt, startAt });
    splitter.push(bytes.subarray(startAt?.offset ?? 0));
    splitter.end();
    const records: unknown[] = [];
    for (let batch = splitter.next(); batch !== undefined; batch = splitter.next()) {
      records.push(...batch);
    }
    splitter.throwPending();
    return { records, stoppedAt: splitter.stoppedAt };
  }

  it("stops before the first record that starts at or past its end", () => {
    const ndjson = '{"a":1}\n{"a":2}\n{"a":3}\n';
    expect(stretch(ndjson, 9)).toEqual({ records: [{ a: 1 }, { a: 2 }], stoppedAt: 16 });
    expect(stretch(ndjson, 8)).toEqual({ records: [{ a: 1 }], stoppedAt: 8 });
    expect(stretch(ndjson, 100, { offset: 8, shape: "ndjson" })).toEqual({
      records: [{ a: 2 }, { a: 3 }],
      stoppedAt: ndjson.length,
    });
    const array = '[{"a":1},\n {"a":[{"b":2},{"b":3}]},\n{"a":4}]';
    expect(stretch(array, 2)).toEqual({ records: [{ a: 1 }], stoppedAt: 11 });
    expect(stretch(array, 12, { offset: 11, shape: "array" })).toEqual({
      records: [{ a: [{ b: 2 }, { b: 3 }] }],
      stoppedAt: 36,
    });
    expect(stretch(array, 37, { offset: 36, shape: "array" })).toEqual({
      records: [{ a: 4 }],
      stoppedAt: array.length,
    });
  });

  it("reads an empty array to its end, however far its ']' lies", () => {
    expect(stretch(`[${" ".repeat(100)}]\n`, 10)).toEqual({ records: [], stoppedAt: 103 });
  });

  it("reports an error of its own bytes at their input offset, lines counted from its start", () => {
    const ndjson = '{"a":1}\n{"a":}\n';
    expect(() => stretch(ndjson, 100, { offset: 8, shape: "ndjson" })).toThrow(
      expect.objectContaining({ code: "MALFORMED_JSON", offset: 13, line: 1, column: 6 }),
    );
  });
});
