import fc from "fast-check";
import type {
  ComparisonOperator,
  LiteralNode,
  PathNode,
  PatternMode,
  WhereExpression,
  WherePredicate,
} from "../../src/ast/where.ts";

const NO_SPAN = { start: 0, end: 0 };
const KEYWORDS = new Set(["and", "or", "in", "not", "is", "null"]);

const identifier = fc
  .tuple(
    fc.constantFrom(..."abcxyzABCXYZ_"),
    fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzAZ09_"), maxLength: 6 }),
  )
  .map(([head, tail]) => head + tail);

/** Paths of one to three identifiers; a lone keyword is reserved, so it is never generated. */
export const pathArbitrary: fc.Arbitrary<PathNode> = fc
  .array(identifier, { minLength: 1, maxLength: 3 })
  .filter((segments) => segments.length > 1 || !KEYWORDS.has((segments[0] as string).toLowerCase()))
  .map((segments) => ({ kind: "path", segments, span: NO_SPAN }));

/** Characters that stress quoting: delimiters, operators, quotes, keywords' letters, astral. */
const awkward = fc.constantFrom(
  ..."aZ09 \t\r\n(),\"=!<>~*._-:/\\%'".split(""),
  "é",
  "\u00a0",
  "😀",
  "\uffff",
  "AND",
  "or",
  "NULL",
);

/** Value texts, empty and awkward ones included. */
export const valueTextArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: awkward, maxLength: 8 }),
  fc.string({ maxLength: 6 }),
  fc.constantFrom("FOLDER", "2", "-1.5", "2024-03-01", "true", "OPEN", "NEW"),
);

const literalArbitrary = valueTextArbitrary.map(
  (text): LiteralNode => ({ kind: "literal", text, span: NO_SPAN }),
);

const operatorArbitrary = fc.constantFrom<ComparisonOperator>("=", "!=", ">", ">=", "<", "<=");
const modeArbitrary = fc.constantFrom<PatternMode>("contains", "startsWith", "endsWith");

/** One predicate of any kind. */
export const predicateArbitrary: fc.Arbitrary<WherePredicate> = fc.oneof(
  fc
    .record({ path: pathArbitrary, operator: operatorArbitrary, value: literalArbitrary })
    .map(({ path, operator, value }) => ({
      kind: "comparison" as const,
      path,
      operator,
      value,
      span: NO_SPAN,
    })),
  fc
    .record({
      path: pathArbitrary,
      mode: modeArbitrary,
      value: literalArbitrary.filter((v) => v.text.length > 0),
    })
    .map(({ path, mode, value }) => ({
      kind: "pattern" as const,
      path,
      mode,
      value,
      span: NO_SPAN,
    })),
  fc
    .record({
      path: pathArbitrary,
      negated: fc.boolean(),
      values: fc.array(literalArbitrary, { minLength: 1, maxLength: 4 }),
    })
    .map(({ path, negated, values }) => ({
      kind: "in" as const,
      path,
      negated,
      values,
      span: NO_SPAN,
    })),
  fc
    .record({ path: pathArbitrary, negated: fc.boolean() })
    .map(({ path, negated }) => ({ kind: "isNull" as const, path, negated, span: NO_SPAN })),
);

const depth = fc.createDepthIdentifier();
// Every recursive path is depth-bounded, so no generated filter nears the 8192-character limit.
const nested = { depthIdentifier: depth, maxDepth: 3, depthSize: "small" } as const;

/** Flattened `where` trees: an `and` never directly holds an `and`, nor an `or` an `or`. */
export const whereArbitrary: fc.Arbitrary<WhereExpression> = fc.letrec<{
  node: WhereExpression;
  and: WhereExpression;
  or: WhereExpression;
}>((tie) => ({
  node: fc.oneof(nested, predicateArbitrary, tie("and"), tie("or")),
  and: fc
    .array(fc.oneof(nested, predicateArbitrary, tie("or")), { minLength: 2, maxLength: 3 })
    .map((operands) => ({ kind: "and" as const, operands, span: NO_SPAN })),
  or: fc
    .array(fc.oneof(nested, predicateArbitrary, tie("and")), { minLength: 2, maxLength: 3 })
    .map((operands) => ({ kind: "or" as const, operands, span: NO_SPAN })),
})).node;

/** Removes spans, so trees parsed from different spellings compare equal. */
export function withoutSpans(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSpans);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key !== "span") out[key] = withoutSpans(inner);
    }
    return out;
  }
  return value;
}

/** A source of choices for spelling a tree in a non-canonical way. */
export interface Choices {
  pick(n: number): number;
}

/** Seeded choices (mulberry32), so a failing spelling replays from its seed. */
export function seededChoices(seed: number): Choices {
  let state = seed >>> 0;
  return {
    pick(n) {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return (((t ^ (t >>> 14)) >>> 0) % n) as number;
    },
  };
}

const SPACES = [" ", "  ", "\t", "\n", " \r\n "];
const BARE = /^[^ \t\r\n(),"=!<>~][^ \t\r\n(),"]*$/;

/**
 * Spells a tree as a user might: keywords in any case, extra white space where the grammar
 * allows it, needless quotes and parentheses. Parsing it must give back the same tree.
 */
export function spellWhere(node: WhereExpression, choices: Choices): string {
  const ws = () => SPACES[choices.pick(SPACES.length)] as string;
  const opt = () => (choices.pick(3) === 0 ? ws() : "");
  const kw = (word: string) => {
    const style = choices.pick(3);
    if (style === 0) return word.toUpperCase();
    if (style === 1) return word.toLowerCase();
    return [...word].map((c, i) => (i % 2 ? c.toLowerCase() : c.toUpperCase())).join("");
  };
  const value = (text: string) =>
    BARE.test(text) && choices.pick(2) === 0 ? text : `"${text.replaceAll('"', '""')}"`;
  const pathText = (p: PathNode) => p.segments.join(".");
  const wrap = (text: string) => (choices.pick(4) === 0 ? `(${opt()}${text}${opt()})` : text);
  const spell = (n: WhereExpression): string => {
    switch (n.kind) {
      case "or":
        return n.operands.map((o) => wrap(spell(o))).join(`${ws()}${kw("or")}${ws()}`);
      case "and":
        return n.operands
          .map((o) => (o.kind === "or" ? `(${opt()}${spell(o)}${opt()})` : wrap(spell(o))))
          .join(`${ws()}${kw("and")}${ws()}`);
      case "comparison":
        return `${pathText(n.path)}${opt()}${n.operator}${opt()}${value(n.value.text)}`;
      case "pattern": {
        const text = n.value.text;
        const quoted = text.includes("*") || !BARE.test(text) || choices.pick(2) === 0;
        const core = quoted ? `"${text.replaceAll('"', '""')}"` : text;
        const both = n.mode === "contains" && choices.pick(2) === 0;
        const lead = n.mode === "endsWith" || both ? "*" : "";
        const trail = n.mode === "startsWith" || both ? "*" : "";
        return `${pathText(n.path)}${opt()}~${opt()}${lead}${core}${trail}`;
      }
      case "in": {
        const sep = () => `${opt()},${opt()}`;
        const list = n.values.map((v) => value(v.text)).join(sep());
        const op = n.negated ? `${kw("not")}${ws()}${kw("in")}` : kw("in");
        return `${pathText(n.path)}${ws()}${op}${opt()}(${opt()}${list}${opt()})`;
      }
      case "isNull":
        return `${pathText(n.path)}${ws()}${kw("is")}${ws()}${n.negated ? `${kw("not")}${ws()}` : ""}${kw("null")}`;
    }
  };
  return `${opt()}${spell(node)}${opt()}`;
}
