// The README's Express example; there it imports `listHandler` from "qaql/express".
import express from "express";
import { listHandler } from "../../../src/integrations/express/index.ts";
import { artefacts, schema } from "./artefacts.ts";

export const app = express();
app.get("/api/artefacts", listHandler({ source: artefacts, schema }));
