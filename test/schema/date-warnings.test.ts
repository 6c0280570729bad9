import { describe, expect, it } from "vitest";
import { NOT_A_CALENDAR_DAY, notADayWarnings } from "../../src/schema/date-warnings.ts";
import { defineSchema } from "../../src/schema/schema.ts";
import { parseWhere } from "../../src/syntax/parse-where.ts";

const warn = (text: string, schema?: Parameters<typeof defineSchema>[0]) =>
  notADayWarnings(parseWhere(text), schema && defineSchema(schema));

describe("notADayWarnings (grammar/language.md 2.3)", () => {
  it("warns of a day-shaped literal that names no day, where values are typed one by one", () => {
    expect(warn("analysisTime>=2024-02-30")).toEqual([
      {
        code: NOT_A_CALENDAR_DAY,
        message:
          '"2024-02-30" is no calendar day, so "analysisTime" is never compared with it as a date (only as text)',
        offset: 14,
        length: 10,
      },
    ]);
    const text = 'a IN (2024-01-01,"2023-02-29") OR (b=1 AND c!=0000-01-01)';
    expect(
      warn(text).map((found) => text.slice(found.offset, found.offset + found.length)),
    ).toEqual(['"2023-02-29"', "0000-01-01"]);
    expect(warn("a=2024-02-30", { a: "any" })).toHaveLength(1);
  });

  it("says nothing of real days, other shapes, patterns, or typed fields", () => {
    expect(warn("a=2024-02-29 AND b=2024-2-30 AND c~2024-02-30 AND d=2024-02-300")).toEqual([]);
    expect(warn("a=2024-02-30", { a: "string" })).toEqual([]);
  });
});
