import { describe, expect, it } from "vitest";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { UnknownTimeZoneError } from "../../src/errors/unknown-time-zone-error.ts";
import { completeFields, completeWhere } from "../../src/language-service/complete.ts";
import { describeWhereAt } from "../../src/language-service/describe.ts";
import { schemas } from "../../src/schema/resources.ts";
import { defineSchema } from "../../src/schema/schema.ts";

const brief = (found: ReturnType<typeof completeWhere>) =>
  found && [found.from, found.options.map((option) => option.apply ?? option.label).join(" ")];

// The artefact schema for filters, the finding schema for selections; the cursor at the end.
const WHERE_ROWS: readonly [string, ReturnType<typeof brief>][] = [
  ["", [0, "id name path type rank projectId parentId rating measures indicators infos links"]],
  ["ra", [0, "id name path type rank projectId parentId rating measures indicators infos links"]],
  ["type.", [5, "id"]],
  ["type.i", [5, "id"]],
  ["rank", [4, "= != > >= < <=  IN (  NOT IN (  IS NULL  IS NOT NULL"]],
  ["rank ", [5, "= != > >= < <= IN ( NOT IN ( IS NULL IS NOT NULL"]],
  ["type ", [5, "IS NULL IS NOT NULL"]],
  ["rank>=2 ", [8, "AND  OR "]],
  ["rank>=2 A", [8, "AND  OR "]],
  ["name IS ", [8, "NULL NOT NULL"]],
  ["name IS NOT ", [12, "NULL"]],
  ["name NOT ", [9, "IN ("]],
  ["(", [1, "id name path type rank projectId parentId rating measures indicators infos links"]],
  // A keyword where a name may start begins a name: `in` of `infos`.
  [
    "rank>=2 AND in",
    [12, "id name path type rank projectId parentId rating measures indicators infos links"],
  ],
  ["(in", [1, "id name path type rank projectId parentId rating measures indicators infos links"]],
  ["rank>=", undefined],
  ["name IN (", undefined],
  ["name~x", undefined],
  ['name="ab', undefined],
  ["nope.", undefined],
];

describe("completeWhere", () => {
  it.each(WHERE_ROWS)("%j", (text, expected) => {
    expect(brief(completeWhere(text, text.length, { schema: schemas.artefact }))).toEqual(expected);
  });

  it("offers true and false for a boolean field", () => {
    expect(brief(completeWhere("readOnly=", 9, { schema: schemas.finding }))).toEqual([
      9,
      "true false",
    ]);
    expect(brief(completeWhere("readOnly IN (t", 14, { schema: schemas.finding }))).toEqual([
      13,
      "true false",
    ]);
  });

  it("offers the grammar's words, but no names, without a schema", () => {
    expect(completeWhere("ra", 2)).toBeUndefined();
    expect(brief(completeWhere("a ", 2))).toEqual([
      2,
      "= != > >= < <= ~ IN ( NOT IN ( IS NULL IS NOT NULL",
    ]);
  });

  it("offers every operator after an `any` field, and no names below it", () => {
    const schema = defineSchema({ owner: "any", ownerId: "integer", rank: "number" });
    const every = "= != > >= < <= ~ IN ( NOT IN ( IS NULL IS NOT NULL";
    expect(brief(completeWhere("owner ", 6, { schema }))).toEqual([6, every]);
    expect(brief(completeWhere("owner.id ", 9, { schema }))).toEqual([9, every]);
    expect(brief(completeWhere("ownerId ", 8, { schema }))).toEqual([
      8,
      "= != > >= < <= IN ( NOT IN ( IS NULL IS NOT NULL",
    ]);
    expect(completeWhere("owner.", 6, { schema })).toBeUndefined();
    expect(completeWhere("owner=", 6, { schema })).toBeUndefined();
    expect(
      completeWhere("own", 3, { schema })?.options.map((option) => [option.label, option.detail]),
    ).toEqual([
      ["owner", "any"],
      ["ownerId", "integer"],
      ["rank", "number"],
    ]);
  });

  it("checks its input", () => {
    expect(() => completeWhere("a", 2)).toThrow(RangeError);
    expect(() => completeWhere("a", 0.5)).toThrow(RangeError);
    expect(() => completeWhere("a", 0, { schema: [] as never })).toThrow(InvalidOptionError);
  });
});

describe("completeFields", () => {
  const labels = (text: string, offset = text.length) => {
    const found = completeFields(text, offset, { schema: schemas.finding });
    return found && [found.from, found.options.map((option) => option.label).join(" ")];
  };

  it("offers the names of each place, _links at the top", () => {
    expect(labels("")).toEqual([
      0,
      "id tool status readOnly suspicious definition locations projectId creationDate _links",
    ]);
    expect(labels("id,defin")).toEqual([
      3,
      "id tool status readOnly suspicious definition locations projectId creationDate _links",
    ]);
    expect(labels("definition(")).toEqual([11, "id name description categories families"]);
    expect(labels("definition(id,na")).toEqual([14, "id name description categories families"]);
    expect(labels("definition.")).toEqual([11, "id name description categories families"]);
    expect(labels("locations(")).toEqual([10, "artefactId line column"]);
    expect(labels("definition(id),")).toEqual([
      15,
      "id tool status readOnly suspicious definition locations projectId creationDate _links",
    ]);
  });

  it("offers nothing below an undescribed value, after a name, or without a schema", () => {
    expect(completeFields("tags(", 5, { schema: defineSchema({ tags: "array" }) })).toBeUndefined();
    expect(completeFields("owner(", 6, { schema: defineSchema({ owner: "any" }) })).toBeUndefined();
    expect(labels("id ")).toBeUndefined();
    expect(completeFields("", 0)).toBeUndefined();
  });
});

describe("describeWhereAt", () => {
  it("gives a field's type and a date's instants in the zone", () => {
    const options = { schema: schemas.project, timeZone: "America/New_York" };
    expect(describeWhereAt("analysisTime>=2024-11-03", 3, options)).toEqual({
      from: 0,
      to: 12,
      text: "analysisTime: date",
    });
    expect(describeWhereAt("analysisTime>=2024-11-03", 20, options)).toEqual({
      from: 14,
      to: 24,
      text: "2024-11-03 in America/New_York: from 2024-11-03T04:00:00.000Z up to 2024-11-04T05:00:00.000Z",
    });
    expect(describeWhereAt("name=2024-11-03", 8, options)).toBeUndefined();
    expect(describeWhereAt("name=x", 1)).toBeUndefined();
  });

  it("says an `any` field is any, and reads a date beside it as without a schema", () => {
    const schema = defineSchema({ owner: "any", name: "string" });
    expect(describeWhereAt("owner.id=2024-11-03", 2, { schema })).toEqual({
      from: 0,
      to: 8,
      text: "owner.id: any",
    });
    expect(describeWhereAt("owner=2024-11-03", 8, { schema })).toEqual({
      from: 6,
      to: 16,
      text: "2024-11-03 in UTC: from 2024-11-03T00:00:00.000Z up to 2024-11-04T00:00:00.000Z",
    });
    expect(describeWhereAt("name=2024-11-03", 8, { schema })).toBeUndefined();
  });

  it("refuses a zone the runtime does not know", () => {
    expect(() => describeWhereAt("a=1", 0, { timeZone: "Nowhere/Else" })).toThrow(
      UnknownTimeZoneError,
    );
  });
});
