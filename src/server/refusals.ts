// The 429s of the server's limits (grammar/language.md 6.8, 6.10), answered after a delay: a
// flood's connections wait for their refusals too, instead of asking again at once.
import { ApiError, type ApiErrorCode } from "./api-error.ts";

/** A refusal is answered after this long at most. */
export const REFUSAL_DELAY_MS = 1000;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A 429 whose `Retry-After` is the whole seconds (at least 1) of `waitMs`. */
export function tooMany(
  code: ApiErrorCode,
  message: string,
  waitMs: number,
  headers: Readonly<Record<string, string>> = {},
): ApiError {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError(
    429,
    code,
    `${message}; retry in ${retryAfter} s`,
    { retryAfter },
    { "retry-after": String(retryAfter), ...headers },
  );
}

/** Throws `error` after `delayMs`, or its `Retry-After` if sooner. */
export async function refuseAfter(error: ApiError, delayMs: number): Promise<never> {
  const retryAfter = Number(error.headers["retry-after"] ?? 1);
  await sleep(Math.min(delayMs, retryAfter * 1000));
  throw error;
}
