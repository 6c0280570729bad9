// The one shape every `safe…` function returns (valibot's and zod's `safeParse`).

/** What a `safe…` function returns: the value, or the error its throwing twin would have thrown. */
export type SafeResult<T, E> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly error: E };

/** A `SafeResult` that also carries the warnings found, whether the value was accepted or not. */
export type SafeResultWithWarnings<T, E, W> = SafeResult<T, E> & {
  readonly warnings: readonly W[];
};

/** Runs `run`, returning an error that `isExpected` accepts instead of throwing it. */
export function safely<T, E>(
  isExpected: (error: unknown) => error is E,
  run: () => T,
): SafeResult<T, E> {
  try {
    return { success: true, data: run() };
  } catch (error) {
    if (isExpected(error)) return { success: false, error };
    throw error;
  }
}
