import {
  type AccessPolicy,
  type CheckedPolicy,
  policedFieldsNode,
  policedWhere,
  readAccessPolicy,
} from "../api/access-policy.ts";
import type { FieldsNode } from "../ast/fields.ts";
import type { WhereExpression } from "../ast/where.ts";
import type { Filter } from "../ast/zoned-filter.ts";
import type { ParseLimits } from "../base/limits.ts";
import { own } from "../base/members.ts";
import {
  checkOptionNames,
  optionNamesOf,
  readLimitMembers,
  readOptions,
  readSchemaOption,
  type SchemaOption,
} from "../check/read-options.ts";
import {
  type ListParameter,
  QueryParameterError,
  QuerySyntaxError,
  QueryValidationError,
} from "../errors/errors.ts";
import { type SafeResult, safely } from "../errors/safe-result.ts";
import type { Schema } from "../schema/schema.ts";
import { parseFields } from "../syntax/parse-fields.ts";
import { parseWhere } from "../syntax/parse-where.ts";
import { type PageSizeOptions, readPageNumber, readPageSizeOptions } from "./page-size.ts";
import { decodeQueryComponent } from "./percent-decode.ts";
import { piecesOf, queryStringOf } from "./url-parts.ts";

/** Options of `readListRequest`: a schema for `where` and `fields`, parse limits, page sizes. */
export interface ReadListRequestOptions extends PageSizeOptions, ParseLimits {
  /** Validate `where` and `fields` against this schema (grammar/language.md 4), or a plain shape defined on the fly. */
  readonly schema?: SchemaOption | undefined;
  /**
   * What the caller may filter on and see, and a filter that always holds (grammar/language.md
   * 6.9): `where` and `fields` are checked against the fields the policy opens, and the request
   * read holds the filter and selection the answer runs: the policy's filter AND-ed with the
   * caller's, each in its own zone (a zoned filter), and the caller's selection cut to the
   * visible fields (those fields alone without one).
   */
  readonly policy?: AccessPolicy | undefined;
}

/**
 * The four parameters of a list request (grammar/language.md 6), read, checked and defaulted.
 * `W` is what `where` may be: a tree, or under a policy with a filter a zoned filter as well.
 */
export interface ListRequest<W extends Filter = Filter> {
  /**
   * The filter the answer runs, or `undefined` when there is none: the caller's tree, read in
   * the request's zone. Under a policy with a filter (grammar/language.md 6.9), a zoned filter:
   * the policy's filter, read in the policy's zone, AND the caller's, read in the zone it is run
   * in. `compileWhere`, `toSql` and the query builders run either; no text can write a zoned one.
   */
  readonly where: W | undefined;
  /** The selection, or `undefined` when `fields` is absent, empty or only white space. */
  readonly fields: FieldsNode | undefined;
  /** The page number, from 1; 1 when `page` is absent. */
  readonly page: number;
  /** The page size; `defaultSize` when `size` is absent. */
  readonly size: number;
  /** Whether the request gave `page` or `size`; page and size hold the defaults when not. */
  readonly paginated: boolean;
}

/** Options of `readListRequest` without a policy, whose `where` is always a tree. */
export type ReadListRequestOptionsWithoutPolicy = ReadListRequestOptions & {
  readonly policy?: undefined;
};

/** Every error a user can cause in a list request. */
export type ListRequestError = QuerySyntaxError | QueryValidationError | QueryParameterError;

interface Entry {
  readonly name: ListParameter;
  /** The value as sent: percent-encoded when read from a string, decoded from `URLSearchParams`. */
  readonly value: string;
  readonly encoded: boolean;
}

const NAMES: ReadonlySet<string> = new Set<ListParameter>(["where", "fields", "page", "size"]);
const BLANK = /^[ \t\r\n]*$/;

function entriesOf(query: URLSearchParams | string): Entry[] {
  const entries: Entry[] = [];
  if (typeof query !== "string") {
    for (const [name, value] of query) {
      if (NAMES.has(name)) entries.push({ name: name as ListParameter, value, encoded: false });
    }
    return entries;
  }
  for (const piece of piecesOf(queryStringOf(query))) {
    const equals = piece.indexOf("=");
    const name = decodeQueryComponent(equals === -1 ? piece : piece.slice(0, equals));
    if (typeof name === "string" && NAMES.has(name)) {
      const value = equals === -1 ? "" : piece.slice(equals + 1);
      entries.push({ name: name as ListParameter, value, encoded: true });
    }
  }
  return entries;
}

function decodedValue(entry: Entry): string {
  if (!entry.encoded) return entry.value;
  const decoded = decodeQueryComponent(entry.value);
  if (typeof decoded === "string") return decoded;
  throw new QueryParameterError({
    parameter: entry.name,
    input: entry.value,
    code: "MALFORMED_ENCODING",
    ...decoded,
  });
}

function repeated(entry: Entry): QueryParameterError {
  const decoded = entry.encoded ? decodeQueryComponent(entry.value) : entry.value;
  const input = typeof decoded === "string" ? decoded : entry.value;
  return new QueryParameterError({
    parameter: entry.name,
    input,
    code: "REPEATED_PARAMETER",
    offset: 0,
    length: input.length,
    description: `a second "${entry.name}" parameter; a request gives each one at most once`,
  });
}

/** The decoded `where`, `fields`, `page` and `size` of a query string, in the order it gives them. */
export type DecodedListParameters = Readonly<Partial<Record<ListParameter, string>>>;

/**
 * What a list request's answer depends on in its query string: the decoded `where`, `fields`,
 * `page` and `size`, absent ones as `undefined`, whatever else the string holds; `undefined`
 * when `readListRequest` would fail on a repeated parameter or a broken escape.
 */
export function listParametersOf(query: string): DecodedListParameters | undefined {
  const values: Partial<Record<ListParameter, string>> = {};
  for (const entry of entriesOf(query)) {
    if (values[entry.name] !== undefined) return undefined;
    const decoded = decodeQueryComponent(entry.value);
    if (typeof decoded !== "string") return undefined;
    values[entry.name] = decoded;
  }
  return values;
}

const CALLER = "readListRequest";
const OPTION_NAMES = optionNamesOf<ReadListRequestOptions>({
  schema: true,
  maxLength: true,
  maxDepth: true,
  defaultSize: true,
  maxSize: true,
  policy: true,
});

/** The options of `readListRequest`, read and checked. */
interface ReadSettings {
  readonly whereOptions: ParseLimits & { readonly schema: Schema | undefined };
  readonly fieldsOptions: ParseLimits & { readonly schema: Schema | undefined };
  readonly policy: CheckedPolicy | undefined;
  readonly defaultSize: number;
  readonly maxSize: number;
}

function readSettings(options: ReadListRequestOptions | undefined): ReadSettings {
  const given = readOptions<Record<string, unknown>>(CALLER, options);
  checkOptionNames(CALLER, given, OPTION_NAMES);
  const { defaultSize, maxSize } = readPageSizeOptions(
    CALLER,
    own(given, "defaultSize"),
    own(given, "maxSize"),
  );
  const limits = readLimitMembers(CALLER, given);
  const schema = readSchemaOption(CALLER, own(given, "schema"));
  const policy = readAccessPolicy(CALLER, own(given, "policy"), schema);
  return {
    whereOptions: { ...limits, schema: policy ? policy.filterSchema : schema },
    fieldsOptions: { ...limits, schema: policy ? policy.selectSchema : schema },
    policy,
    defaultSize,
    maxSize,
  };
}

// The values come one at a time so that a broken escape is reported after the parameters before it.
function readValues(
  values: Iterable<readonly [ListParameter, string]>,
  settings: ReadSettings,
): ListRequest {
  const { whereOptions, fieldsOptions, defaultSize, maxSize } = settings;
  let where: WhereExpression | undefined;
  let fields: FieldsNode | undefined;
  let page: number | undefined;
  let size: number | undefined;
  for (const [name, value] of values) {
    if (name === "where") where = BLANK.test(value) ? undefined : parseWhere(value, whereOptions);
    else if (name === "fields") {
      fields = BLANK.test(value) ? undefined : parseFields(value, fieldsOptions);
    } else if (name === "page") page = readPageNumber("page", value, maxSize);
    else size = readPageNumber("size", value, maxSize);
  }
  const { policy } = settings;
  return {
    where: policedWhere(policy, where),
    fields: policedFieldsNode(policy, fields),
    page: page ?? 1,
    size: size ?? defaultSize,
    paginated: page !== undefined || size !== undefined,
  };
}

function* decodedValuesOf(entries: readonly Entry[]): Generator<[ListParameter, string]> {
  for (const entry of entries) yield [entry.name, decodedValue(entry)];
}

/**
 * Reads a list request's `where`, `fields`, `page` and `size` (grammar/language.md 6) from
 * `URLSearchParams`, a query string (with or without `?`) or a whole URL, percent-decoding a
 * string strictly (`+` is a space); throws the first problem, positioned in its parameter's value,
 * and `InvalidOptionError` for bad options.
 */
export function readListRequest(
  query: URLSearchParams | string,
  options?: ReadListRequestOptionsWithoutPolicy,
): ListRequest<WhereExpression>;
export function readListRequest(
  query: URLSearchParams | string,
  options?: ReadListRequestOptions,
): ListRequest;
export function readListRequest(
  query: URLSearchParams | string,
  options?: ReadListRequestOptions,
): ListRequest {
  const settings = readSettings(options);
  const entries = entriesOf(query);
  const seen = new Set<ListParameter>();
  for (const entry of entries) {
    if (seen.has(entry.name)) throw repeated(entry);
    seen.add(entry.name);
  }
  return readValues(decodedValuesOf(entries), settings);
}

/**
 * `readListRequest` of a query string whose parameters `listParametersOf` has decoded: the same
 * request or the same error, without decoding the string again.
 */
export function readListParameters(
  parameters: DecodedListParameters,
  options?: ReadListRequestOptions,
): ListRequest {
  const settings = readSettings(options);
  return readValues(Object.entries(parameters) as [ListParameter, string][], settings);
}

const isListRequestError = (error: unknown): error is ListRequestError =>
  error instanceof QuerySyntaxError ||
  error instanceof QueryValidationError ||
  error instanceof QueryParameterError;

/** Like `readListRequest`, but returns the error instead of throwing it. */
export function safeReadListRequest(
  query: URLSearchParams | string,
  options?: ReadListRequestOptionsWithoutPolicy,
): SafeResult<ListRequest<WhereExpression>, ListRequestError>;
export function safeReadListRequest(
  query: URLSearchParams | string,
  options?: ReadListRequestOptions,
): SafeResult<ListRequest, ListRequestError>;
export function safeReadListRequest(
  query: URLSearchParams | string,
  options: ReadListRequestOptions = {},
): SafeResult<ListRequest, ListRequestError> {
  return safely(isListRequestError, () => readListRequest(query, options));
}
