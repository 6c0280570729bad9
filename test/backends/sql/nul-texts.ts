import fc from "fast-check";
import { AWKWARD_STRINGS, listScalarFields } from "../../../src/arbitraries/index.ts";
import { NO_SPAN } from "../../../src/ast/span.ts";
import {
  COMPARISON_OPERATORS,
  type LiteralNode,
  PATTERN_MODES,
  type PathNode,
  type WhereExpression,
  type WherePredicate,
} from "../../../src/ast/where.ts";
import { type Schema, scalarTypeAt } from "../../../src/schema/schema.ts";

// A quoted value may hold U+0000 (grammar/language.md 2.1), which PostgreSQL text cannot (9.3).
// The generated filters get one in some of their texts, over records with none, which every
// engine can store: the SQL must keep what compileWhere keeps, and never fail.

/** U+0000, written out where a test needs it visible. */
export const NUL = "\u0000";

/** Where one text gets a U+0000: nowhere (most often), or before its n-th code point (or at its end). */
const cutAt = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.nat({ max: 6 }) },
);

/** A text with U+0000 before its n-th code point, or at its end: never inside a surrogate pair. */
function withNulAt(text: string, cut: number | undefined): string {
  if (cut === undefined) return text;
  const points = [...text];
  return [...points.slice(0, cut), NUL, ...points.slice(cut)].join("");
}

/** The predicates of a filter, in text order. */
function* predicatesOf(filter: WhereExpression): Generator<WherePredicate> {
  if (filter.kind === "and" || filter.kind === "or") {
    for (const operand of filter.operands) yield* predicatesOf(operand);
  } else yield filter;
}

/** How many texts of string fields a filter compares or matches: those a U+0000 may go into. */
function countStringTexts(filter: WhereExpression, schema: Schema): number {
  let count = 0;
  for (const node of predicatesOf(filter)) {
    if (node.kind === "isNull") continue;
    if (scalarTypeAt(schema, node.path.segments) !== "string") continue;
    count += node.kind === "in" ? node.values.length : 1;
  }
  return count;
}

/**
 * A valid filter with U+0000 put into some of the texts its string fields compare or match (each
 * cut in turn), so that `=`, `!=`, orderings, `IN`, `NOT IN` and `~` all meet one.
 */
function putNuls(
  filter: WhereExpression,
  schema: Schema,
  cuts: readonly (number | undefined)[],
): WhereExpression {
  let next = 0;
  const cut = (literal: LiteralNode): LiteralNode => ({
    ...literal,
    text: withNulAt(literal.text, cuts[next++]),
  });
  const rewrite = (node: WhereExpression): WhereExpression => {
    switch (node.kind) {
      case "and":
      case "or":
        return { ...node, operands: node.operands.map(rewrite) };
      case "isNull":
        return node;
      default:
        if (scalarTypeAt(schema, node.path.segments) !== "string") return node;
        return node.kind === "in"
          ? { ...node, values: node.values.map(cut) }
          : { ...node, value: cut(node.value) };
    }
  };
  return rewrite(filter);
}

/** The filters of an arbitrary, one in four of their string fields' texts holding U+0000 (9.3). */
export function withNulTexts(
  filters: fc.Arbitrary<WhereExpression>,
  schema: Schema,
): fc.Arbitrary<WhereExpression> {
  return filters.chain((filter) => {
    const count = countStringTexts(filter, schema);
    return fc
      .array(cutAt, { minLength: count, maxLength: count })
      .map((cuts) => putNuls(filter, schema, cuts));
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The strings the records hold at a path, read through objects' own members only (2.4). */
function storedStrings(records: readonly unknown[], segments: readonly string[]): string[] {
  return records.flatMap((record) => {
    let value: unknown = record;
    for (const key of segments) {
      value = isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
    }
    return typeof value === "string" ? [value] : [];
  });
}

/**
 * Texts p + U+0000 + r where p is a stored text or the start of one, or an awkward text: an
 * ordering against one is then decided at p, where a stored text often is p itself.
 */
function nulText(stored: readonly string[]): fc.Arbitrary<string> {
  const awkward = fc.constantFrom(...AWKWARD_STRINGS);
  const base = stored.length === 0 ? awkward : fc.oneof(fc.constantFrom(...stored), awkward);
  return fc
    .tuple(base, fc.nat({ max: 6 }), fc.constantFrom("", "a", NUL, ...AWKWARD_STRINGS))
    .map(([text, cut, rest]) => withNulAt(text, cut) + rest);
}

const literal = (text: string): LiteralNode => ({ kind: "literal", text, span: NO_SPAN });

/**
 * Filters of one to three predicates on the schema's string fields, under AND or OR, each with
 * texts holding U+0000 built on the records' own (9.3): every comparison, `IN` and `NOT IN` with
 * such texts alone or among others, and every pattern. The schema has a string field.
 */
export function nulFilterArbitrary(
  schema: Schema,
  records: readonly unknown[],
): fc.Arbitrary<WhereExpression> {
  const paths = listScalarFields(schema).filter((field) => field.type === "string");
  const predicate = fc
    .constantFrom(...paths)
    .chain(({ path: segments }): fc.Arbitrary<WherePredicate> => {
      const path: PathNode = { kind: "path", segments, span: NO_SPAN };
      const stored = storedStrings(records, segments);
      const withNul = nulText(stored);
      const plain =
        stored.length === 0 ? fc.constantFrom(...AWKWARD_STRINGS) : fc.constantFrom(...stored);
      // Mostly texts holding U+0000, so that a list often holds nothing else.
      const listed = fc.oneof({ weight: 3, arbitrary: withNul }, { weight: 1, arbitrary: plain });
      return fc.oneof(
        fc.tuple(fc.constantFrom(...COMPARISON_OPERATORS), withNul).map(([operator, text]) => ({
          kind: "comparison" as const,
          path,
          operator,
          value: literal(text),
          span: NO_SPAN,
        })),
        fc
          .tuple(fc.boolean(), fc.array(listed, { minLength: 1, maxLength: 3 }))
          .map(([negated, texts]) => ({
            kind: "in" as const,
            path,
            negated,
            values: texts.map(literal),
            span: NO_SPAN,
          })),
        fc.tuple(fc.constantFrom(...PATTERN_MODES), withNul).map(([mode, text]) => ({
          kind: "pattern" as const,
          path,
          mode,
          value: literal(text),
          span: NO_SPAN,
        })),
      );
    });
  return fc
    .tuple(
      fc.constantFrom("and" as const, "or" as const),
      fc.array(predicate, { minLength: 1, maxLength: 3 }),
    )
    .map(([kind, operands]) =>
      operands.length === 1 ? (operands[0] as WherePredicate) : { kind, operands, span: NO_SPAN },
    );
}
