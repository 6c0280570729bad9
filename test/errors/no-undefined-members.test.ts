import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileWhere } from "../../src/compile-where.ts";
import { readListRequest } from "../../src/list/read-list-request.ts";
import { parseQueryDefinition, safeParseQueryDefinition } from "../../src/query/definition.ts";
import { runQuery } from "../../src/query/run-query.ts";
import { schemas } from "../../src/schema/resources.ts";
import { defineSchema } from "../../src/schema/schema.ts";
import { parseFields } from "../../src/syntax/parse-fields.ts";
import { parseWhere } from "../../src/syntax/parse-where.ts";
import { toSql } from "../../src/to-sql.ts";

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

/** The paths of every own member, at any depth, whose value is `undefined`. */
function undefinedMembers(value: unknown, path = ""): string[] {
  if (typeof value !== "object" || value === null) return [];
  return Object.keys(value).flatMap((key) => {
    const member = (value as Record<string, unknown>)[key];
    const at = `${path}.${key}`;
    return member === undefined ? [at] : undefinedMembers(member, at);
  });
}

// One row per kind of error a user can cause through the library: its name, and how to cause it.
const errors: [string, () => unknown][] = [
  ["QuerySyntaxError", () => parseWhere("a=")],
  ["QueryValidationError", () => parseWhere("nope=1", { schema: schemas.artefact })],
  ["QueryValidationError", () => parseFields("nope", { schema: schemas.artefact })],
  ["QueryParameterError", () => readListRequest("page=0")],
  ["UnknownTimeZoneError", () => compileWhere("a=1", { timeZone: "Mars/Base" })],
  ["SchemaDefinitionError", () => defineSchema({ a: "text" } as never)],
  ["InvalidAstError", () => compileWhere({ kind: "nope" } as never)],
  [
    "InvalidOptionError",
    () => toSql("name=x", { dialect: "sqlite", schema: schemas.artefact, columns: { nope: "x" } }),
  ],
  [
    "UnknownArtefactError",
    () => {
      const sample = readFileSync(new URL("../../sample/query.json", import.meta.url), "utf8");
      runQuery(parseQueryDefinition(JSON.parse(sample)), [], { artefactId: 7 });
    },
  ],
  [
    "QueryValidationError",
    () => {
      const result = safeParseQueryDefinition({ resultSize: 0, nope: 1 });
      if (result.success) throw new Error("expected a failure");
      throw result.error;
    },
  ],
];

describe("no error object shows a member that is undefined (issue 13)", () => {
  it.each(errors)("%s", (name, run) => {
    const error = thrown(run);
    expect(error).toMatchObject({ name });
    expect(undefinedMembers(error)).toEqual([]);
  });
});
