import { describe, expect, it } from "vitest";
import { compileFields } from "../../src/compile-fields.ts";
import { QueryValidationError } from "../../src/errors/errors.ts";
import { schemas } from "../../src/schema/resources.ts";
import { parseFields, safeParseFields } from "../../src/syntax/parse-fields.ts";

function validationError(text: string, schema = schemas.project): QueryValidationError {
  const result = safeParseFields(text, { schema });
  if (result.success || !(result.error instanceof QueryValidationError)) {
    throw new Error(`expected ${JSON.stringify(text)} to fail validation`);
  }
  return result.error;
}

describe("selections against a schema (LANGUAGE.md 4)", () => {
  it.each([
    ["id,name,level(id),branches(id,name)", schemas.project],
    ["branches.versionId,_links", schemas.project],
    // Undescribed arrays and objects, and `_links`, accept any name below them.
    ["definition(families,categories(level(id,name),scale.name)),locations(line)", schemas.finding],
    ["id,_links", schemas.artefact],
  ])("accepts %s", (text, schema) => {
    expect(() => parseFields(text, { schema })).not.toThrow();
  });

  // One row: selection, code, offset, length, a piece of the message.
  const rows: [string, string, number, number, string][] = [
    ["id,nope", "UNKNOWN_FIELD", 3, 4, 'unknown field "nope"'],
    ["level.nope", "UNKNOWN_FIELD", 0, 10, 'unknown field "level.nope"'],
    ["level(id,nope)", "UNKNOWN_FIELD", 9, 4, 'unknown field "level.nope"'],
    ["branches(nope)", "UNKNOWN_FIELD", 9, 4, 'unknown field "branches.nope"'],
    ["name.x", "UNKNOWN_FIELD", 0, 6, '"name" is not an object'],
    ["name(x)", "SCALAR_SUBSELECTION", 5, 1, '"name" is not an object'],
  ];
  it.each(rows)("%s -> %s", (text, code, offset, length, words) => {
    const error = validationError(text);
    expect(error.issues[0]).toMatchObject({ code, offset, length });
    expect(error.issues[0]?.message).toContain(words);
    expect(error.message).toMatch(/^fields: /);
  });

  it("lists every problem in the order of the text", () => {
    expect(validationError("nope,level(id,x),y").issues.map((i) => i.offset)).toEqual([0, 14, 17]);
  });

  it("checks a selection given as AST to compileFields", () => {
    const ast = parseFields("id,nope");
    expect(() => compileFields(ast, { schema: schemas.project })).toThrow(QueryValidationError);
    expect(compileFields(parseFields("id"), { schema: schemas.project })({ id: 1, x: 2 })).toEqual({
      id: 1,
    });
  });
});
