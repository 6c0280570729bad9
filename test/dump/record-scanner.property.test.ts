import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RecordScanner } from "../../src/dump/record-scanner.ts";
import { damagedJsonArbitrary, parsesAsObject, spellJson } from "../support/json-spelling.ts";
import { runs } from "../support/runs.ts";

// The scanner goes over records the reader then never parses: it must never go over bytes that
// JSON.parse (after a fatal UTF-8 decoding) would refuse or read as no object, nor over a `\u`
// or `\/` escape, nor past a line break inside a record; it should go over every other record.
// Its search must find what Buffer#indexOf finds.

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/** Whether a backslash that escapes a `u` or a `/` is in `bytes`. */
function hidesByEscape(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== 0x5c) continue;
    const next = bytes[i + 1];
    if (next === 0x75 || next === 0x2f) return true;
    i++;
  }
  return false;
}

const isJsonSpace = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The index of the first byte that is not JSON white space, and the index after the last. */
function core(bytes: Uint8Array): readonly [number, number] {
  let start = 0;
  let end = bytes.length;
  while (start < end && isJsonSpace(bytes[start])) start++;
  while (end > start && isJsonSpace(bytes[end - 1])) end--;
  return [start, end];
}

/** Whether the scanner should go over `bytes` as one record of a line, `comma` after it. */
function skippable(bytes: Uint8Array, comma: boolean): boolean {
  const [start, end] = core(bytes);
  if (!parsesAsObject(bytes) || hidesByEscape(bytes) || bytes.subarray(start, end).includes(0x0a))
    return false;
  // Before the ",", only spaces, tabs and carriage returns may follow the object.
  return !comma || !bytes.subarray(end).includes(0x0a);
}

const object = fc.dictionary(fc.string({ unit: "binary" }), fc.jsonValue(), { maxKeys: 6 });

function scanner(
  needles: readonly Uint8Array[] = [],
  first: readonly string[] = [],
  second: readonly string[] = [],
): RecordScanner {
  const created = RecordScanner.create(needles, first, second);
  if (created === undefined) throw new Error("this runtime runs WebAssembly with SIMD");
  return created;
}

/** How many records the scanner goes over in `line`, then `,` when `comma`, then a line break. */
function skippedIn(line: Uint8Array, comma: boolean): number {
  const bytes = new Uint8Array([...line, ...(comma ? [0x2c] : []), 0x0a]);
  const scan = scanner();
  scan.load(bytes);
  const stop = scan.goOver(0, bytes.length, bytes.length + 1, comma);
  if (scan.skipped === 1) expect(stop).toBe(bytes.length);
  else expect(stop).toBeLessThan(bytes.length);
  return scan.skipped;
}

describe("RecordScanner", () => {
  it("goes over exactly the one-line objects JSON.parse reads, with no \\u or \\/ escape", () => {
    let skipped = 0;
    fc.assert(
      fc.property(
        object,
        fc.integer(),
        fc.boolean(),
        fc.boolean(),
        (value, seed, oneLine, comma) => {
          const bytes = encoder.encode(spellJson(value, seed, oneLine));
          const count = skippedIn(bytes, comma);
          expect(count === 1, new TextDecoder().decode(bytes)).toBe(skippable(bytes, comma));
          skipped += count;
        },
      ),
      { numRuns: runs(3000) },
    );
    // Most records were gone over: the property was about something.
    expect(skipped).toBeGreaterThan(1000);
  });

  it("goes over nothing JSON.parse refuses, whatever byte is changed, cut or added", () => {
    fc.assert(
      fc.property(damagedJsonArbitrary(object, true), fc.boolean(), (bytes, comma) => {
        if (skippedIn(bytes, comma) === 1) expect(parsesAsObject(bytes)).toBe(true);
      }),
      { numRuns: runs(5000) },
    );
  });

  it("stops at the first record that may hold a needle, starts at or past the limit, or fails", () => {
    const line = fc.oneof(
      object.map((value) => JSON.stringify(value)),
      fc.constantFrom('{"a":01}', '{"a":"\\u0041"}', '{"a":\n1}', "[1]", '{"a":"\\/"}'),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.nat(), fc.nat(), (lines, b, l) => {
        const text = encoder.encode(lines.map((one) => `${one}\n`).join(""));
        const bound = b % (text.length + 2);
        const limit = l % (text.length + 2);
        const scan = scanner();
        scan.load(text);
        const stop = scan.goOver(0, limit, bound, false);
        // By hand: each line, in order, while it may be gone over.
        let expected = 0;
        let at = 0;
        for (const one of lines) {
          const bytes = encoder.encode(one);
          const ok = skippable(bytes, false) && at + bytes.length < bound && at < limit;
          if (!ok) break;
          expected++;
          at += bytes.length + 1;
        }
        expect(scan.skipped).toBe(expected);
        if (expected < lines.length) expect(stop).toBe(at);
      }),
      { numRuns: runs(2000) },
    );
  });

  it("reads UTF-8 as a fatal decoder does, every lead byte with every next byte", () => {
    const scan = scanner();
    const bytes = encoder.encode('{"k":"______"}\n');
    for (let c = 0x80; c <= 0xff; c++) {
      for (let c1 = 0; c1 <= 0xff; c1++) {
        for (const c2 of [0x80, 0xbf, 0x78, 0xc0]) {
          for (const c3 of [0x80, 0xbf, 0x78, 0xc0]) {
            bytes.set([c, c1, c2, c3], 6);
            scan.load(bytes);
            scan.goOver(0, bytes.length, bytes.length + 1, false);
            if ((scan.skipped === 1) !== parsesAsObject(bytes.subarray(0, -1))) {
              expect.fail(`bytes ${[c, c1, c2, c3].map((b) => b.toString(16))}`);
            }
          }
        }
      }
    }
  });

  it("refuses a record nested deeper than its stack, which the reader then reads itself", () => {
    const deep = (depth: number) =>
      encoder.encode(`{"a":${"[".repeat(depth)}${"]".repeat(depth)}}\n`);
    const scan = scanner();
    scan.load(deep(4000));
    scan.goOver(0, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, false);
    expect(scan.skipped).toBe(1);
    scan.load(deep(5000));
    expect(scan.goOver(0, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, false)).toBe(0);
    expect(scan.skipped).toBe(0);
  });

  it("picks the members JSON.parse gives the names, in its order, duplicates and __proto__ included", () => {
    const key = fc.constantFrom("a", "b", "__proto__", 'q"t', "é", "a b", "_links");
    const member = fc.tuple(key, fc.jsonValue(), fc.integer());
    fc.assert(
      fc.property(
        fc.array(member, { maxLength: 8 }),
        fc.uniqueArray(key, { maxLength: 4 }),
        fc.uniqueArray(key, { maxLength: 4 }),
        fc.constantFrom("", " ", "\t"),
        (members, first, second, space) => {
          const text = `{${space}${members
            .map(
              ([name, value, seed]) =>
                `${JSON.stringify(name)}${space}:${space}${spellJson(value, seed, true)}`,
            )
            .join(`${space},${space}`)}${space}}`;
          const bytes = encoder.encode(`${text}\n`);
          const scan = scanner([], first, second);
          scan.load(bytes);
          const whole = JSON.parse(text) as Record<string, unknown>;
          const picked = scan.pick(0, bytes.length - 1);
          expect(picked).toBe(skippable(bytes.subarray(0, -1), false));
          if (!picked) return;
          const texts: [readonly string[], Uint8Array][] = [
            [first, scan.first],
            [second, scan.second],
          ];
          for (const [names, got] of texts) {
            const expected = Object.entries(whole).filter(([name]) => names.includes(name));
            expect(Object.entries(JSON.parse(decoder.decode(got)))).toEqual(expected);
          }
        },
      ),
      { numRuns: runs(2000) },
    );
  });

  it("finds its needles where Buffer#indexOf does, from any index", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "b", '"', "é", "{", "A"), maxLength: 300 });
    fc.assert(
      fc.property(
        text,
        fc.array(text, { minLength: 1, maxLength: 4 }),
        fc.nat(),
        (hay, needles, from) => {
          const bytes = Buffer.from(hay);
          const encoded = needles.map((needle) => encoder.encode(needle));
          const scan = scanner(encoded);
          scan.load(bytes);
          const start = from % (bytes.length + 1);
          encoded.forEach((needle, k) => {
            expect(scan.find(k, start)).toBe(bytes.indexOf(needle, start));
          });
        },
      ),
      { numRuns: runs(2000) },
    );
  });
});
