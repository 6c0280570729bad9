import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueryValidationError } from "../../src/errors/errors.ts";
import { artefacts } from "./examples/artefacts.ts";
import * as drizzleExample from "./examples/drizzle-query.ts";
import { app as expressApp } from "./examples/express-app.ts";
import { app as fastifyApp } from "./examples/fastify-app.ts";
import { app as honoApp } from "./examples/hono-app.ts";
import { artefactsQuery } from "./examples/knex-query.ts";
import * as kyselyExample from "./examples/kysely-query.ts";
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

/** The README's table of artefacts, as the query-builder examples read it. */
async function createArtefacts(pglite: PGlite): Promise<void> {
  await pglite.exec(
    "CREATE TABLE artefacts (id integer PRIMARY KEY, name text, type_id text, rank double precision)",
  );
  for (const { id, name, type, rank } of artefacts) {
    await pglite.query("INSERT INTO artefacts VALUES ($1, $2, $3, $4)", [id, name, type.id, rank]);
  }
}

// Each example as its README section runs it, on PGlite; Knex, which has no PGlite client,
// through its native SQL.
const queryExamples: Readonly<Record<string, (where: string) => Promise<unknown>>> = {
  kysely: kyselyExample.findArtefacts,
  knex: async (where) => {
    const { sql, bindings } = artefactsQuery(where).toSQL().toNative();
    return (await drizzleExample.pglite.query(sql, bindings as unknown[])).rows;
  },
  drizzle: async (where) => await drizzleExample.findArtefacts(where),
};

describe("the README's query-builder examples", () => {
  const databases = [kyselyExample.pglite, drizzleExample.pglite];
  beforeAll(async () => {
    await Promise.all(databases.map(createArtefacts));
  }, 30_000);
  afterAll(async () => {
    await Promise.all(databases.map((pglite) => pglite.close()));
  });

  it.each(Object.entries(queryExamples))(
    "%s: selects the rows a request's filter keeps, and the builder's own condition",
    async (_, find) => {
      expect(await find("type.id=FILE AND name~*.java")).toEqual([
        { id: 1, name: "Main.java" },
        { id: 3, name: "Util.java" },
      ]);
      expect(await find("name=src OR rank>3")).toEqual([
        { id: 2, name: "src" },
        { id: 3, name: "Util.java" },
      ]);
      await expect(async () => find("rank>=high")).rejects.toThrow(QueryValidationError);
    },
  );

  it("the README's Knex example writes the statement it shows", () => {
    expect(artefactsQuery("type.id=FILE AND name~*.java").toSQL().toNative()).toEqual({
      sql: 'select "id", "name" from "artefacts" where "rank" >= $1 and ("type_id" COLLATE "C" = $2::text AND right("name", length($3::text)) COLLATE "C" = $4::text) order by "id" asc',
      bindings: [2, "FILE", ".java", ".java"],
    });
  });
});
