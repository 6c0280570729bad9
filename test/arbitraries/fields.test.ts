import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fieldsArbitrary,
  fieldsSpellingArbitrary,
  fieldsTextArbitrary,
  schemaArbitrary,
} from "../../src/arbitraries/index.ts";
import { type FieldsNode, mergeSelection } from "../../src/ast/fields.ts";
import { formatFields } from "../../src/backends/format/format-fields.ts";
import { DEFAULT_MAX_LENGTH } from "../../src/base/limits.ts";
import { schemas } from "../../src/schema/resources.ts";
import type { Schema } from "../../src/schema/schema.ts";
import { validateFields } from "../../src/schema/validate-fields.ts";
import { parseFields } from "../../src/syntax/parse-fields.ts";
import { runs } from "../support/runs.ts";

const anySchema: fc.Arbitrary<Schema> = fc.oneof(
  schemaArbitrary(),
  fc.constantFrom(...Object.values(schemas)),
);

function depthOf(node: FieldsNode): number {
  return Math.max(...node.items.map((i) => (i.selection ? 1 + depthOf(i.selection) : 0)));
}

describe("fieldsArbitrary", () => {
  it("gives selections whose canonical text parses to the same merged tree", () => {
    fc.assert(
      fc.property(fieldsArbitrary(), (ast) => {
        expect(mergeSelection(parseFields(formatFields(ast)))).toEqual(mergeSelection(ast));
      }),
      { numRuns: runs(500) },
    );
  });

  it("gives selections valid against the schema", () => {
    fc.assert(
      fc.property(
        anySchema.chain((schema) => fc.tuple(fc.constant(schema), fieldsArbitrary(schema))),
        ([schema, ast]) => {
          expect(validateFields(ast, schema)).toEqual([]);
          expect(formatFields(parseFields(formatFields(ast), { schema }))).toBe(formatFields(ast));
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it("selects nested fields, fields of array items and _links, dotted or in parentheses", () => {
    const texts = fc
      .sample(fieldsArbitrary(schemas.project), { seed: 2, numRuns: runs(400) })
      .map((ast) => formatFields(ast));
    const joined = texts.join("\n");
    for (const piece of ["level.id", "branches(", "branches.", "_links"]) {
      expect(joined).toContain(piece);
    }
  });

  it("keeps within maxDepth levels of parentheses, and reaches them", () => {
    for (const maxDepth of [0, 1, 3]) {
      const depths = fc
        .sample(fieldsArbitrary(undefined, { maxDepth }), { seed: 3, numRuns: runs(400) })
        .map(depthOf);
      expect(Math.max(...depths)).toBe(maxDepth);
    }
    expect(() => fieldsArbitrary(undefined, { maxDepth: -1 })).toThrow(RangeError);
  });
});

describe("fieldsSpellingArbitrary and fieldsTextArbitrary", () => {
  it("spell a selection in ways that mean the same selection", () => {
    fc.assert(
      fc.property(
        fieldsArbitrary().chain((ast) => fc.tuple(fc.constant(ast), fieldsSpellingArbitrary(ast))),
        ([ast, text]) => {
          expect(formatFields(parseFields(text))).toBe(formatFields(ast));
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it("give texts valid against the schema; canonical ones when asked", () => {
    fc.assert(
      fc.property(
        anySchema.chain((schema) =>
          fc.tuple(
            fc.constant(schema),
            fieldsTextArbitrary(schema),
            fieldsTextArbitrary(schema, { canonical: true }),
          ),
        ),
        ([schema, text, canonical]) => {
          expect(() => parseFields(text, { schema })).not.toThrow();
          expect(formatFields(parseFields(canonical, { schema }))).toBe(canonical);
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it("stay within the parser's length limit, and within a smaller one when asked", () => {
    const longest = (texts: string[]) => Math.max(...texts.map((t) => t.length));
    const deep = fc.sample(fieldsTextArbitrary(undefined, { maxDepth: 6 }), {
      seed: 1,
      numRuns: runs(200),
    });
    expect(longest(deep)).toBeLessThanOrEqual(DEFAULT_MAX_LENGTH);
    const short = fc.sample(fieldsTextArbitrary(undefined, { maxLength: 60 }), {
      seed: 1,
      numRuns: runs(300),
    });
    expect(longest(short)).toBeLessThanOrEqual(60);
  });
});
