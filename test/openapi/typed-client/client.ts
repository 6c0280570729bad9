// A client of `qaql serve` as a user would write one: its types generated from the server's
// OpenAPI document by openapi-typescript (qaql-api.ts), its calls made with openapi-fetch.
// Strict TypeScript, no cast, no non-null assertion, no directive: what the document says is
// all it knows.
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./qaql-api.ts";

type Artefact = components["schemas"]["Artefact"];
type Finding = components["schemas"]["Finding"];
type QueryResult = components["schemas"]["QueryResult"];
type ListQuery = NonNullable<paths["/artefacts"]["get"]["parameters"]["query"]>;

/** A failed call, with the status and the body's `code`. */
export class CallError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(call: string, status: number, code: string) {
    super(`${call}: ${status} ${code}`);
    this.status = status;
    this.code = code;
  }
}

/** A temporary token for the user's Basic credentials, from `GET /token`. */
export async function fetchToken(baseUrl: string, user: string, password: string) {
  const client = createClient<paths>({ baseUrl });
  const basic = btoa(`${user}:${password}`);
  const { data, error, response } = await client.GET("/token", {
    headers: { authorization: `Basic ${basic}` },
  });
  if (error) throw new CallError("GET /token", response.status, error.code);
  return data.token;
}

/** A client that sends the token on every call. */
export function connect(baseUrl: string, token: string): Client<paths> {
  return createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } });
}

/**
 * The query of a page's link: its `next` is the same operation with the same `where`, `fields`
 * and `size`, and the `page` its `href` holds (the document's OpenAPI `links`).
 */
function queryOf(href: string, previous: ListQuery): ListQuery {
  const page = Number(new URL(href, "http://link.invalid").searchParams.get("page"));
  return { ...previous, page };
}

/** Every artefact the filter keeps, projected by `fields`, following `next` to the last page. */
export async function listArtefacts(
  client: Client<paths>,
  where: string,
  fields: string,
  size: number,
): Promise<{ artefacts: Artefact[]; pages: number }> {
  const artefacts: Artefact[] = [];
  let query: ListQuery = { where, fields, size };
  for (let pages = 1; ; pages++) {
    const { data, error, response } = await client.GET("/artefacts", { params: { query } });
    if (error) throw new CallError("GET /artefacts", response.status, error.code);
    artefacts.push(...data.artefacts);
    const next = data._links.next;
    if (next === undefined) return { artefacts, pages };
    query = queryOf(next.href, query);
  }
}

/** One finding, by its id. */
export async function readFinding(client: Client<paths>, findingId: number): Promise<Finding> {
  const { data, error, response } = await client.GET("/findings/{findingId}", {
    params: { path: { findingId } },
  });
  if (error) throw new CallError("GET /findings/{findingId}", response.status, error.code);
  return data;
}

/** The largest files below an artefact, by lines of code, with their maintainability's rank. */
export async function queryLargestFiles(
  client: Client<paths>,
  artefactId: number,
  count: number,
): Promise<QueryResult> {
  const { data, error, response } = await client.POST("/artefacts/{artefactId}/query", {
    params: { path: { artefactId } },
    body: {
      artefactTypes: ["FILE"],
      columns: [
        { type: "MEASURE", id: "LOC" },
        { type: "INDICATOR", id: "MAINTAINABILITY", displayType: "RANK" },
      ],
      orders: [{ type: "MEASURE", id: "LOC", order: "DESC", orderType: "VALUE" }],
      resultSize: count,
    },
  });
  if (error) throw new CallError("POST /artefacts/{artefactId}/query", response.status, error.code);
  return data;
}
