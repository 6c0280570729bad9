import fc from "fast-check";
import { compileFields } from "../api/compile-fields.ts";
import { fieldsArbitrary, TIME_ZONES, whereArbitrary } from "../arbitraries/index.ts";
import type { FieldsNode } from "../ast/fields.ts";
import type { WhereExpression } from "../ast/where.ts";
import { calendarOf } from "../backends/predicate/calendar.ts";
import { ConformanceError } from "../errors/conformance-error.ts";
import { InvalidOptionError } from "../errors/invalid-input.ts";
import { type PageLinks, pageLinks } from "../list/paginate.ts";
import { buildQueryString } from "../list/query-string.ts";
import { type ApiResourceName, RESOURCE_SCHEMAS } from "../schema/resources.ts";
import type { Schema } from "../schema/schema.ts";
import { canonicalLanguage } from "../server/translations.ts";
import { equalJson } from "./equal-json.ts";
import { type Fetch, fetchJson, type JsonResponse } from "./fetch-json.ts";
import { referenceEvaluate } from "./reference-evaluate.ts";

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
   * Languages the server has, to ask for with `Accept-Language` (6.11): the records are also
   * fetched in each, and an answer in one must say so (`Content-Language`) and hold those texts.
   */
  readonly languages?: readonly string[] | undefined;
  /** The page size the server answers without `size`: 20 unless set (the reference server's). */
  readonly defaultSize?: number | undefined;
  /** The largest `size` the server takes, past which it answers 400 `SIZE_TOO_LARGE`: 1000 unless set. */
  readonly maxSize?: number | undefined;
}

/** Who asks, and in which language: indexes into the tokens and into `[none, ...languages]`. */
interface Asker {
  readonly user: number;
  readonly language: number;
}

/**
 * One generated request, by one user in one language: a page of a filtered, projected list,
 * one item by id, or an item another user sees and this one does not.
 */
export type ConformanceCase =
  | (Asker & {
      readonly kind: "list";
      readonly where: WhereExpression | undefined;
      readonly fields: FieldsNode | undefined;
      /**
       * Where in the result the page is, from 0 (the first) to below 1 (the last); 1 is the page
       * after the last. The page number follows from the reference's total, so that pages land
       * inside the result whatever its size. Undefined: no `page` parameter.
       */
      readonly pageAt: number | undefined;
      readonly size: number;
      readonly timeZone: string | undefined;
    })
  | (Asker & {
      readonly kind: "item";
      readonly index: number;
      readonly fields: FieldsNode | undefined;
    })
  | (Asker & { readonly kind: "hidden"; readonly index: number });

/** How one response differed from the reference evaluation. */
export interface Disagreement {
  /** The URL requested (GET), query string included. */
  readonly request: string;
  /** The `timezone` header sent with it, if any. */
  readonly timeZone: string | undefined;
  /** What differed: a status, the items (with the first different one), or a link by name. */
  readonly reason: string;
  /** The reference's answer in brief: the item count and ids and the links' pages, or the item. */
  readonly expected: string;
  /** The server's answer, described the same way. */
  readonly received: string;
}

/** The server matched the reference on every generated request. */
export interface ConformanceAgreement {
  readonly agrees: true;
  /** Requests sent. */
  readonly runs: number;
  /** The seed that repeats the run. */
  readonly seed: number;
  /** Records of the list fetched before the run, by the first user. */
  readonly records: number;
  /** The resource the list's answers name, given or taken from the route. */
  readonly resource: string;
  /** The users whose tokens were given. */
  readonly users: number;
}

/** The server answered a request differently: the first such request, shrunk to a minimal one. */
export interface ConformanceDisagreement {
  readonly agrees: false;
  /** Requests sent until the first disagreement, shrinking aside. */
  readonly runs: number;
  readonly seed: number;
  readonly records: number;
  readonly resource: string;
  readonly users: number;
  /** With `seed`, replays the shrunk request alone: `runConformance({ …, seed, path })`. */
  readonly path: string;
  /** Shrinking steps from the first disagreement to this one. */
  readonly shrinks: number;
  /** The shrunk request, with what was expected and received. */
  readonly disagreement: Disagreement;
}

/** The outcome of `runConformance`: agreement over every run, or the shrunk disagreement. */
export type ConformanceReport = ConformanceAgreement | ConformanceDisagreement;

type Row = Record<string, unknown>;

/** What a run reads once its options are checked. */
interface Settings {
  /** The list's URL. */
  readonly base: string;
  /** The URL below which an item is found by its id. */
  readonly itemBase: string;
  /** The first user's token, then the others'. */
  readonly tokens: readonly string[];
  /** No `Accept-Language`, then each language given. */
  readonly languages: readonly (string | undefined)[];
  readonly resource: string;
  readonly schema: Schema;
  readonly fetch: Fetch;
  readonly defaultSize: number;
  readonly maxSize: number;
}

const CALLER = "runConformance";

const isObject = (value: unknown): value is Row =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function headersFor(token: string, timeZone?: string, language?: string): Record<string, string> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    accept: "application/json",
  };
  if (timeZone !== undefined) headers.timezone = timeZone;
  if (language !== undefined) headers["accept-language"] = language;
  return headers;
}

/** Reads every record of the resource once, as one user in one language, following `next` links. */
async function fetchAll(
  settings: Settings,
  token: string,
  language: string | undefined,
): Promise<Row[]> {
  const { resource } = settings;
  const records: Row[] = [];
  const seen = new Set<string>();
  let next: string | undefined = settings.base;
  while (next !== undefined) {
    const url: string = next;
    const unreadable = (message: string) => new ConformanceError("SERVER_UNREADABLE", url, message);
    if (seen.has(url)) throw unreadable(`the server's next links loop back to ${url}`);
    seen.add(url);
    const response = await fetchJson(settings.fetch, url, headersFor(token, undefined, language));
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
    const link = (body._links as Row).next;
    const href = isObject(link) && typeof link.href === "string" ? link.href : undefined;
    next = href === undefined ? undefined : new URL(href, url).href;
  }
  return records;
}

/** The page number and size a link's href carries, for comparing links across hosts. */
function pageOf(link: unknown): string {
  if (!isObject(link) || typeof link.href !== "string") return "(none)";
  const query = new URL(link.href, "http://x").searchParams;
  return `page=${query.get("page")}&size=${query.get("size")}`;
}

const LINK_NAMES = ["self", "first", "last", "previous", "next"] as const;

function describeRows(rows: readonly unknown[]): string {
  const ids = rows.map((row) => (isObject(row) && "id" in row ? JSON.stringify(row.id) : "?"));
  const shown = ids.length > 12 ? `${ids.slice(0, 12).join(", ")}, …` : ids.join(", ");
  return `${rows.length} item${rows.length === 1 ? "" : "s"}${rows.length ? ` (ids ${shown})` : ""}`;
}

function describeLinks(links: Readonly<Record<string, unknown>>): string {
  return LINK_NAMES.filter((name) => links[name] !== undefined)
    .map((name) => `${name} ${pageOf(links[name])}`)
    .join(", ");
}

/** Describes the first difference between two rows, for a report a person can act on. */
function firstDifference(expected: readonly unknown[], received: readonly unknown[]): string {
  for (let i = 0; i < Math.max(expected.length, received.length); i++) {
    if (!equalJson(expected[i], received[i])) {
      return `item ${i + 1}: expected ${JSON.stringify(expected[i]) ?? "nothing"}, received ${JSON.stringify(received[i]) ?? "nothing"}`;
    }
  }
  return "";
}

/** What each user saw when the run began, in each language (`views[user][language]`). */
interface Views {
  readonly views: readonly (readonly (readonly Row[])[])[];
  /** By user: the records other users see and this one does not. */
  readonly hidden: readonly (readonly Row[])[];
  /** An id no user's record has, of the same kind as theirs. */
  readonly nobody: string;
}

/** The 404 of a hidden record and of a missing one, each with its id written `<id>`. */
async function checkHidden(
  testCase: Extract<ConformanceCase, { kind: "hidden" }>,
  views: Views,
  settings: Settings,
): Promise<Disagreement | undefined> {
  const hidden = views.hidden[testCase.user] ?? [];
  if (hidden.length === 0) return undefined;
  const id = String((hidden[testCase.index % hidden.length] as Row).id);
  const token = settings.tokens[testCase.user] as string;
  const ask = (which: string) => `${settings.itemBase}/${encodeURIComponent(which)}`;
  const answerOf = async (which: string) => {
    const response = await fetchJson(settings.fetch, ask(which), headersFor(token));
    const body = isObject(response.body) ? response.body : {};
    const masked = Object.fromEntries(
      Object.entries(body).map(([key, value]) => [
        key,
        typeof value === "string" ? value.split(which).join("<id>") : value,
      ]),
    );
    return JSON.stringify({ status: response.status, body: masked });
  };
  const received = await answerOf(id);
  const expected = await answerOf(views.nobody);
  if (received === expected && received.includes('"status":404')) return undefined;
  return {
    request: ask(id),
    timeZone: undefined,
    reason: `a record another user sees is not the 404 of a record nobody has (${ask(views.nobody)})`,
    expected,
    received,
  };
}

/** Sends one case and compares the answer with the reference evaluation of the same data. */
async function check(
  testCase: ConformanceCase,
  views: Views,
  settings: Settings,
): Promise<Disagreement | undefined> {
  if (testCase.kind === "hidden") return checkHidden(testCase, views, settings);
  const { base, resource } = settings;
  const token = settings.tokens[testCase.user] as string;
  const language = settings.languages[testCase.language];
  const records = views.views[testCase.user]?.[testCase.language] ?? [];
  const inLanguage = (response: JsonResponse, request: string, timeZone?: string) =>
    language === undefined || response.status !== 200 || response.contentLanguage === language
      ? undefined
      : {
          request,
          timeZone,
          reason: `an answer to Accept-Language: ${language} not said to be in it`,
          expected: `Content-Language: ${language}`,
          received: `Content-Language: ${response.contentLanguage ?? "(none)"}`,
        };
  if (testCase.kind === "item") {
    if (records.length === 0) return undefined;
    const project = testCase.fields ? compileFields(testCase.fields) : (row: Row) => row;
    const record = records[testCase.index % records.length] as Row;
    const query = testCase.fields ? `?${buildQueryString({ fields: testCase.fields })}` : "";
    const request = `${settings.itemBase}/${encodeURIComponent(String(record.id))}${query}`;
    const response = await fetchJson(
      settings.fetch,
      request,
      headersFor(token, undefined, language),
    );
    const unsaid = inLanguage(response, request);
    if (unsaid) return unsaid;
    const expected = JSON.stringify(project(record));
    const disagree = (reason: string, received: string) => ({
      request,
      timeZone: undefined,
      reason,
      expected,
      received,
    });
    if (response.status !== 200)
      return disagree(`status ${response.status}`, JSON.stringify(response.body));
    if (!equalJson(response.body, project(record))) {
      return disagree("a different item", JSON.stringify(response.body));
    }
    if (!equalJson(response.body, project(record), true)) {
      return disagree(
        "the item's keys in another order than the record's",
        JSON.stringify(response.body),
      );
    }
    return undefined;
  }

  const { where, fields, pageAt, size, timeZone } = testCase;
  // The reference is the one `qaql serve` answers with.
  const reference = (page: number) =>
    referenceEvaluate(records, {
      where,
      fields,
      page,
      size,
      paginated: true,
      resource,
      timeZone: timeZone ?? "UTC",
      schema: settings.schema,
    });
  let page: number | undefined;
  if (pageAt !== undefined) {
    const last = Math.max(1, Math.ceil((await reference(1)).total / size));
    page = pageAt >= 1 ? last + 1 : 1 + Math.floor(pageAt * last);
  }
  const query = buildQueryString({ where, fields, page, size });
  const request = `${base}?${query}`;
  const { items: expectedItems, total } = await reference(page ?? 1);
  const expectedLinks: PageLinks = pageLinks(request, { page: page ?? 1, size }, total);
  const expected = `${describeRows(expectedItems)}; _links ${describeLinks(expectedLinks as unknown as Row)}`;
  const disagree = (reason: string, received: string): Disagreement => ({
    request,
    timeZone,
    reason,
    expected,
    received,
  });

  const response = await fetchJson(settings.fetch, request, headersFor(token, timeZone, language));
  const unsaid = inLanguage(response, request, timeZone);
  if (unsaid) return unsaid;
  if (response.status !== 200) {
    const body = isObject(response.body) ? response.body : {};
    const message = typeof body.message === "string" ? body.message.split("\n")[0] : "";
    return disagree(
      `status ${response.status}`,
      `status ${response.status} ${message ?? ""}`.trim(),
    );
  }
  const body = response.body;
  const items = isObject(body) ? body[resource] : undefined;
  if (!isObject(body) || !Array.isArray(items) || !isObject(body._links)) {
    return disagree("not a list response", JSON.stringify(body).slice(0, 200));
  }
  const received = `${describeRows(items)}; _links ${describeLinks(body._links)}`;
  if (!equalJson(items, expectedItems)) {
    return disagree(`different items: ${firstDifference(expectedItems, items)}`, received);
  }
  // 3.2 fixes the order of an item's keys too: the record's own.
  const misordered = items.findIndex((item, i) => !equalJson(item, expectedItems[i], true));
  if (misordered !== -1) {
    const keysOf = (value: unknown) => JSON.stringify(isObject(value) ? Object.keys(value) : value);
    return {
      request,
      timeZone,
      reason: `item ${misordered + 1}'s keys in another order than the record's`,
      expected: `keys ${keysOf(expectedItems[misordered])}`,
      received: `keys ${keysOf(items[misordered])}`,
    };
  }
  for (const name of LINK_NAMES) {
    const want = expectedLinks[name];
    const got = body._links[name];
    if ((want === undefined) !== (got === undefined) || (want && pageOf(want) !== pageOf(got))) {
      return disagree(`a different "${name}" link`, received);
    }
  }
  return undefined;
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
  const list: fc.Arbitrary<ConformanceCase> = fc.record({
    ...asker,
    kind: fc.constant("list" as const),
    where: fc.option(whereArbitrary(schema, { records }), { nil: undefined, freq: 6 }),
    fields: fc.option(fieldsArbitrary(schema), { nil: undefined, freq: 2 }),
    // Most pages inside the result, one in five past its end.
    pageAt: fc.option(
      fc.oneof(
        { weight: 4, arbitrary: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }) },
        { weight: 1, arbitrary: fc.constant(1) },
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
  for (const token of settings.tokens) {
    const own: Row[][] = [];
    for (const language of settings.languages) own.push(await fetchAll(settings, token, language));
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
  return {
    base: `${url}/${route}`,
    itemBase: `${url}/${encodeURIComponent(resource)}`,
    tokens: [options.token, ...readOtherTokens(options.otherTokens)],
    languages: [undefined, ...readLanguages(options.languages)],
    resource,
    schema,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    defaultSize: readSize("defaultSize", options.defaultSize, 20),
    maxSize: readSize("maxSize", options.maxSize, 1000),
  };
}

/**
 * The requests every run sends once, before the generated ones: the default and the largest
 * page size (grammar/language.md 6.4), and the token flow (6.8): a list asked for without a
 * token, with one the server never issued, or in another scheme, is a 401.
 */
async function checkFixed(
  settings: Settings,
  records: readonly Row[],
): Promise<Disagreement | undefined> {
  const { base, resource, defaultSize, maxSize } = settings;
  const token = settings.tokens[0] as string;
  const plain = await fetchJson(settings.fetch, base, headersFor(token));
  const body = isObject(plain.body) ? plain.body : {};
  const items = body[resource];
  const expectedCount = Math.min(records.length, defaultSize);
  const sizes = isObject(body._links) ? pageOf(body._links.self) : "(no self link)";
  if (
    plain.status !== 200 ||
    !Array.isArray(items) ||
    items.length !== expectedCount ||
    !sizes.endsWith(`&size=${defaultSize}`)
  ) {
    return {
      request: base,
      timeZone: undefined,
      reason: `a request without page or size is not the first page of ${defaultSize} (the default size)`,
      expected: `status 200, ${expectedCount} items, self page=1&size=${defaultSize}`,
      received: `status ${plain.status}, ${Array.isArray(items) ? items.length : "no"} items, self ${sizes}`,
    };
  }
  const largest = `${base}?size=${maxSize}`;
  const atMost = await fetchJson(settings.fetch, largest, headersFor(token));
  if (atMost.status !== 200) {
    return {
      request: largest,
      timeZone: undefined,
      reason: `the largest size, ${maxSize}, is refused`,
      expected: "status 200",
      received: `status ${atMost.status}`,
    };
  }
  const tooLarge = `${base}?size=${maxSize + 1}`;
  const over = await fetchJson(settings.fetch, tooLarge, headersFor(token));
  const code = isObject(over.body) ? over.body.code : undefined;
  if (over.status !== 400 || code !== "SIZE_TOO_LARGE") {
    return {
      request: tooLarge,
      timeZone: undefined,
      reason: `a size past the largest, ${maxSize}, is not a 400 SIZE_TOO_LARGE`,
      expected: "status 400 SIZE_TOO_LARGE",
      received: `status ${over.status} ${String(code ?? "")}`.trim(),
    };
  }
  const credentials: [string, Record<string, string>][] = [
    ["no Authorization header", { accept: "application/json" }],
    ["a token the server never issued", headersFor("qaql-conformance-unknown-token-0123456789")],
    [
      "Basic credentials",
      { ...headersFor(token), authorization: `Basic ${btoa("qaql:conformance")}` },
    ],
  ];
  for (const [what, headers] of credentials) {
    const refused = await fetchJson(settings.fetch, base, headers);
    if (refused.status !== 401) {
      return {
        request: base,
        timeZone: undefined,
        reason: `a list asked for with ${what} is not a 401`,
        expected: "status 401",
        received: `status ${refused.status}`,
      };
    }
  }
  return undefined;
}

/**
 * Checks a live server against the reference semantics: fetches every record of the resource
 * once, then sends generated filters, selections and pages (fast-check) and compares each answer
 * with the reference evaluation of the same records; a disagreement is shrunk to a minimal
 * request. Throws an InvalidOptionError (or UnknownTimeZoneError) for options it cannot run
 * with, before any request, and a ConformanceError when the server cannot be read.
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const settings = readSettings(options);
  const views = await fetchViews(settings);
  const records = views.views[0]?.[0] ?? [];
  const users = settings.tokens.length;
  const fixed = await checkFixed(settings, records);
  if (fixed !== undefined) {
    const seed = options.seed ?? 0;
    const { resource } = settings;
    return {
      agrees: false,
      runs: 0,
      seed,
      path: "",
      shrinks: 0,
      records: records.length,
      resource,
      users,
      disagreement: fixed,
    };
  }
  const seed = options.seed ?? Date.now() ^ (Math.random() * 0x100000000);
  const timeZones = options.timeZones ?? TIME_ZONES;
  let requests = 0;
  const property = fc.asyncProperty(
    casesFor(views, settings.schema, timeZones),
    async (testCase) => {
      requests++;
      options.onRequest?.(requests);
      return (await check(testCase, views, settings)) === undefined;
    },
  );
  const details = await fc.check(property, {
    numRuns: options.runs ?? 100,
    seed,
    ...(options.path !== undefined && { path: options.path }),
  });
  if (details.errorInstance && !details.counterexample) throw details.errorInstance;
  if (!details.failed || !details.counterexample) {
    const { resource } = settings;
    return { agrees: true, runs: details.numRuns, seed, records: records.length, resource, users };
  }
  const [minimal] = details.counterexample;
  const disagreement = await check(minimal, views, settings);
  if (disagreement === undefined) {
    throw new ConformanceError(
      "SERVER_NOT_DETERMINISTIC",
      settings.base,
      "the server answered the shrunk case differently on a second try: is it deterministic?",
    );
  }
  return {
    agrees: false,
    runs: details.numRuns,
    seed,
    path: details.counterexamplePath ?? "",
    shrinks: details.numShrinks,
    records: records.length,
    resource: settings.resource,
    users,
    disagreement,
  };
}
