import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPlainJsonObject } from "../../src/dump/plain-object-check.ts";
import { damagedJsonArbitrary, parsesAsObject, spellJson } from "../support/json-spelling.ts";
import { runs } from "../support/runs.ts";

// isPlainJsonObject lets the reader leave a record unparsed: it must never accept bytes that
// JSON.parse (after a fatal UTF-8 decoding) would refuse or read as something else than an
// object, and it should accept every object.

const encoder = new TextEncoder();

const object = fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 6 });

describe("isPlainJsonObject", () => {
  it("accepts exactly the objects JSON.parse reads, escapes included", () => {
    fc.assert(
      fc.property(object, fc.integer(), (value, seed) => {
        const bytes = encoder.encode(spellJson(value, seed));
        expect(isPlainJsonObject(bytes, 0, bytes.length)).toBe(parsesAsObject(bytes));
      }),
      { numRuns: runs(3000) },
    );
  });

  it("accepts nothing JSON.parse refuses, whatever byte is changed, cut or added", () => {
    fc.assert(
      fc.property(damagedJsonArbitrary(object), (bytes) => {
        if (isPlainJsonObject(bytes, 0, bytes.length)) expect(parsesAsObject(bytes)).toBe(true);
      }),
      { numRuns: runs(5000) },
    );
  });

  it("reads only its range, and refuses what is no object", () => {
    const bytes = encoder.encode('x {"a":[1,{"b":null}],"c":"é😀"} y');
    expect(isPlainJsonObject(bytes, 2, bytes.length - 2)).toBe(true);
    expect(isPlainJsonObject(bytes, 0, bytes.length)).toBe(false);
    for (const text of [
      "[1]",
      '"a"',
      "1",
      "{}{}",
      '{"a":01}',
      '{"a":1.}',
      '{"a":tru}',
      '{"a":"\\u004"}',
      '{"a":"\\x"}',
      '{"a":"\u0001"}',
    ])
      expect(isPlainJsonObject(encoder.encode(text), 0, encoder.encode(text).length), text).toBe(
        false,
      );
    // Not UTF-8: an overlong form, a surrogate, a lone continuation byte.
    for (const bad of [[0xc0, 0xaf], [0xed, 0xa0, 0x80], [0x80]]) {
      const record = new Uint8Array([...encoder.encode('{"a":"'), ...bad, ...encoder.encode('"}')]);
      expect(isPlainJsonObject(record, 0, record.length)).toBe(false);
    }
  });
});
