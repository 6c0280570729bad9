import { STATUS_CODES } from "node:http";
import {
  type QueryError,
  QueryParameterError,
  QuerySyntaxError,
  QueryValidationError,
} from "../../errors/errors.ts";
import { lineColumnOf } from "../../errors/position.ts";

/** The stable codes of the server's own errors; a bad query parameter keeps its QueryError code. */
export type ApiErrorCode =
  | "NOT_ACCEPTABLE"
  | "METHOD_NOT_ALLOWED"
  | "MALFORMED_URL"
  | "NOT_FOUND"
  | "MISSING_CREDENTIALS"
  | "WRONG_SCHEME"
  | "MALFORMED_CREDENTIALS"
  | "WRONG_CREDENTIALS"
  | "MISSING_TOKEN"
  | "UNKNOWN_TOKEN"
  | "TOKEN_EXPIRED"
  | "TOKEN_IDLE"
  | "TOO_MANY_TOKEN_REQUESTS"
  | "UNKNOWN_TIME_ZONE"
  | "MALFORMED_REQUEST"
  | "INTERNAL_ERROR";

/** The JSON body of every error response. */
export interface ApiErrorBody {
  readonly status: number;
  /** The status's reason phrase, such as "Bad Request". */
  readonly error: string;
  readonly code: string;
  /** One line saying what was wrong. */
  readonly message: string;
  readonly [detail: string]: unknown;
}

/** An error response to send: status, stable code, one-line message, extra body fields, headers. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: string;
  readonly details: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    code: string,
    message: string,
    details: Readonly<Record<string, unknown>> = {},
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  /** The JSON body: status, reason phrase, code, message, then the details. */
  body(): ApiErrorBody {
    return {
      status: this.status,
      error: STATUS_CODES[this.status] ?? "Error",
      code: this.code,
      message: this.message,
      ...this.details,
    };
  }
}

/** The most characters of a request's value an error echoes. */
export const ECHO_LENGTH = 100;

/** A request's value as an error echoes it: whole up to `ECHO_LENGTH` characters, else its start and "…". */
export function cutForEcho(value: string): string {
  if (value.length <= ECHO_LENGTH) return value;
  const high = value.charCodeAt(ECHO_LENGTH - 1);
  // Never keep half of a surrogate pair, which would not survive UTF-8.
  const end = high >= 0xd800 && high <= 0xdbff ? ECHO_LENGTH - 1 : ECHO_LENGTH;
  return `${value.slice(0, end)}…`;
}

/** A request's value quoted for an error message, cut as `cutForEcho` does. */
export function quoteForEcho(value: string): string {
  return JSON.stringify(cutForEcho(value));
}

/** The first line of a QueryError's message with its echo of the whole input cut. */
function cutEchoedInput(line: string, input: string): string {
  if (input.length <= ECHO_LENGTH) return line;
  return line
    .split(JSON.stringify(input))
    .join(quoteForEcho(input))
    .split(input)
    .join(cutForEcho(input));
}

const wholeValueIsWrong = (error: QueryError): boolean =>
  error instanceof QueryParameterError || error.code === "INPUT_TOO_LONG";

/**
 * A 400 for a bad `where`, `fields`, `page` or `size`: the QueryError's code and position
 * (`offset`, `length`, 1-based `line` and `column` in the decoded value), the value as
 * `input`, the caret `diagnostic`, and `expected` or `issues` where the error has them. The
 * message echoes a long value cut (`cutForEcho`); so does `input` when the value as a whole is
 * the problem (too long, repeated, broken escapes, a page or size), and not a place in a text
 * the languages' length limit already bounds.
 */
export function queryParameterError(error: QueryError): ApiError {
  const [line = error.message, ...caret] = error.message.split("\n");
  const message = cutEchoedInput(line, error.input);
  const details: Record<string, unknown> = {
    parameter: error.parameter,
    offset: error.offset,
    length: error.length,
    line: error.line,
    column: error.column,
    input: wholeValueIsWrong(error) ? cutForEcho(error.input) : error.input,
    diagnostic: [message, ...caret].join("\n"),
  };
  if (error instanceof QuerySyntaxError) details.expected = error.expected;
  if (error instanceof QueryValidationError) {
    details.issues = error.issues.map((issue) => ({
      ...issue,
      ...lineColumnOf(error.input, issue.offset),
    }));
  }
  return new ApiError(400, error.code, message, details);
}
