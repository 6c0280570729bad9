import type { IncomingMessage, ServerResponse } from "node:http";
import { own } from "../base/members.ts";
import { checkOptionNames, optionNamesOf, readOptions } from "../check/read-options.ts";
import { QueryError } from "../errors/errors.ts";
import { InvalidOptionError } from "../errors/invalid-input.ts";
import { UnknownTimeZoneError } from "../errors/unknown-time-zone-error.ts";
import type { Evaluate } from "../http/evaluate.ts";
import { negotiateKept } from "../http/list-handler.ts";
import { isAcceptTooLong, isVendorName, supportedMediaTypes } from "../http/media-types.ts";
import { ListRequestCache, storeOf } from "../http/request-cache.ts";
import {
  badRequestBody,
  JSON_MEDIA_TYPE,
  jsonResponse,
  notAcceptableBody,
  toResponse,
} from "../http/responses.ts";
import { readPageSizeOptions } from "../list/page-size.ts";
import type { Schema } from "../schema/schema.ts";
import { lookupLanguage, MAX_ACCEPT_LANGUAGE_LENGTH } from "./accept-language.ts";
import {
  Admission,
  type ClientShare,
  checkClientShare,
  DEFAULT_CLIENT_SHARE,
} from "./admission.ts";
import { ANSWER_HEADERS } from "./answer-headers.ts";
import { ApiError } from "./api-error.ts";
import { createBasicCheck } from "./authorization.ts";
import { CallerViews } from "./caller-views.ts";
import { LoginGuard } from "./login-guard.ts";
import { acceptTooLongAnswer, createNodeAdapter, type ListeningAddress } from "./node-adapter.ts";
import { DEFAULT_MAX_BODY_BYTES } from "./query-route.ts";
import {
  type Caller,
  ROUTE_ANSWERS,
  type RouteCall,
  type RouteServices,
  ServedLists,
  type TokenDesk,
} from "./route-table.ts";
import {
  matchRoute,
  ROUTES,
  ROUTES_IN_BRIEF,
  type Route,
  type RouteCost,
  type RouteKind,
} from "./routes.ts";
import { ServedData } from "./served-data.ts";
import { TokenAuth } from "./token-auth.ts";
import { DEFAULT_TOKEN_RATE, type TokenRate, TokenRateLimiter, TokenStore } from "./tokens.ts";
import { canonicalLanguage, TRANSLATIONS_MEMBER, Translations } from "./translations.ts";
import { type ApiUser, readServerUsers } from "./users.ts";
import { checkWorkRate, DEFAULT_QUERY_TIME, WorkBudget, type WorkRate } from "./work-budget.ts";

export type { ClientShare } from "./admission.ts";
export type { ListeningAddress } from "./node-adapter.ts";
export type { ApiUser } from "./users.ts";

/** What `createApiServer` serves, to whom, and how. */
export interface ApiServerOptions {
  /**
   * The records of each resource, by the resource's name (`artefacts` for `/api/artefacts`);
   * `_translations`, if any, holds the translations of their texts (grammar/language.md 6.11).
   */
  readonly data: Readonly<Record<string, readonly object[]>>;
  /** The language the records' texts are in, answered when a request asks for no other; `en` unless set. */
  readonly language?: string | undefined;
  /** The Basic credentials `GET /api/token` takes, of a user who sees everything; the user cannot hold a colon. */
  readonly user?: string | undefined;
  readonly password?: string | undefined;
  /**
   * More users, by name: a password, or an `ApiUser` saying how the user signs in, what it sees
   * (projects, a policy per resource) and its defaults (grammar/language.md 6.10). Each user's
   * tokens are counted apart.
   */
  readonly users?: Readonly<Record<string, string | ApiUser>> | undefined;
  /**
   * Bearer tokens of the server's own that never expire, such as a CI job's, which see
   * everything: token68 text of at least 20 characters. Revoked by `revokeToken` or
   * `DELETE /api/token`. A user's own are among its `ApiUser` members.
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
  /**
   * Each client's share of the server (a user, whatever token it presents, or one permanent
   * token): a bucket of `burst` ms of the server's time refilled by `perSecond` in real time
   * (whatever `now` says), and at most
   * `inFlight` of its requests answered and `waiting` waiting at once, past which a request is a
   * 429 `TOO_MANY_REQUESTS`; `{ burst: 1000, perSecond: 100, inFlight: 2, waiting: 32 }` unless set.
   */
  readonly clientShare?: ClientShare | undefined;
  /** Told of an unexpected exception, which the client sees only as a 500. */
  readonly onInternalError?: ((error: unknown) => void) | undefined;
}

/** Who sent a request, as the platform serving it knows: the client's IP address. */
export interface ClientInfo {
  /** Wrong passwords are counted by it (grammar/language.md 6.10); unknown when left out. */
  readonly address?: string | undefined;
}

/** A request about to be answered: its route and media type known, and its client's address. */
interface Dispatched {
  readonly request: Request;
  readonly route: Route;
  readonly mediaType: string;
  readonly address: string;
}

/** The address a `ClientInfo` gives, or "" for every client whose address is not known. */
function readAddress(client: ClientInfo | undefined): string {
  const address = client === undefined ? undefined : own(client, "address");
  return typeof address === "string" ? address.slice(0, 64) : "";
}

/** The reference server of the API (grammar/language.md 6.8) over in-memory records. */
export interface ApiServer {
  /** The resources served, in the order of `options.data`. */
  readonly resources: readonly string[];
  /** The media types answered in, the versioned ones first. */
  readonly mediaTypes: readonly string[];
  /**
   * Answers one Web `Request`; never rejects. For Deno, Bun, workers, Hono or a test; `client`
   * gives its sender's address, by which wrong passwords are counted (all alike without it).
   */
  fetch(request: Request, client?: ClientInfo): Promise<Response>;
  /** Answers one Node request; never rejects. For mounting in another `node:http` server. */
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** Forgets a token, temporary or permanent, at once; false when the server did not know it. */
  revokeToken(token: string): boolean;
  /** Starts listening (port 0: any free port; host `127.0.0.1` unless given). */
  listen(port?: number, host?: string): Promise<ListeningAddress>;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

const CALLER = "createApiServer";

const OPTION_NAMES = optionNamesOf<ApiServerOptions>({
  data: true,
  user: true,
  password: true,
  users: true,
  language: true,
  permanentTokens: true,
  vendor: true,
  defaultSize: true,
  maxSize: true,
  schemas: true,
  tokenRate: true,
  now: true,
  evaluate: true,
  maxBodyBytes: true,
  queryTime: true,
  clientShare: true,
  onInternalError: true,
});

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

function checkMaxBodyBytes(value: number | undefined): number {
  if (value === undefined) return DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError("maxBodyBytes must be a whole number from 1");
  }
  return value;
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
  const { vendor, rules, services, data, cache, onError } = readServerOptions(options);
  const mediaTypes = supportedMediaTypes(vendor);
  const negotiations = storeOf(cache);

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
  // 403), the client's share (429), then what the path names (404) and the request itself (400).
  async function answer(request: Request, address: string): Promise<Response> {
    let mediaType = JSON_MEDIA_TYPE;
    try {
      const accept = request.headers.get("accept");
      if (isAcceptTooLong(accept)) return toResponse(acceptTooLongAnswer(request.method));
      const negotiated = negotiateKept(negotiations, accept, mediaTypes);
      if (negotiated === undefined) {
        return jsonResponse(request, 406, JSON_MEDIA_TYPE, notAcceptableBody(mediaTypes));
      }
      mediaType = negotiated;
      const acceptLanguage = request.headers.get("accept-language");
      if (acceptLanguage !== null && acceptLanguage.length > MAX_ACCEPT_LANGUAGE_LENGTH) {
        const message = `accept-language: the header is longer than ${MAX_ACCEPT_LANGUAGE_LENGTH} characters, far above what any client sends`;
        throw new ApiError(431, "HEADER_TOO_LARGE", message, { header: "accept-language" });
      }
      const route = matchRoute(new URL(request.url).pathname);
      if (route === undefined) {
        rules.auth.authorise(request);
        throw new ApiError(404, "NOT_FOUND", `no such route: ${ROUTES_IN_BRIEF}`);
      }
      const methods: readonly string[] = ROUTES[route.kind].methods;
      if (!methods.includes(request.method)) {
        throw new ApiError(
          405,
          "METHOD_NOT_ALLOWED",
          `${request.method} is not allowed here: this path takes ${methods.join(", ")}`,
          {},
          { allow: methods.join(", ") },
        );
      }
      return await dispatch(rules, services, { request, route, mediaType, address });
    } catch (error) {
      return errorResponse(request, error, mediaType);
    }
  }

  async function fetchAnswer(request: Request, client?: ClientInfo): Promise<Response> {
    const response = await answer(request, readAddress(client));
    for (const [name, value] of Object.entries(ANSWER_HEADERS)) response.headers.set(name, value);
    return response;
  }

  const node = createNodeAdapter(fetchAnswer, onError);
  return {
    resources: data.names,
    mediaTypes,
    fetch: fetchAnswer,
    handle: node.handle,
    revokeToken: (token) => rules.auth.revoke(token),
    listen: (port = 0, host = "127.0.0.1") => node.listen(port, host),
    close: () => node.close(),
  };
}

/** The server's options read and checked: its vendor, what its routes read, and who hears of its failures. */
function readServerOptions(options: ApiServerOptions) {
  checkOptionNames(CALLER, readOptions(CALLER, options), OPTION_NAMES);
  const vendor = option("vendor", () => {
    const name = options.vendor ?? "qaql";
    if (!isVendorName(name)) throw new TypeError(`${JSON.stringify(name)} is not a vendor name`);
    return name;
  });
  const sizes = readPageSizeOptions(CALLER, options.defaultSize, options.maxSize);
  const users = option("users", () => readServerUsers(options));
  const checkBasic = option("users", () => createBasicCheck(users.secrets));
  const now = options.now ?? Date.now;
  const tokens = new TokenStore(now);
  for (const { token, user } of users.permanentTokens) {
    // A user's own token is one of its members, named with it.
    option(user === undefined ? "permanentTokens" : "users", () => {
      try {
        tokens.addPermanent(token, user);
      } catch (error) {
        if (user === undefined || !(error instanceof TypeError)) throw error;
        throw new TypeError(`the user ${JSON.stringify(user)}: permanentTokens: ${error.message}`);
      }
    });
  }
  const tokenRate = options.tokenRate ?? DEFAULT_TOKEN_RATE;
  const rateLimiter = option("tokenRate", () => new TokenRateLimiter(now, tokenRate));
  const maxBodyBytes = option("maxBodyBytes", () => checkMaxBodyBytes(options.maxBodyBytes));
  const queryTime = option(
    "queryTime",
    () => new WorkBudget(now, checkWorkRate("queryTime", options.queryTime ?? DEFAULT_QUERY_TIME)),
  );
  const data = option("data", () => new ServedData(options.data, options.schemas));
  const language = option("language", () =>
    canonicalLanguage(options.language ?? "en", "language"),
  );
  const translations = option("data", () =>
    Translations.read(own(options.data, TRANSLATIONS_MEMBER), language),
  );
  const views = option(
    "users",
    () => new CallerViews(options.data, options.schemas ?? {}, data, users.users, translations),
  );
  const languages = { available: translations.languages, fallback: language };
  const onError = (error: unknown) => options.onInternalError?.(error);
  const auth = new TokenAuth({
    realm: `realm="${vendor}"`,
    checkBasic,
    logins: new LoginGuard(now),
    tokens,
    rateLimiter,
    tokenRate,
  });
  // One bound for every list's requests, however many lists the data has.
  const cache = new ListRequestCache();
  const lists = new ServedLists({ vendor, sizes, cache, evaluate: options.evaluate, onError });
  const queryBody = { mediaTypes: supportedMediaTypes(vendor), maxBytes: maxBodyBytes };
  const clientShare = option("clientShare", () =>
    checkClientShare("clientShare", options.clientShare ?? DEFAULT_CLIENT_SHARE),
  );
  // The share is of the server's real time: a clock set by tests or a conformance kit's
  // advanceClock must neither freeze its refill nor fill it at once.
  const admission = new Admission(() => performance.now(), clientShare, queryTime);
  const rules: ServerRules = { auth, views, languages, admission };
  const services: RouteServices = { lists, sizes, queryBody };
  return { vendor, rules, services, data, cache, onError };
}

/** The server's rules, which the dispatcher alone applies: who asks, what it sees, what it may spend. */
interface ServerRules {
  readonly auth: TokenAuth;
  /** What each token's holder sees: its records, and its policies' fields. */
  readonly views: CallerViews;
  /** The languages answers can be in (the server's first), and the server's. */
  readonly languages: { readonly available: readonly string[]; readonly fallback: string };
  readonly admission: Admission;
}

/**
 * Runs a route's code, its method checked: the token route with the token desk, every other
 * with its caller, authenticated and with its view resolved before the route's code runs.
 */
function dispatch(
  rules: ServerRules,
  server: RouteServices,
  { request, route, mediaType, address }: Dispatched,
): Response | Promise<Response> {
  const call: RouteCall<RouteKind> = { request, params: route.params, mediaType, server };
  // The route table says which routes read their credentials themselves.
  if (ROUTES[route.kind].access === "credentials") {
    const desk: TokenDesk = {
      issue: (request) => rules.auth.issueToken(request, address),
      revoke: (request) => {
        rules.auth.revoke(rules.auth.authorise(request).token);
      },
    };
    const answer = ROUTE_ANSWERS[route.kind] as (
      desk: TokenDesk,
      call: RouteCall<RouteKind>,
    ) => Response | Promise<Response>;
    return answer(desk, call);
  }
  return answerCaller(rules, route, call);
}

/** A Bearer route's answer: its caller resolved, its work admitted, and settled once it is made. */
async function answerCaller(
  rules: ServerRules,
  route: Route,
  call: RouteCall<RouteKind>,
): Promise<Response> {
  const caller = callerOf(rules, call.request);
  const cost = ROUTES[route.kind].cost as Exclude<RouteCost, "token">;
  const ticket = await rules.admission.admit(caller.client, cost, call.request);
  const body = countBodyBytes(call.request);
  let answerBytes = 0;
  try {
    const answer = ROUTE_ANSWERS[route.kind] as (
      caller: Caller,
      call: RouteCall<RouteKind>,
    ) => Response | Promise<Response>;
    const response = await answer(caller, { ...call, request: body.request });
    answerBytes = Number(response.headers.get("content-length") ?? 0) || 0;
    return response;
  } finally {
    const search = textLength(new URL(call.request.url).search);
    ticket.end({ body: body.bytes(), search, answer: answerBytes });
  }
}

/**
 * The length of the `where` and `fields` of a query string, the texts a request compiles; read
 * by one scan, as a padded query string of 200 KB would cost `piecesOf` an array of pieces.
 */
function textLength(search: string): number {
  let length = 0;
  for (const match of search.matchAll(/(?:^\?|&)(?:where|fields)=([^&]*)/g)) {
    length += match[1]?.length ?? 0;
  }
  return length;
}

/** The request with a body that counts its bytes as the route reads them: what a query's cost is bounded by. */
function countBodyBytes(request: Request): { request: Request; bytes: () => number } {
  if (request.body === null) return { request, bytes: () => 0 };
  let bytes = 0;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        bytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
    }),
  );
  const init: RequestInit & { duplex: "half" } = { body: counted, duplex: "half" };
  return { request: new Request(request, init), bytes: () => bytes };
}

/** The caller of a request: the holder of its Bearer token (401, 403 without one that holds) and what it sees. */
function callerOf(rules: ServerRules, request: Request): Caller {
  const { holder } = rules.auth.authorise(request);
  const view = rules.views.of(holder);
  const { available, fallback } = rules.languages;
  const usersLanguage = view.user?.language;
  const language = lookupLanguage(
    request.headers.get("accept-language"),
    available,
    usersLanguage !== undefined && available.includes(usersLanguage) ? usersLanguage : fallback,
  );
  return {
    client: holder,
    viewKey: view.key,
    data: view.dataIn(language),
    policyOf: (resource) => view.policyOf(resource),
    language,
    timeZone: view.user?.timeZone ?? "UTC",
  };
}
