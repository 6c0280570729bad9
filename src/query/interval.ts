// The interval strings of `data.bounds` (grammar/query-intervals.md): `[10;20[`, `]0;[`, `[;5]`.
import { type IntervalErrorCode, IntervalSyntaxError } from "../errors/interval-syntax-error.ts";
import type { SafeResult } from "../errors/safe-result.ts";
import { failRead, type StringIssue } from "./string-issue.ts";
import type { Interval, IntervalBound } from "./types.ts";

/** The interval of every number, `[;[` (the API's default bound). */
export const EVERY_NUMBER: Interval = {
  low: { value: null, inclusive: false },
  high: { value: null, inclusive: false },
};

// No white space, no leading `+`, no `.5` or `5.`: the exact spelling JSON uses, plus `e+5`.
const NUMBER = /^-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

function isBracket(char: string | undefined): boolean {
  return char === "[" || char === "]";
}

/** Scans a bound's number text from `start` up to a bracket, a `;` or the end. */
function scanNumber(text: string, start: number): number {
  let end = start;
  while (end < text.length && !isBracket(text[end]) && text[end] !== ";") end++;
  return end;
}

function readBound(
  text: string,
  start: number,
  end: number,
  inclusive: boolean,
): Read<IntervalBound> {
  if (start === end) return { success: true, data: { value: null, inclusive: false } };
  const spelled = text.slice(start, end);
  if (!NUMBER.test(spelled)) {
    return failRead(
      "BAD_NUMBER",
      `"${spelled}" is not a number: write digits with an optional "-", fraction and exponent, no spaces.`,
      start,
      end - start,
    );
  }
  const value = Number(spelled);
  if (!Number.isFinite(value)) {
    return failRead(
      "NUMBER_OUT_OF_RANGE",
      `"${spelled}" is too large for a number; omit it for an infinite bound.`,
      start,
      end - start,
    );
  }
  // -0 and 0 are the same bound; keeping one spelling makes intervals compare with ===.
  return { success: true, data: { value: value === 0 ? 0 : value, inclusive } };
}

function isEmpty(low: IntervalBound, high: IntervalBound): boolean {
  if (low.value === null || high.value === null) return false;
  if (low.value > high.value) return true;
  return low.value === high.value && !(low.inclusive && high.inclusive);
}

/** An interval, or the first problem of its string. */
type Read<T> = SafeResult<T, StringIssue<IntervalErrorCode>>;

/** Reads an interval string such as `[10;20[`, returning its first problem with its offset. */
export function readInterval(text: string): Read<Interval> {
  const open = text[0];
  if (!isBracket(open)) {
    return failRead(
      "MISSING_OPENING_BRACKET",
      'An interval starts with "[" or "]".',
      0,
      Math.min(1, text.length),
    );
  }
  const lowEnd = scanNumber(text, 1);
  const low = readBound(text, 1, lowEnd, open === "[");
  if (!low.success) return low;
  if (text[lowEnd] !== ";") {
    return failRead(
      "MISSING_SEMICOLON",
      'Separate the two bounds of an interval with ";".',
      lowEnd,
      lowEnd < text.length ? 1 : 0,
    );
  }
  const highStart = lowEnd + 1;
  const highEnd = scanNumber(text, highStart);
  const close = text[highEnd];
  if (!isBracket(close)) {
    return failRead(
      "MISSING_CLOSING_BRACKET",
      'An interval ends with "]" or "[".',
      highEnd,
      highEnd < text.length ? 1 : 0,
    );
  }
  const high = readBound(text, highStart, highEnd, close === "]");
  if (!high.success) return high;
  if (highEnd + 1 < text.length) {
    return failRead(
      "TRAILING_TEXT",
      "Nothing may follow the closing bracket of an interval.",
      highEnd + 1,
      text.length - highEnd - 1,
    );
  }
  if (isEmpty(low.data, high.data)) {
    return failRead(
      "EMPTY_INTERVAL",
      `"${text}" contains no number: its low bound is above its high bound, or they are equal and one is excluded.`,
      0,
      text.length,
    );
  }
  return { success: true, data: { low: low.data, high: high.data } };
}

function intervalError(text: string, issue: StringIssue<IntervalErrorCode>): IntervalSyntaxError {
  const { code, message: description, offset, length } = issue;
  return new IntervalSyntaxError({ input: text, code, offset, length, description });
}

function checkText(text: unknown): asserts text is string {
  if (typeof text !== "string") throw new TypeError("an interval must be a string");
}

/**
 * Parses an interval string such as `[10;20[` (grammar/query-intervals.md); throws an
 * `IntervalSyntaxError` at its first problem.
 */
export function parseInterval(text: string): Interval {
  checkText(text);
  const read = readInterval(text);
  if (!read.success) throw intervalError(text, read.error);
  return read.data;
}

/** Like `parseInterval`, but returns the `IntervalSyntaxError` instead of throwing it. */
export function safeParseInterval(text: string): SafeResult<Interval, IntervalSyntaxError> {
  checkText(text);
  const read = readInterval(text);
  return read.success ? read : { success: false, error: intervalError(text, read.error) };
}

function formatNumber(value: number): string {
  // String() gives the shortest text that reads back as the same number (`1e+21`, `1e-7`).
  return String(value === 0 ? 0 : value);
}

/** Prints an interval canonically: shortest numbers, `[` for an omitted low or high bound. */
export function formatInterval(interval: Interval): string {
  const { low, high } = interval;
  const lowText =
    low.value === null ? "[" : `${low.inclusive ? "[" : "]"}${formatNumber(low.value)}`;
  const highText =
    high.value === null ? "[" : `${formatNumber(high.value)}${high.inclusive ? "]" : "["}`;
  return `${lowText};${highText}`;
}

/** Tells whether a number lies in an interval; NaN lies in none. */
export function intervalContains(interval: Interval, value: number): boolean {
  if (Number.isNaN(value)) return false;
  const { low, high } = interval;
  if (low.value !== null && (low.inclusive ? value < low.value : value <= low.value)) return false;
  if (high.value !== null && (high.inclusive ? value > high.value : value >= high.value)) {
    return false;
  }
  return true;
}
