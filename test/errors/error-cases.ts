// One row per kind of error a user can cause through the library: the class's name, and how to
// cause it. The error tests (no undefined members, toJSON) all read this table.
import { readFileSync } from "node:fs";
import { compileWhere } from "../../src/api/compile-where.ts";
import { toSql } from "../../src/api/to-sql.ts";
import { readListRequest } from "../../src/list/read-list-request.ts";
import { parseQueryDefinition } from "../../src/query/definition.ts";
import { parseInterval } from "../../src/query/interval.ts";
import { runQuery } from "../../src/query/run-query.ts";
import { schemas } from "../../src/schema/resources.ts";
import { defineSchema } from "../../src/schema/schema.ts";
import { schemaFromJsonSchema } from "../../src/schema/schema-json-schema.ts";
import { parseFields } from "../../src/syntax/parse-fields.ts";
import { parseWhere } from "../../src/syntax/parse-where.ts";

/** What `run` throws; fails the test if it throws nothing. */
export function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

const sample = () =>
  JSON.parse(readFileSync(new URL("../../sample/query.json", import.meta.url), "utf8")) as unknown;

export const ERROR_CASES: readonly (readonly [string, () => unknown])[] = [
  // Each refused by the compiler too, with the same words.
  // @ts-expect-error: expected a value after "="
  ["QuerySyntaxError", () => parseWhere("a=")],
  // @ts-expect-error: unknown field "nope"
  ["QueryValidationError", () => parseWhere("nope=1", { schema: schemas.artefact })],
  // @ts-expect-error: unknown field "nope"
  ["QueryValidationError", () => parseFields("nope", { schema: schemas.artefact })],
  ["QueryParameterError", () => readListRequest("page=0")],
  ["IntervalSyntaxError", () => parseInterval("[1;2x]")],
  ["QueryDefinitionError", () => parseQueryDefinition({ resultSize: 0, nope: 1 })],
  [
    "QueryDefinitionError",
    () =>
      parseQueryDefinition({
        columns: [],
        filters: [{ type: "measure", id: "L", data: { bounds: ["]"] } }],
      }),
  ],
  ["UnknownTimeZoneError", () => compileWhere("a=1", { timeZone: "Mars/Base" })],
  ["SchemaDefinitionError", () => defineSchema({ a: "text" } as never)],
  ["InvalidAstError", () => compileWhere({ kind: "nope" } as never)],
  [
    "InvalidOptionError",
    // @ts-expect-error: not a path of the schema, on purpose
    () => toSql("name=x", { dialect: "sqlite", schema: schemas.artefact, columns: { nope: "x" } }),
  ],
  ["UnknownArtefactError", () => runQuery(parseQueryDefinition(sample()), [], { artefactId: 7 })],
  [
    "JsonSchemaMappingError",
    () =>
      schemaFromJsonSchema({ type: "object", properties: { a: { type: ["string", "integer"] } } }),
  ],
];
