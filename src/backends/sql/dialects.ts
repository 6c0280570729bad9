import type { Binder, Dialect } from "./dialect.ts";

const doubleQuoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const list = (values: readonly unknown[], bind: Binder, wrap: (p: string) => string) =>
  values.map((v) => wrap(bind(v))).join(", ");

/** PostgreSQL (and PGlite): `$n` placeholders, `COLLATE "C"` for code-point order, array binds. */
export const postgres: Dialect = {
  name: "postgres",
  placeholder: (index) => `$${index}`,
  quoteIdentifier: doubleQuoted,
  text: (p) => `${p}::text`,
  number: (p) => `${p}::numeric`,
  day: (p) => `${p}::date`,
  timestamp: (p) => `${p}::timestamptz`,
  timestampValue: (ms) => new Date(ms).toISOString(),
  booleanValue: (value) => value,
  compareText: (left, operator, right) => `${left} COLLATE "C" ${operator} ${right}`,
  match: (haystack, mode, needle) => {
    if (mode === "contains") return `strpos(${haystack}, ${needle()}) > 0`;
    if (mode === "startsWith") return `starts_with(${haystack}, ${needle()})`;
    const text = needle();
    return `right(${haystack}, length(${text})) = ${text}`;
  },
  inTexts: (expr, texts, bind) => `${expr} = ANY(${bind(texts)}::text[])`,
  inNumbers: (expr, numbers, bind) => `${expr} = ANY(${bind(numbers)}::numeric[])`,
};

/** SQLite (`node:sqlite`): BINARY collation is UTF-8 byte order; LIKE is avoided, being case-blind. */
export const sqlite: Dialect = {
  name: "sqlite",
  placeholder: () => "?",
  quoteIdentifier: doubleQuoted,
  text: (p) => p,
  number: (p) => p,
  day: (p) => p,
  timestamp: (p) => p,
  timestampValue: (ms) => new Date(ms).toISOString(),
  booleanValue: (value) => (value ? 1 : 0),
  compareText: (left, operator, right) => `${left} ${operator} ${right}`,
  match: (haystack, mode, needle) => {
    if (mode === "contains") return `instr(${haystack}, ${needle()}) > 0`;
    if (mode === "startsWith") return `substr(${haystack}, 1, length(${needle()})) = ${needle()}`;
    return `substr(${haystack}, -length(${needle()})) = ${needle()}`;
  },
  inTexts: (expr, texts, bind) => `${expr} IN (${list(texts, bind, (p) => p)})`,
  inNumbers: (expr, numbers, bind) => `${expr} IN (${list(numbers, bind, (p) => p)})`,
};

/** DuckDB (`@duckdb/node-api`): binary string order, case-sensitive string functions. */
export const duckdb: Dialect = {
  name: "duckdb",
  placeholder: () => "?",
  quoteIdentifier: doubleQuoted,
  text: (p) => `CAST(${p} AS VARCHAR)`,
  number: (p) => `CAST(${p} AS DOUBLE)`,
  day: (p) => `CAST(${p} AS DATE)`,
  timestamp: (p) => `CAST(${p} AS TIMESTAMPTZ)`,
  timestampValue: (ms) => new Date(ms).toISOString(),
  booleanValue: (value) => value,
  compareText: (left, operator, right) => `${left} ${operator} ${right}`,
  match: (haystack, mode, needle) => {
    if (mode === "contains") return `contains(${haystack}, ${needle()})`;
    if (mode === "startsWith") return `starts_with(${haystack}, ${needle()})`;
    return `ends_with(${haystack}, ${needle()})`;
  },
  inTexts: (expr, texts, bind) =>
    `${expr} IN (${list(texts, bind, (p) => `CAST(${p} AS VARCHAR)`)})`,
  inNumbers: (expr, numbers, bind) =>
    `${expr} IN (${list(numbers, bind, (p) => `CAST(${p} AS DOUBLE)`)})`,
};

// MySQL's collations ignore case, accents and trailing spaces: compare the bytes instead.
const binary = (expr: string) => `CAST(${expr} AS BINARY)`;

/** MySQL and MariaDB (`?` placeholders, backtick identifiers, byte-wise string comparison). */
export const mysql: Dialect = {
  name: "mysql",
  placeholder: () => "?",
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
  inTexts: (expr, texts, bind) => `${binary(expr)} IN (${list(texts, bind, binary)})`,
  inNumbers: (expr, numbers, bind) => `${expr} IN (${list(numbers, bind, (p) => p)})`,
};

/** The dialects by name. */
export const dialects = { postgres, sqlite, duckdb, mysql } as const;

/** A dialect's name. */
export type DialectName = keyof typeof dialects;
