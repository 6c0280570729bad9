import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { compileFields } from "../api/compile-fields.ts";
import { checkOptionNames, readOptions } from "../check/read-options.ts";
import { QueryError } from "../errors/errors.ts";
import { InvalidOptionError } from "../errors/invalid-input.ts";
import { UnknownTimeZoneError } from "../errors/unknown-time-zone-error.ts";
import { quoteForEcho } from "../http/echo.ts";
import type { Evaluate } from "../http/evaluate.ts";
import {
  createListHandler,
  type ListHandler,
  negotiateKept,
  readTimeZone,
} from "../http/list-handler.ts";
import type { ListSource } from "../http/list-source.ts";
import {
  ACCEPT_TOO_LONG_MESSAGE,
  isAcceptTooLong,
  isVendorName,
  supportedMediaTypes,
} from "../http/media-types.ts";
import { ListRequestCache, storeOf } from "../http/request-cache.ts";
import {
  badRequestBody,
  JSON_MEDIA_TYPE,
  jsonAnswer,
  jsonResponse,
  notAcceptableBody,
  toResponse,
} from "../http/responses.ts";
import { toWebRequest, writeAnswer } from "../integrations/node-web-request.ts";
import { readPageSizeOptions } from "../list/page-size.ts";
import { decodeQueryComponent } from "../list/percent-decode.ts";
import { readListRequest } from "../list/read-list-request.ts";
import { piecesOf } from "../list/url-parts.ts";
import type { Schema } from "../schema/schema.ts";
import { ApiError, type ApiErrorCode } from "./api-error.ts";
import { createBasicCheck, readAuthorization } from "./authorization.ts";
import { answerQuery, DEFAULT_MAX_BODY_BYTES } from "./query-route.ts";
import { matchRoute, ROUTE_METHODS, ROUTES_IN_BRIEF, type Route } from "./routes.ts";
import { ServedData, type ServedResource } from "./served-data.ts";
import {
  DEFAULT_TOKEN_RATE,
  isToken68,
  type TokenRate,
  TokenRateLimiter,
  TokenStore,
} from "./tokens.ts";
import { checkWorkRate, DEFAULT_QUERY_TIME, WorkBudget, type WorkRate } from "./work-budget.ts";

/** What `createApiServer` serves, to whom, and how. */
export interface ApiServerOptions {
  /** The records of each resource, by the resource's name (`artefacts` for `/api/artefacts`). */
  readonly data: Readonly<Record<string, readonly object[]>>;
  /** The Basic credentials `GET /api/token` takes; the user cannot hold a colon. */
  readonly user?: string | undefined;
  readonly password?: string | undefined;
  /** More users of `GET /api/token`, password by user name; each user's tokens are counted apart. */
  readonly users?: Readonly<Record<string, string>> | undefined;
  /**
   * Bearer tokens that never expire, such as a CI job's: token68 text of at least 20
   * characters. Revoked by `revokeToken` or `DELETE /api/token`.
   */
  readonly permanentTokens?: readonly string[] | undefined;
  /** The vendor of the versioned media types, `application/vnd.<vendor>.app-v2+json`; `qaql` unless set. */
  readonly vendor?: string | undefined;
  /** The page size without `size` (20, or `maxSize` if smaller) and the largest accepted (1000). */
  readonly defaultSize?: number | undefined;
  readonly maxSize?: number | undefined;
  /** Schemas to validate `where` and `fields` against and type values with, by resource name. */
  readonly schemas?: Readonly<Record<string, Schema>> | undefined;
  /**
   * How fast one user may get tokens: a bucket of `burst` refilled by `perMinute`, past which
   * `GET /api/token` is a 429 with `Retry-After`; `{ burst: 20, perMinute: 60 }` unless set.
   */
  readonly tokenRate?: TokenRate | undefined;
  /** The clock, in epoch milliseconds, for token expiry and the token rate; `Date.now` unless set. */
  readonly now?: (() => number) | undefined;
  /**
   * Filters, pages and projects each list in place of qaql's own evaluation, as a database
   * would: how a test makes a server that is wrong on purpose.
   */
  readonly evaluate?: Evaluate | undefined;
  /** The largest body of `POST /api/artefacts/{id}/query`, in bytes; 256 KiB unless set. */
  readonly maxBodyBytes?: number | undefined;
  /**
   * The server's time one client (a user, or a permanent token) may take running query
   * definitions, in ms: a bucket of `burst` refilled by `perSecond`, past which
   * `POST /api/artefacts/{id}/query` is a 429 with `Retry-After` before its body is read;
   * `{ burst: 1000, perSecond: 50 }` unless set.
   */
  readonly queryTime?: WorkRate | undefined;
  /** Told of an unexpected exception, which the client sees only as a 500. */
  readonly onInternalError?: ((error: unknown) => void) | undefined;
}

/** Where a listening server answers: the API's base URL (ending in `/api`) and the port. */
export interface ListeningAddress {
  readonly url: string;
  readonly port: number;
}

/** The reference server of the API (grammar/language.md 6.8) over in-memory records. */
export interface ApiServer {
  /** The resources served, in the order of `options.data`. */
  readonly resources: readonly string[];
  /** The media types answered in, the versioned ones first. */
  readonly mediaTypes: readonly string[];
  /** Answers one Web `Request`; never rejects. For Deno, Bun, workers, Hono or a test. */
  fetch(request: Request): Promise<Response>;
  /** Answers one Node request; never rejects. For mounting in another `node:http` server. */
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** Forgets a token, temporary or permanent, at once; false when the server did not know it. */
  revokeToken(token: string): boolean;
  /** Starts listening (port 0: any free port; host `127.0.0.1` unless given). */
  listen(port?: number, host?: string): Promise<ListeningAddress>;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

/** Headers of 256 KiB hold a `where` and a `fields` at their 8192-character limit, fully percent-encoded. */
const MAX_HEADER_BYTES = 256 * 1024;

/** The raw query reduced to its `fields` pieces: an item request reads nothing else. */
function fieldsPieces(search: string): string {
  return piecesOf(search.slice(1))
    .filter((piece) => {
      const equals = piece.indexOf("=");
      return decodeQueryComponent(equals === -1 ? piece : piece.slice(0, equals)) === "fields";
    })
    .join("&");
}

const CALLER = "createApiServer";

const OPTION_NAMES: readonly (keyof ApiServerOptions)[] = [
  "data",
  "user",
  "password",
  "users",
  "permanentTokens",
  "vendor",
  "defaultSize",
  "maxSize",
  "schemas",
  "tokenRate",
  "now",
  "evaluate",
  "maxBodyBytes",
  "queryTime",
  "onInternalError",
];

/** Reads one option: what its check throws becomes the `InvalidOptionError` naming it. */
function option<T>(name: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof TypeError || error instanceof RangeError) {
      throw new InvalidOptionError(CALLER, name, error.message);
    }
    throw error;
  }
}

/** The passwords of `GET /api/token` by user name: `user` and every one of `users`. */
function passwordsOf(options: ApiServerOptions): Map<string, string> {
  const { user, password } = options;
  if ((user === undefined) !== (password === undefined)) {
    throw new TypeError("give both user and password, or neither");
  }
  const passwords = new Map(user === undefined ? [] : [[user, password as string]]);
  for (const [name, secret] of Object.entries(options.users ?? {})) {
    if (passwords.has(name)) throw new TypeError(`the user ${JSON.stringify(name)} is given twice`);
    passwords.set(name, secret);
  }
  return passwords;
}

function checkMaxBodyBytes(value: number | undefined): number {
  if (value === undefined) return DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError("maxBodyBytes must be a whole number from 1");
  }
  return value;
}

/** Writes a Web `Response` to a Node response. */
async function writeResponse(response: Response, outgoing: ServerResponse): Promise<void> {
  if (outgoing.headersSent || outgoing.destroyed) return;
  const body = response.body === null ? undefined : new Uint8Array(await response.arrayBuffer());
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  outgoing.end(body);
}

/**
 * Creates the reference server of the API (grammar/language.md 6.8) over in-memory records:
 * `GET /api/token` (Basic) for a temporary token, permanent tokens given here, Bearer tokens
 * for the rest; the lists (`/api/<resource>`, `/api/projects/{name}/artefacts`,
 * `/api/artefacts/{id}/findings`) answered by `createListHandler`, one record
 * (`/api/<resource>/{id}`), and `POST /api/artefacts/{id}/query`; `accept` versions, the
 * `timezone` header, and JSON errors. Throws `InvalidOptionError` for bad options.
 */
export function createApiServer(options: ApiServerOptions): ApiServer {
  checkOptionNames(CALLER, readOptions(CALLER, options), OPTION_NAMES);
  const vendor = option("vendor", () => {
    const name = options.vendor ?? "qaql";
    if (!isVendorName(name)) throw new TypeError(`${JSON.stringify(name)} is not a vendor name`);
    return name;
  });
  const sizes = readPageSizeOptions(CALLER, options.defaultSize, options.maxSize);
  const passwords = option("users", () => passwordsOf(options));
  const checkBasic = option("users", () => createBasicCheck(passwords));
  const now = options.now ?? Date.now;
  const tokens = new TokenStore(now);
  option("permanentTokens", () => {
    for (const token of options.permanentTokens ?? []) tokens.addPermanent(token);
    if (passwords.size === 0 && (options.permanentTokens ?? []).length === 0) {
      throw new TypeError(
        "nobody could use this server: give a user and password, or permanentTokens",
      );
    }
  });
  const tokenRate = options.tokenRate ?? DEFAULT_TOKEN_RATE;
  const rateLimiter = option("tokenRate", () => new TokenRateLimiter(now, tokenRate));
  const maxBodyBytes = option("maxBodyBytes", () => checkMaxBodyBytes(options.maxBodyBytes));
  const queryTime = option(
    "queryTime",
    () => new WorkBudget(now, checkWorkRate("queryTime", options.queryTime ?? DEFAULT_QUERY_TIME)),
  );
  const mediaTypes = supportedMediaTypes(vendor);
  const realm = `realm="${vendor}"`;
  const data = option("data", () => new ServedData(options.data, options.schemas));
  const names = data.names;
  const onError = (error: unknown) => options.onInternalError?.(error);
  const listHandlers = new Map<string, ListHandler>();
  // One bound for every list's requests, however many lists the data has.
  const cache = new ListRequestCache();
  const store = storeOf(cache);

  function issueToken(request: Request): object {
    const basic = `Basic ${realm}, charset="UTF-8"`;
    const authorization = readAuthorization(request.headers.get("authorization") ?? undefined);
    const fail = (code: ApiErrorCode, message: string) =>
      new ApiError(401, code, message, {}, { "www-authenticate": basic });
    if (!authorization) {
      throw fail(
        "MISSING_CREDENTIALS",
        "GET /api/token needs the user and password: Authorization: Basic base64(user:password)",
      );
    }
    if (authorization.scheme !== "basic") {
      throw fail(
        "WRONG_SCHEME",
        `GET /api/token takes Basic credentials, not ${quoteForEcho(authorization.scheme)}`,
      );
    }
    const checked = checkBasic(authorization.credentials);
    if (checked.verdict === "malformed") {
      throw fail("MALFORMED_CREDENTIALS", "the Basic credentials are not base64 of user:password");
    }
    if (checked.verdict === "wrong") throw fail("WRONG_CREDENTIALS", "wrong user or password");
    const retryAfter = rateLimiter.take(checked.user);
    if (retryAfter > 0) {
      throw new ApiError(
        429,
        "TOO_MANY_TOKEN_REQUESTS",
        `too many tokens asked for: a user gets ${tokenRate.burst} at once, then ${tokenRate.perMinute} a minute; retry in ${retryAfter} s`,
        { retryAfter },
        { "retry-after": String(retryAfter) },
      );
    }
    return tokens.issue(checked.user);
  }

  /** Checks the request's Bearer token; returns it and who holds it. */
  function authorise(request: Request): { token: string; holder: string } {
    const authorization = readAuthorization(request.headers.get("authorization") ?? undefined);
    const invalid = (description: string) =>
      `Bearer ${realm}, error="invalid_token", error_description="${description}"`;
    if (authorization?.scheme !== "bearer") {
      const message = authorization
        ? `this request takes a Bearer token, not ${quoteForEcho(authorization.scheme)}: get one from GET /api/token`
        : "this request needs Authorization: Bearer <token>, from GET /api/token";
      const code = authorization ? "WRONG_SCHEME" : "MISSING_TOKEN";
      throw new ApiError(401, code, message, {}, { "www-authenticate": `Bearer ${realm}` });
    }
    const token = authorization.credentials;
    const state = isToken68(token) ? tokens.use(token) : { state: "unknown" as const };
    if (state.state === "unknown") {
      throw new ApiError(
        401,
        "UNKNOWN_TOKEN",
        "the token is not one this server issued (or it was forgotten or revoked): get one from GET /api/token",
        {},
        { "www-authenticate": invalid("unknown token") },
      );
    }
    if (state.state === "expired") {
      const idle = state.reason === "idle";
      throw new ApiError(
        403,
        idle ? "TOKEN_IDLE" : "TOKEN_EXPIRED",
        idle
          ? "the token went 15 minutes without a request: get a new one from GET /api/token"
          : "the token expired one hour after it was issued: get a new one from GET /api/token",
        { expiredAt: new Date(state.at).toISOString() },
        { "www-authenticate": invalid(idle ? "the token idled out" : "the token expired") },
      );
    }
    return { token, holder: state.holder };
  }

  function resourceNamed(name: string): ServedResource {
    const resource = data.resource(name);
    if (resource) return resource;
    throw new ApiError(
      404,
      "NOT_FOUND",
      `no resource ${quoteForEcho(name)}: this server has ${names.join(", ") || "none"}`,
    );
  }

  function recordOf(resource: ServedResource, id: string): object {
    const record = resource.byId.get(id);
    if (record) return record;
    throw new ApiError(404, "NOT_FOUND", `no ${resource.name} with id ${quoteForEcho(id)}`);
  }

  /** The list handler of one list, made at its first request and kept: the records never change. Keys start with the route's kind, so no two lists share one. */
  function listHandler(key: string, resource: ServedResource, records: readonly object[]) {
    let handler = listHandlers.get(key);
    if (!handler) {
      const { evaluate } = options;
      const source: ListSource = evaluate ? (request) => evaluate(records, request) : records;
      const { schema, name } = resource;
      const common = { source, schema, resource: name, vendor, onError, cache };
      handler = createListHandler({ ...common, ...sizes });
      listHandlers.set(key, handler);
    }
    return handler;
  }

  /** The list a route names, with its records: a whole resource, or a project's or artefact's part. */
  function listOf(route: Route): ListHandler | undefined {
    switch (route.kind) {
      case "list": {
        const resource = resourceNamed(route.resource);
        return listHandler(`list ${route.resource}`, resource, resource.records);
      }
      case "projectArtefacts": {
        const artefacts = resourceNamed("artefacts");
        resourceNamed("projects");
        const project = data.projectNamed(route.projectName);
        if (!project) {
          // A client that put the id where the name goes is told so.
          const byId = data.resource("projects")?.byId.has(route.projectName);
          const hint = byId ? ` (the path takes the project's name, not its id)` : "";
          const message = `no project named ${quoteForEcho(route.projectName)}${hint}`;
          throw new ApiError(404, "NOT_FOUND", message);
        }
        return listHandler(`project ${route.projectName}`, artefacts, data.artefactsOf(project));
      }
      case "artefactFindings": {
        const findings = resourceNamed("findings");
        recordOf(resourceNamed("artefacts"), route.artefactId);
        const below = data.findingsBelow(route.artefactId);
        return listHandler(`findings ${route.artefactId}`, findings, below);
      }
      default:
        return undefined;
    }
  }

  function answerItem(request: Request, resourceName: string, id: string): object {
    const resource = resourceNamed(resourceName);
    // Checked though an item has no date to read it with, as a list request checks it.
    readTimeZone(request.headers.get("timezone"), "UTC");
    const { fields } = readListRequest(`?${fieldsPieces(new URL(request.url).search)}`, {
      ...sizes,
      schema: resource.schema,
    });
    const record = recordOf(resource, id);
    return fields ? (compileFields(fields)(record) as object) : record;
  }

  /** The answer to a request of a known route, with the right method, once authorised. */
  async function answerRoute(request: Request, route: Route, mediaType: string) {
    const ok = (body: object) => jsonResponse(request, 200, mediaType, body);
    switch (route.kind) {
      case "token":
        if (request.method !== "DELETE") return ok(issueToken(request));
        tokens.revoke(authorise(request).token);
        return new Response(null, { status: 204 });
      case "item":
        authorise(request);
        return ok(answerItem(request, route.resource, route.id));
      case "artefactQuery": {
        const { holder } = authorise(request);
        const budget = {
          wait: () => queryTime.wait(holder),
          charge: (ms: number) => queryTime.charge(holder, ms),
        };
        return ok(await answerQuery(data, request, route.artefactId, maxBodyBytes, budget));
      }
      default: {
        authorise(request);
        const handler = listOf(route) as ListHandler;
        return handler(request);
      }
    }
  }

  function errorResponse(request: Request, error: unknown, mediaType: string): Response {
    if (error instanceof ApiError) {
      return jsonResponse(request, error.status, mediaType, error.toJSON(), error.headers);
    }
    if (error instanceof QueryError || error instanceof UnknownTimeZoneError) {
      return jsonResponse(request, 400, mediaType, badRequestBody(error));
    }
    // A client that went away while its request was read made no error of the server's.
    if (!request.signal.aborted) onError(error);
    const failed = new ApiError(500, "INTERNAL_ERROR", "the server failed to answer this request");
    return jsonResponse(request, 500, mediaType, failed.toJSON());
  }

  // The checks in order: accept (406), the path's shape and method (405), credentials (401,
  // 403), then what the path names (404) and the request itself (400).
  async function answer(request: Request): Promise<Response> {
    let mediaType = JSON_MEDIA_TYPE;
    try {
      const accept = request.headers.get("accept");
      if (isAcceptTooLong(accept)) return toResponse(acceptTooLongAnswer(request.method));
      const negotiated = negotiateKept(store, accept, mediaTypes);
      if (negotiated === undefined) {
        return jsonResponse(request, 406, JSON_MEDIA_TYPE, notAcceptableBody(mediaTypes));
      }
      mediaType = negotiated;
      const route = matchRoute(new URL(request.url).pathname);
      if (route === undefined) {
        authorise(request);
        throw new ApiError(404, "NOT_FOUND", `no such route: ${ROUTES_IN_BRIEF}`);
      }
      const methods = ROUTE_METHODS[route.kind];
      if (!methods.includes(request.method)) {
        throw new ApiError(
          405,
          "METHOD_NOT_ALLOWED",
          `${request.method} is not allowed here: this path takes ${methods.join(", ")}`,
          {},
          { allow: methods.join(", ") },
        );
      }
      return await answerRoute(request, route, mediaType);
    } catch (error) {
      return errorResponse(request, error, mediaType);
    }
  }

  async function fetchAnswer(request: Request): Promise<Response> {
    const response = await answer(request);
    // Answers differ by credentials too, and none may be kept by a cache on the way.
    response.headers.set("vary", "Accept, Authorization, timezone");
    response.headers.set("cache-control", "no-store");
    return response;
  }

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
      await writeResponse(await fetchAnswer(request), outgoing);
    } catch (error) {
      if (!request.signal.aborted && !outgoing.destroyed) onError(error);
      outgoing.destroy();
    }
  }

  const server: Server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (request, response) => {
    void handle(request, response);
  });
  server.on("clientError", answerClientError);
  // Without a listener Node drops a CONNECT's connection unanswered.
  server.on("connect", (incoming: IncomingMessage, socket: import("node:stream").Duplex) => {
    const answer = unreadableRequestAnswer(incoming.method ?? "CONNECT", incoming.url ?? "");
    writeRawAnswer(socket, answer.status, answer.text, answer.headers);
  });

  return {
    resources: names,
    mediaTypes,
    fetch: fetchAnswer,
    handle,
    revokeToken: (token) => tokens.revoke(token),
    listen(port = 0, host = "127.0.0.1") {
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

/** The 431 of an `Accept` header too long to be read, in JSON. */
function acceptTooLongAnswer(method: string) {
  const error = new ApiError(431, "HEADER_TOO_LARGE", ACCEPT_TOO_LONG_MESSAGE, {
    header: "accept",
  });
  return jsonAnswer(method, 431, JSON_MEDIA_TYPE, error.toJSON());
}

/** Methods a Web `Request` cannot carry: no route of the API takes them. */
const UNSUPPORTED_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);
const EVERY_METHOD = [...new Set(Object.values(ROUTE_METHODS).flat())].join(", ");

/** The answer, in JSON, to a request no Web `Request` can be made of: its method or its target. */
function unreadableRequestAnswer(method: string, target: string) {
  if (UNSUPPORTED_METHODS.has(method.toUpperCase())) {
    let allow = EVERY_METHOD;
    try {
      const route = matchRoute(new URL(target, "http://localhost").pathname);
      if (route) allow = ROUTE_METHODS[route.kind].join(", ");
    } catch {
      // A target that is no URL names no route: every method of the API is listed.
    }
    const message = `${quoteForEcho(method)} is not allowed: this API takes ${allow}`;
    const error = new ApiError(405, "METHOD_NOT_ALLOWED", message, {}, { allow });
    return jsonAnswer(method, 405, JSON_MEDIA_TYPE, error.toJSON(), error.headers);
  }
  const message = `the request target ${quoteForEcho(target)} is not a path of this API or an absolute URL`;
  const error = new ApiError(400, "MALFORMED_URL", message);
  return jsonAnswer(method, 400, JSON_MEDIA_TYPE, error.toJSON());
}

/** Writes an answer straight to the socket, then closes it. */
function writeRawAnswer(
  socket: import("node:stream").Duplex,
  status: number,
  text: string,
  headers: Readonly<Record<string, string>> = { "content-type": "application/json; charset=utf-8" },
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
function answerClientError(error: NodeJS.ErrnoException, socket: import("node:stream").Duplex) {
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
