import fc from "fast-check";
import { type AccessPolicy, readAccessPolicy } from "../api/access-policy.ts";
import { seededChoices } from "../arbitraries/choices.ts";
import { fieldsArbitrary, TIME_ZONES, whereArbitrary } from "../arbitraries/index.ts";
import type { FieldsNode } from "../ast/fields.ts";
import { NO_SPAN } from "../ast/span.ts";
import { calendarOf } from "../backends/predicate/calendar.ts";
import { ConformanceError } from "../errors/conformance-error.ts";
import { InvalidOptionError } from "../errors/invalid-input.ts";
import { type ApiResourceName, RESOURCE_SCHEMAS } from "../schema/resources.ts";
import { listScalarFields } from "../schema/scalar-fields.ts";
import { readSchema, type Schema, scalarTypeAt } from "../schema/schema.ts";
import { canonicalLanguage } from "../server/translations.ts";
import { CheckLog, type ConformanceCheck } from "./checks.ts";
import {
  type Disagreement,
  type Found,
  finish,
  headersFor,
  isObject,
  type Row,
  type Settings,
  type UserView,
  type Views,
} from "./context.ts";
import { type ConformanceCoverage, CoverageTally, dataWarnings } from "./coverage.ts";
import { type Fetch, fetchJson, guardedFetch, MOST_ANSWER_BYTES } from "./fetch-json.ts";
import {
  checkErrors,
  checkLifetimes,
  checkPaging,
  checkRevoking,
  fixedCheckNames,
  LIFETIME_CHECKS,
  REVOKING_CHECK,
} from "./fixed-checks.ts";
import { checkGrammar } from "./grammar-probes.ts";
import { type ConformanceCase, check, fieldsText } from "./list-check.ts";
import { probesFor, selectionProbes } from "./probes.ts";
import { referenceEvaluate } from "./reference-evaluate.ts";

export type { ConformanceCheck, ConformanceCheckOutcome } from "./checks.ts";
export type { Disagreement } from "./context.ts";
export type { ConformanceCoverage, Tally } from "./coverage.ts";
export type { ConformanceAsker, ConformanceCase } from "./list-check.ts";
export type { EvaluationVector, ListVector } from "./repro.ts";

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

/** What every report holds. */
interface ReportBase {
  /** Generated requests sent (until the first disagreement, shrinking aside). */
  readonly runs: number;
  /** Probes sent (until the first disagreement). */
  readonly probes: number;
  /** The seed that repeats the run. */
  readonly seed: number;
  /** Records of the list fetched before the run, by the first user. */
  readonly records: number;
  /** The resource the list's answers name, given or taken from the route. */
  readonly resource: string;
  /** The users whose tokens were given. */
  readonly users: number;
  /** What the run exercised (up to the disagreement), and what the data cannot exercise. */
  readonly coverage: ConformanceCoverage;
  /**
   * Every check of the run, in the order it makes them, with its outcome: each fixed check, the
   * probes of each field, the selection probes, the `size=1` walk, the generated requests (one
   * check: fast-check draws them anew from each seed) and the token lifetimes; those the first
   * disagreement kept from running are `not reached`, those the options or data leave out
   * `left out`. A replay (`path`) makes only the generated request.
   */
  readonly checks: readonly ConformanceCheck[];
}

/** The server matched the reference on every request. */
export interface ConformanceAgreement extends ReportBase {
  readonly agrees: true;
}

/**
 * The server answered a request differently: the first such request; a generated one is shrunk
 * to a minimal one, a fixed check or a probe is minimal already.
 */
export interface ConformanceDisagreement extends ReportBase {
  readonly agrees: false;
  /**
   * With `seed`, replays the shrunk generated request alone: `runConformance({ …, seed, path })`;
   * empty when a fixed check or a probe disagreed, which the same seed repeats.
   */
  readonly path: string;
  /** Shrinking steps from the first disagreement to this one. */
  readonly shrinks: number;
  /** The request, with what was expected and received, as `curl`, and as a vector when it can be. */
  readonly disagreement: Disagreement;
}

/** The outcome of `runConformance`: agreement over every request, or the first disagreement. */
export type ConformanceReport = ConformanceAgreement | ConformanceDisagreement;

const CALLER = "runConformance";

/** The most pages of a list the kit follows `next` links through when its first names no last one. */
export const MOST_PAGES = 10_000;

/**
 * The most characters of records the kit fetches, over every user and language: it holds them
 * all to evaluate the reference, some 60,000 of the API's records, within 512 MB.
 */
export const MOST_RECORD_CHARS = 64 * 1024 * 1024;

/** The page number a link names, if it names one. */
function pageOf(link: unknown, base: string): number | undefined {
  if (!isObject(link) || typeof link.href !== "string") return undefined;
  try {
    const page = Number(new URL(link.href, base).searchParams.get("page"));
    return Number.isSafeInteger(page) && page >= 1 ? page : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads every record of the resource once, as one user in one language, following `next` links
 * to the last page the first page names (or MOST_PAGES without one); `held` counts the
 * characters of records read so far, over every view, up to MOST_RECORD_CHARS.
 */
async function fetchAll(
  settings: Settings,
  token: string,
  language: string | undefined,
  held: { chars: number },
): Promise<Row[]> {
  const { resource } = settings;
  const records: Row[] = [];
  const seen = new Set<string>();
  let next: string | undefined = settings.base;
  let lastPage: number | undefined;
  while (next !== undefined) {
    const url: string = next;
    const unreadable = (message: string) => new ConformanceError("SERVER_UNREADABLE", url, message);
    if (seen.has(url)) throw unreadable(`the server's next links loop back to ${url}`);
    // Past the last page the first one names, a next link is the checks' to judge, not to follow.
    if (lastPage !== undefined && seen.size >= lastPage) break;
    if (seen.size >= MOST_PAGES) {
      throw unreadable(
        `the server's next links go on past page ${MOST_PAGES}, the most the kit follows, to ${url}`,
      );
    }
    seen.add(url);
    const response = await fetchJson(settings.fetch, url, headersFor(token, undefined, language));
    held.chars += response.size;
    if (held.chars > MOST_RECORD_CHARS) {
      throw unreadable(
        `the records fetched are over ${MOST_RECORD_CHARS / 1024 / 1024} MiB of JSON, more than the kit holds to evaluate them: test a smaller list (--route) or less data`,
      );
    }
    if (
      language !== undefined &&
      response.status === 200 &&
      response.contentLanguage !== language
    ) {
      throw unreadable(
        `GET ${url} with Accept-Language: ${language} answered in ${response.contentLanguage ?? "no language it named"}: name only languages the server has`,
      );
    }
    if (response.status !== 200) {
      const message = isObject(response.body) ? response.body.message : undefined;
      throw unreadable(
        `GET ${url} answered ${response.status}${typeof message === "string" ? `: ${message}` : ""}`,
      );
    }
    const body = response.body;
    const items = isObject(body) ? body[resource] : undefined;
    if (!isObject(body) || !Array.isArray(items) || !isObject(body._links)) {
      throw unreadable(`GET ${url} is not a list response with _links and "${resource}"`);
    }
    for (const item of items) {
      if (!isObject(item)) throw unreadable(`GET ${url} holds an item that is not an object`);
      records.push(item);
    }
    const links = body._links as Row;
    if (lastPage === undefined) lastPage = pageOf(links.last, url);
    const link = links.next;
    const href = isObject(link) && typeof link.href === "string" ? link.href : undefined;
    next = href === undefined ? undefined : new URL(href, url).href;
  }
  return records;
}

/** Cases drawn for the fetched records: filters use their values, pages fall inside the result or just past it. */
function casesFor(
  views: Views,
  schema: Schema,
  timeZones: readonly string[],
): fc.Arbitrary<ConformanceCase> {
  const users = views.views.length;
  const languages = views.views[0]?.length ?? 1;
  const asker = {
    user: fc.integer({ min: 0, max: users - 1 }),
    language: fc.integer({ min: 0, max: languages - 1 }),
  };
  // Literals come from every record any user saw, in any language.
  const records = views.views.flat(2);
  // Two texts in three are spelt as a user might (keyword case, quotes, white space); shrinking goes to the canonical one.
  const spelling = fc.option(fc.integer(), { nil: undefined, freq: 3 });
  const list: fc.Arbitrary<ConformanceCase> = fc.record({
    ...asker,
    kind: fc.constant("list" as const),
    where: fc.option(whereArbitrary(schema, { records }), { nil: undefined, freq: 6 }),
    whereSpelling: spelling,
    fields: fc.option(fieldsArbitrary(schema), { nil: undefined, freq: 2 }),
    fieldsSpelling: spelling,
    // Most pages inside the result, one in five past its end.
    pageAt: fc.option(
      fc.oneof(
        { weight: 4, arbitrary: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }) },
      ),
      { nil: undefined, freq: 6 },
    ),
    size: fc.integer({ min: 1, max: 25 }),
    timeZone:
      timeZones.length === 0
        ? fc.constant(undefined)
        : fc.option(fc.constantFrom(...timeZones), { nil: undefined, freq: 2 }),
  });
  const withIds = records.filter(
    (record) => typeof record.id === "number" || typeof record.id === "string",
  );
  if (withIds.length < records.length || records.length === 0) return list;
  const item: fc.Arbitrary<ConformanceCase> = fc.record({
    ...asker,
    kind: fc.constant("item" as const),
    index: fc.nat(),
    fields: fc.option(fieldsArbitrary(schema), { nil: undefined, freq: 2 }),
    fieldsSpelling: spelling,
  });
  if (views.hidden.every((rows) => rows.length === 0)) {
    return fc.oneof({ weight: 6, arbitrary: list }, { weight: 1, arbitrary: item });
  }
  const hidden: fc.Arbitrary<ConformanceCase> = fc.record({
    ...asker,
    kind: fc.constant("hidden" as const),
    index: fc.nat(),
  });
  return fc.oneof(
    { weight: 6, arbitrary: list },
    { weight: 1, arbitrary: item },
    { weight: 1, arbitrary: hidden },
  );
}

/** Fetches what each user sees in each language, and what each does not see of the others'. */
async function fetchViews(settings: Settings): Promise<Views> {
  const views: Row[][][] = [];
  const held = { chars: 0 };
  for (const token of settings.tokens) {
    const own: Row[][] = [];
    for (const language of settings.languages) {
      own.push(await fetchAll(settings, token, language, held));
    }
    views.push(own);
  }
  const idsOf = (rows: readonly Row[]) => new Set(rows.map((row) => String(row.id)));
  const seen = views.map((own) => idsOf(own[0] ?? []));
  const hidden = views.map((_, user) => {
    const others = views.flatMap((own, other) => (other === user ? [] : (own[0] ?? [])));
    const mine = seen[user] as Set<string>;
    const unique = new Map(
      others.filter((row) => !mine.has(String(row.id))).map((row) => [String(row.id), row]),
    );
    return [...unique.values()];
  });
  const all = views.flatMap((own) => own[0] ?? []);
  const numeric = all.length > 0 && all.every((row) => typeof row.id === "number");
  const largest = numeric ? Math.max(...all.map((row) => row.id as number)) : 0;
  const nobody = numeric ? String(Math.trunc(largest) * 10 + 7) : "qaql-conformance-nobody";
  return { views, hidden, nobody };
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
function readSettings(options: ConformanceOptions): Settings {
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

const DEFAULT_PROBES = 1000;
/** A walk with `size=1` pins each item's position: it covers results of at most this many. */
const MOST_WALKED = 30;

/** The selection of probes and walks: the ids alone, when the schema has them, to keep answers small. */
function idsOnly(schema: Schema): FieldsNode | undefined {
  if (!Object.hasOwn(schema.fields, "id")) return undefined;
  const path = { kind: "path" as const, segments: ["id"], span: NO_SPAN };
  return {
    kind: "fields",
    items: [{ kind: "fieldItem", path, selection: null, span: NO_SPAN }],
    span: NO_SPAN,
  };
}

/** Shuffles in place with `pick`, for a deterministic sample of the probes. */
function shuffle<T>(items: T[], pick: (n: number) => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** The check of the selection probes. */
const SELECTIONS_CHECK = "selections of two members of one object, or of one some records lack";
/** The check of the `size=1` walk. */
const WALK_CHECK = "a size=1 walk through a small result, and two pages past its end";
/** The check of the generated requests: one, as fast-check draws them anew from each seed. */
const GENERATED_CHECK = "generated filters, selections and pages";

/** The check a probe belongs to: the probes of its field. */
const probeCheck = (path: readonly string[]) => `probes on ${path.join(".")}`;

/** A case sent once before the generated ones, and the check it belongs to. */
interface Sweep {
  readonly kind: "probes" | "walk";
  readonly check: string;
  readonly testCase: ConformanceCase;
}

/**
 * The cases sent once before the generated ones: the probes, each on the whole result in one
 * page, then a walk through one small result with `size=1`, past its end included, so that each
 * item's position and every page's links are checked.
 */
async function sweepCases(
  views: Views,
  settings: Settings,
  timeZones: readonly string[],
  seed: number,
  most: number,
): Promise<Sweep[]> {
  if (most === 0) return [];
  const records = views.views[0]?.[0] ?? [];
  const choices = seededChoices(seed);
  const pick = (n: number) => choices.pick(n);
  const fields = idsOnly(settings.schema);
  const size = Math.min(settings.maxSize, 1000);
  const probes = shuffle(probesFor(records, settings.schema, timeZones, pick), pick).slice(0, most);
  const cases: ConformanceCase[] = probes.map(({ where, timeZone }) => ({
    kind: "list",
    user: 0,
    language: 0,
    where,
    whereSpelling: pick(3) === 0 ? undefined : pick(0x7fffffff),
    fields,
    fieldsSpelling: undefined,
    pageAt: undefined,
    size,
    timeZone,
  }));
  // Each selection as written, `a.x,a.y` (found among the first spellings), and canonical.
  for (const selection of selectionProbes(settings.schema, records)) {
    const name = selection.items.at(-1)?.path.segments[0] as string;
    const split = new RegExp(`(^|,)\\s*${name}\\s*\\.[^,]*,\\s*${name}\\s*\\.`);
    const seeds = Array.from({ length: 64 }, (_, i) => i);
    const spelt = seeds.find((seed) => split.test(fieldsText(selection, seed)));
    for (const fieldsSpelling of new Set([spelt, undefined])) {
      cases.push({
        kind: "list",
        user: 0,
        language: 0,
        where: undefined,
        whereSpelling: undefined,
        fields: selection,
        fieldsSpelling,
        pageAt: undefined,
        size,
        timeZone: undefined,
      });
    }
  }
  const walk = await walkCases(cases, records, settings);
  return [
    ...cases.map((testCase, i) => {
      const probe = probes[i];
      return {
        kind: "probes" as const,
        check: probe ? probeCheck(probe.where.path.segments) : SELECTIONS_CHECK,
        testCase,
      };
    }),
    ...zoneSweeps(views, settings, pick, most),
    ...walk.map((testCase) => ({ kind: "walk" as const, check: WALK_CHECK, testCase })),
  ];
}

/** The most probes of one user's zone. */
const MOST_ZONE_PROBES = 100;

/**
 * For each other user with a zone of its own (6.11), the probes whose days fall either side of
 * midnight there, sent as that user without a `timezone` header: dates read in any other zone
 * (UTC, the server's) keep other records.
 */
function zoneSweeps(
  views: Views,
  settings: Settings,
  pick: (n: number) => number,
  most: number,
): Sweep[] {
  const sweeps: Sweep[] = [];
  settings.users.forEach((user, index) => {
    const zone = user.timeZone;
    if (index === 0 || zone === undefined) return;
    const records = views.views[index]?.[0] ?? [];
    const schema = user.policy?.filterSchema ?? user.schema;
    const inZone = probesFor(records, schema, [zone], pick).filter(
      (probe) => probe.timeZone === zone,
    );
    for (const probe of inZone.slice(0, Math.min(most, MOST_ZONE_PROBES))) {
      sweeps.push({
        kind: "probes",
        check: `${probeCheck(probe.where.path.segments)}, as user ${index + 1} in its zone`,
        testCase: {
          kind: "list",
          user: index,
          language: 0,
          where: probe.where,
          whereSpelling: undefined,
          fields: idsOnly(settings.schema),
          fieldsSpelling: undefined,
          pageAt: undefined,
          size: Math.min(settings.maxSize, 1000),
          timeZone: undefined,
        },
      });
    }
  });
  return sweeps;
}

type ListCase = Extract<ConformanceCase, { kind: "list" }>;

/**
 * A `size=1` walk through one small result, and two pages past its end: the whole list when it
 * is small, else the first probe's result that holds from 3 to `MOST_WALKED` records.
 */
async function walkCases(
  cases: readonly ConformanceCase[],
  records: readonly Row[],
  settings: Settings,
): Promise<ListCase[]> {
  const totalOf = async (probe: ListCase) =>
    probe.where === undefined
      ? records.length
      : (
          await referenceEvaluate(records, {
            where: probe.where,
            fields: undefined,
            page: 1,
            size: 1,
            paginated: true,
            resource: settings.resource,
            timeZone: probe.timeZone ?? "UTC",
            schema: settings.schema,
          })
        ).total;
  const whole: ListCase = {
    kind: "list",
    user: 0,
    language: 0,
    where: undefined,
    whereSpelling: undefined,
    fields: undefined,
    fieldsSpelling: undefined,
    pageAt: undefined,
    size: 1,
    timeZone: undefined,
  };
  let walk = records.length <= MOST_WALKED ? whole : undefined;
  let total = records.length;
  for (const probe of cases) {
    if (walk) break;
    if (probe.kind !== "list" || probe.where === undefined) continue;
    total = await totalOf(probe);
    if (total >= 3 && total <= MOST_WALKED) walk = probe;
  }
  if (walk === undefined) return [];
  const pages = Math.max(1, total);
  const inside = Array.from({ length: pages }, (_, i) => (i + 0.5) / pages);
  const from = walk;
  return [...inside, 1, 2].map((pageAt) => ({ ...from, fields: undefined, pageAt, size: 1 }));
}

/** The check of the probes the grammar's tables name (grammar-probes.ts). */
const GRAMMAR_CHECK = "the grammar's probes: error codes, keywords, limits, merge rules, languages";

/** Lists the checks of a whole run in the order it makes them, and those it leaves out. */
function planChecks(
  settings: Settings,
  seed: number,
  sweeps: readonly Sweep[],
  mostProbes: number,
): void {
  const { checks, credentials, advanceClock } = settings;
  const noCredentials = "no credentials were given";
  for (const name of fixedCheckNames(settings, seed)) checks.plan("fixed", name);
  if (!credentials) checks.leaveOut("fixed", REVOKING_CHECK, noCredentials);
  if (mostProbes > 0) checks.plan("probes", GRAMMAR_CHECK);
  // The probes of each field in the schema's order, whatever order the seed sends them in.
  const fields = listScalarFields(settings.schema).map(({ path }) => probeCheck(path));
  const rank = (sweep: Sweep) => {
    const at = fields.indexOf(sweep.check);
    return at === -1 ? fields.length : at;
  };
  for (const sweep of [...sweeps].sort((a, b) => rank(a) - rank(b))) {
    checks.plan(sweep.kind, sweep.check);
  }
  if (mostProbes === 0) checks.leaveOut("probes", "probes", "no probes were asked for");
  else if (!sweeps.some((sweep) => sweep.kind === "walk")) {
    checks.leaveOut("walk", WALK_CHECK, `no result of 3 to ${MOST_WALKED} records to walk`);
  }
  checks.plan("generated", GENERATED_CHECK);
  for (const name of LIFETIME_CHECKS) {
    if (credentials && advanceClock) checks.plan("fixed", name);
    else {
      const why = credentials ? "the server's clock cannot be moved (advanceClock)" : noCredentials;
      checks.leaveOut("fixed", name, why);
    }
  }
}

/**
 * Checks a live server against the reference semantics: fetches every record of the resource
 * once; sends the fixed checks (page sizes, errors, tokens), the probes (filters whose literals
 * sit next to the data), a `size=1` walk, then generated filters, selections and pages
 * (fast-check) in many spellings, comparing each answer with the reference evaluation of the
 * same records; a disagreement among the generated requests is shrunk to a minimal one. Throws
 * an InvalidOptionError (or UnknownTimeZoneError) for options it cannot run with, before any
 * request, and a ConformanceError when the server cannot be read.
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const settings = readSettings(options);
  const mostProbes = options.probes ?? DEFAULT_PROBES;
  if (!(Number.isSafeInteger(mostProbes) && mostProbes >= 0)) {
    throw new InvalidOptionError(
      CALLER,
      "probes",
      `must be a whole number, not ${String(mostProbes)}`,
    );
  }
  const views = await fetchViews(settings);
  const records = views.views[0]?.[0] ?? [];
  const { coverage, resource } = settings;
  const seed = options.seed ?? Date.now() ^ (Math.random() * 0x100000000);
  const timeZones = options.timeZones ?? TIME_ZONES;
  for (const warning of dataWarnings(records, settings.schema, settings.defaultSize)) {
    coverage.warn(warning);
  }
  if (!settings.credentials) {
    coverage.warn(
      "no credentials: GET /token and revoking a token with DELETE /token are not checked",
    );
  } else if (!settings.advanceClock) {
    coverage.warn(
      "the server's clock cannot be moved (advanceClock): idle and expired tokens are not checked",
    );
  }
  const base = { seed, records: records.length, resource, users: settings.tokens.length };
  const { checks } = settings;
  let runs = 0;
  let probes = 0;
  const report = (found: Found | undefined, path = "", shrinks = 0): ConformanceReport => {
    if (found === undefined) {
      return {
        agrees: true,
        ...base,
        runs,
        probes,
        coverage: coverage.report(),
        checks: checks.report(),
      };
    }
    checks.disagree();
    return {
      agrees: false,
      ...base,
      runs,
      probes,
      path,
      shrinks,
      disagreement: finish(found),
      coverage: coverage.report(),
      checks: checks.report(),
    };
  };

  // A path replays one generated case; an empty one (a fixed check's or a probe's) the whole run.
  const replaying = options.path !== undefined && options.path !== "";
  const sweeps = replaying ? [] : await sweepCases(views, settings, timeZones, seed, mostProbes);
  if (replaying) checks.plan("generated", GENERATED_CHECK);
  else planChecks(settings, seed, sweeps, mostProbes);
  if (!replaying) {
    const fixed =
      (await checkPaging(settings, records)) ??
      (await checkErrors(settings, seed)) ??
      (await checkRevoking(settings));
    if (fixed) return report(fixed);
    const countProbe = () => {
      probes++;
      options.onRequest?.(probes);
    };
    if (mostProbes > 0) {
      checks.begin(GRAMMAR_CHECK);
      const grammar = await checkGrammar(views, settings, countProbe);
      if (grammar) return report(grammar);
    }
    for (const { check: name, testCase: sweep } of sweeps) {
      countProbe();
      checks.begin(name);
      const found = await check(sweep, views, settings);
      if (!found) continue;
      // A probe is one predicate already; shrinking it leaves only its spelling, when that is not the bug.
      const plain =
        sweep.kind === "list" && sweep.whereSpelling !== undefined
          ? await check({ ...sweep, whereSpelling: undefined }, views, settings)
          : undefined;
      return report(plain ?? found);
    }
  }
  // A server the kit cannot read ends the run: it is no case to shrink, each try as slow.
  let unreadable: ConformanceError | undefined;
  const property = fc.asyncProperty(
    casesFor(views, settings.schema, timeZones),
    async (testCase) => {
      if (unreadable) return true;
      runs++;
      options.onRequest?.(probes + runs);
      checks.begin(GENERATED_CHECK);
      try {
        return (await check(testCase, views, settings)) === undefined;
      } catch (error) {
        if (!(error instanceof ConformanceError)) throw error;
        unreadable = error;
        return true;
      }
    },
  );
  const details = await fc.check(property, {
    numRuns: options.runs ?? 100,
    seed,
    ...(replaying && { path: options.path }),
  });
  if (unreadable) throw unreadable;
  if (details.errorInstance && !details.counterexample) throw details.errorInstance;
  runs = details.numRuns;
  if (!details.failed || !details.counterexample) {
    return report(replaying ? undefined : await checkLifetimes(settings));
  }
  const [minimal] = details.counterexample;
  const found = await check(minimal, views, settings);
  if (found === undefined) {
    throw new ConformanceError(
      "SERVER_NOT_DETERMINISTIC",
      settings.base,
      "the server answered the shrunk case differently on a second try: is it deterministic?",
    );
  }
  return report(found, details.counterexamplePath ?? "", details.numShrinks);
}
