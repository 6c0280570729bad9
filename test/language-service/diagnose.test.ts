import { describe, expect, it } from "vitest";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { diagnoseFields, diagnoseWhere } from "../../src/language-service/diagnose.ts";
import { schemas } from "../../src/schema/resources.ts";

/** Each row: a text and every problem expected of it, as [from, to, code, suggestion?]. */
type Row = readonly [string, readonly (readonly [number, number, string, string?])[]];

const brief = (found: ReturnType<typeof diagnoseWhere>) =>
  found.map(({ from, to, code, suggestion }) =>
    suggestion === undefined ? [from, to, code] : [from, to, code, suggestion],
  );

// The artefact schema: id, name, path, type.id, rank.
const WHERE_ROWS: readonly Row[] = [
  ["rank>=2 AND type.id=FILE", []],
  ["", []],
  [" \n ", []],
  ["rank>=", [[6, 6, "UNEXPECTED_END"]]],
  ["rnak>=2", [[0, 4, "UNKNOWN_FIELD", "rank"]]],
  [
    "rnak>=2 AND type.id=",
    [
      [0, 4, "UNKNOWN_FIELD", "rank"],
      [20, 20, "UNEXPECTED_END"],
    ],
  ],
  // A clause set aside with its AND leaves the rest to be checked.
  [
    "x AND rank=2 AND nme=3",
    [
      [2, 5, "UNEXPECTED_TOKEN"],
      [17, 20, "UNKNOWN_FIELD", "name"],
    ],
  ],
  [
    "id=1 AND AND nme=2",
    [
      [9, 12, "UNEXPECTED_TOKEN"],
      [13, 16, "UNKNOWN_FIELD", "name"],
    ],
  ],
  ["(id=1 AND )", [[10, 11, "UNEXPECTED_TOKEN"]]],
  ["id=1 AND ()", [[10, 11, "UNEXPECTED_TOKEN"]]],
  ["(rank=1", [[7, 7, "UNEXPECTED_END"]]],
  ["rank=1)", [[6, 7, "UNEXPECTED_TOKEN"]]],
  // After a whole comparison, the rest of its clause goes.
  [
    "id=1 b=2 AND rnk=3",
    [
      [5, 6, "UNEXPECTED_TOKEN"],
      [13, 16, "UNKNOWN_FIELD", "rank"],
    ],
  ],
  // A group left empty goes with its connective.
  [
    "id=1 AND (b= ) OR nme=2",
    [
      [13, 14, "UNEXPECTED_TOKEN"],
      [18, 21, "UNKNOWN_FIELD", "name"],
    ],
  ],
  [
    "(id=1)AND rnak=2",
    [
      [6, 9, "MISSING_WHITESPACE"],
      [10, 14, "UNKNOWN_FIELD", "rank"],
    ],
  ],
  // Stray characters go with their clause; each is reported.
  [
    "id!1 AND rank=2 AND id#3",
    [
      [2, 3, "UNEXPECTED_TOKEN"],
      [22, 23, "UNEXPECTED_TOKEN"],
    ],
  ],
  // An open quote takes the rest of the text.
  ['name="abc AND rnak=1', [[5, 6, "UNTERMINATED_QUOTE"]]],
  [
    "name IN () AND rnak=1",
    [
      [9, 10, "UNEXPECTED_TOKEN"],
      [15, 19, "UNKNOWN_FIELD", "rank"],
    ],
  ],
  ["rank~x", [[0, 6, "PATTERN_ON_NON_STRING"]]],
  [
    "rank=x AND type=2",
    [
      [5, 6, "INVALID_VALUE"],
      [11, 15, "OBJECT_FIELD"],
    ],
  ],
];

const FIELDS_ROWS: readonly Row[] = [
  ["id,definition(name)", []],
  ["", []],
  ["id,nme", [[3, 6, "UNKNOWN_FIELD"]]],
  [
    "definition(categories,nam),tol",
    [
      [22, 25, "UNKNOWN_FIELD", "name"],
      [27, 30, "UNKNOWN_FIELD", "tool"],
    ],
  ],
  [
    "id,,tol",
    [
      [3, 4, "UNEXPECTED_TOKEN"],
      [4, 7, "UNKNOWN_FIELD", "tool"],
    ],
  ],
  [
    "tol(1),id",
    [
      [0, 3, "UNKNOWN_FIELD", "tool"],
      [4, 5, "UNEXPECTED_TOKEN"],
    ],
  ],
  ["definition(name", [[15, 15, "UNEXPECTED_END"]]],
  ["id,", [[3, 3, "UNEXPECTED_END"]]],
  ["_links(self)", [[6, 7, "LINKS_SUBSELECTION"]]],
];

describe("diagnoseWhere", () => {
  it.each(WHERE_ROWS)("%j", (text, expected) => {
    expect(brief(diagnoseWhere(text, { schema: schemas.artefact }))).toEqual(expected);
  });

  it("words each problem as a sentence about the text, without its position", () => {
    expect(diagnoseWhere("rnak>=2 AND type.id=", { schema: schemas.artefact })).toEqual([
      {
        from: 0,
        to: 4,
        code: "UNKNOWN_FIELD",
        message: 'unknown field "rnak": did you mean rank?',
        suggestion: "rank",
      },
      {
        from: 20,
        to: 20,
        code: "UNEXPECTED_END",
        message: 'expected a value after "="',
        expected: ["a value"],
      },
    ]);
  });

  it("warns of a day that is no calendar day where values are untyped, beside the errors", () => {
    expect(diagnoseWhere("analysisTime>=2024-02-30 AND a=")).toEqual([
      {
        from: 14,
        to: 24,
        code: "NOT_A_CALENDAR_DAY",
        message:
          '"2024-02-30" is no calendar day, so "analysisTime" is never compared with it as a date (only as text)',
        severity: "warning",
      },
      {
        from: 31,
        to: 31,
        code: "UNEXPECTED_END",
        message: 'expected a value after "="',
        expected: ["a value"],
      },
    ]);
    // A date field refuses it: an error, not a warning.
    const typed = diagnoseWhere("analysisTime>=2024-02-30", { schema: schemas.project });
    expect(typed.map((found) => [found.code, found.severity])).toEqual([
      ["INVALID_VALUE", undefined],
    ]);
  });

  it("checks only the syntax without a schema", () => {
    expect(brief(diagnoseWhere("rnak>=2 AND a="))).toEqual([[14, 14, "UNEXPECTED_END"]]);
  });

  it("stops at a limit, which no clause can fix", () => {
    expect(brief(diagnoseWhere("a=1 AND b=", { maxLength: 5 }))).toEqual([
      [5, 10, "INPUT_TOO_LONG"],
    ]);
    expect(brief(diagnoseWhere("((a=1)) AND b=", { maxDepth: 1 }))).toEqual([
      [1, 2, "NESTING_TOO_DEEP"],
    ]);
  });

  it("reports at most 32 syntax errors", () => {
    const text = Array.from({ length: 100 }, () => "a=1 b").join(" AND ");
    expect(diagnoseWhere(text)).toHaveLength(32);
  });

  it("checks its options", () => {
    expect(() => diagnoseWhere("a=1", { schema: 3 as never })).toThrow(InvalidOptionError);
    expect(() => diagnoseWhere("a=1", { maxDepth: 300 })).toThrow(InvalidOptionError);
    expect(() => diagnoseWhere("a=1", { timeZone: "UTC" } as never)).toThrow(/unknown option/);
    expect(() => diagnoseWhere(3 as never)).toThrow(TypeError);
  });
});

describe("diagnoseFields", () => {
  it.each(FIELDS_ROWS)("%j", (text, expected) => {
    expect(brief(diagnoseFields(text, { schema: schemas.finding }))).toEqual(expected);
  });
});
