import { type ErrorJson, QaqlError } from "./qaql-error.ts";

/** The stable codes of the errors that a dump's bytes raise (grammar/language.md 10.3). */
export type DumpErrorCode =
  | "MALFORMED_JSON"
  | "INVALID_UTF8"
  | "TRUNCATED_INPUT"
  | "WRONG_SHAPE"
  | "UNKNOWN_RESOURCE"
  | "SEVERAL_RESOURCES"
  | "EMPTY_INPUT";

/** Where in a dump an error applies: a 0-based byte offset, a 1-based line and byte column. */
export interface DumpPosition {
  readonly offset: number;
  readonly line: number;
  /** 1-based, counted in bytes from the start of the line (UTF-8 characters may take several). */
  readonly column: number;
}

/** Formats a position for a message: `line 3, column 17 (byte 10234)`. */
export function formatDumpPosition(position: DumpPosition): string {
  return `line ${position.line}, column ${position.column} (byte ${position.offset})`;
}

/**
 * Bad bytes in a dump being read (`filterDump`, `qaql filter`): a stable code and the byte
 * position of the first problem; the records before it have been delivered.
 */
export class DumpError extends QaqlError implements DumpPosition {
  override readonly name = "DumpError";
  declare readonly code: DumpErrorCode;
  readonly offset: number;
  readonly line: number;
  readonly column: number;

  /** `text` is the sentence after `dump: `, with the position already in it. */
  constructor(code: DumpErrorCode, text: string, position: DumpPosition) {
    super(code, `dump: ${text}`);
    this.offset = position.offset;
    this.line = position.line;
    this.column = position.column;
  }

  override toJSON(): ErrorJson {
    const { code, message, offset, line, column } = this;
    return { code, message, offset, line, column };
  }
}
