import { createServer } from "node:http";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createListHandler } from "../../src/http/list-handler.ts";
import { listHandler as expressListHandler } from "../../src/integrations/express/index.ts";
import {
  createListFixture,
  DATA_HANDLERS,
  expectAnswer,
  type HandlerName,
  type ListFixture,
  listCases,
} from "../http/list-cases.ts";
import { listen, type ServedList, sendRaw, servers } from "./list-servers.ts";

const HANDLERS: readonly HandlerName[] = ["array", "iterable", "sql", "failing"];

const rows = listCases.flatMap((row) =>
  (row.handlers ?? DATA_HANDLERS).map(
    (handler) => [`${row.name} (${handler})`, handler, row] as const,
  ),
);

/** Headers a server adds of its own, which the handler does not set. */
const SERVER_HEADERS = new Set(["date", "connection", "keep-alive", "x-powered-by"]);

describe.each(Object.entries(servers))("%s: the table of list cases", (_, serve) => {
  let fixture: ListFixture;
  const served = new Map<HandlerName, ServedList>();

  beforeAll(async () => {
    fixture = createListFixture();
    for (const name of HANDLERS) served.set(name, await serve(fixture.options[name]));
  });
  afterAll(async () => {
    await Promise.all([...served.values()].map((server) => server.close()));
    fixture.close();
  });
  beforeEach(() => {
    fixture.reported.length = 0;
    fixture.sourceCalls.length = 0;
  });

  it.each(rows)("%s", async (_, name, row) => {
    const server = served.get(name) as ServedList;
    const send = (method: string) => server.send(row.url, { method, headers: row.headers ?? {} });
    const response = await send(row.method ?? "GET");
    const text = await response.text();
    const headersOf = (answer: Response) =>
      [...answer.headers].filter(([header]) => !SERVER_HEADERS.has(header));
    await expectAnswer({
      handler: name,
      row,
      response,
      text,
      fixture,
      origin: server.origin,
      get: () => send("GET"),
      headersOf,
    });
    const headers = headersOf(response);

    // Alike: the status, every header and the very bytes of the handler's own answer.
    fixture.sourceCalls.length = 0;
    const direct = await createListHandler(fixture.options[name])(
      new Request(`${server.origin}${row.url}`, {
        method: row.method ?? "GET",
        headers: row.headers ?? {},
      }),
    );
    expect(response.status).toBe(direct.status);
    expect(headers).toEqual([...direct.headers]);
    expect(text).toBe(await direct.text());
  });
});

// Express and Fastify hand over a Node request, which the adapters turn into a Web `Request`;
// Hono's is one already (here made by the test's own bridge).
const NODE_SERVERS = Object.entries(servers).filter(
  ([name]) => name === "express" || name === "fastify" || name === "fastifyRoute",
);

describe.each(NODE_SERVERS)("%s: the Node request", (_, serve) => {
  it("aborts the signal the source was handed when the client goes away", async () => {
    let ask = () => {};
    const asked = new Promise<void>((resolve) => {
      ask = resolve;
    });
    let abort = (_reason: unknown) => {};
    const aborted = new Promise<unknown>((resolve) => {
      abort = resolve;
    });
    const reported: unknown[] = [];
    const served = await serve({
      source: ({ signal }) =>
        new Promise((_, reject) => {
          ask();
          signal.addEventListener("abort", () => {
            abort(signal.reason);
            reject(signal.reason);
          });
        }),
      onError: (error) => reported.push(error),
    });
    try {
      const client = new AbortController();
      const answer = served.send("/api/projects", { signal: client.signal });
      await asked;
      client.abort();
      await expect(answer).rejects.toThrow();
      expect(await aborted).toBeInstanceOf(Error);
      expect(reported).toEqual([]);
    } finally {
      await served.close();
    }
  }, 10_000);

  it("keeps its path and query whatever the Host header says", async () => {
    const urls: string[] = [];
    const served = await serve({
      source: ({ request }) => {
        urls.push(request.url);
        return { items: [{ id: 1 }], total: 1 };
      },
    });
    try {
      for (const host of ["evil.example/x?y=", "a b", "user@example"]) {
        const answer = await sendRaw(`${served.origin}/api/projects?size=1`, "GET", { host });
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body)).toEqual({
          _links: expect.objectContaining({ self: { href: "/api/projects?size=1&page=1" } }),
          projects: [{ id: 1 }],
        });
      }
      expect(urls).toEqual([
        "http://evil.example/api/projects?size=1",
        "http://localhost/api/projects?size=1",
        "http://localhost/api/projects?size=1",
      ]);
    } finally {
      await served.close();
    }
  });
});

describe("express: an error of its own", () => {
  it("goes to next, as Express errors do", async () => {
    const app = express();
    const seen: string[] = [];
    // A middleware that has already sent the headers leaves the handler unable to write its own.
    const early: express.RequestHandler = (_req, res, next) => {
      res.writeHead(202).flushHeaders();
      next();
    };
    app.all("/api/projects", early, expressListHandler({ source: [] }));
    app.use(
      (error: NodeJS.ErrnoException, _req: unknown, res: express.Response, _next: unknown) => {
        seen.push(error.code ?? error.name);
        res.end();
      },
    );
    const served = await listen(createServer(app));
    try {
      const answer = await sendRaw(`${served.origin}/api/projects`, "GET");
      expect(answer.status).toBe(202);
      expect(seen).toEqual(["ERR_HTTP_HEADERS_SENT"]);
    } finally {
      await served.close();
    }
  });

  it("answers a method no Web Request can carry (TRACE) with its 405", async () => {
    const app = express();
    app.all("/api/projects", expressListHandler({ source: [] }));
    const served = await listen(createServer(app));
    try {
      const answer = await sendRaw(`${served.origin}/api/projects`, "TRACE");
      expect(answer.status).toBe(405);
      expect(JSON.parse(answer.body)).toMatchObject({ code: "METHOD_NOT_ALLOWED" });
    } finally {
      await served.close();
    }
  });
});
