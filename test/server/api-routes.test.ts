import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileWhere } from "../../src/api/compile-where.ts";
import type { Artefact } from "../../src/query/artefact.ts";
import { parseQueryDefinition } from "../../src/query/definition.ts";
import { runQuery } from "../../src/query/run-query.ts";
import { schemas } from "../../src/schema/resources.ts";
import { type ApiServerOptions, createApiServer } from "../../src/server/api-server.ts";

type Row = Record<string, unknown>;
const sample = JSON.parse(
  readFileSync(new URL("../../sample/dump.json", import.meta.url), "utf8"),
) as Record<string, Row[]>;
const projects = sample.projects ?? [];
const artefacts = sample.artefacts ?? [];
const findings = sample.findings ?? [];

const PERMANENT = "ci-job-token-0123456789abcdef";
const USER = "ada";
const PASSWORD = "s3cret";
const basic = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString("base64")}`;

/** A server of the sample with the API's schemas and a settable clock. */
function makeServer(options: Partial<ApiServerOptions> = {}) {
  const clock = { now: Date.UTC(2026, 0, 1) };
  const server = createApiServer({
    data: sample,
    user: USER,
    password: PASSWORD,
    permanentTokens: [PERMANENT],
    schemas: { projects: schemas.project, artefacts: schemas.artefact, findings: schemas.finding },
    now: () => clock.now,
    ...options,
  });
  return { server, clock };
}

const { server, clock } = makeServer();
/** A server that reads query bodies of up to 1 MiB, four times the default. */
const wide = makeServer({ maxBodyBytes: 1024 * 1024 }).server;
const bearer = { authorization: `Bearer ${PERMANENT}` };

/** Asks the server through its Web `fetch`, as Deno, Bun or a worker would. */
async function ask(path: string, init: RequestInit = {}) {
  const headers = { ...bearer, ...(init.headers as Record<string, string> | undefined) };
  const response = await server.fetch(new Request(`http://127.0.0.1${path}`, { ...init, headers }));
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: a parsed JSON body, checked by each test
  const body: any = text === "" ? undefined : JSON.parse(text);
  return { status: response.status, headers: response.headers, body };
}

/** The ids of the artefact and of every artefact below it by parentId. */
function subtreeOf(id: unknown): Set<unknown> {
  const below = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const artefact of artefacts) {
      if (below.has(artefact.parentId) && !below.has(artefact.id)) {
        below.add(artefact.id);
        grew = true;
      }
    }
  }
  return below;
}

const idsOf = (rows: readonly Row[]) => rows.map((row) => row.id);

describe("GET /api/projects/{project-name}/artefacts", () => {
  it("lists each project's artefacts, at the link its project record holds", async () => {
    for (const project of projects) {
      const href = (project._links as Record<string, { href: string }>).artefacts?.href ?? "";
      expect(href).toBe(`/api/projects/${encodeURIComponent(String(project.name))}/artefacts`);
      const reply = await ask(`${href}?size=1000`);
      expect(reply.status).toBe(200);
      const expected = artefacts.filter((artefact) => artefact.projectId === project.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(idsOf(reply.body.artefacts)).toEqual(idsOf(expected));
    }
  });

  it("filters, projects and pages them as a list, with links to its own path", async () => {
    const project = projects[0] as Row;
    const path = `/api/projects/${project.name}/artefacts`;
    const where = "type.id=FILE AND rank>=2";
    const reply = await ask(`${path}?where=${encodeURIComponent(where)}&fields=id,rank&size=3`);
    const matches = artefacts
      .filter((artefact) => artefact.projectId === project.id)
      .filter(compileWhere(where, { schema: schemas.artefact }));
    expect(matches.length).toBeGreaterThan(3);
    expect(reply.body.artefacts).toEqual(
      matches.slice(0, 3).map(({ id, rank, _links }) => ({ id, rank, _links })),
    );
    const last = Math.ceil(matches.length / 3);
    expect(reply.body._links.last.href).toBe(
      `${path}?where=type.id%3DFILE%20AND%20rank%3E%3D2&fields=id,rank&size=3&page=${last}`,
    );
  });

  it("validates where against the artefacts' schema", async () => {
    const reply = await ask("/api/projects/payments-core/artefacts?where=rnak%3E%3D2");
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: "UNKNOWN_FIELD", parameter: "where", offset: 0 });
  });

  it("is a 404 for a name no project has, saying so when it is an id", async () => {
    expect((await ask("/api/projects/nope/artefacts")).body).toMatchObject({
      status: 404,
      code: "NOT_FOUND",
      message: 'no project named "nope"',
    });
    expect((await ask("/api/projects/101/artefacts")).body.message).toBe(
      `no project named "101" (the path takes the project's name, not its id)`,
    );
  });
});

describe("GET /api/artefacts/{artefact-id}/findings", () => {
  it("lists the findings located in the artefact or below it, for every artefact", async () => {
    let nonEmpty = 0;
    for (const artefact of artefacts) {
      const href = (artefact._links as Record<string, { href: string }>).findings?.href;
      expect(href).toBe(`/api/artefacts/${artefact.id}/findings`);
      const below = subtreeOf(artefact.id);
      const expected = findings.filter((finding) =>
        (finding.locations as Row[]).some((location) => below.has(location.artefactId)),
      );
      const reply = await ask(`${href}?size=1000`);
      expect(idsOf(reply.body.findings)).toEqual(idsOf(expected));
      if (expected.length > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it("holds every finding of a project under the project's root artefact", async () => {
    const project = projects[0] as Row;
    const reply = await ask(`/api/artefacts/${project.artefactId}/findings?size=1000`);
    const ofProject = findings.filter((finding) => finding.projectId === project.id);
    expect(idsOf(reply.body.findings)).toEqual(idsOf(ofProject));
    const open = await ask(
      `/api/artefacts/${project.artefactId}/findings?where=status%3DOPEN&size=1`,
    );
    expect(open.body.findings[0]).toEqual(ofProject.find((finding) => finding.status === "OPEN"));
  });
});

describe("POST /api/artefacts/{artefact-id}/query", () => {
  const definition = {
    artefactTypes: ["FILE"],
    columns: [
      { type: "MEASURE", id: "LOC" },
      { type: "INDICATOR", id: "MAINTAINABILITY", displayType: "RANK" },
    ],
    orders: [{ type: "MEASURE", id: "LOC", order: "DESC", orderType: "VALUE" }],
    resultSize: 5,
  };
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    ask(path, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", ...headers },
    });

  it("runs a query definition from the artefact, as runQuery does", async () => {
    const start = artefacts[0] as Row;
    const reply = await post(`/api/artefacts/${start.id}/query`, JSON.stringify(definition));
    expect(reply.status).toBe(200);
    const expected = runQuery(
      parseQueryDefinition(definition),
      artefacts as unknown as Artefact[],
      {
        artefactId: start.id as number,
      },
    );
    expect(reply.body).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(reply.body.rows).toHaveLength(5);
    expect(reply.body.total).toBeGreaterThan(5);
  });

  it("lists every problem of a definition at its JSON Pointer (400)", async () => {
    const bad = { ...definition, columns: [{ type: "MEASUR", id: "LOC" }], resultSize: 0 };
    const reply = await post("/api/artefacts/1000/query", JSON.stringify(bad));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      status: 400,
      error: "Bad Request",
      pointer: "/columns/0/type",
    });
    expect(reply.body.issues.map((issue: Row) => issue.pointer)).toEqual([
      "/columns/0/type",
      "/resultSize",
    ]);
  });

  it("answers a 1 MiB body of empty orders with a small 400: 100 issues and their count", async () => {
    const count = Math.floor((1024 * 1024 - 20) / 3);
    const body = `{"orders":[${Array(count).fill("{}").join(",")}]}`;
    expect(body.length).toBeGreaterThan(1024 * 1024 - 16);
    expect(body.length).toBeLessThanOrEqual(1024 * 1024);
    const post = (to: ReturnType<typeof makeServer>["server"]) =>
      to.fetch(
        new Request("http://127.0.0.1/api/artefacts/1000/query", {
          method: "POST",
          body,
          headers: { ...bearer, "content-type": "application/json" },
        }),
      );
    // Past the 256 KiB a server reads unless told otherwise, then with 1 MiB allowed.
    expect((await post(server)).status).toBe(413);
    const response = await post(wide);
    expect(response.status).toBe(400);
    const text = await response.text();
    // Every issue listed, it was 138 MB.
    expect(text.length).toBeLessThan(64 * 1024);
    const reply = JSON.parse(text);
    expect(reply).toMatchObject({
      status: 400,
      code: "MISSING_KEY",
      pointer: "/orders/0/type",
      // Four missing members in each of the first 256 orders, the 257th, the missing columns.
      issueCount: 256 * 4 + 2,
      truncated: true,
    });
    expect(reply.issues).toHaveLength(100);
    expect(reply.issues[99]).toMatchObject({
      code: "MISSING_KEY",
      pointer: "/orders/24/orderType",
    });
    expect(reply.message).toMatch(/\(and 1025 more\)$/);
  });

  it("refuses 30,000 columns at the limit (400 TOO_MANY_ITEMS), not a 73 MB table", async () => {
    const columns = Array(30_000).fill({ type: "MEASURE", id: "LOC" });
    const text = JSON.stringify({ columns });
    expect((await post("/api/artefacts/1000/query", text)).status).toBe(413);
    const answer = await wide.fetch(
      new Request("http://127.0.0.1/api/artefacts/1000/query", {
        method: "POST",
        body: text,
        headers: { ...bearer, "content-type": "application/json" },
      }),
    );
    const reply = { status: answer.status, body: (await answer.json()) as { issues: unknown[] } };
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: "TOO_MANY_ITEMS", pointer: "/columns/256" });
    expect(reply.body.issues).toEqual([
      expect.objectContaining({ code: "TOO_MANY_ITEMS", pointer: "/columns/256" }),
    ]);
    expect(reply.body).not.toHaveProperty("truncated");
    const most = await post(
      "/api/artefacts/1000/query",
      JSON.stringify({ columns: columns.slice(0, 256) }),
    );
    expect(most.status).toBe(200);
    expect(most.body.columns).toHaveLength(256);
  });

  it("refuses a 900 KB column id (a small 400 TOO_LONG, not a 94.5 MB table)", async () => {
    // A body limit above the definition's, so that the length limit of 8.5 is what answers.
    const { server: roomy } = makeServer({ maxBodyBytes: 1024 * 1024 });
    const query = async (columns: unknown[]) => {
      const body = JSON.stringify({ columns });
      const response = await roomy.fetch(
        new Request("http://127.0.0.1/api/artefacts/1000/query", {
          method: "POST",
          body,
          headers: { ...bearer, "content-type": "application/json" },
        }),
      );
      return { status: response.status, text: await response.text(), sent: body.length };
    };
    const long = await query([{ type: "MEASURE", id: "x".repeat(900_000) }]);
    expect(long.status).toBe(400);
    expect(long.text.length).toBeLessThan(2 * 1024);
    expect(JSON.parse(long.text)).toMatchObject({
      code: "TOO_LONG",
      pointer: "/columns/0/id",
      issues: [{ code: "TOO_LONG", message: expect.stringMatching(/at most 256 .* not 900000:/) }],
    });
    // The largest table left: 256 cells a row, each keyed by a 256-character id and its `#n`.
    const widest = await query(Array(256).fill({ type: "MEASURE", id: "x".repeat(256) }));
    expect(widest.status).toBe(200);
    expect(JSON.parse(widest.text).rows).toHaveLength(103);
    // 7.4 MB for a 72 KB question, each of the 103 rows about its size; the 900 KB id made 94.5 MB.
    expect(widest.text.length).toBeLessThan(8 * 1024 * 1024);
  });

  // One row: what is wrong, the request's path, body and headers, the status and code.
  const rows: [string, string, string, Record<string, string>, number, string][] = [
    ["an unknown artefact", "/api/artefacts/42/query", "{}", {}, 404, "NOT_FOUND"],
    [
      "text, not JSON",
      "/api/artefacts/1000/query",
      "{}",
      { "content-type": "text/plain" },
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    [
      "a +json type that is none of the API's",
      "/api/artefacts/1000/query",
      "{}",
      { "content-type": "application/merge-patch+json" },
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    [
      "JSON said to be in Latin-1",
      "/api/artefacts/1000/query",
      "{}",
      { "content-type": "application/json; charset=latin1" },
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    [
      "JSON with a parameter besides its charset",
      "/api/artefacts/1000/query",
      "{}",
      { "content-type": "application/json; profile=x" },
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    ["a broken JSON body", "/api/artefacts/1000/query", '{"columns": [', {}, 400, "MALFORMED_JSON"],
    ["an empty body", "/api/artefacts/1000/query", "", {}, 400, "MALFORMED_JSON"],
    ["no token", "/api/artefacts/1000/query", "{}", { authorization: "" }, 401, "MISSING_TOKEN"],
  ];

  it.each(rows)("answers %s with %i", async (_, path, body, headers, status, code) => {
    const reply = await post(path, body, headers);
    expect(reply.status).toBe(status);
    expect(reply.body).toMatchObject({ status, code, message: expect.any(String) });
    if (status === 415) {
      expect(reply.headers.get("accept-post")).toBe(
        "application/vnd.qaql.app-v2+json, application/vnd.qaql.app-latest+json, application/json",
      );
    }
  });

  it.each([
    "application/json",
    "Application/JSON",
    'application/json; charset="UTF-8"',
    "application/json;charset=utf-8",
    "application/vnd.qaql.app-v2+json",
    "application/vnd.qaql.app-latest+json; charset=utf-8",
  ])("reads a body sent as %s: the API's media types, in UTF-8", async (type) => {
    const reply = await post("/api/artefacts/1000/query", JSON.stringify(definition), {
      "content-type": type,
    });
    expect(reply.status).toBe(200);
  });

  it("reads no body larger than maxBodyBytes (413), over real HTTP", async () => {
    const small = makeServer({ maxBodyBytes: 64 }).server;
    const { url } = await small.listen(0);
    try {
      const send = (body: string) =>
        fetch(`${url}/artefacts/1000/query`, {
          method: "POST",
          body,
          headers: { ...bearer, "content-type": "application/json" },
        });
      const large = await send(JSON.stringify({ ...definition, artefactTypes: ["X".repeat(100)] }));
      expect(large.status).toBe(413);
      expect(await large.json()).toMatchObject({ code: "BODY_TOO_LARGE", maxBytes: 64 });
      const fits = await send(JSON.stringify({ columns: [] }));
      expect(fits.status).toBe(200);
      expect(await fits.json()).toMatchObject({ columns: [], total: expect.any(Number) });
    } finally {
      await small.close();
    }
  });
});

describe("a list's validation error", () => {
  it("lists the first 100 of 150 issues, with their count (grammar/language.md 5.3)", async () => {
    const where = Array.from({ length: 150 }, (_, i) => `a${i + 1}=1`).join(" AND ");
    const reply = await ask(`/api/artefacts?where=${encodeURIComponent(where)}`);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      status: 400,
      code: "UNKNOWN_FIELD",
      parameter: "where",
      issueCount: 150,
      truncated: true,
    });
    expect(reply.body.issues).toHaveLength(100);
    expect(reply.body.issues[99]).toMatchObject({
      code: "UNKNOWN_FIELD",
      offset: where.indexOf("a100="),
    });
  });
});

describe("permanent tokens", () => {
  it("never expire, and a revoked one is refused at once", async () => {
    const { server: own, clock: ownClock } = makeServer();
    const get = () =>
      own.fetch(new Request("http://127.0.0.1/api/projects/101", { headers: bearer }));
    ownClock.now += 30 * 24 * 60 * 60 * 1000;
    expect((await get()).status).toBe(200);
    expect(own.revokeToken(PERMANENT)).toBe(true);
    expect(own.revokeToken(PERMANENT)).toBe(false);
    expect(await (await get()).json()).toMatchObject({ status: 401, code: "UNKNOWN_TOKEN" });
  });

  it("are revoked by DELETE /api/token, as temporary ones are", async () => {
    const { server: own } = makeServer();
    const issued = await own.fetch(
      new Request("http://127.0.0.1/api/token", { headers: { authorization: basic } }),
    );
    const { token } = (await issued.json()) as { token: string };
    for (const secret of [token, PERMANENT]) {
      const headers = { authorization: `Bearer ${secret}` };
      const revoke = () =>
        own.fetch(new Request("http://127.0.0.1/api/token", { method: "DELETE", headers }));
      expect((await revoke()).status).toBe(204);
      expect((await revoke()).status).toBe(401);
    }
  });

  it("serve alone, without Basic credentials, where GET /api/token gives nothing", async () => {
    const { server: own } = makeServer({ user: undefined, password: undefined });
    const list = await own.fetch(
      new Request("http://127.0.0.1/api/findings?size=1", { headers: bearer }),
    );
    expect(list.status).toBe(200);
    const token = await own.fetch(
      new Request("http://127.0.0.1/api/token", { headers: { authorization: basic } }),
    );
    expect(await token.json()).toMatchObject({ status: 401, code: "WRONG_CREDENTIALS" });
  });

  it.each([
    ["a short token", { permanentTokens: ["short"] }, /at least 20 characters/],
    ["a token that is not token68", { permanentTokens: ["not a token68 text at all!"] }, /token68/],
    [
      "no way in",
      { user: undefined, password: undefined, permanentTokens: [] },
      /nobody could use/,
    ],
    ["a user without password", { password: undefined }, /both user and password/],
  ])("refuses %s", (_, options, message) => {
    expect(() => makeServer(options as Partial<ApiServerOptions>)).toThrow(message);
  });
});

describe("fetch and handle", () => {
  let url = "";
  beforeAll(async () => {
    url = (await server.listen(0)).url;
  });
  afterAll(() => server.close());

  it("answer alike: the Web fetch and the Node server", async () => {
    const path = "/projects?where=status%3DACTIVE&fields=id,name&size=2";
    const overHttp = await fetch(`${url}${path}`, { headers: bearer });
    const inProcess = await ask(`/api${path}`);
    expect(overHttp.status).toBe(200);
    expect(await overHttp.json()).toEqual(inProcess.body);
    expect(overHttp.headers.get("vary")).toBe(inProcess.headers.get("vary"));
    expect(inProcess.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps its clock for temporary tokens", async () => {
    const issued = await fetch(`${url}/token`, { headers: { authorization: basic } });
    const { token } = (await issued.json()) as { token: string };
    clock.now += 2 * 60 * 60 * 1000;
    const late = await fetch(`${url}/projects`, { headers: { authorization: `Bearer ${token}` } });
    expect(late.status).toBe(403);
  });
});

describe("lists that could be confused", () => {
  it("keeps a resource named like a nested route apart from that route", async () => {
    const own = createApiServer({
      data: {
        projects: [{ id: 1, name: "core" }],
        artefacts: [{ id: 7, projectId: 1 }],
        "projects/core": [{ id: 99 }],
      },
      permanentTokens: [PERMANENT],
    });
    const ids = async (path: string, list: string) => {
      const response = await own.fetch(new Request(`http://127.0.0.1${path}`, { headers: bearer }));
      return ((await response.json()) as Record<string, Row[]>)[list]?.map((row) => row.id);
    };
    expect(await ids("/api/projects/core/artefacts", "artefacts")).toEqual([7]);
    expect(await ids("/api/projects%2Fcore", "projects/core")).toEqual([99]);
    expect(await ids("/api/projects/core/artefacts", "artefacts")).toEqual([7]);
  });
});
