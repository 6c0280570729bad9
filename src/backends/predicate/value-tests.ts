import type { ComparisonNode, ComparisonOperator, InNode, PatternNode } from "../../ast/where.ts";
import { readBoolean, readDate, readNumber } from "../../schema/literals.ts";
import { type ScalarTypeName, type Schema, scalarTypeAt } from "../../schema/schema.ts";
import { type Calendar, type DayBounds, dayBounds, relateToDay } from "./calendar.ts";
import { compareCodePoints } from "./code-points.ts";

/** A test of a field's value, null and missing excluded. */
export type Test = (value: unknown) => boolean;
/** Where a value stands against a literal: <0, 0, >0, or NaN when they do not compare. */
type Relate = (value: unknown) => number;

function byOperator(operator: ComparisonOperator, relate: Relate): Test {
  // NaN fails every test here, `!=` included: an ill-typed value matches nothing (2.4).
  switch (operator) {
    case "=":
      return (v) => relate(v) === 0;
    case "!=":
      return (v) => {
        const c = relate(v);
        return c < 0 || c > 0;
      };
    case "<":
      return (v) => relate(v) < 0;
    case "<=":
      return (v) => relate(v) <= 0;
    case ">":
      return (v) => relate(v) > 0;
    case ">=":
      return (v) => relate(v) >= 0;
  }
}

function numberTest(operator: ComparisonOperator, n: number): Test {
  switch (operator) {
    case "=":
      return (v) => v === n;
    case "!=":
      return (v) => typeof v === "number" && !Number.isNaN(v) && v !== n;
    case "<":
      return (v) => typeof v === "number" && v < n;
    case "<=":
      return (v) => typeof v === "number" && v <= n;
    case ">":
      return (v) => typeof v === "number" && v > n;
    case ">=":
      return (v) => typeof v === "number" && v >= n;
  }
}

const isOrdering = (operator: ComparisonOperator): boolean => operator !== "=" && operator !== "!=";

/**
 * The tests of single values against a filter's literals, typed by the schema or, without one,
 * by each value (grammar/language.md 2.3–2.5): what both the closures and the generated code of
 * a predicate call.
 */
export class ValueTests {
  private readonly schema: Schema | undefined;
  private readonly calendar: Calendar;

  constructor(schema: Schema | undefined, calendar: Calendar) {
    this.schema = schema;
    this.calendar = calendar;
  }

  /** The type of a validated path, or undefined without a schema; `any` is typed as without one. */
  scalarType(segments: readonly string[]): ScalarTypeName | undefined {
    return this.schema ? scalarTypeAt(this.schema, segments) : undefined;
  }

  private bounds(text: string): DayBounds | undefined {
    const day = readDate(text);
    return day === undefined ? undefined : dayBounds(this.calendar, day);
  }

  comparison(node: ComparisonNode): Test {
    const { operator } = node;
    const text =
      operator === "=" || operator === "!=" ? internalized(node.value.text) : node.value.text;
    switch (this.scalarType(node.path.segments)) {
      case "string":
        if (operator === "=") return (v) => v === text;
        if (operator === "!=") return (v) => typeof v === "string" && v !== text;
        return byOperator(operator, (v) =>
          typeof v === "string" ? compareCodePoints(v, text) : Number.NaN,
        );
      case "integer":
      case "number":
        return numberTest(operator, readNumber(text) as number);
      case "boolean": {
        const b = readBoolean(text) as boolean;
        return operator === "=" ? (v) => v === b : (v) => typeof v === "boolean" && v !== b;
      }
      case "date": {
        const bounds = this.bounds(text) as DayBounds;
        return byOperator(operator, (v) => relateToDay(v, bounds));
      }
      case "any":
      case undefined: {
        const test = byOperator(operator, this.relateByValue(text, isOrdering(operator)));
        // The common case first: a string value equals the text exactly when it is the text.
        return operator === "=" ? (v) => v === text || (typeof v !== "string" && test(v)) : test;
      }
    }
  }

  // Without a schema, or on an `any` field, the value found in each record gives the type (2.3).
  private relateByValue(text: string, ordering: boolean): Relate {
    const n = readNumber(text);
    const b = ordering ? undefined : readBoolean(text);
    const bounds = this.bounds(text);
    return (v) => {
      if (typeof v === "string") return compareCodePoints(v, text);
      if (typeof v === "number") {
        if (n !== undefined) return v - n;
        return bounds ? relateToDay(v, bounds) : Number.NaN;
      }
      if (typeof v === "boolean") return b === undefined ? Number.NaN : v === b ? 0 : 1;
      if (v instanceof Date && bounds) return relateToDay(v, bounds);
      return Number.NaN;
    };
  }

  // IN is a disjunction of `=`, NOT IN a conjunction of `!=` (2.4): a value of a type that some
  // listed text does not fit makes NOT IN false, as that `!=` is (decided here).
  inList(node: InNode): Test {
    const texts = node.values.map((v) => v.text);
    const strings = new Set(texts);
    const numbers = new Set(texts.map(readNumber).filter((n) => n !== undefined));
    const booleans = new Set(texts.map(readBoolean).filter((b) => b !== undefined));
    const days = texts.flatMap((t) => this.bounds(t) ?? []);
    const onListedDay = (v: unknown) => days.some((d) => relateToDay(v, d) === 0);
    const isDate = (v: unknown) =>
      days.length > 0 && !Number.isNaN(relateToDay(v, days[0] as DayBounds));
    let fits: Test;
    let listed: Test;
    switch (this.scalarType(node.path.segments)) {
      case "string":
        fits = (v) => typeof v === "string";
        listed = (v) => strings.has(v as string);
        break;
      case "integer":
      case "number":
        fits = (v) => typeof v === "number" && !Number.isNaN(v);
        listed = (v) => numbers.has(v as number);
        break;
      case "boolean":
        fits = (v) => typeof v === "boolean";
        listed = (v) => booleans.has(v as boolean);
        break;
      case "date":
        fits = isDate;
        listed = onListedDay;
        break;
      case "any":
      case undefined: {
        const allNumbers = texts.every(
          (t) => readNumber(t) !== undefined || readDate(t) !== undefined,
        );
        const allBooleans = texts.every((t) => readBoolean(t) !== undefined);
        const allDays = days.length === texts.length;
        fits = (v) => {
          if (typeof v === "string") return true;
          if (typeof v === "number") return allNumbers && !Number.isNaN(v);
          if (typeof v === "boolean") return allBooleans;
          return v instanceof Date && allDays && !Number.isNaN(v.getTime());
        };
        listed = (v) => {
          if (typeof v === "string") return strings.has(v);
          if (typeof v === "number") return numbers.has(v) || onListedDay(v);
          if (typeof v === "boolean") return booleans.has(v);
          return v instanceof Date && onListedDay(v);
        };
        break;
      }
    }
    return node.negated ? (v) => fits(v) && !listed(v) : listed;
  }

  pattern(node: PatternNode): Test {
    const text = node.value.text;
    switch (node.mode) {
      case "contains":
        return (v) => typeof v === "string" && v.includes(text);
      case "startsWith":
        return (v) => typeof v === "string" && v.startsWith(text);
      case "endsWith":
        return (v) => typeof v === "string" && v.endsWith(text);
    }
  }
}

/** The longest text internalized: a longer one is rare, and its length tells most values from it. */
const LONGEST_INTERNALIZED = 64;
/** How many internalized texts are kept for the next compile, before all are forgotten. */
const MOST_INTERNALIZED = 1024;
const internalizedTexts = new Map<string, string>();

/**
 * The engine's one copy of a string, which `===` tells from another by address: a text of the
 * filter is a new string, and comparing it with a record's value would compare their characters
 * (measured: a fifth of a pass of `type.id=FOLDER`). A property name is always that copy; the
 * copies are kept, as making one costs a tenth of a compile.
 */
export function internalized(text: string): string {
  if (text.length > LONGEST_INTERNALIZED) return text;
  let copy = internalizedTexts.get(text);
  if (copy === undefined) {
    copy = Object.keys({ [text]: 0 })[0] ?? text;
    if (internalizedTexts.size >= MOST_INTERNALIZED) internalizedTexts.clear();
    internalizedTexts.set(text, copy);
  }
  return copy;
}
