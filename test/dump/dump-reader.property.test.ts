import { isUtf8 } from "node:buffer";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Choices, seededChoices } from "../../src/arbitraries/choices.ts";
import { DumpError } from "../../src/errors/dump-error.ts";
import { readDump } from "../support/read-dump.ts";
import { runs } from "../support/runs.ts";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonRecord = { [key: string]: Json };

// --- Spelling JSON with random white space and escapes -----------------------------------------

const DOCUMENT_SPACES = ["", "", "", " ", "\n", "\t", "\r\n", " \n  "];
const LINE_SPACES = ["", "", " ", "\t", "\r"];

function hex4(unit: number): string {
  return `\\u${unit.toString(16).padStart(4, "0")}`;
}

/** A JSON string literal with each code unit spelled raw or escaped, at random. */
function spellString(text: string, choices: Choices): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const char = text[i] as string;
    const mustEscape = unit < 0x20 || unit === 0x22 || unit === 0x5c;
    // A lone surrogate cannot be written as UTF-8, so surrogates are always escaped.
    const surrogate = unit >= 0xd800 && unit <= 0xdfff;
    const pick = choices.pick(4);
    if (surrogate || pick === 0) out += hex4(unit);
    else if (mustEscape) out += JSON.stringify(char).slice(1, -1);
    else if (char === "/" && pick === 1) out += "\\/";
    else out += char;
  }
  return `${out}"`;
}

/** JSON text for a value; `spaces` is what may stand between tokens. */
function spell(value: Json, choices: Choices, spaces: readonly string[]): string {
  const ws = () => spaces[choices.pick(spaces.length)] as string;
  if (typeof value === "string") return spellString(value, choices);
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) {
    return `[${ws()}${value.map((item) => ws() + spell(item, choices, spaces) + ws()).join(",")}]`;
  }
  const members = Object.entries(value).map(
    ([key, item]) =>
      `${ws()}${spellString(key, choices)}${ws()}:${ws()}${spell(item, choices, spaces)}${ws()}`,
  );
  return `{${ws()}${members.join(",")}}`;
}

// --- Arbitraries -------------------------------------------------------------------------------

const unit = fc.constantFrom("binary", "grapheme", "binary-ascii") as fc.Arbitrary<
  "binary" | "grapheme" | "binary-ascii"
>;

const recordArbitrary: fc.Arbitrary<JsonRecord> = unit.chain((stringUnit) =>
  fc.dictionary(
    fc.string({ unit: stringUnit, maxLength: 6 }),
    fc.jsonValue({ maxDepth: 3, stringUnit }) as fc.Arbitrary<Json>,
    { maxKeys: 5 },
  ),
);

const recordsArbitrary = fc.array(recordArbitrary, { maxLength: 8 });

/** Chunk sizes, used in turn; one run in four reads the text a byte at a time. */
const chunkSizesArbitrary = fc.oneof(
  fc.constant([1]),
  fc.array(fc.integer({ min: 1, max: 48 }), { minLength: 1, maxLength: 6 }),
  fc.constant([1 << 16]),
);

interface Sample {
  readonly text: string;
  readonly resource: string | undefined;
}

const arraySample: fc.Arbitrary<Sample> = fc
  .tuple(recordsArbitrary, fc.integer())
  .map(([records, seed]) => {
    const choices = seededChoices(seed);
    const ws = () => DOCUMENT_SPACES[choices.pick(DOCUMENT_SPACES.length)] as string;
    return { text: ws() + spell(records, choices, DOCUMENT_SPACES) + ws(), resource: undefined };
  });

const ndjsonSample: fc.Arbitrary<Sample> = fc
  .tuple(fc.array(recordArbitrary, { minLength: 2, maxLength: 8 }), fc.integer(), fc.boolean())
  .map(([records, seed, finalBreak]) => {
    const choices = seededChoices(seed);
    const ws = () => LINE_SPACES[choices.pick(LINE_SPACES.length)] as string;
    const lines = records.map((record) => ws() + spell(record, choices, LINE_SPACES) + ws());
    const breaks = ["\n", "\r\n", "\n\n", "\n \t\n"];
    const text = lines
      .map((line, i) => (i === 0 ? line : breaks[choices.pick(breaks.length)] + line))
      .join("");
    return { text: finalBreak ? `${text}\n` : text, resource: undefined };
  });

/** An object holding arrays of records and other members; the resource is one of the arrays. */
const dumpSample: fc.Arbitrary<Sample> = fc
  .tuple(
    fc.uniqueArray(
      fc.tuple(
        fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("_links", "artefacts", "é")),
        fc.oneof(
          recordsArbitrary.map((records) => ({ array: true, value: records as Json })),
          fc
            .jsonValue({ maxDepth: 3 })
            .filter((value) => !Array.isArray(value))
            .map((value) => ({ array: false, value: value as Json })),
        ),
      ),
      { selector: ([key]) => key, minLength: 1, maxLength: 5 },
    ),
    fc.nat(),
    fc.integer(),
    fc.boolean(),
  )
  .filter(([members]) => members.some(([, member]) => Array.isArray(member.value)))
  .map(([members, pick, seed, named]) => {
    const choices = seededChoices(seed);
    const arrays = members.filter(([, member]) => Array.isArray(member.value));
    const [resource] = arrays[pick % arrays.length] as (typeof arrays)[number];
    const object = Object.fromEntries(
      members.map(([key, member]) => [key, member.value]),
    ) as JsonRecord;
    return {
      text: spell(object, choices, DOCUMENT_SPACES),
      resource: named || arrays.length > 1 ? resource : undefined,
    };
  });

const anySample = fc.oneof(arraySample, ndjsonSample, dumpSample);

// --- The reader and a deliberately simple reference ----------------------------------------------

async function* chunked(bytes: Uint8Array, sizes: readonly number[]): AsyncGenerator<Uint8Array> {
  let turn = 0;
  for (let i = 0; i < bytes.length; ) {
    const size = sizes[turn++ % sizes.length] as number;
    yield bytes.subarray(i, i + size);
    i += size;
  }
}

type Outcome = { readonly records: unknown[] } | { readonly error: unknown };

async function readAll(
  bytes: Uint8Array,
  sizes: readonly number[],
  resource: string | undefined,
  invalidUtf8: "error" | "replace" = "error",
): Promise<Outcome> {
  const records: unknown[] = [];
  try {
    for await (const batch of readDump(chunked(bytes, sizes), { resource, invalidUtf8 })) {
      records.push(...batch.records);
    }
    return { records };
  } catch (error) {
    return { error };
  }
}

const ONLY_SPACE = /^[ \t\r\n]*$/;

function asRecord(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new Error("not a record");
  }
  return value;
}

/**
 * JSON.parse of `text`, but each member name parsed alone: Node 24's JSON.parse may read an
 * escaped name as a name holding a backslash that an earlier object had in the same place (see
 * src/json/parse-json.ts), and the reference must not share that fault with the reader.
 */
function parse(text: string): unknown {
  JSON.parse(text);
  const token = /[ \t\n\r]*("(?:[^"\\]|\\.)*"|[^,:[\]{}" \t\n\r]+|[^ \t\n\r])/y;
  const next = () => (token.exec(text) as RegExpExecArray)[1] as string;
  const value = (first: string): unknown => {
    if (first === "[") {
      const array: unknown[] = [];
      for (let t = next(); t !== "]"; t = next()) if (t !== ",") array.push(value(t));
      return array;
    }
    if (first !== "{") return JSON.parse(first);
    const object = {};
    for (let t = next(); t !== "}"; t = next()) {
      if (t === ",") continue;
      next(); // ":"
      const member = { value: value(next()), writable: true, enumerable: true, configurable: true };
      Object.defineProperty(object, JSON.parse(t) as string, member);
    }
    return object;
  };
  return value(next());
}

/**
 * Whether a lone object is a record rather than a dump object, by its first member as the text
 * spells it (grammar/language.md 10.1): a dump opens with `"_links"` or an array of objects or none.
 */
function opensAsRecord(text: string, start: number): boolean {
  const token = /[ \t\n\r]*("(?:[^"\\]|\\.)*"|[^,:[\]{}" \t\n\r]+|[^ \t\n\r])/y;
  token.lastIndex = start + 1;
  const next = () => (token.exec(text) as RegExpExecArray)[1] as string;
  const name = next();
  if (name === "}" || name === '"_links"') return false;
  next(); // ":"
  if (next() !== "[") return true;
  const first = next();
  return first !== "]" && first !== "{";
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The records by JSON.parse of the whole text, or of each line when the text is NDJSON. */
function referenceRecords(bytes: Uint8Array, resource: string | undefined): unknown[] {
  // TextDecoder drops a leading BOM, as the reader does.
  const text = new TextDecoder().decode(bytes);
  const start = text.search(/[^ \t\r\n]/);
  if (start === -1) throw new Error("empty");
  if (text[start] === "{") {
    const lineEnd = text.indexOf("\n", start) === -1 ? text.length : text.indexOf("\n", start);
    const firstLine = text.slice(start, lineEnd);
    if (parses(firstLine)) {
      // Alone in the input, the first member tells a record from a dump object.
      if (ONLY_SPACE.test(text.slice(lineEnd))) {
        if (resource === undefined && opensAsRecord(text, start)) return [asRecord(parse(text))];
      } else {
        const lines = text.split("\n").filter((line) => !ONLY_SPACE.test(line));
        return lines.map((line) => asRecord(parse(line)));
      }
    }
  }
  const value: unknown = parse(text);
  if (Array.isArray(value)) return value.map(asRecord);
  const object = asRecord(value) as Record<string, unknown>;
  const arrays = Object.keys(object).filter((key) => Array.isArray(object[key]));
  const name = resource ?? (arrays.length === 1 ? arrays[0] : undefined);
  if (name === undefined || !arrays.includes(name)) throw new Error("no such array");
  return (object[name] as unknown[]).map(asRecord);
}

function referenceOutcome(bytes: Uint8Array, resource: string | undefined): Outcome {
  try {
    return { records: referenceRecords(bytes, resource) };
  } catch (error) {
    return { error };
  }
}

function expectSameRecords(actual: unknown[], expected: unknown[]): void {
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
  expect(actual).toEqual(expected);
}

// --- Properties ----------------------------------------------------------------------------------

describe("readDump yields what JSON.parse yields", () => {
  const cases = [
    ["arrays of records", arraySample],
    ["NDJSON", ndjsonSample],
    ["dumps and list responses", dumpSample],
  ] as const;
  for (const [name, sample] of cases) {
    it(`for ${name} spelled with random white space and escapes, in random chunks`, async () => {
      await fc.assert(
        fc.asyncProperty(sample, chunkSizesArbitrary, async ({ text, resource }, sizes) => {
          const bytes = new TextEncoder().encode(text);
          const expected = referenceRecords(bytes, resource);
          const outcome = await readAll(bytes, sizes, resource);
          if ("error" in outcome) throw outcome.error;
          expectSameRecords(outcome.records, expected);
        }),
        { numRuns: runs(300) },
      );
    });
  }
});

/** A byte that matters to the splitter, or any byte. */
const corruptByte = fc.oneof(
  fc.constantFrom(...'{}[],:"\\ \n\r\tu0-e.t'.split("").map((c) => c.charCodeAt(0))),
  fc.integer({ min: 0, max: 255 }),
);

const corruption = fc.oneof(
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), byte: fc.constant(0) }),
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), byte: corruptByte }),
  fc.record({ kind: fc.constant("replace" as const), at: fc.nat(), byte: corruptByte }),
);

interface Corruption {
  readonly kind: "delete" | "insert" | "replace";
  readonly at: number;
  readonly byte: number;
}

function corrupt(bytes: Uint8Array, change: Corruption): Uint8Array {
  const at = change.at % (bytes.length + (change.kind === "insert" ? 1 : 0) || 1);
  const before = bytes.subarray(0, at);
  switch (change.kind) {
    case "delete":
      return Buffer.concat([before, bytes.subarray(at + 1)]);
    case "insert":
      return Buffer.concat([before, Uint8Array.of(change.byte), bytes.subarray(at)]);
    case "replace":
      return Buffer.concat([before, Uint8Array.of(change.byte), bytes.subarray(at + 1)]);
  }
}

/** The offset of the first byte that is not UTF-8: the longest prefix that is UTF-8 ends there. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let end = bytes.length;
  while (!isUtf8(bytes.subarray(0, end))) end--;
  return end;
}

describe("readDump on corrupted input", () => {
  for (const invalidUtf8 of ["error", "replace"] as const) {
    it(`throws DumpError, or yields what JSON.parse yields; never another error (--invalid-utf8 ${invalidUtf8})`, async () => {
      await fc.assert(
        fc.asyncProperty(
          anySample,
          fc.array(corruption, { minLength: 1, maxLength: 2 }),
          chunkSizesArbitrary,
          async ({ text, resource }, changes, sizes) => {
            let bytes: Uint8Array = new TextEncoder().encode(text);
            for (const change of changes) bytes = corrupt(bytes, change);
            const outcome = await readAll(bytes, sizes, resource, invalidUtf8);
            const reference = referenceOutcome(bytes, resource);
            if ("error" in outcome) {
              if (!(outcome.error instanceof DumpError)) throw outcome.error;
              const { code, offset } = outcome.error;
              if ("records" in reference && code === "INVALID_UTF8") {
                // Decoded with U+FFFD the text is fine, so the bad bytes are the first fault.
                expect(invalidUtf8).toBe("error");
                expect(offset).toBe(firstInvalidUtf8(bytes));
                // JSON.parse keeps the last of two equal names; the reader refuses them instead.
              } else if ("records" in reference) expect(code).toBe("SEVERAL_RESOURCES");
              expect(offset).toBeGreaterThanOrEqual(0);
              expect(offset).toBeLessThanOrEqual(bytes.length);
              return;
            }
            if ("error" in reference) throw reference.error;
            // Nothing is ever replaced unasked.
            if (invalidUtf8 === "error") expect(isUtf8(bytes)).toBe(true);
            expectSameRecords(outcome.records, reference.records);
          },
        ),
        { numRuns: runs(1500) },
      );
    });
  }
});
