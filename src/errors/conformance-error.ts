import { type ErrorJson, QaqlError } from "./qaql-error.ts";

/** Why `runConformance` could not judge a server (a disagreement is a report, not an error). */
export type ConformanceErrorCode = "SERVER_UNREADABLE" | "SERVER_NOT_DETERMINISTIC";

/**
 * `runConformance` could not read the server (unreachable, a status other than 200 while
 * fetching the records, not a list response, `next` links that loop), or the server answered
 * the shrunk case differently on a second try.
 */
export class ConformanceError extends QaqlError {
  override readonly name = "ConformanceError";
  declare readonly code: ConformanceErrorCode;
  /** The URL whose answer was the problem. */
  readonly url: string;

  constructor(code: ConformanceErrorCode, url: string, message: string) {
    super(code, message);
    this.url = url;
  }

  /** The JSON body: `code`, `message` and `url`. */
  override toJSON(): ErrorJson {
    const { code, message, url } = this;
    return { code, message, url };
  }
}
