import {
  type ComparisonNode,
  type ComparisonOperator,
  type InNode,
  type PatternNode,
  predicatesOf,
  type WhereExpression,
  type WherePredicate,
} from "../../ast/where.ts";
import { type PredicateCases, predicateCase } from "../../ast/where-cases.ts";
import { type Filter, runPartsOf } from "../../ast/zoned-filter.ts";
import { readBoolean, readDate, readNumber } from "../../schema/literals.ts";
import {
  type FieldType,
  resolvePath,
  type ScalarTypeName,
  type Schema,
  scalarTypeAt,
} from "../../schema/schema.ts";
import { type Calendar, calendarOf, type DayBounds, dayBounds } from "../predicate/calendar.ts";
import type { DateStorage, Dialect, JsonAccess } from "./dialect.ts";

/** Where a field lives: a column name, and for a date how it is stored. */
export interface ColumnSpec {
  readonly column: string;
  readonly dateStorage?: DateStorage;
}

/** Options of the SQL compiler. */
export interface SqlOptions {
  readonly dialect: Dialect;
  readonly schema: Schema;
  /** Field path (`type.id`) to column; a field with no entry is its segments joined by `_`. */
  readonly columns?: Readonly<Record<string, string | ColumnSpec>> | undefined;
  /** The IANA zone in which dates are calendar days (2.5); UTC unless set. */
  readonly timeZone?: string | undefined;
  /** Read every field from this JSON column instead of from columns. */
  readonly json?: string | undefined;
  /** Writes the placeholder of the n-th parameter, from 1, instead of the dialect's own hook. */
  readonly placeholder?: ((index: number) => string) | undefined;
}

/** A scalar field as SQL: its value, and for a date how it compares. */
interface Operand {
  /** The value as its schema type; NULL when absent, and in JSON mode when of another type. */
  readonly value: string;
  /** A calendar day, as a DATE or as `yyyy-MM-dd` text. */
  readonly day?: { readonly expr: string; readonly as: "date" | "text" } | undefined;
  /** An instant, as epoch milliseconds or as a TIMESTAMPTZ-like value. */
  readonly instant?:
    | { readonly expr: string; readonly as: "epochMillis" | "timestamp" }
    | undefined;
}

/** The types SQL compares by: every scalar type but `any`, whose values are of several kinds. */
type SqlType = Exclude<ScalarTypeName, "any">;

/** A predicate SQL cannot compile, as it reaches an `any` field: its path, and that field's. */
export interface UntypedPredicate {
  readonly path: string;
  readonly field: string;
}

/** Where a path meets an `any` field: the number of segments up to it, or 0 when it does not. */
function anyFieldDepth(schema: Schema, segments: readonly string[]): number {
  let fields: Readonly<Record<string, FieldType>> | null = schema.fields;
  for (let i = 0; i < segments.length && fields; i++) {
    const name = segments[i] as string;
    const type: FieldType | undefined = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (type?.kind === "any") return i + 1;
    fields = type?.kind === "object" ? type.fields : null;
  }
  return 0;
}

/**
 * The first predicate of a filter that reaches an `any` field, which SQL cannot compile: a column
 * compares by its declared type, and an `any` field has none (grammar/language.md 9.1). `IS NULL`
 * and `IS NOT NULL` on the `any` field itself only test presence, as on an object, and compile.
 */
export function findUntypedPredicate(
  ast: WhereExpression,
  schema: Schema,
): UntypedPredicate | undefined {
  for (const node of predicatesOf(ast)) {
    const { segments } = node.path;
    const depth = anyFieldDepth(schema, segments);
    if (depth === 0 || (node.kind === "isNull" && depth === segments.length)) continue;
    return { path: segments.join("."), field: segments.slice(0, depth).join(".") };
  }
  return undefined;
}

/** A condition for a WHERE clause and the values its placeholders stand for. */
export interface SqlQuery {
  readonly sql: string;
  readonly params: unknown[];
}

// Instants against a day's bounds [start, end): the same answers as relateToDay in memory.
const RANGE: Record<ComparisonOperator, (c: string, start: string, end: string) => string> = {
  "=": (c, s, e) => `(${c} >= ${s} AND ${c} < ${e})`,
  "!=": (c, s, e) => `(${c} < ${s} OR ${c} >= ${e})`,
  "<": (c, s) => `${c} < ${s}`,
  "<=": (c, _s, e) => `${c} < ${e}`,
  ">": (c, _s, e) => `${c} >= ${e}`,
  ">=": (c, s) => `${c} >= ${s}`,
};

const NUL = "\u0000";

/** A condition that no row meets, in SQL that every engine reads. */
const NEVER = "1 = 0";

class SqlCompiler {
  readonly params: unknown[] = [];
  private readonly options: SqlOptions;
  private readonly dialect: Dialect;
  /** The zone dates are read in: the options', or for a while a zoned part's. */
  private calendar: Calendar;
  private readonly placeholder: (index: number) => string;

  constructor(options: SqlOptions) {
    this.options = options;
    this.dialect = options.dialect;
    this.calendar = calendarOf(options.timeZone);
    this.placeholder = options.placeholder ?? ((index) => this.dialect.placeholder(index));
  }

  readonly bind = (value: unknown): string => {
    this.params.push(value);
    return this.placeholder(this.params.length);
  };

  /** Compiles a filter that reads its dates in `timeZone`, then goes back to the options' zone. */
  compileInZone(node: WhereExpression, timeZone: string | undefined): string {
    const kept = this.calendar;
    this.calendar = calendarOf(timeZone);
    try {
      return this.compile(node);
    } finally {
      this.calendar = kept;
    }
  }

  compile(node: WhereExpression): string {
    switch (node.kind) {
      case "and":
        return `(${node.operands.map((o) => this.compile(o)).join(" AND ")})`;
      case "or":
        return `(${node.operands.map((o) => this.compile(o)).join(" OR ")})`;
      default:
        return this.predicate(node);
    }
  }

  /** Where a field lives in column mode: its `columns` entry, or its segments joined by `_`. */
  private columnSpec(segments: readonly string[]): ColumnSpec {
    const path = segments.join(".");
    const entry =
      this.options.columns && Object.hasOwn(this.options.columns, path)
        ? this.options.columns[path]
        : undefined;
    return typeof entry === "string"
      ? { column: entry }
      : (entry ?? { column: segments.join("_") });
  }

  /**
   * `IS NULL` of any field, objects and arrays included (grammar/language.md 2.4): in JSON mode the
   * value absent or JSON null; in column mode the column NULL, an object or array field's
   * column holding its value in any form (JSON, text) and NULL when it is null or absent.
   */
  private nullTest(segments: readonly string[], negated: boolean): string {
    if (!resolvePath(this.options.schema, segments).ok) {
      throw new TypeError(
        `"${segments.join(".")}" is not a field of the schema: validate the filter first`,
      );
    }
    const { json } = this.options;
    if (json === undefined) {
      const column = this.dialect.quoteIdentifier(this.columnSpec(segments).column);
      return negated ? `${column} IS NOT NULL` : `${column} IS NULL`;
    }
    const isNull = this.jsonAccess().isNull(this.dialect.quoteIdentifier(json), segments);
    return negated ? `NOT ${isNull}` : isNull;
  }

  private jsonAccess(): JsonAccess {
    const access = this.dialect.json;
    if (!access)
      throw new TypeError(`the ${this.dialect.name} dialect cannot read fields from a JSON column`);
    return access;
  }

  private field(segments: readonly string[]): { operand: Operand; type: SqlType } {
    const type = scalarTypeAt(this.options.schema, segments);
    if (type === "any") {
      throw new TypeError(
        `"${segments.join(".")}" reaches a field of type any, which SQL cannot compare: check the filter with findUntypedPredicate first`,
      );
    }
    const { json } = this.options;
    if (json !== undefined) return { operand: this.jsonOperand(json, segments, type), type };
    const spec = this.columnSpec(segments);
    const column = this.dialect.quoteIdentifier(spec.column);
    return { type, operand: this.storedOperand(column, spec.dateStorage ?? "date") };
  }

  /** A column as an operand: for a date, the day or instant its storage holds, as compared. */
  private storedOperand(column: string, storage: DateStorage): Operand {
    const { dayText, instantMillis } = this.dialect;
    switch (storage) {
      case "date":
        return dayText
          ? { value: column, day: { expr: dayText(column), as: "text" } }
          : { value: column, day: { expr: column, as: "date" } };
      case "text":
        return { value: column, day: { expr: column, as: "text" } };
      case "timestamp":
        return instantMillis
          ? { value: column, instant: { expr: instantMillis(column), as: "epochMillis" } }
          : { value: column, instant: { expr: column, as: "timestamp" } };
      case "epochMillis":
        return { value: column, instant: { expr: column, as: "epochMillis" } };
    }
  }

  private jsonOperand(json: string, segments: readonly string[], type: SqlType): Operand {
    const access = this.jsonAccess();
    const doc = this.dialect.quoteIdentifier(json);
    const jsonType = type === "integer" ? "number" : type;
    return {
      value: jsonType === "date" ? "" : access.value(doc, segments, jsonType),
      day: type === "date" ? { expr: access.day(doc, segments), as: "text" } : undefined,
      instant:
        type === "date" ? { expr: access.instant(doc, segments), as: "epochMillis" } : undefined,
    };
  }

  /**
   * Where a text's first U+0000 is, when the engine's texts hold none (grammar/language.md 9.3),
   * so that the text is never bound; -1 when it holds none or the engine's texts can.
   */
  private nulIn(text: string): number {
    return this.dialect.textHoldsNul === false ? text.indexOf(NUL) : -1;
  }

  /** Each operator's condition. */
  private static readonly PREDICATES: PredicateCases<string, SqlCompiler> = {
    "=": (node, c) => c.compared(node),
    "!=": (node, c) => c.compared(node),
    ">": (node, c) => c.compared(node),
    ">=": (node, c) => c.compared(node),
    "<": (node, c) => c.compared(node),
    "<=": (node, c) => c.compared(node),
    "~": (node, c) => c.pattern(node),
    IN: (node, c) => c.inList(node, false),
    "NOT IN": (node, c) => c.inList(node, true),
    "IS NULL": (node, c) => c.nullTest(node.path.segments, false),
    "IS NOT NULL": (node, c) => c.nullTest(node.path.segments, true),
  };

  private predicate(node: WherePredicate): string {
    return predicateCase(SqlCompiler.PREDICATES, node, this);
  }

  private compared(node: ComparisonNode): string {
    const { operand, type } = this.field(node.path.segments);
    return this.comparison(operand, type, node.operator, node.value.text);
  }

  private pattern(node: PatternNode): string {
    const { operand } = this.field(node.path.segments);
    const d = this.dialect;
    // No stored text holds U+0000, so none contains, starts or ends with a text that does.
    if (this.nulIn(node.value.text) !== -1) return NEVER;
    return d.match(operand.value, node.mode, () => d.text(this.bind(node.value.text)));
  }

  private inList(node: InNode, negated: boolean): string {
    const { operand, type } = this.field(node.path.segments);
    const d = this.dialect;
    const texts = node.values.map((v) => v.text);
    let condition: string;
    if (type === "string") {
      // A text holding U+0000 where none is stored: its `=` is false, its `!=` true of a text.
      const bindable = texts.filter((text) => this.nulIn(text) === -1);
      if (bindable.length === 0) return negated ? `${operand.value} IS NOT NULL` : NEVER;
      condition = d.inTexts(operand.value, bindable, this.bind);
    } else if (type === "integer" || type === "number") {
      condition = d.inNumbers(
        operand.value,
        texts.map((t) => readNumber(t) as number),
        this.bind,
      );
    } else {
      condition = texts.map((t) => this.comparison(operand, type, "=", t)).join(" OR ");
    }
    return negated ? `NOT (${condition})` : `(${condition})`;
  }

  private comparison(
    operand: Operand,
    type: SqlType,
    operator: ComparisonOperator,
    text: string,
  ): string {
    const d = this.dialect;
    const sqlOperator = operator === "!=" ? "<>" : operator;
    const value = operand.value;
    switch (type) {
      case "string": {
        const nul = this.nulIn(text);
        if (nul !== -1) return this.comparisonPastNul(value, operator, text.slice(0, nul));
        return d.compareText(value, sqlOperator, d.text(this.bind(text)));
      }
      case "integer":
      case "number":
        return `${value} ${sqlOperator} ${d.number(this.bind(readNumber(text)))}`;
      case "boolean": {
        const placeholder = this.bind(d.booleanValue(readBoolean(text) as boolean));
        return `${value} ${sqlOperator} ${d.boolean ? d.boolean(placeholder) : placeholder}`;
      }
      case "date": {
        const parts: string[] = [];
        const { day, instant } = operand;
        if (day) {
          parts.push(
            day.as === "date"
              ? `${day.expr} ${sqlOperator} ${d.day(this.bind(text))}`
              : d.compareText(day.expr, sqlOperator, d.text(this.bind(text))),
          );
        }
        if (instant) {
          const bounds: DayBounds = dayBounds(this.calendar, readDate(text) as number);
          const bindInstant =
            instant.as === "epochMillis"
              ? (ms: number) => d.number(this.bind(ms))
              : (ms: number) => d.timestamp(this.bind(d.timestampValue(ms)));
          // Bind each bound once, and only the bounds the comparison uses.
          const start = operator === "<=" || operator === ">" ? "" : bindInstant(bounds.start);
          const end = operator === "<" || operator === ">=" ? "" : bindInstant(bounds.end);
          parts.push(RANGE[operator](instant.expr, start, end));
        }
        if (parts.length === 1 || !day) return parts[0] as string;
        // A value is a day or an instant, never both; the choice never makes NULL of TRUE or
        // FALSE, so NOT (for NOT IN) stays right. Its test is never NULL, so AND and OR choose
        // alike where no condition is a value.
        if (d.booleanValues === false) {
          return `((${day.expr} IS NOT NULL AND ${parts[0]}) OR (${day.expr} IS NULL AND ${parts[1]}))`;
        }
        return `(CASE WHEN ${day.expr} IS NOT NULL THEN ${parts[0]} ELSE ${parts[1]} END)`;
      }
    }
  }

  /**
   * A string compared with p + U+0000 + …, where no stored text holds U+0000 (grammar/language.md
   * 9.3): no text equals it, so `=` is false and `!=` true of every text; and as U+0000 is the
   * least code point, a text orders before it exactly when it is at most p, after it when above p.
   */
  private comparisonPastNul(value: string, operator: ComparisonOperator, prefix: string): string {
    const d = this.dialect;
    switch (operator) {
      case "=":
        return NEVER;
      case "!=":
        return `${value} IS NOT NULL`;
      case "<":
      case "<=":
        return d.compareText(value, "<=", d.text(this.bind(prefix)));
      case ">":
      case ">=":
        return d.compareText(value, ">", d.text(this.bind(prefix)));
    }
  }
}

/**
 * Compiles a validated `where` filter into a parameterised condition for a dialect (grammar/language.md
 * 2.3–2.5 in SQL): values only in `params`, identifiers always quoted. A zoned filter's parts are
 * AND-ed in order, each a whole operand reading its dates in its own zone, its values bound in turn.
 */
export function compileSql(filter: Filter, options: SqlOptions): SqlQuery {
  const compiler = new SqlCompiler(options);
  const parts = runPartsOf(filter, options.timeZone).map((part) =>
    compiler.compileInZone(part.where, part.timeZone),
  );
  const sql = parts.length === 1 ? (parts[0] as string) : `(${parts.join(" AND ")})`;
  return { sql, params: compiler.params };
}
