import type { ListCall } from "../http/list-handler.ts";
import { RecentCache } from "../http/recent-cache.ts";
import type { JsonAnswer } from "../http/responses.ts";

/**
 * What Express and Fastify hand over of a Node request, to build a Web `Request` from: the
 * framework's own reading of the protocol and host (proxy settings included), and the target as
 * sent, with its raw query, which qaql reads strictly.
 */
export interface NodeRequestParts {
  readonly method: string;
  /** `http` or `https`. */
  readonly protocol: string;
  /** The host and port the client asked for; "" when it named none. */
  readonly host: string;
  /** The path and raw query as the client sent them, before any mount point was cut off. */
  readonly target: string;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The request's body, for a method that has one; a list request has none. */
  readonly body?: ReadableStream<Uint8Array> | undefined;
}

/** The Node response to the request: its closing before it is finished means the client left. */
export interface ClosingResponse {
  once(event: "close", listener: () => void): unknown;
  /** Whether it has closed, finished or not (`ServerResponse.closed`). */
  readonly closed: boolean;
  readonly writableFinished: boolean;
}

/**
 * A signal, made at its first use, that aborts when the Node response closes before it is
 * finished: the client left. Most list answers never ask for one, and then no listener is added.
 */
function abortOnClose(response: ClosingResponse): () => AbortSignal {
  let controller: AbortController | undefined;
  return () => {
    if (controller) return controller.signal;
    const made = new AbortController();
    controller = made;
    if (response.closed) {
      if (!response.writableFinished) made.abort();
    } else {
      response.once("close", () => {
        if (!response.writableFinished) made.abort();
      });
    }
    return made.signal;
  };
}

/** The request's absolute URL, its target kept as sent. */
function urlOf(parts: NodeRequestParts): string {
  // An absolute-form target (`GET http://host/path`, sent to proxies) names its own origin.
  if (!parts.target.startsWith("/")) return parts.target;
  const https = parts.protocol === "https";
  const key = `${https ? "https" : "http"} ${parts.host}`;
  return `${parts.host.length > 255 ? originOf(key) : origins.get(key, originOf)}${parts.target}`;
}

/** The origins of the hosts the clients name, read once each: a server answers under a few. */
const origins = new RecentCache<string, string>(64);

/** The origin of a `<protocol> <host>` key. */
function originOf(key: string): string {
  const space = key.indexOf(" ");
  // The host goes through URL's own setter, so that a Host header that names no host (absent,
  // `a b`, `x/y?`) leaves `localhost` and cannot move the path or the query.
  const origin = new URL(`${key.slice(0, space)}://localhost`);
  origin.host = key.slice(space + 1);
  return origin.origin;
}

function headersOf(parts: NodeRequestParts): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(parts.headers)) {
    // HTTP/2 pseudo-headers (`:path`, `:authority`) are not headers, and `Headers` refuses them.
    if (value === undefined || name.startsWith(":")) continue;
    for (const one of typeof value === "string" ? [value] : value) headers.append(name, one);
  }
  return headers;
}

/** The Web `Request` of a Node request's parts, with its body when it has one. */
function requestOf(parts: NodeRequestParts, url: string, signal: AbortSignal): Request {
  const init: RequestInit = { method: parts.method, headers: headersOf(parts), signal };
  if (parts.body === undefined) return new Request(url, init);
  // A streamed body needs `duplex: "half"`, which the DOM's RequestInit does not know yet.
  return new Request(url, { ...init, body: parts.body, duplex: "half" } as RequestInit);
}

/**
 * A Node request as a list call, read straight from its parts; it becomes a Web `Request`
 * only if a source function or `onError` asks for one. A class, not an object literal with
 * a getter: made for every request, such a literal kept each request's objects alive through
 * the young generation's collections (measured under load in `bench/http.bench.ts`).
 */
class NodeListCall implements ListCall {
  readonly method: string;
  readonly url: string;
  readonly #parts: NodeRequestParts;
  readonly #signal: () => AbortSignal;
  #request: Request | undefined;

  constructor(parts: NodeRequestParts, response: ClosingResponse) {
    this.method = parts.method;
    this.url = urlOf(parts);
    this.#parts = parts;
    this.#signal = abortOnClose(response);
  }

  get signal(): AbortSignal {
    return this.#signal();
  }

  header(name: string): string | null {
    const value = this.#parts.headers[name];
    return value === undefined ? null : typeof value === "string" ? value : value.join(", ");
  }

  webRequest(): Request {
    this.#request ??= requestOf(this.#parts, this.url, this.#signal());
    return this.#request;
  }
}

/** A Node request as a list call (`NodeListCall`). */
export function nodeListCall(parts: NodeRequestParts, response: ClosingResponse): ListCall {
  return new NodeListCall(parts, response);
}

/** What an answer is written to: a Node `ServerResponse`, as Express hands it over. */
export interface AnswerWriter {
  writeHead(status: number, headers: Record<string, string | number>): unknown;
  end(body?: string): unknown;
}

/** Writes an answer to a Node response, its length measured in UTF-8 bytes. */
export function writeAnswer(answer: JsonAnswer, response: AnswerWriter): void {
  const length = Buffer.byteLength(answer.text);
  response.writeHead(answer.status, { ...answer.headers, "content-length": length });
  response.end(answer.head ? undefined : answer.text);
}

/**
 * A Web `Request` for a Node request, whose signal aborts when the client goes away before the
 * answer is written; its body is read only when given.
 */
export function toWebRequest(parts: NodeRequestParts, response: ClosingResponse): Request {
  return requestOf(parts, urlOf(parts), abortOnClose(response)());
}
