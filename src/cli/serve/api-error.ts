import { STATUS_CODES } from "node:http";
import { type QueryError, QuerySyntaxError, QueryValidationError } from "../../errors/errors.ts";
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

/**
 * A 400 for a bad `where`, `fields`, `page` or `size`: the QueryError's code and position
 * (`offset`, `length`, 1-based `line` and `column` in the decoded value), the value as
 * `input`, the caret `diagnostic`, and `expected` or `issues` where the error has them.
 */
export function queryParameterError(error: QueryError): ApiError {
  const [message = error.message] = error.message.split("\n");
  const details: Record<string, unknown> = {
    parameter: error.parameter,
    offset: error.offset,
    length: error.length,
    line: error.line,
    column: error.column,
    input: error.input,
    diagnostic: error.message,
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
