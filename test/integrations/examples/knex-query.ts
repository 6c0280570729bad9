// The README's Knex example; there it imports `toKnex` from "qaql/knex", and Knex has a
// connection. Knex has no PGlite client: the test runs the query's native SQL on PGlite.
import knex from "knex";
import { toKnex } from "../../../src/integrations/knex/index.ts";
import { schema } from "./artefacts.ts";

const db = knex({ client: "pg" });

/** The query for the artefacts of rank 2 or more that `where`, a request's filter, keeps. */
export function artefactsQuery(where: string) {
  return db("artefacts")
    .select("id", "name")
    .where("rank", ">=", 2)
    .whereRaw(...toKnex(where, { dialect: "postgres", schema }))
    .orderBy("id");
}
