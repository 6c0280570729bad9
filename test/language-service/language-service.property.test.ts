import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fieldsTextArbitrary,
  invalidFieldsArbitrary,
  invalidWhereArbitrary,
  schemaArbitrary,
  whereTextArbitrary,
} from "../../src/arbitraries/index.ts";
import type { PathNode, WhereNode } from "../../src/ast/where.ts";
import { QuerySyntaxError } from "../../src/errors/errors.ts";
import { classifyFields, classifyWhere } from "../../src/language-service/classify-tokens.ts";
import { completeFields, completeWhere } from "../../src/language-service/complete.ts";
import { diagnoseFields, diagnoseWhere } from "../../src/language-service/diagnose.ts";
import { validateFields } from "../../src/schema/validate-fields.ts";
import { validateWhere } from "../../src/schema/validate-where.ts";
import { parseFields } from "../../src/syntax/parse-fields.ts";
import { parseWhere } from "../../src/syntax/parse-where.ts";
import { runs } from "../support/runs.ts";

/** Any text an editor may hold: generated filters and selections, their broken forms, noise. */
const anyWhereText = fc.oneof(
  whereTextArbitrary(undefined, { maxDepth: 2 }),
  invalidWhereArbitrary().map((invalid) => invalid.text),
  fc.string({ unit: fc.constantFrom(...'ab.=<>!~*"(), INANDORNOTISNULL\n\u00a0') }),
  fc.string({ unit: "grapheme" }),
);
const anyFieldsText = fc.oneof(
  fieldsTextArbitrary(),
  invalidFieldsArbitrary().map((invalid) => invalid.text),
  fc.string({ unit: fc.constantFrom(..."ab._(), \n") }),
);

const schemaAndWhere = schemaArbitrary().chain((schema) =>
  fc.tuple(
    fc.constant(schema),
    fc.oneof(whereTextArbitrary(schema, { maxDepth: 2, strict: false }), anyWhereText),
  ),
);
const schemaAndFields = schemaArbitrary().chain((schema) =>
  fc.tuple(fc.constant(schema), fc.oneof(fieldsTextArbitrary(schema), anyFieldsText)),
);

/** Tokens in order, apart, within the text, and covering every character that is not white space. */
function expectTiling(text: string, tokens: readonly { from: number; to: number }[]): void {
  let end = 0;
  const covered = new Array<boolean>(text.length).fill(false);
  for (const { from, to } of tokens) {
    expect(from).toBeGreaterThanOrEqual(end);
    expect(to).toBeGreaterThan(from);
    expect(to).toBeLessThanOrEqual(text.length);
    covered.fill(true, from, to);
    end = to;
  }
  for (let at = 0; at < text.length; at++) {
    if (!covered[at]) expect(" \t\r\n").toContain(text[at]);
  }
}

function pathsOf(node: WhereNode): PathNode[] {
  switch (node.kind) {
    case "and":
    case "or":
      return node.operands.flatMap(pathsOf);
    case "comparison":
    case "pattern":
    case "in":
    case "isNull":
      return [node.path];
    default:
      return [];
  }
}

describe("classifyWhere and classifyFields", () => {
  it("cover every character but white space, in order, never overlapping", () => {
    fc.assert(
      fc.property(anyWhereText, (text) => expectTiling(text, classifyWhere(text))),
      { numRuns: runs(500) },
    );
    fc.assert(
      fc.property(anyFieldsText, (text) => expectTiling(text, classifyFields(text))),
      { numRuns: runs(300) },
    );
  });

  it("mark as fields exactly the paths the parser reads", () => {
    fc.assert(
      fc.property(whereTextArbitrary(undefined, { maxDepth: 2 }), (text) => {
        const fields = classifyWhere(text)
          .filter((token) => token.class === "field")
          .map(({ from, to }) => [from, to]);
        const paths = pathsOf(parseWhere(text)).map(({ span }) => [span.start, span.end]);
        expect(fields).toEqual(paths);
      }),
      { numRuns: runs(300) },
    );
  });
});

describe("diagnoseWhere and diagnoseFields", () => {
  const check = (
    text: string,
    found: ReturnType<typeof diagnoseWhere>,
    parse: () => unknown,
    validate: (ast: never) => readonly { offset: number; length: number; code: string }[],
  ) => {
    for (const { from, to } of found) {
      expect(0 <= from && from <= to && to <= text.length).toBe(true);
    }
    expect(found.map(({ from }) => from)).toEqual(
      found.map(({ from }) => from).sort((a, b) => a - b),
    );
    // Blank is no filter and no selection, as a list request reads it (decided).
    if (/^[ \t\r\n]*$/.test(text)) {
      expect(found).toEqual([]);
      return;
    }
    let ast: unknown;
    try {
      ast = parse();
    } catch (error) {
      if (!(error instanceof QuerySyntaxError)) throw error;
      // The parser's own error is always among them, where it put it.
      expect(found).toContainEqual(
        expect.objectContaining({
          from: error.offset,
          to: error.offset + error.length,
          code: error.code,
        }),
      );
      return;
    }
    // A text that parses: exactly the schema's issues.
    const issues = validate(ast as never);
    expect(found.map(({ from, to, code }) => [from, to, code])).toEqual(
      issues.map(({ offset, length, code }) => [offset, offset + length, code]),
    );
  };

  it("agree with the parser and the schema on any text", () => {
    fc.assert(
      fc.property(schemaAndWhere, ([schema, text]) =>
        check(
          text,
          diagnoseWhere(text, { schema }),
          () => parseWhere(text),
          (ast) => validateWhere(ast, schema),
        ),
      ),
      { numRuns: runs(600) },
    );
    fc.assert(
      fc.property(schemaAndFields, ([schema, text]) =>
        check(
          text,
          diagnoseFields(text, { schema }),
          () => parseFields(text),
          (ast) => validateFields(ast, schema),
        ),
      ),
      { numRuns: runs(400) },
    );
  });

  it("find the problems of valid clauses on both sides of a broken one", () => {
    const clauses = schemaArbitrary().chain((schema) =>
      fc.tuple(
        fc.constant(schema),
        whereTextArbitrary(schema, { maxDepth: 1, strict: false, canonical: true }),
        fc.constantFrom("a IN ()", "=1", "a b", "a=1 b", "NOT a=1", "(", "a!1", "a~*"),
        whereTextArbitrary(schema, { maxDepth: 1, strict: false, canonical: true }),
      ),
    );
    fc.assert(
      fc.property(clauses, ([schema, left, broken, right]) => {
        const text = `(${left}) AND ${broken} OR (${right})`;
        const found = diagnoseWhere(text, { schema }).map(({ from, to, code }) => [from, to, code]);
        const rightStart = text.length - right.length - 1;
        const shifted = (issues: ReturnType<typeof validateWhere>, by: number) =>
          issues.map(({ offset, length, code }) => [offset + by, offset + by + length, code]);
        const inLeft = found.filter(([from]) => (from as number) <= left.length);
        // An error at the very end is the broken clause's: a `(` it left open.
        const inRight = found.filter(
          ([from]) => (from as number) >= rightStart && from !== text.length,
        );
        expect(inLeft).toEqual(shifted(validateWhere(parseWhere(left), schema), 1));
        expect(inRight).toEqual(shifted(validateWhere(parseWhere(right), schema), rightStart));
        // Between them, the broken clause's syntax error.
        expect(found.length).toBeGreaterThan(inLeft.length + inRight.length);
      }),
      { numRuns: runs(300) },
    );
  });
});

describe("completeWhere and completeFields", () => {
  it("offer, while each path is typed, its name or, once whole, its operators", () => {
    const cases = schemaArbitrary().chain((schema) =>
      fc.tuple(fc.constant(schema), whereTextArbitrary(schema, { maxDepth: 2, canonical: true })),
    );
    fc.assert(
      fc.property(cases, ([schema, text]) => {
        for (const path of pathsOf(parseWhere(text))) {
          const name = path.segments[path.segments.length - 1] as string;
          const typed = completeWhere(text, path.span.end, { schema });
          expect(typed).toBeDefined();
          const labels = typed?.options.map((option) => option.label) ?? [];
          // Whole and no other name extends it: the operators; else the names, this one among them.
          if (typed?.from === path.span.end) expect(labels).toContain("IS NULL");
          else {
            expect(typed?.from).toBe(path.span.end - name.length);
            expect(labels).toContain(name);
          }
          const started = completeWhere(text, path.span.start, { schema });
          if (started) expect(started.from).toBeLessThanOrEqual(path.span.start);
        }
      }),
      { numRuns: runs(300) },
    );
  });

  it("never throw, and replace only text before the cursor, at any offset of any text", () => {
    fc.assert(
      fc.property(schemaAndWhere, fc.nat(), ([schema, text], seed) => {
        const offset = seed % (text.length + 1);
        const found = completeWhere(text, offset, { schema });
        if (found) {
          expect(found.to).toBe(offset);
          expect(found.from).toBeLessThanOrEqual(offset);
          expect(found.options.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: runs(500) },
    );
    fc.assert(
      fc.property(schemaAndFields, fc.nat(), ([schema, text], seed) => {
        const offset = seed % (text.length + 1);
        const found = completeFields(text, offset, { schema });
        if (found) expect(found.from).toBeLessThanOrEqual(offset);
      }),
      { numRuns: runs(300) },
    );
  });
});
