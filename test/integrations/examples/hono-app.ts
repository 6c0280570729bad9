// The README's Hono example; there it imports `listHandler` from "qaql/hono".
import { Hono } from "hono";
import { listHandler } from "../../../src/integrations/hono/index.ts";
import { artefacts, schema } from "./artefacts.ts";

export const app = new Hono();
app.get("/api/artefacts", listHandler({ source: artefacts, schema }));
