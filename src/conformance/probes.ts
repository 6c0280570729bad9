// The probes of a run: one-predicate filters whose literals sit next to the served data (a
// stored value, and its near misses: case flipped, a space added, cut, a wildcard or an astral
// character put in, another digit count, the day either side of midnight in some zone), so
// that a server that compares anything in a way of its own disagrees on the first probe that
// meets it, whatever the seed.
import type { FieldItemNode, FieldsNode } from "../ast/fields.ts";
import { NO_SPAN } from "../ast/span.ts";
import type { ComparisonOperator, LiteralNode, PathNode, WherePredicate } from "../ast/where.ts";
import { readDate } from "../schema/literals.ts";
import { listScalarFields } from "../schema/scalar-fields.ts";
import type { ScalarTypeName, Schema } from "../schema/schema.ts";

/** A probe: one predicate, and the zone it is sent in (undefined: no `timezone` header). */
export interface Probe {
  readonly where: WherePredicate;
  readonly timeZone: string | undefined;
}

type Row = Record<string, unknown>;

const isObject = (value: unknown): value is Row =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function valueAt(record: unknown, segments: readonly string[]): unknown {
  let value = record;
  for (const key of segments) {
    value = isObject(value) && Object.hasOwn(value, key) ? value[key] : null;
  }
  return value ?? null;
}

const literal = (text: string): LiteralNode => ({ kind: "literal", text, span: NO_SPAN });

const swapCase = (text: string) =>
  [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join("");

/** A value's traits that a server may get wrong, most telling first; a value with more wins. */
function interest(text: string): number {
  let score = 0;
  if (/[\u{10000}-\u{10FFFF}]/u.test(text)) score += 8;
  if (/[\uE000-\uFFFF]/.test(text)) score += 8;
  if (/[\u0080-\u{10FFFF}]/u.test(text)) score += 4;
  if (/["'\\%_*]/.test(text)) score += 2;
  if (/\s/.test(text)) score += 2;
  if (/[a-z]/.test(text) && /[A-Z]/.test(text)) score += 1;
  return score;
}

/** Up to `count` distinct values: the most telling first, then some drawn by `pick`. */
function chooseValues<T>(
  values: readonly T[],
  count: number,
  rank: (value: T) => number,
  pick: (n: number) => number,
): T[] {
  const distinct = [...new Map(values.map((value) => [JSON.stringify(value), value])).values()];
  const ranked = [...distinct].sort((a, b) => rank(b) - rank(a));
  const chosen = ranked.slice(0, Math.min(count - 1, ranked.length));
  const rest = distinct.filter((value) => !chosen.includes(value));
  while (chosen.length < count && rest.length > 0) {
    chosen.push(rest.splice(pick(rest.length), 1)[0] as T);
  }
  return chosen;
}

/** The local day of an instant in a zone, as `yyyy-MM-dd`. */
function dayIn(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
}

const DAY_MS = 86_400_000;
/** Instants of the years 0001 to 9999, whose days a literal can name (2.3). */
const FIRST_MS = Date.UTC(1, 0, 2);
const LAST_MS = Date.UTC(9999, 11, 30);

/** The day `by` days after `day`. */
const shiftDay = (day: string, by: number) =>
  new Date(((readDate(day) as number) + by) * DAY_MS).toISOString().slice(0, 10);

const OFFSET_TIME =
  /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:[Zz]|[+-]\d{2}:?\d{2})$/;

/** The instant a date value is, when it is one; a plain day or a wall time is none. */
function instantOf(value: unknown): number | undefined {
  const ms =
    typeof value === "number"
      ? value
      : typeof value === "string" && OFFSET_TIME.test(value)
        ? Date.parse(value.replace(" ", "T"))
        : Number.NaN;
  // The day either side must be a literal too: a day of the years 0001 to 9999.
  return ms >= FIRST_MS && ms <= LAST_MS ? ms : undefined;
}

/** What one probe is built from: an operator (or IN, NOT IN, a pattern) and its literal. */
type Shape =
  | { readonly op: ComparisonOperator; readonly text: string; readonly timeZone?: string }
  | { readonly op: "in" | "notIn"; readonly texts: readonly string[] }
  | { readonly op: "contains" | "startsWith" | "endsWith"; readonly text: string };

/** A text a URL can carry: no lone surrogate, which UTF-8 cannot encode (6.6). */
const wellFormed = (text: string) => !/\p{Surrogate}/u.test(text);

function stringShapes(value: string, others: readonly string[]): Shape[] {
  const chars = [...value];
  const half = Math.max(1, Math.ceil(chars.length / 2));
  const prefix = chars.slice(0, half).join("");
  const suffix = chars.slice(-half).join("");
  // The first non-ASCII character is where UTF-16 and code point order part, if anywhere.
  const firstWide = chars.findIndex((c) => (c.codePointAt(0) as number) > 0x7f);
  const before = chars.slice(0, firstWide === -1 ? half : firstWide).join("");
  const other = others.find((text) => text !== value) ?? `${value}x`;
  const shapes: Shape[] = [
    { op: "=", text: value },
    { op: "!=", text: value },
    { op: "=", text: swapCase(value) },
    { op: "in", texts: [swapCase(value), other] },
    { op: "in", texts: [`${value} `] },
    { op: "=", text: ` ${value}` },
    { op: "notIn", texts: [value, other] },
    { op: "startsWith", text: prefix },
    { op: "endsWith", text: suffix },
    { op: "contains", text: chars.slice(1, -1).join("") || value },
    { op: "contains", text: swapCase(prefix) },
    { op: "<", text: value },
    { op: ">=", text: prefix },
    { op: "<", text: `${before}\u{1F600}` },
    { op: ">", text: `${before}\uFFFD` },
    { op: "<=", text: other },
  ];
  if (chars.length >= 3) {
    const middle = Math.floor(chars.length / 2);
    for (const wildcard of ["_", "%", "*"]) {
      const edited = [...chars];
      edited[middle] = wildcard;
      shapes.push({ op: "contains", text: edited.join("") });
    }
  }
  return shapes;
}

function numberShapes(value: number): Shape[] {
  const texts = [value, value + 1, value - 1, value * 10, Math.trunc(value / 10), -value]
    .filter(Number.isFinite)
    .map((n) => String(n))
    .filter((text) => /^-?[0-9]+(?:\.[0-9]+)?$/.test(text));
  const [exact = "0", above = "1", below = "-1", longer = "10", shorter = "0"] = texts;
  const padded = exact.startsWith("-") ? `-0${exact.slice(1)}` : `0${exact}`;
  return [
    { op: "=", text: exact },
    { op: "=", text: padded },
    { op: "!=", text: exact },
    { op: "<", text: longer },
    { op: ">", text: shorter },
    { op: "<=", text: exact },
    { op: ">=", text: above },
    { op: "<", text: below },
    { op: "in", texts: [above, exact] },
    { op: "notIn", texts: [exact] },
  ];
}

function dateShapes(
  value: unknown,
  zones: readonly string[],
  pick: (n: number) => number,
): Shape[] {
  const instant = instantOf(value);
  if (instant === undefined) {
    const day = typeof value === "string" ? value.slice(0, 10) : undefined;
    if (day === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(day) || readDate(day) === undefined) {
      return [];
    }
    const days = readDate(day) as number;
    if (days * DAY_MS < FIRST_MS || days * DAY_MS > LAST_MS) return [];
    return [
      { op: "=", text: day },
      { op: "<", text: day },
      { op: "<=", text: day },
      { op: ">", text: shiftDay(day, -1) },
      { op: "!=", text: day },
    ];
  }
  const utc = dayIn(instant, "UTC");
  // A zone in which the instant falls on another day than in UTC shows a server that ignores it.
  const moved = zones.filter((zone) => dayIn(instant, zone) !== utc);
  const zone = moved.length > 0 ? (moved[pick(moved.length)] as string) : zones[0];
  const shapes: Shape[] = [
    { op: "=", text: utc },
    { op: "<=", text: utc },
    { op: ">", text: shiftDay(utc, -1) },
  ];
  if (zone !== undefined) {
    const local = dayIn(instant, zone);
    shapes.push(
      { op: "=", text: local, timeZone: zone },
      { op: "=", text: utc, timeZone: zone },
      { op: "<", text: local, timeZone: zone },
      { op: ">=", text: shiftDay(local, 1), timeZone: zone },
      { op: "<=", text: local, timeZone: zone },
    );
  }
  return shapes;
}

function booleanShapes(value: boolean): Shape[] {
  const text = String(value);
  return [
    { op: "=", text },
    { op: "=", text: text.toUpperCase() },
    { op: "!=", text },
    { op: "in", texts: [String(!value)] },
  ];
}

function predicateOf(path: PathNode, shape: Shape): { where: WherePredicate; zone?: string } {
  switch (shape.op) {
    case "in":
    case "notIn":
      return {
        where: {
          kind: "in",
          path,
          negated: shape.op === "notIn",
          values: shape.texts.map(literal),
          span: NO_SPAN,
        },
      };
    case "contains":
    case "startsWith":
    case "endsWith":
      return {
        where: { kind: "pattern", path, mode: shape.op, value: literal(shape.text), span: NO_SPAN },
      };
    default:
      return {
        where: {
          kind: "comparison",
          path,
          operator: shape.op,
          value: literal(shape.text),
          span: NO_SPAN,
        },
        ...(shape.timeZone !== undefined && { zone: shape.timeZone }),
      };
  }
}

/**
 * The probes for the records seen: for each scalar field of the schema, `IS NULL` and `IS NOT
 * NULL`, and for up to `valuesPerField` of its values (the most telling first) the shapes of its
 * type; each sent in a zone drawn by `pick` unless its dates need one.
 */
export function probesFor(
  records: readonly unknown[],
  schema: Schema,
  zones: readonly string[],
  pick: (n: number) => number,
  valuesPerField = 2,
): Probe[] {
  const probes: Probe[] = [];
  const anyZone = () =>
    zones.length === 0 || pick(3) === 0 ? undefined : zones[pick(zones.length)];
  for (const { path: segments, type } of listScalarFields(schema)) {
    const path: PathNode = { kind: "path", segments, span: NO_SPAN };
    for (const negated of [false, true]) {
      probes.push({ where: { kind: "isNull", path, negated, span: NO_SPAN }, timeZone: anyZone() });
    }
    const values = records.map((record) => valueAt(record, segments)).filter((v) => v !== null);
    for (const shape of shapesFor(type, values, zones, pick, valuesPerField)) {
      const { where, zone } = predicateOf(path, shape);
      probes.push({ where, timeZone: zone ?? (type === "date" ? undefined : anyZone()) });
    }
  }
  return probes;
}

function shapesFor(
  type: ScalarTypeName,
  values: readonly unknown[],
  zones: readonly string[],
  pick: (n: number) => number,
  count: number,
): Shape[] {
  const strings = values.filter(
    (v): v is string => typeof v === "string" && v.length > 0 && v.length <= 64 && wellFormed(v),
  );
  const numbers = values.filter((v): v is number => typeof v === "number" && Number.isFinite(v));
  const booleans = values.filter((v): v is boolean => typeof v === "boolean");
  const numbersOnce = (n: number) => (Number.isInteger(n) ? 1 : 2) + (n < 0 ? 1 : 0);
  switch (type) {
    case "string":
      return chooseValues(strings, count, interest, pick).flatMap((v) => stringShapes(v, strings));
    case "integer":
    case "number":
      return chooseValues(numbers, count, numbersOnce, pick).flatMap(numberShapes);
    case "boolean":
      return chooseValues(booleans, 2, () => 0, pick).flatMap(booleanShapes);
    case "date":
      return chooseValues(values, count, (v) => (instantOf(v) === undefined ? 0 : 1), pick).flatMap(
        (v) => dateShapes(v, zones, pick),
      );
    case "any":
      return [
        ...chooseValues(strings, 1, interest, pick).flatMap((v) => stringShapes(v, strings)),
        ...chooseValues(numbers, 1, numbersOnce, pick).flatMap(numberShapes),
      ];
  }
}

/**
 * Selections that name two members of one object (or of an array's objects) as two items,
 * `a.x,a.y` as written, which a server must merge (3.2), and one of each member that some
 * records lack, which a server must leave out of them; with `id` when the schema has it.
 */
export function selectionProbes(schema: Schema, records: readonly unknown[]): FieldsNode[] {
  const out: FieldsNode[] = [];
  const item = (segments: readonly string[]): FieldItemNode => ({
    kind: "fieldItem",
    path: { kind: "path", segments, span: NO_SPAN },
    selection: null,
    span: NO_SPAN,
  });
  const id = Object.hasOwn(schema.fields, "id") ? [item(["id"])] : [];
  for (const [name, type] of Object.entries(schema.fields)) {
    const inner = type.kind === "array" ? type.items : type;
    if (inner?.kind !== "object" || inner.fields === null) continue;
    const members = Object.keys(inner.fields);
    if (members.length < 2) continue;
    const [first, second] = [members[0] as string, members.at(-1) as string];
    out.push({
      kind: "fields",
      items: [...id, item([name, first]), item([name, second])],
      span: NO_SPAN,
    });
  }
  for (const name of Object.keys(schema.fields)) {
    if (
      name === "id" ||
      records.every((record) => isObject(record) && Object.hasOwn(record, name))
    ) {
      continue;
    }
    out.push({ kind: "fields", items: [...id, item([name])], span: NO_SPAN });
  }
  return out;
}
