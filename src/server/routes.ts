import { quoteForEcho } from "../http/echo.ts";
import { ApiError } from "./api-error.ts";

/** A method a route of the API takes. */
export type RouteMethod = "GET" | "HEAD" | "POST" | "DELETE";

/**
 * What a route costs the server, charged when it is admitted (grammar/language.md 6.8): the
 * token's is a password check, a list's and an item's are bounded by the page size and the
 * limits of 1.4, a dump's by what the caller sees, a query's by its body and the artefacts.
 */
export type RouteCost = "token" | "item" | "list" | "dump" | "query";

/**
 * One route of the API: its path below `/api` (`{name}` a path parameter, one whole segment),
 * the methods it takes, what it answers, the credentials it takes and what it costs.
 */
export interface RouteSpec {
  readonly path: string;
  readonly methods: readonly RouteMethod[];
  /** What the route answers, in a sentence: the OpenAPI document's summary of its path. */
  readonly answers: string;
  /**
   * `bearer`: a Bearer token, checked with the caller's view resolved before the route's code
   * runs; `credentials`: the token route alone, whose code reads Basic credentials itself.
   */
  readonly access: "bearer" | "credentials";
  readonly cost: RouteCost;
  /** The resources the route reads: the OpenAPI document holds it only for data that has them. */
  readonly resources: readonly string[];
}

/**
 * The routes of the reference server (grammar/language.md 6.8), each declared once: dispatch,
 * the 405s and their `Allow`, `HEAD`, the admission of work and the OpenAPI document's paths
 * are all read from here. `{resource}` is any resource's name but `token` and `dump`.
 */
export const ROUTES = {
  token: {
    path: "/token",
    methods: ["GET", "DELETE"],
    answers: "a temporary token for Basic credentials (GET), or the Bearer token revoked (DELETE)",
    access: "credentials",
    cost: "token",
    resources: [],
  },
  dump: {
    path: "/dump",
    methods: ["GET", "HEAD"],
    answers: "every record the caller sees, as a dump",
    access: "bearer",
    cost: "dump",
    resources: [],
  },
  list: {
    path: "/{resource}",
    methods: ["GET", "HEAD"],
    answers: "a page of a resource's records",
    access: "bearer",
    cost: "list",
    resources: [],
  },
  item: {
    path: "/{resource}/{id}",
    methods: ["GET", "HEAD"],
    answers: "one record, by its id",
    access: "bearer",
    cost: "item",
    resources: [],
  },
  projectArtefacts: {
    path: "/projects/{projectName}/artefacts",
    methods: ["GET", "HEAD"],
    answers: "a page of a project's artefacts, the project named by its name",
    access: "bearer",
    cost: "list",
    resources: ["projects", "artefacts"],
  },
  artefactFindings: {
    path: "/artefacts/{artefactId}/findings",
    methods: ["GET", "HEAD"],
    answers: "a page of the findings located in an artefact or below it",
    access: "bearer",
    cost: "list",
    resources: ["artefacts", "findings"],
  },
  artefactQuery: {
    path: "/artefacts/{artefactId}/query",
    methods: ["POST"],
    answers: "a query definition run from an artefact",
    access: "bearer",
    cost: "query",
    resources: ["artefacts"],
  },
  versionArtefact: {
    path: "/versions/{versionId}/artefacts/{artefactId}",
    methods: ["GET", "HEAD"],
    answers: "one artefact, when the version is its project's",
    access: "bearer",
    cost: "item",
    resources: ["versions", "artefacts"],
  },
} as const satisfies Readonly<Record<string, RouteSpec>>;

export type RouteKind = keyof typeof ROUTES;

/** The names of the parameters of a path pattern: `/artefacts/{artefactId}/query` has `artefactId`. */
type ParameterNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParameterNames<Rest>
  : never;

/** The decoded path parameters of a route, by name. */
export type RouteParams<K extends RouteKind> = {
  readonly [Name in ParameterNames<(typeof ROUTES)[K]["path"]>]: string;
};

/** A request's path as the routes read it: the route and its decoded parameters. */
export type Route = {
  [K in RouteKind]: { readonly kind: K; readonly params: RouteParams<K> };
}[RouteKind];

/** Names `{resource}` cannot take: the paths of the token and the dump. */
const NOT_RESOURCES: ReadonlySet<string> = new Set(["token", "dump"]);

const ROUTE_KINDS = Object.keys(ROUTES) as RouteKind[];

const PATTERNS = ROUTE_KINDS.map((kind) => {
  const segments = ROUTES[kind].path.slice(1).split("/");
  return {
    kind,
    segments: segments.map((segment) =>
      segment.startsWith("{") ? { parameter: segment.slice(1, -1) } : { literal: segment },
    ),
    literals: segments.filter((segment) => !segment.startsWith("{")).length,
  };
  // The pattern with more fixed segments wins: /projects/{projectName}/artefacts over none.
}).sort((a, b) => b.literals - a.literals);

/** The methods a route takes. */
export function methodsOf(kind: RouteKind): readonly RouteMethod[] {
  return ROUTES[kind].methods;
}

/** Every method some route takes, for a request whose path names none. */
export const EVERY_METHOD: readonly RouteMethod[] = [
  ...new Set(ROUTE_KINDS.flatMap((kind) => ROUTES[kind].methods)),
];

/** The routes in brief, for the message of a path that is none of them. */
export const ROUTES_IN_BRIEF = `the API has ${ROUTE_KINDS.map(
  (kind) => `/api${ROUTES[kind].path.replaceAll(/\{(\w+)\}/g, "<$1>")}`,
).join(", ")}`;

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiError(
      400,
      "MALFORMED_URL",
      `the path segment ${quoteForEcho(segment)} holds a broken percent-escape`,
    );
  }
}

/** The route a path names, each segment percent-decoded; `undefined` for a path that is none. */
export function matchRoute(pathname: string): Route | undefined {
  const [root, ...segments] = pathname.slice(1).split("/").map(decodeSegment);
  if (root !== "api") return undefined;
  for (const pattern of PATTERNS) {
    if (pattern.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.segments.every((part, index) => {
      const segment = segments[index] as string;
      if ("literal" in part) return part.literal === segment;
      if (segment === "" || (part.parameter === "resource" && NOT_RESOURCES.has(segment))) {
        return false;
      }
      params[part.parameter] = segment;
      return true;
    });
    if (matches) return { kind: pattern.kind, params } as Route;
  }
  return undefined;
}

/** The path of a route with its parameters filled in, each percent-encoded: a link's href. */
export function pathOf<K extends RouteKind>(kind: K, params: RouteParams<K>): string {
  const values = params as Readonly<Record<string, string>>;
  return `/api${ROUTES[kind].path.replaceAll(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ""),
  )}`;
}
