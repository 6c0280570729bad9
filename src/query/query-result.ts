import type { ArtefactId } from "./artefact.ts";
import type { ColumnType, DisplayType } from "./types.ts";

/** A column of a query result: what the definition asked for, and the key of its cells. */
export interface ResultColumn {
  /** Unique among the columns: `TYPE:ID`, plus `:DISPLAY` for indicators, `#n` for repeats. */
  readonly key: string;
  readonly type: ColumnType;
  readonly id: string;
  /** Indicators only. */
  readonly displayType?: DisplayType;
  /** Artefact types whose rows have no cell for this column. */
  readonly excludingTypes: readonly string[];
}

/** A cell of an indicator column shown with its level's colour. */
export interface ColouredCell {
  readonly value: string | number;
  /** `rgba(r,g,b,a)` with the level's colour and the column's alpha over 255. */
  readonly background: string;
}

/** What a cell holds: a measure (number), an info (string), an indicator's shown value. */
export type CellValue = number | string | ColouredCell;

/** A row of a query result: one artefact. */
export interface ResultRow {
  readonly id: ArtefactId;
  readonly name: string | null;
  readonly type: string | null;
  /** Absent with `hidePath`. */
  readonly path?: string | null;
  /** Absent with `hideRating`. */
  readonly rating?: string | null;
  /** By column key: null when the artefact lacks the value, absent when the column excludes its type. */
  readonly cells: Readonly<Record<string, CellValue | null>>;
}

/** The table `runQuery` returns. */
export interface QueryResult {
  readonly columns: readonly ResultColumn[];
  readonly rows: readonly ResultRow[];
  /** Rows matching before `resultSize` cut them. */
  readonly total: number;
}
