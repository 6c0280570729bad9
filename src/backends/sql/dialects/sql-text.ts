// What the dialects write alike: quoted identifiers and strings, and SQLite's and DuckDB's JSON paths.

/** An identifier in double quotes, a quote in it doubled. */
export const doubleQuoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

// JSON paths are schema field names, identifiers by grammar/language.md 1.3; quoted all the same.
export const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * A JSON path as SQLite and DuckDB read it, as a SQL string: `'$."type"."id"'`; an empty path
 * is the value itself, `'$'`, for a caller that has extracted the value already.
 */
export const jsonPathText = (path: readonly string[]) =>
  sqlString(path.length === 0 ? "$" : `$.${path.map((k) => `"${k}"`).join(".")}`);
