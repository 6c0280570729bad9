/** The stable codes of the errors that bad input to `qaql filter` raises. */
export type InputErrorCode =
  | "MALFORMED_JSON"
  | "INVALID_UTF8"
  | "TRUNCATED_INPUT"
  | "WRONG_SHAPE"
  | "UNKNOWN_RESOURCE"
  | "SEVERAL_RESOURCES"
  | "EMPTY_INPUT";

/** Where in the input an error applies: a 0-based byte offset, a 1-based line and byte column. */
export interface InputPosition {
  readonly offset: number;
  readonly line: number;
  /** 1-based, counted in bytes from the start of the line (UTF-8 characters may take several). */
  readonly column: number;
}

/** Formats a position for a message: `line 3, column 17 (byte 10234)`. */
export function formatInputPosition(position: InputPosition): string {
  return `line ${position.line}, column ${position.column} (byte ${position.offset})`;
}

/** Bad input to the record reader: one line of message, a stable code and a byte position. */
export class InputError extends Error implements InputPosition {
  override readonly name = "InputError";
  readonly code: InputErrorCode;
  readonly offset: number;
  readonly line: number;
  readonly column: number;

  /** `text` is the sentence after `input: `, with the position already in it. */
  constructor(code: InputErrorCode, text: string, position: InputPosition) {
    super(`input: ${text}`);
    this.code = code;
    this.offset = position.offset;
    this.line = position.line;
    this.column = position.column;
  }
}
