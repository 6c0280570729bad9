// One server of the http benchmark, in its own process so that the load does not share its
// event loop: `node bench/http-server.ts <express|fastify> <qaql|hand>` serves the sample's
// artefacts on 127.0.0.1, a free port, and prints the port.
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import express from "express";
import Fastify from "fastify";
import { listHandler as expressListHandler } from "../src/integrations/express/index.ts";
import { listHandler as fastifyListHandler } from "../src/integrations/fastify/index.ts";

type Artefact = { readonly type?: { readonly id?: unknown }; readonly rank?: unknown } & Record<
  string,
  unknown
>;

const dump = JSON.parse(
  readFileSync(join(import.meta.dirname, "..", "sample", "dump.json"), "utf8"),
) as { artefacts: Artefact[] };
const artefacts = dump.artefacts;

/**
 * The route the benchmark asks for, written by hand without qaql: `where=type.id=FILE AND
 * rank>=3`, `fields=id,name,rank` (with `_links`, which qaql keeps), `page` and `size` read
 * plainly, links built by string concatenation. No validation and no negotiation: the floor.
 */
function handWritten(query: URLSearchParams): string {
  const page = Number(query.get("page") ?? 1);
  const size = Number(query.get("size") ?? 20);
  const matches = artefacts.filter(
    (a) => a.type?.id === "FILE" && typeof a.rank === "number" && a.rank >= 3,
  );
  const items = matches.slice((page - 1) * size, page * size).map((a) => {
    const item: Record<string, unknown> = {};
    for (const key of Object.keys(a)) {
      if (key === "id" || key === "name" || key === "rank" || key === "_links") item[key] = a[key];
    }
    return item;
  });
  const last = Math.max(1, Math.ceil(matches.length / size));
  const href = (n: number) =>
    `/api/artefacts?where=${encodeURIComponent(query.get("where") ?? "")}&fields=${query.get("fields")}&page=${n}&size=${size}`;
  const links: Record<string, { href: string }> = {
    self: { href: href(page) },
    first: { href: href(1) },
    last: { href: href(last) },
  };
  if (page > 1) links.previous = { href: href(Math.min(page - 1, last)) };
  if (page < last) links.next = { href: href(page + 1) };
  return JSON.stringify({ _links: links, artefacts: items });
}

const [framework, variant] = process.argv.slice(2);
const type = "application/json; charset=utf-8";

if (framework === "express") {
  const app = express();
  if (variant === "qaql") app.get("/api/artefacts", expressListHandler({ source: artefacts }));
  else {
    app.get("/api/artefacts", (req, res) => {
      const query = new URLSearchParams(req.originalUrl.split("?")[1] ?? "");
      res.type(type).send(handWritten(query));
    });
  }
  const server: Server = app.listen(0, "127.0.0.1", () => {
    console.log(`port ${(server.address() as AddressInfo).port}`);
  });
} else if (framework === "fastify") {
  const app = Fastify();
  if (variant === "qaql") app.get("/api/artefacts", fastifyListHandler({ source: artefacts }));
  else {
    app.get("/api/artefacts", (request, reply) => {
      const query = new URLSearchParams(request.url.split("?")[1] ?? "");
      reply.type(type).send(handWritten(query));
    });
  }
  await app.listen({ port: 0, host: "127.0.0.1" });
  console.log(`port ${(app.server.address() as AddressInfo).port}`);
} else {
  throw new Error(`usage: http-server.ts <express|fastify> <qaql|hand>, not ${process.argv[2]}`);
}
