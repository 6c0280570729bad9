// One table of list requests and everything expected of their answers, run against
// `createListHandler` directly and, through their adapters, against every integration.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { expect } from "vitest";
import { formatFields } from "../../src/backends/format/format-fields.ts";
import { formatWhere } from "../../src/backends/format/format-where.ts";
import { UnknownTimeZoneError } from "../../src/errors/unknown-time-zone-error.ts";
import type { ListSourceRequest } from "../../src/http/list-source.ts";
import type { ListHandlerOptions } from "../../src/http/read-handler-options.ts";
import type { PageLinks } from "../../src/list/paginate.ts";
import { safeReadListRequest } from "../../src/list/read-list-request.ts";
import { schemas } from "../../src/schema/resources.ts";
import { treeOfFilter } from "../support/tree-of-filter.ts";

/** A project of the shipped sample dump. */
export type Project = Readonly<Record<string, unknown>> & { readonly id: number };

/** The sample dump's 8 projects (sample/dump.json), in their order. */
export const projects: readonly Project[] = (
  JSON.parse(readFileSync(join(import.meta.dirname, "../../sample/dump.json"), "utf8")) as {
    projects: Project[];
  }
).projects;

/**
 * The handlers the cases run against: the same projects in an array, in an async iterable
 * and in a SQLite table behind a source function; and a source function that fails.
 */
export type HandlerName = "array" | "iterable" | "sql" | "failing";

/** The handlers holding the projects, which every list row must answer alike. */
export const DATA_HANDLERS: readonly HandlerName[] = ["array", "iterable", "sql"];

/** The error the failing source throws, which only `onError` may see. */
export const SOURCE_FAILURE = "connection to the database lost";

/** What every handler is created with besides its source. */
const COMMON = {
  schema: schemas.project,
  defaultSize: 5,
  maxSize: 50,
  vendor: "acme",
} as const;

/** The options of each handler, and what their sources and `onError` were handed. */
export interface ListFixture {
  readonly options: Readonly<Record<HandlerName, ListHandlerOptions>>;
  /** Every request the SQL source answered, with the SQL it ran. */
  readonly sourceCalls: { request: ListSourceRequest; sql: string; params: unknown[] }[];
  /** Every error handed to `onError`. */
  readonly reported: unknown[];
  close(): void;
}

/**
 * Creates the handlers' options over fresh state: a SQLite table of the projects as JSON
 * documents, queried with the request's `toSql` (grammar/language.md 9).
 */
export function createListFixture(): ListFixture {
  const sourceCalls: ListFixture["sourceCalls"] = [];
  const reported: unknown[] = [];
  const onError = (error: unknown) => {
    reported.push(error);
  };
  const db = new DatabaseSync(":memory:");
  db.exec("CREATE TABLE projects (position INTEGER PRIMARY KEY, body TEXT NOT NULL)");
  const insert = db.prepare("INSERT INTO projects (position, body) VALUES (?, ?)");
  for (const [position, project] of projects.entries()) {
    insert.run(position, JSON.stringify(project));
  }
  const sql = (request: ListSourceRequest) => {
    const condition = request.toSql("sqlite", { json: "body" });
    const where = condition ? `WHERE ${condition.sql}` : "";
    const params = (condition?.params ?? []) as SQLInputValue[];
    sourceCalls.push({ request, sql: condition?.sql ?? "", params });
    const counted = db.prepare(`SELECT count(*) AS total FROM projects ${where}`).get(...params);
    const rows = db
      .prepare(`SELECT body FROM projects ${where} ORDER BY position LIMIT ? OFFSET ?`)
      .all(...params, request.size, request.offset);
    return {
      items: rows.map((row) => JSON.parse(row.body as string) as object),
      total: counted?.total as number,
    };
  };
  return {
    options: {
      array: { ...COMMON, source: projects, onError },
      iterable: {
        ...COMMON,
        // Starts afresh at every request, as a source read by every request must.
        source: {
          async *[Symbol.asyncIterator]() {
            yield* projects;
          },
        },
        onError,
      },
      sql: { ...COMMON, source: sql, onError },
      failing: {
        ...COMMON,
        source: () => {
          throw new Error(SOURCE_FAILURE);
        },
        onError,
      },
    },
    sourceCalls,
    reported,
    close: () => db.close(),
  };
}

/** One request and everything expected of its answer. */
export interface ListCase {
  readonly name: string;
  /** The handlers to send it to; `DATA_HANDLERS` unless set. */
  readonly handlers?: readonly HandlerName[];
  /** `GET` unless set. */
  readonly method?: string;
  /** The path and query, sent as they are. */
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly status: number;
  /** The `Content-Type` answered. */
  readonly contentType: string;
  /** Headers expected besides `Content-Type` and `Vary: Accept, timezone`. */
  readonly responseHeaders?: Readonly<Record<string, string>>;
  /** The JSON body, exactly; undefined for no body (`HEAD`). */
  readonly body: unknown;
  /** What the SQL source must have been handed (sent to the `sql` handler only). */
  readonly sourceRequest?: {
    readonly where: string | undefined;
    readonly fields: string | undefined;
    readonly page: number;
    readonly size: number;
    readonly offset: number;
    readonly timeZone: string;
    readonly resource: string;
  };
  /** The message of the one error `onError` must have been handed. */
  readonly reported?: string;
}

/** Every answer varies with these request headers. */
export const VARY = "Accept, timezone";

export const V2 = "application/vnd.acme.app-v2+json; charset=utf-8";
export const JSON_UTF8 = "application/json; charset=utf-8";

function projectById(id: number): Project {
  const project = projects.find((candidate) => candidate.id === id);
  if (!project) throw new Error(`no project ${id} in the sample`);
  return project;
}

/** A project projected to some of its members: a selection keeps `_links` too (3.2). */
function selected(id: number, ...names: string[]): Record<string, unknown> {
  const project = projectById(id);
  return Object.fromEntries([...names, "_links"].map((name) => [name, project[name]]));
}

/** The `_links` of a page: hrefs of the path, query and page numbers given. */
function links(
  href: (page: number) => string,
  pages: { self: number; last: number; previous?: number; next?: number },
): PageLinks {
  return {
    self: { href: href(pages.self) },
    first: { href: href(1) },
    last: { href: href(pages.last) },
    ...(pages.previous === undefined ? {} : { previous: { href: href(pages.previous) } }),
    ...(pages.next === undefined ? {} : { next: { href: href(pages.next) } }),
  };
}

/** The 400 body of the error the library finds in a query string, checked against `expected`. */
function badRequest(query: string, expected: Readonly<Record<string, unknown>>): object {
  const result = safeReadListRequest(query, { schema: schemas.project, maxSize: 50 });
  if (result.success) throw new Error(`the library accepts ${query}`);
  const body = { status: 400, error: "Bad Request", ...result.error.toJSON() };
  for (const [name, value] of Object.entries(expected)) {
    if ((body as Record<string, unknown>)[name] !== value) {
      throw new Error(`${query}: ${name} is ${JSON.stringify(body[name as never])}, not ${value}`);
    }
  }
  return body;
}

const ACTIVE_PAGE_2 = "/api/projects?where=status%3DACTIVE&fields=id,name&page=2&size=2";

export const listCases: readonly ListCase[] = [
  {
    name: "a filtered, projected page with every link",
    url: ACTIVE_PAGE_2,
    status: 200,
    contentType: JSON_UTF8,
    body: {
      _links: links(
        (page) => `/api/projects?where=status%3DACTIVE&fields=id,name&page=${page}&size=2`,
        {
          self: 2,
          last: 3,
          previous: 1,
          next: 3,
        },
      ),
      projects: [selected(104, "id", "name"), selected(105, "id", "name")],
    },
    sourceRequest: {
      where: "status=ACTIVE",
      fields: "id,name",
      page: 2,
      size: 2,
      offset: 2,
      timeZone: "UTC",
      resource: "projects",
    },
  },
  {
    name: "no parameters: the first page of the default size, whole records",
    url: "/api/projects",
    status: 200,
    contentType: JSON_UTF8,
    body: {
      _links: links((page) => `/api/projects?page=${page}&size=5`, { self: 1, last: 2, next: 2 }),
      projects: [101, 102, 103, 104, 105].map(projectById),
    },
    sourceRequest: {
      where: undefined,
      fields: undefined,
      page: 1,
      size: 5,
      offset: 0,
      timeZone: "UTC",
      resource: "projects",
    },
  },
  {
    name: "size alone, other parameters dropped from the links, where kept as sent",
    url: "/api/projects?x=1&where=level.id+IN+(LEVELA,+LEVELB)&size=2&fields=id&y",
    status: 200,
    contentType: JSON_UTF8,
    body: {
      _links: links(
        (page) => `/api/projects?where=level.id+IN+(LEVELA,+LEVELB)&size=2&fields=id&page=${page}`,
        { self: 1, last: 3, next: 2 },
      ),
      projects: [selected(101, "id"), selected(102, "id")],
    },
    sourceRequest: {
      where: "level.id IN (LEVELA,LEVELB)",
      fields: "id",
      page: 1,
      size: 2,
      offset: 0,
      timeZone: "UTC",
      resource: "projects",
    },
  },
  {
    name: "a page past the end: no items, previous is the last page",
    url: "/api/projects?page=9&size=5",
    status: 200,
    contentType: JSON_UTF8,
    body: {
      _links: links((page) => `/api/projects?page=${page}&size=5`, {
        self: 9,
        last: 2,
        previous: 2,
      }),
      projects: [],
    },
  },
  {
    name: "a filter matching nothing: one empty page",
    url: "/api/projects?where=analysisTime%3D2026-02-12&fields=id",
    status: 200,
    contentType: JSON_UTF8,
    body: {
      _links: links(
        (page) => `/api/projects?where=analysisTime%3D2026-02-12&fields=id&page=${page}&size=5`,
        {
          self: 1,
          last: 1,
        },
      ),
      projects: [],
    },
  },
  {
    name: "the timezone header moves a date to the next day (grammar/language.md 2.5)",
    url: "/api/projects?where=analysisTime%3D2026-02-12&fields=id",
    headers: { timezone: "Pacific/Kiritimati" },
    status: 200,
    contentType: JSON_UTF8,
    body: {
      _links: links(
        (page) => `/api/projects?where=analysisTime%3D2026-02-12&fields=id&page=${page}&size=5`,
        {
          self: 1,
          last: 1,
        },
      ),
      projects: [selected(101, "id")],
    },
    sourceRequest: {
      where: "analysisTime=2026-02-12",
      fields: "id",
      page: 1,
      size: 5,
      offset: 0,
      timeZone: "Pacific/Kiritimati",
      resource: "projects",
    },
  },
  {
    name: "an unknown timezone: 400, the error's toJSON() naming the header",
    url: "/api/projects",
    headers: { timezone: "Mars/Olympus_Mons" },
    status: 400,
    contentType: JSON_UTF8,
    body: {
      status: 400,
      error: "Bad Request",
      ...new UnknownTimeZoneError("Mars/Olympus_Mons").toJSON(),
      header: "timezone",
    },
  },
  {
    name: "a bad where: 400 at the offset of the problem",
    url: "/api/projects?where=status%3DACTIVE+AND+rank%3E%3D&fields=id",
    status: 400,
    contentType: JSON_UTF8,
    body: badRequest("where=status%3DACTIVE+AND+rank%3E%3D", {
      code: "UNEXPECTED_END",
      parameter: "where",
      offset: 24,
      length: 0,
      column: 25,
    }),
  },
  {
    name: "a where that does not fit the schema: 400 with every issue",
    url: "/api/projects?where=nope%3D1+AND+id%3Dx",
    status: 400,
    contentType: JSON_UTF8,
    body: badRequest("where=nope%3D1+AND+id%3Dx", {
      code: "UNKNOWN_FIELD",
      parameter: "where",
      offset: 0,
    }),
  },
  {
    name: "broken percent-encoding: 400 at the escape as sent",
    url: "/api/projects?where=a%zz",
    status: 400,
    contentType: JSON_UTF8,
    body: badRequest("where=a%zz", { code: "MALFORMED_ENCODING", offset: 1, length: 3 }),
  },
  {
    name: "a bad fields: 400 in the selection",
    url: "/api/projects?fields=id,level(nope)",
    status: 400,
    contentType: JSON_UTF8,
    body: badRequest("fields=id,level(nope)", {
      code: "UNKNOWN_FIELD",
      parameter: "fields",
      offset: 9,
    }),
  },
  {
    name: "a size over maxSize: 400, never cut down",
    url: "/api/projects?size=51",
    status: 400,
    contentType: JSON_UTF8,
    body: badRequest("size=51", { code: "SIZE_TOO_LARGE", parameter: "size" }),
  },
  {
    name: "a repeated parameter: 400 at its second occurrence",
    url: "/api/projects?page=1&page=1",
    status: 400,
    contentType: JSON_UTF8,
    body: badRequest("page=1&page=1", { code: "REPEATED_PARAMETER", parameter: "page" }),
  },
  {
    name: "the versioned media type, asked for, is answered in",
    url: "/api/projects?fields=id&size=1",
    headers: { accept: "application/vnd.acme.app-v2+json" },
    status: 200,
    contentType: V2,
    body: {
      _links: links((page) => `/api/projects?fields=id&size=1&page=${page}`, {
        self: 1,
        last: 8,
        next: 2,
      }),
      projects: [selected(101, "id")],
    },
  },
  {
    name: "application/json is accepted",
    url: "/api/projects?fields=id&size=1",
    headers: { accept: "text/html;q=0.9, application/json" },
    status: 200,
    contentType: JSON_UTF8,
    body: {
      _links: links((page) => `/api/projects?fields=id&size=1&page=${page}`, {
        self: 1,
        last: 8,
        next: 2,
      }),
      projects: [selected(101, "id")],
    },
  },
  {
    name: "the errors too are in the negotiated type",
    url: "/api/projects?size=0",
    headers: { accept: "application/vnd.acme.app-v2+json" },
    status: 400,
    contentType: V2,
    body: badRequest("size=0", { code: "INVALID_SIZE", parameter: "size" }),
  },
  {
    name: "an Accept nothing fits: 406 listing the types served, in JSON",
    url: "/api/projects",
    headers: { accept: "text/html, application/vnd.qaql.app-v2+json" },
    status: 406,
    contentType: JSON_UTF8,
    body: {
      status: 406,
      error: "Not Acceptable",
      code: "NOT_ACCEPTABLE",
      message:
        "accept: no type the request accepts is served; the API answers in application/vnd.acme.app-v2+json, application/vnd.acme.app-latest+json, application/json",
      supported: [
        "application/vnd.acme.app-v2+json",
        "application/vnd.acme.app-latest+json",
        "application/json",
      ],
    },
  },
  {
    name: "HEAD: the headers of GET, no body",
    method: "HEAD",
    url: ACTIVE_PAGE_2,
    status: 200,
    contentType: JSON_UTF8,
    body: undefined,
  },
  {
    name: "POST: 405, allowing GET and HEAD",
    method: "POST",
    url: "/api/projects",
    status: 405,
    contentType: JSON_UTF8,
    responseHeaders: { allow: "GET, HEAD" },
    body: {
      status: 405,
      error: "Method Not Allowed",
      code: "METHOD_NOT_ALLOWED",
      message: "a list is only read: its methods are GET and HEAD",
    },
  },
  {
    name: "a failing source: 500 with nothing of the error, which goes to onError",
    handlers: ["failing"],
    url: "/api/projects?where=status%3DACTIVE",
    status: 500,
    contentType: JSON_UTF8,
    body: {
      status: 500,
      error: "Internal Server Error",
      code: "INTERNAL_ERROR",
      message: "the server failed to answer this request",
    },
    reported: SOURCE_FAILURE,
  },
  {
    name: "a failing source is not asked when the request is wrong",
    handlers: ["failing"],
    url: "/api/projects?page=0",
    status: 400,
    contentType: JSON_UTF8,
    body: badRequest("page=0", { code: "INVALID_PAGE", parameter: "page" }),
  },
];

/** How a test reaches one answer of the table: the answer, a fresh GET, the request's origin. */
export interface Answered {
  readonly handler: HandlerName;
  readonly row: ListCase;
  readonly response: Response;
  readonly text: string;
  readonly fixture: ListFixture;
  readonly origin: string;
  readonly get: () => Promise<Response>;
  /** The headers to compare, without those a server adds of its own. */
  readonly headersOf: (response: Response) => [string, string][];
}

/**
 * Everything the table expects of one answer, wherever it was served from (the bare handler
 * or a framework): status, type, `Vary`, headers, body and its length, no stack, what
 * `onError` heard, and what a function source was asked.
 */
export async function expectAnswer(answer: Answered): Promise<void> {
  const { handler, row, response, text, fixture } = answer;
  expect(response.status).toBe(row.status);
  expect(response.headers.get("content-type")).toBe(row.contentType);
  expect(response.headers.get("vary")).toBe(VARY);
  for (const [header, value] of Object.entries(row.responseHeaders ?? {})) {
    expect(response.headers.get(header), header).toBe(value);
  }
  if (row.body === undefined) {
    expect(text).toBe("");
    // HEAD answers what GET would, without the body.
    const get = await answer.get();
    expect(get.status).toBe(row.status);
    expect(answer.headersOf(response)).toEqual(answer.headersOf(get));
  } else {
    expect(JSON.parse(text)).toEqual(row.body);
    expect(response.headers.get("content-length")).toBe(
      String(new TextEncoder().encode(text).byteLength),
    );
  }
  expect(text).not.toMatch(/stack|\bat .*:\d+:\d+/);
  expect(fixture.reported.map((error) => (error as Error).message)).toEqual(
    row.reported === undefined ? [] : [row.reported],
  );
  if (handler === "sql" && row.sourceRequest) {
    expect(fixture.sourceCalls).toHaveLength(1);
    const [call] = fixture.sourceCalls as [ListFixture["sourceCalls"][number]];
    const { where, fields, page, size, offset, timeZone, resource } = call.request;
    expect({
      where: where && formatWhere(treeOfFilter(where)),
      fields: fields && formatFields(fields),
      ...{ page, size, offset, timeZone, resource },
    }).toEqual(row.sourceRequest);
    // The raw query reached the handler as the client sent it, mount point included.
    expect(call.request.request.url).toBe(`${answer.origin}${row.url}`);
    expect(call.request.schema?.fields).toHaveProperty("analysisTime");
  }
}
