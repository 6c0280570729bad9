import { describe, expect, it } from "vitest";
import { compileFields } from "../../src/api/compile-fields.ts";
import { QueryValidationError } from "../../src/errors/errors.ts";
import { schemas } from "../../src/schema/resources.ts";
import { defineSchema, type Schema } from "../../src/schema/schema.ts";
import { parseFields, safeParseFields } from "../../src/syntax/parse-fields.ts";

function validationError(text: string, schema: Schema = schemas.project): QueryValidationError {
  const result = safeParseFields(text, { schema });
  if (result.success || !(result.error instanceof QueryValidationError)) {
    throw new Error(`expected ${JSON.stringify(text)} to fail validation`);
  }
  return result.error;
}

describe("selections against a schema (grammar/language.md 4)", () => {
  it.each([
    ["id,name,level(id),branches(id,name)", schemas.project],
    ["branches.versionId,_links", schemas.project],
    // Undescribed arrays and objects, and `_links`, accept any name below them.
    ["definition(families,categories(level(id,name),scale.name)),locations(line)", schemas.finding],
    ["id,_links", schemas.artefact],
    // Below an `any` field too: it may hold an object (4.4).
    [
      "owner,owner.id,owner(name,a.b),tags(x),tags.y",
      defineSchema({ owner: "any", tags: ["any"] }),
    ],
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

  it("catches a mistyped name beside an `any` field", () => {
    const schema = defineSchema({ owner: "any" });
    expect(validationError("ownr(id)", schema).issues).toMatchObject([
      { code: "UNKNOWN_FIELD", offset: 0, length: 4, suggestion: "owner" },
    ]);
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

describe("an unknown name in a selection suggests the nearest known one", () => {
  const twins = defineSchema({ rank: "number", rand: "number" });
  // One row: selection, the issue's offset and length, the full name in the message, the
  // suggestion as written in place of the span (undefined: none), and the schema.
  it.each<[string, number, number, string, string | undefined, Schema?]>([
    ["nmae", 0, 4, "name", "name"],
    ["id,levl.id", 3, 7, "level.id", "level.id"],
    ["level.idd", 0, 9, "level.id", "level.id"],
    ["level(idd)", 6, 3, "level.id", "id"],
    ["branches(id,nmae)", 12, 4, "branches.name", "name"],
    ["lvel(id)", 0, 4, "level", "level"],
    ["creation", 0, 8, "creationTime", "creationTime"],
    ["Name", 0, 4, "name", "name"],
    ["xyz", 0, 3, "", undefined],
    ["nope", 0, 4, "", undefined],
    // A name with a sub-selection, or with more path after it, must have fields below it.
    ["nme(id)", 0, 3, "", undefined],
    ["ranx", 0, 4, "", undefined, twins],
  ])("%s", (text, offset, length, full, suggestion, schema: Schema = schemas.project) => {
    const [issue] = validationError(text, schema).issues;
    expect(issue).toMatchObject({ code: "UNKNOWN_FIELD", offset, length });
    expect(issue?.suggestion).toBe(suggestion);
    expect(issue && Object.hasOwn(issue, "suggestion")).toBe(suggestion !== undefined);
    if (suggestion !== undefined) expect(issue?.message).toMatch(`: did you mean ${full}?`);
    else expect(issue?.message).not.toMatch("did you mean");
  });

  it("keeps the message before the suggestion as it was", () => {
    expect(validationError("level(idd)").issues[0]?.message).toBe(
      'unknown field "level.idd": did you mean level.id?',
    );
  });
});
