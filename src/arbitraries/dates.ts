import fc from "fast-check";

/**
 * Zones with and without daylight saving, one whose transition skipped midnight, and a +12:45 one.
 */
export const TIME_ZONES: readonly string[] = [
  "UTC",
  "Europe/Paris",
  "America/New_York",
  "America/Sao_Paulo",
  "Asia/Kolkata",
  "Pacific/Chatham",
];

/** Days around daylight-saving changes (Sao Paulo skipped 2018-11-04 00:00) and a leap day. */
export const DAYS: readonly string[] = [
  "2024-03-10",
  "2024-03-31",
  "2024-10-27",
  "2024-11-03",
  "2018-11-04",
  "2024-02-29",
  "2024-01-01",
];

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Zone offsets (minutes) of TIME_ZONES, standard and daylight, where their midnights fall. */
const OFFSETS = [0, 60, 120, -300, -240, -180, -120, 330, 765, 825];

/**
 * Instants (epoch milliseconds) at, just before, just after and half an hour either side of
 * the first instant of each of DAYS, the day before and the day after, in every zone of TIME_ZONES.
 */
export const BOUNDARY_INSTANTS: readonly number[] = DAYS.flatMap((day) => {
  const utc = Date.parse(`${day}T00:00:00Z`);
  return OFFSETS.flatMap((offset) =>
    [-DAY_MS, 0, DAY_MS].flatMap((shift) => {
      const start = utc + shift - offset * 60_000;
      return [start - 1, start, start + 1, start + 1_800_000, start - 1_800_000];
    }),
  );
});

/** Each of DAYS and the days either side of it. */
const NEAR_DAYS = DAYS.flatMap((day) => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return [isoDay(ms - DAY_MS), day, isoDay(ms + DAY_MS)];
});

/** A yyyy-MM-dd day: near one of DAYS, or any day of 1970–2099. */
export const dayValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NEAR_DAYS) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 0, max: Date.UTC(2099, 11, 31) / DAY_MS })
      .map((d) => isoDay(d * DAY_MS)),
  },
);

/** Epoch milliseconds: near a day bound in some zone, or any instant of 2018–2024. */
export const instantValue: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...BOUNDARY_INSTANTS) },
  { weight: 1, arbitrary: fc.integer({ min: Date.UTC(2018, 0, 1), max: Date.UTC(2025, 0, 1) }) },
);

/** Offsets (minutes) real zones use, at both ends of the range and between whole hours. */
const TEXT_OFFSETS = [0, 60, -300, 330, 345, 765, 840, -720, -570];

/**
 * A date-time text (grammar/language.md 2.5): an instant near a day bound written in some offset (`Z`,
 * `z`, `±HH:MM`, `±HHMM`) or as a wall time with no offset; `T`, `t` or a space; with or without
 * seconds; with up to `maxDigits` fraction digits (the milliseconds cut short or followed by more).
 */
function dateTimeText(maxDigits: number): fc.Arbitrary<string> {
  return fc
    .record({
      instant: instantValue,
      offset: fc.constantFrom(...TEXT_OFFSETS),
      spelling: fc.constantFrom("Z", "Z", "z", "colon", "colon", "compact", "wall"),
      separator: fc.constantFrom("T", "T", "t", " "),
      seconds: fc.boolean(),
      digits: fc.integer({ min: 0, max: maxDigits }),
      finer: fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 6, maxLength: 6 }),
    })
    .map(({ instant, offset, spelling, separator, seconds, digits, finer }) => {
      const zulu = spelling === "Z" || spelling === "z";
      const shift = zulu ? 0 : offset;
      const local = new Date(instant + shift * 60_000).toISOString();
      // The milliseconds, cut short or followed by finer digits: near a bound, on either side.
      const fraction = `${local.slice(20, 23)}${finer}`.slice(0, digits);
      const time = seconds
        ? `${local.slice(11, 19)}${fraction === "" ? "" : `.${fraction}`}`
        : local.slice(11, 16);
      const sign = shift < 0 ? "-" : "+";
      const hh = String(Math.floor(Math.abs(shift) / 60)).padStart(2, "0");
      const mm = String(Math.abs(shift) % 60).padStart(2, "0");
      const zone = {
        Z: "Z",
        z: "z",
        colon: `${sign}${hh}:${mm}`,
        compact: `${sign}${hh}${mm}`,
        wall: "",
      }[spelling];
      return `${local.slice(0, 10)}${separator}${time}${zone}`;
    });
}

/** How a date field's value is held (grammar/language.md 2.5). */
export type DateRepresentation = "day" | "dateTime" | "epochMillis" | "Date";

/** Every representation, the default of the record arbitraries. */
export const DATE_REPRESENTATIONS: readonly DateRepresentation[] = [
  "day",
  "dateTime",
  "epochMillis",
  "Date",
];

const REPRESENTED: Record<DateRepresentation, fc.Arbitrary<unknown>> = {
  day: dayValue,
  // Up to 6 fraction digits: microseconds are the finest a date-time is read to (2.5).
  dateTime: dateTimeText(6),
  epochMillis: instantValue,
  Date: instantValue.map((t) => new Date(t)),
};

/**
 * Texts and values that are no date, some only by a character at either end or one digit too many.
 */
const notDate: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    "2024-02-30",
    "2023-02-29",
    "2024-13-01",
    "2024-3-10",
    "20240310",
    "2024-03-10T24:00:00Z",
    "2024-03-10T23:60:00Z",
    "2024-03-10T12:00:00+05",
    "2024-03-10T",
    "2024-03-10T12",
    "2024-03-10T12:00:00.1234567Z",
  ),
  fc
    .tuple(fc.oneof(dayValue, dateTimeText(6)), fc.constantFrom(" ", "\n", "\t", "x"), fc.boolean())
    .map(([text, extra, before]) => (before ? extra + text : text + extra)),
);

/** A date value in one of the representations; with `noise`, also texts that are no date. */
export function dateValue(
  representations: readonly DateRepresentation[],
  noise: boolean,
): fc.Arbitrary<unknown> {
  if (representations.length === 0) throw new RangeError("dates: give at least one representation");
  const fitting = fc.oneof(...representations.map((r) => REPRESENTED[r]));
  return noise
    ? fc.oneof({ weight: 5, arbitrary: fitting }, { weight: 1, arbitrary: notDate })
    : fitting;
}
