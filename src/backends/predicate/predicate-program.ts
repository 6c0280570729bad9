// The code generator: a checked where tree as the program of one predicate, and its source.

import type {
  ComparisonNode,
  ComparisonOperator,
  InNode,
  PatternNode,
  WhereExpression,
  WherePredicate,
} from "../../ast/where.ts";
import { type PredicateCases, predicateCase } from "../../ast/where-cases.ts";
import { operatorOf } from "../../ast/where-grammar.ts";
import { readBoolean, readNumber } from "../../schema/literals.ts";
import { testOf } from "./closure-predicate.ts";
import { compareCodePoints } from "./code-points.ts";
import {
  constantReference,
  decode,
  encode,
  fragment,
  type Reference,
  render,
  type Template,
  template,
  temporaryReference,
  textOf,
} from "./program-encoding.ts";
import { internalized, type Test, type ValueTests } from "./value-tests.ts";

/** The longest IN list tested by a chain of `===`; a longer one asks a Set. */
const LONGEST_CHAIN = 8;

// The only words of the tree that reach the source, each through a table of its own.
const PATTERN_METHODS: Readonly<Record<string, number>> = {
  contains: fragment("includes"),
  startsWith: fragment("startsWith"),
  endsWith: fragment("endsWith"),
};
const ORDERINGS: Readonly<Record<string, number>> = {
  "<": fragment("<"),
  "<=": fragment("<="),
  ">": fragment(">"),
  ">=": fragment(">="),
};

/** The fragment of a tree's word, from `table` only: a tree that was not checked cannot write code. */
function wordOf(table: Readonly<Record<string, number>>, word: string): number {
  if (!Object.hasOwn(table, word)) throw new TypeError(`not a word of a checked tree: ${word}`);
  return table[word] as number;
}

const OPEN = fragment("(");
const CLOSE = fragment(")");
const AND = fragment(" && ");
const OR = fragment(" || ");
const NOT = fragment("!");

// The closures' own-property rule (closure-predicate.ts owns), inline; the record's prototype is
// read once. The closures' holders are never arrays or primitives.
const RECORD_OWNS = template`((q === undefined ? (q = r.__proto__) : q) === objectPrototype ? objectPrototype[${"key"}] === undefined || hasOwn(r, ${"key"}) : typeof r === "object" && !isArray(r) && hasOwn(r, ${"key"}))`;
const HOLDER_OWNS = template`(${"holder"}.__proto__ === objectPrototype ? objectPrototype[${"key"}] === undefined || hasOwn(${"holder"}, ${"key"}) : !isArray(${"holder"}) && hasOwn(${"holder"}, ${"key"}))`;
const RECORD_STEP = template`typeof (${"value"} = r[${"key"}]) === "object" && ${"value"} !== null`;
const HOLDER_STEP = template`typeof (${"value"} = ${"holder"}[${"key"}]) === "object" && ${"value"} !== null`;
const RECORD_LAST = template`(${"value"} = r[${"key"}]) != null`;
const HOLDER_LAST = template`(${"value"} = ${"holder"}[${"key"}]) != null`;
const CALL = template`${"test"}(${"v"})`;
const EQUALS = template`${"v"} === ${"c"}`;
const DIFFERS = template`${"v"} !== ${"c"}`;
const IS_STRING = template`typeof ${"v"} === "string"`;
const IS_NUMBER = template`typeof ${"v"} === "number"`;
const IS_BOOLEAN = template`typeof ${"v"} === "boolean"`;
const IS_NUMBER_NOT_NAN = template`typeof ${"v"} === "number" && ${"v"} === ${"v"}`;
const COMPARE_STRINGS = template`${"compare"}(${"v"}, ${"c"}) `;
const VALUE = template`${"v"} `;
const SPACE_ZERO = fragment(" 0");
const SPACE = fragment(" ");
const IF_STRING = template`(typeof ${"v"} === "string" ? `;
const IF_NUMBER = template`(typeof ${"v"} === "number" ? `;
const ELSE = fragment(" : ");
const METHOD = template`typeof ${"v"} === "string" && ${"v"}.`;
const ARGUMENT = template`(${"c"})`;
const HAS = template`${"set"}.has(${"v"})`;

type Leaf = Exclude<WherePredicate, { kind: "isNull" }>;

/**
 * How the generated code reads each operator: a test of a present value, inline where the
 * generator can (grouped with the other tests of its path), or a presence check of the path.
 */
type Generated =
  | {
      readonly reads: "value";
      readonly inline: (generator: PredicateProgram, node: Leaf, v: Reference) => boolean;
    }
  | { readonly reads: "presence"; readonly present: boolean };

const compared: Generated = {
  reads: "value",
  inline: (generator, node, v) => generator.comparison(node as ComparisonNode, v),
};
const matched: Generated = {
  reads: "value",
  inline: (generator, node, v) => generator.pattern(node as PatternNode, v),
};
const listed: Generated = {
  reads: "value",
  inline: (generator, node, v) => generator.inList(node as InNode, v),
};
const absent: Generated = { reads: "presence", present: false };
const present: Generated = { reads: "presence", present: true };

const GENERATED: PredicateCases<Generated> = {
  "=": () => compared,
  "!=": () => compared,
  ">": () => compared,
  ">=": () => compared,
  "<": () => compared,
  "<=": () => compared,
  "~": () => matched,
  IN: () => listed,
  "NOT IN": () => listed,
  "IS NULL": () => absent,
  "IS NOT NULL": () => present,
};

const generatedOf = (node: WherePredicate): Generated => predicateCase(GENERATED, node, undefined);

function samePath(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** How many operands are grouped by comparing paths pairwise, before a map of them is cheaper. */
const PAIRWISE_GROUPING = 8;

// One segment as itself after a dot, more as JSON, which starts with "[".
const pathKey = (segments: readonly string[]) =>
  segments.length === 1 ? `.${segments[0]}` : JSON.stringify(segments);

/**
 * The tests of a junction by path, per operand: its group when it is the first test of its path,
 * null when an earlier test's group holds it, undefined when it is no test.
 */
function groupsByPath(operands: readonly WhereExpression[]): (Leaf[] | null | undefined)[] {
  const groups: (Leaf[] | null | undefined)[] = [];
  const byKey = operands.length > PAIRWISE_GROUPING ? new Map<string, Leaf[]>() : undefined;
  for (let i = 0; i < operands.length; i++) {
    const operand = operands[i] as WhereExpression;
    if (operand.kind === "and" || operand.kind === "or" || generatedOf(operand).reads !== "value") {
      groups.push(undefined);
      continue;
    }
    const leaf = operand as Leaf;
    const segments = leaf.path.segments;
    let group: Leaf[] | undefined;
    if (byKey === undefined) {
      for (let j = 0; j < i && group === undefined; j++) {
        const earlier = groups[j];
        if (earlier && samePath((earlier[0] as Leaf).path.segments, segments)) group = earlier;
      }
    } else {
      group = byKey.get(pathKey(segments));
    }
    if (group !== undefined) {
      group.push(leaf);
      groups.push(null);
      continue;
    }
    group = [leaf];
    groups.push(group);
    byKey?.set(pathKey(segments), group);
  }
  return groups;
}

/**
 * The program of one predicate function over a record `r`, written in order into `out`. Every
 * value of the filter (field names included) is a constant `cN` of the factory around it,
 * never text of the source; the source holds only operators, names of its own and property
 * accesses.
 */
class PredicateProgram {
  readonly constants: unknown[] = [];
  readonly out: number[] = [];
  temporaries = 0;
  private readonly tests: ValueTests;

  constructor(tests: ValueTests) {
    this.tests = tests;
  }

  // Equal values are not merged: a program then depends on the tree's shape and the schema's
  // types, not on its values, and a filter of a known shape finds its factory in the cache.
  /** The reference to a new constant of the factory, holding `value`. */
  constant(value: unknown): Reference {
    this.constants.push(value);
    return constantReference(this.constants.length - 1);
  }

  private temporary(): Reference {
    return temporaryReference(this.temporaries++);
  }

  put(code: number): void {
    this.out.push(code);
  }

  reference(reference: Reference): void {
    encode(reference, this.out);
  }

  fill(piece: Template, a: Reference, b = 0, c = 0): void {
    this.out.push(piece.code);
    encode(a, this.out);
    if (piece.references > 1) encode(b, this.out);
    if (piece.references > 2) encode(c, this.out);
  }

  expression(node: WhereExpression): void {
    switch (node.kind) {
      case "and":
      case "or":
        this.put(OPEN);
        this.operands(node.operands, node.kind === "and" ? AND : OR);
        this.put(CLOSE);
        return;
      default: {
        const generated = generatedOf(node);
        if (generated.reads === "value") {
          this.read(node.path.segments, [node as Leaf], AND);
          return;
        }
        if (!generated.present) this.put(NOT);
        this.read(node.path.segments, undefined, 0);
      }
    }
  }

  // Tests of one path side by side (`name~*.java OR name~*.ts`) read it once: `a && b` is
  // `read && (ta && tb)` and `a || b` is `read && (ta || tb)`, as neither matches without a value.
  private operands(operands: readonly WhereExpression[], join: number): void {
    const groups = groupsByPath(operands);
    let first = true;
    for (let i = 0; i < operands.length; i++) {
      const group = groups[i];
      if (group === null) continue;
      if (!first) this.put(join);
      first = false;
      const operand = operands[i] as WhereExpression;
      if (group === undefined) this.expression(operand);
      else this.read((operand as Leaf).path.segments, group, join);
    }
  }

  /**
   * The closures' rule (closure-predicate.ts atPath) for tests of a present value: each step is a
   * record that is no array, and a value counts only when every step to it is an own property,
   * checked after the tests, where it can only turn a match into none. Without tests, whether
   * the value is present (IS NOT NULL).
   */
  private read(segments: readonly string[], group: readonly Leaf[] | undefined, join: number) {
    this.put(OPEN);
    const holders: Reference[] = [];
    const keys: Reference[] = [];
    let holder = -1;
    const last = segments.length - 1;
    for (let index = 0; index <= last; index++) {
      const key = this.constant(segments[index]);
      const value = this.temporary();
      if (index > 0) this.put(AND);
      if (holder < 0) this.fill(index < last ? RECORD_STEP : RECORD_LAST, value, key);
      else this.fill(index < last ? HOLDER_STEP : HOLDER_LAST, value, holder, key);
      holders.push(holder);
      keys.push(key);
      holder = value;
    }
    if (group !== undefined) {
      this.put(AND);
      if (group.length > 1) this.put(OPEN);
      for (let i = 0; i < group.length; i++) {
        if (i > 0) this.put(join);
        this.test(group[i] as Leaf, holder);
      }
      if (group.length > 1) this.put(CLOSE);
    }
    for (let index = 0; index <= last; index++) {
      this.put(AND);
      const owner = holders[index] as number;
      if (owner < 0) this.fill(RECORD_OWNS, keys[index] as Reference);
      else this.fill(HOLDER_OWNS, owner, keys[index] as Reference);
    }
    this.put(CLOSE);
  }

  /** The test of a present value `v`, inline where the type allows; a call of the closures' test otherwise. */
  private test(node: Leaf, v: Reference): void {
    const generated = generatedOf(node);
    const inline = generated.reads === "value" && generated.inline(this, node, v);
    // Called for every value: built now, not on the first call.
    if (!inline) this.fill(CALL, this.constant(testOf(node, this.tests)[0]), v);
  }

  /** The closures' test for a value of a type the inline test does not take. */
  private fallback(node: WherePredicate, v: Reference): void {
    this.fill(CALL, this.constant(lazyTest(node, this.tests)), v);
  }

  comparison(node: ComparisonNode, v: Reference): boolean {
    const { operator } = node;
    const text = node.value.text;
    switch (this.tests.scalarType(node.path.segments)) {
      case "string":
        if (operator === "=") {
          this.fill(EQUALS, v, this.constant(internalized(text)));
        } else if (operator === "!=") {
          this.fill(IS_STRING, v);
          this.put(AND);
          this.fill(DIFFERS, v, this.constant(internalized(text)));
        } else {
          this.fill(IS_STRING, v);
          this.put(AND);
          this.fill(COMPARE_STRINGS, this.constant(compareCodePoints), v, this.constant(text));
          this.put(wordOf(ORDERINGS, operator));
          this.put(SPACE_ZERO);
        }
        return true;
      case "integer":
      case "number":
        this.numberComparison(operator, v, this.constant(readNumber(text)));
        return true;
      case "boolean": {
        const b = this.constant(readBoolean(text));
        if (operator !== "=") {
          this.fill(IS_BOOLEAN, v);
          this.put(AND);
        }
        this.fill(operator === "=" ? EQUALS : DIFFERS, v, b);
        return true;
      }
      case "date":
        return false;
      case "any":
      case undefined: {
        // Without a schema, or on an `any` field, the value's own type decides (2.3): strings
        // and numbers inline.
        if (operator === "=" || operator === "!=") {
          this.fill(IF_STRING, v);
          this.fill(operator === "=" ? EQUALS : DIFFERS, v, this.constant(internalized(text)));
        } else {
          const n = readNumber(text);
          if (n === undefined) return false;
          this.fill(IF_NUMBER, v);
          this.fill(VALUE, v);
          this.put(wordOf(ORDERINGS, operator));
          this.put(SPACE);
          this.reference(this.constant(n));
        }
        this.put(ELSE);
        this.fallback(node, v);
        this.put(CLOSE);
        return true;
      }
    }
  }

  private numberComparison(operator: ComparisonOperator, v: Reference, n: Reference): void {
    if (operator === "=") {
      this.fill(EQUALS, v, n);
      return;
    }
    if (operator === "!=") {
      this.fill(IS_NUMBER_NOT_NAN, v);
      this.put(AND);
      this.fill(DIFFERS, v, n);
      return;
    }
    this.fill(IS_NUMBER, v);
    this.put(AND);
    this.fill(VALUE, v);
    this.put(wordOf(ORDERINGS, operator));
    this.put(SPACE);
    this.reference(n);
  }

  pattern(node: PatternNode, v: Reference): boolean {
    const method = wordOf(PATTERN_METHODS, node.mode);
    this.fill(METHOD, v);
    this.put(method);
    this.fill(ARGUMENT, this.constant(node.value.text));
    return true;
  }

  inList(node: InNode, v: Reference): boolean {
    const type = this.tests.scalarType(node.path.segments);
    switch (type) {
      case "string":
      case "integer":
      case "number": {
        const texts = node.values.map((value) => value.text);
        const numeric = type !== "string";
        if (node.negated) {
          this.fill(numeric ? IS_NUMBER_NOT_NAN : IS_STRING, v);
          this.put(AND);
          this.put(NOT);
        }
        const values: readonly unknown[] = numeric
          ? texts.map((text) => readNumber(text) as number)
          : texts;
        this.listed(distinct(values), v);
        return true;
      }
      case "any":
      case undefined: {
        const texts = distinct(node.values.map((value) => value.text));
        this.fill(IF_STRING, v);
        if (node.negated) this.put(NOT);
        this.listed(texts, v);
        this.put(ELSE);
        this.fallback(node, v);
        this.put(CLOSE);
        return true;
      }
      default:
        return false;
    }
  }

  /** Whether `v` is one of `values`, by `===` (SameValueZero on these: no NaN is listed). */
  private listed(values: readonly unknown[], v: Reference): void {
    if (values.length > LONGEST_CHAIN) {
      this.fill(HAS, this.constant(new Set(values)), v);
      return;
    }
    this.put(OPEN);
    for (let i = 0; i < values.length; i++) {
      if (i > 0) this.put(OR);
      const value = values[i];
      this.fill(EQUALS, v, this.constant(typeof value === "string" ? internalized(value) : value));
    }
    this.put(CLOSE);
  }
}

/** The values without repeats, in order (by SameValueZero, as Set and `===` on these agree). */
function distinct<T>(values: readonly T[]): T[] {
  if (values.length > LONGEST_CHAIN) return [...new Set(values)];
  const kept: T[] = [];
  for (const value of values) if (!kept.includes(value)) kept.push(value);
  return kept;
}

/**
 * The closures' test of a predicate, built on its first call: the generated code calls it only
 * for a value of a type it does not test inline, which most filters never meet.
 */
function lazyTest(node: WherePredicate, tests: ValueTests): Test {
  let test: Test | undefined;
  return (value) => {
    test ??= testOf(node, tests)[0];
    return test(value);
  };
}

/** The answer for a record that is no object, whose fields are all null (grammar/language.md 2.4). */
function answerWithoutFields(node: WhereExpression): boolean {
  if (node.kind === "and") return node.operands.every(answerWithoutFields);
  if (node.kind === "or") return node.operands.some(answerWithoutFields);
  return operatorOf(node).onNull;
}

/** A predicate's program, which names its factory's source, and the constants to call it with. */
interface PredicateProgramOf {
  readonly program: string;
  readonly constants: readonly unknown[];
}

// Reading a field of null or undefined throws: the cheapest test that the record is one.
const PREDICATE_START = fragment("  try { return ");
const PREDICATE_END = template`; } catch (error) { if (r == null) return ${"answer"}; throw error; }
};`;

/**
 * The program of the factory's predicate, which answers a record that is no object as one with
 * every field null: null and undefined by the error of reading them, primitives and arrays by
 * the own-property check, which refuses them.
 */
export function programOf(node: WhereExpression, tests: ValueTests): PredicateProgramOf {
  const generator = new PredicateProgram(tests);
  // The first three constants, which the source names.
  generator.constant(Object.hasOwn);
  generator.constant(Array.isArray);
  generator.constant(Object.prototype);
  // Two places for the counts, which lead for sourceOf() to declare them: known at the end.
  generator.put(0);
  generator.put(0);
  generator.put(PREDICATE_START);
  generator.expression(node);
  generator.fill(PREDICATE_END, generator.constant(answerWithoutFields(node)));
  const { constants, temporaries, out } = generator;
  const counts: number[] = [];
  encode(constantReference(constants.length), counts);
  encode(temporaryReference(temporaries), counts);
  out.splice(0, 2, ...counts);
  return { program: textOf(out), constants };
}

/** The factory's source for a program: the constants unpacked once, then the predicate. */
export function sourceOf(program: string): string {
  const [constants, afterConstants] = decode(program, 0);
  const [temporaries, body] = decode(program, afterConstants);
  const unpacked = Array.from({ length: constants >>> 1 }, (_, i) => `c${i} = c[${i}]`);
  const declared = [...Array.from({ length: temporaries >>> 1 }, (_, i) => `t${i}`), "q"];
  return [
    '"use strict";',
    `const ${unpacked.join(", ")};`,
    "const hasOwn = c0, isArray = c1, objectPrototype = c2;",
    "return function qaqlPredicate(r) {",
    `  let ${declared.join(", ")};`,
    render(program, body),
  ].join("\n");
}

/** The source and constants of a predicate's generated function, for tests to read. */
export interface GeneratedSource {
  readonly source: string;
  readonly constants: readonly unknown[];
}

/** The generated source of a predicate, without compiling it. */
export function predicateSource(node: WhereExpression, tests: ValueTests): GeneratedSource {
  const { program, constants } = programOf(node, tests);
  return { source: sourceOf(program), constants };
}
