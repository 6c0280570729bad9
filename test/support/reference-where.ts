import type {
  ComparisonOperator,
  LiteralNode,
  WhereExpression,
  WherePredicate,
} from "../../src/ast/where.ts";
import type { FieldType, Schema } from "../../src/schema/schema.ts";

// A deliberately plain reading of grammar/language.md 2.3–2.5, sharing no code with src/backends/predicate:
// it recomputes everything for every record, and finds calendar days with Intl each time.

type Kind = "string" | "integer" | "number" | "boolean" | "date";

function own(value: unknown, key: string): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : null;
}

function valueAt(record: unknown, segments: readonly string[]): unknown {
  let value = record;
  for (const key of segments) value = own(value, key);
  return value === undefined ? null : value;
}

/** The schema's kind at a path; `any` at and below an `any` field, whose values are read as they come. */
function schemaKind(schema: Schema, segments: readonly string[]): Kind | "any" {
  let type: FieldType = schema;
  for (const key of segments) {
    if (type.kind === "any") return "any";
    if (type.kind !== "object" || type.fields === null || !Object.hasOwn(type.fields, key)) {
      throw new Error(`reference: ${segments.join(".")} is not in the schema`);
    }
    type = type.fields[key] as FieldType;
  }
  if (type.kind === "object" || type.kind === "array") throw new Error("reference: not a scalar");
  return type.kind;
}

const isNumberText = (text: string) => /^-?[0-9]+(\.[0-9]+)?$/.test(text);

function isRealDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m || m[1] === "0000") return false;
  const date = new Date(0);
  date.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return (
    date.getUTCFullYear() === Number(m[1]) &&
    date.getUTCMonth() === Number(m[2]) - 1 &&
    date.getUTCDate() === Number(m[3])
  );
}

/** The `yyyy-MM-dd` on which an instant falls in a zone. */
function dayInZone(instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** The calendar day of a date value, or null when it is none (2.5). */
function dayOf(value: unknown, timeZone: string): string | null {
  let instant: number;
  if (typeof value === "string") {
    if (isRealDay(value)) return value;
    const m =
      /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?([Zz]|[+-]\d{2}:?\d{2})?$/.exec(
        value,
      );
    if (
      !m ||
      !isRealDay(m[1] as string) ||
      Number(m[2]) > 23 ||
      Number(m[3]) > 59 ||
      Number(m[4] ?? 0) > 59
    )
      return null;
    if (m[6] === undefined) return m[1] as string;
    // Offsets reach ±14:59 at most (decided in the grammar docs, as SQL engines read them).
    if (m[6].length > 1 && (Number(m[6].slice(1, 3)) > 14 || Number(m[6].slice(-2)) > 59))
      return null;
    const zone = /^[+-]\d{4}$/.test(m[6]) ? `${m[6].slice(0, 3)}:${m[6].slice(3)}` : m[6];
    instant = Date.parse(
      `${m[1]}T${m[2]}:${m[3]}:${m[4] ?? "00"}${m[5] ?? ""}${zone.toUpperCase()}`,
    );
  } else if (typeof value === "number") {
    instant = value;
  } else if (value instanceof Date) {
    instant = value.getTime();
  } else {
    return null;
  }
  return Number.isFinite(instant) && Math.abs(instant) <= 8.64e15
    ? dayInZone(instant, timeZone)
    : null;
}

function codePointOrder(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0) as number);
  const y = [...b].map((c) => c.codePointAt(0) as number);
  for (let i = 0; i < Math.min(x.length, y.length); i++)
    if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  return x.length - y.length;
}

/** How v stands against the text, given the kind: a number, or null when they do not compare. */
function order(v: unknown, text: string, kind: Kind, timeZone: string): number | null {
  switch (kind) {
    case "string":
      return typeof v === "string" ? codePointOrder(v, text) : null;
    case "integer":
    case "number":
      if (typeof v !== "number" || Number.isNaN(v)) return null;
      if (isNumberText(text)) return v === Number(text) ? 0 : v < Number(text) ? -1 : 1;
      return null;
    case "boolean":
      if (typeof v !== "boolean" || !/^(true|false)$/i.test(text)) return null;
      return v === (text.toLowerCase() === "true") ? 0 : 1;
    case "date": {
      const day = dayOf(v, timeZone);
      if (day === null || !isRealDay(text)) return null;
      return day === text ? 0 : day < text ? -1 : 1;
    }
  }
}

/** Without a schema, the kind is that of the value found (2.3). */
function dynamicKind(v: unknown, text: string): Kind | null {
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "boolean";
  if (typeof v === "number") return isNumberText(text) ? "number" : isRealDay(text) ? "date" : null;
  if (v instanceof Date) return "date";
  return null;
}

function compare(
  v: unknown,
  operator: ComparisonOperator,
  text: string,
  kind: Kind | null,
  timeZone: string,
): boolean {
  if (v === null || kind === null) return false;
  if (kind === "boolean" && operator !== "=" && operator !== "!=") return false;
  const c = order(v, text, kind, timeZone);
  if (c === null) return false;
  switch (operator) {
    case "=":
      return c === 0;
    case "!=":
      return c !== 0;
    case "<":
      return c < 0;
    case "<=":
      return c <= 0;
    case ">":
      return c > 0;
    case ">=":
      return c >= 0;
  }
}

function predicate(
  node: WherePredicate,
  record: unknown,
  schema: Schema | undefined,
  timeZone: string,
): boolean {
  const v = valueAt(record, node.path.segments);
  const kindFor = (text: string): Kind | null => {
    const kind = schema ? schemaKind(schema, node.path.segments) : "any";
    return kind === "any" ? dynamicKind(v, text) : kind;
  };
  switch (node.kind) {
    case "comparison":
      return compare(v, node.operator, node.value.text, kindFor(node.value.text), timeZone);
    case "pattern": {
      if (typeof v !== "string") return false;
      const text = node.value.text;
      return node.mode === "startsWith"
        ? v.startsWith(text)
        : node.mode === "endsWith"
          ? v.endsWith(text)
          : v.includes(text);
    }
    case "in": {
      if (v === null) return false;
      const equal = (value: LiteralNode) =>
        compare(v, "=", value.text, kindFor(value.text), timeZone);
      const unequal = (value: LiteralNode) =>
        compare(v, "!=", value.text, kindFor(value.text), timeZone);
      return node.negated ? node.values.every(unequal) : node.values.some(equal);
    }
    case "isNull":
      return node.negated ? v !== null : v === null;
  }
}

/** Whether a record matches a filter, read straight from grammar/language.md. */
export function referenceMatches(
  ast: WhereExpression,
  record: unknown,
  options: { schema?: Schema | undefined; timeZone?: string | undefined } = {},
): boolean {
  const timeZone = options.timeZone ?? "UTC";
  switch (ast.kind) {
    case "and":
      return ast.operands.every((o) => referenceMatches(o, record, options));
    case "or":
      return ast.operands.some((o) => referenceMatches(o, record, options));
    default:
      return predicate(ast, record, options.schema, timeZone);
  }
}
