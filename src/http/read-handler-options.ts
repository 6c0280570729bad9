import {
  type AccessPolicy,
  type CheckedPolicyTexts,
  readAccessPolicy,
} from "../api/access-policy.ts";
import { IDENTIFIER } from "../ast/where.ts";
import { calendarOf } from "../backends/predicate/calendar.ts";
import type { ParseLimits } from "../base/limits.ts";
import { isPlainRecord, own } from "../base/members.ts";
import {
  checkOptionNames,
  optionNamesOf,
  readLimitMembers,
  readOptions,
  readSchemaOption,
  readStringOption,
  type SchemaOption,
} from "../check/read-options.ts";
import { describeFound, InvalidOptionError } from "../errors/invalid-input.ts";
import { UnknownTimeZoneError } from "../errors/unknown-time-zone-error.ts";
import { readPageSizeOptions } from "../list/page-size.ts";
import { inferSchema } from "../schema/infer-schema.ts";
import type { RecordOfOption } from "../schema/infer-type.ts";
import type { Schema } from "../schema/schema.ts";
import type { ListSource, ListSourceFunction } from "./list-source.ts";
import { isVendorName, supportedMediaTypes } from "./media-types.ts";
import { isListRequestCache, type ListRequestCache } from "./request-cache.ts";

/** What `createListHandler`'s `schema` option may be. */
export type HandlerSchemaOption = SchemaOption | "infer" | undefined;

/**
 * Options of `createListHandler`: where the records come from, and how the list is answered.
 * `S` is the schema given: a typed one types the records of an array or iterable source.
 */
export interface ListHandlerOptions<S extends HandlerSchemaOption = HandlerSchemaOption>
  extends ParseLimits {
  /**
   * The records: an array, an async iterable that starts afresh each time it is read (not a
   * generator object or a stream, which can be read only once), or a function answering each
   * request (for data in a database).
   */
  readonly source: ListSource<RecordOfOption<S, object>>;
  /**
   * Validate `where` and `fields` against this schema and type values by it (grammar/language.md
   * 4); a plain shape is defined on the fly. `"infer"`, with an array source: the schema that
   * `inferSchema` learns from the array, once, so a mistyped field is a 400 `UNKNOWN_FIELD`.
   */
  readonly schema?: S;
  /** The list's name in the response, `{ _links, <resource>: [ … ] }`; the last segment of the request's path unless set. */
  readonly resource?: string | undefined;
  /** The page size of a request without `size`; 20, or `maxSize` if smaller, unless set. */
  readonly defaultSize?: number | undefined;
  /** The largest `size` accepted, past which a request is a 400 `SIZE_TOO_LARGE`; 1000 unless set. */
  readonly maxSize?: number | undefined;
  /** The vendor of the versioned media types, `application/vnd.<vendor>.app-v2+json`; `qaql` unless set. */
  readonly vendor?: string | undefined;
  /** The IANA time zone of a request without a `timezone` header; `UTC` unless set. */
  readonly timeZone?: string | undefined;
  /**
   * Put before the request's path in `_links`: an origin, with a path prefix or not
   * (`https://api.example.com`, `https://gw.example/qa`), or a path prefix (`/qa`). Unless set the
   * links are relative, the request's own path and query.
   */
  readonly baseUrl?: string | undefined;
  /**
   * Told of every error the client sees only as a 500 (a failing source, a broken record); it
   * must not throw. `console.error` unless set.
   */
  readonly onError?: ((error: unknown, request: Request) => void) | undefined;
  /**
   * Where the handler keeps the requests it read and compiled: a `ListRequestCache` that other
   * handlers may share, so that many lists keep one bound; a cache of 8 MiB of its own unless set.
   */
  readonly cache?: ListRequestCache | undefined;
  /**
   * What the caller may filter on and see, and a filter every answer obeys (grammar/language.md
   * 6.9): a policy for every request, or a function giving each request its own (undefined: no
   * policy), such as the one of the user its credentials name. A field the policy hides is left
   * out of every item and is the same 400 `UNKNOWN_FIELD` as a field that does not exist.
   */
  readonly policy?: AccessPolicy | RequestPolicy | undefined;
  /**
   * Links every page holds after its own (`self`, `first`, `last`, `previous`, `next`): the
   * href of each by its name, such as `{ artefact: "/api/artefacts/1031" }` for a nested list;
   * a path is put after `baseUrl`, as the page links are.
   */
  readonly links?: Readonly<Record<string, string>> | undefined;
}

/** The policy of one request, as `createListHandler`'s `policy` option gives it. */
export type RequestPolicy = (
  request: Request,
) => AccessPolicy | undefined | Promise<AccessPolicy | undefined>;

/**
 * `ListHandlerOptions` as a call's signature takes them: a policy object written in the code
 * (`P`) has its texts read by the compiler against the schema (`CheckedPolicyTexts`); a
 * function's policies are read when it runs.
 */
export type CheckedListHandlerOptions<S extends HandlerSchemaOption, P> = Omit<
  ListHandlerOptions<S>,
  "policy"
> & {
  readonly policy?: RequestPolicy | CheckedPolicyTexts<P, S> | undefined;
};

/** A handler's policy, checked once when fixed; a function's is checked at each request. */
export type HandlerPolicy =
  | { readonly kind: "none" }
  | { readonly kind: "fixed"; readonly policy: AccessPolicy }
  | { readonly kind: "function"; readonly read: RequestPolicy };

/** Where the records come from, told apart once. */
export type CheckedSource =
  | { readonly kind: "records"; readonly records: readonly object[] | AsyncIterable<object> }
  | { readonly kind: "function"; readonly read: ListSourceFunction };

/** The options, checked, with their defaults filled in. */
export interface HandlerSettings {
  readonly source: CheckedSource;
  readonly schema: Schema | undefined;
  readonly resource: string | undefined;
  readonly defaultSize: number;
  readonly maxSize: number;
  /** The media types answered in, the versioned ones first. */
  readonly mediaTypes: readonly string[];
  readonly timeZone: string;
  /** What the links put before the request's path: "" for relative links. */
  readonly linkBase: string;
  readonly limits: ParseLimits;
  readonly onError: (error: unknown, request: Request) => void;
  readonly cache: ListRequestCache | undefined;
  readonly policy: HandlerPolicy;
  /** The links after the page links, their hrefs as written in `_links`. */
  readonly links: Readonly<Record<string, { readonly href: string }>> | undefined;
}

const CALLER = "createListHandler";

const OPTION_NAMES = optionNamesOf<ListHandlerOptions>({
  source: true,
  schema: true,
  resource: true,
  defaultSize: true,
  maxSize: true,
  vendor: true,
  timeZone: true,
  baseUrl: true,
  maxLength: true,
  maxDepth: true,
  onError: true,
  cache: true,
  policy: true,
  links: true,
});

function fail(option: string, problem: string): never {
  throw new InvalidOptionError(CALLER, option, problem);
}

// Read once, so that a second request finds nothing: answering from it would be wrong, not slow.
function isReadOnce(value: object): boolean {
  return (
    Object.prototype.toString.call(value) === "[object AsyncGenerator]" ||
    typeof (value as { getReader?: unknown }).getReader === "function"
  );
}

function readSource(value: unknown): CheckedSource {
  const expected = "an array of records, an async iterable of them, or a function";
  if (typeof value === "function") return { kind: "function", read: value as ListSourceFunction };
  if (Array.isArray(value)) return { kind: "records", records: value };
  if (typeof value !== "object" || value === null) {
    return fail("source", `expected ${expected}; found ${describeFound(value)}`);
  }
  if (typeof (value as Partial<AsyncIterable<object>>)[Symbol.asyncIterator] !== "function") {
    return fail("source", `expected ${expected}; found ${describeFound(value)}`);
  }
  if (isReadOnce(value)) {
    fail(
      "source",
      "a generator object or a stream can be read only once, and each request reads the source: " +
        "give { [Symbol.asyncIterator]: () => read() } instead",
    );
  }
  return { kind: "records", records: value as AsyncIterable<object> };
}

/** Reads a list's name: absent, or a non-empty string other than `_links`. */
export function readResourceName(caller: string, value: unknown): string | undefined {
  const name = readStringOption(caller, "resource", value);
  if (name === "" || name === "_links") {
    throw new InvalidOptionError(
      caller,
      "resource",
      `a list cannot be named ${JSON.stringify(name)}`,
    );
  }
  return name;
}

/** Reads the vendor of the media types, `application/vnd.<vendor>.app-v2+json`; `qaql` when absent. */
export function readVendor(caller: string, value: unknown): string {
  const vendor = readStringOption(caller, "vendor", value) ?? "qaql";
  if (!isVendorName(vendor)) {
    throw new InvalidOptionError(
      caller,
      "vendor",
      `expected letters, digits, "." and "-"; found ${describeFound(vendor)}`,
    );
  }
  return vendor;
}

function readTimeZoneOption(value: unknown): string {
  const timeZone = readStringOption(CALLER, "timeZone", value) ?? "UTC";
  try {
    calendarOf(timeZone);
  } catch (error) {
    if (error instanceof UnknownTimeZoneError) fail("timeZone", error.message);
    throw error;
  }
  return timeZone;
}

const PLACEHOLDER_ORIGIN = "http://base.invalid";

/** The `baseUrl` option as the links' prefix: normalised, no trailing `/`, "" when absent. */
function readBaseUrl(value: unknown): string {
  const text = readStringOption(CALLER, "baseUrl", value);
  if (text === undefined) return "";
  const problem = (why: string) =>
    fail(
      "baseUrl",
      `${why}; expected an origin such as "https://api.example.com" or a path such as "/qa"`,
    );
  if (/[?#]/.test(text)) problem("a base URL for links holds no query or fragment");
  const isPath = text.startsWith("/");
  let url: URL;
  try {
    url = isPath ? new URL(text, PLACEHOLDER_ORIGIN) : new URL(text);
  } catch {
    return problem(`${describeFound(text)} is not a URL`);
  }
  if (isPath && url.origin !== PLACEHOLDER_ORIGIN) {
    problem(`${describeFound(text)} names a host, not a path`);
  }
  if (!isPath && url.protocol !== "http:" && url.protocol !== "https:") {
    problem(`${describeFound(text)} is not an http or https URL`);
  }
  if (url.username !== "" || url.password !== "")
    problem("a base URL for links holds no credentials");
  return `${isPath ? "" : url.origin}${url.pathname}`.replace(/\/+$/, "");
}

function readHandlerSchema(value: unknown, source: CheckedSource): Schema | undefined {
  if (value !== "infer") return readSchemaOption(CALLER, value);
  if (source.kind !== "records" || !Array.isArray(source.records)) {
    return fail(
      "schema",
      '"infer" learns the schema from an array source; give a schema for an iterable or a function',
    );
  }
  return inferSchema(source.records);
}

function readOnError(value: unknown): HandlerSettings["onError"] {
  if (value === undefined) return (error) => console.error(error);
  if (typeof value === "function") return value as HandlerSettings["onError"];
  return fail("onError", `expected a function; found ${describeFound(value)}`);
}

function readPolicy(value: unknown, schema: Schema | undefined): HandlerPolicy {
  if (value === undefined) return { kind: "none" };
  if (typeof value === "function") return { kind: "function", read: value as RequestPolicy };
  readAccessPolicy(CALLER, value, schema);
  return { kind: "fixed", policy: value as AccessPolicy };
}

const PAGE_LINKS: ReadonlySet<string> = new Set(["self", "first", "last", "previous", "next"]);

function readLinks(value: unknown, linkBase: string): HandlerSettings["links"] {
  if (value === undefined) return undefined;
  if (!isPlainRecord(value))
    return fail("links", `expected hrefs by name; found ${describeFound(value)}`);
  const links: Record<string, { href: string }> = {};
  for (const [name, href] of Object.entries(value)) {
    if (!IDENTIFIER.test(name) || PAGE_LINKS.has(name)) {
      fail(
        "links",
        `${JSON.stringify(name)} cannot name a link: a page's own are self, first, last, previous and next`,
      );
    }
    if (typeof href !== "string" || href === "") {
      fail(
        "links",
        `the href of ${JSON.stringify(name)} must be a path or a URL; found ${describeFound(href)}`,
      );
    }
    links[name] = { href: href.startsWith("/") ? `${linkBase}${href}` : href };
  }
  return links;
}

function readCache(value: unknown): ListRequestCache | undefined {
  if (value === undefined || isListRequestCache(value)) return value;
  return fail("cache", `expected a ListRequestCache; found ${describeFound(value)}`);
}

/**
 * Checks `createListHandler`'s options, which may come from anywhere (grammar/language.md 7.4):
 * every member known, of its type and in its range, or `InvalidOptionError` naming it.
 */
export function readHandlerOptions(options: unknown): HandlerSettings {
  const given = readOptions<Record<string, unknown>>(CALLER, options);
  checkOptionNames(CALLER, given, OPTION_NAMES);
  const member = (name: keyof ListHandlerOptions) => own(given, name);
  if (member("source") === undefined) fail("source", "the records are required");
  const source = readSource(member("source"));
  const schema = readHandlerSchema(member("schema"), source);
  const sizes = readPageSizeOptions(CALLER, member("defaultSize"), member("maxSize"));
  const vendor = readVendor(CALLER, member("vendor"));
  const linkBase = readBaseUrl(member("baseUrl"));
  return {
    source,
    schema,
    resource: readResourceName(CALLER, member("resource")),
    ...sizes,
    mediaTypes: supportedMediaTypes(vendor),
    timeZone: readTimeZoneOption(member("timeZone")),
    linkBase,
    limits: readLimitMembers(CALLER, given),
    onError: readOnError(member("onError")),
    cache: readCache(member("cache")),
    policy: readPolicy(member("policy"), schema),
    links: readLinks(member("links"), linkBase),
  };
}
