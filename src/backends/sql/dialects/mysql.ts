import { bindList, type Dialect, type JsonAccess } from "../dialect.ts";
import { DAY_OR_WALL_TIME, INSTANT } from "../json-dates.ts";
import { sqlString } from "./sql-text.ts";

// MySQL's collations ignore case, accents and trailing spaces: compare the bytes instead.
const binary = (expr: string) => `CAST(${expr} AS BINARY)`;

function mysqlJson(): JsonAccess {
  const jsonPath = (path: readonly string[]) =>
    sqlString(`$.${path.map((k) => `"${k}"`).join(".")}`);
  const extract = (doc: string, path: readonly string[]) =>
    `JSON_EXTRACT(${doc}, ${jsonPath(path)})`;
  const typeAt = (doc: string, path: readonly string[]) => `JSON_TYPE(${extract(doc, path)})`;
  const text = (doc: string, path: readonly string[]) =>
    `(CASE WHEN ${typeAt(doc, path)} = 'STRING' THEN JSON_UNQUOTE(${extract(doc, path)}) END)`;
  const number = (doc: string, path: readonly string[]) =>
    `(CASE WHEN ${typeAt(doc, path)} IN ('INTEGER', 'UNSIGNED INTEGER', 'DOUBLE', 'DECIMAL') THEN JSON_UNQUOTE(${extract(doc, path)}) + 0 END)`;
  // A real calendar day: DATE_ADD gives NULL for 2024-02-30, where STR_TO_DATE does not.
  const validDay = (s: string) => `DATE_ADD(LEFT(${s}, 10), INTERVAL 0 DAY) IS NOT NULL`;
  // PCRE's and ICU's `$` also match before a final newline.
  const endsClean = (s: string) => `RIGHT(${s}, 1) <> CHAR(10)`;
  return {
    value(doc, path, type) {
      if (type === "string") return text(doc, path);
      if (type === "number") return number(doc, path);
      return `(CASE WHEN ${typeAt(doc, path)} = 'BOOLEAN' THEN JSON_UNQUOTE(${extract(doc, path)}) = 'true' END)`;
    },
    isNull: (doc, path) => `(${extract(doc, path)} IS NULL OR ${typeAt(doc, path)} = 'NULL')`,
    day(doc, path) {
      const s = text(doc, path);
      return `(CASE WHEN ${s} REGEXP '${DAY_OR_WALL_TIME}' AND ${endsClean(s)} AND ${validDay(s)} THEN LEFT(${s}, 10) END)`;
    },
    instant(doc, path) {
      const s = text(doc, path);
      // Epoch ms of the wall time read as UTC, less the offset: no time-zone tables needed.
      const zoneLength = `(CASE WHEN ${s} REGEXP '[Zz]$' THEN 1 WHEN ${s} REGEXP ':[0-9]{2}$' AND SUBSTRING(${s}, -6, 1) IN ('+', '-') THEN 6 ELSE 5 END)`;
      const wall = `CAST(CONCAT(LEFT(${s}, 10), ' ', SUBSTRING(${s}, 12, CHAR_LENGTH(${s}) - 11 - ${zoneLength})) AS DATETIME(6))`;
      const sign = `(CASE SUBSTRING(${s}, -${zoneLength}, 1) WHEN '-' THEN -1 ELSE 1 END)`;
      const tail = `REPLACE(RIGHT(${s}, ${zoneLength} - 1), ':', '')`;
      const offset = `(CASE WHEN ${zoneLength} = 1 THEN 0 ELSE ${sign} * (LEFT(${tail}, 2) * 60 + RIGHT(${tail}, 2)) * 60000 END)`;
      return `COALESCE(${number(doc, path)}, CASE WHEN ${s} REGEXP '${INSTANT}' AND ${endsClean(s)} AND ${validDay(s)} THEN TIMESTAMPDIFF(MICROSECOND, TIMESTAMP('1970-01-01'), ${wall}) / 1000 - ${offset} END)`;
    },
  };
}

/** MySQL and MariaDB (`?` placeholders, backtick identifiers, byte-wise string comparison). */
export const mysql: Dialect = {
  name: "mysql",
  placeholder: () => "?",
  placeholderStyles: ["?"],
  quoteIdentifier: (name) => `\`${name.replaceAll("`", "``")}\``,
  text: (p) => p,
  number: (p) => p,
  day: (p) => `CAST(${p} AS DATE)`,
  timestamp: (p) => `CAST(${p} AS DATETIME(3))`,
  timestampValue: (ms) => new Date(ms).toISOString().slice(0, 23).replace("T", " "),
  booleanValue: (value) => (value ? 1 : 0),
  compareText: (left, operator, right) => `${binary(left)} ${operator} ${binary(right)}`,
  match: (haystack, mode, needle) => {
    if (mode === "contains") return `INSTR(${binary(haystack)}, ${binary(needle())}) > 0`;
    const side = mode === "startsWith" ? "LEFT" : "RIGHT";
    return `${side}(${binary(haystack)}, LENGTH(${binary(needle())})) = ${binary(needle())}`;
  },
  inTexts: (expr, texts, bind) => `${binary(expr)} IN (${bindList(texts, bind, binary)})`,
  inNumbers: (expr, numbers, bind) => `${expr} IN (${bindList(numbers, bind)})`,
  json: mysqlJson(),
};
