import type { AccessPolicy } from "../api/access-policy.ts";
import { compileFields } from "../api/compile-fields.ts";
import { own } from "../base/members.ts";
import { quoteForEcho } from "../http/echo.ts";
import type { Evaluate } from "../http/evaluate.ts";
import { createListHandler, type ListHandler, readTimeZone } from "../http/list-handler.ts";
import type { ListSource } from "../http/list-source.ts";
import type { ListRequestCache } from "../http/request-cache.ts";
import { jsonResponse } from "../http/responses.ts";
import { decodeQueryComponent } from "../list/percent-decode.ts";
import { readListRequest } from "../list/read-list-request.ts";
import { piecesOf } from "../list/url-parts.ts";
import { lookupLanguage } from "./accept-language.ts";
import { ApiError } from "./api-error.ts";
import { answerQuery, type QueryBodyRules } from "./query-route.ts";
import type { Route } from "./routes.ts";
import { keyOf, type ServedData, type ServedResource } from "./served-data.ts";
import type { TokenAuth } from "./token-auth.ts";
import type { UserView, UserViews } from "./user-views.ts";
import type { WorkBudget } from "./work-budget.ts";

/** What every route's answer reads: the data, the authentication and the server's settings. */
export interface RouteContext {
  /** What each token's holder sees: its records, and its policies' fields. */
  readonly views: UserViews;
  /** The languages answers can be in (the server's first), and the server's. */
  readonly languages: { readonly available: readonly string[]; readonly fallback: string };
  readonly auth: TokenAuth;
  readonly lists: ServedLists;
  readonly sizes: { readonly defaultSize: number; readonly maxSize: number };
  /** What the query route reads: bodies in the server's media types, of at most so many bytes. */
  readonly queryBody: QueryBodyRules;
  readonly queryTime: WorkBudget;
}

type RouteOf<K extends Route["kind"]> = Extract<Route, { readonly kind: K }>;

/** Answers one route's request, its method already checked; `mediaType` is the negotiated one. */
type RouteAnswer<K extends Route["kind"]> = (
  context: RouteContext,
  request: Request,
  route: RouteOf<K>,
  mediaType: string,
) => Response | Promise<Response>;

const ok = (request: Request, mediaType: string, body: object): Response =>
  jsonResponse(request, 200, mediaType, body);

/** The answer of each route (grammar/language.md 6.8); every route but the token's takes a Bearer token first. */
export const ROUTE_TABLE: { readonly [K in Route["kind"]]: RouteAnswer<K> } = {
  async token(context, request, _route, mediaType) {
    if (request.method !== "DELETE")
      return ok(request, mediaType, await context.auth.issueToken(request));
    context.auth.revoke(context.auth.authorise(request).token);
    return new Response(null, { status: 204 });
  },
  list(context, request, route) {
    const session = sessionOf(context, request);
    const resource = resourceNamed(session.data, route.resource);
    const key = `list ${route.resource}`;
    return answerList(context, session, request, key, resource, resource.records);
  },
  item(context, request, route, mediaType) {
    const session = sessionOf(context, request);
    const body = answerItem(context, session, request, route.resource, route.id);
    return withSessionHeaders(session, request, ok(request, mediaType, body));
  },
  projectArtefacts(context, request, route) {
    const session = sessionOf(context, request);
    const { data } = session;
    const artefacts = resourceNamed(data, "artefacts");
    resourceNamed(data, "projects");
    const project = data.projectNamed(route.projectName);
    if (!project) {
      // A client that put the id where the name goes is told so.
      const byId = data.resource("projects")?.byId.has(route.projectName);
      const hint = byId ? ` (the path takes the project's name, not its id)` : "";
      const message = `no project named ${quoteForEcho(route.projectName)}${hint}`;
      throw new ApiError(404, "NOT_FOUND", message);
    }
    const key = `project ${route.projectName}`;
    return answerList(context, session, request, key, artefacts, data.artefactsOf(project));
  },
  artefactFindings(context, request, route) {
    const session = sessionOf(context, request);
    const { data } = session;
    const findings = resourceNamed(data, "findings");
    recordOf(resourceNamed(data, "artefacts"), route.artefactId);
    const below = data.findingsBelow(route.artefactId);
    const key = `findings ${route.artefactId}`;
    const links = contextLinks(data, route.artefactId);
    return answerList(context, session, request, key, findings, below, links);
  },
  versionArtefact(context, request, route, mediaType) {
    const session = sessionOf(context, request);
    const { data } = session;
    const artefact = resourceNamed(data, "artefacts").byId.get(route.artefactId);
    const project = artefact && projectOf(data, artefact);
    // The data holds each project as analysed in one version, its own versionId (6.12).
    if (!project || keyOf(own(project, "versionId")) !== route.versionId) {
      const where = `${quoteForEcho(route.artefactId)} in version ${quoteForEcho(route.versionId)}`;
      throw new ApiError(404, "NOT_FOUND", `no artefact with id ${where}`);
    }
    const body = answerItem(context, session, request, "artefacts", route.artefactId);
    return withSessionHeaders(session, request, ok(request, mediaType, body));
  },
  dump(context, request, _route, mediaType) {
    const session = sessionOf(context, request);
    for (const piece of piecesOf(new URL(request.url).search.slice(1))) {
      const equals = piece.indexOf("=");
      const name = decodeQueryComponent(equals === -1 ? piece : piece.slice(0, equals));
      if (name === "where" || name === "fields" || name === "page" || name === "size") {
        const message = `GET /api/dump answers every record seen, whole: it takes no ${name}; filter, select and page the lists instead`;
        throw new ApiError(400, "UNSUPPORTED_PARAMETER", message, { parameter: name });
      }
    }
    readTimeZone(request.headers.get("timezone"), session.timeZone);
    const { view, language, data } = session;
    const body = Object.fromEntries(
      data.names.map((name) => [name, view.recordsAsSeen(name, language)]),
    );
    return withSessionHeaders(session, request, ok(request, mediaType, body));
  },
  async artefactQuery(context, request, route, mediaType) {
    const session = sessionOf(context, request);
    const { queryTime } = context;
    const { holder, view, language, data } = session;
    const budget = {
      wait: () => queryTime.wait(holder),
      charge: (ms: number) => queryTime.charge(holder, ms),
    };
    const artefacts = () => view.recordsAsSeen("artefacts", language);
    const { queryBody } = context;
    const body = await answerQuery(data, artefacts, request, route.artefactId, queryBody, budget);
    // A query definition compares no date, so it reads no `timezone` header (section 8).
    return withSessionHeaders(session, request, ok(request, mediaType, body), false);
  },
};

/** Who asks, what it sees, and in which language and zone (grammar/language.md 6.10, 6.11). */
interface Session {
  readonly holder: string;
  readonly view: UserView;
  /** The language answers are in, chosen by `Accept-Language`, the user's, then the server's. */
  readonly language: string;
  /** What the holder sees, in that language. */
  readonly data: ServedData;
  /** The zone dates are read in without a `timezone` header: the user's, else UTC. */
  readonly timeZone: string;
}

/** The session of the holder of the request's Bearer token (401, 403 without a valid one). */
function sessionOf(context: RouteContext, request: Request): Session {
  const { holder } = context.auth.authorise(request);
  const view = context.views.of(holder);
  const { available, fallback } = context.languages;
  const usersLanguage = view.user?.language;
  const language = lookupLanguage(
    request.headers.get("accept-language"),
    available,
    usersLanguage !== undefined && available.includes(usersLanguage) ? usersLanguage : fallback,
  );
  const timeZone = view.user?.timeZone ?? "UTC";
  return { holder, view, language, data: view.dataIn(language), timeZone };
}

/**
 * Says which language the answer is in and, for an answer that read the `timezone` header
 * (checked by then), the zone its dates were read in.
 */
function withSessionHeaders(
  session: Session,
  request: Request,
  response: Response,
  readsZone = true,
): Response {
  if (!response.ok) return response;
  response.headers.set("content-language", session.language);
  if (readsZone) {
    response.headers.set(
      "timezone",
      readTimeZone(request.headers.get("timezone"), session.timeZone),
    );
  }
  return response;
}

/** A list as one session sees it: its own records, under its policy, in its language and zone. */
async function answerList(
  context: RouteContext,
  session: Session,
  request: Request,
  key: string,
  resource: ServedResource,
  records: readonly object[],
  links?: Readonly<Record<string, string>>,
): Promise<Response> {
  const { view, language, timeZone } = session;
  const policy = view.policyOf(resource.name);
  const listKey = `${view.key}\u0000${language}\u0000${timeZone}\u0000${key}`;
  const handler = context.lists.handler(listKey, resource, records, { policy, timeZone, links });
  return withSessionHeaders(session, request, await handler(request));
}

/** The project a record is in by its `projectId`, among the projects seen. */
function projectOf(data: ServedData, record: object): object | undefined {
  const id = keyOf(own(record, "projectId"));
  return id === undefined ? undefined : data.resource("projects")?.byId.get(id);
}

/**
 * The links of an artefact's findings list (grammar/language.md 6.12) that apply: the artefact,
 * its project, and the project's model and version, each where the data seen holds it.
 */
function contextLinks(data: ServedData, artefactId: string): Record<string, string> {
  const links: Record<string, string> = {
    artefact: `/api/artefacts/${encodeURIComponent(artefactId)}`,
  };
  const artefact = data.resource("artefacts")?.byId.get(artefactId);
  const project = artefact && projectOf(data, artefact);
  if (!project) return links;
  links.project = `/api/projects/${encodeURIComponent(keyOf(own(project, "id")) as string)}`;
  const model = keyOf(own(project, "modelUId"));
  if (model !== undefined && data.resource("models")?.byId.has(model)) {
    links.model = `/api/models/${encodeURIComponent(model)}`;
  }
  const version = keyOf(own(project, "versionId"));
  if (version !== undefined && data.resource("versions")?.byId.has(version)) {
    links.version = `/api/versions/${encodeURIComponent(version)}`;
  }
  return links;
}

/** Answers a request of a known route, its method already checked. */
export function answerRoute(
  context: RouteContext,
  request: Request,
  route: Route,
  mediaType: string,
): Response | Promise<Response> {
  const answer = ROUTE_TABLE[route.kind] as RouteAnswer<Route["kind"]>;
  return answer(context, request, route, mediaType);
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

function resourceNamed(data: ServedData, name: string): ServedResource {
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

function answerItem(
  context: RouteContext,
  session: Session,
  request: Request,
  name: string,
  id: string,
): object {
  const { view } = session;
  const resource = resourceNamed(session.data, name);
  // Checked though an item has no date to read it with, as a list request checks it.
  readTimeZone(request.headers.get("timezone"), session.timeZone);
  const { fields } = readListRequest(`?${fieldsPieces(new URL(request.url).search)}`, {
    ...context.sizes,
    schema: resource.schema,
    policy: view.policyOf(name),
  });
  const record = recordOf(resource, id);
  return fields ? (compileFields(fields)(record) as object) : record;
}
