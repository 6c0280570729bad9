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

  it("takes no UTC offset, which the runtime would, and says which zone to name", () => {
    expect(() => new Intl.DateTimeFormat("en-US", { timeZone: "+05:30" })).not.toThrow();
    for (const offset of ["+05:30", "-0800", "+05", "\u221205:00"]) {
      expect(() => calendarOf(offset)).toThrow(/a UTC offset is no zone: name the zone/);
    }
    expect(() => calendarOf("Mars/Base")).toThrow(/IANA name such as "Europe\/Paris" or "UTC"$/);
    expect(calendarOf("Etc/GMT-5").timeZone).toBe("Etc/GMT-5");
  });

  it("keeps nothing for a zone that does not exist", () => {
    const before = keptCalendars();
    for (let i = 0; i < 100; i++)
      expect(() => calendarOf(`Mars/Base${i}`)).toThrow(UnknownTimeZoneError);
    expect(keptCalendars()).toBe(before);
  });
});
