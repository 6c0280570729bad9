// The result of parsing one interval or pattern string: a value, or the first problem found.

/** One problem in an interval or pattern string: offset/length inside the string (UTF-16 units). */
export interface StringIssue {
  readonly code: string;
  readonly message: string;
  readonly offset: number;
  readonly length: number;
}

/** A parsed value, or the issue that stopped the parse. */
export type ParseResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issue: StringIssue };

/** Builds the failed result of a parse. */
export function failParse<T>(
  code: string,
  message: string,
  offset: number,
  length: number,
): ParseResult<T> {
  return { ok: false, issue: { code, message, offset, length } };
}
