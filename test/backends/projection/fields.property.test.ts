import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileFields } from "../../../src/api/compile-fields.ts";
import {
  fieldsArbitrary,
  fieldsSpellingArbitrary,
  recordArbitrary,
} from "../../../src/arbitraries/index.ts";
import { mergeSelection } from "../../../src/ast/fields.ts";
import { formatFields } from "../../../src/backends/format/format-fields.ts";
import { compileProjection } from "../../../src/backends/projection/compile-projection.ts";
import { parseFields } from "../../../src/syntax/parse-fields.ts";
import { referenceProject } from "../../support/reference-projection.ts";
import { runs } from "../../support/runs.ts";

/** Merged selection trees (3.2) over a few names, inherited ones and `_links` included. */
const fieldTreeArbitrary = fieldsArbitrary().map(mergeSelection);
/** JSON-like records over the same names: nested objects, arrays of mixed elements, nulls. */
const records = recordArbitrary();

/** Deep equality that also compares key order, as grammar/language.md 3.2 requires. */
function expectSameJson(actual: unknown, expected: unknown): void {
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
  expect(actual).toEqual(expected);
}

function isSubtree(part: unknown, whole: unknown): boolean {
  if (Array.isArray(part)) {
    return (
      Array.isArray(whole) &&
      part.length === whole.length &&
      part.every((p, i) => isSubtree(p, whole[i]))
    );
  }
  if (part !== null && typeof part === "object") {
    if (whole === null || typeof whole !== "object") return false;
    return Object.keys(part).every(
      (k) => Object.hasOwn(whole, k) && isSubtree((part as never)[k], (whole as never)[k]),
    );
  }
  return Object.is(part, whole);
}

describe("fields round trips (3.3)", () => {
  it("parses the canonical text of a merged tree back to the tree", () => {
    fc.assert(
      fc.property(fieldsArbitrary(), (ast) => {
        expect(mergeSelection(parseFields(formatFields(ast)))).toEqual(mergeSelection(ast));
      }),
      { numRuns: runs(1000) },
    );
  });

  it("formats every equivalent spelling of a tree as its canonical text", () => {
    fc.assert(
      fc.property(
        fieldsArbitrary().chain((ast) => fc.tuple(fc.constant(ast), fieldsSpellingArbitrary(ast))),
        ([ast, spelled]) => {
          expect(formatFields(parseFields(spelled))).toBe(formatFields(ast));
        },
      ),
      { numRuns: runs(1000) },
    );
  });
});

describe("projection (3.2)", () => {
  it.each(["auto", "closures"] as const)(
    "agrees with the reference reading, key order included (%s)",
    (strategy) => {
      fc.assert(
        fc.property(fieldTreeArbitrary, records, (tree, record) => {
          expectSameJson(compileProjection(tree, strategy)(record), referenceProject(tree, record));
        }),
        { numRuns: runs(2000) },
      );
    },
  );

  it("is idempotent", () => {
    fc.assert(
      fc.property(fieldTreeArbitrary, records, (tree, record) => {
        const project = compileFields(tree);
        const once = project(record);
        expectSameJson(project(once), once);
      }),
    );
  });

  it("returns a sub-tree of its input and leaves the input as it was", () => {
    fc.assert(
      fc.property(fieldTreeArbitrary, records, (tree, record) => {
        const before = JSON.stringify(record);
        const out = compileFields(tree)(record);
        expect(isSubtree(out, record)).toBe(true);
        expect(JSON.stringify(record)).toBe(before);
        expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
      }),
    );
  });

  it("copies the whole record when every top-level key is selected", () => {
    fc.assert(
      fc.property(records, (record) => {
        const keys = Object.keys(record);
        fc.pre(keys.length > 0);
        const out = compileFields(keys.map((name) => ({ name, children: null })))(record);
        expectSameJson(out, record);
      }),
    );
  });
});
