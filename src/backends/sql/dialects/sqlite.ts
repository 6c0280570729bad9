import { bindList, type Dialect, type JsonAccess } from "../dialect.ts";
import { doubleQuoted, jsonPathText } from "./sql-text.ts";

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
