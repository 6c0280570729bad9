import { QaqlError } from "../errors/qaql-error.ts";
import { type ErrorBody, errorBody } from "../http/responses.ts";

/** The stable codes of the server's own errors; an error of the library keeps its own code. */
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
  | "TOO_MANY_LOGIN_ATTEMPTS"
  | "TOO_MANY_QUERIES"
  | "TOO_MANY_REQUESTS"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "BODY_TOO_LARGE"
  | "MALFORMED_JSON"
  | "MALFORMED_REQUEST"
  | "HEADER_TOO_LARGE"
  | "UNSUPPORTED_PARAMETER"
  | "INTERNAL_ERROR";

/**
 * An error response to send: status, stable code, one-line message, extra body fields, headers.
 * One of qaql's errors (`QaqlError`): its `toJSON()` is the body, an `ErrorBody`.
 */
export class ApiError extends QaqlError {
  override readonly name = "ApiError";
  readonly status: number;
  readonly details: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    code: string,
    message: string,
    details: Readonly<Record<string, unknown>> = {},
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(code, message);
    this.status = status;
    this.details = details;
    this.headers = headers;
  }

  /** The JSON body: status, reason phrase, code, message, then the details. */
  override toJSON(): ErrorBody {
    return errorBody(this.status, this.code, this.message, this.details);
  }
}
