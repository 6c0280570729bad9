import fc from "fast-check";
import type { LiteralNode, WhereExpression } from "../../src/ast/where.ts";
import { DAYS, type Generated } from "./schema-arbitraries.ts";

type Scalar = "string" | "integer" | "number" | "boolean" | "date";
type ScalarPath = Generated["scalars"][number];

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Each literal day and the days either side of it. */
const NEAR_DAYS = DAYS.flatMap((day) => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return [isoDay(ms - DAY_MS), day, isoDay(ms + DAY_MS)];
});

/** Zone offsets (minutes) of TIME_ZONES, standard and daylight, where their midnights fall. */
const OFFSETS = [0, 60, 120, -300, -240, -180, -120, 330, 765, 825];

/** Instants (epoch ms) at and around the first instant of each listed day and the next, in every zone. */
export const BOUNDARY_INSTANTS: readonly number[] = DAYS.flatMap((day) => {
  const utc = Date.parse(`${day}T00:00:00Z`);
  return OFFSETS.flatMap((offset) =>
    [-DAY_MS, 0, DAY_MS].flatMap((shift) => {
      const start = utc + shift - offset * 60_000;
      return [start - 1, start, start + 1, start + 1_800_000, start - 1_800_000];
    }),
  );
});

/**
 * Text that SQL could misread: quotes of every engine, comment and statement separators, LIKE
 * wildcards and escape, array-literal syntax (PostgreSQL array binds), `NULL` as text, spaces
 * at either end, astral characters, and U+FFFF (above every surrogate in UTF-16, below them in
 * code point order). No NUL: PostgreSQL TEXT cannot hold it (see injection.test.ts).
 */
export const AWKWARD_STRINGS = [
  "a",
  "ab",
  "b",
  "",
  "A",
  "é",
  "e\u0301",
  "😀",
  "😀a",
  "\uffff",
  "\ue000",
  'q"t',
  "%",
  "_",
  "\\",
  "a b",
  "2",
  "'",
  "''",
  "it's",
  "`",
  "--",
  ";",
  "a'; DROP TABLE t; --",
  " a",
  "a ",
  "a  ",
  " ",
  "NULL",
  "null",
  "{a,b}",
  '{"a"}',
  ",",
  "\\N",
  "$1",
  "?",
  "*",
  "a%",
  "%a",
  "_a",
  "a_",
  "\\%",
  "\t",
  "\n",
];

const UNITS = ["a", "b", "A", "é", "😀", "\uffff", '"', "'", "%", "_", "\\", "-", ";", " ", "`"];

export const awkwardString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...AWKWARD_STRINGS),
  fc
    .tuple(fc.constantFrom(...AWKWARD_STRINGS), fc.constantFrom(...AWKWARD_STRINGS))
    .map(([a, b]) => a + b),
  fc.string({ unit: fc.constantFrom(...UNITS), maxLength: 5 }),
);

/** A yyyy-MM-dd day: near a literal day, or any day of 1970–2099. */
const dayValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NEAR_DAYS) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 0, max: Date.UTC(2099, 11, 31) / DAY_MS })
      .map((d) => isoDay(d * DAY_MS)),
  },
);

const instantValue: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...BOUNDARY_INSTANTS) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: Date.UTC(2018, 0, 1), max: Date.UTC(2025, 0, 1) }),
  },
);

/** Doubles on both sides of the number literals, one ulp away, and the odd zeros. */
const TRICKY_NUMBERS = [
  -1.5, 0, -0, 1, 2, 2.5, 10, 2.5000000000000004, 2.4999999999999996, 1.0000000000000002,
  0.9999999999999999, 9.999999999999998, 10.000000000000002, -1.5000000000000002,
  -1.4999999999999998, 5e-324, -5e-324, 1e15, -1e15,
];

/** How date values are held: yyyy-MM-dd days, or instants as epoch milliseconds. */
export type DateKind = "day" | "instant";

/** A value that fits a column of the type (typed column data), or sometimes null. */
function columnValue(type: Scalar, dates: DateKind): fc.Arbitrary<unknown> {
  const fitting: fc.Arbitrary<unknown> = {
    string: awkwardString,
    integer: fc.oneof(
      fc.constantFrom(-1, 0, 1, 2, 10),
      fc.integer({ min: -5, max: 12 }),
      fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
    ),
    number: fc.oneof(
      fc.constantFrom(...TRICKY_NUMBERS),
      fc.double({ min: -20, max: 20, noNaN: true }),
    ),
    boolean: fc.boolean(),
    date: dates === "day" ? dayValue : instantValue,
  }[type];
  return fc.oneof({ weight: 6, arbitrary: fitting }, { weight: 1, arbitrary: fc.constant(null) });
}

/** Records whose scalars take values from `value`; the nested object is sometimes null or missing. */
function recordsWith(
  generated: Generated,
  value: (type: Scalar) => fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown[]> {
  const top = generated.scalars.filter((s) => s.segments.length === 1);
  const nested = generated.scalars.filter((s) => s.segments.length === 2);
  const fields = (list: readonly ScalarPath[], index: number) =>
    fc.record(Object.fromEntries(list.map((s) => [s.segments[index] as string, value(s.type)])), {
      requiredKeys: [],
    });
  const record = fc
    .record(
      {
        top: fields(top, 0),
        type: fc.oneof({ weight: 6, arbitrary: fields(nested, 1) }, fc.constant(null)),
      },
      { requiredKeys: ["top"] },
    )
    .map(({ top: own, ...rest }) => ({ ...own, ...rest }));
  return fc.array(record, { minLength: 1, maxLength: 12 });
}

/**
 * Records as typed columns hold them: each scalar of the schema fits its type, is null or is
 * missing; the nested object is sometimes null or missing as a whole.
 */
export function columnRecordsFor(generated: Generated, dates: DateKind): fc.Arbitrary<unknown[]> {
  return recordsWith(generated, (type) => columnValue(type, dates));
}

/** Offsets (minutes) real zones use, at both ends of the range and between whole hours. */
const JSON_OFFSETS = [0, 60, -300, 330, 345, 765, 840, -720, -570];

/**
 * A date-time string as JSON data may spell it (LANGUAGE.md 2.5): an instant near a day bound,
 * written in some offset (`Z`, `z`, `±HH:MM`, `±HHMM`) or as a wall time with no offset; `T`,
 * `t` or a space; with or without seconds; with 0 to 9 fraction digits (the milliseconds cut
 * short, or followed by microseconds and nanoseconds).
 */
const dateTimeText: fc.Arbitrary<string> = fc
  .record({
    instant: instantValue,
    offset: fc.constantFrom(...JSON_OFFSETS),
    spelling: fc.constantFrom("Z", "z", "colon", "compact", "wall"),
    separator: fc.constantFrom("T", "T", "t", " "),
    seconds: fc.boolean(),
    digits: fc.integer({ min: 0, max: 9 }),
    finer: fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 6, maxLength: 6 }),
  })
  .map(({ instant, offset, spelling, separator, seconds, digits, finer }) => {
    const zulu = spelling === "Z" || spelling === "z";
    const shift = zulu ? 0 : offset;
    const local = new Date(instant + shift * 60_000).toISOString();
    // The milliseconds, cut short or followed by finer digits: near a bound, on either side.
    const fraction = `${local.slice(20, 23)}${finer}`.slice(0, digits);
    const time = seconds
      ? `${local.slice(11, 19)}${fraction === "" ? "" : `.${fraction}`}`
      : local.slice(11, 16);
    const sign = shift < 0 ? "-" : "+";
    const hh = String(Math.floor(Math.abs(shift) / 60)).padStart(2, "0");
    const mm = String(Math.abs(shift) % 60).padStart(2, "0");
    const zone = {
      Z: "Z",
      z: "z",
      colon: `${sign}${hh}:${mm}`,
      compact: `${sign}${hh}${mm}`,
      wall: "",
    }[spelling];
    return `${local.slice(0, 10)}${separator}${time}${zone}`;
  });

/** Texts that are no date (LANGUAGE.md 2.5), some only by a character at either end. */
const notDateText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "2024-02-30",
    "2023-02-29",
    "2024-13-01",
    "2024-3-10",
    "20240310",
    "2024-03-10T24:00:00Z",
    "2024-03-10T23:60:00Z",
    "2024-03-10T12:00:00+05",
    "2024-03-10T",
    "2024-03-10T12",
  ),
  fc
    .tuple(fc.oneof(dayValue, dateTimeText), fc.constantFrom(" ", "\n", "\t", "x"), fc.boolean())
    .map(([text, extra, before]) => (before ? extra + text : text + extra)),
);

/**
 * Records for JSON mode whose dates take every spelling JSON data may give them: days, epoch
 * milliseconds, date-times with and without offsets, and texts that only look like dates.
 */
export function jsonDateRecordsFor(generated: Generated): fc.Arbitrary<unknown[]> {
  const date = fc.oneof(
    { weight: 2, arbitrary: dayValue },
    { weight: 2, arbitrary: instantValue },
    { weight: 6, arbitrary: dateTimeText },
    { weight: 2, arbitrary: notDateText },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  return recordsWith(generated, (type) => (type === "date" ? date : columnValue(type, "day")));
}

/**
 * Filters of `filtersFor` whose string literals are sometimes swapped for awkward text (a
 * pattern's for a non-empty one), so the values bound, not only the data, are hostile.
 */
export function withAwkwardStrings(
  generated: Generated,
  filters: fc.Arbitrary<WhereExpression>,
): fc.Arbitrary<WhereExpression> {
  const strings = new Set(
    generated.scalars.filter((s) => s.type === "string").map((s) => s.segments.join(".")),
  );
  return fc
    .tuple(filters, fc.array(fc.option(awkwardString, { freq: 2 }), { minLength: 32 }))
    .map(([ast, swaps]) => {
      let next = 0;
      const swap = (value: LiteralNode, nonEmpty: boolean): LiteralNode => {
        const text = swaps[next++ % swaps.length];
        return text === null || text === undefined || (nonEmpty && text === "")
          ? value
          : { ...value, text };
      };
      const walk = (node: WhereExpression): WhereExpression => {
        switch (node.kind) {
          case "and":
          case "or":
            return { ...node, operands: node.operands.map(walk) };
          case "isNull":
            return node;
          default:
            if (!strings.has(node.path.segments.join("."))) return node;
            if (node.kind === "in")
              return { ...node, values: node.values.map((v) => swap(v, false)) };
            return { ...node, value: swap(node.value, node.kind === "pattern") };
        }
      };
      return walk(ast);
    });
}
