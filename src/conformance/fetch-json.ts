import { ConformanceError } from "../errors/conformance-error.ts";
import { parseJson } from "../json/parse-json.ts";

/** A response the runner read: its status, content type and parsed JSON body (if any). */
export interface JsonResponse {
  readonly status: number;
  readonly contentType: string;
  /** The `Content-Language` header, or null without one. */
  readonly contentLanguage: string | null;
  readonly body: unknown;
  /** The body's length in characters: what the kit holds of it. */
  readonly size: number;
}

/** The `fetch` the runner calls: the global one, or the caller's. */
export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/**
 * The most bytes of one answer the kit reads: a page of the largest size (1000) of records of
 * 16 KiB, some fifteen times the API's own; past it the server is sending more than any answer
 * holds, and reading on would only grow the kit.
 */
export const MOST_ANSWER_BYTES = 16 * 1024 * 1024;

/** How long an answer may send nothing before the kit cuts it (at most half its time): a server that stalls. */
const IDLE_MS = 10_000;

/** What a guarded `fetch` holds the server to. */
export interface FetchLimits {
  /** The origin of the API's URL: the only one the kit sends requests, and so its tokens, to. */
  readonly origin: string;
  /** The time a whole answer may take, its body read. */
  readonly timeoutMs: number;
  /** The most bytes of an answer's body. */
  readonly mostBytes: number;
}

/**
 * `fetcher` held to `limits`, so that a server cannot harm the kit that tests it: a URL of
 * another origin is refused before anything is sent, a redirect is an answer (never followed,
 * so the token goes nowhere else), and a body is read whole up to `mostBytes` within
 * `timeoutMs`, cut when it sends nothing for 10 s (or half that time). Each of these is a
 * ConformanceError naming the URL.
 */
export function guardedFetch(fetcher: Fetch, limits: FetchLimits): Fetch {
  return async (input, init) => {
    const unreadable = (message: string) =>
      new ConformanceError("SERVER_UNREADABLE", input, message);
    const target = new URL(input);
    if (target.origin !== limits.origin) {
      throw unreadable(
        `the server led the kit to ${input}, on another origin than ${limits.origin}: the kit sends its token only to the origin it was given`,
      );
    }
    const idle = new AbortController();
    const idleMs = Math.min(IDLE_MS, limits.timeoutMs / 2);
    const deadline = AbortSignal.timeout(limits.timeoutMs);
    const signals = [deadline, idle.signal, ...(init.signal ? [init.signal] : [])];
    const signal = AbortSignal.any(signals);
    let response: Response;
    try {
      response = await fetcher(input, { ...init, redirect: "manual", signal });
    } catch (error) {
      if (!deadline.aborted) throw error;
      throw unreadable(
        `${init.method ?? "GET"} ${input} had no answer within ${limits.timeoutMs / 1000} s`,
      );
    }
    const declared = Number(response.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > limits.mostBytes) {
      await response.body?.cancel();
      throw unreadable(`${tooLarge(input, limits)} (Content-Length: ${declared})`);
    }
    const chunks: Uint8Array[] = [];
    let length = 0;
    const reader = response.body?.getReader();
    let timer: NodeJS.Timeout | undefined;
    const stall = () => {
      clearTimeout(timer);
      timer = setTimeout(() => idle.abort(), idleMs);
    };
    try {
      stall();
      for (let next = await reader?.read(); next && !next.done; next = await reader?.read()) {
        stall();
        length += next.value.length;
        if (length > limits.mostBytes) {
          await reader?.cancel();
          throw unreadable(tooLarge(input, limits));
        }
        chunks.push(next.value);
      }
    } catch (error) {
      if (error instanceof ConformanceError) throw error;
      const reason = idle.signal.aborted
        ? `sent nothing for ${idleMs / 1000} s`
        : deadline.aborted
          ? `was not whole within ${limits.timeoutMs / 1000} s`
          : `broke off: ${error instanceof Error ? error.message : String(error)}`;
      throw unreadable(`the answer to ${init.method ?? "GET"} ${input} ${reason}`);
    } finally {
      clearTimeout(timer);
    }
    const body = new Uint8Array(length);
    let at = 0;
    for (const chunk of chunks) {
      body.set(chunk, at);
      at += chunk.length;
    }
    const { status, statusText, headers } = response;
    // These statuses carry no body, and a Response holding one cannot be built.
    const empty = status === 204 || status === 205 || status === 304;
    return new Response(empty ? null : body, { status, statusText, headers });
  };
}

function tooLarge(url: string, limits: FetchLimits): string {
  return `the answer to ${url} is over ${limits.mostBytes / 1024 / 1024} MiB, more than any answer holds: the kit stops reading there`;
}
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
    // No deadline of its own: the guard's (`timeoutMs`, `--timeout`) is the only one.
    response = await fetcher(url, { method, headers });
  } catch (error) {
    if (error instanceof ConformanceError) throw error;
    // fetch says only "fetch failed"; the reason is on its cause.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason =
      cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    throw new ConformanceError("SERVER_UNREADABLE", url, `cannot reach ${url}: ${reason}`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (error instanceof ConformanceError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConformanceError(
      "SERVER_UNREADABLE",
      url,
      `the answer to ${url} broke off: ${reason}`,
    );
  }
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
    size: text.length,
  };
}
