import type { QueryError } from "../errors/errors.ts";
import { UnknownTimeZoneError } from "../errors/unknown-time-zone-error.ts";
import { stringifyJson } from "../json/stringify-json.ts";
import { echoSafeJson } from "./echo.ts";

/** The type of every answer the client cannot choose, and of a 406. */
export const JSON_MEDIA_TYPE = "application/json";

/** The statuses a list handler answers with besides 200. */
export type ErrorStatus = 400 | 405 | 406 | 431 | 500;

// Written out, since node:http's STATUS_CODES is not there in a browser or a worker; the
// phrases are Node's, so a body reads the same from the handler and from `qaql serve`.
const REASONS: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  408: "Request Timeout",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
};

/**
 * The JSON body of every error, from a list handler and from the reference server alike:
 * status, reason phrase, stable code, one-line message, then details.
 */
export interface ErrorBody {
  readonly status: number;
  /** The status's reason phrase, such as "Bad Request". */
  readonly error: string;
  readonly code: string;
  readonly message: string;
  readonly [detail: string]: unknown;
}

/** An error body: status, reason phrase, code and message, then details. */
export function errorBody(
  status: number,
  code: string,
  message: string,
  details: Readonly<Record<string, unknown>> = {},
): ErrorBody {
  return { status, error: REASONS[status] ?? "Error", code, message, ...details };
}

/** The 406 body when no type the request accepts is served: the one way both answer it. */
export function notAcceptableBody(supported: readonly string[]): ErrorBody {
  const message = `accept: no type the request accepts is served; the API answers in ${supported.join(", ")}`;
  return errorBody(406, "NOT_ACCEPTABLE", message, { supported });
}

/**
 * The 400 body of an error in the request: the error's own `toJSON()` after the status and
 * reason phrase (grammar/language.md 6.7), its echoes of the request cut (`echoSafeJson`),
 * naming the header for an unknown time zone.
 */
export function badRequestBody(error: QueryError | UnknownTimeZoneError): ErrorBody {
  const { code, message, ...details } = echoSafeJson(error) as { code: string; message: string };
  const header = error instanceof UnknownTimeZoneError ? { header: "timezone" } : {};
  return errorBody(400, code, message, { ...details, ...header });
}

const encoder = new TextEncoder();

/** An answer before it becomes a `Response`: status, headers, and the JSON text. */
export interface JsonAnswer {
  readonly status: number;
  /** Every header but `content-length`, which the writer measures. */
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  /** A `HEAD` request: the writer sends the headers, the text's length, and no body. */
  readonly head: boolean;
}

/**
 * A JSON answer in the negotiated type, in UTF-8; a `HEAD` request gets the same headers and
 * no body. Every answer varies with `Accept` and `timezone`.
 */
export function jsonAnswer(
  method: string,
  status: number,
  mediaType: string,
  body: object,
  headers: Readonly<Record<string, string>> = {},
): JsonAnswer {
  return {
    status,
    headers: {
      "content-type": `${mediaType}; charset=utf-8`,
      vary: "Accept, timezone",
      ...headers,
    },
    text: stringifyJson(body),
    head: method === "HEAD",
  };
}

/** The `Response` of an answer, with its length. */
export function toResponse(answer: JsonAnswer): Response {
  const bytes = encoder.encode(answer.text);
  return new Response(answer.head ? null : bytes, {
    status: answer.status,
    headers: { ...answer.headers, "content-length": String(bytes.byteLength) },
  });
}

/** A JSON response, as `jsonAnswer` makes it, for a Web `Request`. */
export function jsonResponse(
  request: Request,
  status: number,
  mediaType: string,
  body: object,
  headers: Readonly<Record<string, string>> = {},
): Response {
  return toResponse(jsonAnswer(request.method, status, mediaType, body, headers));
}
