import { readFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileFields } from "../../src/api/compile-fields.ts";
import { compileWhere } from "../../src/api/compile-where.ts";
import { type Evaluate, referenceEvaluate } from "../../src/conformance/reference-evaluate.ts";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { QaqlError } from "../../src/errors/qaql-error.ts";
import { UnknownTimeZoneError } from "../../src/errors/unknown-time-zone-error.ts";
import { cutForEcho } from "../../src/http/echo.ts";
import { createListHandler } from "../../src/http/list-handler.ts";
import { safeReadListRequest } from "../../src/list/read-list-request.ts";
import { schemas } from "../../src/schema/resources.ts";
import { ApiError } from "../../src/server/api-error.ts";
import {
  type ApiServer,
  type ApiServerOptions,
  createApiServer,
} from "../../src/server/api-server.ts";
import { TOKEN_IDLE_MS, TOKEN_LIFETIME_MS } from "../../src/server/tokens.ts";

setFlagsFromString("--expose-gc");

type Row = Record<string, unknown>;
const sample = JSON.parse(
  readFileSync(new URL("../../sample/dump.json", import.meta.url), "utf8"),
) as Record<string, Row[]>;
const artefacts = sample.artefacts ?? [];
const projects = sample.projects ?? [];

const USER = "ada";
const PASSWORD = "s3cret:with colon";
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
const V2 = "application/vnd.qaql.app-v2+json";

interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  // biome-ignore lint/suspicious/noExplicitAny: a parsed JSON body, checked by each test
  readonly body: any;
}

/** Sends a request with the path exactly as given (fetch would normalise it) and no default headers. */
function send(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<Reply> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ hostname, port, path, method, headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => {
        const body: unknown = text === "" ? undefined : JSON.parse(text);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
      });
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** Writes raw bytes on a fresh connection and reads everything until the server closes it. */
function sendRaw(origin: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(text));
  });
}

/** A server on a free port with a settable clock, its origin, and a way to get tokens. */
async function startServer(options: Partial<ApiServerOptions> = {}) {
  const clock = { now: Date.UTC(2026, 0, 1) };
  const server = createApiServer({
    data: sample,
    user: USER,
    password: PASSWORD,
    now: () => clock.now,
    ...options,
  });
  const { url, port } = await server.listen(0);
  const origin = url.replace(/\/api$/, "");
  const token = async () => {
    const reply = await send(origin, "/api/token", { authorization: basic(USER, PASSWORD) });
    expect(reply.status).toBe(200);
    return reply.body.token as string;
  };
  return { server, url, port, origin, clock, token };
}

let main: Awaited<ReturnType<typeof startServer>>;
let bearer: Record<string, string>;
const opened: ApiServer[] = [];

beforeAll(async () => {
  main = await startServer({ schemas: { projects: schemas.project } });
  bearer = { authorization: `Bearer ${await main.token()}` };
});

afterAll(async () => {
  await main.server.close();
  await Promise.all(opened.map((server) => server.close()));
});

async function startExtra(options: Partial<ApiServerOptions> = {}) {
  const started = await startServer(options);
  opened.push(started.server);
  return started;
}

describe("listen", () => {
  it("reports the API's base URL on the port it got", () => {
    expect(main.url).toBe(`http://127.0.0.1:${main.port}/api`);
    expect(main.port).toBeGreaterThan(0);
    expect(main.server.resources).toEqual([
      "projects",
      "artefacts",
      "findings",
      "models",
      "versions",
    ]);
  });
});

describe("GET /api/token", () => {
  it("issues a random token for the right Basic credentials", async () => {
    const first = await send(main.origin, "/api/token", { authorization: basic(USER, PASSWORD) });
    const second = await send(main.origin, "/api/token", {
      authorization: `basic   ${Buffer.from(`${USER}:${PASSWORD}`).toString("base64")}`,
    });
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.body).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      tokenType: "Bearer",
      expiresIn: 3600,
      idleTimeout: 900,
    });
    expect(second.status).toBe(200);
    expect(second.body.token).not.toBe(first.body.token);
  });

  it("takes a user and password in UTF-8", async () => {
    const { origin } = await startExtra({ user: "zoë", password: "pässwörd ✓" });
    expect(
      (await send(origin, "/api/token", { authorization: basic("zoë", "pässwörd ✓") })).status,
    ).toBe(200);
    expect(
      (await send(origin, "/api/token", { authorization: basic("zoe", "pässwörd ✓") })).status,
    ).toBe(401);
  });

  // One row: the Authorization header (undefined: none), the code of the 401.
  const rows: [string, string | undefined, string][] = [
    ["no header", undefined, "MISSING_CREDENTIALS"],
    ["a blank header", "   ", "MISSING_CREDENTIALS"],
    ["a wrong password", basic(USER, "nope"), "WRONG_CREDENTIALS"],
    ["a wrong user", basic("bob", PASSWORD), "WRONG_CREDENTIALS"],
    ["the password alone", basic("", PASSWORD).replace(/^Basic /, "Basic "), "WRONG_CREDENTIALS"],
    ["a prefix of the password", basic(USER, PASSWORD.slice(0, -1)), "WRONG_CREDENTIALS"],
    ["no colon", `Basic ${Buffer.from("adasecret").toString("base64")}`, "MALFORMED_CREDENTIALS"],
    ["not base64", "Basic !!!!", "MALFORMED_CREDENTIALS"],
    ["nothing after Basic", "Basic", "MALFORMED_CREDENTIALS"],
    ["a Bearer token", "Bearer abc", "WRONG_SCHEME"],
    ["a Digest scheme", 'Digest username="ada"', "WRONG_SCHEME"],
  ];

  it.each(rows)("%s is a 401 %s with a Basic challenge", async (_, authorization, code) => {
    const headers = authorization === undefined ? {} : { authorization };
    const reply = await send(main.origin, "/api/token", headers);
    expect(reply.status).toBe(401);
    expect(reply.headers["www-authenticate"]).toBe('Basic realm="qaql", charset="UTF-8"');
    expect(reply.body).toMatchObject({ status: 401, error: "Unauthorized", code });
    expect(reply.body.message).toEqual(expect.any(String));
  });
});

describe("Bearer tokens", () => {
  // One row: the Authorization header, status, code, WWW-Authenticate.
  const rows: [string, string | undefined, number, string, string][] = [
    ["no header", undefined, 401, "MISSING_TOKEN", 'Bearer realm="qaql"'],
    ["Basic credentials", basic(USER, PASSWORD), 401, "WRONG_SCHEME", 'Bearer realm="qaql"'],
    [
      "an unknown token",
      "Bearer bm90IGEgdG9rZW4",
      401,
      "UNKNOWN_TOKEN",
      'Bearer realm="qaql", error="invalid_token", error_description="unknown token"',
    ],
    [
      "a token that is no token68",
      "Bearer a b c",
      401,
      "UNKNOWN_TOKEN",
      'Bearer realm="qaql", error="invalid_token", error_description="unknown token"',
    ],
    ["Bearer and nothing", "Bearer", 401, "UNKNOWN_TOKEN", expect.any(String)],
  ];

  it.each(rows)("%s: %i %s", async (_, authorization, status, code, challenge) => {
    const headers = authorization === undefined ? {} : { authorization };
    for (const path of ["/api/projects", "/api/projects/101", "/api/nope", "/"]) {
      const reply = await send(main.origin, path, headers);
      expect(reply.status).toBe(status);
      expect(reply.body).toMatchObject({ status, code });
      expect(reply.headers["www-authenticate"]).toEqual(challenge);
    }
  });

  it("lets a valid token through, whatever the scheme's case", async () => {
    const token = await main.token();
    expect(
      (await send(main.origin, "/api/projects", { authorization: `bearer ${token}` })).status,
    ).toBe(200);
  });

  it("expires a token one hour after its issue, even in constant use (403 TOKEN_EXPIRED)", async () => {
    const { origin, clock, token } = await startExtra();
    const issued = clock.now;
    const headers = { authorization: `Bearer ${await token()}` };
    for (let minutes = 10; minutes < 60; minutes += 10) {
      clock.now = issued + minutes * 60_000;
      expect((await send(origin, "/api/projects", headers)).status).toBe(200);
    }
    clock.now = issued + TOKEN_LIFETIME_MS - 1;
    expect((await send(origin, "/api/projects", headers)).status).toBe(200);
    clock.now = issued + TOKEN_LIFETIME_MS;
    for (let again = 0; again < 2; again++) {
      const reply = await send(origin, "/api/projects", headers);
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({
        status: 403,
        error: "Forbidden",
        code: "TOKEN_EXPIRED",
        expiredAt: new Date(issued + TOKEN_LIFETIME_MS).toISOString(),
      });
      expect(reply.body.message).toContain("GET /api/token");
      expect(reply.headers["www-authenticate"]).toContain('error="invalid_token"');
    }
    // A new token works at once.
    const renewed = { authorization: `Bearer ${await token()}` };
    expect((await send(origin, "/api/projects", renewed)).status).toBe(200);
  });

  it("expires a token after 15 minutes without a request (403 TOKEN_IDLE)", async () => {
    const { origin, clock, token } = await startExtra();
    const issued = clock.now;
    const headers = { authorization: `Bearer ${await token()}` };
    clock.now = issued + TOKEN_IDLE_MS;
    const reply = await send(origin, "/api/projects", headers);
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({
      code: "TOKEN_IDLE",
      expiredAt: new Date(issued + TOKEN_IDLE_MS).toISOString(),
    });
  });

  it("restarts the idle timer on every authorised request, failed ones included", async () => {
    const { origin, clock, token } = await startExtra();
    const issued = clock.now;
    const headers = { authorization: `Bearer ${await token()}` };
    const at = (minutes: number) => issued + minutes * 60_000;
    // Each request comes 10 minutes after the one before but over 15 after the one before that.
    clock.now = at(10);
    expect((await send(origin, "/api/projects", headers)).status).toBe(200);
    clock.now = at(20);
    expect((await send(origin, "/api/nope", headers)).status).toBe(404);
    clock.now = at(30);
    expect((await send(origin, "/api/projects?page=0", headers)).status).toBe(400);
    clock.now = at(40);
    expect((await send(origin, "/api/projects/101", headers)).status).toBe(200);
    // A request without the token is no use of it.
    clock.now = at(40) + TOKEN_IDLE_MS - 1;
    expect((await send(origin, "/api/projects")).status).toBe(401);
    clock.now = at(40) + TOKEN_IDLE_MS;
    expect((await send(origin, "/api/projects", headers)).body.code).toBe("TOKEN_IDLE");
  });
});

describe("the accept header", () => {
  // One row: Accept (undefined: absent), the status, the Content-Type answered.
  const rows: [string | undefined, number, string][] = [
    [undefined, 200, "application/json; charset=utf-8"],
    ["*/*", 200, "application/json; charset=utf-8"],
    ["application/*", 200, "application/json; charset=utf-8"],
    ["application/json", 200, "application/json; charset=utf-8"],
    [V2, 200, `${V2}; charset=utf-8`],
    [
      "application/vnd.qaql.app-latest+json",
      200,
      "application/vnd.qaql.app-latest+json; charset=utf-8",
    ],
    [`application/json;q=0.9, ${V2}`, 200, `${V2}; charset=utf-8`],
    ["application/vnd.qaql.app-v1+json", 406, "application/json; charset=utf-8"],
    ["text/html", 406, "application/json; charset=utf-8"],
    ["application/json;q=0", 406, "application/json; charset=utf-8"],
  ];

  it.each(rows)("Accept %j: %i in %s", async (accept, status, contentType) => {
    const headers = accept === undefined ? bearer : { ...bearer, accept };
    const reply = await send(main.origin, "/api/projects?size=1", headers);
    expect(reply.status).toBe(status);
    expect(reply.headers["content-type"]).toBe(contentType);
    if (status === 406) {
      expect(reply.body).toMatchObject({
        status: 406,
        error: "Not Acceptable",
        code: "NOT_ACCEPTABLE",
        supported: [V2, "application/vnd.qaql.app-latest+json", "application/json"],
      });
    } else {
      expect(reply.body.projects).toHaveLength(1);
    }
  });

  it("answers errors, and the token, in the chosen type too", async () => {
    const missing = await send(main.origin, "/api/nope", { ...bearer, accept: V2 });
    expect(missing.status).toBe(404);
    expect(missing.headers["content-type"]).toBe(`${V2}; charset=utf-8`);
    const token = await send(main.origin, "/api/token", {
      authorization: basic(USER, PASSWORD),
      accept: V2,
    });
    expect(token.headers["content-type"]).toBe(`${V2}; charset=utf-8`);
  });

  it("answers a 406 with the list handler's own body, and its errors are qaql's", async () => {
    const handler = createListHandler({ source: [] });
    const fromHandler = await handler(
      new Request("http://x/api/projects", { headers: { accept: "text/html" } }),
    );
    const fromServer = await send(main.origin, "/api/projects", { ...bearer, accept: "text/html" });
    expect(fromServer.body).toEqual(await fromHandler.json());
    const error = new ApiError(404, "NOT_FOUND", "no such route");
    expect(error).toBeInstanceOf(QaqlError);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      status: 404,
      error: "Not Found",
      code: "NOT_FOUND",
      message: "no such route",
    });
  });

  it("checks accept before the credentials", async () => {
    expect((await send(main.origin, "/api/token", { accept: "text/html" })).status).toBe(406);
  });

  it("uses the server's vendor", async () => {
    const { origin, token } = await startExtra({ vendor: "acme" });
    const headers = { authorization: `Bearer ${await token()}` };
    const acme = await send(origin, "/api/projects", {
      ...headers,
      accept: "application/vnd.acme.app-v2+json",
    });
    expect(acme.headers["content-type"]).toBe("application/vnd.acme.app-v2+json; charset=utf-8");
    expect((await send(origin, "/api/projects", { ...headers, accept: V2 })).status).toBe(406);
  });
});

describe("GET /api/<resource>", () => {
  it("answers page 1 of 20 by default, as a list response with _links", async () => {
    const reply = await send(main.origin, "/api/artefacts", bearer);
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body)).toEqual(["_links", "artefacts"]);
    expect(reply.body.artefacts).toEqual(artefacts.slice(0, 20));
    expect(reply.body._links).toEqual({
      self: { href: "/api/artefacts?page=1&size=20" },
      first: { href: "/api/artefacts?page=1&size=20" },
      last: { href: `/api/artefacts?page=${Math.ceil(artefacts.length / 20)}&size=20` },
      next: { href: "/api/artefacts?page=2&size=20" },
    });
  });

  it("filters, projects and pages, keeping the request's own query in the links", async () => {
    const query = "where=type.id%3DFILE+AND+rank%3E%3D3&fields=id,name,measures(LOC)&size=5&page=2";
    const reply = await send(main.origin, `/api/artefacts?${query}`, bearer);
    const matches = artefacts.filter(compileWhere("type.id=FILE AND rank>=3"));
    const project = compileFields("id,name,measures(LOC)");
    expect(reply.status).toBe(200);
    expect(reply.body.artefacts).toEqual(matches.slice(5, 10).map(project));
    const at = (page: number) =>
      `/api/artefacts?where=type.id%3DFILE+AND+rank%3E%3D3&fields=id,name,measures(LOC)&size=5&page=${page}`;
    expect(reply.body._links).toEqual({
      self: { href: at(2) },
      first: { href: at(1) },
      last: { href: at(Math.ceil(matches.length / 5)) },
      previous: { href: at(1) },
      next: { href: at(3) },
    });
  });

  it.each([
    ["type.id=FILE AND name~*.java", undefined, 7],
    ["rank>=2 OR parentId IS NULL", "id,path,_links", 50],
    ["measures.LOC>1000", "id,measures(LOC,CC)", 3],
    [undefined, "id", 1000],
  ])(
    "follows next links from page 1 to the whole list (where %j, fields %j, size %i)",
    async (where, fields, size) => {
      const query = new URLSearchParams({ size: String(size) });
      if (where !== undefined) query.set("where", where);
      if (fields !== undefined) query.set("fields", fields);
      let next: string | undefined = `/api/artefacts?${query}`;
      const seen: unknown[] = [];
      let pages = 0;
      let last: string | undefined;
      while (next !== undefined) {
        const reply = await send(main.origin, next, bearer);
        expect(reply.status).toBe(200);
        expect(reply.body.artefacts.length).toBeLessThanOrEqual(size);
        seen.push(...reply.body.artefacts);
        last = reply.body._links.last.href;
        if (reply.body._links.next === undefined) expect(reply.body._links.self.href).toBe(last);
        next = reply.body._links.next?.href;
        pages++;
      }
      const matches = where === undefined ? artefacts : artefacts.filter(compileWhere(where));
      expect(seen).toEqual(fields === undefined ? matches : matches.map(compileFields(fields)));
      expect(pages).toBe(Math.max(1, Math.ceil(matches.length / size)));
    },
  );

  it("answers a page past the end with no items and a way back", async () => {
    const reply = await send(main.origin, "/api/projects?page=9&size=5", bearer);
    expect(reply.body.projects).toEqual([]);
    expect(reply.body._links).toEqual({
      self: { href: "/api/projects?page=9&size=5" },
      first: { href: "/api/projects?page=1&size=5" },
      last: { href: "/api/projects?page=2&size=5" },
      previous: { href: "/api/projects?page=2&size=5" },
    });
  });

  it("reads dates in the zone of the timezone header (grammar/language.md 2.5)", async () => {
    const where = "analysisTime=2026-02-12";
    const path = `/api/projects?where=${encodeURIComponent(where)}&fields=id`;
    // The main server types projects by their schema, where analysisTime is a date.
    const ids = (zone: string) =>
      projects
        .filter(compileWhere(where, { schema: schemas.project, timeZone: zone }))
        .map((project) => project.id);
    const utc = await send(main.origin, path, bearer);
    const kiritimati = await send(main.origin, path, { ...bearer, timezone: "Pacific/Kiritimati" });
    expect(ids("Pacific/Kiritimati")).not.toEqual(ids("UTC"));
    expect(utc.body.projects.map((project: Row) => project.id)).toEqual(ids("UTC"));
    expect(kiritimati.body.projects.map((project: Row) => project.id)).toEqual(
      ids("Pacific/Kiritimati"),
    );
  });

  // A UTC offset is no zone (grammar/language.md 2.5), though the runtime takes it.
  it.each(["Mars/Olympus_Mons", "", "Europe/Paris, UTC", "+05:30", "-0800", "+05"])(
    "answers timezone %j with a 400: the error's toJSON() naming the header",
    async (zone) => {
      for (const path of ["/api/projects", "/api/projects/101"]) {
        const reply = await send(main.origin, path, { ...bearer, timezone: zone });
        expect(reply.status).toBe(400);
        expect(reply.body).toEqual({
          status: 400,
          error: "Bad Request",
          ...new UnknownTimeZoneError(zone).toJSON(),
          header: "timezone",
        });
        expect(reply.body).toMatchObject({ code: "UNKNOWN_TIME_ZONE", timeZone: zone });
      }
    },
  );
});

describe("400 for a bad where, fields, page or size", () => {
  // One row: the query string as sent, then parameter, code, offset, length, line, column.
  const rows: [string, string, string, number, number, number, number][] = [
    ["where=type.id%3DFOLDER+AND+rank%3E%3D", "where", "UNEXPECTED_END", 25, 0, 1, 26],
    ["where=name~%22abc", "where", "UNTERMINATED_QUOTE", 5, 1, 1, 6],
    ["where=a%3D1%0AAND+%3D2", "where", "UNEXPECTED_TOKEN", 8, 1, 2, 5],
    ["where=a%zz", "where", "MALFORMED_ENCODING", 1, 3, 1, 2],
    ["where=%E0%A4%A", "where", "MALFORMED_ENCODING", 6, 2, 1, 7],
    ["where=%C0%AF", "where", "MALFORMED_ENCODING", 0, 3, 1, 1],
    ["fields=id,_links.self", "fields", "LINKS_SUBSELECTION", 10, 4, 1, 11],
    ["fields=id,(", "fields", "UNEXPECTED_TOKEN", 3, 1, 1, 4],
    ["page=0", "page", "INVALID_PAGE", 0, 1, 1, 1],
    ["page=-1", "page", "INVALID_PAGE", 0, 2, 1, 1],
    ["size=1.5", "size", "INVALID_SIZE", 0, 3, 1, 1],
    ["size=1001", "size", "SIZE_TOO_LARGE", 0, 4, 1, 1],
    ["page=1&size=2&page=3", "page", "REPEATED_PARAMETER", 0, 1, 1, 1],
    [`where=${"a".repeat(8193)}%3D1`, "where", "INPUT_TOO_LONG", 8192, 3, 1, 8193],
  ];

  it.each(rows.map((row) => [row[0].slice(0, 60), ...row] as const))(
    "%s: %s",
    async (_, query, parameter, code, offset, length, line, column) => {
      const reply = await send(main.origin, `/api/artefacts?${query}`, bearer);
      const library = safeReadListRequest(query);
      if (library.success) throw new Error("the library accepts the row");
      expect(reply.status).toBe(400);
      // The body is the error's toJSON() after the status; a value too long for the language
      // is echoed cut, as a header is.
      const cut = code === "INPUT_TOO_LONG" ? { input: cutForEcho(library.error.input) } : {};
      expect(reply.body).toEqual({
        status: 400,
        error: "Bad Request",
        ...library.error.toJSON(),
        ...cut,
      });
      expect(reply.body).toMatchObject({
        code,
        parameter,
        offset,
        length,
        line,
        column,
        diagnostic: library.error.message,
        message: library.error.message.split("\n")[0],
      });
      expect(reply.body.diagnostic).toMatch(/\n {2}.*\n {2}\s*\^+$/);
    },
  );

  it("lists what was expected after a syntax error", async () => {
    const reply = await send(main.origin, "/api/artefacts?where=rank%3E", bearer);
    expect(reply.body.expected).toEqual(expect.arrayContaining([expect.any(String)]));
  });

  it("validates against a resource's schema, listing every issue with its position", async () => {
    const reply = await send(main.origin, "/api/projects?where=nope%3D1+AND+id%3Dx", bearer);
    expect(reply.status).toBe(400);
    const library = safeReadListRequest("where=nope%3D1+AND+id%3Dx", { schema: schemas.project });
    if (library.success) throw new Error("the library accepts the filter");
    expect(reply.body).toEqual({ status: 400, error: "Bad Request", ...library.error.toJSON() });
    expect(reply.body).toMatchObject({ code: "UNKNOWN_FIELD", parameter: "where", offset: 0 });
    expect(reply.body.issues).toEqual([
      expect.objectContaining({ code: "UNKNOWN_FIELD", offset: 0, length: 4, line: 1, column: 1 }),
      expect.objectContaining({
        code: "INVALID_VALUE",
        offset: 14,
        length: 1,
        line: 1,
        column: 15,
      }),
    ]);
    const fields = await send(main.origin, "/api/projects?fields=id,level(nope)", bearer);
    expect(fields.body).toMatchObject({ status: 400, code: "UNKNOWN_FIELD", parameter: "fields" });
  });

  it("types values from the records where no schema is given (grammar/language.md 2.3)", async () => {
    const reply = await send(main.origin, "/api/artefacts?where=nope%3D1&size=1", bearer);
    expect(reply.status).toBe(200);
    expect(reply.body.artefacts).toEqual([]);
  });
});

describe("GET /api/<resource>/<id>", () => {
  const record = artefacts.find((artefact) => artefact.id === 1051) as Row;

  it("answers the record with that id", async () => {
    const reply = await send(main.origin, "/api/artefacts/1051", bearer);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(record);
  });

  it("projects it by fields, keeping _links, and reads no other parameter", async () => {
    const reply = await send(
      main.origin,
      "/api/artefacts/1051?fields=id,name&where=garbage(&page=0",
      bearer,
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: 1051, name: record.name, _links: record._links });
  });

  it.each([
    ["fields=id,(", "UNEXPECTED_TOKEN"],
    ["fields=%zz", "MALFORMED_ENCODING"],
    ["fields=id&fields=name", "REPEATED_PARAMETER"],
  ])("answers a bad selection %s with a 400 %s", async (query, code) => {
    const reply = await send(main.origin, `/api/artefacts/1051?${query}`, bearer);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code, parameter: "fields" });
  });

  it("serves ids that are strings", async () => {
    const { origin, token } = await startExtra({ data: { tags: [{ id: "a b", n: 1 }, { n: 2 }] } });
    const headers = { authorization: `Bearer ${await token()}` };
    expect((await send(origin, "/api/tags/a%20b", headers)).body).toEqual({ id: "a b", n: 1 });
  });
});

describe("errors of the route", () => {
  // One row: method, path, status, code (and the allowed methods of a 405).
  const rows: [string, string, number, string, string?][] = [
    ["GET", "/api/nope", 404, "NOT_FOUND"],
    ["GET", "/api/artefacts/999999", 404, "NOT_FOUND"],
    ["GET", "/api/artefacts/abc", 404, "NOT_FOUND"],
    ["GET", "/api/artefacts/1051.0", 404, "NOT_FOUND"],
    ["GET", "/api/artefacts/01051", 404, "NOT_FOUND"],
    ["GET", "/api/artefacts/", 404, "NOT_FOUND"],
    ["GET", "/api/artefacts/1051/", 404, "NOT_FOUND"],
    ["GET", "/api/artefacts/1051/nope", 404, "NOT_FOUND"],
    ["GET", "/api/artefacts/999999/findings", 404, "NOT_FOUND"],
    ["GET", "/api/projects/101/findings", 404, "NOT_FOUND"],
    ["GET", "/api/projects/101/artefacts", 404, "NOT_FOUND"],
    ["GET", "/api/findings/500000/findings", 404, "NOT_FOUND"],
    ["GET", "/api/artefacts/1051/findings/x", 404, "NOT_FOUND"],
    ["GET", "/api/", 404, "NOT_FOUND"],
    ["GET", "/api", 404, "NOT_FOUND"],
    ["GET", "/", 404, "NOT_FOUND"],
    ["GET", "/favicon.ico", 404, "NOT_FOUND"],
    ["GET", "/api/token/x", 404, "NOT_FOUND"],
    ["GET", "/api/__proto__", 404, "NOT_FOUND"],
    ["GET", "/api/constructor/1", 404, "NOT_FOUND"],
    ["GET", "/api/%zz", 400, "MALFORMED_URL"],
    ["GET", "/api/artefacts/%E0%A4", 400, "MALFORMED_URL"],
    ["POST", "/api/artefacts", 405, "METHOD_NOT_ALLOWED", "GET, HEAD"],
    ["PUT", "/api/artefacts/1051", 405, "METHOD_NOT_ALLOWED", "GET, HEAD"],
    ["PUT", "/api/token", 405, "METHOD_NOT_ALLOWED", "GET, DELETE"],
    ["OPTIONS", "/api/artefacts", 405, "METHOD_NOT_ALLOWED", "GET, HEAD"],
    ["POST", "/api/projects/payments-core/artefacts", 405, "METHOD_NOT_ALLOWED", "GET, HEAD"],
    ["GET", "/api/artefacts/1051/query", 405, "METHOD_NOT_ALLOWED", "POST"],
    ["PATCH", "/nowhere", 404, "NOT_FOUND"],
  ];

  it.each(rows)("%s %s is a %i %s in JSON", async (method, path, status, code, allow) => {
    const reply = await send(main.origin, path, bearer, method);
    expect(reply.status).toBe(status);
    expect(reply.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(reply.body).toMatchObject({ status, code, message: expect.any(String) });
    expect(reply.headers.allow).toBe(allow);
  });

  it("names the resources it has when one is unknown", async () => {
    const reply = await send(main.origin, "/api/artefact", bearer);
    expect(reply.body.message).toBe(
      'no resource "artefact": this server has projects, artefacts, findings, models, versions',
    );
  });

  it("answers HEAD as GET without the body", async () => {
    const get = await send(main.origin, "/api/artefacts?size=3", bearer);
    const head = await send(main.origin, "/api/artefacts?size=3", bearer, "HEAD");
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(head.headers["content-type"]).toBe(get.headers["content-type"]);
  });

  it("answers a request in absolute form", async () => {
    const reply = await send(main.origin, `${main.origin}/api/projects/101?fields=id`, bearer);
    expect(reply.body).toEqual({ id: 101, _links: projects[0]?._links });
  });
});

describe("never crashes", () => {
  it.each([
    ["not HTTP", "hello\r\n\r\n", 400],
    ["a bad header line", "GET /api/projects HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n", 400],
    ["a request line with spaces", "GET /api/a b c HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    [
      "headers over 256 KiB",
      `GET /api/projects HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(300 * 1024)}\r\n\r\n`,
      431,
    ],
  ])("answers %s with a JSON %i and keeps serving", async (_, bytes, status) => {
    const raw = await sendRaw(main.origin, bytes);
    const [head = "", body = ""] = raw.split("\r\n\r\n");
    expect(head.split("\r\n")[0]).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(head).toContain("content-type: application/json; charset=utf-8");
    expect(JSON.parse(body)).toMatchObject({ status, code: "MALFORMED_REQUEST" });
    expect((await send(main.origin, "/api/projects", bearer)).status).toBe(200);
  });

  it("answers an exception of evaluate with a 500 that shows no stack, and reports it", async () => {
    const reported: unknown[] = [];
    const { origin, token } = await startExtra({
      evaluate: () => {
        throw new Error("secret internals at /home/x/file.ts:12");
      },
      onInternalError: (error) => reported.push(error),
    });
    const reply = await send(origin, "/api/projects", { authorization: `Bearer ${await token()}` });
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({
      status: 500,
      error: "Internal Server Error",
      code: "INTERNAL_ERROR",
      message: "the server failed to answer this request",
    });
    expect(reported).toHaveLength(1);
  });

  it("answers a malformed result of evaluate with a 500", async () => {
    const { origin, token } = await startExtra({
      evaluate: () => ({ items: [], total: -1 }),
      onInternalError: () => {},
    });
    const reply = await send(origin, "/api/projects", { authorization: `Bearer ${await token()}` });
    expect(reply.status).toBe(500);
  });
});

describe("the evaluate hook", () => {
  it("is the one place where list requests are filtered, paged and projected", async () => {
    const calls: unknown[] = [];
    // A deliberately wrong evaluation: off by one item.
    const offByOne: Evaluate = async (records, request) => {
      const { page, size, paginated, resource, timeZone, schema } = request;
      calls.push({ page, size, paginated, resource, timeZone, schema });
      const right = await referenceEvaluate(records, request);
      return { items: records.slice(1, 1 + request.size), total: right.total };
    };
    const { origin, token } = await startExtra({ evaluate: offByOne, maxSize: 50, defaultSize: 5 });
    const headers = { authorization: `Bearer ${await token()}`, timezone: "Europe/Paris" };
    const reply = await send(origin, "/api/findings?where=status%3DOPEN&size=3", headers);
    expect(reply.body.findings).toEqual(sample.findings?.slice(1, 4));
    expect(calls).toEqual([
      {
        page: 1,
        size: 3,
        paginated: true,
        resource: "findings",
        timeZone: "Europe/Paris",
        schema: undefined,
      },
    ]);
    const defaults = await send(origin, "/api/findings", headers);
    expect(defaults.body.findings).toHaveLength(5);
    expect((await send(origin, "/api/findings?size=51", headers)).body.code).toBe("SIZE_TOO_LARGE");
  });
});

describe("createApiServer", () => {
  it.each([
    ["a resource named token", { data: { token: [] } }, /cannot be named "token"/],
    ["a resource named _links", { data: { _links: [] } }, /cannot be named "_links"/],
    [
      "a record that is no object",
      { data: { a: [1] } },
      /the record at index 0 of "a" is not an object/,
    ],
    ["a user with a colon", { user: "a:b" }, /colon/],
    ["another user with a colon", { users: { "a:b": "pw" } }, /colon/],
    ["a user given twice", { users: { [USER]: "pw" } }, /"ada" is given twice/],
    ["an empty token bucket", { tokenRate: { burst: 0, perMinute: 60 } }, /burst/],
    ["a bad vendor", { vendor: "a/b" }, /not a vendor name/],
    ["a default size over the maximum", { defaultSize: 30, maxSize: 20 }, /defaultSize/],
    ["an unknown option", { maxBodySize: 10 }, /option maxBodySize: unknown option/],
    ["a bad share of time", { queryTime: { burst: 0, perSecond: 1 } }, /queryTime.burst/],
  ])("refuses %s with an InvalidOptionError naming the option", (_, options, message) => {
    const make = () =>
      createApiServer({
        data: {},
        user: USER,
        password: PASSWORD,
        ...(options as Partial<ApiServerOptions>),
      });
    expect(make).toThrow(message);
    expect(make).toThrow(InvalidOptionError);
    expect(make).toThrow(/^createApiServer: option [A-Za-z]+: /);
  });

  it("closes with connections still open, and closes twice", async () => {
    const { server, origin, token } = await startServer();
    await token();
    const kept = connect(Number(new URL(origin).port), "127.0.0.1");
    await new Promise((resolve) => kept.once("connect", resolve));
    await server.close();
    await server.close();
    await expect(send(origin, "/api/token")).rejects.toThrow(/ECONNREFUSED/);
    kept.destroy();
  });
});

describe("under abuse", () => {
  it("writes _links with only where, fields, page and size, however many other parameters come", async () => {
    const junk = Array.from({ length: 20_000 }, (_, i) => `u${i}=${i}`).join("&");
    const query = `${junk}&where=type.id%3DFILE&${junk.slice(0, 1000)}&fields=id&size=1&z=%zz`;
    const reply = await send(main.origin, `/api/artefacts?${query}`, bearer);
    expect(reply.status).toBe(200);
    const at = (page: number) =>
      `/api/artefacts?where=type.id%3DFILE&fields=id&size=1&page=${page}`;
    const files = artefacts.filter(compileWhere("type.id=FILE")).length;
    expect(reply.body._links).toEqual({
      self: { href: at(1) },
      first: { href: at(1) },
      last: { href: at(files) },
      next: { href: at(2) },
    });
    expect(reply.text.length).toBeLessThan(1000);
  });

  it("counts tokens per user: 10,001 for one evict that user's oldest, never another's", async () => {
    const { origin } = await startExtra({
      users: { bob: "bob's password" },
      tokenRate: { burst: 20_000, perMinute: 60 },
    });
    const ada = await send(origin, "/api/token", { authorization: basic(USER, PASSWORD) });
    const issue = async () => {
      const response = await fetch(`${origin}/api/token`, {
        headers: { authorization: basic("bob", "bob's password") },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { token: string }).token;
    };
    const oldest = await issue();
    let left = 10_000;
    let newest = "";
    // Eight keep-alive connections at a time keep 10,000 requests to a few seconds.
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (left > 0) {
          left--;
          newest = await issue();
        }
      }),
    );
    const use = (token: string) =>
      send(origin, "/api/projects?size=1", { authorization: `Bearer ${token}` });
    expect((await use(ada.body.token)).status).toBe(200);
    expect((await use(newest)).status).toBe(200);
    expect((await use(oldest)).body.code).toBe("UNKNOWN_TOKEN");
  }, 60_000);

  it("answers GET /api/token past the user's rate with a 429 and Retry-After, until the clock moves", async () => {
    const { origin, clock } = await startExtra({
      users: { bob: "pw" },
      tokenRate: { burst: 2, perMinute: 6 },
    });
    const ask = (user = USER, password = PASSWORD) =>
      send(origin, "/api/token", { authorization: basic(user, password) });
    expect((await ask()).status).toBe(200);
    expect((await ask(USER, "wrong")).status).toBe(401);
    expect((await ask()).status).toBe(200);
    const limited = await ask();
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toBe("10");
    expect(limited.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(limited.body).toEqual({
      status: 429,
      error: "Too Many Requests",
      code: "TOO_MANY_TOKEN_REQUESTS",
      message: "too many tokens asked for: a user gets 2 at once, then 6 a minute; retry in 10 s",
      retryAfter: 10,
    });
    // Wrong credentials are still told so, and another user is not held back.
    expect((await ask(USER, "wrong")).status).toBe(401);
    expect((await ask("bob", "pw")).status).toBe(200);
    clock.now += 9_001;
    expect((await ask()).headers["retry-after"]).toBe("1");
    clock.now += 999;
    expect((await ask()).status).toBe(200);
    expect((await ask()).headers["retry-after"]).toBe("10");
    clock.now += 60_000;
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
  });

  it("lets a user have 20 tokens at once by default, then one a second", async () => {
    const { origin, clock } = await startExtra();
    const ask = () => send(origin, "/api/token", { authorization: basic(USER, PASSWORD) });
    for (let i = 0; i < 20; i++) expect((await ask()).status).toBe(200);
    const limited = await ask();
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toBe("1");
    clock.now += 1000;
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
  });

  const long = "a".repeat(100 * 1024);
  // One row: what is long, the path, the headers, then status and code.
  const echoes: [string, string, Record<string, string>, number, string][] = [
    ["timezone", "/api/projects", { timezone: long }, 400, "UNKNOWN_TIME_ZONE"],
    ["timezone of an item", "/api/projects/101", { timezone: long }, 400, "UNKNOWN_TIME_ZONE"],
    ["accept", "/api/projects", { accept: `text/${long}` }, 431, "HEADER_TOO_LARGE"],
    [
      "short accept",
      "/api/projects",
      { accept: `text/${long.slice(0, 1000)}` },
      406,
      "NOT_ACCEPTABLE",
    ],
    ["a scheme for a token", "/api/token", { authorization: `${long} x` }, 401, "WRONG_SCHEME"],
    ["a scheme", "/api/projects", { authorization: `${long} x` }, 401, "WRONG_SCHEME"],
    ["a path segment", `/api/${long}%zz`, {}, 400, "MALFORMED_URL"],
    ["a resource", `/api/${long}`, {}, 404, "NOT_FOUND"],
    ["an id", `/api/projects/${long}`, {}, 404, "NOT_FOUND"],
    ["a size", `/api/projects?size=${long}`, {}, 400, "INVALID_SIZE"],
    ["a page", `/api/projects?page=1${"0".repeat(100 * 1024)}`, {}, 400, "INVALID_PAGE"],
    ["a where", `/api/projects?where=${long}`, {}, 400, "INPUT_TOO_LONG"],
    ["a repeat", `/api/projects?fields=id&fields=${long}`, {}, 400, "REPEATED_PARAMETER"],
    ["broken escapes", `/api/projects?where=%zz${long}`, {}, 400, "MALFORMED_ENCODING"],
  ];

  it.each(echoes)(
    "echoes a 100 KB %s cut to 100 characters",
    async (_, path, headers, status, code) => {
      const reply = await send(main.origin, path, { ...bearer, ...headers });
      expect(reply.status).toBe(status);
      expect(reply.body).toMatchObject({ status, code });
      expect(reply.text.length).toBeLessThan(1000);
      for (const text of [
        reply.body.message,
        reply.body.input ?? "",
        reply.body.timeZone ?? "",
        reply.body.diagnostic ?? "",
      ]) {
        expect(text).not.toMatch(/[a0]{101}/);
      }
    },
  );

  it("makes no token for a HEAD, which could not carry it back, nor spends the rate on one", async () => {
    const { origin } = await startExtra({ tokenRate: { burst: 1, perMinute: 1 } });
    const authorization = basic(USER, PASSWORD);
    for (let i = 0; i < 3; i++) {
      const head = await send(origin, "/api/token", { authorization }, "HEAD");
      expect(head.status).toBe(405);
      expect(head.headers.allow).toBe("GET, DELETE");
    }
    expect((await send(origin, "/api/token", { authorization })).status).toBe(200);
  });

  it("answers every request in JSON, and logs none of a client's mistakes as its own", async () => {
    const internal: unknown[] = [];
    const { origin } = await startExtra({ onInternalError: (error) => internal.push(error) });
    const rows: readonly (readonly [string, string, number, string])[] = [
      ["TRACE /api/artefacts", "GET, HEAD", 405, "METHOD_NOT_ALLOWED"],
      ["TRACE /nowhere", "GET, DELETE, HEAD, POST", 405, "METHOD_NOT_ALLOWED"],
      ["TRACE /api/token", "GET, DELETE", 405, "METHOD_NOT_ALLOWED"],
      ["OPTIONS *", "", 400, "MALFORMED_URL"],
      ["GET http://[::1", "", 400, "MALFORMED_URL"],
      ["GET http://a%zz/api/projects", "", 400, "MALFORMED_URL"],
      ["CONNECT 127.0.0.1:1", "GET, DELETE, HEAD, POST", 405, "METHOD_NOT_ALLOWED"],
    ];
    for (const [line, allow, status, code] of rows) {
      const raw = await sendRaw(origin, `${line} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`);
      const [head = "", body = ""] = raw.split("\r\n\r\n");
      expect(head.split("\r\n")[0], line).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(head.toLowerCase()).toContain("content-type: application/json");
      if (allow) expect(head.toLowerCase()).toContain(`allow: ${allow.toLowerCase()}`);
      expect(JSON.parse(body)).toMatchObject({ status, code });
    }
    expect(internal).toEqual([]);
  });

  it("sends Cache-Control: no-store and one Vary with every answer, whichever part gives it", async () => {
    const { origin, token } = await startExtra();
    const authorization = `Bearer ${await token()}`;
    // One row: the request's first line and headers, and the status answered.
    const rows: readonly (readonly [string, string, number])[] = [
      ["GET /api/projects", `authorization: ${authorization}\r\n`, 200],
      ["PUT /api/projects", "", 405],
      ["GET /api/projects", `accept: ${"x/y, ".repeat(300)}\r\n`, 431],
      ["GET /api/projects", `x-padding: ${"p".repeat(300 * 1024)}\r\n`, 431],
      ["TRACE /api/projects", "", 405],
      ["OPTIONS *", "", 400],
    ];
    for (const [line, headers, status] of rows) {
      const raw = await sendRaw(
        origin,
        `${line} HTTP/1.1\r\nhost: x\r\n${headers}connection: close\r\n\r\n`,
      );
      const head = (raw.split("\r\n\r\n")[0] ?? "").toLowerCase();
      expect(head.split("\r\n")[0], line).toMatch(new RegExp(`^http/1\\.1 ${status} `));
      expect(head, line).toContain("\r\ncache-control: no-store\r\n");
      expect(head, line).toContain(
        "\r\nvary: accept, accept-language, authorization, timezone\r\n",
      );
    }
  });

  it("takes a query body cut off by the client for the client's doing", async () => {
    const internal: unknown[] = [];
    const { origin, token } = await startExtra({
      onInternalError: (error) => internal.push(error),
    });
    const bearerOf = `Bearer ${await token()}`;
    await new Promise<void>((resolve) => {
      const { hostname, port } = new URL(origin);
      const outgoing = httpRequest({
        hostname,
        port,
        path: "/api/artefacts/1051/query",
        method: "POST",
        agent: false,
        headers: {
          authorization: bearerOf,
          "content-type": "application/json",
          "content-length": "1000",
        },
      });
      outgoing.on("error", () => resolve());
      outgoing.write('{"columns":[');
      setTimeout(() => {
        outgoing.destroy();
        setTimeout(resolve, 100);
      }, 50);
    });
    expect(internal).toEqual([]);
  });

  it("reads a timezone header in its canonical spelling, as the source sees it", async () => {
    const zones: string[] = [];
    const evaluate: Evaluate = (records, request) => {
      zones.push(request.timeZone);
      return referenceEvaluate(records, request);
    };
    const { origin, token } = await startExtra({ evaluate });
    const authorization = `Bearer ${await token()}`;
    for (const timezone of ["Europe/Paris", "europe/PARIS", "EUROPE/paris"]) {
      const reply = await send(origin, "/api/projects?where=analysisTime>2024-01-01", {
        authorization,
        timezone,
      });
      expect(reply.status).toBe(200);
    }
    expect(zones).toEqual(["Europe/Paris", "Europe/Paris", "Europe/Paris"]);
  });

  it("keeps one bounded cache for all its lists, keyed by what the answers depend on", async () => {
    const { server, token } = await startExtra();
    const authorization = `Bearer ${await token()}`;
    const routes = [
      ...projects.slice(0, 6).map((project) => `/api/projects/${project.name}/artefacts`),
      ...artefacts.slice(0, 6).map((artefact) => `/api/artefacts/${artefact.id}/findings`),
    ];
    const gc = runInNewContext("gc") as () => void;
    const heap = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const padding = "x".repeat(64 * 1024);
    const ask = (i: number) => {
      const url = `http://127.0.0.1${routes[i % routes.length]}?where=id>${i % 3}&pad${i}=${padding}`;
      return server.fetch(new Request(url, { headers: { authorization } }));
    };
    for (let i = 0; i < 24; i++) expect((await ask(i)).status).toBe(200);
    const before = heap();
    for (let i = 0; i < 1200; i++) await (await ask(i)).arrayBuffer();
    // Kept whole, the 1,200 padded query strings would be 150 MB.
    expect(heap() - before).toBeLessThan(16 * 1024 * 1024);
  }, 60_000);

  it("gives each client a share of the server's time for query definitions, past which it waits", async () => {
    const { origin, clock } = await startExtra({
      users: { bob: "pw" },
      queryTime: { burst: 0.001, perSecond: 1 },
    });
    const tokenOf = async (user: string, password: string) =>
      (await send(origin, "/api/token", { authorization: basic(user, password) })).body
        .token as string;
    const ada = await tokenOf(USER, PASSWORD);
    const bob = await tokenOf("bob", "pw");
    const query = (token: string) =>
      fetch(`${origin}/api/artefacts/1000/query`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ columns: [{ type: "MEASURE", id: "LOC" }] }),
      });
    expect((await query(ada)).status).toBe(200);
    const limited = await query(ada);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(await limited.json()).toMatchObject({ code: "TOO_MANY_QUERIES", retryAfter });
    // Another user, and a token of the same user, are each counted as their client.
    expect((await query(bob)).status).toBe(200);
    expect((await query(await tokenOf(USER, PASSWORD))).status).toBe(429);
    clock.now += retryAfter * 1000;
    expect((await query(ada)).status).toBe(200);
  });

  it("says where the echo of a long timezone was cut", async () => {
    const reply = await send(main.origin, "/api/projects", { ...bearer, timezone: long });
    const shown = `${"a".repeat(100)}…`;
    expect(reply.body).toMatchObject({ header: "timezone", timeZone: shown });
    expect(reply.body.message).toBe(
      `unknown time zone "${shown}": expected an IANA name such as "Europe/Paris" or "UTC"`,
    );
  });
});
