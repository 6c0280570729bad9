import { describe, expect, it } from "vitest";
import { equalJson } from "../../src/conformance/equal-json.ts";

/** `{ a: { a: … leaf … } }`, `depth` levels deep, built without recursion. */
function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
}

describe("equalJson", () => {
  it.each([
    [1, 1, true],
    ["a", "a", true],
    [null, null, true],
    [1, "1", false],
    [null, {}, false],
    [[], {}, false],
    [{}, [], false],
    [{ a: 1, b: [2, { c: null }] }, { b: [2, { c: null }], a: 1 }, true],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [{ a: 1, b: 2 }, { a: 1, c: 2 }, false],
    [[1, 2], [2, 1], false],
    [[1], [1, 1], false],
    [{ a: undefined }, {}, false],
  ])("%j and %j: %s", (left, right, equal) => {
    expect(equalJson(left, right)).toBe(equal);
    expect(equalJson(right, left)).toBe(equal);
  });

  it("compares values 100,000 levels deep without overflowing the stack", () => {
    expect(equalJson(nested(100_000, "x"), nested(100_000, "x"))).toBe(true);
    expect(equalJson(nested(100_000, "x"), nested(100_000, "y"))).toBe(false);
  });
});
