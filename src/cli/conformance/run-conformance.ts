import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { compileFields } from "../../api/compile-fields.ts";
import { fieldsArbitrary, TIME_ZONES, whereArbitrary } from "../../arbitraries/index.ts";
import type { FieldsNode } from "../../ast/fields.ts";
import type { WhereExpression } from "../../ast/where.ts";
import { type PageLinks, pageLinks } from "../../list/paginate.ts";
import { buildQueryString } from "../../list/query-string.ts";
import type { Schema } from "../../schema/schema.ts";
import { CliError } from "../failure.ts";
import { referenceEvaluate } from "../serve/evaluate.ts";
import { fetchJson } from "./fetch-json.ts";

/** What `runConformance` needs: the server, its resource and schema, and fast-check's settings. */
export interface ConformanceOptions {
  /** The API's base, such as `http://127.0.0.1:8080/api`; resources are below it. */
  readonly url: string;
  readonly token: string;
  readonly resource: string;
  readonly schema: Schema;
  readonly runs?: number | undefined;
  readonly seed?: number | undefined;
  /** fast-check's path of a reported counterexample, to replay it alone. */
  readonly path?: string | undefined;
  /** Called after each request the property sends. */
  readonly onRequest?: ((count: number) => void) | undefined;
}

/** One generated request: a page of a filtered, projected list, or one item by id. */
export type ConformanceCase =
  | {
      readonly kind: "list";
      readonly where: WhereExpression | undefined;
      readonly fields: FieldsNode | undefined;
      readonly page: number | undefined;
      readonly size: number;
      readonly timeZone: string | undefined;
    }
  | { readonly kind: "item"; readonly index: number; readonly fields: FieldsNode | undefined };

/** How a response differed from the reference evaluation. */
export interface Disagreement {
  readonly request: string;
  readonly timeZone: string | undefined;
  readonly reason: string;
  readonly expected: string;
  readonly received: string;
}

/** The outcome: agreement over every run, or the first disagreement shrunk to a minimal case. */
export type ConformanceReport =
  | { readonly ok: true; readonly runs: number; readonly seed: number; readonly records: number }
  | {
      readonly ok: false;
      readonly runs: number;
      readonly seed: number;
      readonly path: string;
      readonly shrinks: number;
      readonly records: number;
      readonly disagreement: Disagreement;
    };

type Row = Record<string, unknown>;

const isObject = (value: unknown): value is Row =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function headersFor(token: string, timeZone?: string): Record<string, string> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    accept: "application/json",
  };
  if (timeZone !== undefined) headers.timezone = timeZone;
  return headers;
}

/** Reads every record of the resource once, following `next` links from the first page. */
export async function fetchAll(url: string, token: string, resource: string): Promise<Row[]> {
  const records: Row[] = [];
  const seen = new Set<string>();
  let next: string | undefined = `${url.replace(/\/+$/, "")}/${encodeURIComponent(resource)}`;
  while (next !== undefined) {
    if (seen.has(next)) throw new CliError(`the server's next links loop back to ${next}`);
    seen.add(next);
    const response = await fetchJson(next, headersFor(token));
    if (response.status !== 200) {
      const message = isObject(response.body) ? response.body.message : undefined;
      throw new CliError(
        `GET ${next} answered ${response.status}${typeof message === "string" ? `: ${message}` : ""}`,
      );
    }
    const body = response.body;
    const items = isObject(body) ? body[resource] : undefined;
    if (!isObject(body) || !Array.isArray(items) || !isObject(body._links)) {
      throw new CliError(`GET ${next} is not a list response with _links and "${resource}"`);
    }
    for (const item of items) {
      if (!isObject(item)) throw new CliError(`GET ${next} holds an item that is not an object`);
      records.push(item);
    }
    const link = (body._links as Row).next;
    const href = isObject(link) && typeof link.href === "string" ? link.href : undefined;
    next = href === undefined ? undefined : new URL(href, next).href;
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
    if (!isDeepStrictEqual(expected[i], received[i])) {
      return `item ${i + 1}: expected ${JSON.stringify(expected[i]) ?? "nothing"}, received ${JSON.stringify(received[i]) ?? "nothing"}`;
    }
  }
  return "";
}

/** Sends one case and compares the answer with the reference evaluation of the same data. */
async function check(
  testCase: ConformanceCase,
  records: readonly Row[],
  options: ConformanceOptions,
): Promise<Disagreement | undefined> {
  const base = `${options.url.replace(/\/+$/, "")}/${encodeURIComponent(options.resource)}`;
  if (testCase.kind === "item") {
    const project = testCase.fields ? compileFields(testCase.fields) : (row: Row) => row;
    const record = records[testCase.index] as Row;
    const query = testCase.fields ? `?${buildQueryString({ fields: testCase.fields })}` : "";
    const request = `${base}/${encodeURIComponent(String(record.id))}${query}`;
    const response = await fetchJson(request, headersFor(options.token));
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
    if (!isDeepStrictEqual(response.body, project(record))) {
      return disagree("a different item", JSON.stringify(response.body));
    }
    return undefined;
  }

  const { where, fields, page, size, timeZone } = testCase;
  const query = buildQueryString({ where, fields, page, size });
  const request = `${base}?${query}`;
  // The reference is the one `qaql serve` answers with.
  const { items: expectedItems, total } = await referenceEvaluate(records, {
    where,
    fields,
    page: page ?? 1,
    size,
    paginated: true,
    resource: options.resource,
    timeZone: timeZone ?? "UTC",
    schema: options.schema,
  });
  const expectedLinks: PageLinks = pageLinks(request, { page: page ?? 1, size }, total);
  const expected = `${describeRows(expectedItems)}; _links ${describeLinks(expectedLinks as unknown as Row)}`;
  const disagree = (reason: string, received: string): Disagreement => ({
    request,
    timeZone,
    reason,
    expected,
    received,
  });

  const response = await fetchJson(request, headersFor(options.token, timeZone));
  if (response.status !== 200) {
    const body = isObject(response.body) ? response.body : {};
    const message = typeof body.message === "string" ? body.message.split("\n")[0] : "";
    return disagree(
      `status ${response.status}`,
      `status ${response.status} ${message ?? ""}`.trim(),
    );
  }
  const body = response.body;
  const items = isObject(body) ? body[options.resource] : undefined;
  if (!isObject(body) || !Array.isArray(items) || !isObject(body._links)) {
    return disagree("not a list response", JSON.stringify(body).slice(0, 200));
  }
  const received = `${describeRows(items)}; _links ${describeLinks(body._links)}`;
  if (!isDeepStrictEqual(items, expectedItems)) {
    return disagree(`different items: ${firstDifference(expectedItems, items)}`, received);
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

/** Cases drawn for the fetched records: filters use their values, pages run past the end. */
function casesFor(records: readonly Row[], schema: Schema): fc.Arbitrary<ConformanceCase> {
  const list: fc.Arbitrary<ConformanceCase> = fc.record({
    kind: fc.constant("list" as const),
    where: fc.option(whereArbitrary(schema, { records }), { nil: undefined, freq: 6 }),
    fields: fc.option(fieldsArbitrary(schema), { nil: undefined, freq: 2 }),
    page: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined, freq: 6 }),
    size: fc.integer({ min: 1, max: 25 }),
    timeZone: fc.option(fc.constantFrom(...TIME_ZONES), { nil: undefined, freq: 2 }),
  });
  const withIds = records.filter(
    (record) => typeof record.id === "number" || typeof record.id === "string",
  );
  if (withIds.length < records.length || records.length === 0) return list;
  const item: fc.Arbitrary<ConformanceCase> = fc.record({
    kind: fc.constant("item" as const),
    index: fc.integer({ min: 0, max: records.length - 1 }),
    fields: fc.option(fieldsArbitrary(schema), { nil: undefined, freq: 2 }),
  });
  return fc.oneof({ weight: 6, arbitrary: list }, { weight: 1, arbitrary: item });
}

/**
 * Fetches the resource once, then sends generated requests and compares each answer with
 * the reference evaluation of the same records; a disagreement is shrunk by fast-check.
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const records = await fetchAll(options.url, options.token, options.resource);
  const seed = options.seed ?? Date.now() ^ (Math.random() * 0x100000000);
  let requests = 0;
  const property = fc.asyncProperty(casesFor(records, options.schema), async (testCase) => {
    requests++;
    options.onRequest?.(requests);
    return (await check(testCase, records, options)) === undefined;
  });
  const details = await fc.check(property, {
    numRuns: options.runs ?? 100,
    seed,
    ...(options.path !== undefined && { path: options.path }),
  });
  if (details.errorInstance && !details.counterexample) throw details.errorInstance;
  if (!details.failed || !details.counterexample) {
    return { ok: true, runs: details.numRuns, seed, records: records.length };
  }
  const [minimal] = details.counterexample;
  const disagreement = await check(minimal, records, options);
  if (disagreement === undefined) {
    throw new CliError(
      "the server answered the shrunk case differently on a second try: is it deterministic?",
    );
  }
  return {
    ok: false,
    runs: details.numRuns,
    seed,
    path: details.counterexamplePath ?? "",
    shrinks: details.numShrinks,
    records: records.length,
    disagreement,
  };
}
