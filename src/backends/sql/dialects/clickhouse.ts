import { bindList, type Dialect, type JsonAccess } from "../dialect.ts";
import { DAY_OR_WALL_TIME, INSTANT } from "../json-dates.ts";

// ClickHouse takes named, typed placeholders, `{p1:String}`: every value is bound as a String
// first, and the hooks that know its type re-type the placeholder they are handed.
const typed = (placeholder: string, type: string) => placeholder.replace(/:String\}$/, `:${type}}`);

const sqlString = (text: string) => `'${text.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;

/** A `yyyy-MM-dd…` text's year, month and day as Int64, 0 where they are not digits. */
const part = (s: string, offset: number | string, length: number) =>
  `toInt64OrZero(substring(${s}, ${offset}, ${length}))`;

/** Whether a text matching a date shape names a real day of the proleptic Gregorian calendar. */
function realDay(s: string): string {
  const y = part(s, 1, 4);
  const m = part(s, 6, 2);
  const d = part(s, 9, 2);
  const leap = `((${y} % 4 = 0 AND ${y} % 100 != 0) OR ${y} % 400 = 0)`;
  const last = `multiIf(${m} = 2, 28 + ${leap}, ${m} IN (4, 6, 9, 11), 30, 31)`;
  return `(${m} BETWEEN 1 AND 12 AND ${d} BETWEEN 1 AND ${last})`;
}

/**
 * The day number (days since 1970-01-01) of a `yyyy-MM-dd…` text, in integers only: ClickHouse's
 * own dates stop at 1900 and 2299, and clamp silently beyond (the days-from-civil algorithm).
 */
function dayNumber(s: string): string {
  const m = part(s, 6, 2);
  const y = `(${part(s, 1, 4)} - (${m} <= 2))`;
  const era = `intDiv(${y}, 400)`;
  const yoe = `(${y} - ${era} * 400)`;
  const doy = `(intDiv(153 * (${m} + if(${m} > 2, -3, 9)) + 2, 5) + ${part(s, 9, 2)} - 1)`;
  const doe = `(${yoe} * 365 + intDiv(${yoe}, 4) - intDiv(${yoe}, 100) + ${doy})`;
  return `(${era} * 146097 + ${doe} - 719468)`;
}

/**
 * JSON text read with `JSONExtract…` (simdjson): a `String` column as written, or a `JSON`
 * column as ClickHouse writes it back (`toString`), which has already merged keys with dots into
 * nested paths. A document ClickHouse cannot parse has no fields.
 */
function clickhouseJson(): JsonAccess {
  const keys = (path: readonly string[]) => path.map(sqlString).join(", ");
  const typeAt = (doc: string, path: readonly string[]) =>
    `JSONType(toString(${doc}), ${keys(path)})`;
  const text = (doc: string, path: readonly string[]) =>
    `if(${typeAt(doc, path)} = 'String', JSONExtractString(toString(${doc}), ${keys(path)}), NULL)`;
  const number = (doc: string, path: readonly string[]) =>
    `if(${typeAt(doc, path)} IN ('Int64', 'UInt64', 'Double'), JSONExtractFloat(toString(${doc}), ${keys(path)}), NULL)`;
  return {
    value(doc, path, type) {
      if (type === "string") return text(doc, path);
      if (type === "number") return number(doc, path);
      return `if(${typeAt(doc, path)} = 'Bool', JSONExtractBool(toString(${doc}), ${keys(path)}) = 1, NULL)`;
    },
    isNull: (doc, path) => `(${typeAt(doc, path)} = 'Null')`,
    day(doc, path) {
      const s = text(doc, path);
      return `if(match(${s}, '${DAY_OR_WALL_TIME}') AND ${realDay(s)}, left(${s}, 10), NULL)`;
    },
    instant(doc, path) {
      const s = text(doc, path);
      const length = `length(${s})`;
      // The offset's length: Z, ±HH:MM or ±HHMM, after a wall time the INSTANT shape checked.
      const zone = `multiIf(endsWith(upper(${s}), 'Z'), 1, substring(${s}, ${length} - 2, 1) = ':', 6, 5)`;
      const sign = `if(substring(${s}, ${length} - ${zone} + 1, 1) = '-', -1, 1)`;
      const hours = part(s, `${length} - ${zone} + 2`, 2);
      const minutes = `toInt64OrZero(right(${s}, 2))`;
      const offset = `if(${zone} = 1, 0, ${sign} * (${hours} * 60 + ${minutes}) * 60000)`;
      // Seconds are optional: `HH:MM` is followed by the offset.
      const seconds = `if(substring(${s}, 17, 1) = ':', ${part(s, 18, 2)}, 0)`;
      const clock = `((${part(s, 12, 2)} * 60 + ${part(s, 15, 2)}) * 60 + ${seconds}) * 1000`;
      // The fraction as memory reads it: Number(`0.${digits}`) * 1000, added after the whole ms.
      const digits = `extract(${s}, '^.{19}[.]([0-9]+)')`;
      const fraction = `if(${digits} = '', 0, toFloat64(concat('0.', ${digits})) * 1000)`;
      const ms = `toFloat64(${dayNumber(s)} * 86400000 + ${clock}) + ${fraction} - ${offset}`;
      return `coalesce(${number(doc, path)}, if(match(${s}, '${INSTANT}') AND ${realDay(s)}, ${ms}, NULL))`;
    },
  };
}

/**
 * ClickHouse (`@clickhouse/client`'s `query_params`, chdb's `queryBind`): typed named
 * placeholders `{pN:Type}` (parameter N of `params` is `pN`), strings compared as bytes (code
 * points), `~` by `position`/`startsWith`/`endsWith` (no LIKE, so `%`, `_` and `\` are literal).
 * A field that can be missing or null needs a `Nullable(…)` column: a plain column holds a
 * default (0, '') where the record has none. Dates are compared exactly at any year: a `date`
 * column (`Date`, `Date32`) as its `yyyy-MM-dd` text, a `timestamp` column (`DateTime64`) as
 * epoch milliseconds, since ClickHouse clamps days outside 1900–2299 silently.
 */
export const clickhouse: Dialect = {
  name: "clickhouse",
  placeholder: (index) => `{p${index}:String}`,
  // The hooks re-type `{pN:String}`: no other style can carry the types.
  placeholderStyles: [],
  quoteIdentifier: (name) => `"${name.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`,
  text: (p) => p,
  number: (p) => typed(p, "Float64"),
  day: (p) => p,
  timestamp: (p) => typed(p, "Float64"),
  timestampValue: (ms) => ms,
  booleanValue: (value) => value,
  boolean: (p) => typed(p, "Bool"),
  dayText: (column) => `toString(${column})`,
  instantMillis: (column) => `toUnixTimestamp64Milli(${column})`,
  compareText: (left, operator, right) => `${left} ${operator} ${right}`,
  match: (haystack, mode, needle) => {
    if (mode === "contains") return `position(${haystack}, ${needle()}) > 0`;
    return `${mode}(${haystack}, ${needle()})`;
  },
  inTexts: (expr, texts, bind) => `${expr} IN (${bindList(texts, bind)})`,
  inNumbers: (expr, numbers, bind) =>
    `${expr} IN (${bindList(numbers, bind, (p) => typed(p, "Float64"))})`,
  json: clickhouseJson(),
};
