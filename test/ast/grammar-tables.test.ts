import type { IToken } from "chevrotain";
import { describe, expect, expectTypeOf, it } from "vitest";
import { compileWhere } from "../../src/api/compile-where.ts";
import { FIELDS_GRAMMAR, type FieldsState } from "../../src/ast/fields-grammar.ts";
import { expectedIn, expectsAfterClause } from "../../src/ast/grammar-table.ts";
import { COMPARISON_OPERATORS, type WherePredicate } from "../../src/ast/where.ts";
import {
  type OperandKind,
  operatorOf,
  operatorsTaken,
  WHERE_GRAMMAR,
  WHERE_OPERATORS,
  type WhereFollow,
  type WhereOperator,
  type WhereState,
} from "../../src/ast/where-grammar.ts";
import { formatWhere } from "../../src/backends/format/format-where.ts";
import { referenceEvaluate } from "../../src/conformance/reference-evaluate.ts";
import { QuerySyntaxError } from "../../src/errors/errors.ts";
import { completeFields, completeWhere } from "../../src/language-service/complete.ts";
import type { FieldType } from "../../src/schema/schema.ts";
import { validateWhere } from "../../src/schema/validate-where.ts";
import { fieldsStateAfter, whereStateAfter } from "../../src/syntax/grammar-states.ts";
import { lexFields } from "../../src/syntax/lex-fields.ts";
import { lexWhere } from "../../src/syntax/lex-where.ts";
import { safeParseFields } from "../../src/syntax/parse-fields.ts";
import { parseWhere, safeParseWhere } from "../../src/syntax/parse-where.ts";
import { predicateOf, SCHEMA_OF_EVERY_KIND } from "../support/operator-predicates.ts";

// The grammar tables are the one place that says what may follow what and which operators a
// type takes: the parser's errors, completion, diagnosis and validation must all agree with
// them, so a state or operator added to a table shows up in each of them or fails here.

const schema = SCHEMA_OF_EVERY_KIND;
const KINDS = Object.keys(schema.fields) as OperandKind[];

/** A literal that fits each scalar kind, so that only the operator can be refused. */
const FITTING: Readonly<Record<OperandKind, string>> = {
  string: "x",
  integer: "1",
  number: "1.5",
  boolean: "true",
  date: "2024-01-01",
  any: "x",
  object: "x",
  array: "x",
};

function syntaxError(result: { success: boolean; error?: unknown }, text: string) {
  if (result.success || !(result.error instanceof QuerySyntaxError)) {
    throw new Error(`expected a syntax error for ${JSON.stringify(text)}`);
  }
  return result.error;
}

describe("the where grammar table", () => {
  it("names the kinds of field that a schema has", () => {
    expectTypeOf<OperandKind>().toEqualTypeOf<FieldType["kind"]>();
    expect(KINDS.map((kind) => schema.fields[kind]?.kind)).toEqual(KINDS);
  });

  // For each state, filters whose first error comes right after reaching it, with the depth.
  const AT: Readonly<Record<WhereState, readonly (readonly [string, number])[]>> = {
    operand: [
      ["", 0],
      ["(", 1],
      ["a=1 AND", 0],
      ["(a=1 OR", 1],
    ],
    segment: [
      ["a.", 0],
      ["(a.b.", 1],
    ],
    operator: [
      ["a", 0],
      ["(a", 1],
    ],
    value: [
      ["a=", 0],
      ["(a IN (1,", 1],
      ["a IN (", 0],
    ],
    pattern: [
      ["a~", 0],
      ["(a~", 1],
    ],
    list: [
      ["a IN", 0],
      ["(a NOT IN", 1],
    ],
    afterIs: [
      ["a IS", 0],
      ["(a IS", 1],
    ],
    afterIsNot: [
      ["a IS NOT", 0],
      ["(a IS NOT", 1],
    ],
    afterNot: [
      ["a NOT", 0],
      ["(a NOT", 1],
    ],
    afterListValue: [
      ["a IN (1", 0],
      ['(a IN ("x"', 1],
    ],
    afterOperand: [
      ["a=1)", 0],
      ["(a=1", 1],
      ["a IS NULL b", 0],
      ["((a~x) b", 1],
    ],
  };

  const rows = Object.entries(AT).flatMap(([state, cases]) =>
    cases.map(([text, depth]) => [state as WhereState, text, depth] as const),
  );

  it.each(rows)(
    "%s: the parser's error in %j expects the table's follow set",
    (state, text, depth) => {
      const error = syntaxError(safeParseWhere(text), text);
      expect(error.expected).toEqual(expectedIn(WHERE_GRAMMAR, state, depth));
      expect(expectsAfterClause(WHERE_GRAMMAR, error.expected)).toBe(
        WHERE_GRAMMAR.clauseEnds.includes(state),
      );
      // The inside of a path is no state between tokens: the parser checks it within the token.
      if (state === "segment") return;
      const [previous, beforePrevious] = tokensBefore(lexWhere(text).tokens, error.offset);
      expect(whereStateAfter(previous, beforePrevious)).toBe(state);
    },
  );

  /** What completion should offer in a state, read from the table alone. */
  const WORDS: readonly WhereFollow[] = ["NULL", "NOT NULL", "IN", "AND", "OR"];
  const offered = (state: WhereState, kind: OperandKind | undefined, withSchema: boolean) =>
    WHERE_GRAMMAR.follows[state].flatMap((follow) => {
      if (follow === "field") return withSchema ? KINDS : [];
      if (follow === "operator") return operatorsTaken(kind).map((operator) => operator.text);
      if (follow === "value") return kind === "boolean" ? ["true", "false"] : [];
      return WORDS.includes(follow) ? [follow] : [];
    });

  // For each state but the inside of a path, a text before the cursor that ends in it.
  const BEFORE: Readonly<Record<Exclude<WhereState, "segment">, (field: string) => string>> = {
    operand: (field) => `${field}=${FITTING.string} OR `,
    operator: (field) => `${field} `,
    value: (field) => `${field}=`,
    pattern: (field) => `${field}~`,
    list: (field) => `${field} IN `,
    afterIs: (field) => `${field} IS `,
    afterIsNot: (field) => `${field} IS NOT `,
    afterNot: (field) => `${field} NOT `,
    afterListValue: (field) => `${field} IN (1 `,
    afterOperand: (field) => `${field}=1 `,
  };

  it("completes, in each state, what the table's follow set holds", () => {
    for (const [state, before] of Object.entries(BEFORE)) {
      for (const kind of KINDS) {
        const text = before(kind);
        const labels = (options?: { schema: typeof schema }) =>
          completeWhere(text, text.length, options)?.options.map((option) => option.label) ?? [];
        expect(labels({ schema }), text).toEqual(offered(state as WhereState, kind, true));
        expect(labels(), text).toEqual(offered(state as WhereState, undefined, false));
      }
    }
  });

  it("offers right after a whole field name the operators its type takes", () => {
    for (const kind of KINDS.filter((kind) => kind !== "object")) {
      const found = completeWhere(kind, kind.length, { schema });
      expect(found?.options.map((option) => option.label)).toEqual(
        operatorsTaken(kind).map((operator) => operator.text),
      );
    }
  });

  /** A predicate on the field of `kind` written with `operator`. */
  const predicate = (operator: WhereOperator, kind: OperandKind): WherePredicate =>
    predicateOf(operator, kind, [FITTING[kind]]);

  /** The code of grammar/language.md 4.3 for an operator a type does not take. */
  function refusal(operator: WhereOperator, kind: OperandKind): string {
    if (kind === "object") return "OBJECT_FIELD";
    if (kind === "array") return "ARRAY_FIELD";
    if (operator.node === "pattern") return "PATTERN_ON_NON_STRING";
    if (operator.node === "comparison" && kind === "boolean") return "BOOLEAN_ORDERING";
    throw new Error(`4.3 has no code for ${operator.text} on ${kind}: add one`);
  }

  it.each(WHERE_OPERATORS.map((operator) => [operator.text, operator] as const))(
    "%s: the parser reads it, and validation refuses it exactly on the types it does not take",
    (_, operator) => {
      for (const kind of KINDS) {
        const node = predicate(operator, kind);
        expect(operatorOf(node)).toBe(operator);
        const reparsed = parseWhere(formatWhere(node)) as WherePredicate;
        expect(operatorOf(reparsed)).toBe(operator);
        const codes = validateWhere(node, schema).map((issue) => issue.code);
        expect(codes, `${operator.text} on ${kind}`).toEqual(
          operator.takes.includes(kind) ? [] : [refusal(operator, kind)],
        );
      }
    },
  );

  it("has the comparators of the tree's type, in its order", () => {
    const comparators = WHERE_OPERATORS.filter((operator) => operator.node === "comparison");
    expect(comparators.map((operator) => operator.text)).toEqual(COMPARISON_OPERATORS);
  });

  it.each(WHERE_OPERATORS.map((operator) => [operator.text, operator] as const))(
    "says what %s answers of null and a missing field, as the reference evaluation does",
    async (_, operator) => {
      for (const kind of KINDS.filter((taken) => operator.takes.includes(taken))) {
        const text = formatWhere(predicate(operator, kind));
        const matches = compileWhere(text, { schema });
        expect([matches({ [kind]: null }), matches({})], text).toEqual([
          operator.onNull,
          operator.onNull,
        ]);
        const evaluated = await referenceEvaluate([{ [kind]: null }, {}], {
          resource: "records",
          where: predicate(operator, kind),
          fields: undefined,
          page: 1,
          size: 2,
          paginated: false,
          schema,
          timeZone: "UTC",
        });
        expect(evaluated.total, text).toBe(operator.onNull ? 2 : 0);
      }
      // The editor's words: "false on null", or what makes it true of null.
      expect(operator.detail).toMatch(
        operator.onNull ? /is null or missing$/ : /false on null$|^is present and not null$/,
      );
    },
  );

  it("lists every operator of the table where the parser expects one", () => {
    const [description] = syntaxError(safeParseWhere("a"), "a").expected;
    const listed = /^an operator \((.*)\)$/.exec(description ?? "")?.[1];
    expect(listed).toBe(WHERE_OPERATORS.map((operator) => operator.text).join(" "));
  });
});

/** The last token before `offset`, and the one before it. */
function tokensBefore(tokens: readonly IToken[], offset: number) {
  const before = tokens.filter((token) => token.startOffset < offset);
  return [before.at(-1), before.at(-2)] as const;
}

describe("the fields grammar table", () => {
  const AT: Readonly<Record<FieldsState, readonly (readonly [string, number])[]>> = {
    item: [
      ["", 0],
      ["a(", 1],
      ["a,", 0],
      ["a(b,", 1],
    ],
    segment: [
      ["a.", 0],
      ["a(b.", 1],
    ],
    named: [
      ["a)", 0],
      ["a(b", 1],
    ],
    closed: [
      ["a(b))", 0],
      ["a(b(c)", 1],
    ],
  };
  const rows = Object.entries(AT).flatMap(([state, cases]) =>
    cases.map(([text, depth]) => [state as FieldsState, text, depth] as const),
  );

  it.each(rows)(
    "%s: the parser's error in %j expects the table's follow set",
    (state, text, depth) => {
      const error = syntaxError(safeParseFields(text), text);
      expect(error.expected).toEqual(expectedIn(FIELDS_GRAMMAR, state, depth));
      expect(expectsAfterClause(FIELDS_GRAMMAR, error.expected)).toBe(
        FIELDS_GRAMMAR.clauseEnds.includes(state),
      );
      if (state === "segment") return;
      const [previous] = tokensBefore(lexFields(text).tokens, error.offset);
      expect(fieldsStateAfter(previous)).toBe(state);
    },
  );

  it("completes names exactly where the table's follow set holds a field name", () => {
    const BEFORE: Readonly<Record<Exclude<FieldsState, "segment">, string>> = {
      item: "object(",
      named: "object ",
      closed: "object(id) ",
    };
    for (const [state, text] of Object.entries(BEFORE)) {
      const found = completeFields(text, text.length, { schema });
      expect(found !== undefined, text).toBe(
        FIELDS_GRAMMAR.follows[state as FieldsState].includes("field"),
      );
    }
  });
});
