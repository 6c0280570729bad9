// One generated request and its check: a page of a filtered, projected list, one item, or an
// item another user sees; each answer is compared with the reference evaluation of the records
// the run fetched.
import { compileFields } from "../api/compile-fields.ts";
import { compileWhere } from "../api/compile-where.ts";
import { seededChoices } from "../arbitraries/choices.ts";
import { spellFields } from "../arbitraries/fields-text.ts";
import { spellWhere } from "../arbitraries/where-text.ts";
import type { FieldsNode } from "../ast/fields.ts";
import type { WhereExpression } from "../ast/where.ts";
import { formatFields } from "../backends/format/format-fields.ts";
import { formatWhere } from "../backends/format/format-where.ts";
import { DEFAULT_MAX_LENGTH } from "../base/limits.ts";
import { type PageLinks, pageLinks } from "../list/paginate.ts";
import { buildQueryString } from "../list/query-string.ts";
import { safeReadListRequest } from "../list/read-list-request.ts";
import {
  type Found,
  headersFor,
  isObject,
  type Row,
  type Settings,
  type UserView,
  type Views,
} from "./context.ts";
import { equalJson } from "./equal-json.ts";
import { fetchJson, type JsonResponse } from "./fetch-json.ts";
import { referenceEvaluate } from "./reference-evaluate.ts";
import { evaluationVector, paginateVector } from "./repro.ts";

/** Who asks, and in which language: indexes into the tokens and into `[none, ...languages]`. */
/** Who asks, and in which language: indexes into the tokens and into `[none, ...languages]`. */
export interface ConformanceAsker {
  readonly user: number;
  readonly language: number;
}

/**
 * One generated request, by one user in one language: a page of a filtered, projected list,
 * one item by id, or an item another user sees and this one does not.
 */
export type ConformanceCase =
  | (ConformanceAsker & {
      readonly kind: "list";
      readonly where: WhereExpression | undefined;
      /** Spells `where` as `spellWhere` does from this seed; undefined: the canonical text. */
      readonly whereSpelling: number | undefined;
      readonly fields: FieldsNode | undefined;
      /** Spells `fields` as `spellFields` does from this seed; undefined: the canonical text. */
      readonly fieldsSpelling: number | undefined;
      /**
       * Where in the result the page is, from 0 (the first) to below 1 (the last); 1 is the page
       * after the last, 2 the one after that. The page number follows from the reference's
       * total, so that pages land inside the result whatever its size. Undefined: no `page`.
       */
      readonly pageAt: number | undefined;
      readonly size: number;
      readonly timeZone: string | undefined;
    })
  | (ConformanceAsker & {
      readonly kind: "item";
      readonly index: number;
      readonly fields: FieldsNode | undefined;
      readonly fieldsSpelling: number | undefined;
    })
  | (ConformanceAsker & { readonly kind: "hidden"; readonly index: number });

/** The page number and size a link's href carries, for comparing links across hosts. */
export function pageOf(link: unknown): string {
  if (!isObject(link) || typeof link.href !== "string") return "(none)";
  const query = new URL(link.href, "http://x").searchParams;
  return `page=${query.get("page")}&size=${query.get("size")}`;
}

export const LINK_NAMES = ["self", "first", "last", "previous", "next"] as const;

/** Rows in brief: how many, and their ids. */
export function describeRows(rows: readonly unknown[]): string {
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
export function firstDifference(
  expected: readonly unknown[],
  received: readonly unknown[],
): string {
  for (let i = 0; i < Math.max(expected.length, received.length); i++) {
    if (!equalJson(expected[i], received[i])) {
      return `item ${i + 1}: expected ${JSON.stringify(expected[i]) ?? "nothing"}, received ${JSON.stringify(received[i]) ?? "nothing"}`;
    }
  }
  return "";
}

/** The text a case sends for a tree: its spelling from the seed, or the canonical text. */
export function whereText(where: WhereExpression, spelling: number | undefined): string {
  const canonical = formatWhere(where);
  if (spelling === undefined) return canonical;
  const text = spellWhere(where, seededChoices(spelling));
  return text.length <= DEFAULT_MAX_LENGTH ? text : canonical;
}

export function fieldsText(fields: FieldsNode, spelling: number | undefined): string {
  const canonical = formatFields(fields);
  if (spelling === undefined) return canonical;
  const text = spellFields(fields, seededChoices(spelling));
  return text.length <= DEFAULT_MAX_LENGTH ? text : canonical;
}

/** The 404 of a hidden record and of a missing one, each with its id written `<id>`. */
async function checkHidden(
  testCase: Extract<ConformanceCase, { kind: "hidden" }>,
  views: Views,
  settings: Settings,
): Promise<Found | undefined> {
  const hidden = views.hidden[testCase.user] ?? [];
  if (hidden.length === 0) return undefined;
  const id = String((hidden[testCase.index % hidden.length] as Row).id);
  const headers = headersFor(settings.tokens[testCase.user] as string);
  const ask = (which: string) => `${settings.itemBase}/${encodeURIComponent(which)}`;
  const answerOf = async (which: string) => {
    const response = await fetchJson(settings.fetch, ask(which), headers);
    settings.coverage.answered(response.status);
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
    headers,
    reason: `a record another user sees is not the 404 of a record nobody has (${ask(views.nobody)})`,
    expected,
    received,
  };
}

/** One record by its id, projected by the case's selection. */
async function checkItem(
  testCase: Extract<ConformanceCase, { kind: "item" }>,
  records: readonly Row[],
  headers: Record<string, string>,
  settings: Settings,
  user: UserView | undefined,
): Promise<Found | undefined> {
  if (records.length === 0) return undefined;
  const project = testCase.fields ? compileFields(testCase.fields) : (row: Row) => row;
  const record = records[testCase.index % records.length] as Row;
  const fields = testCase.fields && fieldsText(testCase.fields, testCase.fieldsSpelling);
  if (testCase.fields && fields !== undefined) {
    settings.coverage.fields(fields, formatFields(testCase.fields));
  }
  const query = fields === undefined ? "" : `?${buildQueryString({ fields })}`;
  const request = `${settings.itemBase}/${encodeURIComponent(String(record.id))}${query}`;
  const response = await fetchJson(settings.fetch, request, headers);
  settings.coverage.answered(response.status);
  const refusal = refusalOf(user, settings, query.slice(1));
  if (refusal !== undefined) {
    const missed = refusalMissed(response, refusal);
    if (missed === undefined) return undefined;
    const reason = `a selection naming a field this user does not see, not refused as an unknown one`;
    return {
      request,
      timeZone: undefined,
      headers,
      reason,
      expected: `status 400 ${refusal}`,
      received: missed,
    };
  }
  const expected = JSON.stringify(project(record));
  const disagree = (reason: string, received: string): Found => ({
    request,
    timeZone: undefined,
    headers,
    reason,
    expected,
    received,
  });
  const unsaid = notInLanguage(response, headers, user);
  if (unsaid) return disagree(...unsaid);
  if (response.status !== 200) {
    return disagree(`status ${response.status}`, JSON.stringify(response.body));
  }
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

/**
 * The code of the 400 a user's request (its `where` and `fields`, as `query`) must be answered
 * with when the user's view refuses it, as the reference reader reads it: a field the policy
 * hides is an unknown one (grammar/language.md 6.9); undefined when the view takes it.
 */
function refusalOf(
  user: UserView | undefined,
  settings: Settings,
  query: string,
): string | undefined {
  if (user === undefined || (user.policy === undefined && user.schema === settings.schema)) {
    return undefined;
  }
  const { defaultSize, maxSize } = settings;
  const read = safeReadListRequest(query, {
    schema: user.schema,
    policy: user.fieldsPolicy,
    defaultSize,
    maxSize,
  });
  return read.success ? undefined : read.error.code;
}

/** Whether an answer is the refusal `code` must be, and if not, why not. */
function refusalMissed(response: JsonResponse, code: string): string | undefined {
  const body = isObject(response.body) ? response.body : {};
  if (response.status === 400 && body.code === code) return undefined;
  const message = typeof body.message === "string" ? ` ${body.message.split("\n")[0]}` : "";
  const received = typeof body.code === "string" ? ` ${body.code}` : "";
  return `status ${response.status}${received}${message}`;
}

/** An answer to `Accept-Language` that does not say it is in that language, as a reason and what came. */
function notInLanguage(
  response: JsonResponse,
  headers: Readonly<Record<string, string>>,
  user: UserView | undefined,
): [string, string] | undefined {
  const asked = headers["accept-language"];
  // Without Accept-Language, the user's language (6.11).
  const language = asked ?? user?.language;
  if (language === undefined || response.status !== 200 || response.contentLanguage === language) {
    return undefined;
  }
  const to = asked === undefined ? "a user whose language is" : "Accept-Language:";
  return [
    `an answer to ${to} ${language} not said to be in it`,
    `Content-Language: ${response.contentLanguage ?? "(none)"}`,
  ];
}

/** A link's `where` and `fields` as decoded, which must be the request's (6.5). */
function textsOf(link: unknown): string {
  if (!isObject(link) || typeof link.href !== "string") return "";
  const query = new URL(link.href, "http://x").searchParams;
  return JSON.stringify([query.get("where"), query.get("fields")]);
}

/** Sends one case and compares the answer with the reference evaluation of the same data. */
export async function check(
  testCase: ConformanceCase,
  views: Views,
  settings: Settings,
): Promise<Found | undefined> {
  if (testCase.kind === "hidden") return checkHidden(testCase, views, settings);
  const token = settings.tokens[testCase.user] as string;
  const language = settings.languages[testCase.language];
  const records = views.views[testCase.user]?.[testCase.language] ?? [];
  const user = settings.users[testCase.user];
  if (testCase.kind === "item") {
    return checkItem(testCase, records, headersFor(token, undefined, language), settings, user);
  }
  const { base, resource, coverage } = settings;
  const { where, fields, pageAt, size, timeZone } = testCase;
  // Without a `timezone` header, the user's zone (6.11).
  const zone = timeZone ?? user?.timeZone ?? "UTC";
  const sentWhere = where && whereText(where, testCase.whereSpelling);
  const sentFields = fields && fieldsText(fields, testCase.fieldsSpelling);
  const refusal = refusalOf(
    user,
    settings,
    buildQueryString({ where: sentWhere, fields: sentFields }),
  );
  // The reference is the one `qaql serve` answers with.
  const reference = (page: number, projected = true) =>
    referenceEvaluate(records, {
      where,
      fields: projected ? fields : undefined,
      page,
      size,
      paginated: true,
      resource,
      timeZone: zone,
      schema: user?.filterSchema ?? settings.schema,
    });
  let page: number | undefined;
  if (refusal === undefined && pageAt !== undefined) {
    const last = Math.max(1, Math.ceil((await reference(1)).total / size));
    page = pageAt >= 1 ? last + Math.floor(pageAt) : 1 + Math.floor(pageAt * last);
    if (pageAt >= 1) coverage.link("past the end");
  }
  if (where && sentWhere !== undefined) coverage.filter(where, sentWhere, formatWhere(where));
  if (fields && sentFields !== undefined) coverage.fields(sentFields, formatFields(fields));
  const query = buildQueryString({ where: sentWhere, fields: sentFields, page, size });
  const request = `${base}?${query}`;
  const headers = headersFor(token, timeZone, language);
  if (refusal !== undefined) {
    const response = await fetchJson(settings.fetch, request, headers);
    coverage.answered(response.status);
    const missed = refusalMissed(response, refusal);
    if (missed === undefined) return undefined;
    return {
      request,
      timeZone,
      headers,
      reason: "a request naming a field this user does not see, not refused as an unknown one",
      expected: `status 400 ${refusal}`,
      received: missed,
    };
  }
  const { items: expectedItems, total } = await reference(page ?? 1);
  const expectedLinks: PageLinks = pageLinks(request, { page: page ?? 1, size }, total);
  const expected = `${describeRows(expectedItems)}; _links ${describeLinks(expectedLinks as unknown as Row)}`;
  const disagree = (reason: string, received: string): Found => ({
    request,
    timeZone,
    headers,
    reason,
    expected,
    received,
  });
  const pageVector = () =>
    paginateVector({
      request,
      page,
      size,
      defaultSize: settings.defaultSize,
      maxSize: settings.maxSize,
      total,
      resource,
      server: settings.api,
    });

  const response = await fetchJson(settings.fetch, request, headers);
  coverage.answered(response.status);
  const unsaid = notInLanguage(response, headers, user);
  if (unsaid) return disagree(...unsaid);
  if (response.status !== 200) {
    const body = isObject(response.body) ? response.body : {};
    const message = typeof body.message === "string" ? body.message.split("\n")[0] : "";
    const code = typeof body.code === "string" ? ` ${body.code}` : "";
    return disagree(
      `status ${response.status}`,
      `status ${response.status}${code} ${message ?? ""}`.trim(),
    );
  }
  const body = response.body;
  const items = isObject(body) ? body[resource] : undefined;
  if (!isObject(body) || !Array.isArray(items) || !isObject(body._links)) {
    return disagree("not a list response", JSON.stringify(body).slice(0, 200));
  }
  const received = `${describeRows(items)}; _links ${describeLinks(body._links)}`;
  if (!equalJson(items, expectedItems)) {
    const found = disagree(`different items: ${firstDifference(expectedItems, items)}`, received);
    if (!where || sentWhere === undefined) return { ...found, vector: pageVector() };
    const unprojected = (await reference(page ?? 1, false)).items as Row[];
    const vector = evaluationVector({
      resource,
      schema: settings.schema,
      where: formatWhere(where),
      timeZone: timeZone ?? user?.timeZone,
      records,
      expectedIds: unprojected.map((row) => row.id),
      receivedIds: items.map((item) => (isObject(item) ? item.id : undefined)),
      keeps: compileWhere(where, { schema: settings.schema, timeZone: zone }),
      server: settings.api,
    });
    // Without the ids in the answer, the records it was wrong about are not known.
    const idsAnswered = items.every((item) => isObject(item) && "id" in item);
    return vector && idsAnswered ? { ...found, vector } : found;
  }
  const misordered = keyOrderDifference(items, expectedItems);
  if (misordered) return { request, timeZone, headers, ...misordered };
  const sent = JSON.stringify([
    sentWhere === undefined ? null : sentWhere,
    sentFields === undefined ? null : sentFields,
  ]);
  for (const name of LINK_NAMES) {
    const want = expectedLinks[name];
    const got = body._links[name];
    if ((want === undefined) !== (got === undefined) || (want && pageOf(want) !== pageOf(got))) {
      return { ...disagree(`a different "${name}" link`, received), vector: pageVector() };
    }
    if (got === undefined) continue;
    coverage.link(name);
    if (textsOf(got) !== sent) {
      return {
        ...disagree(
          `the "${name}" link does not keep where and fields as sent`,
          `${name} ${(got as Row).href}`,
        ),
        vector: pageVector(),
      };
    }
  }
  return undefined;
}

/**
 * The first item of equal items whose keys come in another order than the record's (3.2 fixes
 * it: the record's own), as a disagreement's words; undefined when every order is the record's.
 */
export function keyOrderDifference(
  items: readonly unknown[],
  expected: readonly unknown[],
): { reason: string; expected: string; received: string } | undefined {
  const misordered = items.findIndex((item, i) => !equalJson(item, expected[i], true));
  if (misordered === -1) return undefined;
  const keysOf = (value: unknown) => JSON.stringify(isObject(value) ? Object.keys(value) : value);
  return {
    reason: `item ${misordered + 1}'s keys in another order than the record's`,
    expected: `keys ${keysOf(expected[misordered])}`,
    received: `keys ${keysOf(items[misordered])}`,
  };
}
