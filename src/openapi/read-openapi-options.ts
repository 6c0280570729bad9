import { oneOf } from "../check/members.ts";
import { describeFound, InvalidOptionError } from "../errors/invalid-input.ts";
import { isVendorName } from "../http/media-types.ts";

/** Refuses a member of an options object that is not among `names` (grammar/language.md 7.4). */
export function checkOptionNames(
  caller: string,
  given: Readonly<Record<string, unknown>>,
  names: readonly string[],
): void {
  for (const name of Object.keys(given)) {
    if (!names.includes(name)) {
      throw new InvalidOptionError(caller, name, `unknown option; expected ${oneOf(names)}`);
    }
  }
}

/** Reads a list's name: absent, or a non-empty string other than `_links`. */
export function readResourceName(caller: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") {
    throw new InvalidOptionError(
      caller,
      "resource",
      `expected a string; found ${describeFound(value)}`,
    );
  }
  if (value === "" || value === "_links") {
    throw new InvalidOptionError(
      caller,
      "resource",
      `a list cannot be named ${JSON.stringify(value)}`,
    );
  }
  return value;
}

/** Reads the vendor of the media types, `application/vnd.<vendor>.app-v2+json`; `qaql` when absent. */
export function readVendor(caller: string, value: unknown): string {
  if (value === undefined) return "qaql";
  if (typeof value !== "string" || !isVendorName(value)) {
    throw new InvalidOptionError(
      caller,
      "vendor",
      `expected letters, digits, "." and "-"; found ${describeFound(value)}`,
    );
  }
  return value;
}
