// A tree cannot say in which zone a subtree reads its dates, and a policy's filter must keep its
// own while the caller's takes the request's (grammar/language.md 6.9): so the filter a request
// runs under a policy is parts, each with its zone, and every backend takes the parts.
import type { WhereExpression } from "./where.ts";

/** One part of a `ZonedFilter`: a tree, and the zone it reads dates in. */
export interface ZonedPart {
  readonly where: WhereExpression;
  /** The IANA zone of the part's calendar days; undefined: the zone the filter is run in. */
  readonly timeZone?: string | undefined;
}

/**
 * A filter of parts that must all hold, each reading its dates in its own zone: a policy's
 * filter in the policy's zone AND the caller's in the request's (grammar/language.md 6.9).
 * The language has no text for it; every backend that runs a filter takes it.
 */
export interface ZonedFilter {
  readonly kind: "zoned";
  /** At least one. */
  readonly parts: readonly ZonedPart[];
}

/** What a backend runs: a tree, read wholly in the zone it is run in, or a filter of zoned parts. */
export type Filter = WhereExpression | ZonedFilter;

/** A part as a backend runs it: the zone resolved against the one the filter is run in. */
export interface RunPart {
  readonly where: WhereExpression;
  readonly timeZone: string | undefined;
}

/** A policy's filter and the zone it reads dates in. */
export interface RequiredFilter {
  readonly where: WhereExpression;
  readonly timeZone: string;
}

/**
 * The filter a request under a policy runs: the policy's filter, read in `required.timeZone`,
 * AND-ed with the caller's, read in the request's; the caller's alone without a policy filter.
 * The one place the two are put together, for every backend.
 */
export function policedFilter(required: RequiredFilter | undefined, caller: Filter): Filter;
export function policedFilter(
  required: RequiredFilter | undefined,
  caller: Filter | undefined,
): Filter | undefined;
export function policedFilter(
  required: RequiredFilter | undefined,
  caller: Filter | undefined,
): Filter | undefined {
  if (required === undefined) return caller;
  const first: ZonedPart = { where: required.where, timeZone: required.timeZone };
  if (caller === undefined) return { kind: "zoned", parts: [first] };
  const rest = caller.kind === "zoned" ? caller.parts : [{ where: caller }];
  return { kind: "zoned", parts: [first, ...rest] };
}

/** The parts of `filter` in the order they are AND-ed, each with the zone it reads dates in. */
export function runPartsOf(filter: Filter, timeZone: string | undefined): readonly RunPart[] {
  if (filter.kind !== "zoned") return [{ where: filter, timeZone }];
  return filter.parts.map((part) => ({ where: part.where, timeZone: part.timeZone ?? timeZone }));
}
