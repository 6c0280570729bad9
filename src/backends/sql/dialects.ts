import { clickhouse } from "./clickhouse.ts";
import { bindList, type Dialect, type JsonAccess } from "./dialect.ts";
import { DAY_OR_WALL_TIME, INSTANT } from "./json-dates.ts";

const doubleQuoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

// JSON paths are schema field names, identifiers by grammar/language.md 1.3; quoted all the same.
const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * A JSON path as SQLite and DuckDB read it, as a SQL string: `'$."type"."id"'`; an empty path
 * is the value itself, `'$'`, for a caller that has extracted the value already.
 */
export const jsonPathText = (path: readonly string[]) =>
  sqlString(path.length === 0 ? "$" : `$.${path.map((k) => `"${k}"`).join(".")}`);

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

// SQLite has no regular expressions: the same shapes as json-dates.ts, spelled with GLOB.
function sqliteWallTime(s: string, allowDay: boolean): string {
  const lengths = allowDay ? "(10, 16, 19)" : "(16, 19)";
  return `((length(${s}) IN ${lengths} OR (length(${s}) BETWEEN 21 AND 26 AND substr(${s}, 20, 1) = '.' AND substr(${s}, 21) NOT GLOB '*[^0-9]*')) AND ${s} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*' AND (${allowDay ? `length(${s}) = 10 OR ` : ""}(substr(${s}, 11) GLOB '[Tt ][0-2][0-9]:[0-5][0-9]*' AND substr(${s}, 12, 2) <= '23' AND (length(${s}) = 16 OR substr(${s}, 17, 3) GLOB ':[0-5][0-9]'))) AND substr(${s}, 1, 4) <> '0000' AND date(substr(${s}, 1, 10)) = substr(${s}, 1, 10))`;
}

function sqliteJson(): JsonAccess {
  const jsonPath = jsonPathText;
  const typeAt = (doc: string, path: readonly string[]) => `json_type(${doc}, ${jsonPath(path)})`;
  const extract = (doc: string, path: readonly string[]) =>
    `json_extract(${doc}, ${jsonPath(path)})`;
  const text = (doc: string, path: readonly string[]) =>
    `(CASE WHEN ${typeAt(doc, path)} = 'text' THEN ${extract(doc, path)} END)`;
  const number = (doc: string, path: readonly string[]) =>
    `(CASE WHEN ${typeAt(doc, path)} IN ('integer', 'real') THEN ${extract(doc, path)} END)`;
  return {
    value(doc, path, type) {
      if (type === "string") return text(doc, path);
      if (type === "number") return number(doc, path);
      return `(CASE ${typeAt(doc, path)} WHEN 'true' THEN 1 WHEN 'false' THEN 0 END)`;
    },
    isNull: (doc, path) => `coalesce(${typeAt(doc, path)} = 'null', 1)`,
    day(doc, path) {
      const s = text(doc, path);
      return `(CASE WHEN ${sqliteWallTime(s, true)} THEN substr(${s}, 1, 10) END)`;
    },
    instant(doc, path) {
      const s = text(doc, path);
      // The offset's length: Z, +HH:MM or +HHMM; the rest must be a wall time.
      const zone = `(CASE WHEN ${s} GLOB '*[Zz]' THEN 1 WHEN ${s} GLOB '*[+-][0-2][0-9]:[0-5][0-9]' THEN 6 WHEN ${s} GLOB '*[+-][0-2][0-9][0-5][0-9]' THEN 5 END)`;
      const body = `substr(${s}, 1, length(${s}) - ${zone})`;
      const hours = `substr(${s}, length(${s}) - ${zone} + 2, 2)`;
      const minutes = `substr(${s}, -2)`;
      const offset = `(CASE ${zone} WHEN 1 THEN 'Z' ELSE substr(${s}, length(${s}) - ${zone} + 1, 1) || ${hours} || ':' || ${minutes} END)`;
      const normalized = `(substr(${body}, 1, 10) || 'T' || substr(${body}, 12) || ${offset})`;
      return `coalesce(${number(doc, path)}, CASE WHEN ${zone} IS NOT NULL AND ${sqliteWallTime(body, false)} AND (${zone} = 1 OR ${hours} <= '14') THEN round(unixepoch(${normalized}, 'subsec') * 1000) END)`;
    },
  };
}

/** SQLite (`node:sqlite`): BINARY collation is UTF-8 byte order; LIKE is avoided, being case-blind. */
export const sqlite: Dialect = {
  name: "sqlite",
  placeholder: () => "?",
  placeholderStyles: ["?", "?n"],
  quoteIdentifier: doubleQuoted,
  text: (p) => p,
  number: (p) => p,
  day: (p) => p,
  timestamp: (p) => p,
  timestampValue: (ms) => new Date(ms).toISOString(),
  booleanValue: (value) => (value ? 1 : 0),
  // An explicit BINARY: a column declared NOCASE would otherwise compare case-blind.
  compareText: (left, operator, right) => `${left} COLLATE BINARY ${operator} ${right}`,
  match: (haystack, mode, needle) => {
    if (mode === "contains") return `instr(${haystack}, ${needle()}) > 0`;
    // As bytes: SQLite's length() and substr() on text stop at a NUL character.
    const blob = (expr: string) => `CAST(${expr} AS BLOB)`;
    if (mode === "startsWith") {
      return `substr(${blob(haystack)}, 1, length(${blob(needle())})) = ${blob(needle())}`;
    }
    return `substr(${blob(haystack)}, -length(${blob(needle())})) = ${blob(needle())}`;
  },
  inTexts: (expr, texts, bind) => `${expr} COLLATE BINARY IN (${bindList(texts, bind)})`,
  inNumbers: (expr, numbers, bind) => `${expr} IN (${bindList(numbers, bind)})`,
  json: sqliteJson(),
};

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

/** The dialects by name. */
export const dialects = { postgres, sqlite, duckdb, mysql, clickhouse } as const;

/** A dialect's name. */
export type DialectName = keyof typeof dialects;
