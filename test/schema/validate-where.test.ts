import { describe, expect, it } from "vitest";
import { compileWhere } from "../../src/compile-where.ts";
import { QueryValidationError } from "../../src/errors/errors.ts";
import { schemas } from "../../src/schema/resources.ts";
import { parseWhere, safeParseWhere } from "../../src/syntax/parse-where.ts";

function validationError(text: string, schema = schemas.project): QueryValidationError {
  const result = safeParseWhere(text, { schema });
  if (result.success || !(result.error instanceof QueryValidationError)) {
    throw new Error(`expected ${JSON.stringify(text)} to fail validation`);
  }
  return result.error;
}

describe("validation against a schema (LANGUAGE.md 4)", () => {
  // One row: filter, code, offset, length, a piece of the message.
  const rows: [string, string, number, number, string][] = [
    ["nope=1", "UNKNOWN_FIELD", 0, 4, 'unknown field "nope"'],
    ["level.nope=1", "UNKNOWN_FIELD", 0, 10, 'unknown field "level.nope"'],
    ["name.x=1", "UNKNOWN_FIELD", 0, 6, '"name" is not an object'],
    ["branches.name=x", "PATH_THROUGH_ARRAY", 0, 13, '"branches" is an array'],
    ["branches IS NULL", "ARRAY_FIELD", 0, 8, "cannot test it as a whole"],
    ["level=x", "OBJECT_FIELD", 0, 5, '"level" is an object'],
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
