// A list handler mounted as a catch-all sees every path, `//evil.example/...` included: its
// links must name no host, whatever the Host header or the path says.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import Fastify from "fastify";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createListHandler } from "../../src/http/list-handler.ts";
import { listHandler as expressListHandler } from "../../src/integrations/express/index.ts";
import { listHandler as fastifyListHandler } from "../../src/integrations/fastify/index.ts";
import { listHandler as honoListHandler } from "../../src/integrations/hono/index.ts";
import { listen, type ServedList, sendRaw, serveFetch } from "./list-servers.ts";

const options = { source: [{ id: 1 }, { id: 2 }], resource: "projects", defaultSize: 1 };

const catchAlls: Readonly<Record<string, () => Promise<ServedList>>> = {
  bare: () => serveFetch(createListHandler(options)),
  express: () => {
    const app = express();
    app.use(expressListHandler(options));
    return listen(createServer(app));
  },
  fastify: async () => {
    const app = Fastify();
    app.get("/*", fastifyListHandler(options));
    await app.listen({ port: 0, host: "127.0.0.1" });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    return { origin, send: (t, i) => fetch(`${origin}${t}`, i), close: () => app.close() };
  },
  hono: () => {
    const app = new Hono();
    app.get("*", honoListHandler(options));
    return serveFetch((request) => Promise.resolve(app.fetch(request)));
  },
};

describe.each(Object.entries(catchAlls))("%s mounted as a catch-all", (_, serve) => {
  it("takes no link from the Host header, however the path starts", async () => {
    const served = await serve();
    try {
      for (const path of ["//api/projects", "///api//projects", "//evil.example/api/projects"]) {
        const answer = await sendRaw(`${served.origin}${path}?where=id>0`, "GET", {
          host: "evil.example",
        });
        expect(answer.status).toBe(200);
        const body = JSON.parse(answer.body) as { _links: Record<string, { href: string }> };
        for (const { href } of Object.values(body._links)) {
          expect(href).toMatch(/^\/[^/]/);
          expect(href).not.toContain("//");
          expect(href.startsWith("/evil.example/") || href.startsWith("/api/")).toBe(true);
        }
        expect(body._links.next?.href).toMatch(/\?where=id%3E0&page=2&size=1$/);
      }
    } finally {
      await served.close();
    }
  });
});
