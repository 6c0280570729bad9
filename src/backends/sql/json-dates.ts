// The shapes of date strings in JSON (grammar/language.md 2.5), as the in-memory predicate reads them
// (src/backends/predicate/calendar.ts), written for SQL regular-expression engines.

// Years 0001–9999; microseconds at most; offsets to ±14:59 (grammar/language.md 2.5, decided there).
const DAY = "(000[1-9]|00[1-9][0-9]|0[1-9][0-9]{2}|[1-9][0-9]{3})-[0-9]{2}-[0-9]{2}";
const TIME = "[Tt ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9]([.][0-9]{1,6})?)?";
const OFFSET = "([Zz]|[+-](0[0-9]|1[0-4]):?[0-5][0-9])";

/** A day, or a date-time with no offset (a wall time: its day is its date part). */
export const DAY_OR_WALL_TIME = `^${DAY}(${TIME})?$`;

/** A date-time with an offset: an instant. */
export const INSTANT = `^${DAY}${TIME}${OFFSET}$`;
