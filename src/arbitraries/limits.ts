/**
 * The parsers' default input limit (LANGUAGE.md 1.4), kept here so the arbitraries need no parser.
 */
export const PARSER_MAX_LENGTH = 8192;

/** The parsers' default nesting limit (LANGUAGE.md 1.4). */
export const PARSER_MAX_DEPTH = 64;

/** Checks a depth option: a whole number from 0 to `most`. */
export function checkDepth(name: string, value: number, most: number): number {
  if (!Number.isInteger(value) || value < 0 || value > most) {
    throw new RangeError(`${name} must be an integer from 0 to ${most}`);
  }
  return value;
}
