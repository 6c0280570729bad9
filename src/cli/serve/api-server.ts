import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { compileFields } from "../../api/compile-fields.ts";
import { calendarOf } from "../../backends/predicate/calendar.ts";
import { QueryError } from "../../errors/errors.ts";
import { UnknownTimeZoneError } from "../../errors/unknown-time-zone-error.ts";
import { isVendorName, negotiateMediaType, supportedMediaTypes } from "../../http/media-types.ts";
import { stringifyJson } from "../../json/stringify-json.ts";
import { resolvePageSizeOptions } from "../../list/page-size.ts";
import { pageLinks } from "../../list/paginate.ts";
import { decodeQueryComponent } from "../../list/percent-decode.ts";
import { readListRequest } from "../../list/read-list-request.ts";
import { piecesOf } from "../../list/url-parts.ts";
import type { Schema } from "../../schema/schema.ts";
import { ApiError, type ApiErrorCode, libraryError, quoteForEcho } from "./api-error.ts";
import { createBasicCheck, isToken68, readAuthorization } from "./authorization.ts";
import { type Evaluate, type EvaluateResult, referenceEvaluate } from "./evaluate.ts";
import { DEFAULT_TOKEN_RATE, type TokenRate, TokenRateLimiter, TokenStore } from "./tokens.ts";

/** What `createApiServer` serves, to whom, and how. */
export interface ApiServerOptions {
  /** The records of each resource, by the resource's name (`artefacts` for `/api/artefacts`). */
  readonly data: Readonly<Record<string, readonly object[]>>;
  /** The Basic credentials `GET /api/token` takes; the user cannot hold a colon. */
  readonly user: string;
  readonly password: string;
  /** More users of `GET /api/token`, password by user name; each user's tokens are counted apart. */
  readonly users?: Readonly<Record<string, string>> | undefined;
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
  /** Filters, pages and projects list requests; `referenceEvaluate` unless set. */
  readonly evaluate?: Evaluate | undefined;
  /** Told of an unexpected exception, which the client sees only as a 500. */
  readonly onInternalError?: ((error: unknown) => void) | undefined;
}

/** Where a listening server answers: the API's base URL (ending in `/api`) and the port. */
export interface ListeningAddress {
  readonly url: string;
  readonly port: number;
}

/** A reference server of the API's list requests over in-memory records. */
export interface ApiServer {
  /** The resources served, in the order of `options.data`. */
  readonly resources: readonly string[];
  /** The media types answered in, the versioned ones first. */
  readonly mediaTypes: readonly string[];
  /** Starts listening (port 0: any free port; host `127.0.0.1` unless given). */
  listen(port?: number, host?: string): Promise<ListeningAddress>;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
  /** Answers one request; never rejects. For mounting in another `node:http` server. */
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
}

/** Headers of 256 KiB hold a `where` and a `fields` at their 8192-character limit, fully percent-encoded. */
const MAX_HEADER_BYTES = 256 * 1024;
const RESERVED_NAMES: ReadonlySet<string> = new Set(["", "token", "_links"]);
const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

interface Resource {
  readonly records: readonly object[];
  readonly byId: ReadonlyMap<string, object>;
  readonly schema: Schema | undefined;
}

/** A request target cut into its decoded path segments, its raw query, and path + query as sent. */
interface Target {
  readonly segments: readonly string[];
  readonly query: string;
  readonly self: string;
}

function indexResource(name: string, records: readonly object[], schema?: Schema): Resource {
  if (RESERVED_NAMES.has(name)) {
    throw new TypeError(`a resource cannot be named ${JSON.stringify(name)}`);
  }
  if (!Array.isArray(records)) throw new TypeError(`the data of "${name}" is not an array`);
  const byId = new Map<string, object>();
  for (const [index, record] of records.entries()) {
    if (typeof record !== "object" || record === null || Array.isArray(record)) {
      throw new TypeError(`the record at index ${index} of "${name}" is not an object`);
    }
    const id: unknown = Object.hasOwn(record, "id") ? (record as { id: unknown }).id : undefined;
    const key = typeof id === "string" || Number.isFinite(id) ? String(id) : undefined;
    if (key !== undefined && !byId.has(key)) byId.set(key, record);
  }
  return { records, byId, schema };
}

function readTarget(url: string): Target {
  const absolute = ABSOLUTE_FORM.exec(url);
  let target = absolute ? url.slice(absolute[0].length) || "/" : url;
  const hash = target.indexOf("#");
  if (hash !== -1) target = target.slice(0, hash);
  if (!target.startsWith("/")) {
    throw new ApiError(400, "MALFORMED_URL", "the request target is not a path");
  }
  const mark = target.indexOf("?");
  const path = mark === -1 ? target : target.slice(0, mark);
  const segments = path
    .slice(1)
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        throw new ApiError(
          400,
          "MALFORMED_URL",
          `the path segment ${quoteForEcho(segment)} holds a broken percent-escape`,
        );
      }
    });
  return { segments, query: mark === -1 ? "" : target.slice(mark + 1), self: target };
}

/** The raw query reduced to its `fields` pieces: an item request reads nothing else. */
function fieldsPieces(query: string): string {
  return piecesOf(query)
    .filter((piece) => {
      const equals = piece.indexOf("=");
      return decodeQueryComponent(equals === -1 ? piece : piece.slice(0, equals)) === "fields";
    })
    .join("&");
}

function readTimeZone(request: IncomingMessage): string {
  const header = request.headers.timezone;
  if (header === undefined) return "UTC";
  const value = Array.isArray(header) ? header.join(", ") : header;
  try {
    calendarOf(value);
  } catch (error) {
    if (error instanceof UnknownTimeZoneError) throw timeZoneError(error);
    throw error;
  }
  return value;
}

/** A 400 for an unknown `timezone`: the error's body, naming the header. */
function timeZoneError(error: UnknownTimeZoneError): ApiError {
  return libraryError(error, { header: "timezone" });
}

/** The passwords of `GET /api/token` by user name: `user` and every one of `users`. */
function passwordsOf(options: ApiServerOptions): Map<string, string> {
  const passwords = new Map([[options.user, options.password]]);
  for (const [user, password] of Object.entries(options.users ?? {})) {
    if (passwords.has(user)) throw new TypeError(`the user ${JSON.stringify(user)} is given twice`);
    passwords.set(user, password);
  }
  return passwords;
}

function checkResult(result: EvaluateResult): EvaluateResult {
  const { items, total } = (result ?? {}) as Partial<EvaluateResult>;
  if (!Array.isArray(items) || !Number.isSafeInteger(total) || (total as number) < 0) {
    throw new TypeError("evaluate must return { items: object[], total: a whole number from 0 }");
  }
  return result;
}

/**
 * Creates the reference server of the API's list requests (`GET /api/token`, `GET
 * /api/<resource>`, `GET /api/<resource>/<id>`) over in-memory records: Basic credentials for
 * a token, Bearer tokens for the rest, `accept` versions, the `timezone` header, JSON errors.
 */
export function createApiServer(options: ApiServerOptions): ApiServer {
  const vendor = options.vendor ?? "qaql";
  if (!isVendorName(vendor)) throw new TypeError(`${JSON.stringify(vendor)} is not a vendor name`);
  const sizes = resolvePageSizeOptions(options);
  const checkBasic = createBasicCheck(passwordsOf(options));
  const now = options.now ?? Date.now;
  const tokens = new TokenStore(now);
  const tokenRate = options.tokenRate ?? DEFAULT_TOKEN_RATE;
  const rateLimiter = new TokenRateLimiter(now, tokenRate);
  const evaluate = options.evaluate ?? referenceEvaluate;
  const mediaTypes = supportedMediaTypes(vendor);
  const realm = `realm="${vendor}"`;
  const resources = new Map<string, Resource>();
  for (const [name, records] of Object.entries(options.data)) {
    const schema =
      options.schemas && Object.hasOwn(options.schemas, name) ? options.schemas[name] : undefined;
    resources.set(name, indexResource(name, records, schema));
  }
  const names = [...resources.keys()];

  function issueToken(request: IncomingMessage): object {
    const basic = `Basic ${realm}, charset="UTF-8"`;
    const authorization = readAuthorization(request.headers.authorization);
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

  function authorise(request: IncomingMessage): void {
    const authorization = readAuthorization(request.headers.authorization);
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
        "the token is not one this server issued (or it was forgotten): get one from GET /api/token",
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
  }

  function resourceOf(name: string): Resource {
    const resource = resources.get(name);
    if (resource) return resource;
    throw new ApiError(
      404,
      "NOT_FOUND",
      `no resource ${quoteForEcho(name)}: this server has ${names.join(", ") || "none"}`,
    );
  }

  async function answerList(
    request: IncomingMessage,
    name: string,
    target: Target,
  ): Promise<object> {
    const resource = resourceOf(name);
    const timeZone = readTimeZone(request);
    const list = readListRequest(`?${target.query}`, { ...sizes, schema: resource.schema });
    const { items, total } = checkResult(
      await evaluate(resource.records, {
        ...list,
        resource: name,
        timeZone,
        schema: resource.schema,
      }),
    );
    return { _links: pageLinks(target.self, list, total), [name]: items };
  }

  function answerItem(request: IncomingMessage, name: string, id: string, target: Target): object {
    const resource = resourceOf(name);
    readTimeZone(request);
    const { fields } = readListRequest(`?${fieldsPieces(target.query)}`, {
      ...sizes,
      schema: resource.schema,
    });
    const record = resource.byId.get(id);
    if (!record) {
      throw new ApiError(404, "NOT_FOUND", `no ${name} with id ${quoteForEcho(id)}`);
    }
    return fields ? (compileFields(fields)(record) as object) : record;
  }

  function send(
    response: ServerResponse,
    status: number,
    mediaType: string,
    body: object,
    headers: Readonly<Record<string, string>> = {},
  ): void {
    if (response.headersSent || response.destroyed) return;
    const text = stringifyJson(body);
    response.writeHead(status, {
      "content-type": `${mediaType}; charset=utf-8`,
      "content-length": Buffer.byteLength(text),
      "cache-control": "no-store",
      vary: "Accept, Authorization, timezone",
      ...headers,
    });
    response.end(text);
  }

  function toApiError(error: unknown): ApiError {
    if (error instanceof ApiError) return error;
    if (error instanceof QueryError) return libraryError(error);
    if (error instanceof UnknownTimeZoneError) return timeZoneError(error);
    options.onInternalError?.(error);
    return new ApiError(500, "INTERNAL_ERROR", "the server failed to answer this request");
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let mediaType = "application/json";
    try {
      const accept = request.headers.accept;
      const negotiated = negotiateMediaType(accept, mediaTypes);
      if (negotiated === undefined) {
        throw new ApiError(
          406,
          "NOT_ACCEPTABLE",
          `accept: none of ${quoteForEcho(accept ?? "")} is served; the API answers in ${mediaTypes.join(", ")}`,
          { supported: mediaTypes },
        );
      }
      mediaType = negotiated;
      if (request.method !== "GET" && request.method !== "HEAD") {
        throw new ApiError(
          405,
          "METHOD_NOT_ALLOWED",
          `${request.method} is not allowed: the API only reads (GET, HEAD)`,
          {},
          { allow: "GET, HEAD" },
        );
      }
      const target = readTarget(request.url ?? "/");
      const [root, name, id, ...rest] = target.segments;
      if (root === "api" && name === "token" && id === undefined) {
        send(response, 200, mediaType, issueToken(request));
        return;
      }
      authorise(request);
      if (root !== "api" || name === undefined || name === "" || id === "" || rest.length > 0) {
        throw new ApiError(
          404,
          "NOT_FOUND",
          "no such route: the API has GET /api/token, /api/<resource> and /api/<resource>/<id>",
        );
      }
      const body =
        id === undefined
          ? await answerList(request, name, target)
          : answerItem(request, name, id, target);
      send(response, 200, mediaType, body);
    } catch (error) {
      try {
        const apiError = toApiError(error);
        send(response, apiError.status, mediaType, apiError.toJSON(), apiError.headers);
      } catch {
        response.destroy();
      }
    }
  }

  const server: Server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (request, response) => {
    void handle(request, response);
  });
  server.on("clientError", answerClientError);

  return {
    resources: names,
    mediaTypes,
    handle,
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
  const text = JSON.stringify(new ApiError(status, "MALFORMED_REQUEST", message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      "content-type: application/json; charset=utf-8\r\n" +
      `content-length: ${Buffer.byteLength(text)}\r\n` +
      "connection: close\r\n\r\n" +
      text,
  );
}
