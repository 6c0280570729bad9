import { bindList, type Dialect, type JsonAccess } from "../dialect.ts";
import { DAY_OR_WALL_TIME, INSTANT } from "../json-dates.ts";
import { doubleQuoted, jsonPathText } from "./sql-text.ts";

function duckdbJson(): JsonAccess {
  const jsonPath = jsonPathText;
  const typeAt = (doc: string, path: readonly string[]) => `json_type(${doc}, ${jsonPath(path)})`;
  const text = (doc: string, path: readonly string[]) =>
    `(CASE WHEN ${typeAt(doc, path)} = 'VARCHAR' THEN json_extract_string(${doc}, ${jsonPath(path)}) END)`;
  const number = (doc: string, path: readonly string[]) =>
    `(CASE WHEN ${typeAt(doc, path)} IN ('BIGINT', 'UBIGINT', 'HUGEINT', 'DOUBLE') THEN CAST(json_extract_string(${doc}, ${jsonPath(path)}) AS DOUBLE) END)`;
  return {
    value(doc, path, type) {
      if (type === "string") return text(doc, path);
      if (type === "number") return number(doc, path);
      return `(CASE WHEN ${typeAt(doc, path)} = 'BOOLEAN' THEN CAST(json_extract_string(${doc}, ${jsonPath(path)}) AS BOOLEAN) END)`;
    },
    isNull: (doc, path) => `coalesce(${typeAt(doc, path)} = 'NULL', true)`,
    day(doc, path) {
      const s = text(doc, path);
      return `(CASE WHEN regexp_full_match(${s}, '${DAY_OR_WALL_TIME}') AND TRY_CAST(left(${s}, 10) AS DATE) IS NOT NULL THEN left(${s}, 10) END)`;
    },
    instant(doc, path) {
      const s = text(doc, path);
      return `coalesce(${number(doc, path)}, CASE WHEN regexp_full_match(${s}, '${INSTANT}') AND TRY_CAST(left(${s}, 10) AS DATE) IS NOT NULL THEN epoch_ms(TRY_CAST(regexp_replace(upper(${s}), '^([0-9-]{10}[T ][0-9]{2}:[0-9]{2})([Z+-])', '\\1:00\\2') AS TIMESTAMPTZ)) END)`;
    },
  };
}

/** DuckDB (`@duckdb/node-api`): binary string order, case-sensitive string functions. */
export const duckdb: Dialect = {
  name: "duckdb",
  placeholder: () => "?",
  placeholderStyles: ["?", "$n"],
  quoteIdentifier: doubleQuoted,
  text: (p) => `CAST(${p} AS VARCHAR)`,
  number: (p) => `CAST(${p} AS DOUBLE)`,
  day: (p) => `CAST(${p} AS DATE)`,
  timestamp: (p) => `CAST(${p} AS TIMESTAMPTZ)`,
  timestampValue: (ms) => new Date(ms).toISOString(),
  booleanValue: (value) => value,
  // An explicit binary collation: a session's default_collation could make `=` case-blind.
  compareText: (left, operator, right) => `${left} COLLATE "binary" ${operator} ${right}`,
  match: (haystack, mode, needle) => {
    if (mode === "contains") return `contains(${haystack}, ${needle()})`;
    if (mode === "startsWith") return `starts_with(${haystack}, ${needle()})`;
    return `ends_with(${haystack}, ${needle()})`;
  },
  inTexts: (expr, texts, bind) =>
    `${expr} COLLATE "binary" IN (${bindList(texts, bind, (p) => `CAST(${p} AS VARCHAR)`)})`,
  inNumbers: (expr, numbers, bind) =>
    `${expr} IN (${bindList(numbers, bind, (p) => `CAST(${p} AS DOUBLE)`)})`,
  json: duckdbJson(),
};
