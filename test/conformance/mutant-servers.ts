// Single-bug servers over the shipped sample, each carrying one plausible mistake of an
// implementation of the API: the kit's mutation score (issue 34) is the share of them that one
// default run of runConformance catches. Each is the reference server with one part replaced:
// its evaluation, its reading of one parameter, or its answer; `npm run bench -- conformance`
// runs them all, test/conformance/mutants.test.ts a few of each kind.
import { compileFields } from "../../src/api/compile-fields.ts";
import { compileWhere } from "../../src/api/compile-where.ts";
import type { WhereExpression, WherePredicate } from "../../src/ast/where.ts";
import type { Evaluate, EvaluateRequest } from "../../src/conformance/reference-evaluate.ts";
import { referenceEvaluate } from "../../src/conformance/reference-evaluate.ts";
import { QuerySyntaxError, type SyntaxErrorCode } from "../../src/errors/errors.ts";
import { safeReadListRequest } from "../../src/list/read-list-request.ts";
import { type ApiResourceName, RESOURCE_SCHEMAS } from "../../src/schema/resources.ts";
import type { FieldType, Schema } from "../../src/schema/schema.ts";
import { type ApiUser, createApiServer } from "../../src/server/api-server.ts";
import { safeParseWhere } from "../../src/syntax/parse-where.ts";
import { treeOfFilter } from "../support/tree-of-filter.ts";
import { sample } from "./reference-server.ts";

export const MUTANT_USER = "alice";
export const MUTANT_PASSWORD = "s3cret";
/** The server's permanent token, which the kit is given. */
export const MUTANT_TOKEN = "mutant-permanent-token-0123456789";

type Handle = (request: Request) => Promise<Response>;
type Row = Record<string, unknown>;

/** A server under test: its `fetch`, and the clock the kit may move (6.8's token lifetimes). */
export interface ServerUnderTest {
  readonly fetch: (input: string, init?: RequestInit) => Promise<Response>;
  readonly advanceClock: (ms: number) => void;
}

/** One single-bug server. */
export interface Mutant {
  readonly name: string;
  readonly category:
    | "filter"
    | "dates"
    | "patterns"
    | "nulls"
    | "ordering"
    | "quoting"
    | "projection"
    | "paging"
    | "links"
    | "errors"
    | "authentication"
    | "languages"
    | "users";
  /** A fresh server with the bug (each run gets its own tokens and clock). */
  readonly start: () => ServerUnderTest;
}

interface Parts {
  readonly evaluate?: Evaluate;
  /** Rewrites the request before the server reads it; a Response answers it instead. */
  readonly request?: (request: Request) => Request | Response;
  /** Rewrites the answer's JSON body of a list or item (`url` is the request's). */
  readonly body?: (body: Row, url: URL) => Row;
  /** Replaces the server's clock: `moved` is how far the kit moved it. */
  readonly clock?: (moved: number) => number;
  /** Replaces the user with a policy, a zone and a language (POLICY_USER) as the server reads it. */
  readonly policyUser?: (user: ApiUser) => ApiUser;
}

/** The token of a user who sees each resource through a policy, in its own zone and language. */
export const POLICY_TOKEN = "policy-user-token-0123456789abcdef";

/**
 * That user (grammar/language.md 6.9–6.11): some fields hidden, some seen but not filterable,
 * dates in Kiritimati (14 hours ahead of UTC, so many a day falls otherwise), answers in French.
 */
export const POLICY_USER = {
  permanentTokens: [POLICY_TOKEN],
  timeZone: "Pacific/Kiritimati",
  language: "fr",
  policies: {
    projects: {
      selectable: "id,name,status,analysisTime,rating,level",
      filterable: "id,name,analysisTime,rating",
    },
    artefacts: {
      selectable: "id,name,path,type,rank,projectId",
      filterable: "id,name,type.id,rank",
    },
    findings: {
      selectable: "id,status,definition,creationDate,projectId",
      filterable: "id,status,definition.name,creationDate",
      where: "status!=CLOSED",
    },
  },
} as const satisfies ApiUser;

const START = Date.UTC(2026, 10, 26, 12);

/** The reference server with the parts replaced: `qaql serve`'s over the sample. */
export function serverWith(parts: Parts = {}): ServerUnderTest {
  let moved = 0;
  const clock = parts.clock ?? ((by: number) => by);
  const server = createApiServer({
    data: sample,
    user: MUTANT_USER,
    password: MUTANT_PASSWORD,
    permanentTokens: [MUTANT_TOKEN],
    users: { carl: parts.policyUser ? parts.policyUser(POLICY_USER) : POLICY_USER },
    now: () => START + clock(moved),
    // As `qaql serve` does: the API's resources read with the API's schemas.
    schemas: RESOURCE_SCHEMAS,
    ...(parts.evaluate && { evaluate: parts.evaluate }),
  });
  const handle: Handle = async (incoming) => {
    const request = parts.request ? parts.request(incoming) : incoming;
    if (request instanceof Response) return request;
    const answer = await server.fetch(request);
    const type = answer.headers.get("content-type") ?? "";
    if (!parts.body || answer.status !== 200 || !type.includes("json")) return answer;
    const body = parts.body((await answer.json()) as Row, new URL(request.url));
    const headers = new Headers(answer.headers);
    headers.delete("content-length");
    return new Response(JSON.stringify(body), { status: 200, headers });
  };
  return {
    fetch: (input, init) => handle(new Request(input, init)),
    advanceClock: (ms) => {
      moved += ms;
    },
  };
}

// --- Evaluations with one rule changed -------------------------------------------------------

const isObject = (value: unknown): value is Row =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function valueAt(record: unknown, segments: readonly string[]): unknown {
  let value = record;
  for (const key of segments)
    value = isObject(value) && Object.hasOwn(value, key) ? value[key] : null;
  return value ?? null;
}

function typeAt(schema: Schema | undefined, segments: readonly string[]): string | undefined {
  let fields: Readonly<Record<string, FieldType>> | null | undefined = schema?.fields;
  let type: FieldType | undefined;
  for (const key of segments) {
    type = fields && Object.hasOwn(fields, key) ? fields[key] : undefined;
    fields = type?.kind === "object" ? type.fields : undefined;
  }
  return type?.kind;
}

/** A predicate's answer for a record, or undefined to keep the reference's. */
type Leaf = (node: WherePredicate, record: Row, request: EvaluateRequest) => boolean | undefined;

const compiled = new WeakMap<object, (record: object) => boolean>();

/** Evaluates AND and OR as the reference does, with `leaf` deciding the predicates it wants to. */
function matcher(where: WhereExpression, request: EvaluateRequest, leaf: Leaf) {
  const { schema, timeZone } = request;
  const test = (node: WhereExpression, record: Row): boolean => {
    if (node.kind === "and") return node.operands.every((operand) => test(operand, record));
    if (node.kind === "or") return node.operands.some((operand) => test(operand, record));
    const own = leaf(node, record, request);
    if (own !== undefined) return own;
    let reference = compiled.get(node);
    if (!reference) {
      reference = compileWhere(node as WhereExpression, { schema, timeZone });
      compiled.set(node, reference);
    }
    return reference(record);
  };
  return (record: object) => test(where, record as Row);
}

/** Filters with `leaf`, then pages and projects as the reference does. */
function evaluateWith(leaf: Leaf): Evaluate {
  return (records, request) => {
    if (!request.where) return referenceEvaluate(records, request);
    const matches = records.filter(matcher(treeOfFilter(request.where), request, leaf));
    return referenceEvaluate(matches, { ...request, where: undefined });
  };
}

/** Rewrites the filter's tree before the reference reads it. */
function evaluateRewritten(rewrite: (node: WherePredicate) => WherePredicate): Evaluate {
  const walk = (node: WhereExpression): WhereExpression =>
    node.kind === "and" || node.kind === "or"
      ? ({ ...node, operands: node.operands.map(walk) } as WhereExpression)
      : rewrite(node);
  return (records, request) =>
    referenceEvaluate(records, {
      ...request,
      where: request.where && walk(treeOfFilter(request.where)),
    });
}

const comparesStrings = (node: WherePredicate, record: Row, request: EvaluateRequest) =>
  typeAt(request.schema, node.path.segments) === "string" &&
  typeof valueAt(record, node.path.segments) === "string";

function order(operator: string, sign: number): boolean {
  if (operator === "<") return sign < 0;
  if (operator === "<=") return sign <= 0;
  if (operator === ">") return sign > 0;
  if (operator === ">=") return sign >= 0;
  if (operator === "=") return sign === 0;
  return sign !== 0;
}

/** Patterns in which the given characters stand for the regular expressions given. */
function wildcardsIn(wildcards: Readonly<Record<string, string>>): Leaf {
  return (node, record) => {
    if (node.kind !== "pattern") return undefined;
    const chars = [...node.value.text];
    if (!chars.some((char) => Object.hasOwn(wildcards, char))) return undefined;
    const value = valueAt(record, node.path.segments);
    if (typeof value !== "string") return false;
    const body = chars
      .map((char) =>
        Object.hasOwn(wildcards, char)
          ? wildcards[char]
          : char.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("");
    const lead = node.mode === "startsWith" ? "^" : "";
    const trail = node.mode === "endsWith" ? "$" : "";
    return new RegExp(`${lead}${body}${trail}`, "su").test(value);
  };
}

// --- Requests and answers with one rule changed ----------------------------------------------

function withQuery(request: Request, change: (query: URLSearchParams) => void): Request {
  const url = new URL(request.url);
  change(url.searchParams);
  return new Request(url, { method: request.method, headers: request.headers });
}

function withHeaders(request: Request, change: (headers: Headers) => void): Request {
  const headers = new Headers(request.headers);
  change(headers);
  return new Request(request.url, { method: request.method, headers });
}

const isList = (url: URL) => /^\/api\/(projects|artefacts|findings)$/.test(url.pathname);
const isItem = (url: URL) => /^\/api\/(projects|artefacts|findings)\/[^/]+$/.test(url.pathname);
const resourceOf = (url: URL) => url.pathname.split("/")[2] as string;

function jsonAnswer(status: number, body: object): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** Whether the server reads the request's parameters without an error: the bugs below are in valid requests. */
function readsWell(request: Request): boolean {
  const url = new URL(request.url);
  const resource = resourceOf(url);
  const schema = Object.hasOwn(RESOURCE_SCHEMAS, resource)
    ? RESOURCE_SCHEMAS[resource as ApiResourceName]
    : undefined;
  return safeReadListRequest(url.searchParams.toString(), { schema, maxSize: 1000 }).success;
}

/** The `where` the request sends, read from the query string as the server reads it. */
function whereTextOf(request: Request): string {
  return new URL(request.url).searchParams.get("where") ?? "";
}

/** Splits a `fields` text at its top-level commas. */
function topLevelItems(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (char === "," && depth === 0) {
      items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  items.push(text.slice(start));
  return items.map((item) => item.trim()).filter((item) => item !== "");
}

const firstName = (item: string) => (/^[^.(\s]+/.exec(item)?.[0] ?? item).trim();

function linkPage(link: unknown): number | undefined {
  if (!isObject(link) || typeof link.href !== "string") return undefined;
  const page = new URL(link.href, "http://x").searchParams.get("page");
  return page === null ? undefined : Number(page);
}

function withPage(link: unknown, page: number): { href: string } {
  const href = String((link as Row).href);
  const url = new URL(href, "http://x");
  url.searchParams.set("page", String(page));
  return { href: href.startsWith("http") ? url.href : `${url.pathname}${url.search}` };
}

let quotedTexts: ReadonlySet<string> = new Set();

/**
 * A server that reads a valid `fields` as `read` does, and writes its links with the selection
 * as sent (as a server with the bug would: its links come from the request's URL).
 */
function fieldsReadAs(read: (fields: string) => string): Parts {
  let sent: string | null = null;
  return {
    request: (request) => {
      sent = new URL(request.url).searchParams.get("fields");
      if (sent === null || !readsWell(request)) return request;
      const text = sent;
      return withQuery(request, (query) => query.set("fields", read(text)));
    },
    body: (body, url) => {
      const links = body._links;
      if (!isList(url) || !isObject(links) || sent === null) return body;
      const restored = Object.fromEntries(
        Object.entries(links).map(([name, link]) => {
          if (!isObject(link) || typeof link.href !== "string") return [name, link];
          const href = new URL(link.href, "http://x");
          href.searchParams.set("fields", sent as string);
          return [name, { href: `${href.pathname}${href.search}` }];
        }),
      );
      return { ...body, _links: restored };
    },
  };
}

/**
 * A server that reads a list's `where` failing with `code` as if `repair` had been applied at
 * the error's offset, until it no longer does: a reader lenient about one rule.
 */
function whereRepaired(
  code: SyntaxErrorCode,
  repair: (text: string, offset: number) => string,
): Parts {
  return {
    request: (request) => {
      const url = new URL(request.url);
      const sent = url.searchParams.get("where");
      if (sent === null || !isList(url)) return request;
      let text = sent;
      for (let tries = 0; tries < 16; tries++) {
        const read = safeParseWhere(text);
        if (read.success || read.error.code !== code) break;
        text = repair(text, read.error.offset);
      }
      return text === sent ? request : withQuery(request, (query) => query.set("where", text));
    },
  };
}

/** Quotes the unquoted pattern text around `offset`, its trailing wildcard left one. */
function quotePatternAt(text: string, offset: number): string {
  let start = text.lastIndexOf("~", offset) + 1;
  while (/\s/.test(text.charAt(start))) start++;
  if (text.charAt(start) === "*") start++;
  let end = offset;
  while (end < text.length && !/[\s()"]/.test(text.charAt(end))) end++;
  if (end - 1 > offset && text.charAt(end - 1) === "*") end--;
  const inner = text.slice(start, end).replaceAll('"', '""');
  return `${text.slice(0, start)}"${inner}"${text.slice(end)}`;
}

const NUMBER = /^-?[0-9]+(?:\.[0-9]+)?$/;

export const MUTANTS: readonly Mutant[] = [
  // Filters
  {
    name: "= compares strings ignoring case",
    category: "filter",
    start: () =>
      serverWith({
        evaluate: evaluateWith((node, record, request) => {
          if (node.kind !== "comparison" || node.operator !== "=") return undefined;
          if (!comparesStrings(node, record, request)) return undefined;
          const value = valueAt(record, node.path.segments) as string;
          return value.toLowerCase() === node.value.text.toLowerCase();
        }),
      }),
  },
  {
    name: "numbers compared as text",
    category: "filter",
    start: () =>
      serverWith({
        evaluate: evaluateWith((node, record) => {
          if (node.kind !== "comparison") return undefined;
          const value = valueAt(record, node.path.segments);
          if (typeof value !== "number" || !NUMBER.test(node.value.text)) return undefined;
          const text = String(value);
          return order(node.operator, text < node.value.text ? -1 : text > node.value.text ? 1 : 0);
        }),
      }),
  },
  {
    name: "<= read as <",
    category: "filter",
    start: () =>
      serverWith({
        evaluate: evaluateRewritten((node) =>
          node.kind === "comparison" && node.operator === "<=" ? { ...node, operator: "<" } : node,
        ),
      }),
  },
  {
    name: "IN values trimmed",
    category: "quoting",
    start: () =>
      serverWith({
        evaluate: evaluateRewritten((node) =>
          node.kind === "in"
            ? { ...node, values: node.values.map((v) => ({ ...v, text: v.text.trim() })) }
            : node,
        ),
      }),
  },
  {
    name: "quoted numbers read as text",
    category: "quoting",
    start: () => {
      const quoted = /"((?:[^"]|"")*)"/g;
      return serverWith({
        request: (request) => {
          quotedTexts = new Set(
            [...whereTextOf(request).matchAll(quoted)].map((m) =>
              (m[1] as string).replaceAll('""', '"'),
            ),
          );
          return request;
        },
        evaluate: evaluateWith((node, record) => {
          if (node.kind !== "comparison" && node.kind !== "in") return undefined;
          const texts = node.kind === "in" ? node.values : [node.value];
          const value = valueAt(record, node.path.segments);
          if (typeof value !== "number" || !texts.some((t) => quotedTexts.has(t.text)))
            return undefined;
          // A number never equals a text: = and IN fail, != and NOT IN hold.
          return node.kind === "in" ? node.negated : node.operator === "!=";
        }),
      });
    },
  },
  {
    name: "keywords accepted only in upper case",
    category: "quoting",
    start: () =>
      serverWith({
        request: (request) => {
          if (!readsWell(request)) return request;
          const outside = whereTextOf(request).replace(/"(?:[^"]|"")*"/g, '""');
          const lower = /(^|[\s()])(and|or|in|not|is|null)(?=[\s()]|$)/i.exec(outside);
          if (!lower || lower[2] === (lower[2] as string).toUpperCase()) return request;
          return jsonAnswer(400, {
            status: 400,
            code: "UNEXPECTED_TOKEN",
            message: `where: unexpected ${lower[2]}`,
          });
        },
      }),
  },
  {
    name: "strings ordered by UTF-16 code units",
    category: "ordering",
    start: () =>
      serverWith({
        evaluate: evaluateWith((node, record, request) => {
          if (node.kind !== "comparison" || node.operator === "=" || node.operator === "!=")
            return undefined;
          if (!comparesStrings(node, record, request)) return undefined;
          const value = valueAt(record, node.path.segments) as string;
          const text = node.value.text;
          return order(node.operator, value < text ? -1 : value > text ? 1 : 0);
        }),
      }),
  },
  {
    name: "strings ordered by localeCompare",
    category: "ordering",
    start: () =>
      serverWith({
        evaluate: evaluateWith((node, record, request) => {
          if (node.kind !== "comparison" || node.operator === "=" || node.operator === "!=")
            return undefined;
          if (!comparesStrings(node, record, request)) return undefined;
          const value = valueAt(record, node.path.segments) as string;
          return order(node.operator, Math.sign(value.localeCompare(node.value.text, "en")));
        }),
      }),
  },
  {
    name: "filtered lists sorted by name",
    category: "ordering",
    start: () =>
      serverWith({
        evaluate: (records, request) => {
          if (!request.where) return referenceEvaluate(records, request);
          const { schema, timeZone } = request;
          const matches = records.filter(compileWhere(request.where, { schema, timeZone }));
          const name = (row: object) => String((row as Row).name ?? (row as Row).id);
          const sorted = [...matches].sort((a, b) =>
            name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0,
          );
          return referenceEvaluate(sorted, { ...request, where: undefined });
        },
      }),
  },
  // Dates
  {
    name: "dates in UTC whatever the timezone header",
    category: "dates",
    start: () =>
      serverWith({
        evaluate: (records, request) => referenceEvaluate(records, { ...request, timeZone: "UTC" }),
      }),
  },
  {
    name: "dates compared as text",
    category: "dates",
    start: () =>
      serverWith({
        evaluate: evaluateWith((node, record, request) => {
          if (node.kind !== "comparison" || typeAt(request.schema, node.path.segments) !== "date")
            return undefined;
          const value = valueAt(record, node.path.segments);
          if (typeof value !== "string") return undefined;
          const day = value.slice(0, 10);
          const text = node.value.text;
          return order(node.operator, day < text ? -1 : day > text ? 1 : 0);
        }),
      }),
  },
  {
    name: "a date's day ends at its start (<= read as < on dates)",
    category: "dates",
    start: () =>
      serverWith({
        evaluate: evaluateWith((node, record, request) => {
          if (node.kind !== "comparison" || node.operator !== "<=") return undefined;
          if (typeAt(request.schema, node.path.segments) !== "date") return undefined;
          const { schema, timeZone } = request;
          const strict = compileWhere({ ...node, operator: "<" }, { schema, timeZone });
          return strict(record);
        }),
      }),
  },
  // Patterns
  {
    name: "~ ignores case",
    category: "patterns",
    start: () =>
      serverWith({
        evaluate: evaluateWith((node, record) => {
          if (node.kind !== "pattern") return undefined;
          const value = valueAt(record, node.path.segments);
          if (typeof value !== "string") return false;
          const [v, x] = [value.toLowerCase(), node.value.text.toLowerCase()];
          return node.mode === "startsWith"
            ? v.startsWith(x)
            : node.mode === "endsWith"
              ? v.endsWith(x)
              : v.includes(x);
        }),
      }),
  },
  {
    name: "~ read as LIKE (% and _ are wildcards)",
    category: "patterns",
    start: () => serverWith({ evaluate: evaluateWith(wildcardsIn({ "%": ".*", _: "." })) }),
  },
  {
    name: "a quoted * inside a pattern is a wildcard",
    category: "patterns",
    start: () => serverWith({ evaluate: evaluateWith(wildcardsIn({ "*": ".*" })) }),
  },
  {
    name: "f~x read as starts-with",
    category: "patterns",
    start: () =>
      serverWith({
        evaluate: evaluateRewritten((node) =>
          node.kind === "pattern" && node.mode === "contains"
            ? { ...node, mode: "startsWith" }
            : node,
        ),
      }),
  },
  {
    name: "f~*x read as contains",
    category: "patterns",
    start: () =>
      serverWith({
        evaluate: evaluateRewritten((node) =>
          node.kind === "pattern" && node.mode === "endsWith"
            ? { ...node, mode: "contains" }
            : node,
        ),
      }),
  },
  // Nulls
  {
    name: "NULL stored as an empty string",
    category: "nulls",
    start: () =>
      serverWith({
        evaluate: evaluateWith((node, record) => {
          const value = valueAt(record, node.path.segments);
          if (value !== null) return undefined;
          if (node.kind === "isNull") return node.negated;
          if (node.kind === "comparison")
            return order(node.operator, "" < node.value.text ? -1 : "" > node.value.text ? 1 : 0);
          if (node.kind === "in") return node.values.some((v) => v.text === "") !== node.negated;
          return node.value.text === "";
        }),
      }),
  },
  {
    name: "!= holds of null",
    category: "nulls",
    start: () =>
      serverWith({
        evaluate: evaluateWith((node, record) =>
          node.kind === "comparison" &&
          node.operator === "!=" &&
          valueAt(record, node.path.segments) === null
            ? true
            : undefined,
        ),
      }),
  },
  {
    name: "NOT IN holds of null",
    category: "nulls",
    start: () =>
      serverWith({
        evaluate: evaluateWith((node, record) =>
          node.kind === "in" && node.negated && valueAt(record, node.path.segments) === null
            ? true
            : undefined,
        ),
      }),
  },
  {
    name: "IS NULL false of a missing member",
    category: "nulls",
    start: () =>
      serverWith({
        evaluate: evaluateWith((node, record) => {
          if (node.kind !== "isNull") return undefined;
          let value: unknown = record;
          for (const key of node.path.segments) {
            if (!isObject(value) || !Object.hasOwn(value, key)) return node.negated;
            value = value[key];
          }
          return (value === null) !== node.negated;
        }),
      }),
  },
  // Projection
  {
    name: "a sub-selection returns the whole member",
    category: "projection",
    start: () =>
      serverWith(
        fieldsReadAs((fields) => [...new Set(topLevelItems(fields).map(firstName))].join(",")),
      ),
  },
  {
    name: "a repeated name keeps its first occurrence",
    category: "projection",
    start: () =>
      serverWith(
        fieldsReadAs((fields) => {
          const seen = new Set<string>();
          const kept = topLevelItems(fields).filter((item) => {
            const name = firstName(item);
            if (seen.has(name)) return false;
            seen.add(name);
            return true;
          });
          return kept.join(",");
        }),
      ),
  },
  {
    name: "a path then its parent keeps the path (the first mention wins)",
    category: "projection",
    start: () =>
      serverWith(
        fieldsReadAs((fields) => {
          const mentioned = new Set<string>();
          const kept = topLevelItems(fields).filter((item) => {
            const name = firstName(item);
            const later = mentioned.has(name) && item === name;
            mentioned.add(name);
            return !later;
          });
          return kept.join(",");
        }),
      ),
  },
  {
    name: "keys in the selection's order",
    category: "projection",
    start: () =>
      serverWith({
        request: (request) => {
          selectionOrder = topLevelItems(new URL(request.url).searchParams.get("fields") ?? "").map(
            firstName,
          );
          return request;
        },
        body: (body, url) => {
          const reorder = (item: unknown) => {
            if (!isObject(item) || selectionOrder.length === 0) return item;
            const keys = [
              ...new Set([
                ...selectionOrder.filter((k) => Object.hasOwn(item, k)),
                ...Object.keys(item),
              ]),
            ];
            return Object.fromEntries(keys.map((k) => [k, item[k]]));
          };
          if (isItem(url)) return reorder(body) as Row;
          const resource = resourceOf(url);
          const items = body[resource];
          return Array.isArray(items) ? { ...body, [resource]: items.map(reorder) } : body;
        },
      }),
  },
  {
    name: "a selected member the record lacks answered as null",
    category: "projection",
    start: () =>
      serverWith({
        request: (request) => {
          selectionOrder = topLevelItems(new URL(request.url).searchParams.get("fields") ?? "").map(
            firstName,
          );
          return request;
        },
        body: (body, url) => {
          const fill = (item: unknown) =>
            isObject(item)
              ? {
                  ...item,
                  ...Object.fromEntries(
                    selectionOrder.filter((k) => !Object.hasOwn(item, k)).map((k) => [k, null]),
                  ),
                }
              : item;
          if (isItem(url)) return fill(body) as Row;
          const resource = resourceOf(url);
          const items = body[resource];
          return Array.isArray(items) ? { ...body, [resource]: items.map(fill) } : body;
        },
      }),
  },
  {
    name: "one record's route ignores fields",
    category: "projection",
    start: () =>
      serverWith({
        request: (request) =>
          isItem(new URL(request.url))
            ? withQuery(request, (query) => query.delete("fields"))
            : request,
      }),
  },
  // Paging
  {
    name: "a default page size of 10",
    category: "paging",
    start: () =>
      serverWith({
        request: (request) =>
          isList(new URL(request.url)) && !new URL(request.url).searchParams.has("size")
            ? withQuery(request, (query) => query.set("size", "10"))
            : request,
      }),
  },
  {
    name: "pages after the first start one item early",
    category: "paging",
    start: () =>
      serverWith({
        evaluate: (records, request) => {
          const { where, schema, timeZone, fields, page, size } = request;
          const matches = where
            ? records.filter(compileWhere(where, { schema, timeZone }))
            : records;
          const start = page > 1 ? (page - 1) * size - 1 : 0;
          const project = fields ? compileFields(fields) : (row: object) => row;
          return { items: matches.slice(start, start + size).map(project), total: matches.length };
        },
      }),
  },
  {
    name: "sizes above 100 cut to 100 items",
    category: "paging",
    start: () =>
      serverWith({
        evaluate: async (records, request) => {
          const answer = await referenceEvaluate(records, request);
          return { ...answer, items: answer.items.slice(0, 100) };
        },
      }),
  },
  {
    name: "the total counted before the filter",
    category: "paging",
    start: () =>
      serverWith({
        evaluate: async (records, request) => ({
          ...(await referenceEvaluate(records, request)),
          total: records.length,
        }),
      }),
  },
  {
    name: "page 0 read as page 1",
    category: "paging",
    start: () =>
      serverWith({
        request: (request) =>
          new URL(request.url).searchParams.get("page") === "0"
            ? withQuery(request, (query) => query.set("page", "1"))
            : request,
      }),
  },
  // Links
  {
    name: "last counts whole pages only (floor, not ceiling)",
    category: "links",
    start: () =>
      serverWith({
        evaluate: async (records, request) => {
          const answer = await referenceEvaluate(records, request);
          return { ...answer, total: Math.floor(answer.total / request.size) * request.size };
        },
      }),
  },
  {
    name: "a next link on the last page",
    category: "links",
    start: () =>
      serverWith({
        body: (body, url) => {
          const links = body._links;
          if (!isList(url) || !isObject(links) || links.next || !links.self) return body;
          const page = linkPage(links.self) ?? 1;
          if (page > (linkPage(links.last) ?? 1)) return body;
          return { ...body, _links: { ...links, next: withPage(links.self, page + 1) } };
        },
      }),
  },
  {
    name: "past the end, previous is the page before",
    category: "links",
    start: () =>
      serverWith({
        body: (body, url) => {
          const links = body._links;
          if (!isList(url) || !isObject(links) || !links.previous) return body;
          const page = linkPage(links.self) ?? 1;
          return { ...body, _links: { ...links, previous: withPage(links.self, page - 1) } };
        },
      }),
  },
  {
    name: "links drop where and fields",
    category: "links",
    start: () =>
      serverWith({
        body: (body, url) => {
          const links = body._links;
          if (!isList(url) || !isObject(links)) return body;
          const bare = Object.fromEntries(
            Object.entries(links).map(([name, link]) => {
              if (!isObject(link) || typeof link.href !== "string") return [name, link];
              const href = new URL(link.href, "http://x");
              href.searchParams.delete("where");
              href.searchParams.delete("fields");
              return [
                name,
                {
                  href: link.href.startsWith("http") ? href.href : `${href.pathname}${href.search}`,
                },
              ];
            }),
          );
          return { ...body, _links: bare };
        },
      }),
  },
  // Errors
  {
    name: "a where that does not parse is ignored",
    category: "errors",
    start: () =>
      serverWith({
        request: (request) => {
          const url = new URL(request.url);
          const read = safeReadListRequest(url.searchParams.toString(), { maxSize: 1000 });
          if (
            read.success ||
            !(read.error instanceof QuerySyntaxError) ||
            read.error.parameter !== "where"
          )
            return request;
          return withQuery(request, (query) => query.delete("where"));
        },
      }),
  },
  {
    name: "a filter on an unknown field is ignored",
    category: "errors",
    start: () =>
      serverWith({
        request: (request) => {
          const url = new URL(request.url);
          if (!isList(url)) return request;
          const schema = RESOURCE_SCHEMAS[resourceOf(url) as ApiResourceName];
          const read = safeReadListRequest(url.searchParams.toString(), { schema, maxSize: 1000 });
          if (read.success || read.error.code !== "UNKNOWN_FIELD") return request;
          return withQuery(request, (query) => query.delete("where"));
        },
      }),
  },
  {
    name: "every error answered with one code",
    category: "errors",
    start: () => {
      const server = serverWith();
      return {
        ...server,
        fetch: async (input, init) => {
          const answer = await server.fetch(input, init);
          if (answer.status !== 400) return answer;
          const body = (await answer.json()) as Row;
          return new Response(JSON.stringify({ ...body, code: "BAD_REQUEST" }), answer);
        },
      };
    },
  },
  {
    name: "a * inside an unquoted pattern taken as a literal *",
    category: "errors",
    start: () => serverWith(whereRepaired("MISPLACED_WILDCARD", quotePatternAt)),
  },
  {
    name: "no white space needed around AND and OR",
    category: "errors",
    start: () =>
      serverWith(
        whereRepaired(
          "MISSING_WHITESPACE",
          (text, offset) => `${text.slice(0, offset)} ${text.slice(offset)}`,
        ),
      ),
  },
  // Authentication
  {
    name: "a list answered without a token",
    category: "authentication",
    start: () =>
      serverWith({
        request: (request) =>
          request.headers.has("authorization")
            ? request
            : withHeaders(request, (h) => h.set("authorization", `Bearer ${MUTANT_TOKEN}`)),
      }),
  },
  {
    name: "any bearer token accepted",
    category: "authentication",
    start: () =>
      serverWith({
        request: (request) => {
          const path = new URL(request.url).pathname;
          const auth = request.headers.get("authorization") ?? "";
          if (path === "/api/token" || !auth.startsWith("Bearer ")) return request;
          return withHeaders(request, (h) => h.set("authorization", `Bearer ${MUTANT_TOKEN}`));
        },
      }),
  },
  {
    name: "DELETE /token answers 204 and revokes nothing",
    category: "authentication",
    start: () =>
      serverWith({
        request: (request) =>
          request.method === "DELETE" && new URL(request.url).pathname === "/api/token"
            ? new Response(null, { status: 204 })
            : request,
      }),
  },
  {
    name: "tokens never idle out",
    category: "authentication",
    start: () => serverWith({ clock: (moved) => (moved < 60 * 60 * 1000 ? 0 : moved) }),
  },
  {
    name: "tokens never expire",
    category: "authentication",
    start: () => serverWith({ clock: () => 0 }),
  },
  // Languages
  {
    name: "Accept-Language q-values ignored",
    category: "languages",
    start: () =>
      serverWith({
        request: (request) => {
          const asked = request.headers.get("accept-language");
          if (asked === null) return request;
          // The ranges in the order written, their weights dropped, q=0 among them.
          const unweighted = asked.replace(/;\s*q=[0-9.]+/gi, "");
          return withHeaders(request, (headers) => headers.set("accept-language", unweighted));
        },
      }),
  },

  // Users as the server sees them (6.9–6.11)
  {
    name: "a policy's filterable ignored (a field seen is a field filtered on)",
    category: "users",
    start: () =>
      serverWith({
        policyUser: (user) => ({
          ...user,
          policies: Object.fromEntries(
            Object.entries(user.policies ?? {}).map(([resource, policy]) => [
              resource,
              { ...policy, filterable: undefined },
            ]),
          ),
        }),
      }),
  },
  {
    name: "the user's zone ignored (dates read in UTC)",
    category: "users",
    start: () => serverWith({ policyUser: (user) => ({ ...user, timeZone: undefined }) }),
  },
  {
    name: "the user's language ignored (answers in the server's)",
    category: "users",
    start: () => serverWith({ policyUser: (user) => ({ ...user, language: undefined }) }),
  },
];

let selectionOrder: string[] = [];
