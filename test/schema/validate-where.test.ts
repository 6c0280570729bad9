import { describe, expect, it } from "vitest";
import { compileWhere } from "../../src/api/compile-where.ts";
import { QueryValidationError } from "../../src/errors/errors.ts";
import { schemas } from "../../src/schema/resources.ts";
import { defineSchema, type Schema } from "../../src/schema/schema.ts";
import { parseWhere, safeParseWhere } from "../../src/syntax/parse-where.ts";

function validationError(text: string, schema: Schema = schemas.project): QueryValidationError {
  const result = safeParseWhere(text, { schema });
  if (result.success || !(result.error instanceof QueryValidationError)) {
    throw new Error(`expected ${JSON.stringify(text)} to fail validation`);
  }
  return result.error;
}

describe("validation against a schema (grammar/language.md 4)", () => {
  // One row: filter, code, offset, length, a piece of the message.
  const rows: [string, string, number, number, string][] = [
    ["nope=1", "UNKNOWN_FIELD", 0, 4, 'unknown field "nope"'],
    ["level.nope=1", "UNKNOWN_FIELD", 0, 10, 'unknown field "level.nope"'],
    ["name.x=1", "UNKNOWN_FIELD", 0, 6, '"name" is not an object'],
    ["branches.name=x", "PATH_THROUGH_ARRAY", 0, 13, '"branches" is an array'],
    ["branches=x", "ARRAY_FIELD", 0, 8, "cannot test it as a whole, except with IS NULL"],
    ["branches IN (x)", "ARRAY_FIELD", 0, 8, "cannot test it as a whole"],
    ["level=x", "OBJECT_FIELD", 0, 5, '"level" is an object'],
    ["level~x", "OBJECT_FIELD", 0, 5, "or test it with IS NULL or IS NOT NULL"],
    ["level NOT IN (x)", "OBJECT_FIELD", 0, 5, '"level" is an object'],
    ["branches.name IS NULL", "PATH_THROUGH_ARRAY", 0, 13, '"branches" is an array'],
    ["id=abc", "INVALID_VALUE", 3, 3, '"id" is an integer field: expected a number'],
    ["id IN (1,x,3)", "INVALID_VALUE", 9, 1, 'found "x"'],
    ["analysisTime=2024-02-30", "INVALID_VALUE", 13, 10, "a real calendar day"],
    ["analysisTime>=2024-3-1", "INVALID_VALUE", 14, 8, "yyyy-MM-dd"],
  ];
  it.each(rows)("%s -> %s", (text, code, offset, length, words) => {
    const error = validationError(text);
    expect(error.issues[0]).toMatchObject({ code, offset, length });
    expect(error).toMatchObject({ code, offset, length });
    expect(error.issues[0]?.message).toContain(words);
  });

  it("accepts IS NULL and IS NOT NULL on an object or array field itself (2.4)", () => {
    const schema = defineSchema({
      owner: { name: "string" },
      tags: ["string"],
      meta: "object",
      list: "array",
      deep: { inner: { id: "string" }, items: [{ id: "string" }] },
    });
    for (const text of [
      "owner IS NOT NULL",
      "tags IS NULL",
      "meta IS NULL",
      "list IS NOT NULL",
      "deep.inner IS NULL AND deep.items IS NOT NULL",
      "deep IS NULL OR deep.inner.id IS NULL",
    ]) {
      expect(safeParseWhere(text, { schema }).success, text).toBe(true);
    }
    // Below an undescribed object or an array, a path is still unknown or through an array.
    expect(validationError("meta.x IS NULL", schema).issues).toMatchObject([
      { code: "UNKNOWN_FIELD", offset: 0, length: 6 },
    ]);
    expect(validationError("list.x IS NULL", schema).issues).toMatchObject([
      { code: "PATH_THROUGH_ARRAY", offset: 0, length: 6 },
    ]);
    expect(validationError("deep.items.id IS NOT NULL", schema).issues).toMatchObject([
      { code: "PATH_THROUGH_ARRAY", offset: 0, length: 13 },
    ]);
  });

  it("rejects ordering on booleans and patterns on non-strings", () => {
    expect(validationError("readOnly>true", schemas.finding).issues).toMatchObject([
      { code: "BOOLEAN_ORDERING", offset: 0, length: 13 },
    ]);
    expect(validationError("id~*1").issues).toMatchObject([
      { code: "PATTERN_ON_NON_STRING", offset: 0, length: 5 },
    ]);
    expect(validationError("readOnly=yes", schemas.finding).issues).toMatchObject([
      { code: "INVALID_VALUE", offset: 9, length: 3 },
    ]);
  });

  it("lists every problem at once, in the order of the text, with the first on the error", () => {
    const error = validationError(
      "nope=1 AND (id=x OR branches.name=y) AND analysisTime<2024-02-30",
    );
    expect(error.issues.map((i) => [i.code, i.offset])).toEqual([
      ["UNKNOWN_FIELD", 0],
      ["INVALID_VALUE", 15],
      ["PATH_THROUGH_ARRAY", 20],
      ["INVALID_VALUE", 54],
    ]);
    expect(error.message).toBe(
      'where: unknown field "nope" (and 3 more) at column 1\n  nope=1 AND (id=x OR branches.name=y) AND analysisTime<2024-02-30\n  ^^^^',
    );
  });

  it("accepts what fits: every comparator on numbers and dates, booleans in any case", () => {
    expect(() =>
      parseWhere("id>=1 AND color<-2.5 AND analysisTime<=2024-02-29 AND level.id~A*", {
        schema: schemas.project,
      }),
    ).not.toThrow();
    expect(() =>
      parseWhere("readOnly=TRUE AND suspicious IN (false,True)", { schema: schemas.finding }),
    ).not.toThrow();
  });

  it("validates an AST given to compileWhere as well", () => {
    const ast = parseWhere("branches.name=x");
    expect(() => compileWhere(ast, { schema: schemas.project })).toThrow(QueryValidationError);
  });
});

describe("an unknown field suggests the nearest known path", () => {
  const schema = defineSchema({
    id: "integer",
    name: "string",
    rank: "number",
    type: { id: "string" },
    tags: ["string"],
    owner: "object",
    creationTime: "integer",
  });
  const twins = defineSchema({ rank: "number", rand: "number" });

  // One row: filter, schema, suggestion (undefined: none); the issue is at 0 and spans the path.
  it.each<[string, Schema, string | undefined]>([
    ["rnak=1", schema, "rank"],
    ["nmae=x", schema, "name"],
    ["typ.id=x", schema, "type.id"],
    ["type.idd=x", schema, "type.id"],
    ["ran=1", schema, "rank"],
    ["creation>1", schema, "creationTime"],
    ["Rank=1", schema, "rank"],
    ["tgas IS NULL", schema, "tags"],
    ["ownr IS NOT NULL", schema, "owner"],
    ["xyz=1", schema, undefined],
    ["ranx=1", twins, undefined],
    ["ra=1", twins, undefined],
    ["x=1", schema, undefined],
    ["nope=1", schemas.project, undefined],
    ["owner.name=x", schema, undefined],
  ])("%s suggests %s", (text, against, suggestion) => {
    const path = text.split(/[=<>~ ]/)[0] as string;
    const [issue] = validationError(text, against).issues;
    expect(issue).toMatchObject({ code: "UNKNOWN_FIELD", offset: 0, length: path.length });
    expect(issue?.suggestion).toBe(suggestion);
    expect(issue?.message).toBe(
      suggestion === undefined
        ? `unknown field "${path}"`
        : `unknown field "${path}": did you mean ${suggestion}?`,
    );
    // No suggestion, no member: an issue never carries an undefined one.
    expect(issue && Object.hasOwn(issue, "suggestion")).toBe(suggestion !== undefined);
  });

  it("says so in the error's message, before the caret", () => {
    expect(validationError("rank>1 AND rnak<5", schema).message).toBe(
      'where: unknown field "rnak": did you mean rank? at column 12\n  rank>1 AND rnak<5\n             ^^^^',
    );
  });

  it("suggests nothing for a path through an array or a scalar", () => {
    expect(validationError("tags.x=1", schema).issues[0]?.suggestion).toBeUndefined();
    expect(validationError("name.x=1", schema).issues[0]?.suggestion).toBeUndefined();
  });
});

describe("an `any` field, typed value by value (grammar/language.md 4.3)", () => {
  const schema = defineSchema({
    version: "any",
    owner: "any",
    level: { id: "any" },
    tags: ["any"],
    rank: "number",
  });

  it.each([
    "version=1",
    "version!=true",
    "version>=2024-02-30",
    "version<abc",
    "version~*.0",
    "version~x*",
    'version IN (1,x,true,2024-03-01,"")',
    "version NOT IN (1.5,y)",
    "version IS NULL",
    "owner IS NOT NULL",
    "owner.id=7 AND owner.name~A* AND owner.a.b.c IN (x,1)",
    "level.id>x",
    "level.id.deeper IS NULL",
  ])("accepts %s: every operator, any literal, any path below it", (text) => {
    const result = safeParseWhere(text, { schema });
    expect(result.success, JSON.stringify(!result.success && result.error.message)).toBe(true);
  });

  it("still catches a mistyped name, and keeps the other fields typed", () => {
    expect(validationError("verison=1", schema).issues).toEqual([
      {
        code: "UNKNOWN_FIELD",
        offset: 0,
        length: 7,
        message: 'unknown field "verison": did you mean version?',
        suggestion: "version",
      },
    ]);
    expect(validationError("ownr.id=1", schema).issues[0]?.suggestion).toBe("owner.id");
    expect(validationError("tags.id=1", schema).issues[0]?.code).toBe("PATH_THROUGH_ARRAY");
    expect(validationError("tags=1", schema).issues[0]?.code).toBe("ARRAY_FIELD");
    expect(validationError("version=1 AND rank=x", schema).issues).toMatchObject([
      { code: "INVALID_VALUE", offset: 19, length: 1 },
    ]);
  });
});
