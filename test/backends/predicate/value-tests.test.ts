import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { internalized } from "../../../src/backends/predicate/value-tests.ts";
import { runs } from "../../support/runs.ts";

describe("internalized", () => {
  it("gives back an equal string for any text, names of Object.prototype and indexes included", () => {
    for (const text of ["", "__proto__", "constructor", "0", "42", "007", "-1", "a".repeat(5000)]) {
      expect(internalized(text)).toBe(text);
    }
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(internalized(text)).toBe(text);
      }),
      { numRuns: runs(2000) },
    );
  });

  it("keeps giving equal strings past the number of copies it keeps", () => {
    const texts = Array.from({ length: 3000 }, (_, i) => `value ${i}`);
    for (const text of [...texts, ...texts]) expect(internalized(text)).toBe(text);
  });
});
