import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { app as expressApp } from "./examples/express-app.ts";
import { app as fastifyApp } from "./examples/fastify-app.ts";
import { app as honoApp } from "./examples/hono-app.ts";
import { listen, type ServedList, serveFetch } from "./list-servers.ts";

const TARGET = "/api/artefacts?where=type.id%3DFILE&fields=id,name&size=1";
const link = (page: number) => ({ href: `${TARGET}&page=${page}` });

// Each example as its README section runs it: Express and Fastify listening, Hono's fetch served.
const examples: Readonly<Record<string, () => Promise<ServedList>>> = {
  express: () => listen(createServer(expressApp)),
  fastify: async () => {
    await fastifyApp.listen({ port: 0, host: "127.0.0.1" });
    const origin = `http://127.0.0.1:${(fastifyApp.server.address() as AddressInfo).port}`;
    return {
      origin,
      send: (target, init) => fetch(`${origin}${target}`, init),
      close: () => fastifyApp.close(),
    };
  },
  hono: () => serveFetch(async (request) => honoApp.fetch(request)),
};

describe.each(Object.entries(examples))("the README's %s example", (_, start) => {
  it("answers a filtered, projected page", async () => {
    const served = await start();
    try {
      const response = await served.send(TARGET);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(await response.json()).toEqual({
        _links: { self: link(1), first: link(1), last: link(2), next: link(2) },
        artefacts: [{ id: 1, name: "Main.java" }],
      });
      const wrong = await served.send("/api/artefacts?where=rank%3E%3Dhigh");
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ code: "INVALID_VALUE", offset: 6 });
    } finally {
      await served.close();
    }
  });
});
