import { describe, expect, it } from "vitest";
import { QueryValidationError } from "../../src/errors/errors.ts";
import { IssueList, MAX_ISSUES } from "../../src/errors/issue-list.ts";
import { diagnoseFields, diagnoseWhere } from "../../src/language-service/diagnose.ts";
import { schemas } from "../../src/schema/resources.ts";
import { parseFields } from "../../src/syntax/parse-fields.ts";
import { parseWhere } from "../../src/syntax/parse-where.ts";

/** `count` unknown fields: `a1=1 AND a2=1 AND …`. */
const unknownFilter = (count: number) =>
  Array.from({ length: count }, (_, i) => `a${i + 1}=1`).join(" AND ");
/** `count` unknown names: `a1,a2,…`. */
const unknownSelection = (count: number) =>
  Array.from({ length: count }, (_, i) => `a${i + 1}`).join(",");

function validationError(run: () => unknown): QueryValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof QueryValidationError) return error;
    throw error;
  }
  throw new Error("expected a QueryValidationError");
}

describe("a validation error lists at most 100 issues (grammar/language.md 5.3)", () => {
  it.each([
    ["where", () => parseWhere(unknownFilter(150), { schema: schemas.artefact })],
    ["fields", () => parseFields(unknownSelection(150), { schema: schemas.artefact })],
  ])("keeps the first 100 of 150 issues of a %s text and counts them all", (language, run) => {
    const error = validationError(run);
    expect(error.issues).toHaveLength(MAX_ISSUES);
    expect(error.issueCount).toBe(150);
    expect(error.issues.map((issue) => issue.code)).toEqual(Array(100).fill("UNKNOWN_FIELD"));
    expect(error.issues[99]?.message).toMatch(/"a100"/);
    expect(error.description).toMatch(/\(and 149 more\)$/);
    const json = error.toJSON();
    expect(json).toMatchObject({ parameter: language, issueCount: 150, truncated: true });
    expect(json.issues).toHaveLength(MAX_ISSUES);
    expect(Object.keys(json).slice(-3)).toEqual(["issues", "issueCount", "truncated"]);
  });

  it("adds neither issueCount nor truncated up to 100 issues", () => {
    const error = validationError(() =>
      parseWhere(unknownFilter(100), { schema: schemas.artefact }),
    );
    expect(error.issues).toHaveLength(100);
    expect(error.issueCount).toBe(100);
    const json = error.toJSON();
    expect(json).not.toHaveProperty("issueCount");
    expect(json).not.toHaveProperty("truncated");
  });

  it("cuts a list it is given, and refuses a count below it", () => {
    const issue = { code: "UNKNOWN_FIELD", message: "unknown", offset: 0, length: 1 };
    const error = new QueryValidationError("where", "a", Array(150).fill(issue));
    expect(error.issues).toHaveLength(MAX_ISSUES);
    expect(error.issueCount).toBe(150);
    expect(() => new QueryValidationError("where", "a", [issue, issue], 1)).toThrow(RangeError);
  });

  it("still gives an editor every problem", () => {
    const options = { schema: schemas.artefact };
    expect(diagnoseWhere(unknownFilter(150), options)).toHaveLength(150);
    expect(diagnoseFields(unknownSelection(150), options)).toHaveLength(150);
  });
});

describe("IssueList", () => {
  it("keeps the first items up to its limit and counts every one", () => {
    const list = new IssueList<number>(3);
    for (let i = 0; i < 10; i++) list.add(i);
    expect(list.items).toEqual([0, 1, 2]);
    expect(list.count).toBe(10);
    const unbounded = new IssueList<number>(Number.POSITIVE_INFINITY);
    for (let i = 0; i < 500; i++) unbounded.add(i);
    expect(unbounded.items).toHaveLength(500);
  });
});
