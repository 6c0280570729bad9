import { describe, expect, it } from "vitest";
import { calendarOf, keptCalendars } from "../../../src/backends/predicate/calendar.ts";
import { UnknownTimeZoneError } from "../../../src/errors/unknown-time-zone-error.ts";

describe("calendarOf", () => {
  it("keeps one calendar per zone, whatever the case a client spells it in", () => {
    const paris = calendarOf("Europe/Paris");
    const before = keptCalendars();
    for (let i = 0; i < 2000; i++) {
      const spelling = [..."europe/paris"]
        .map((c, at) => ((i >> at) & 1 ? c.toUpperCase() : c))
        .join("");
      expect(calendarOf(spelling)).toBe(paris);
    }
    expect(keptCalendars()).toBe(before);
    expect(calendarOf("utc")).toBe(calendarOf("UTC"));
  });

  it("keeps nothing for a zone that does not exist", () => {
    const before = keptCalendars();
    for (let i = 0; i < 100; i++)
      expect(() => calendarOf(`Mars/Base${i}`)).toThrow(UnknownTimeZoneError);
    expect(keptCalendars()).toBe(before);
  });
});
