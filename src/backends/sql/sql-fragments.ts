import type { Filter } from "../../ast/zoned-filter.ts";
import { compileSql, type SqlOptions } from "./compile-sql.ts";

/**
 * A condition cut at its placeholders: the SQL text between them (one more fragment than values)
 * and the value of each place, in text order. A value the SQL uses twice is there twice, so a
 * builder that numbers parameters itself, or a positional `?`, can take them as they come.
 */
export interface SqlFragments {
  readonly fragments: readonly string[];
  readonly values: readonly unknown[];
}

// Markers are characters of the Private Use Areas, which no built-in dialect writes.
const MARK_RANGES: readonly (readonly [number, number])[] = [
  [0xe000, 0xf8ff],
  [0xf0000, 0xffffd],
  [0x100000, 0x10fffd],
];

/** A private-use character that none of `names` holds, so that a marker is only ever a marker. */
function markOutside(names: readonly string[]): string {
  const taken = new Set<number>();
  for (const name of names) {
    for (const character of name) taken.add(character.codePointAt(0) as number);
  }
  for (const [first, last] of MARK_RANGES) {
    for (let code = first; code <= last; code++) {
      if (!taken.has(code)) return String.fromCodePoint(code);
    }
  }
  // Over 137,000 distinct private-use characters in column names: no marker is left.
  throw new RangeError("the column names hold every private-use character");
}

/**
 * Compiles as `compileSql` does, each placeholder a marker that no column name holds, and cuts the
 * text at the markers, so that every use of a value gets its own place whatever the dialect reuses.
 */
export function compileSqlFragments(filter: Filter, options: SqlOptions): SqlFragments {
  const names = [
    ...(options.json === undefined ? [] : [options.json]),
    ...Object.values(options.columns ?? {}).map((entry) =>
      typeof entry === "string" ? entry : entry.column,
    ),
  ];
  const mark = markOutside(names);
  const { sql, params } = compileSql(filter, {
    ...options,
    placeholder: (index) => `${mark}${index}${mark}`,
  });
  const parts = sql.split(mark);
  const uncut = () =>
    new TypeError(
      `the ${options.dialect.name} dialect writes U+${(mark.codePointAt(0) as number).toString(16).toUpperCase()} in its SQL, or changes its placeholders: its SQL cannot be cut at them`,
    );
  if (parts.length % 2 === 0) throw uncut();
  const fragments = parts.filter((_, i) => i % 2 === 0);
  const values = parts
    .filter((_, i) => i % 2 === 1)
    .map((digits) => {
      if (!/^[1-9][0-9]*$/.test(digits) || Number(digits) > params.length) throw uncut();
      return params[Number(digits) - 1];
    });
  return { fragments, values };
}
