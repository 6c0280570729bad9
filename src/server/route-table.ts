import type { AccessPolicy } from "../api/access-policy.ts";
import { compileFields } from "../api/compile-fields.ts";
import { quoteForEcho } from "../http/echo.ts";
import type { Evaluate } from "../http/evaluate.ts";
import { createListHandler, type ListHandler, readTimeZone } from "../http/list-handler.ts";
import type { ListSource } from "../http/list-source.ts";
import type { ListRequestCache } from "../http/request-cache.ts";
import { jsonResponse } from "../http/responses.ts";
import { decodeQueryComponent } from "../list/percent-decode.ts";
import { readListRequest } from "../list/read-list-request.ts";
import { piecesOf } from "../list/url-parts.ts";
import { ApiError } from "./api-error.ts";
import type { SeenData } from "./caller-views.ts";
import { answerQuery, type QueryBodyRules } from "./query-route.ts";
import { pathOf, type ROUTES, type RouteKind, type RouteParams } from "./routes.ts";
import type { ServedResource } from "./served-data.ts";
import type { IssuedToken } from "./tokens.ts";
import { linksMade } from "./view-references.ts";

/**
 * Who asks, what it sees, and in which language and zone (grammar/language.md 6.10, 6.11):
 * resolved by the dispatcher, from the request's Bearer token, before any route's code runs.
 */
export interface Caller {
  /** Whose work it is: a user (`user:<name>`), or one of the server's permanent tokens. */
  readonly client: string;
  /** Tells callers that see alike apart from others in the server's caches. */
  readonly viewKey: string;
  /** What the caller sees, in the answer's language: the only records a route may read. */
  readonly data: SeenData;
  /** The selection and filter fields each resource's requests are checked against. */
  policyOf(resource: string): AccessPolicy | undefined;
  /** The language answers are in, chosen by `Accept-Language`, the user's, then the server's. */
  readonly language: string;
  /** The zone dates are read in without a `timezone` header: the user's, else UTC. */
  readonly timeZone: string;
}

/** What the token route may do: it reads credentials itself, and sees no record. */
export interface TokenDesk {
  /** A new token for the request's Basic credentials (401, 429 otherwise), sent from its client's address. */
  issue(request: Request): Promise<IssuedToken>;
  /** Revokes the request's Bearer token (401, 403 without one that holds). */
  revoke(request: Request): void;
}

/** What a route's code may use of the server besides its caller: never the data, nor anyone's view. */
export interface RouteServices {
  readonly lists: ServedLists;
  readonly sizes: { readonly defaultSize: number; readonly maxSize: number };
  /** What the query route reads: bodies in the server's media types, of at most so many bytes. */
  readonly queryBody: QueryBodyRules;
}

/** One request of a route, its method already checked: its decoded parameters and media type. */
export interface RouteCall<K extends RouteKind> {
  readonly request: Request;
  readonly params: RouteParams<K>;
  /** The negotiated media type of the answer. */
  readonly mediaType: string;
  readonly server: RouteServices;
}

/**
 * The code of a route: a Bearer route's is handed the caller, resolved before it runs, and the
 * token route's the token desk; neither can reach the whole data.
 */
export type RouteAnswer<K extends RouteKind> = (typeof ROUTES)[K]["access"] extends "bearer"
  ? (caller: Caller, call: RouteCall<K>) => Response | Promise<Response>
  : (desk: TokenDesk, call: RouteCall<K>) => Response | Promise<Response>;

/** Every route's code, by its kind: a route declared in `ROUTES` without code does not compile. */
export type RouteAnswers = { readonly [K in RouteKind]: RouteAnswer<K> };

const ok = (request: Request, mediaType: string, body: object): Response =>
  jsonResponse(request, 200, mediaType, body);

/** What each route answers (grammar/language.md 6.8), from the caller's view alone (6.10). */
export const ROUTE_ANSWERS: RouteAnswers = {
  async token(desk, { request, mediaType }) {
    if (request.method !== "DELETE") return ok(request, mediaType, await desk.issue(request));
    desk.revoke(request);
    return new Response(null, { status: 204 });
  },
  list(caller, call) {
    const resource = resourceNamed(caller.data, call.params.resource);
    return answerList(caller, call, `list ${resource.name}`, resource, resource.records);
  },
  item(caller, call) {
    const { resource, id } = call.params;
    return answerItem(caller, call, resource, (found) => recordOf(found, id));
  },
  projectArtefacts(caller, call) {
    const { data } = caller;
    const { projectName } = call.params;
    const artefacts = resourceNamed(data, "artefacts");
    resourceNamed(data, "projects");
    const project = data.projectNamed(projectName);
    if (!project) {
      // A client that put the id where the name goes is told so.
      const byId = data.resource("projects")?.byId.has(projectName);
      const hint = byId ? ` (the path takes the project's name, not its id)` : "";
      const message = `no project named ${quoteForEcho(projectName)}${hint}`;
      throw new ApiError(404, "NOT_FOUND", message);
    }
    const key = `project ${projectName}`;
    return answerList(caller, call, key, artefacts, data.artefactsOf(project));
  },
  artefactFindings(caller, call) {
    const { data } = caller;
    const { artefactId } = call.params;
    const findings = resourceNamed(data, "findings");
    recordOf(resourceNamed(data, "artefacts"), artefactId);
    const below = data.findingsBelow(artefactId);
    const links = contextLinks(data, artefactId);
    return answerList(caller, call, `findings ${artefactId}`, findings, below, links);
  },
  versionArtefact(caller, call) {
    const { versionId, artefactId } = call.params;
    const artefact = caller.data.artefactInVersion(versionId, artefactId);
    if (!artefact) {
      const where = `${quoteForEcho(artefactId)} in version ${quoteForEcho(versionId)}`;
      throw new ApiError(404, "NOT_FOUND", `no artefact with id ${where}`);
    }
    return answerItem(caller, call, "artefacts", () => artefact);
  },
  dump(caller, { request, mediaType }) {
    for (const piece of piecesOf(new URL(request.url).search.slice(1))) {
      const equals = piece.indexOf("=");
      const name = decodeQueryComponent(equals === -1 ? piece : piece.slice(0, equals));
      if (name === "where" || name === "fields" || name === "page" || name === "size") {
        const message = `GET /api/dump answers every record seen, whole: it takes no ${name}; filter, select and page the lists instead`;
        throw new ApiError(400, "UNSUPPORTED_PARAMETER", message, { parameter: name });
      }
    }
    readTimeZone(request.headers.get("timezone"), caller.timeZone);
    const { data } = caller;
    const body = Object.fromEntries(
      data.names.map((name) => [name, data.resource(name)?.records ?? []]),
    );
    return withCallerHeaders(caller, request, ok(request, mediaType, body));
  },
  async artefactQuery(caller, { request, params, mediaType, server }) {
    const body = await answerQuery(caller.data, request, params.artefactId, server.queryBody);
    // A query definition compares no date, so it reads no `timezone` header (section 8).
    return withCallerHeaders(caller, request, ok(request, mediaType, body), false);
  },
};

/**
 * Says which language the answer is in and, for an answer that read the `timezone` header
 * (checked by then), the zone its dates were read in.
 */
function withCallerHeaders(
  caller: Caller,
  request: Request,
  response: Response,
  readsZone = true,
): Response {
  if (!response.ok) return response;
  response.headers.set("content-language", caller.language);
  if (readsZone) {
    response.headers.set(
      "timezone",
      readTimeZone(request.headers.get("timezone"), caller.timeZone),
    );
  }
  return response;
}

/** A list as one caller sees it: its own records, under its policy, in its language and zone. */
async function answerList(
  caller: Caller,
  { request, server }: RouteCall<RouteKind>,
  key: string,
  resource: ServedResource,
  records: readonly object[],
  links?: Readonly<Record<string, string>>,
): Promise<Response> {
  const { language, timeZone } = caller;
  const policy = caller.policyOf(resource.name);
  const listKey = `${caller.viewKey}\u0000${language}\u0000${timeZone}\u0000${key}`;
  const handler = server.lists.handler(listKey, resource, records, { policy, timeZone, links });
  return withCallerHeaders(caller, request, await handler(request));
}

/**
 * The links of an artefact's findings list (grammar/language.md 6.12): the artefact, and its
 * project's own links to itself, its model and its version, each as the data seen makes it.
 */
function contextLinks(data: SeenData, artefactId: string): Record<string, string> {
  const artefact = data.resource("artefacts")?.byId.get(artefactId);
  const links: Record<string, string> = {
    artefact: pathOf("item", { resource: "artefacts", id: artefactId }),
  };
  const project = artefact && data.projectOf(artefact);
  if (!project) return links;
  const { self, model, version } = linksMade("projects", project, data);
  return {
    ...links,
    ...(self && { project: self }),
    ...(model && { model }),
    ...(version && { version }),
  };
}

/** What every list handler of a server shares. */
export interface ListSettings {
  readonly vendor: string;
  readonly sizes: { readonly defaultSize: number; readonly maxSize: number };
  readonly cache: ListRequestCache;
  readonly evaluate: Evaluate | undefined;
  readonly onError: (error: unknown) => void;
}

/** The list handlers of a server, each made at its list's first request and kept: the records never change. */
export class ServedLists {
  readonly #handlers = new Map<string, ListHandler>();
  readonly #settings: ListSettings;

  constructor(settings: ListSettings) {
    this.#settings = settings;
  }

  /**
   * The handler of the list `key` names; keys start with the view's key and the route's kind,
   * so no two lists share one. `policy` is the view's for the resource (grammar/language.md 6.9).
   */
  handler(
    key: string,
    resource: ServedResource,
    records: readonly object[],
    options: {
      readonly policy?: AccessPolicy | undefined;
      readonly timeZone?: string | undefined;
      readonly links?: Readonly<Record<string, string>> | undefined;
    } = {},
  ): ListHandler {
    const { policy, timeZone, links } = options;
    let handler = this.#handlers.get(key);
    if (!handler) {
      const { vendor, sizes, cache, evaluate, onError } = this.#settings;
      const source: ListSource = evaluate ? (request) => evaluate(records, request) : records;
      const { schema, name } = resource;
      handler = createListHandler({
        source,
        schema,
        resource: name,
        vendor,
        onError,
        cache,
        ...sizes,
        ...(policy ? { policy } : {}),
        ...(timeZone ? { timeZone } : {}),
        ...(links ? { links } : {}),
      });
      this.#handlers.set(key, handler);
    }
    return handler;
  }
}

function resourceNamed(data: SeenData, name: string): ServedResource {
  const resource = data.resource(name);
  if (resource) return resource;
  const names = data.names.join(", ") || "none";
  throw new ApiError(
    404,
    "NOT_FOUND",
    `no resource ${quoteForEcho(name)}: this server has ${names}`,
  );
}

function recordOf(resource: ServedResource, id: string): object {
  const record = resource.byId.get(id);
  if (record) return record;
  throw new ApiError(404, "NOT_FOUND", `no ${resource.name} with id ${quoteForEcho(id)}`);
}

/** The raw query reduced to its `fields` pieces: an item request reads nothing else. */
function fieldsPieces(search: string): string {
  return piecesOf(search.slice(1))
    .filter((piece) => {
      const equals = piece.indexOf("=");
      return decodeQueryComponent(equals === -1 ? piece : piece.slice(0, equals)) === "fields";
    })
    .join("&");
}

/** One record as the caller sees it, cut to the request's `fields`: found once they are checked. */
function answerItem(
  caller: Caller,
  { request, mediaType, server }: RouteCall<RouteKind>,
  name: string,
  find: (resource: ServedResource) => object,
): Response {
  const resource = resourceNamed(caller.data, name);
  // Checked though an item has no date to read it with, as a list request checks it.
  readTimeZone(request.headers.get("timezone"), caller.timeZone);
  const { fields } = readListRequest(`?${fieldsPieces(new URL(request.url).search)}`, {
    ...server.sizes,
    schema: resource.schema,
    policy: caller.policyOf(name),
  });
  const record = find(resource);
  const body = fields ? (compileFields(fields)(record) as object) : record;
  return withCallerHeaders(caller, request, ok(request, mediaType, body));
}
