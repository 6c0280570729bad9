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

/** GETs (or `method`s) a URL with the given headers; a network failure is a ConformanceError naming the URL. */
export async function fetchJson(
  fetcher: Fetch,
  url: string,
  headers: Record<string, string>,
  method = "GET",
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
