import { type AccessPolicy, type CheckedPolicy, readAccessPolicy } from "../api/access-policy.ts";
import { calendarOf } from "../backends/predicate/calendar.ts";
import type { Projection } from "../backends/projection/compile-projection.ts";
import { QueryError } from "../errors/errors.ts";
import { UnknownTimeZoneError } from "../errors/unknown-time-zone-error.ts";
import { resourceOf } from "../list/paginate.ts";
import { type CompiledRequest, CompiledRequests } from "./compiled-requests.ts";
import {
  checkSourceResult,
  type ListSourceFunction,
  type ListSourceRequest,
  type ListSourceResult,
  project,
  readRecords,
  sourceRequestOf,
} from "./list-source.ts";
import { ACCEPT_TOO_LONG_MESSAGE, isAcceptTooLong, negotiateMediaType } from "./media-types.ts";
import {
  type CheckedListHandlerOptions,
  type HandlerSchemaOption,
  type HandlerSettings,
  type ListHandlerOptions,
  readHandlerOptions,
} from "./read-handler-options.ts";
import type { RecentCache } from "./recent-cache.ts";
import { ListRequestCache, readingKeyOf, storeOf } from "./request-cache.ts";
import {
  badRequestBody,
  errorBody,
  JSON_MEDIA_TYPE,
  type JsonAnswer,
  jsonAnswer,
  notAcceptableBody,
  toResponse,
} from "./responses.ts";

/** Answers one list request: a Web `Request` in, a `Response` out; it never rejects. */
export type ListHandler = (request: Request) => Promise<Response>;

/**
 * A list request as the handler reads it, from a Web `Request` or straight from a Node
 * request, which then becomes a `Request` only if a source function or `onError` asks for it.
 */
export interface ListCall {
  readonly method: string;
  /** The absolute URL, its query raw as sent. */
  readonly url: string;
  /** A header by its lower-case name; null when absent. */
  header(name: string): string | null;
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
  webRequest(): Request;
}

/** Answers one list call with its answer before it becomes a `Response`; it never rejects. */
export type ListAnswerer = (call: ListCall) => Promise<JsonAnswer>;

/** A Web `Request` as a list call. */
function callOf(request: Request): ListCall {
  return {
    method: request.method,
    url: request.url,
    header: (name) => request.headers.get(name),
    signal: request.signal,
    webRequest: () => request,
  };
}

/**
 * The zone of the request's `timezone` header in its canonical spelling (`europe/PARIS` is
 * `Europe/Paris`), checked (`UnknownTimeZoneError`), or the default zone.
 */
export function readTimeZone(header: string | null, fallback: string): string {
  if (header === null) return fallback;
  return calendarOf(header).timeZone;
}

/** What a handler reads of a request's URL. */
interface UrlReading {
  readonly pathname: string;
  /** The raw query, `?` included; "" without one. */
  readonly search: string;
  /** The path and query as the links start from: relative unless `baseUrl` says otherwise. */
  readonly selfUrl: string;
  /** The list the path names, when the handler is not told. */
  readonly resource: string | undefined;
}

function readUrl(settings: HandlerSettings, text: string): UrlReading {
  const url = new URL(text);
  const { search, origin } = url;
  // Empty segments go: a relative link starting `//` would name another host, and the links
  // never take a host from the request.
  const pathname = url.pathname.replace(/\/{2,}/g, "/");
  return {
    pathname,
    search,
    selfUrl: `${settings.linkBase}${pathname}${search}`,
    resource: settings.resource ?? resourceOf(`${origin}${pathname}`),
  };
}

/** Tells `onError` of an error the client sees as a 500, unless the client has gone away. */
function report(settings: HandlerSettings, call: ListCall, error: unknown): void {
  if (call.signal.aborted) return;
  try {
    const result: unknown = settings.onError(error, call.webRequest());
    // An async hook that rejects must not become an unhandled rejection.
    if (result instanceof Promise) result.catch(() => {});
  } catch {
    // The hook failing must not keep the client from its 500.
  }
}

/** The request's policy as given, and checked against the handler's schema; undefined without one. */
async function policyOf(
  settings: HandlerSettings,
  call: ListCall,
): Promise<{ readonly given: AccessPolicy; readonly checked: CheckedPolicy } | undefined> {
  const { policy, schema } = settings;
  if (policy.kind === "none") return undefined;
  const given = policy.kind === "fixed" ? policy.policy : await policy.read(call.webRequest());
  const checked = readAccessPolicy(CALLER, given, schema);
  return checked && { given: given as AccessPolicy, checked };
}

/** The page of a request: from the records in memory, or from the source function. */
function readPage(
  settings: HandlerSettings,
  call: ListCall,
  resource: string,
  compiled: CompiledRequest,
  timeZone: string,
): Promise<ListSourceResult> {
  const { source, schema, limits } = settings;
  const { list } = compiled;
  const projection = compiled.projection();
  const signal = () => call.signal;
  const common = { list, schema, timeZone, limits, signal, projection };
  if (source.kind === "records") {
    return readRecords(source.records, { ...common, matches: compiled.matches(timeZone) });
  }
  const request = sourceRequestOf(call, resource, { ...common, matches: undefined });
  return readFromFunction(source.read, request, projection);
}

async function readFromFunction(
  read: ListSourceFunction,
  request: ListSourceRequest,
  projection: Projection | undefined,
): Promise<ListSourceResult> {
  const { items, total } = checkSourceResult(await read(request), request.size);
  return { items: project(items, projection), total };
}

/** What a handler keeps between requests, in a cache it may share with other handlers. */
interface HandlerMemory {
  readonly requests: CompiledRequests;
  readonly store: RecentCache<string, unknown>;
  /** Tells this handler's URL readings apart from another's, whose settings may differ. */
  readonly handlerId: number;
}

const CALLER = "createListHandler";

/** A longer URL is read anew each time. */
const LONGEST_URL_KEPT = 4096;
let nextHandlerId = 1;

/** The type an `Accept` header negotiates, each header negotiated once while kept. */
export function negotiateKept(
  store: RecentCache<string, unknown>,
  header: string | null,
  mediaTypes: readonly string[],
): string | undefined {
  if (header === null) return negotiateMediaType(undefined, mediaTypes);
  const key = `a\0${mediaTypes[0]}\0${header}`;
  const negotiate = () => negotiateMediaType(header, mediaTypes);
  return store.get(key, negotiate, 128 + key.length * 2) as string | undefined;
}

function readUrlKept(settings: HandlerSettings, memory: HandlerMemory, url: string): UrlReading {
  if (url.length > LONGEST_URL_KEPT) return readUrl(settings, url);
  const key = `u\0${memory.handlerId}\0${url}`;
  return memory.store.get(key, () => readUrl(settings, url), 256 + key.length * 6) as UrlReading;
}

// The checks in qaql serve's order: accept (431, 406), method (405), then the request (400).
async function answer(
  settings: HandlerSettings,
  memory: HandlerMemory,
  call: ListCall,
): Promise<JsonAnswer> {
  let mediaType = JSON_MEDIA_TYPE;
  const { method } = call;
  try {
    const accept = call.header("accept");
    if (isAcceptTooLong(accept)) {
      const body = errorBody(431, "HEADER_TOO_LARGE", ACCEPT_TOO_LONG_MESSAGE, {
        header: "accept",
      });
      return jsonAnswer(method, 431, mediaType, body);
    }
    const negotiated = negotiateKept(memory.store, accept, settings.mediaTypes);
    if (negotiated === undefined) {
      return jsonAnswer(method, 406, mediaType, notAcceptableBody(settings.mediaTypes));
    }
    mediaType = negotiated;
    if (method !== "GET" && method !== "HEAD") {
      const message = "a list is only read: its methods are GET and HEAD";
      const body = errorBody(405, "METHOD_NOT_ALLOWED", message);
      return jsonAnswer(method, 405, mediaType, body, { allow: "GET, HEAD" });
    }
    const url = readUrlKept(settings, memory, call.url);
    const { resource } = url;
    if (resource === undefined || resource === "" || resource === "_links") {
      throw new TypeError(
        `createListHandler: the path ${JSON.stringify(url.pathname)} names no list: give the resource option`,
      );
    }
    const policy = await policyOf(settings, call);
    let compiled: CompiledRequest;
    let timeZone: string;
    try {
      timeZone = readTimeZone(call.header("timezone"), settings.timeZone);
      const { schema, limits, defaultSize, maxSize } = settings;
      const options = { schema, ...limits, defaultSize, maxSize, policy: policy?.given };
      compiled = memory.requests.get(url.search, options, policy?.checked.key);
    } catch (error) {
      if (!(error instanceof QueryError || error instanceof UnknownTimeZoneError)) throw error;
      return jsonAnswer(method, 400, mediaType, badRequestBody(error));
    }
    const { items, total } = await readPage(settings, call, resource, compiled, timeZone);
    const pageLinks = compiled.links(url.selfUrl, total);
    const _links = settings.links ? { ...pageLinks, ...settings.links } : pageLinks;
    return jsonAnswer(method, 200, mediaType, { _links, [resource]: items });
  } catch (error) {
    report(settings, call, error);
    const message = "the server failed to answer this request";
    return jsonAnswer(method, 500, mediaType, errorBody(500, "INTERNAL_ERROR", message));
  }
}

/** The cache of a handler given none: a quarter of a shared one's default bound. */
const HANDLER_CACHE = { maxBytes: 8 * 1024 * 1024, maxEntries: 1024 };

/**
 * The handler of `createListHandler` for an adapter that writes the answer itself (the Node
 * frameworks): no Web `Request` or `Response` in between. Throws `InvalidOptionError`.
 */
export function createListAnswerer(options: ListHandlerOptions): ListAnswerer {
  const settings = readHandlerOptions(options);
  const store = storeOf(settings.cache ?? new ListRequestCache(HANDLER_CACHE));
  const { schema, limits, defaultSize, maxSize } = settings;
  const readingKey = readingKeyOf(schema, limits, defaultSize, maxSize);
  const memory: HandlerMemory = {
    requests: new CompiledRequests(store, schema, readingKey),
    store,
    handlerId: nextHandlerId++,
  };
  return (call) => answer(settings, memory, call);
}

/**
 * Creates the handler of a list resource's `GET` (grammar/language.md 6): `where`, `fields`,
 * `page` and `size` read from the raw query string, the `timezone` header, `Accept`
 * negotiation, `{ _links, <resource>: [ … ] }` from the source, and JSON errors (400 with the
 * error's `toJSON()`, 405, 406, 500 without detail). Throws `InvalidOptionError` for bad options.
 * With a typed schema, an array or iterable source holds `Infer<typeof schema>` records.
 */
export function createListHandler<
  const S extends HandlerSchemaOption = undefined,
  const P extends AccessPolicy | undefined = undefined,
>(options: CheckedListHandlerOptions<S, P>): ListHandler;
export function createListHandler(options: ListHandlerOptions): ListHandler {
  const answerCall = createListAnswerer(options);
  return async (request) => toResponse(await answerCall(callOf(request)));
}
