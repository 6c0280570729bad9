// The reference server on `node:http`: a Web `fetch` answered over Node's requests, and what
// Node's own parser rejects before any Request exists, answered in the same JSON.
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from "node:http";
import type { AddressInfo } from "node:net";
import { type Duplex, Readable } from "node:stream";
import { quoteForEcho } from "../http/echo.ts";
import { ACCEPT_TOO_LONG_MESSAGE, isAcceptTooLong } from "../http/media-types.ts";
import { JSON_MEDIA_TYPE, type JsonAnswer, jsonAnswer } from "../http/responses.ts";
import { toWebRequest, writeAnswer } from "../integrations/node-web-request.ts";
import { ANSWER_HEADERS } from "./answer-headers.ts";
import { ApiError } from "./api-error.ts";
import { EVERY_METHOD, matchRoute, ROUTES } from "./routes.ts";

/** Headers of 256 KiB hold a `where` and a `fields` at their 8192-character limit, fully percent-encoded. */
const MAX_HEADER_BYTES = 256 * 1024;

/** Where a listening server answers: the API's base URL (ending in `/api`) and the port. */
export interface ListeningAddress {
  readonly url: string;
  readonly port: number;
}

/** A Web `fetch` served by `node:http`. */
export interface NodeAdapter {
  /** Answers one Node request; never rejects. */
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
  listen(port: number, host: string): Promise<ListeningAddress>;
  close(): Promise<void>;
}

/** Serves `fetch` over `node:http`; `onError` hears of what failed after the answer began. */
export function createNodeAdapter(
  fetch: (request: Request, client: { readonly address?: string | undefined }) => Promise<Response>,
  onError: (error: unknown) => void,
): NodeAdapter {
  async function handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    // Refused before a Web Request copies and checks the header: anonymous, it must cost little.
    if (isAcceptTooLong(incoming.headers.accept)) {
      writeAnswer(acceptTooLongAnswer(incoming.method ?? "GET"), outgoing);
      return;
    }
    let request: Request;
    try {
      const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
      request = toWebRequest(
        {
          method: incoming.method ?? "GET",
          protocol: "http",
          host: incoming.headers.host ?? "",
          target: incoming.url ?? "/",
          headers: incoming.headers,
          ...(hasBody && { body: Readable.toWeb(incoming) as ReadableStream<Uint8Array> }),
        },
        outgoing,
      );
    } catch {
      // Only what the client sent can keep a Web Request from being made of it.
      writeAnswer(unreadableRequestAnswer(incoming.method ?? "", incoming.url ?? ""), outgoing);
      return;
    }
    try {
      const address = incoming.socket.remoteAddress;
      await writeResponse(await fetch(request, { address }), outgoing);
    } catch (error) {
      if (!request.signal.aborted && !outgoing.destroyed) onError(error);
      outgoing.destroy();
    }
  }

  const server: Server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (request, response) => {
    void handle(request, response);
  });
  // A client that half-closes after its request still gets the answer, however long admission
  // makes it wait (Node would otherwise drop the request when the client's side ends).
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.on("clientError", answerClientError);
  // Without a listener Node drops a CONNECT's connection unanswered.
  server.on("connect", (incoming: IncomingMessage, socket: Duplex) => {
    const answer = unreadableRequestAnswer(incoming.method ?? "CONNECT", incoming.url ?? "");
    writeRawAnswer(socket, answer.status, answer.text, answer.headers);
  });

  return {
    handle,
    listen(port, host) {
      return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          server.off("error", reject);
          const address = server.address() as AddressInfo;
          const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
          resolve({ url: `http://${shown}:${address.port}/api`, port: address.port });
        });
      });
    },
    close() {
      return new Promise((resolve) => {
        if (!server.listening) {
          resolve();
          return;
        }
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** Writes a Web `Response` to a Node response. */
async function writeResponse(response: Response, outgoing: ServerResponse): Promise<void> {
  if (outgoing.headersSent || outgoing.destroyed) return;
  const body = response.body === null ? undefined : new Uint8Array(await response.arrayBuffer());
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  outgoing.end(body);
}

/** The 431 of an `Accept` header too long to be read, in JSON. */
export function acceptTooLongAnswer(method: string): JsonAnswer {
  const error = new ApiError(431, "HEADER_TOO_LARGE", ACCEPT_TOO_LONG_MESSAGE, {
    header: "accept",
  });
  return jsonAnswer(method, 431, JSON_MEDIA_TYPE, error.toJSON(), ANSWER_HEADERS);
}

/** Methods a Web `Request` cannot carry: no route of the API takes them. */
const UNSUPPORTED_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/** The answer, in JSON, to a request no Web `Request` can be made of: its method or its target. */
function unreadableRequestAnswer(method: string, target: string): JsonAnswer {
  if (UNSUPPORTED_METHODS.has(method.toUpperCase())) {
    let allow = EVERY_METHOD.join(", ");
    try {
      const route = matchRoute(new URL(target, "http://localhost").pathname);
      if (route) allow = ROUTES[route.kind].methods.join(", ");
    } catch {
      // A target that is no URL names no route: every method of the API is listed.
    }
    const message = `${quoteForEcho(method)} is not allowed: this API takes ${allow}`;
    const error = new ApiError(405, "METHOD_NOT_ALLOWED", message, {}, { allow });
    const headers = { ...ANSWER_HEADERS, ...error.headers };
    return jsonAnswer(method, 405, JSON_MEDIA_TYPE, error.toJSON(), headers);
  }
  const message = `the request target ${quoteForEcho(target)} is not a path of this API or an absolute URL`;
  const error = new ApiError(400, "MALFORMED_URL", message);
  return jsonAnswer(method, 400, JSON_MEDIA_TYPE, error.toJSON(), ANSWER_HEADERS);
}

/** Writes an answer straight to the socket, then closes it. */
function writeRawAnswer(
  socket: Duplex,
  status: number,
  text: string,
  headers: Readonly<Record<string, string>> = {
    "content-type": "application/json; charset=utf-8",
    ...ANSWER_HEADERS,
  },
): void {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join("")}` +
      `content-length: ${Buffer.byteLength(text)}\r\n` +
      "connection: close\r\n\r\n" +
      text,
  );
}

/** What Node's parser rejects (not HTTP, headers too large, too slow) is still answered in JSON. */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    error.code === "HPE_HEADER_OVERFLOW"
      ? 431
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? 408
        : 400;
  const message =
    status === 431
      ? `the request's headers are larger than ${MAX_HEADER_BYTES / 1024} KiB`
      : status === 408
        ? "the request took too long to arrive"
        : "the request is not valid HTTP/1.1";
  writeRawAnswer(
    socket,
    status,
    JSON.stringify(new ApiError(status, "MALFORMED_REQUEST", message)),
  );
}
