import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  removeSpans,
  whereArbitrary,
  whereSpellingArbitrary,
} from "../../src/arbitraries/index.ts";
import { formatWhere } from "../../src/backends/format/format-where.ts";
import { QuerySyntaxError } from "../../src/errors/errors.ts";
import { parseWhere } from "../../src/syntax/parse-where.ts";
import { runs } from "../support/runs.ts";

const trees = whereArbitrary();
/** A tree and one of its spellings. */
const spelled = trees.chain((ast) => fc.tuple(fc.constant(ast), whereSpellingArbitrary(ast)));

// grammar/language.md 2.6: format(parse(s)) is idempotent and parse(format(ast)) gives back the tree.
describe("where round trips (2.6)", () => {
  it("parses the canonical text of any tree back to the same tree", () => {
    fc.assert(
      fc.property(trees, (ast) => {
        expect(removeSpans(parseWhere(formatWhere(ast)))).toEqual(removeSpans(ast));
      }),
      { numRuns: runs(1000) },
    );
  });

  it("formats every non-canonical spelling of a tree as its canonical text", () => {
    fc.assert(
      fc.property(spelled, ([ast, text]) => {
        const parsed = parseWhere(text);
        expect(removeSpans(parsed)).toEqual(removeSpans(ast));
        expect(formatWhere(parsed)).toBe(formatWhere(ast));
      }),
      { numRuns: runs(1000) },
    );
  });

  it("gives spans that cover their node's own text", () => {
    fc.assert(
      fc.property(spelled, ([, text]) => {
        const parsed = parseWhere(text);
        const visit = (node: unknown): void => {
          if (!node || typeof node !== "object") return;
          const record = node as Record<string, unknown>;
          const span = record.span as { start: number; end: number } | undefined;
          if (span) {
            expect(span.start).toBeGreaterThanOrEqual(0);
            expect(span.end).toBeLessThanOrEqual(text.length);
            expect(span.start).toBeLessThan(span.end);
            if (record.kind === "path") {
              expect(text.slice(span.start, span.end)).toBe(
                (record.segments as string[]).join("."),
              );
            }
          }
          for (const inner of Object.values(record)) {
            if (Array.isArray(inner)) inner.forEach(visit);
            else visit(inner);
          }
        };
        visit(parsed);
      }),
    );
  });
});

// Section 5: whatever the text, the parser returns a tree or throws a positioned QuerySyntaxError.
describe("where parser on arbitrary text (5)", () => {
  const pieces = fc.constantFrom(
    ...'ab_.01 \t\n()",=!<>~*'.split(""),
    " AND ",
    " or ",
    " IN ",
    " NOT ",
    " IS ",
    "NULL",
    '""',
    "😀",
    "\uD800",
    "é",
  );
  const texts = fc.oneof(
    fc.string({ unit: pieces, maxLength: 40 }),
    fc.string({ unit: "grapheme", maxLength: 30 }),
    trees.chain((ast) =>
      fc.tuple(fc.nat(), fc.string({ unit: pieces, maxLength: 3 })).map(([at, junk]) => {
        const text = formatWhere(ast);
        const cut = at % (text.length + 1);
        return text.slice(0, cut) + junk + text.slice(cut);
      }),
    ),
  );

  it("never fails with anything but a QuerySyntaxError inside the input", () => {
    fc.assert(
      fc.property(texts, (text) => {
        try {
          const ast = parseWhere(text);
          expect(parseWhere(formatWhere(ast))).toBeTruthy();
        } catch (error) {
          expect(error).toBeInstanceOf(QuerySyntaxError);
          const e = error as QuerySyntaxError;
          expect(e.offset).toBeGreaterThanOrEqual(0);
          expect(e.offset + e.length).toBeLessThanOrEqual(text.length);
          expect(e.line).toBeGreaterThanOrEqual(1);
          expect(e.column).toBeGreaterThanOrEqual(1);
          expect(e.message).toMatch(
            /^where: .+ at (line \d+, )?column \d+\n {2}.*\n {2}[ \t]*\^+$/s,
          );
        }
      }),
      { numRuns: runs(3000) },
    );
  });
});
