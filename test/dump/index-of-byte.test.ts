import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nativeIndexOfByte, standardIndexOfByte } from "../../src/dump/index-of-byte.ts";
import { runs } from "../support/runs.ts";

describe("indexOfByte", () => {
  it("finds Node's search in Node, and it agrees with Uint8Array's on any bytes and start", () => {
    const native = nativeIndexOfByte();
    expect(native).toBeDefined();
    fc.assert(
      fc.property(
        fc
          .uint8Array({ maxLength: 64 })
          .chain((bytes) =>
            fc.tuple(fc.constant(bytes), fc.integer({ min: 0, max: bytes.length + 2 })),
          ),
        fc.constantFrom(0x0a, 0x22, 0x00, 0xff),
        ([bytes, from], byte) => {
          // A view into a larger buffer, as a chunk of a Node stream is.
          const padded = new Uint8Array(bytes.length + 8);
          padded.set(bytes, 3);
          const view = padded.subarray(3, 3 + bytes.length);
          const expected = standardIndexOfByte(view, byte, from);
          expect(native?.(view, byte, from)).toBe(expected);
          expect(expected).toBe(Array.from(view).indexOf(byte, from));
        },
      ),
      { numRuns: runs(2000) },
    );
  });
});
