import type { Dialect, JsonAccess } from "../dialect.ts";
import { DAY_OR_WALL_TIME, INSTANT } from "../json-dates.ts";
import { doubleQuoted, sqlString } from "./sql-text.ts";

function postgresJson(): JsonAccess {
  // JSON numbers as JavaScript reads them: rounded to a double; out of its range, no number.
  // Nested CASE: PostgreSQL does not promise to test jsonb_typeof before casting under AND.
  const double = (value: string) =>
    `(CASE WHEN jsonb_typeof(${value}) = 'number' THEN CASE WHEN abs((${value})::numeric) BETWEEN 4.9e-324 AND 1.7976931348623157e308 OR (${value})::numeric = 0 THEN (${value})::numeric::float8 END END)`;
  const at = (doc: string, path: readonly string[]) =>
    `${doc} #> ${sqlString(`{${path.map((k) => `"${k}"`).join(",")}}`)}`;
  const text = (doc: string, path: readonly string[]) => {
    const value = at(doc, path);
    return `(CASE WHEN jsonb_typeof(${value}) = 'string' THEN ${value} #>> '{}' END)`;
  };
  return {
    value(doc, path, type) {
      if (type === "string") return text(doc, path);
      const value = at(doc, path);
      if (type === "boolean")
        return `(CASE WHEN jsonb_typeof(${value}) = 'boolean' THEN (${value})::boolean END)`;
      return double(value);
    },
    isNull: (doc, path) => `(${at(doc, path)} IS NULL OR jsonb_typeof(${at(doc, path)}) = 'null')`,
    day(doc, path) {
      const s = text(doc, path);
      return `(CASE WHEN ${s} ~ '${DAY_OR_WALL_TIME}' AND pg_input_is_valid(left(${s}, 10), 'date') THEN left(${s}, 10) END)`;
    },
    instant(doc, path) {
      const value = at(doc, path);
      const s = text(doc, path);
      return `(CASE WHEN jsonb_typeof(${value}) = 'number' THEN ${double(value)} WHEN ${s} ~ '${INSTANT}' AND pg_input_is_valid(left(${s}, 10), 'date') AND pg_input_is_valid(${s}, 'timestamptz') THEN extract(epoch FROM ${s}::timestamptz) * 1000 END)`;
    },
  };
}

/**
 * PostgreSQL (and PGlite): `$n` placeholders, `COLLATE "C"` for code-point order, array binds;
 * its text and jsonb hold no U+0000, so a filter's text holding one is never bound.
 */
export const postgres: Dialect = {
  name: "postgres",
  placeholder: (index) => `$${index}`,
  placeholderStyles: ["$n", "?"],
  quoteIdentifier: doubleQuoted,
  text: (p) => `${p}::text`,
  number: (p) => `${p}::numeric`,
  day: (p) => `${p}::date`,
  timestamp: (p) => `${p}::timestamptz`,
  timestampValue: (ms) => new Date(ms).toISOString(),
  booleanValue: (value) => value,
  compareText: (left, operator, right) => `${left} COLLATE "C" ${operator} ${right}`,
  match: (haystack, mode, needle) => {
    if (mode === "contains") return `strpos(${haystack} COLLATE "C", ${needle()}) > 0`;
    if (mode === "startsWith") return `starts_with(${haystack} COLLATE "C", ${needle()})`;
    const text = needle();
    return `right(${haystack}, length(${text})) COLLATE "C" = ${text}`;
  },
  inTexts: (expr, texts, bind) => `${expr} COLLATE "C" = ANY(${bind(texts)}::text[])`,
  inNumbers: (expr, numbers, bind) => `${expr} = ANY(${bind(numbers)}::numeric[])`,
  // Binding a text holding U+0000 fails: "invalid byte sequence for encoding UTF8: 0x00".
  textHoldsNul: false,
  json: postgresJson(),
};
