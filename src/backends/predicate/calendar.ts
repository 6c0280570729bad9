import { UnknownTimeZoneError } from "../../errors/unknown-time-zone-error.ts";
import { DAY_MS, daysFromCivil, readDateText } from "../../schema/literals.ts";

/** The calendar days of one IANA time zone: which day an instant falls on, where a day starts. */
export interface Calendar {
  readonly timeZone: string;
  /** The first instant (epoch ms) of a day number in this zone. */
  startOfDay(day: number): number;
}

const UTC: Calendar = { timeZone: "UTC", startOfDay: (day) => day * DAY_MS };

/** Every IANA name starts with a letter (`UTC`, `Etc/GMT-5`); an offset (`+05:30`) with a sign. */
const IANA_NAME_START = /^[A-Za-z]/;

function zoneCalendar(timeZone: string): Calendar {
  // The runtime takes "+05:30" too, but a UTC offset is no IANA name and keeps no clock changes.
  if (!IANA_NAME_START.test(timeZone)) throw new UnknownTimeZoneError(timeZone);
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      era: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
    });
  } catch {
    throw new UnknownTimeZoneError(timeZone);
  }
  const dayOf = (instant: number): number => {
    let year = 0;
    let month = 0;
    let day = 0;
    let beforeChrist = false;
    for (const part of format.formatToParts(instant)) {
      if (part.type === "year") year = Number(part.value);
      else if (part.type === "month") month = Number(part.value);
      else if (part.type === "day") day = Number(part.value);
      else if (part.type === "era") beforeChrist = part.value.startsWith("B");
    }
    return daysFromCivil(beforeChrist ? 1 - year : year, month, day);
  };
  return {
    timeZone: format.resolvedOptions().timeZone,
    // The first millisecond whose local day is `day`: zones are within ±26 hours of UTC, and a
    // day may start at 01:00 where a transition skips midnight, so search rather than add an offset.
    startOfDay(day) {
      let low = day * DAY_MS - 36 * 3_600_000;
      let high = day * DAY_MS + 36 * 3_600_000;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (dayOf(middle) >= day) high = middle;
        else low = middle;
      }
      return high;
    },
  };
}

// Keyed by the lower-cased name: zone names match in any case, and a cache keyed by spelling
// would grow without bound for a client that varies the case of its `timezone` header.
const calendars = new Map<string, Calendar>([["utc", UTC]]);

/** The calendar of a time zone, checked once and kept; throws `UnknownTimeZoneError`. */
export function calendarOf(timeZone = "UTC"): Calendar {
  const key = timeZone.toLowerCase();
  let calendar = calendars.get(key);
  if (!calendar) {
    calendar = zoneCalendar(timeZone);
    calendars.set(key, calendar);
  }
  return calendar;
}

/** How many zones `calendarOf` keeps, for the test that proves the cache bounded. */
export const keptCalendars = (): number => calendars.size;

/** One literal day and the instants it spans in a zone: [start, end). */
export interface DayBounds {
  readonly day: number;
  readonly start: number;
  readonly end: number;
}

/** The bounds of a day number in a calendar. */
export function dayBounds(calendar: Calendar, day: number): DayBounds {
  return { day, start: calendar.startOfDay(day), end: calendar.startOfDay(day + 1) };
}

/**
 * Where a date field's value falls against a literal day (grammar/language.md 2.5): negative before,
 * 0 on that day, positive after, NaN when the value is no date. A `yyyy-MM-dd` text is a day;
 * an ISO instant, a `Date` or epoch milliseconds is an instant placed in the zone's calendar;
 * a date-time with no offset is a wall time in the request's zone (`readDateText`).
 */
export function relateToDay(value: unknown, bounds: DayBounds): number {
  let instant: number;
  if (typeof value === "number") {
    instant = value;
  } else if (typeof value === "string") {
    const read = readDateText(value);
    if (read === undefined) return Number.NaN;
    if (read.instant === undefined) return read.day - bounds.day;
    instant = read.instant;
  } else if (value instanceof Date) {
    instant = value.getTime();
  } else {
    return Number.NaN;
  }
  if (!Number.isFinite(instant)) return Number.NaN;
  return instant < bounds.start ? -1 : instant >= bounds.end ? 1 : 0;
}
