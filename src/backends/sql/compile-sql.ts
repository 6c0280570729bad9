import type { ComparisonOperator, WhereExpression, WherePredicate } from "../../ast/where.ts";
import { readBoolean, readDate, readNumber } from "../../schema/literals.ts";
import { resolvePath, type ScalarTypeName, type Schema } from "../../schema/schema.ts";
import { type Calendar, calendarOf, type DayBounds, dayBounds } from "../predicate/calendar.ts";
import type { DateStorage, Dialect } from "./dialect.ts";

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

class SqlCompiler {
  readonly params: unknown[] = [];
  private readonly options: SqlOptions;
  private readonly dialect: Dialect;
  private readonly calendar: Calendar;

  constructor(options: SqlOptions) {
    this.options = options;
    this.dialect = options.dialect;
    this.calendar = calendarOf(options.timeZone);
  }

  readonly bind = (value: unknown): string => {
    this.params.push(value);
    return this.dialect.placeholder(this.params.length);
  };

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

  private field(segments: readonly string[]): {
    column: string;
    type: ScalarTypeName;
    storage: DateStorage;
  } {
    const resolved = resolvePath(this.options.schema, segments);
    if (!resolved.ok || resolved.type.kind === "object" || resolved.type.kind === "array") {
      throw new TypeError(
        `"${segments.join(".")}" is not a scalar field of the schema: validate the filter first`,
      );
    }
    const path = segments.join(".");
    const entry =
      this.options.columns && Object.hasOwn(this.options.columns, path)
        ? this.options.columns[path]
        : undefined;
    const spec: ColumnSpec =
      typeof entry === "string" ? { column: entry } : (entry ?? { column: segments.join("_") });
    return {
      column: this.dialect.quoteIdentifier(spec.column),
      type: resolved.type.kind,
      storage: spec.dateStorage ?? "date",
    };
  }

  private predicate(node: WherePredicate): string {
    const { column, type, storage } = this.field(node.path.segments);
    const d = this.dialect;
    switch (node.kind) {
      case "isNull":
        return `${column} IS ${node.negated ? "NOT NULL" : "NULL"}`;
      case "pattern":
        return d.match(column, node.mode, () => d.text(this.bind(node.value.text)));
      case "comparison":
        return this.comparison(column, type, storage, node.operator, node.value.text);
      case "in": {
        const texts = node.values.map((v) => v.text);
        let condition: string;
        if (type === "string") condition = d.inTexts(column, texts, this.bind);
        else if (type === "integer" || type === "number") {
          condition = d.inNumbers(
            column,
            texts.map((t) => readNumber(t) as number),
            this.bind,
          );
        } else {
          condition = texts.map((t) => this.comparison(column, type, storage, "=", t)).join(" OR ");
        }
        return node.negated ? `NOT (${condition})` : `(${condition})`;
      }
    }
  }

  private comparison(
    column: string,
    type: ScalarTypeName,
    storage: DateStorage,
    operator: ComparisonOperator,
    text: string,
  ): string {
    const d = this.dialect;
    const sqlOperator = operator === "!=" ? "<>" : operator;
    switch (type) {
      case "string":
        return d.compareText(column, sqlOperator, d.text(this.bind(text)));
      case "integer":
      case "number":
        return `${column} ${sqlOperator} ${d.number(this.bind(readNumber(text)))}`;
      case "boolean":
        return `${column} ${sqlOperator} ${this.bind(d.booleanValue(readBoolean(text) as boolean))}`;
      case "date": {
        if (storage === "date") return `${column} ${sqlOperator} ${d.day(this.bind(text))}`;
        if (storage === "text") return d.compareText(column, sqlOperator, d.text(this.bind(text)));
        const bounds: DayBounds = dayBounds(this.calendar, readDate(text) as number);
        const instant =
          storage === "epochMillis"
            ? (ms: number) => d.number(this.bind(ms))
            : (ms: number) => d.timestamp(this.bind(d.timestampValue(ms)));
        // Bind each bound once, even when the comparison uses only one of them.
        const start = operator === "<=" || operator === ">" ? "" : instant(bounds.start);
        const end = operator === "<" || operator === ">=" ? "" : instant(bounds.end);
        return RANGE[operator](column, start, end);
      }
    }
  }
}

/**
 * Compiles a validated `where` AST into a parameterised condition for a dialect (LANGUAGE.md
 * 2.3–2.5 in SQL): values only in `params`, identifiers always quoted.
 */
export function compileSql(ast: WhereExpression, options: SqlOptions): SqlQuery {
  const compiler = new SqlCompiler(options);
  const sql = compiler.compile(ast);
  return { sql, params: compiler.params };
}
