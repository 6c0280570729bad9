import { STATUS_CODES } from "node:http";

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
  | "TOO_MANY_QUERIES"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "BODY_TOO_LARGE"
  | "MALFORMED_JSON"
  | "MALFORMED_REQUEST"
  | "HEADER_TOO_LARGE"
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
  toJSON(): ApiErrorBody {
    return {
      status: this.status,
      error: STATUS_CODES[this.status] ?? "Error",
      code: this.code,
      message: this.message,
      ...this.details,
    };
  }
}
