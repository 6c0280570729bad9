import type {
  ComparisonNode,
  ComparisonOperator,
  InNode,
  PatternNode,
  WhereExpression,
  WherePredicate,
} from "../../ast/where.ts";
import { readBoolean, readDate, readNumber } from "../../schema/literals.ts";
import { type ScalarTypeName, type Schema, scalarTypeAt } from "../../schema/schema.ts";
import { type Calendar, calendarOf, type DayBounds, dayBounds, relateToDay } from "./calendar.ts";
import { compareCodePoints } from "./code-points.ts";

/** A compiled filter: true when the record matches. */
export type Predicate = (record: unknown) => boolean;

/** What a predicate is compiled against: the field types, if known, and the request's zone. */
export interface PredicateOptions {
  readonly schema?: Schema | undefined;
  readonly timeZone?: string | undefined;
}

/** A test of a field's value, null and missing excluded. */
type Test = (value: unknown) => boolean;
/** Where a value stands against a literal: <0, 0, >0, or NaN when they do not compare. */
type Relate = (value: unknown) => number;
type Container = Record<string, unknown>;

function isContainer(value: unknown): value is Container {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// Reading a path costs one property load per segment; whether each property is the object's
// own (2.4) is checked only when it could change the answer, as the check costs more than the load.
function atPath(
  segments: readonly string[],
  test: Test,
  onNull: boolean,
): (record: Container) => boolean {
  if (segments.length === 1) {
    const key = segments[0] as string;
    return (record) => {
      const value = record[key];
      if (value === undefined || value === null) return onNull;
      const result = test(value);
      return result === onNull || Object.hasOwn(record, key) ? result : onNull;
    };
  }
  if (segments.length === 2) {
    const [outer, inner] = segments as [string, string];
    return (record) => {
      const container = record[outer];
      if (!isContainer(container)) return onNull;
      const value = container[inner];
      if (value === undefined || value === null) return onNull;
      const result = test(value);
      return result === onNull || (Object.hasOwn(record, outer) && Object.hasOwn(container, inner))
        ? result
        : onNull;
    };
  }
  const last = segments.length - 1;
  const leaf = segments[last] as string;
  return (record) => {
    let container = record;
    for (let i = 0; i < last; i++) {
      const next = container[segments[i] as string];
      if (!isContainer(next)) return onNull;
      container = next;
    }
    const value = container[leaf];
    if (value === undefined || value === null) return onNull;
    const result = test(value);
    if (result === onNull) return result;
    let owner: Container = record;
    for (const key of segments) {
      if (!Object.hasOwn(owner, key)) return onNull;
      owner = owner[key] as Container;
    }
    return result;
  };
}

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

const isOrdering = (operator: ComparisonOperator) => operator !== "=" && operator !== "!=";

/** The type of a validated path, or undefined without a schema. */
function scalarType(
  schema: Schema | undefined,
  segments: readonly string[],
): ScalarTypeName | undefined {
  return schema ? scalarTypeAt(schema, segments) : undefined;
}

type Compiled = (record: Container) => boolean;

class PredicateCompiler {
  private readonly schema: Schema | undefined;
  private readonly calendar: Calendar;

  constructor(options: PredicateOptions) {
    this.schema = options.schema;
    this.calendar = calendarOf(options.timeZone);
  }

  compile(node: WhereExpression): Compiled {
    switch (node.kind) {
      case "and":
        return every(node.operands.map((o) => this.compile(o)));
      case "or":
        return some(node.operands.map((o) => this.compile(o)));
      default:
        return this.predicate(node);
    }
  }

  private predicate(node: WherePredicate): Compiled {
    const { segments } = node.path;
    switch (node.kind) {
      case "comparison":
        return atPath(segments, this.comparison(node, scalarType(this.schema, segments)), false);
      case "pattern":
        return atPath(segments, pattern(node), false);
      case "in":
        return atPath(segments, this.inList(node, scalarType(this.schema, segments)), false);
      case "isNull":
        return node.negated
          ? atPath(segments, () => true, false)
          : atPath(segments, () => false, true);
    }
  }

  private bounds(text: string): DayBounds | undefined {
    const day = readDate(text);
    return day === undefined ? undefined : dayBounds(this.calendar, day);
  }

  private comparison(node: ComparisonNode, type: ScalarTypeName | undefined): Test {
    const { operator } = node;
    const text = node.value.text;
    switch (type) {
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
      case undefined: {
        const test = byOperator(operator, this.relateByValue(text, isOrdering(operator)));
        // The common case first: a string value equals the text exactly when it is the text.
        return operator === "=" ? (v) => v === text || (typeof v !== "string" && test(v)) : test;
      }
    }
  }

  // Without a schema the value found in each record gives the type (2.3).
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
  private inList(node: InNode, type: ScalarTypeName | undefined): Test {
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
    switch (type) {
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
}

function pattern(node: PatternNode): Test {
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

function every(predicates: Compiled[]): Compiled {
  const [a, b, c, d] = predicates as [Compiled, Compiled, Compiled, Compiled];
  switch (predicates.length) {
    case 2:
      return (record) => a(record) && b(record);
    case 3:
      return (record) => a(record) && b(record) && c(record);
    case 4:
      return (record) => a(record) && b(record) && c(record) && d(record);
    default:
      return (record) => {
        for (let i = 0; i < predicates.length; i++)
          if (!(predicates[i] as Compiled)(record)) return false;
        return true;
      };
  }
}

function some(predicates: Compiled[]): Compiled {
  const [a, b, c, d] = predicates as [Compiled, Compiled, Compiled, Compiled];
  switch (predicates.length) {
    case 2:
      return (record) => a(record) || b(record);
    case 3:
      return (record) => a(record) || b(record) || c(record);
    case 4:
      return (record) => a(record) || b(record) || c(record) || d(record);
    default:
      return (record) => {
        for (let i = 0; i < predicates.length; i++)
          if ((predicates[i] as Compiled)(record)) return true;
        return false;
      };
  }
}

/**
 * Compiles a `where` AST into a predicate over records, all typing and preparation done once
 * (grammar/language.md 2.3–2.5). With a schema, the AST must have been validated against it.
 */
export function compilePredicate(ast: WhereExpression, options: PredicateOptions = {}): Predicate {
  const compiled = new PredicateCompiler(options).compile(ast);
  // A record that is no object has only null fields: test it as an empty one.
  return (record) => compiled(isContainer(record) ? record : NO_FIELDS);
}

const NO_FIELDS: Container = Object.freeze(Object.create(null));
