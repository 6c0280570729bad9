// The first problem of an interval or pattern string, returned rather than thrown: a query
// definition collects every problem, and its walker reads strings through these.
import type { SafeResult } from "../errors/safe-result.ts";

/** One problem in an interval or pattern string: offset/length inside the string (UTF-16 units). */
export interface StringIssue<C extends string = string> {
  readonly code: C;
  readonly message: string;
  readonly offset: number;
  readonly length: number;
}

/** Builds the failed result of reading a string. */
export function failRead<T, C extends string>(
  code: C,
  message: string,
  offset: number,
  length: number,
): SafeResult<T, StringIssue<C>> {
  return { success: false, error: { code, message, offset, length } };
}
