// The artefact query definition of `POST /artefacts/{artefact-id}/query` (API section 2.6), as
// `parseQueryDefinition` returns it: plain data, every default applied.

/** A bound of an interval: a finite number, or absent (infinite). */
export interface IntervalBound {
  readonly value: number | null;
  /** Whether the bound's number belongs to the interval (a bracket facing the number). */
  readonly inclusive: boolean;
}

/** `[10;20[`: numbers from 10 (included) to 20 (excluded); `[;[` is every number. */
export interface Interval {
  readonly low: IntervalBound;
  readonly high: IntervalBound;
}

/** A glob of `data.patterns`: `*` any run of characters, `?` one character, as written. */
export interface GlobPattern {
  readonly text: string;
}

/** What a column of the result table shows of an artefact: a measure, an indicator or an info. */
export type ColumnType = "MEASURE" | "INDICATOR" | "INFO";
/** How an indicator's column shows its level: by name, rank, icon or mnemonic. */
export type DisplayType = "NAME" | "RANK" | "ICON" | "MNEMONIC";
/** What an order compares: the value or the rank, or their change since the previous analysis. */
export type OrderType = "VALUE" | "RANK" | "DIFF_VALUE" | "DIFF_RANK";

/** A column of the result table. */
export interface QueryColumn {
  readonly type: ColumnType;
  readonly id: string;
  /** Indicators only; `NAME` otherwise and by default. */
  readonly displayType: DisplayType;
  /** Indicators only; false by default. */
  readonly useBackgroundColor: boolean;
  /** 0 to 255, 100 by default; meaningful only with `useBackgroundColor`. */
  readonly alpha: number;
  /** Artefact types for which the column is not shown. */
  readonly excludingTypes: readonly string[];
}

/** An order of the rows: by a measure of the artefact or of the root. */
export interface QueryOrder {
  readonly type: "ROOT_MEASURE" | "MEASURE";
  readonly id: string;
  readonly order: "ASC" | "DESC";
  readonly orderType: OrderType;
}

/** What a filter keeps: `checked` values, `bounds` intervals (measures, indicators) or `patterns` (infos). */
export interface QueryFilterData {
  readonly checked: readonly string[] | undefined;
  readonly bounds: readonly Interval[] | undefined;
  readonly patterns: readonly GlobPattern[] | undefined;
}

/** A filter on a measure, an indicator or an info of the artefacts. */
export interface QueryFilter {
  readonly type: "measure" | "indicator" | "info";
  readonly id: string;
  readonly data: QueryFilterData;
  /** Keeps the artefacts the filter would drop instead; false by default. */
  readonly invert: boolean;
}

/** A whole query definition with its defaults applied. */
export interface QueryDefinition {
  /** Artefact types to list; empty means any. */
  readonly artefactTypes: readonly string[];
  readonly linkType: string | undefined;
  readonly linkDirection: "OUT" | "IN";
  readonly columns: readonly QueryColumn[];
  readonly orders: readonly QueryOrder[];
  readonly filters: readonly QueryFilter[];
  /** Rows to return; undefined means all. */
  readonly resultSize: number | undefined;
  readonly hidePath: boolean;
  readonly hideRating: boolean;
}
