import type {
  ComparisonNode,
  ComparisonOperator,
  InNode,
  PatternNode,
  WhereExpression,
  WherePredicate,
} from "../../ast/where.ts";
import { readBoolean, readNumber } from "../../schema/literals.ts";
import { testOf } from "./closure-predicate.ts";
import { compareCodePoints } from "./code-points.ts";
import type { ValueTests } from "./value-tests.ts";

/** The longest IN list tested by a chain of `===`; a longer one asks a Set. */
const LONGEST_CHAIN = 8;

// The only words of the tree that reach the source, each through a table of its own.
const PATTERN_METHODS: Readonly<Record<string, string>> = {
  contains: "includes",
  startsWith: "startsWith",
  endsWith: "endsWith",
};
const ORDERINGS: Readonly<Record<string, string>> = { "<": "<", "<=": "<=", ">": ">", ">=": ">=" };

/** The source text of a tree's word, from `table` only: a tree that was not checked cannot write code. */
function wordOf(table: Readonly<Record<string, string>>, word: string): string {
  if (!Object.hasOwn(table, word)) throw new TypeError(`not a word of a checked tree: ${word}`);
  return table[word] as string;
}

/**
 * The source of one predicate function over a record `r`. Every value of the filter (field
 * names included) is a constant `cN` of the factory around it, never text of the source; the
 * source holds only operators, names of its own and property accesses.
 */
class PredicateSource {
  readonly constants: unknown[] = [];
  private readonly named = new Map<unknown, string>();
  private temporaries = 0;
  private readonly tests: ValueTests;

  constructor(tests: ValueTests) {
    this.tests = tests;
  }

  /** The name of the factory's constant holding `value`, one per distinct value. */
  constant(value: unknown): string {
    let name = this.named.get(value);
    if (name === undefined) {
      name = `c${this.constants.length}`;
      this.constants.push(value);
      this.named.set(value, name);
    }
    return name;
  }

  get temporaryNames(): string[] {
    return Array.from({ length: this.temporaries }, (_, i) => `t${i}`);
  }

  private temporary(): string {
    return `t${this.temporaries++}`;
  }

  expression(node: WhereExpression): string {
    switch (node.kind) {
      case "and":
        return `(${this.operands(node.operands, "&&").join(" && ")})`;
      case "or":
        return `(${this.operands(node.operands, "||").join(" || ")})`;
      case "isNull":
        return this.nullCheck(node.path.segments, node.negated);
      default:
        return this.read(node.path.segments, (v) => [this.test(node, v)], "&&");
    }
  }

  // Tests of one path side by side (`name~*.java OR name~*.ts`) read it once: `a && b` is
  // `read && (ta && tb)` and `a || b` is `read && (ta || tb)`, as neither matches without a value.
  private operands(operands: readonly WhereExpression[], join: "&&" | "||"): string[] {
    const byPath = new Map<string, Exclude<WherePredicate, { kind: "isNull" }>[]>();
    for (const operand of operands) {
      if (operand.kind === "and" || operand.kind === "or" || operand.kind === "isNull") continue;
      const key = JSON.stringify(operand.path.segments);
      const group = byPath.get(key);
      if (group) group.push(operand);
      else byPath.set(key, [operand]);
    }
    const written = new Set<string>();
    const out: string[] = [];
    for (const operand of operands) {
      if (operand.kind === "and" || operand.kind === "or" || operand.kind === "isNull") {
        out.push(this.expression(operand));
        continue;
      }
      const key = JSON.stringify(operand.path.segments);
      if (written.has(key)) continue;
      written.add(key);
      const group = byPath.get(key) ?? [];
      out.push(
        this.read(operand.path.segments, (v) => group.map((leaf) => this.test(leaf, v)), join),
      );
    }
    return out;
  }

  /**
   * The closures' rule (closure-predicate.ts atPath) for tests of a present value: each step is a
   * record that is no array, and a value counts only when every step to it is an own property,
   * checked after the tests, where it can only turn a match into none.
   */
  private read(
    segments: readonly string[],
    testsOf: (value: string) => string[],
    join: "&&" | "||",
  ): string {
    const { steps, owned, value } = this.steps(segments);
    const tested = testsOf(value);
    const either = tested.length > 1 ? `(${tested.join(` ${join} `)})` : (tested[0] as string);
    return `(${[...steps, either, ...owned].join(" && ")})`;
  }

  private nullCheck(segments: readonly string[], negated: boolean): string {
    const { steps, owned } = this.steps(segments);
    const present = `(${[...steps, ...owned].join(" && ")})`;
    return negated ? present : `!${present}`;
  }

  private steps(segments: readonly string[]): { steps: string[]; owned: string[]; value: string } {
    const steps: string[] = [];
    const owned: string[] = [];
    let holder = "r";
    for (const [index, segment] of segments.entries()) {
      const key = this.constant(segment);
      const value = this.temporary();
      // closure-predicate.ts owns(), inline; the closures' holders are never arrays or primitives.
      const prototype =
        holder === "r" ? "(q === undefined ? (q = r.__proto__) : q)" : `${holder}.__proto__`;
      owned.push(
        `(${prototype} === objectPrototype ? objectPrototype[${key}] === undefined || hasOwn(${holder}, ${key}) : ${holder === "r" ? 'typeof r === "object" && ' : ""}!isArray(${holder}) && hasOwn(${holder}, ${key}))`,
      );
      steps.push(
        index < segments.length - 1
          ? `typeof (${value} = ${holder}[${key}]) === "object" && ${value} !== null`
          : `(${value} = ${holder}[${key}]) != null`,
      );
      holder = value;
    }
    return { steps, owned, value: holder };
  }

  /** The test of a present value `v` as an expression; a call of the closures' test otherwise. */
  private test(node: Exclude<WherePredicate, { kind: "isNull" }>, v: string): string {
    const inline =
      node.kind === "comparison"
        ? this.comparison(node, v)
        : node.kind === "pattern"
          ? this.pattern(node, v)
          : this.inList(node, v);
    return inline ?? this.fallback(node, v);
  }

  private fallback(node: WherePredicate, v: string): string {
    return `${this.constant(testOf(node, this.tests)[0])}(${v})`;
  }

  private comparison(node: ComparisonNode, v: string): string | undefined {
    const { operator } = node;
    const text = node.value.text;
    const s = () => this.constant(text);
    switch (this.tests.scalarType(node.path.segments)) {
      case "string":
        if (operator === "=") return `${v} === ${s()}`;
        if (operator === "!=") return `typeof ${v} === "string" && ${v} !== ${s()}`;
        return `typeof ${v} === "string" && ${this.constant(compareCodePoints)}(${v}, ${s()}) ${wordOf(ORDERINGS, operator)} 0`;
      case "integer":
      case "number":
        return numberComparison(operator, v, this.constant(readNumber(text)));
      case "boolean": {
        const b = this.constant(readBoolean(text));
        return operator === "=" ? `${v} === ${b}` : `typeof ${v} === "boolean" && ${v} !== ${b}`;
      }
      case "date":
        return undefined;
      case undefined: {
        // Without a schema the value's own type decides (2.3): strings and numbers inline.
        const other = this.fallback(node, v);
        if (operator === "=") return `(${v} === ${s()} || (typeof ${v} !== "string" && ${other}))`;
        if (operator === "!=") return `(typeof ${v} === "string" ? ${v} !== ${s()} : ${other})`;
        const n = readNumber(text);
        if (n === undefined) return other;
        return `(typeof ${v} === "number" ? ${v} ${wordOf(ORDERINGS, operator)} ${this.constant(n)} : ${other})`;
      }
    }
  }

  private pattern(node: PatternNode, v: string): string {
    const method = wordOf(PATTERN_METHODS, node.mode);
    return `typeof ${v} === "string" && ${v}.${method}(${this.constant(node.value.text)})`;
  }

  private inList(node: InNode, v: string): string | undefined {
    const texts = [...new Set(node.values.map((value) => value.text))];
    switch (this.tests.scalarType(node.path.segments)) {
      case "string":
        return node.negated
          ? `typeof ${v} === "string" && !${this.listed(texts, v)}`
          : this.listed(texts, v);
      case "integer":
      case "number": {
        const numbers = [...new Set(texts.map((text) => readNumber(text) as number))];
        return node.negated
          ? `typeof ${v} === "number" && ${v} === ${v} && !${this.listed(numbers, v)}`
          : this.listed(numbers, v);
      }
      case undefined: {
        const strings = this.listed(texts, v);
        const other = this.fallback(node, v);
        return `(typeof ${v} === "string" ? ${node.negated ? "!" : ""}${strings} : ${other})`;
      }
      default:
        return undefined;
    }
  }

  /** Whether `v` is one of `values`, by `===` (SameValueZero on these: no NaN is listed). */
  private listed(values: readonly unknown[], v: string): string {
    if (values.length > LONGEST_CHAIN) return `${this.constant(new Set(values))}.has(${v})`;
    return `(${values.map((value) => `${v} === ${this.constant(value)}`).join(" || ")})`;
  }
}

function numberComparison(operator: ComparisonOperator, v: string, n: string): string {
  switch (operator) {
    case "=":
      return `${v} === ${n}`;
    case "!=":
      return `typeof ${v} === "number" && ${v} === ${v} && ${v} !== ${n}`;
    default:
      return `typeof ${v} === "number" && ${v} ${wordOf(ORDERINGS, operator)} ${n}`;
  }
}

/** The source and constants of a predicate's generated function, for tests to read. */
export interface GeneratedSource {
  readonly source: string;
  readonly constants: readonly unknown[];
}

/** The answer for a record that is no object, whose fields are all null (grammar/language.md 2.4). */
function answerWithoutFields(node: WhereExpression): boolean {
  switch (node.kind) {
    case "and":
      return node.operands.every(answerWithoutFields);
    case "or":
      return node.operands.some(answerWithoutFields);
    case "isNull":
      return !node.negated;
    default:
      return false;
  }
}

/**
 * The factory's source: the constants unpacked once, then the predicate, which answers a
 * record that is no object as one with every field null: null and undefined by the error of
 * reading them, primitives and arrays by the own-property check, which refuses them.
 */
export function predicateSource(node: WhereExpression, tests: ValueTests): GeneratedSource {
  const generator = new PredicateSource(tests);
  const hasOwn = generator.constant(Object.hasOwn);
  const isArray = generator.constant(Array.isArray);
  const objectPrototype = generator.constant(Object.prototype);
  const body = generator.expression(node);
  const temporaries = [...generator.temporaryNames, "q"];
  const { constants } = generator;
  const source = [
    '"use strict";',
    `const ${constants.map((_, i) => `c${i} = c[${i}]`).join(", ")};`,
    `const hasOwn = ${hasOwn}, isArray = ${isArray}, objectPrototype = ${objectPrototype};`,
    "return function qaqlPredicate(r) {",
    `  let ${temporaries.join(", ")};`,
    // Reading a field of null or undefined throws: the cheapest test that the record is one.
    `  try { return ${body}; } catch (error) { if (r == null) return ${answerWithoutFields(node)}; throw error; }`,
    "};",
  ].join("\n");
  return { source, constants };
}

/**
 * The predicate as one generated function (`new Function`), which the engine optimizes as it
 * would a hand-written closure. Throws what the `Function` constructor throws where generating
 * code is forbidden (`EvalError`).
 */
export function generatePredicate(
  node: WhereExpression,
  tests: ValueTests,
): (record: unknown) => boolean {
  const { source, constants } = predicateSource(node, tests);
  const factory = new Function("c", source) as (c: readonly unknown[]) => (r: unknown) => boolean;
  return factory(constants);
}
