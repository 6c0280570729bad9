// The README's Drizzle example; there it imports `toDrizzle` from "qaql/drizzle".
import { PGlite } from "@electric-sql/pglite";
import { and, gte } from "drizzle-orm";
import { doublePrecision, integer, pgTable, text } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { toDrizzle } from "../../../src/integrations/drizzle/index.ts";
import { schema } from "./artefacts.ts";

const artefacts = pgTable("artefacts", {
  id: integer("id").primaryKey(),
  name: text("name"),
  typeId: text("type_id"),
  rank: doublePrecision("rank"),
});

export const pglite = new PGlite();
const db = drizzle({ client: pglite });

/** The artefacts of rank 2 or more that `where`, a request's filter, keeps. */
export function findArtefacts(where: string) {
  return db
    .select({ id: artefacts.id, name: artefacts.name })
    .from(artefacts)
    .where(and(gte(artefacts.rank, 2), toDrizzle(where, { dialect: "postgres", schema })))
    .orderBy(artefacts.id);
}
