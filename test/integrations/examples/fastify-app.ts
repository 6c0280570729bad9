// The README's Fastify example; there it imports `listHandler` from "qaql/fastify".
import Fastify from "fastify";
import { listHandler } from "../../../src/integrations/fastify/index.ts";
import { artefacts, schema } from "./artefacts.ts";

export const app = Fastify();
app.get("/api/artefacts", listHandler({ source: artefacts, schema }));
