import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stringifyJson, stringifyJsonIteratively } from "../../src/json/stringify-json.ts";
import { runs } from "../support/runs.ts";

/** `value` wrapped in `levels` arrays and objects, alternately, built without recursion. */
function nest(value: unknown, levels: number): unknown {
  let out = value;
  for (let i = 0; i < levels; i++) out = i % 2 === 0 ? [out, i] : { [`k${i}`]: out, n: null };
  return out;
}

/** The text of `nest(inner, levels)` with JSON.stringify's layout, built without recursion. */
function nestedText(innerText: string, levels: number): string {
  let out = innerText;
  for (let i = 0; i < levels; i++)
    out = i % 2 === 0 ? `[${out},${i}]` : `{"k${i}":${out},"n":null}`;
  return out;
}

const SPACES = fc.oneof(
  fc.constant(undefined),
  fc.integer({ min: -2, max: 12 }),
  fc.constantFrom("", "\t", "--", "abcdefghijklmnop"),
);

/** Values JSON.stringify treats specially, mixed into ordinary ones. */
const awkward = fc.constantFrom<unknown>(
  undefined,
  () => 1,
  Symbol("s"),
  Number.NaN,
  Number.POSITIVE_INFINITY,
  -0,
  new Date(0),
  Object(5),
  Object("boxed"),
  Object(false),
  { toJSON: (key: string) => `key ${key}` },
  { toJSON: () => undefined },
  Object.create(null),
  [undefined, () => 1],
  '\u2028\ud800\udc00\udfff\u0000"\\',
);

const values = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.jsonValue(),
    awkward,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.string(), tie("value"), { maxKeys: 4 }),
  ),
})).value;

describe("stringifyJson", () => {
  it("gives JSON.stringify's text for shallow values, every space included", () => {
    fc.assert(
      fc.property(values, SPACES, (value, space) => {
        expect(stringifyJson(value, space)).toBe(JSON.stringify(value, null, space));
      }),
      { numRuns: runs(2000) },
    );
  });

  it("gives JSON.stringify's text for values too deep for it, from its pieces", () => {
    fc.assert(
      fc.property(values, fc.integer({ min: 20_000, max: 40_000 }), (inner, levels) => {
        const innerText = JSON.stringify(inner);
        // JSON.stringify gives no text for undefined, a function or a symbol: nothing to wrap.
        fc.pre(innerText !== undefined);
        // A toJSON that reads its key writes another text once nested: the pieces would lie.
        fc.pre(JSON.stringify({ n: inner }) === `{"n":${innerText}}`);
        fc.pre(JSON.stringify([inner]) === `[${innerText}]`);
        const deep = nest(inner, levels);
        expect(() => JSON.stringify(deep)).toThrow(RangeError);
        expect(stringifyJson(deep)).toBe(nestedText(innerText, levels));
      }),
      { numRuns: runs(20) },
    );
  });

  it("has an iterative path that gives JSON.stringify's text, shallow or a few hundred deep", () => {
    fc.assert(
      fc.property(values, fc.nat(300), SPACES, (inner, levels, space) => {
        const value = nest(inner, levels);
        expect(stringifyJsonIteratively(value, space)).toBe(JSON.stringify(value, null, space));
      }),
      { numRuns: runs(2000) },
    );
  });

  it("writes 100,000 levels of arrays and of objects", () => {
    let arrays: unknown = [];
    let objects: unknown = {};
    for (let i = 0; i < 100_000; i++) {
      arrays = [arrays];
      objects = { a: objects };
    }
    expect(stringifyJson(arrays)).toBe(`${"[".repeat(100_001)}${"]".repeat(100_001)}`);
    expect(stringifyJson(objects)).toBe(`${'{"a":'.repeat(100_000)}{}${"}".repeat(100_000)}`);
  });

  it("throws JSON.stringify's TypeError for a cycle or a BigInt deep inside", () => {
    const cyclic: unknown[] = [];
    cyclic.push(nest(cyclic, 20_000));
    expect(() => stringifyJson(cyclic)).toThrow(TypeError);
    expect(() => stringifyJson(nest(1n, 20_000))).toThrow(TypeError);
  });

  it("returns undefined where JSON.stringify does", () => {
    expect(stringifyJson(undefined)).toBeUndefined();
    expect(stringifyJson({ toJSON: () => undefined })).toBeUndefined();
  });
});
