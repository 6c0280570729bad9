import { CliError } from "../failure.ts";

/** A response the runner read: its status, content type and parsed JSON body (if any). */
export interface JsonResponse {
  readonly status: number;
  readonly contentType: string;
  readonly body: unknown;
}

const TIMEOUT_MS = 30_000;

/** GETs a URL with the given headers; a network failure is a CliError naming the URL. */
export async function fetchJson(
  url: string,
  headers: Record<string, string>,
): Promise<JsonResponse> {
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    // fetch says only "fetch failed"; the reason is on its cause.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason =
      cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    throw new CliError(`cannot reach ${url}: ${reason}`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", body };
}
