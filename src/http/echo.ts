import { type QueryError, QueryParameterError } from "../errors/errors.ts";
import { UnknownTimeZoneError } from "../errors/unknown-time-zone-error.ts";

/** The most characters of a request's value an error body echoes. */
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
 * The `toJSON()` of an error in a request with every echo of the request's value cut
 * (`cutForEcho`): in `message`, the first line of `diagnostic`, a `timeZone`, and `input` when
 * the value as a whole is the problem (too long, repeated, broken escapes, a page or size), not
 * when it is a place in a text that the languages' length limit already bounds.
 */
export function echoSafeJson(error: QueryError | UnknownTimeZoneError): Record<string, unknown> {
  const json: Record<string, unknown> = { ...error.toJSON() };
  const value = error instanceof UnknownTimeZoneError ? error.timeZone : error.input;
  const message = cutEchoedValue(String(json.message), value);
  json.message = message;
  if (typeof json.diagnostic === "string") {
    json.diagnostic = [message, ...json.diagnostic.split("\n").slice(1)].join("\n");
  }
  if (error instanceof UnknownTimeZoneError) json.timeZone = cutForEcho(value);
  else if (wholeValueIsWrong(error)) json.input = cutForEcho(value);
  return json;
}
