import { tokenMatcher } from "chevrotain";
import { calendarOf, dayBounds } from "../backends/predicate/calendar.ts";
import {
  checkOptionNames,
  optionNamesOf,
  readOptions,
  readSchemaOption,
  readStringOption,
  type SchemaOption,
} from "../check/read-options.ts";
import { readDate } from "../schema/literals.ts";
import { lexWhere } from "../syntax/lex-where.ts";
import { Path } from "../syntax/shared-tokens.ts";
import { Value } from "../syntax/where-tokens.ts";
import { checkTextAndOffset, describeType, pathBefore, typeAt } from "./context.ts";

/** Options of `describeWhereAt`. */
export interface DescribeOptions {
  /** The schema that gives each field its type. */
  readonly schema?: SchemaOption | undefined;
  /** The IANA zone in which dates are calendar days (grammar/language.md 2.5); UTC unless set. */
  readonly timeZone?: string | undefined;
}

/** What a stretch of a filter means, for an editor's hover: `[from, to)` and a sentence. */
export interface Description {
  readonly from: number;
  readonly to: number;
  readonly text: string;
}

const OPTION_NAMES = optionNamesOf<DescribeOptions>({ schema: true, timeZone: true });

/**
 * What the token at `offset` of a `where` filter means: a path's type in the schema, or the
 * instants a date value spans in the time zone (a day starts at its first instant there, 2.5).
 * Undefined elsewhere. Throws `UnknownTimeZoneError` for a zone the runtime does not know.
 * It has no fields twin, on purpose: a selection holds names and no values, so all a hover
 * there could say is a name's type, which `completeFields` already shows beside each name.
 */
export function describeWhereAt(
  text: string,
  offset: number,
  options?: DescribeOptions,
): Description | undefined {
  const caller = "describeWhereAt";
  checkTextAndOffset(caller, text, offset);
  const given = readOptions<DescribeOptions>(caller, options);
  checkOptionNames(caller, given, OPTION_NAMES);
  const schema = readSchemaOption(caller, given.schema);
  const calendar = calendarOf(readStringOption(caller, "timeZone", given.timeZone));
  const tokens = lexWhere(text).tokens;
  const index = tokens.findIndex(
    (token) => token.startOffset <= offset && offset <= token.startOffset + token.image.length,
  );
  const token = tokens[index];
  if (token === undefined) return undefined;
  const from = token.startOffset;
  const to = from + token.image.length;
  if (tokenMatcher(token, Path)) {
    const type = typeAt(schema, token);
    return type && { from, to, text: `${token.image}: ${describeType(type)}` };
  }
  if (!tokenMatcher(token, Value)) return undefined;
  const day = readDate(token.image);
  const type = typeAt(schema, pathBefore(tokens, index));
  // An `any` field compares a date literal as no schema does: with numbers and Dates (2.3).
  if (day === undefined || (schema && type?.kind !== "date" && type?.kind !== "any")) {
    return undefined;
  }
  const { start, end } = dayBounds(calendar, day);
  const instant = (ms: number) => new Date(ms).toISOString();
  return {
    from,
    to,
    text: `${token.image} in ${calendar.timeZone}: from ${instant(start)} up to ${instant(end)}`,
  };
}
