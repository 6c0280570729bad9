// What `runConformance` is given, checked before any request: the options, each user's view,
// and the settings every check of a run shares.
import { type AccessPolicy, readAccessPolicy } from "../api/access-policy.ts";
import { calendarOf } from "../backends/predicate/calendar.ts";
import { InvalidOptionError } from "../errors/invalid-input.ts";
import { type ApiResourceName, RESOURCE_SCHEMAS } from "../schema/resources.ts";
import { readSchema, type Schema, scalarTypeAt } from "../schema/schema.ts";
import { canonicalLanguage } from "../server/translations.ts";
import { CheckLog } from "./checks.ts";
import { isObject, type Settings, type UserView } from "./context.ts";
import { CoverageTally } from "./coverage.ts";
import { type Fetch, guardedFetch, MOST_ANSWER_BYTES } from "./fetch-json.ts";

export const CALLER = "runConformance";

/** What `runConformance` needs: the server, its resource, and fast-check's settings. */
export interface ConformanceOptions {
  /** The API's base, such as `http://127.0.0.1:8080/api`; resources are below it. */
  readonly url: string;
  /** Sent as `Authorization: Bearer <token>`. */
  readonly token: string;
  /** The resource to test, such as `artefacts`; the last segment of `route` unless set. */
  readonly resource?: string | undefined;
  /**
   * The list to test, as a path below `url`: a nested list such as
   * `projects/payments-core/artefacts` (percent-encoded as in a URL); `resource` unless set.
   * Its items are still requested at `<url>/<resource>/<id>`.
   */
  readonly route?: string | undefined;
  /**
   * The fields the generated filters and selections use; the API's own schema (`schemas`) when
   * `resource` is `projects`, `artefacts` or `findings`, required otherwise.
   */
  readonly schema?: Schema | undefined;
  /** Requests to send: 100 unless set. */
  readonly runs?: number | undefined;
  /** fast-check's seed, to repeat a run: a random one unless set (the report gives it). */
  readonly seed?: number | undefined;
  /** With `seed`, fast-check's path of a reported disagreement (`report.path`), to replay it alone. */
  readonly path?: string | undefined;
  /** The zones a `timezone` header is drawn from (it is sometimes left out): `TIME_ZONES` unless set. */
  readonly timeZones?: readonly string[] | undefined;
  /** The `fetch` to send requests with: the global one unless set. */
  readonly fetch?: Fetch | undefined;
  /** Called after each request the property sends, with how many it has sent. */
  readonly onRequest?: ((count: number) => void) | undefined;
  /**
   * Tokens of other users (grammar/language.md 6.10): each user's records are fetched and its
   * requests checked against its own, and a record another user sees that this one does not
   * must be the same 404 as a record nobody has.
   */
  readonly otherTokens?: readonly string[] | undefined;
  /**
   * What the user of each token sees, by token (grammar/language.md 6.9–6.11): a token left out
   * sees every field of `schema`, in UTC and the server's language. A field the user's policy
   * hides is expected to be the same 400 `UNKNOWN_FIELD` as a name the schema lacks, and dates
   * without a `timezone` header are read in the user's zone.
   */
  readonly users?: Readonly<Record<string, ConformanceUserView>> | undefined;
  /**
   * Languages the server has, to ask for with `Accept-Language` (6.11): the records are also
   * fetched in each, and an answer in one must say so (`Content-Language`) and hold those texts.
   */
  readonly languages?: readonly string[] | undefined;
  /** The page size the server answers without `size`: 20 unless set (the reference server's). */
  readonly defaultSize?: number | undefined;
  /** The largest `size` the server takes, past which it answers 400 `SIZE_TOO_LARGE`: 1000 unless set. */
  readonly maxSize?: number | undefined;
  /**
   * A user's Basic credentials: the run then also gets a token from `GET <url>/token`, and checks
   * that `DELETE <url>/token` revokes it (grammar/language.md 6.8).
   */
  readonly credentials?: { readonly user: string; readonly password: string } | undefined;
  /**
   * Moves the server's clock forward by `ms`, for a server that lets its clock be moved (a test
   * server's): with `credentials`, the run checks that a token unused for 15 minutes, and one
   * past its hour, is refused. Called last, as it ends every temporary token, the run's own
   * `token` too if it is one.
   */
  readonly advanceClock?: ((ms: number) => void | Promise<void>) | undefined;
  /**
   * The time one answer may take, in ms, its body read: 30,000 unless set. An answer that sends
   * nothing for 10 s (or half this time, if shorter) is cut sooner.
   */
  readonly timeoutMs?: number | undefined;
  /**
   * The most probes to send before the generated requests: one-predicate filters whose literals
   * sit next to the data (near misses of stored values), each on the whole result; 1000 unless
   * set. Before them go the probes the grammar's tables name (a request for each error code,
   * each keyword in every letter case and without the white space around it, each limit at and
   * past its value, the merge rules of a selection, `Accept-Language` negotiation). 0 sends none
   * of these, nor the selections of two members of one object and the `size=1` walk.
   */
  readonly probes?: number | undefined;
}

/** What one user of the server sees (ConformanceOptions.users). */
export interface ConformanceUserView {
  /**
   * The user's policy for the resource tested (grammar/language.md 6.9), as the server is given
   * it: `selectable` and `filterable` say which fields the user's requests may name; its `where`
   * is the server's to apply, and the records fetched with the user's token already obey it.
   */
  readonly policy?: AccessPolicy | undefined;
  /** The fields the user's requests are checked against: the run's `schema` unless set. */
  readonly schema?: Schema | undefined;
  /** The IANA zone the server reads the user's dates in without a `timezone` header (6.11). */
  readonly timeZone?: string | undefined;
  /** The language the server answers the user in without `Accept-Language` (6.11). */
  readonly language?: string | undefined;
}

/** The list's path below the API's base and the resource its answers name. */
function readRoute(
  route: string | undefined,
  resource: string | undefined,
): { route: string; resource: string } {
  const invalid = (option: string, problem: string) =>
    new InvalidOptionError(CALLER, option, problem);
  if (resource !== undefined && (typeof resource !== "string" || resource === "")) {
    throw invalid("resource", `must be a resource's name, not ${JSON.stringify(resource)}`);
  }
  if (route === undefined) {
    if (resource === undefined) throw invalid("resource", "name the resource, or give a route");
    return { route: encodeURIComponent(resource), resource };
  }
  const path = typeof route === "string" ? route.replace(/^\/+|\/+$/g, "") : "";
  if (path === "" || /[?#]/.test(path) || path.split("/").includes("")) {
    throw invalid(
      "route",
      `must be a path such as "projects/core/artefacts", not ${JSON.stringify(route)}`,
    );
  }
  try {
    const decoded = path.split("/").map((segment) => decodeURIComponent(segment));
    return { route: path, resource: resource ?? (decoded.at(-1) as string) };
  } catch {
    throw invalid("route", `holds a broken percent-escape: ${JSON.stringify(route)}`);
  }
}

/** Each token's view, checked, in the order of `tokens`. */
function readUsers(value: unknown, tokens: readonly string[], schema: Schema): UserView[] {
  const invalid = (problem: string) => new InvalidOptionError(CALLER, "users", problem);
  if (value === undefined) value = {};
  if (!isObject(value)) throw invalid("must be an object of views by token");
  for (const token of Object.keys(value)) {
    if (!tokens.includes(token))
      throw invalid("names a token that is neither token nor one of otherTokens");
  }
  return tokens.map((token) => {
    const view = Object.hasOwn(value, token) ? value[token] : {};
    if (!isObject(view)) throw invalid("holds a view that is not an object");
    const known = ["policy", "schema", "timeZone", "language"];
    const unknown = Object.keys(view).find((name) => !known.includes(name));
    if (unknown !== undefined) {
      throw invalid(`holds "${unknown}": a view holds policy, schema, timeZone and language`);
    }
    const own = view.schema === undefined ? schema : readSchema(view.schema as Schema);
    const zone = view.timeZone;
    if (zone !== undefined && typeof zone !== "string")
      throw invalid("holds a timeZone that is not a zone's name");
    const language = view.language;
    if (language !== undefined && typeof language !== "string")
      throw invalid("holds a language that is not a tag");
    let policy: ReturnType<typeof readAccessPolicy>;
    try {
      policy = readAccessPolicy(CALLER, view.policy, own);
    } catch (error) {
      if (!(error instanceof InvalidOptionError)) throw error;
      throw invalid(
        `holds a policy the schema refuses: ${error.message.replace(`${CALLER}: `, "")}`,
      );
    }
    const { selectable, filterable } = (view.policy ?? {}) as AccessPolicy;
    return {
      policy,
      fieldsPolicy: policy && { selectable, filterable },
      schema: own,
      filterSchema: policy?.filterSchema ?? own,
      timeZone: zone === undefined ? undefined : calendarOf(zone).timeZone,
      language: language === undefined ? undefined : canonicalLanguage(language, "users"),
    };
  });
}

function readOtherTokens(value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((token) => typeof token === "string" && token !== "")) {
    throw new InvalidOptionError(CALLER, "otherTokens", "must be an array of tokens");
  }
  return value;
}

/** The languages to ask for, in the canonical spelling a server answers them in (`fr-ch` is `fr-CH`). */
function readLanguages(value: unknown): string[] {
  if (value === undefined) return [];
  const fail = () =>
    new InvalidOptionError(CALLER, "languages", 'must be an array of language tags such as "fr"');
  if (!Array.isArray(value)) throw fail();
  return value.map((language) => {
    try {
      return canonicalLanguage(language, "languages");
    } catch {
      throw fail();
    }
  });
}

function readSize(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || (value as number) < 1) {
    throw new InvalidOptionError(CALLER, name, `must be a positive integer, not ${String(value)}`);
  }
  return value as number;
}

/** Checks the options a run cannot start without, in the order they are listed. */
export function readSettings(options: ConformanceOptions): Settings {
  const invalid = (option: string, problem: string) =>
    new InvalidOptionError(CALLER, option, problem);
  if (typeof options.url !== "string" || !/^https?:\/\//.test(options.url)) {
    throw invalid("url", `must be an http(s) URL, not ${JSON.stringify(options.url)}`);
  }
  const { runs, seed, path } = options;
  const { route, resource } = readRoute(options.route, options.resource);
  if (runs !== undefined && !(Number.isSafeInteger(runs) && runs >= 1)) {
    throw invalid("runs", `must be a positive integer, not ${String(runs)}`);
  }
  if (seed !== undefined && !Number.isSafeInteger(seed)) {
    throw invalid("seed", `must be an integer, not ${String(seed)}`);
  }
  if (path !== undefined && seed === undefined) {
    throw invalid("path", "replays a case of one run: give its seed too");
  }
  // An unknown zone would throw inside the property, which fast-check takes for a disagreement.
  for (const zone of options.timeZones ?? []) calendarOf(zone);
  const schema =
    options.schema ??
    (Object.hasOwn(RESOURCE_SCHEMAS, resource)
      ? RESOURCE_SCHEMAS[resource as ApiResourceName]
      : undefined);
  if (schema === undefined) {
    throw invalid(
      "schema",
      `is required for ${JSON.stringify(resource)}, not one of the API's resources`,
    );
  }
  const url = options.url.replace(/\/+$/, "");
  const tokens = [options.token, ...readOtherTokens(options.otherTokens)];
  const { credentials, advanceClock } = options;
  const coverage = new CoverageTally((path) => {
    try {
      return scalarTypeAt(schema, path);
    } catch {
      return undefined;
    }
  });
  if (
    credentials !== undefined &&
    !(
      isObject(credentials) &&
      typeof credentials.user === "string" &&
      typeof credentials.password === "string" &&
      !credentials.user.includes(":")
    )
  ) {
    throw invalid("credentials", "must be { user, password }: strings, the user without a colon");
  }
  if (advanceClock !== undefined && typeof advanceClock !== "function") {
    throw invalid("advanceClock", "must be a function that moves the server's clock by ms");
  }
  return {
    api: url,
    base: `${url}/${route}`,
    itemBase: `${url}/${encodeURIComponent(resource)}`,
    tokens,
    users: readUsers(options.users, tokens, schema),
    languages: [undefined, ...readLanguages(options.languages)],
    resource,
    schema,
    fetch: guardedFetch(options.fetch ?? ((input, init) => fetch(input, init)), {
      origin: new URL(url).origin,
      timeoutMs: readSize("timeoutMs", options.timeoutMs, 30_000),
      mostBytes: MOST_ANSWER_BYTES,
    }),
    defaultSize: readSize("defaultSize", options.defaultSize, 20),
    maxSize: readSize("maxSize", options.maxSize, 1000),
    credentials,
    advanceClock,
    coverage,
    checks: new CheckLog(coverage),
  };
}
