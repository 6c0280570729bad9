// How the text of a literal reads as each field type (grammar/language.md 2.3).

const NUMBER_TEXT = /^-?[0-9]+(?:\.[0-9]+)?$/;
const DATE_TEXT = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

/** The number a text stands for, or undefined when it is not `-?[0-9]+(\.[0-9]+)?`. */
export function readNumber(text: string): number | undefined {
  return NUMBER_TEXT.test(text) ? Number(text) : undefined;
}

/** `true` or `false` in any case, or undefined. */
export function readBoolean(text: string): boolean | undefined {
  const lower = text.toLowerCase();
  return lower === "true" ? true : lower === "false" ? false : undefined;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The day number of a `yyyy-MM-dd` text naming a real calendar day, or undefined. */
export function readDate(text: string): number | undefined {
  const match = DATE_TEXT.exec(text);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  // Year 0000 is no year of the Gregorian calendar as PostgreSQL and MySQL read it (decided here).
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return undefined;
  return daysFromCivil(year, month, day);
}

/** Milliseconds in a day of UTC. */
export const DAY_MS = 86_400_000;

const DATE_TIME =
  /^([0-9]{4}-[0-9]{2}-[0-9]{2})[Tt ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,6}))?)?(?:([Zz])|([+-])([0-9]{2}):?([0-9]{2}))?$/;

/** A date value's text read: a calendar day, or an instant in epoch milliseconds. */
export type DateText =
  | { readonly day: number; readonly instant?: undefined }
  | { readonly instant: number; readonly day?: undefined };

/**
 * A string value of a date field read as grammar/language.md 2.5 says: `yyyy-MM-dd`, or a date-time
 * without an offset (a wall time: its day is its date part), is a day; a date-time with an offset
 * is an instant; fractions go to microseconds and offsets to ±14:59, as far as SQL engines read
 * them (decided here). Undefined for any other text.
 */
export function readDateText(text: string): DateText | undefined {
  if (text.length === 10) {
    const day = readDate(text);
    return day === undefined ? undefined : { day };
  }
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const day = readDate(match[1] as string);
  const hour = Number(match[2]);
  const minute = Number(match[3]);
  const second = match[4] === undefined ? 0 : Number(match[4]);
  if (day === undefined || hour > 23 || minute > 59 || second > 59) return undefined;
  if (match[7] !== undefined && (Number(match[8]) > 14 || Number(match[9]) > 59)) return undefined;
  if (match[6] === undefined && match[7] === undefined) return { day };
  const fraction = match[5] === undefined ? 0 : Number(`0.${match[5]}`) * 1000;
  const offset =
    match[7] === undefined
      ? 0
      : (match[7] === "-" ? -1 : 1) * (Number(match[8]) * 60 + Number(match[9])) * 60_000;
  return {
    instant: day * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000 + fraction - offset,
  };
}
