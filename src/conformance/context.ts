// What every check of a run shares: the settings read from the options, the records each user
// saw, the coverage being counted, and how a disagreement is written.
import type { AccessPolicy, CheckedPolicy } from "../api/access-policy.ts";
import type { Schema } from "../schema/schema.ts";
import type { CheckLog } from "./checks.ts";
import type { CoverageTally } from "./coverage.ts";
import type { Fetch } from "./fetch-json.ts";
import { curlLine, type EvaluationVector, type ListVector } from "./repro.ts";

export type Row = Record<string, unknown>;

export { isPlainRecord as isObject } from "../base/members.ts";

/** How one response differed from the reference evaluation. */
export interface Disagreement {
  /** The URL requested, query string included. */
  readonly request: string;
  /** The `timezone` header sent with it, if any. */
  readonly timeZone: string | undefined;
  /** What differed: a status, the items (with the first different one), or a link by name. */
  readonly reason: string;
  /** The reference's answer in brief: the item count and ids and the links' pages, or the item. */
  readonly expected: string;
  /** The server's answer, described the same way. */
  readonly received: string;
  /** The request as a `curl` command, its bearer token left as `$QAQL_TOKEN`. */
  readonly curl: string;
  /**
   * The disagreement as a vector of grammar/conformance/README.md, for the server's own tests:
   * where a filter kept other records, an evaluation vector of those records; where a page or
   * its links differ, a `paginate` vector; where an invalid request was not refused as it must
   * be, a `read` vector. Absent for items and tokens.
   */
  readonly vector?: EvaluationVector | ListVector | undefined;
}

/** A disagreement before its `curl` line is written: the headers the request was sent with. */
export type Found = Omit<Disagreement, "curl"> & {
  readonly headers: Readonly<Record<string, string>>;
  readonly method?: string;
};

/** Writes the `curl` line of a disagreement. */
export function finish(found: Found): Disagreement {
  const { headers, method, ...rest } = found;
  return { ...rest, curl: curlLine(rest.request, headers, method) };
}

/** What one user sees, as the run reads it (ConformanceOptions.users). */
export interface UserView {
  /** The user's policy, read against `schema`: a field it hides is an unknown one. */
  readonly policy: CheckedPolicy | undefined;
  /**
   * Its `selectable` and `filterable` alone, for `readListRequest`: the records fetched obey its
   * `where` already, which may read fields they no longer hold.
   */
  readonly fieldsPolicy: AccessPolicy | undefined;
  /** The fields this user's requests are checked against. */
  readonly schema: Schema;
  /** The fields this user's filters may name: those its policy lets it filter on, or `schema`'s. */
  readonly filterSchema: Schema;
  /** The zone the user's dates are read in without a `timezone` header. */
  readonly timeZone: string | undefined;
  /** The language the user's answers are in without `Accept-Language`. */
  readonly language: string | undefined;
}

/** What a run reads once its options are checked. */
export interface Settings {
  /** The API's base URL, without a trailing slash. */
  readonly api: string;
  /** The list's URL. */
  readonly base: string;
  /** The URL below which an item is found by its id. */
  readonly itemBase: string;
  /** The first user's token, then the others'. */
  readonly tokens: readonly string[];
  /** What the user of each token sees, in the order of `tokens`. */
  readonly users: readonly UserView[];
  /** No `Accept-Language`, then each language given. */
  readonly languages: readonly (string | undefined)[];
  readonly resource: string;
  readonly schema: Schema;
  readonly fetch: Fetch;
  readonly defaultSize: number;
  readonly maxSize: number;
  readonly credentials: { readonly user: string; readonly password: string } | undefined;
  readonly advanceClock: ((ms: number) => void | Promise<void>) | undefined;
  readonly coverage: CoverageTally;
  readonly checks: CheckLog;
}

/** What each user saw when the run began, in each language (`views[user][language]`). */
export interface Views {
  readonly views: readonly (readonly (readonly Row[])[])[];
  /** By user: the records other users see and this one does not. */
  readonly hidden: readonly (readonly Row[])[];
  /** An id no user's record has, of the same kind as theirs. */
  readonly nobody: string;
}

export function headersFor(
  token: string,
  timeZone?: string,
  language?: string,
): Record<string, string> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    accept: "application/json",
  };
  if (timeZone !== undefined) headers.timezone = timeZone;
  if (language !== undefined) headers["accept-language"] = language;
  return headers;
}
