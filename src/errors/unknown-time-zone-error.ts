import { type ErrorJson, QaqlError } from "./qaql-error.ts";

/** An unknown or malformed time zone name (the API's `timezone` header, grammar/language.md 2.5). */
export class UnknownTimeZoneError extends QaqlError {
  override readonly name = "UnknownTimeZoneError";
  declare readonly code: "UNKNOWN_TIME_ZONE";
  readonly timeZone: string;

  constructor(timeZone: string) {
    const offset = /^[+\-\u2212]/.test(timeZone)
      ? ' (a UTC offset is no zone: name the zone, such as "Asia/Kolkata", or "Etc/GMT-5" for a fixed offset of +05:00)'
      : "";
    super(
      "UNKNOWN_TIME_ZONE",
      `unknown time zone ${JSON.stringify(timeZone)}: expected an IANA name such as "Europe/Paris" or "UTC"${offset}`,
    );
    this.timeZone = timeZone;
  }

  /** The JSON body: `code`, `message` and `timeZone`. */
  override toJSON(): ErrorJson {
    const { code, message, timeZone } = this;
    return { code, message, timeZone };
  }
}
