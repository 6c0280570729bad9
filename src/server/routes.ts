import { quoteForEcho } from "../http/echo.ts";
import { ApiError } from "./api-error.ts";

/** A request's path as the API's routes read it (grammar/language.md 6.8). */
export type Route =
  | { readonly kind: "token" }
  | { readonly kind: "list"; readonly resource: string }
  | { readonly kind: "item"; readonly resource: string; readonly id: string }
  | { readonly kind: "projectArtefacts"; readonly projectName: string }
  | { readonly kind: "artefactFindings"; readonly artefactId: string }
  | { readonly kind: "artefactQuery"; readonly artefactId: string }
  | { readonly kind: "versionArtefact"; readonly versionId: string; readonly artefactId: string }
  | { readonly kind: "dump" };

/**
 * The methods each route answers; a `GET` route answers `HEAD` too, but for the token's: a
 * `HEAD` cannot carry the token back, so it must not make one.
 */
export const ROUTE_METHODS: Readonly<Record<Route["kind"], readonly string[]>> = {
  token: ["GET", "DELETE"],
  list: ["GET", "HEAD"],
  item: ["GET", "HEAD"],
  projectArtefacts: ["GET", "HEAD"],
  artefactFindings: ["GET", "HEAD"],
  artefactQuery: ["POST"],
  versionArtefact: ["GET", "HEAD"],
  dump: ["GET", "HEAD"],
};

/** The routes in brief, for the message of a path that is none of them. */
export const ROUTES_IN_BRIEF =
  "the API has /api/token, /api/dump, /api/<resource>, /api/<resource>/<id>, " +
  "/api/projects/<name>/artefacts, /api/artefacts/<id>/findings, /api/artefacts/<id>/query " +
  "and /api/versions/<id>/artefacts/<id>";

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
  const [root, name, id, sub, leaf, ...rest] = pathname.slice(1).split("/").map(decodeSegment);
  if (root !== "api" || name === undefined || name === "" || id === "" || rest.length > 0) {
    return undefined;
  }
  if (leaf !== undefined) {
    return name === "versions" && sub === "artefacts" && id !== undefined && leaf !== ""
      ? { kind: "versionArtefact", versionId: id, artefactId: leaf }
      : undefined;
  }
  if (name === "token") return id === undefined ? { kind: "token" } : undefined;
  if (name === "dump") return id === undefined ? { kind: "dump" } : undefined;
  if (id === undefined) return { kind: "list", resource: name };
  if (sub === undefined) return { kind: "item", resource: name, id };
  if (name === "projects" && sub === "artefacts") {
    return { kind: "projectArtefacts", projectName: id };
  }
  if (name === "artefacts" && sub === "findings")
    return { kind: "artefactFindings", artefactId: id };
  if (name === "artefacts" && sub === "query") return { kind: "artefactQuery", artefactId: id };
  return undefined;
}
