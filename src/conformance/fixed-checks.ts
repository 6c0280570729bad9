// The requests every run sends once, whatever the seed: the default and the largest page size
// (grammar/language.md 6.4), errors in every parameter (5, 6.3), and the token flow (6.8).
import fc from "fast-check";
import { invalidFieldsArbitrary } from "../arbitraries/invalid-fields.ts";
import { invalidWhereArbitrary } from "../arbitraries/invalid-where.ts";
import { quoteVisibly } from "../errors/characters.ts";
import { buildQueryString } from "../list/query-string.ts";
import { safeReadListRequest } from "../list/read-list-request.ts";
import { listScalarFields } from "../schema/scalar-fields.ts";
import { type Found, headersFor, isObject, type Row, type Settings } from "./context.ts";
import { fetchJson, type JsonResponse } from "./fetch-json.ts";
import { pageOf } from "./list-check.ts";
import { paginateVector, readVector } from "./repro.ts";

/** The code of an answer's body, or "" without one. */
export const codeOf = (response: JsonResponse) =>
  isObject(response.body) && typeof response.body.code === "string" ? response.body.code : "";

/** An answer in brief: its status and code. */
export const brief = (response: JsonResponse) =>
  `status ${response.status} ${codeOf(response)}`.trim();

/** What a list asked for without a valid token is sent with, by the token check's name. */
const REFUSED_CREDENTIALS = {
  missing: "no Authorization header",
  malformed: "a Bearer header without a token",
  unknown: "a token the server never issued",
  Basic: "Basic credentials",
} as const;

/** The names of the checks checkPaging makes, in its order. */
function pagingCheckNames({ defaultSize, maxSize }: Settings) {
  return {
    pages: [
      `a list without page or size is the first page of ${defaultSize}`,
      `size=${maxSize} is a page of ${maxSize}`,
    ],
    tooLarge: `size=${maxSize + 1} is a 400 SIZE_TOO_LARGE`,
    refused: (what: string) => `a list asked for with ${what} is a 401`,
  };
}

/** The check of an invalid request: its parameter and value, cut if long, and the code it must get. */
function errorCheckName(query: string, code: string): string {
  const [parameter, value] = [...new URLSearchParams(query)][0] ?? [query, ""];
  const chars = [...value];
  const cut = chars.length > 40 ? `${chars.slice(0, 40).join("")}…` : value;
  // Quoted when a space, a quote or a control character would hide where the value ends.
  // Invisible characters escaped as in qaql's messages, and the two XML cannot hold, so that a
  // JUnit report names the check as the report does (JSON escapes lone surrogates already).
  const shown =
    /^[\x21-\x7e…]*$/u.test(cut) && !cut.includes('"')
      ? cut
      : quoteVisibly(cut).replace(
          /[\ufffe\uffff]/g,
          (c) => `\\u${(c.codePointAt(0) as number).toString(16).toUpperCase()}`,
        );
  return `${parameter}=${shown} is a 400 ${code}`;
}

/** The check of checkRevoking. */
export const REVOKING_CHECK =
  "a token from GET /token lists, and is a 401 once DELETE /token revoked it";

/** The checks of checkLifetimes, in its order. */
export const LIFETIME_CHECKS = [
  "a token unused for 15 minutes is a 403 TOKEN_IDLE",
  "a token used every 9 minutes is a 403 TOKEN_EXPIRED once its hour is over",
] as const;

/** The names of the checks checkPaging, checkErrors and checkRevoking make, in that order. */
export function fixedCheckNames(settings: Settings, seed: number): string[] {
  const paging = pagingCheckNames(settings);
  return [
    ...paging.pages,
    paging.tooLarge,
    ...Object.values(REFUSED_CREDENTIALS).map(paging.refused),
    ...wrongRequests(settings, seed).map(({ query, error }) => errorCheckName(query, error.code)),
    ...(settings.credentials ? [REVOKING_CHECK] : []),
  ];
}

/** The default page, the largest size and one past it, and the 401s of a list without a valid token. */
export async function checkPaging(
  settings: Settings,
  records: readonly Row[],
): Promise<Found | undefined> {
  const { base, resource, defaultSize, maxSize, coverage, checks } = settings;
  const names = pagingCheckNames(settings);
  const headers = headersFor(settings.tokens[0] as string);
  const get = async (url: string, sent = headers) => {
    const response = await fetchJson(settings.fetch, url, sent);
    coverage.answered(response.status);
    return response;
  };
  const countOf = (response: JsonResponse) => {
    const items = isObject(response.body) ? response.body[resource] : undefined;
    return Array.isArray(items) ? items.length : -1;
  };
  const selfOf = (response: JsonResponse) => {
    const links = isObject(response.body) ? response.body._links : undefined;
    return pageOf(isObject(links) ? links.self : undefined);
  };
  for (const [url, size, name] of [
    [base, defaultSize, names.pages[0] as string],
    [`${base}?size=${maxSize}`, maxSize, names.pages[1] as string],
  ] as const) {
    checks.begin(name);
    const answer = await get(url);
    const count = Math.min(records.length, size);
    const self = selfOf(answer);
    if (answer.status !== 200 || countOf(answer) !== count || self !== `page=1&size=${size}`) {
      return {
        request: url,
        timeZone: undefined,
        headers,
        vector: paginateVector({
          request: url,
          page: undefined,
          size: url === base ? undefined : size,
          defaultSize,
          maxSize,
          total: records.length,
          resource,
          server: settings.api,
        }),
        reason:
          size === defaultSize && url === base
            ? `a request without page or size is not the first page of ${defaultSize} (the default size)`
            : `the largest size, ${maxSize}, is not a page of ${maxSize}`,
        expected: `status 200, ${count} items, self page=1&size=${size}`,
        received: `${brief(answer)}, ${countOf(answer)} items, self ${self}`,
      };
    }
  }
  const tooLarge = `${base}?size=${maxSize + 1}`;
  checks.begin(names.tooLarge);
  const over = await get(tooLarge);
  if (over.status !== 400 || codeOf(over) !== "SIZE_TOO_LARGE") {
    return {
      request: tooLarge,
      timeZone: undefined,
      headers,
      reason: `a size past the largest, ${maxSize}, is not a 400 SIZE_TOO_LARGE`,
      expected: "status 400 SIZE_TOO_LARGE",
      received: brief(over),
    };
  }
  coverage.errorCode("SIZE_TOO_LARGE");
  const credentials: [keyof typeof REFUSED_CREDENTIALS, Record<string, string>][] = [
    ["missing", { accept: "application/json" }],
    ["malformed", { ...headers, authorization: "Bearer" }],
    ["unknown", headersFor("qaql-conformance-unknown-token-0123456789")],
    ["Basic", { ...headers, authorization: `Basic ${btoa("qaql:conformance")}` }],
  ];
  for (const [name, sent] of credentials) {
    const what = REFUSED_CREDENTIALS[name];
    checks.begin(names.refused(what));
    const refused = await get(base, sent);
    coverage.token(name);
    if (refused.status !== 401) {
      return {
        request: base,
        timeZone: undefined,
        headers: sent,
        reason: `a list asked for with ${what} is not a 401`,
        expected: "status 401",
        received: brief(refused),
      };
    }
  }
  return undefined;
}

/** A query string and the error a reader of the language reports for it. */
interface Wrong {
  readonly query: string;
  readonly error: { readonly parameter: string; readonly code: string; readonly offset: number };
}

/** A literal each typed field refuses (2.3). */
export const WRONG_LITERALS: Readonly<Record<string, string>> = {
  integer: "one",
  number: "1e3",
  boolean: "maybe",
  date: "2024-02-30",
};

/** A name no schema of the API has. */
export const UNKNOWN = "qaqlNoSuchField";

/**
 * Requests that no server may answer with a list: texts that do not parse (drawn from the
 * invalid-text arbitraries with the run's seed), filters and selections the schema refuses, and
 * pages and sizes that are no page; the code each must get is the one `readListRequest` gives.
 */
function wrongRequests(settings: Settings, seed: number): Wrong[] {
  const { defaultSize, maxSize } = settings;
  // The first user's, who sends them: a field its policy hides is an unknown one.
  const user = settings.users[0];
  const schema = user?.schema ?? settings.schema;
  const policy = user?.fieldsPolicy;
  const queries: string[] = [];
  const write = (input: Parameters<typeof buildQueryString>[0]) => {
    try {
      queries.push(buildQueryString(input));
    } catch {
      // A text with a lone surrogate cannot be sent in a URL at all.
    }
  };
  for (const { text } of fc.sample(invalidWhereArbitrary(), { numRuns: 8, seed }))
    write({ where: text });
  for (const { text } of fc.sample(invalidFieldsArbitrary(), { numRuns: 4, seed }))
    write({ fields: text });
  write({ where: `${UNKNOWN}=1` });
  write({ fields: UNKNOWN });
  const fields = listScalarFields(user?.filterSchema ?? schema);
  for (const [type, text] of Object.entries(WRONG_LITERALS)) {
    const field = fields.find((candidate) => candidate.type === type);
    if (field) write({ where: `${field.path.join(".")}=${text}` });
  }
  const string = fields.find((candidate) => candidate.type === "string");
  if (string) write({ where: `${string.path.join(".")}~` });
  for (const page of ["0", "-1", "x", "1.5"]) queries.push(`page=${page}`);
  for (const size of ["0", "-3", "2.5"]) queries.push(`size=${size}`);
  return queries.flatMap((query) => {
    const read = safeReadListRequest(query, { schema, defaultSize, maxSize, policy });
    if (read.success) return [];
    const { parameter, code, offset } = read.error;
    return [{ query, error: { parameter, code, offset } }];
  });
}

/** Each wrong request must be a 400 with the code the language gives it. */
export async function checkErrors(settings: Settings, seed: number): Promise<Found | undefined> {
  const headers = headersFor(settings.tokens[0] as string);
  for (const { query, error } of wrongRequests(settings, seed)) {
    const { code } = error;
    settings.checks.begin(errorCheckName(query, code));
    const request = `${settings.base}?${query}`;
    const response = await fetchJson(settings.fetch, request, headers);
    settings.coverage.answered(response.status);
    settings.coverage.errorCode(code);
    if (response.status !== 400 || codeOf(response) !== code) {
      return {
        request,
        timeZone: undefined,
        headers,
        reason: `an invalid request is not a 400 ${code}`,
        expected: `status 400 ${code}`,
        received: brief(response),
        vector: readVector({
          query,
          resource: settings.resource,
          schema: settings.schema,
          defaultSize: settings.defaultSize,
          maxSize: settings.maxSize,
          error,
          server: settings.api,
        }),
      };
    }
  }
  return undefined;
}

/** A temporary token for the credentials, from `GET <api>/token`. */
async function temporaryToken(settings: Settings): Promise<Found | string> {
  const { user, password } = settings.credentials as { user: string; password: string };
  const request = `${settings.api}/token`;
  const basic = {
    authorization: `Basic ${btoa(`${user}:${password}`)}`,
    accept: "application/json",
  };
  const response = await fetchJson(settings.fetch, request, basic);
  settings.coverage.answered(response.status);
  const token = isObject(response.body) ? response.body.token : undefined;
  if (response.status === 200 && typeof token === "string" && token !== "") return token;
  return {
    request,
    timeZone: undefined,
    headers: basic,
    reason: "GET /token with the credentials gives no token",
    expected: 'status 200, { "token": … }',
    received: `${brief(response)} ${JSON.stringify(response.body)?.slice(0, 200) ?? ""}`.trim(),
  };
}

/** Lists the resource with a token; a Found when the status is not the one expected. */
async function listWith(
  settings: Settings,
  token: string,
  status: number,
  reason: string,
  code?: string,
): Promise<Found | undefined> {
  const headers = headersFor(token);
  const response = await fetchJson(settings.fetch, settings.base, headers);
  settings.coverage.answered(response.status);
  if (response.status === status && (code === undefined || codeOf(response) === code)) {
    return undefined;
  }
  return {
    request: settings.base,
    timeZone: undefined,
    headers,
    reason,
    expected: `status ${status}${code === undefined ? "" : ` ${code}`}`,
    received: brief(response),
  };
}

/** With credentials: a token from `GET /token` lists, and after `DELETE /token` is a 401 (6.8). */
export async function checkRevoking(settings: Settings): Promise<Found | undefined> {
  if (!settings.credentials) return undefined;
  settings.checks.begin(REVOKING_CHECK);
  const token = await temporaryToken(settings);
  if (typeof token !== "string") return token;
  const works = await listWith(
    settings,
    token,
    200,
    "a token just issued by GET /token is refused",
  );
  if (works) return works;
  const request = `${settings.api}/token`;
  const headers = headersFor(token);
  const revoked = await fetchJson(settings.fetch, request, headers, "DELETE");
  settings.coverage.answered(revoked.status);
  if (revoked.status !== 204) {
    return {
      request,
      method: "DELETE",
      timeZone: undefined,
      headers,
      reason: "DELETE /token with a token is not a 204",
      expected: "status 204",
      received: brief(revoked),
    };
  }
  settings.coverage.token("revoked");
  return listWith(settings, token, 401, "a token revoked by DELETE /token still lists");
}

const MINUTE = 60_000;

/**
 * With credentials and a clock the run may move: a token unused for 15 minutes is a 403
 * `TOKEN_IDLE`, and one used every 9 minutes is a 403 `TOKEN_EXPIRED` once its hour is over (6.8). Run last: it ends every temporary
 * token the server has issued.
 */
export async function checkLifetimes(settings: Settings): Promise<Found | undefined> {
  const { advanceClock } = settings;
  if (!settings.credentials || !advanceClock) return undefined;
  settings.checks.begin(LIFETIME_CHECKS[0]);
  const idle = await temporaryToken(settings);
  if (typeof idle !== "string") return idle;
  await advanceClock(15 * MINUTE + 1000);
  settings.coverage.token("idle");
  const idled = await listWith(
    settings,
    idle,
    403,
    "a token unused for 15 minutes is not a 403 TOKEN_IDLE",
    "TOKEN_IDLE",
  );
  if (idled) return idled;
  settings.checks.begin(LIFETIME_CHECKS[1]);
  const aging = await temporaryToken(settings);
  if (typeof aging !== "string") return aging;
  for (let minutes = 9; minutes < 60; minutes += 9) {
    await advanceClock(9 * MINUTE);
    const alive = await listWith(
      settings,
      aging,
      200,
      `a token used every 9 minutes is refused ${minutes} minutes after it was issued`,
    );
    if (alive) return alive;
  }
  await advanceClock(9 * MINUTE);
  settings.coverage.token("expired");
  return listWith(
    settings,
    aging,
    403,
    "a token used 63 minutes after it was issued is not a 403 TOKEN_EXPIRED",
    "TOKEN_EXPIRED",
  );
}
