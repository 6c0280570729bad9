import { QueryError } from "./errors.ts";

/** The stable codes of errors in an interval string (grammar/query-intervals.md). */
export type IntervalErrorCode =
  | "MISSING_OPENING_BRACKET"
  | "BAD_NUMBER"
  | "NUMBER_OUT_OF_RANGE"
  | "MISSING_SEMICOLON"
  | "MISSING_CLOSING_BRACKET"
  | "TRAILING_TEXT"
  | "EMPTY_INTERVAL";

/** An interval string such as `[10;20[` that does not parse; the message's first word is `interval`. */
export class IntervalSyntaxError extends QueryError {
  override readonly name = "IntervalSyntaxError";
  declare readonly code: IntervalErrorCode;

  constructor(options: {
    input: string;
    code: IntervalErrorCode;
    offset: number;
    length: number;
    description: string;
  }) {
    const { input, code, offset, length, description } = options;
    super("interval", input, code, offset, length, description);
  }
}
