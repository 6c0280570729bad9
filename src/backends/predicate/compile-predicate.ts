import type {
  ComparisonNode,
  ComparisonOperator,
  InNode,
  PatternNode,
  WhereExpression,
  WherePredicate,
} from "../../ast/where.ts";
import { readBoolean, readDate, readNumber } from "../../schema/literals.ts";
import { resolvePath, type ScalarTypeName, type Schema } from "../../schema/schema.ts";
import { type Calendar, calendarOf, type DayBounds, dayBounds, relateToDay } from "./calendar.ts";
import { compareCodePoints } from "./strings.ts";

/** A compiled filter: true when the record matches. */
export type Predicate = (record: unknown) => boolean;

/** What a predicate is compiled against: the field types, if known, and the request's zone. */
export interface PredicateOptions {
  readonly schema?: Schema | undefined;
  readonly timeZone?: string | undefined;
}

type Getter = (record: unknown) => unknown;
/** Where a value stands against a literal: <0, 0, >0, or NaN when they do not compare. */
type Relate = (value: unknown) => number;

function isContainer(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// Own properties only, through objects only (2.4): arrays, strings and numbers reach null.
function compileGetter(segments: readonly string[]): Getter {
  if (segments.length === 1) {
    const key = segments[0] as string;
    return (record) => {
      if (!isContainer(record)) return undefined;
      const value = record[key];
      return value === undefined || !Object.hasOwn(record, key) ? undefined : value;
    };
  }
  return (record) => {
    let value: unknown = record;
    for (const key of segments) {
      if (!isContainer(value)) return undefined;
      const next: unknown = value[key];
      if (next === undefined || !Object.hasOwn(value, key)) return undefined;
      value = next;
    }
    return value;
  };
}

function withOperator(operator: ComparisonOperator, get: Getter, relate: Relate): Predicate {
  // NaN fails every test here, `!=` included: a null or ill-typed value matches nothing (2.4).
  switch (operator) {
    case "=":
      return (record) => relate(get(record)) === 0;
    case "!=":
      return (record) => {
        const c = relate(get(record));
        return c < 0 || c > 0;
      };
    case "<":
      return (record) => relate(get(record)) < 0;
    case "<=":
      return (record) => relate(get(record)) <= 0;
    case ">":
      return (record) => relate(get(record)) > 0;
    case ">=":
      return (record) => relate(get(record)) >= 0;
  }
}

const isOrdering = (operator: ComparisonOperator) => operator !== "=" && operator !== "!=";

/** The type of a validated path, or undefined without a schema. */
function scalarType(
  schema: Schema | undefined,
  segments: readonly string[],
): ScalarTypeName | undefined {
  if (!schema) return undefined;
  const resolved = resolvePath(schema, segments);
  if (!resolved.ok || resolved.type.kind === "object" || resolved.type.kind === "array") {
    throw new TypeError(
      `"${segments.join(".")}" is not a scalar field of the schema: validate the filter first`,
    );
  }
  return resolved.type.kind;
}

class PredicateCompiler {
  private readonly schema: Schema | undefined;
  private readonly calendar: Calendar;

  constructor(options: PredicateOptions) {
    this.schema = options.schema;
    this.calendar = calendarOf(options.timeZone);
  }

  compile(node: WhereExpression): Predicate {
    switch (node.kind) {
      case "and":
        return every(node.operands.map((o) => this.compile(o)));
      case "or":
        return some(node.operands.map((o) => this.compile(o)));
      default:
        return this.predicate(node);
    }
  }

  private predicate(node: WherePredicate): Predicate {
    const get = compileGetter(node.path.segments);
    switch (node.kind) {
      case "comparison":
        return this.comparison(node, get, scalarType(this.schema, node.path.segments));
      case "pattern":
        return pattern(node, get);
      case "in":
        return this.inList(node, get, scalarType(this.schema, node.path.segments));
      case "isNull":
        return node.negated ? (record) => get(record) != null : (record) => get(record) == null;
    }
  }

  private bounds(text: string): DayBounds | undefined {
    const day = readDate(text);
    return day === undefined ? undefined : dayBounds(this.calendar, day);
  }

  private comparison(
    node: ComparisonNode,
    get: Getter,
    type: ScalarTypeName | undefined,
  ): Predicate {
    const { operator } = node;
    const text = node.value.text;
    switch (type) {
      case "string":
        if (operator === "=") return (record) => get(record) === text;
        return withOperator(operator, get, (v) =>
          typeof v === "string" ? compareCodePoints(v, text) : Number.NaN,
        );
      case "integer":
      case "number": {
        const n = readNumber(text) as number;
        if (operator === "=") return (record) => get(record) === n;
        return withOperator(operator, get, (v) => (typeof v === "number" ? v - n : Number.NaN));
      }
      case "boolean": {
        const b = readBoolean(text) as boolean;
        return withOperator(operator, get, (v) =>
          typeof v === "boolean" ? (v === b ? 0 : 1) : Number.NaN,
        );
      }
      case "date": {
        const bounds = this.bounds(text) as DayBounds;
        return withOperator(operator, get, (v) => relateToDay(v, bounds));
      }
      case undefined:
        return withOperator(operator, get, this.relateByValue(text, isOrdering(operator)));
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
  private inList(node: InNode, get: Getter, type: ScalarTypeName | undefined): Predicate {
    const texts = node.values.map((v) => v.text);
    const numbers = new Set(texts.map(readNumber).filter((n) => n !== undefined));
    const booleans = new Set(texts.map(readBoolean).filter((b) => b !== undefined));
    const days = texts.flatMap((t) => this.bounds(t) ?? []);
    const strings = new Set(texts);
    const onDay = (v: unknown) => days.some((d) => relateToDay(v, d) === 0);
    // For each type, whether every listed text fits it, and whether a value of it is listed.
    let member: (v: unknown) => { fits: boolean; listed: boolean };
    switch (type) {
      case "string":
        member = (v) => ({ fits: typeof v === "string", listed: strings.has(v as string) });
        break;
      case "integer":
      case "number":
        member = (v) => ({ fits: typeof v === "number", listed: numbers.has(v as number) });
        break;
      case "boolean":
        member = (v) => ({ fits: typeof v === "boolean", listed: booleans.has(v as boolean) });
        break;
      case "date":
        member = (v) => {
          const fits = days.length > 0 && !Number.isNaN(relateToDay(v, days[0] as DayBounds));
          return { fits, listed: fits && onDay(v) };
        };
        break;
      case undefined: {
        const allNumbers = texts.every(
          (t) => readNumber(t) !== undefined || readDate(t) !== undefined,
        );
        const allBooleans = booleans.size > 0 && texts.every((t) => readBoolean(t) !== undefined);
        const allDays = days.length === texts.length;
        member = (v) => {
          if (typeof v === "string") return { fits: true, listed: strings.has(v) };
          if (typeof v === "number")
            return { fits: allNumbers, listed: numbers.has(v) || onDay(v) };
          if (typeof v === "boolean") return { fits: allBooleans, listed: booleans.has(v) };
          if (v instanceof Date)
            return { fits: allDays, listed: !Number.isNaN(v.getTime()) && onDay(v) };
          return { fits: false, listed: false };
        };
        break;
      }
    }
    if (type === "string" && !node.negated) return (record) => strings.has(get(record) as string);
    if (node.negated) {
      return (record) => {
        const v = get(record);
        if (v == null) return false;
        const { fits, listed } = member(v);
        return fits && !listed;
      };
    }
    return (record) => {
      const v = get(record);
      return v != null && member(v).listed;
    };
  }
}

function pattern(node: PatternNode, get: Getter): Predicate {
  const text = node.value.text;
  switch (node.mode) {
    case "contains":
      return (record) => {
        const v = get(record);
        return typeof v === "string" && v.includes(text);
      };
    case "startsWith":
      return (record) => {
        const v = get(record);
        return typeof v === "string" && v.startsWith(text);
      };
    case "endsWith":
      return (record) => {
        const v = get(record);
        return typeof v === "string" && v.endsWith(text);
      };
  }
}

function every(predicates: Predicate[]): Predicate {
  const [a, b, c] = predicates as [Predicate, Predicate, Predicate];
  if (predicates.length === 2) return (record) => a(record) && b(record);
  if (predicates.length === 3) return (record) => a(record) && b(record) && c(record);
  return (record) => {
    for (const p of predicates) if (!p(record)) return false;
    return true;
  };
}

function some(predicates: Predicate[]): Predicate {
  const [a, b, c] = predicates as [Predicate, Predicate, Predicate];
  if (predicates.length === 2) return (record) => a(record) || b(record);
  if (predicates.length === 3) return (record) => a(record) || b(record) || c(record);
  return (record) => {
    for (const p of predicates) if (p(record)) return true;
    return false;
  };
}

/**
 * Compiles a `where` AST into a predicate over records, all typing and preparation done once
 * (LANGUAGE.md 2.3–2.5). With a schema, the AST must have been validated against it.
 */
export function compilePredicate(ast: WhereExpression, options: PredicateOptions = {}): Predicate {
  return new PredicateCompiler(options).compile(ast);
}
