/** How a date field can be stored in its column, for the SQL backend. */
export const DATE_STORAGES = ["date", "timestamp", "epochMillis", "text"] as const;

/** How a date field is stored in its column, for the SQL backend. */
export type DateStorage = (typeof DATE_STORAGES)[number];

/**
 * How `toSql` can write placeholders (grammar/language.md 9.4): numbered `$1` (PostgreSQL, DuckDB),
 * numbered `?1` (SQLite), or positional `?`, where each use of a value is bound anew.
 */
export const PLACEHOLDER_STYLES = ["$n", "?n", "?"] as const;

/** A way of writing placeholders, for `toSql`'s `placeholders` option. */
export type PlaceholderStyle = (typeof PLACEHOLDER_STYLES)[number];

/** Binds a value as the next parameter and returns its placeholder. */
export type Binder = (value: unknown) => string;

/** The placeholders of an `IN` list: each value bound, wrapped (a cast), comma-separated. */
export function bindList(
  values: readonly unknown[],
  bind: Binder,
  wrap: (placeholder: string) => string = (placeholder) => placeholder,
): string {
  return values.map((value) => wrap(bind(value))).join(", ");
}

/** How a dialect reads typed fields out of a JSON column (grammar/language.md 2.3–2.5 on JSON data). */
export interface JsonAccess {
  /** The value at a path as SQL text, number or boolean; NULL when absent or of another JSON type. */
  value(doc: string, path: readonly string[], type: "string" | "number" | "boolean"): string;
  /** Whether the value at a path is absent or JSON null (a value of another type is a value). */
  isNull(doc: string, path: readonly string[]): string;
  /** A date string's calendar day as `yyyy-MM-dd` text: a day, or a date-time with no offset. */
  day(doc: string, path: readonly string[]): string;
  /** A date value's instant in epoch ms: a JSON number, or a date-time string with an offset. */
  instant(doc: string, path: readonly string[]): string;
}

/**
 * What differs between SQL engines, as small hooks over one shared compiler: a dialect is data,
 * not a subclass. Every hook gets already-quoted operands and placeholders; none sees user text.
 */
export interface Dialect {
  readonly name: string;
  /** The placeholder of the n-th parameter, from 1: the dialect's own style, `toSql`'s default. */
  placeholder(index: number): string;
  /**
   * The styles of `toSql`'s `placeholders` option that the engine also reads; every style when
   * absent, none when the other hooks need the dialect's own placeholders (ClickHouse's are typed).
   */
  readonly placeholderStyles?: readonly PlaceholderStyle[];
  /** Quotes an identifier, doubling the quote character. */
  quoteIdentifier(name: string): string;
  /** A text placeholder, cast where the engine needs the type. */
  text(placeholder: string): string;
  /** A number placeholder, cast where the engine needs the type. */
  number(placeholder: string): string;
  /** A `yyyy-MM-dd` day placeholder, as the engine's DATE. */
  day(placeholder: string): string;
  /** An instant placeholder for a TIMESTAMPTZ-like column, and the value to bind for epoch ms. */
  timestamp(placeholder: string): string;
  /** The value bound to `timestamp`'s placeholder for an instant in epoch milliseconds. */
  timestampValue(epochMillis: number): unknown;
  /** The value to bind for a boolean. */
  booleanValue(value: boolean): unknown;
  /** A boolean placeholder, typed where the engine needs it; the placeholder itself if absent. */
  boolean?(placeholder: string): string;
  /**
   * A `date`-storage column as `yyyy-MM-dd` text, for an engine whose DATE cannot take every day
   * a filter names (ClickHouse clamps outside 1900–2299); compared as the column itself if absent.
   */
  dayText?(column: string): string;
  /** A `timestamp`-storage column as epoch milliseconds, for the same reason; as itself if absent. */
  instantMillis?(column: string): string;
  /** Compares strings by code point, case- and accent-sensitive (grammar/language.md 2.3). */
  compareText(left: string, operator: string, right: string): string;
  /**
   * Case-sensitive `~` (2.4): `mode` says where the needle must occur in `haystack`; each call of
   * `needle` binds the text anew, as `?` placeholders cannot be repeated.
   */
  match(
    haystack: string,
    mode: "contains" | "startsWith" | "endsWith",
    needle: () => string,
  ): string;
  /** `expr IN (…)` for texts, bound compactly where the engine allows. */
  inTexts(expr: string, texts: readonly string[], bind: Binder): string;
  /** `expr IN (…)` for numbers. */
  inNumbers(expr: string, numbers: readonly number[], bind: Binder): string;
  /**
   * `false` when the engine's text cannot hold U+0000 (PostgreSQL): no stored text holds one,
   * so a filter's text holding one is compiled to what it selects there and never bound
   * (grammar/language.md 9.3). Texts are bound as they are unless it is `false`.
   */
  readonly textHoldsNul?: boolean;
  /**
   * `false` when no expression of the engine yields a boolean (SQL Server; Oracle before 23):
   * the compiler then never writes a condition where a value goes (`CASE … THEN a = b`) and
   * chooses between two conditions with AND and OR. Conditions are values unless it is `false`.
   */
  readonly booleanValues?: boolean;
  /** JSON mode, where the engine has it. */
  readonly json?: JsonAccess;
}
