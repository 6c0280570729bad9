// The list handler served five ways: called directly, and mounted in Express, Fastify (as a
// handler and as a route with its schema) and Hono, each listening on an ephemeral port of 127.0.0.1.

import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  request,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import Fastify from "fastify";
import { Hono } from "hono";
import { createListHandler } from "../../src/http/list-handler.ts";
import type { ListHandlerOptions } from "../../src/http/read-handler-options.ts";
import { listHandler as expressListHandler } from "../../src/integrations/express/index.ts";
import {
  listHandler as fastifyListHandler,
  listRoute as fastifyListRoute,
} from "../../src/integrations/fastify/index.ts";
import { listHandler as honoListHandler } from "../../src/integrations/hono/index.ts";
import { toWebRequest } from "../../src/integrations/node-web-request.ts";

/** Where a served handler answers: `send` takes a path and query, as `fetch` does. */
export interface ServedList {
  /** The origin the requests go to, `http://127.0.0.1:<port>`. */
  readonly origin: string;
  send(target: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** Serves a list handler with these options at `/api/projects`. */
export type Serve = (options: ListHandlerOptions) => Promise<ServedList>;

/** Starts `server` on an ephemeral port of 127.0.0.1. */
export async function listen(server: Server): Promise<ServedList> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    send: (target, init) => fetch(`${origin}${target}`, init),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * Serves a Web `fetch` function on `node:http`, as `@hono/node-server` does (not a dependency
 * here): the request as the adapters build it, the `Response` written back as it is.
 */
export function serveFetch(answer: (request: Request) => Promise<Response>): Promise<ServedList> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const request = toWebRequest(
      {
        method: req.method ?? "GET",
        protocol: "http",
        host: req.headers.host ?? "",
        target: req.url ?? "/",
        headers: req.headers,
      },
      res,
    );
    answer(request).then(
      async (response) => {
        res.writeHead(response.status, [...response.headers]);
        res.end(new Uint8Array(await response.arrayBuffer()));
      },
      (error: unknown) => res.destroy(error as Error),
    );
  });
  return listen(server);
}

/** The servers the table runs against, by name; each mounts the list under `/api`. */
export const servers: Readonly<Record<string, Serve>> = {
  // No server: the table's requests handed straight to the handler.
  createListHandler: async (options) => {
    const handle = createListHandler(options);
    const origin = "http://qa.example";
    return {
      origin,
      send: (target, init) => handle(new Request(`${origin}${target}`, init)),
      close: async () => {},
    };
  },
  // A router mounted at /api: `req.url` loses the mount point, `req.originalUrl` keeps it.
  express: (options) => {
    const api = express.Router();
    api.all("/projects", expressListHandler(options));
    const app = express();
    app.use("/api", api);
    return listen(createServer(app));
  },
  fastify: async (options) => {
    const app = Fastify();
    await app.register(
      async (api) => {
        const handler = fastifyListHandler(options);
        api.get("/projects", handler);
        api.post("/projects", handler);
      },
      { prefix: "/api" },
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    return {
      origin,
      send: (target, init) => fetch(`${origin}${target}`, init),
      close: () => app.close(),
    };
  },
  // listRoute's schema in a strict Ajv, which refuses unknown keywords, and its validation
  // attached: every answer is still qaql's own.
  fastifyRoute: async (options) => {
    const app = Fastify({ ajv: { customOptions: { strict: true } } });
    await app.register(
      async (api) => {
        api.route({ method: ["GET", "POST"], url: "/projects", ...fastifyListRoute(options) });
      },
      { prefix: "/api" },
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    return {
      origin,
      send: (target, init) => fetch(`${origin}${target}`, init),
      close: () => app.close(),
    };
  },
  hono: (options) => {
    const api = new Hono();
    api.on(["GET", "POST"], "/projects", honoListHandler(options));
    const app = new Hono();
    app.route("/api", api);
    return serveFetch((request) => Promise.resolve(app.fetch(request)));
  },
};

/**
 * Sends a request `fetch` cannot (a TRACE, a Host header of one's own) through `node:http`,
 * answering the status and the body as text.
 */
export function sendRaw(
  url: string,
  method: string,
  headers: OutgoingHttpHeaders = {},
): Promise<{ status: number | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers, agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode, body }));
    });
    sent.on("error", reject);
    sent.end();
  });
}
