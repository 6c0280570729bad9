// The probes of a run: one-predicate filters whose literals sit next to the served data (a
// stored value, and its near misses: case flipped, a space added, cut, a wildcard or an astral
// character put in, another digit count, the day either side of midnight in some zone), so
// that a server that compares anything in a way of its own disagrees on the first probe that
// meets it, whatever the seed.

import { swapCase } from "../arbitraries/where-ast.ts";
import type { FieldItemNode, FieldsNode } from "../ast/fields.ts";
import { NO_SPAN } from "../ast/span.ts";
import {
  type ComparisonOperator,
  comparison,
  inList,
  nullCheck,
  type PathNode,
  path as pathOf,
  pattern,
  type WherePredicate,
} from "../ast/where.ts";
import { calendarOf } from "../backends/predicate/calendar.ts";
import { isPlainRecord, valueAtPath } from "../base/members.ts";
import { indexOfLoneSurrogate } from "../list/percent-encode.ts";
import { DAY_MS, readDate, readDateText, readNumber } from "../schema/literals.ts";
import { listScalarFields } from "../schema/scalar-fields.ts";
import type { ScalarTypeName, Schema } from "../schema/schema.ts";

/** A probe: one predicate, and the zone it is sent in (undefined: no `timezone` header). */
export interface Probe {
  readonly where: WherePredicate;
  readonly timeZone: string | undefined;
}

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

/** The first and last days a literal can name (2.3). */
const FIRST_DAY = readDate("0001-01-01") as number;
const LAST_DAY = readDate("9999-12-31") as number;

/** A day number as the literal `yyyy-MM-dd`. */
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The day an instant falls on in a zone, by the zone's calendar (2.5). */
function dayIn(instant: number, timeZone: string): number {
  const calendar = calendarOf(timeZone);
  const day = Math.floor(instant / DAY_MS);
  // Zones are within a day of UTC: the local day is the UTC day or one either side.
  if (calendar.startOfDay(day) > instant) return day - 1;
  return calendar.startOfDay(day + 1) <= instant ? day + 1 : day;
}

/** A date value as 2.5 reads it: an instant (a number, or a date-time with an offset) or a day. */
function dateOf(value: unknown): { instant: number } | { day: number } | undefined {
  const read =
    typeof value === "number" && Number.isFinite(value)
      ? { instant: value }
      : typeof value === "string"
        ? readDateText(value)
        : undefined;
  const day = read && ("day" in read ? read.day : Math.floor(read.instant / DAY_MS));
  // The days either side, in any zone, must be literals too.
  return day !== undefined && day - 2 >= FIRST_DAY && day + 2 <= LAST_DAY ? read : undefined;
}

/** What one probe is built from: an operator (or IN, NOT IN, a pattern) and its literal. */
type Shape =
  | { readonly op: ComparisonOperator; readonly text: string; readonly timeZone?: string }
  | { readonly op: "in" | "notIn"; readonly texts: readonly string[] }
  | { readonly op: "contains" | "startsWith" | "endsWith"; readonly text: string };

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
    .map((n) => String(n))
    .filter((text) => readNumber(text) !== undefined);
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

/** Instants first among a date field's values: the zone shows only on them. */
function isInstant(value: unknown): number {
  const date = dateOf(value);
  return date !== undefined && "instant" in date ? 1 : 0;
}

function dateShapes(
  value: unknown,
  zones: readonly string[],
  pick: (n: number) => number,
): Shape[] {
  const date = dateOf(value);
  if (date === undefined) return [];
  if ("day" in date) {
    const day = dayText(date.day);
    return [
      { op: "=", text: day },
      { op: "<", text: day },
      { op: "<=", text: day },
      { op: ">", text: dayText(date.day - 1) },
      { op: "!=", text: day },
    ];
  }
  const utcDay = dayIn(date.instant, "UTC");
  const utc = dayText(utcDay);
  // A zone in which the instant falls on another day than in UTC shows a server that ignores it.
  const moved = zones.filter((zone) => dayIn(date.instant, zone) !== utcDay);
  const zone = moved.length > 0 ? (moved[pick(moved.length)] as string) : zones[0];
  const shapes: Shape[] = [
    { op: "=", text: utc },
    { op: "<=", text: utc },
    { op: ">", text: dayText(utcDay - 1) },
  ];
  if (zone !== undefined) {
    const localDay = dayIn(date.instant, zone);
    const local = dayText(localDay);
    shapes.push(
      { op: "=", text: local, timeZone: zone },
      { op: "=", text: utc, timeZone: zone },
      { op: "<", text: local, timeZone: zone },
      { op: ">=", text: dayText(localDay + 1), timeZone: zone },
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

function predicateOf(path: PathNode, shape: Shape): WherePredicate {
  switch (shape.op) {
    case "in":
    case "notIn":
      return inList(path, shape.texts, shape.op === "notIn");
    case "contains":
    case "startsWith":
    case "endsWith":
      return pattern(path, shape.op, shape.text);
    default:
      return comparison(path, shape.op, shape.text);
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
    const path = pathOf(segments);
    for (const negated of [false, true]) {
      probes.push({ where: nullCheck(path, negated), timeZone: anyZone() });
    }
    const values = records.map((record) => valueAtPath(record, segments)).filter((v) => v !== null);
    for (const shape of shapesFor(type, values, zones, pick, valuesPerField)) {
      const zone = "timeZone" in shape ? shape.timeZone : undefined;
      probes.push({
        where: predicateOf(path, shape),
        timeZone: zone ?? (type === "date" ? undefined : anyZone()),
      });
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
    (v): v is string =>
      typeof v === "string" && v.length > 0 && v.length <= 64 && indexOfLoneSurrogate(v) === -1,
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
      return chooseValues(values, count, isInstant, pick).flatMap((v) =>
        dateShapes(v, zones, pick),
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
      records.every((record) => isPlainRecord(record) && Object.hasOwn(record, name))
    ) {
      continue;
    }
    out.push({ kind: "fields", items: [...id, item([name])], span: NO_SPAN });
  }
  return out;
}
