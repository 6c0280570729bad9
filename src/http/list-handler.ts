import { calendarOf } from "../backends/predicate/calendar.ts";
import { QueryError } from "../errors/errors.ts";
import { UnknownTimeZoneError } from "../errors/unknown-time-zone-error.ts";
import { pageLinks, resourceOf } from "../list/paginate.ts";
import { readListRequest } from "../list/read-list-request.ts";
import { type CompiledRequest, CompiledRequests } from "./compiled-requests.ts";
import {
  checkSourceResult,
  type ListSourceResult,
  project,
  readRecords,
  sourceRequestOf,
} from "./list-source.ts";
import { negotiateMediaType } from "./media-types.ts";
import {
  type HandlerSettings,
  type ListHandlerOptions,
  readHandlerOptions,
} from "./read-handler-options.ts";
import { badRequestBody, errorBody, JSON_MEDIA_TYPE, jsonResponse } from "./responses.ts";

/** Answers one list request: a Web `Request` in, a `Response` out; it never rejects. */
export type ListHandler = (request: Request) => Promise<Response>;

/** The request's `timezone` header, checked (`UnknownTimeZoneError`), or the default zone. */
function readTimeZone(header: string | null, fallback: string): string {
  if (header === null) return fallback;
  calendarOf(header);
  return header;
}

/** The request's path and query as the links start from: relative unless `baseUrl` says otherwise. */
function selfUrlOf(settings: HandlerSettings, url: URL): string {
  // A relative link to a path starting `//` would name another host: keep that one absolute.
  const base = settings.linkBase || (url.pathname.startsWith("//") ? url.origin : "");
  return `${base}${url.pathname}${url.search}`;
}

/** Tells `onError` of an error the client sees as a 500, unless the client has gone away. */
function report(settings: HandlerSettings, request: Request, error: unknown): void {
  if (request.signal?.aborted) return;
  try {
    const result: unknown = settings.onError(error, request);
    // An async hook that rejects must not become an unhandled rejection.
    if (result instanceof Promise) result.catch(() => {});
  } catch {
    // The hook failing must not keep the client from its 500.
  }
}

async function readPage(
  settings: HandlerSettings,
  request: Request,
  resource: string,
  compiled: CompiledRequest,
  timeZone: string,
): Promise<ListSourceResult> {
  const { source, schema, limits } = settings;
  const { list } = compiled;
  const projection = compiled.projection();
  const common = { list, schema, timeZone, limits, signal: request.signal, projection };
  if (source.kind === "records") {
    return readRecords(source.records, { ...common, matches: compiled.matches(timeZone) });
  }
  const evaluation = { ...common, matches: undefined };
  const result = await source.read(sourceRequestOf(request, resource, evaluation));
  const { items, total } = checkSourceResult(result, list.size);
  return { items: project(items, projection), total };
}

// The checks in qaql serve's order: accept (406), method (405), then the request itself (400).
async function answer(
  settings: HandlerSettings,
  cache: CompiledRequests,
  request: Request,
): Promise<Response> {
  let mediaType = JSON_MEDIA_TYPE;
  try {
    const negotiated = negotiateMediaType(
      request.headers.get("accept") ?? undefined,
      settings.mediaTypes,
    );
    if (negotiated === undefined) {
      const supported = settings.mediaTypes;
      const message = `accept: no type the request accepts is served; the API answers in ${supported.join(", ")}`;
      const body = errorBody(406, "NOT_ACCEPTABLE", message, { supported });
      return jsonResponse(request, 406, mediaType, body);
    }
    mediaType = negotiated;
    if (request.method !== "GET" && request.method !== "HEAD") {
      const message = "a list is only read: its methods are GET and HEAD";
      const body = errorBody(405, "METHOD_NOT_ALLOWED", message);
      return jsonResponse(request, 405, mediaType, body, { allow: "GET, HEAD" });
    }
    const url = new URL(request.url);
    const resource = settings.resource ?? resourceOf(request.url);
    if (resource === undefined || resource === "" || resource === "_links") {
      throw new TypeError(
        `createListHandler: the path ${JSON.stringify(url.pathname)} names no list: give the resource option`,
      );
    }
    let compiled: CompiledRequest;
    let timeZone: string;
    try {
      timeZone = readTimeZone(request.headers.get("timezone"), settings.timeZone);
      const { schema, limits, defaultSize, maxSize } = settings;
      const options = { schema, limits, defaultSize, maxSize };
      compiled = cache.get(url.search, () => readListRequest(url.search, options));
    } catch (error) {
      if (!(error instanceof QueryError || error instanceof UnknownTimeZoneError)) throw error;
      return jsonResponse(request, 400, mediaType, badRequestBody(error));
    }
    const { items, total } = await readPage(settings, request, resource, compiled, timeZone);
    const _links = pageLinks(selfUrlOf(settings, url), compiled.list, total);
    return jsonResponse(request, 200, mediaType, { _links, [resource]: items });
  } catch (error) {
    report(settings, request, error);
    const message = "the server failed to answer this request";
    return jsonResponse(request, 500, mediaType, errorBody(500, "INTERNAL_ERROR", message));
  }
}

/**
 * Creates the handler of a list resource's `GET` (grammar/language.md 6): `where`, `fields`,
 * `page` and `size` read from the raw query string, the `timezone` header, `Accept`
 * negotiation, `{ _links, <resource>: [ … ] }` from the source, and JSON errors (400 with the
 * error's `toJSON()`, 405, 406, 500 without detail). Throws `InvalidOptionError` for bad options.
 */
export function createListHandler(options: ListHandlerOptions): ListHandler {
  const settings = readHandlerOptions(options);
  const cache = new CompiledRequests(settings.schema);
  return (request) => answer(settings, cache, request);
}
