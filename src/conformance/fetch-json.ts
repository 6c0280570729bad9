import { ConformanceError } from "../errors/conformance-error.ts";
import { parseJson } from "../json/parse-json.ts";

/** A response the runner read: its status, content type and parsed JSON body (if any). */
export interface JsonResponse {
  readonly status: number;
  readonly contentType: string;
  /** The `Content-Language` header, or null without one. */
  readonly contentLanguage: string | null;
  readonly body: unknown;
}

/** The `fetch` the runner calls: the global one, or the caller's. */
export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

const TIMEOUT_MS = 30_000;
/** A server pacing its client (429 `TOO_MANY_REQUESTS`) is waited for so often, 10 s at most each. */
const PACED_RETRIES = 5;
const LONGEST_PACE_MS = 10_000;

/**
 * GETs (or `method`s) a URL with the given headers; a network failure is a ConformanceError
 * naming the URL. A 429 `TOO_MANY_REQUESTS` is the server pacing the kit, not an answer to
 * judge (grammar/language.md 6.8): the request is sent again after its `Retry-After`.
 */
export async function fetchJson(
  fetcher: Fetch,
  url: string,
  headers: Record<string, string>,
  method = "GET",
): Promise<JsonResponse> {
  for (let retry = 0; ; retry++) {
    const answer = await fetchOnce(fetcher, url, headers, method);
    const paced =
      answer.status === 429 &&
      typeof answer.body === "object" &&
      answer.body !== null &&
      (answer.body as { code?: unknown }).code === "TOO_MANY_REQUESTS";
    if (!paced || retry === PACED_RETRIES) return answer;
    const seconds = Number((answer.body as { retryAfter?: unknown }).retryAfter);
    const wait = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, LONGEST_PACE_MS)));
  }
}

async function fetchOnce(
  fetcher: Fetch,
  url: string,
  headers: Record<string, string>,
  method: string,
): Promise<JsonResponse> {
  let response: Response;
  try {
    response = await fetcher(url, { method, headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    // fetch says only "fetch failed"; the reason is on its cause.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason =
      cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    throw new ConformanceError("SERVER_UNREADABLE", url, `cannot reach ${url}: ${reason}`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text === "" ? undefined : parseJson(text);
  } catch {
    body = text;
  }
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    contentLanguage: response.headers.get("content-language"),
    body,
  };
}
