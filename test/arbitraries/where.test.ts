import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileWhere } from "../../src/api/compile-where.ts";
import {
  DAYS,
  recordsArbitrary,
  removeSpans,
  schemaArbitrary,
  whereArbitrary,
  whereSpellingArbitrary,
  whereTextArbitrary,
} from "../../src/arbitraries/index.ts";
import type { WhereExpression } from "../../src/ast/where.ts";
import { formatWhere } from "../../src/backends/format/format-where.ts";
import { DEFAULT_MAX_LENGTH } from "../../src/base/limits.ts";
import { schemas } from "../../src/schema/resources.ts";
import { defineSchema, resolvePath, type Schema } from "../../src/schema/schema.ts";
import { validateWhere } from "../../src/schema/validate-where.ts";
import { parseWhere } from "../../src/syntax/parse-where.ts";
import { runs } from "../support/runs.ts";

const RESOURCES: [string, Schema][] = Object.entries(schemas);

/** Generated schemas and the API's resource schemas. */
const anySchema = fc.oneof(schemaArbitrary(), fc.constantFrom(...RESOURCES.map(([, s]) => s)));

function depthOf(node: WhereExpression): number {
  return node.kind === "and" || node.kind === "or"
    ? 1 + Math.max(...node.operands.map(depthOf))
    : 0;
}

describe("whereArbitrary", () => {
  it("gives trees that parseWhere(formatWhere(ast)) gives back, without a schema", () => {
    fc.assert(
      fc.property(whereArbitrary(), (ast) => {
        expect(removeSpans(parseWhere(formatWhere(ast)))).toEqual(removeSpans(ast));
      }),
      { numRuns: runs(500) },
    );
  });

  it("gives filters valid against the schema, which round-trip with it", () => {
    fc.assert(
      fc.property(
        anySchema.chain((schema) => fc.tuple(fc.constant(schema), whereArbitrary(schema))),
        ([schema, ast]) => {
          expect(validateWhere(ast, schema)).toEqual([]);
          expect(removeSpans(parseWhere(formatWhere(ast), { schema }))).toEqual(removeSpans(ast));
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it("tests object and array fields themselves with IS NULL and IS NOT NULL only", () => {
    const wholes = fc
      .sample(
        anySchema.chain((schema) =>
          fc.tuple(fc.constant(schema), whereArbitrary(schema, { maxDepth: 0 })),
        ),
        { seed: 9, numRuns: runs(600) },
      )
      .flatMap(([schema, ast]) => {
        if (ast.kind === "and" || ast.kind === "or") return [];
        const resolved = resolvePath(schema, ast.path.segments);
        const kind = resolved.ok ? resolved.type.kind : "none";
        return kind === "object" || kind === "array" ? [[kind, ast] as const] : [];
      });
    expect(new Set(wholes.map(([kind]) => kind))).toEqual(new Set(["object", "array"]));
    expect(new Set(wholes.map(([, ast]) => ast.kind))).toEqual(new Set(["isNull"]));
    expect(new Set(wholes.map(([, ast]) => ast.kind === "isNull" && ast.negated))).toEqual(
      new Set([true, false]),
    );
  });

  it("with strict: false, also gives filters the schema rejects, for use without one", () => {
    const cases = fc.sample(
      anySchema.chain((schema) =>
        fc.tuple(fc.constant(schema), whereArbitrary(schema, { strict: false, maxDepth: 0 })),
      ),
      { seed: 7, numRuns: runs(300) },
    );
    const rejected = cases.filter(([schema, ast]) => validateWhere(ast, schema).length > 0);
    expect(rejected.length).toBeGreaterThan(60);
    const codes = new Set(
      rejected.flatMap(([schema, ast]) => validateWhere(ast, schema).map((i) => i.code)),
    );
    expect([...codes].sort()).toEqual([
      "ARRAY_FIELD",
      "BOOLEAN_ORDERING",
      "INVALID_VALUE",
      "OBJECT_FIELD",
      "PATH_THROUGH_ARRAY",
      "PATTERN_ON_NON_STRING",
      "UNKNOWN_FIELD",
    ]);
    for (const [, ast] of cases) expect(typeof compileWhere(ast)({ id: 1 })).toBe("boolean");
  });

  it("gives an `any` field every operator and literals of every type, and paths below it", () => {
    const schema = defineSchema({ v: "any", type: { id: "any" } });
    const records = [{ v: 7, type: { id: { a: "x" } } }, { v: "TRUE" }];
    const predicates = fc
      .sample(
        fc.oneof(
          whereArbitrary(schema, { maxDepth: 0 }),
          whereArbitrary(schema, { maxDepth: 0, records }),
        ),
        { seed: 13, numRuns: runs(800) },
      )
      .flatMap((ast) => (ast.kind === "and" || ast.kind === "or" ? [] : [ast]));
    for (const ast of predicates) expect(validateWhere(ast, schema)).toEqual([]);
    const written = new Set(
      predicates.map((ast) =>
        ast.kind === "comparison" ? ast.operator : ast.kind === "pattern" ? "~" : ast.kind,
      ),
    );
    expect(written).toEqual(new Set(["=", "!=", "<", "<=", ">", ">=", "~", "in", "isNull"]));
    const paths = new Set(predicates.map((ast) => ast.path.segments.join(".")));
    for (const path of ["v", "v.id", "v.a", "type.id", "type.id.a"]) expect(paths).toContain(path);
    const texts = new Set(
      predicates.flatMap((ast) => (ast.kind === "comparison" ? [ast.value.text] : [])),
    );
    for (const text of ["7", "TRUE", "true", "2024-02-29", "abc"]) expect(texts).toContain(text);
  });

  it("keeps within maxDepth levels of AND and OR, and reaches them", () => {
    for (const maxDepth of [0, 1, 2, 4]) {
      const depths = fc
        .sample(whereArbitrary(undefined, { maxDepth }), { seed: 3, numRuns: runs(400) })
        .map(depthOf);
      expect(Math.max(...depths)).toBe(maxDepth);
    }
    expect(() => whereArbitrary(undefined, { maxDepth: 7 })).toThrow(RangeError);
  });

  it("takes literals from the records it is given, so that filters select some of them", () => {
    /** The share of =, IN and ~ predicates that select at least one of the records. */
    const share = (withRecords: boolean) => {
      const positive = (ast: WhereExpression) =>
        (ast.kind === "comparison" && ast.operator === "=") ||
        (ast.kind === "in" && !ast.negated) ||
        ast.kind === "pattern";
      const cases = fc.sample(
        schemaArbitrary().chain((schema) =>
          recordsArbitrary(schema, { minLength: 3, maxLength: 6 }).chain((records) =>
            fc.tuple(
              fc.constant(records),
              whereArbitrary(schema, { maxDepth: 0, ...(withRecords ? { records } : {}) })
                .filter(positive)
                .map((ast) => compileWhere(ast, { schema })),
            ),
          ),
        ),
        { seed: 11, numRuns: runs(600) },
      );
      return cases.filter(([records, matches]) => records.some((r) => matches(r))).length / 600;
    };
    const without = share(false);
    expect(share(true)).toBeGreaterThan(Math.max(0.5, without + 0.15));
  });

  it("gives date literals among DAYS and the days of the records", () => {
    const schema = schemas.project;
    const texts = fc
      .sample(whereArbitrary(schema, { maxDepth: 0 }), { seed: 5, numRuns: runs(500) })
      .flatMap((ast) =>
        ast.kind === "comparison" && ast.path.segments[0] === "analysisTime"
          ? [ast.value.text]
          : [],
      );
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(DAYS).toContain(text);
  });
});

describe("whereSpellingArbitrary and whereTextArbitrary", () => {
  it("spell a tree in ways that parse back to it", () => {
    fc.assert(
      fc.property(
        whereArbitrary().chain((ast) => fc.tuple(fc.constant(ast), whereSpellingArbitrary(ast))),
        ([ast, text]) => {
          expect(removeSpans(parseWhere(text))).toEqual(removeSpans(ast));
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it("give texts that parse, with the schema, to the tree of their canonical text", () => {
    fc.assert(
      fc.property(
        anySchema.chain((schema) => fc.tuple(fc.constant(schema), whereTextArbitrary(schema))),
        ([schema, text]) => {
          const ast = parseWhere(text, { schema });
          expect(removeSpans(parseWhere(formatWhere(ast), { schema }))).toEqual(removeSpans(ast));
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it("give the canonical text when asked", () => {
    fc.assert(
      fc.property(whereTextArbitrary(schemas.project, { canonical: true }), (text) => {
        expect(formatWhere(parseWhere(text))).toBe(text);
      }),
      { numRuns: runs(300) },
    );
  });

  it("use spellings the canonical text never has", () => {
    const texts = fc.sample(whereTextArbitrary(), { seed: 9, numRuns: runs(300) });
    const spelled = texts.filter((t) => formatWhere(parseWhere(t)) !== t);
    expect(spelled.length).toBeGreaterThan(200);
    const joined = texts.join("\n");
    for (const piece of [
      /\band\b/,
      /\bOr\b/,
      /\(\(/,
      /\t/,
      /~\*[^"*]+\*/,
      / IN\(/i,
      /" *(AND|OR)/i,
    ]) {
      expect(joined).toMatch(piece);
    }
  });

  it("stay within the parser's length limit, and within a smaller one when asked", () => {
    expect(DEFAULT_MAX_LENGTH).toBe(8192);
    const longest = (texts: string[]) => Math.max(...texts.map((t) => t.length));
    const deep = fc.sample(whereTextArbitrary(undefined, { maxDepth: 6 }), {
      seed: 1,
      numRuns: runs(200),
    });
    expect(longest(deep)).toBeLessThanOrEqual(DEFAULT_MAX_LENGTH);
    const short = fc.sample(whereTextArbitrary(undefined, { maxLength: 300 }), {
      seed: 1,
      numRuns: runs(300),
    });
    expect(longest(short)).toBeLessThanOrEqual(300);
  });
});
