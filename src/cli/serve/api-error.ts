import { STATUS_CODES } from "node:http";
import { type QueryError, QueryParameterError } from "../../errors/errors.ts";
import { UnknownTimeZoneError } from "../../errors/unknown-time-zone-error.ts";

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

/** A message with its echo of a request's value cut, quoted or not. */
function cutEchoedValue(message: string, value: string): string {
  if (value.length <= ECHO_LENGTH) return message;
  return message
    .split(JSON.stringify(value))
    .join(quoteForEcho(value))
    .split(value)
    .join(cutForEcho(value));
}

const wholeValueIsWrong = (error: QueryError): boolean =>
  error instanceof QueryParameterError || error.code === "INPUT_TOO_LONG";

/**
 * A 400 for an error of the library about the request (a bad `where`, `fields`, `page` or
 * `size`, an unknown `timezone`): the error's own `toJSON()` body after the status and reason
 * phrase, then `context` (the header it came from). Every echo of the request's value is cut
 * (`cutForEcho`): in `message`, the first line of `diagnostic`, a `timeZone`, and `input` when
 * the value as a whole is the problem (too long, repeated, broken escapes, a page or size), not
 * when it is a place in a text that the languages' length limit already bounds.
 */
export function libraryError(
  error: QueryError | UnknownTimeZoneError,
  context: Readonly<Record<string, unknown>> = {},
): ApiError {
  const { code, message, ...details } = error.toJSON();
  const value = error instanceof UnknownTimeZoneError ? error.timeZone : error.input;
  const shown = cutEchoedValue(message, value);
  const cut: Record<string, unknown> = {};
  if (typeof details.diagnostic === "string") {
    cut.diagnostic = [shown, ...details.diagnostic.split("\n").slice(1)].join("\n");
  }
  if (error instanceof UnknownTimeZoneError) cut.timeZone = cutForEcho(value);
  else if (wholeValueIsWrong(error)) cut.input = cutForEcho(value);
  return new ApiError(400, code, shown, { ...details, ...cut, ...context });
}
