// The README's Kysely example; there it imports `toKysely` from "qaql/kysely".
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect } from "kysely";
import { toKysely } from "../../../src/integrations/kysely/index.ts";
import { schema } from "./artefacts.ts";

interface Database {
  artefacts: { id: number; name: string; type_id: string; rank: number };
}

export const pglite = new PGlite();
const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });

/** The artefacts of rank 2 or more that `where`, a request's filter, keeps. */
export function findArtefacts(where: string) {
  return db
    .selectFrom("artefacts")
    .select(["id", "name"])
    .where("rank", ">=", 2)
    .where(toKysely(where, { dialect: "postgres", schema }))
    .orderBy("id")
    .execute();
}
