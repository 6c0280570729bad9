import { readToSqlOptions, type ToSqlOptions, toSql } from "../api/to-sql.ts";
import type { Filter } from "../ast/zoned-filter.ts";
import type { Predicate } from "../backends/predicate/compile-predicate.ts";
import type { Projection } from "../backends/projection/compile-projection.ts";
import type { SqlQuery } from "../backends/sql/compile-sql.ts";
import type { Dialect } from "../backends/sql/dialect.ts";
import type { DialectName } from "../backends/sql/dialects.ts";
import type { ParseLimits } from "../base/limits.ts";
import { own } from "../base/members.ts";
import { readOptions } from "../check/read-options.ts";
import { describeFound } from "../errors/invalid-input.ts";
import { PageWindow } from "../list/page-window.ts";
import type { ListRequest } from "../list/read-list-request.ts";
import type { Schema } from "../schema/schema.ts";

/**
 * Where the validated filter's fields live in SQL (`toSql`'s `columns` or `json`, section 9) and
 * how its placeholders are written among the statement's own (`placeholders`, `firstParameter`).
 */
export type ListSqlOptions = Pick<
  ToSqlOptions,
  "columns" | "json" | "placeholders" | "firstParameter"
>;

/**
 * A list request as `createListHandler` read and checked it, handed to a `source` function:
 * the four parameters (grammar/language.md 6) with their defaults, the request's time zone, and
 * `toSql` for a database. `request` and `signal` are made when read, so they are not own
 * members: `{ ...request }` leaves them out.
 */
export interface ListSourceRequest extends ListRequest {
  /** The number of matches before this page, `(page − 1) × size`: a SQL `OFFSET`. */
  readonly offset: number;
  /** The `timezone` header, checked, or the handler's `timeZone` when absent (grammar/language.md 2.5). */
  readonly timeZone: string;
  /** The list's name in the response, such as `artefacts`. */
  readonly resource: string;
  /** The handler's schema, against which `where` and `fields` were validated; undefined without one. */
  readonly schema: Schema | undefined;
  /** The incoming request, for what qaql does not read (credentials, path parameters). */
  readonly request: Request;
  /** Aborted when the client goes away: hand it to the database driver to cancel the query. */
  readonly signal: AbortSignal;
  /**
   * The validated `where` as the condition of a SQL `WHERE` clause in the request's time zone
   * (`toSql` with the handler's schema and limits), or `undefined` when the request has no
   * filter, so that every record matches. The options are checked even then; a handler without
   * a schema throws `InvalidOptionError`, as `toSql` needs one.
   */
  toSql(dialect: DialectName | Dialect, options?: ListSqlOptions): SqlQuery | undefined;
}

/**
 * One page of the list: the records of the page, at most `size` of them, in the list's order,
 * whole or already projected (the handler applies `fields` either way), and how many records
 * match in all.
 */
export interface ListSourceResult {
  readonly items: readonly object[];
  readonly total: number;
}

/** Answers a list request from data qaql cannot hold, such as a database table. */
export type ListSourceFunction = (
  request: ListSourceRequest,
) => ListSourceResult | Promise<ListSourceResult>;

/**
 * Where a list's records come from: an array, an async iterable that can be read again for each
 * request (qaql filters, counts, pages and projects them in their order), or a function. `R` is
 * the record type a schema gives.
 */
export type ListSource<R extends object = object> =
  | readonly R[]
  | AsyncIterable<R>
  | ListSourceFunction;

/** What evaluating a request needs besides the parameters. */
export interface Evaluation {
  readonly list: ListRequest;
  /** The compiled `where` in the request's zone; undefined without one. */
  readonly matches: Predicate | undefined;
  /** The compiled `fields`; undefined without one. */
  readonly projection: Projection | undefined;
  readonly schema: Schema | undefined;
  readonly timeZone: string;
  readonly limits: ParseLimits;
  /** The request's signal, made only when asked for: a list in memory never needs one. */
  readonly signal: () => AbortSignal;
}

/**
 * Filters, counts, pages and projects records in memory (grammar/language.md 2.3–2.5, 3.2, 6.4):
 * an array, or an async iterable read once through, keeping only the page's records.
 */
export async function readRecords(
  records: readonly object[] | AsyncIterable<object>,
  evaluation: Evaluation,
): Promise<ListSourceResult> {
  const { list, matches } = evaluation;
  const window = new PageWindow<object>(list.page, list.size);
  if (Array.isArray(records)) {
    if (matches === undefined) {
      checkRecords(records);
      // Every record matches: the page is one slice of the array.
      window.addAll(records);
    } else {
      // What a list in memory costs per request: one loop, checking and matching each record.
      for (let index = 0; index < records.length; index++) {
        const record = records[index];
        if (typeof record !== "object" || record === null) notARecord(record, index);
        if (matches(record)) window.add(record);
      }
    }
  } else {
    const signal = evaluation.signal();
    let index = 0;
    for await (const record of records) {
      // A long stream stops when nobody waits for the answer any more.
      signal.throwIfAborted();
      if (typeof record !== "object" || record === null) notARecord(record, index);
      index++;
      if (matches === undefined || matches(record)) window.add(record);
    }
  }
  return { items: project(window.items, evaluation.projection), total: window.total };
}

/** Checks that every element of a list held in memory is a record. */
function checkRecords(records: readonly unknown[]): void {
  for (let index = 0; index < records.length; index++) {
    const record = records[index];
    if (typeof record !== "object" || record === null) notARecord(record, index);
  }
}

function notARecord(record: unknown, index: number): never {
  throw new TypeError(`the list source holds ${describeFound(record)} at ${index}, not a record`);
}

/** The items of a page, each projected by `fields`. */
export function project(items: readonly object[], projection: Projection | undefined): object[] {
  if (!projection) return [...items];
  return items.map((item) => projection(item) as object);
}

/**
 * The request a source function gets, its `toSql` bound to the request's filter. A class whose
 * `request` and `signal` are getters of its prototype: an object literal with getters, made for
 * every request, is what kept each Node request's objects alive through the young generation's
 * collections (see `NodeListCall`).
 */
class SourceRequest implements ListSourceRequest {
  readonly where: Filter | undefined;
  readonly fields: ListRequest["fields"];
  readonly page: number;
  readonly size: number;
  readonly paginated: boolean;
  readonly offset: number;
  readonly timeZone: string;
  readonly resource: string;
  readonly schema: Schema | undefined;
  /** Own, not a method of the prototype, so that `const { toSql } = request` still works. */
  readonly toSql: ListSourceRequest["toSql"];
  readonly #call: { webRequest(): Request };
  readonly #signal: () => AbortSignal;

  constructor(call: { webRequest(): Request }, resource: string, evaluation: Evaluation) {
    const { list, schema, timeZone, limits } = evaluation;
    const { where } = list;
    this.where = where;
    this.fields = list.fields;
    this.page = list.page;
    this.size = list.size;
    this.paginated = list.paginated;
    this.offset = (list.page - 1) * list.size;
    this.timeZone = timeZone;
    this.resource = resource;
    this.schema = schema;
    this.#call = call;
    this.#signal = evaluation.signal;
    this.toSql = (dialect, options) => {
      const given = readOptions<ListSqlOptions>("toSql", options);
      const sqlOptions = {
        ...limits,
        dialect,
        schema: schema as Schema,
        timeZone,
        columns: own(given, "columns") as ListSqlOptions["columns"],
        json: own(given, "json") as ListSqlOptions["json"],
        placeholders: own(given, "placeholders") as ListSqlOptions["placeholders"],
        firstParameter: own(given, "firstParameter") as ListSqlOptions["firstParameter"],
      };
      if (where !== undefined) return toSql(where, sqlOptions);
      readToSqlOptions("toSql", sqlOptions);
      return undefined;
    };
    // A source may keep the request or pass it on: what it changes must not reach the next one.
    Object.freeze(this);
  }

  /** Made only when asked for: a Node adapter has no Web `Request` otherwise. */
  get request(): Request {
    return this.#call.webRequest();
  }

  get signal(): AbortSignal {
    return this.#signal();
  }
}

/** The request a source function gets (`SourceRequest`). */
export function sourceRequestOf(
  call: { webRequest(): Request },
  resource: string,
  evaluation: Evaluation,
): ListSourceRequest {
  return new SourceRequest(call, resource, evaluation);
}

/** Checks what a source function returned: `{ items, total }`, no more items than a page holds. */
export function checkSourceResult(result: unknown, size: number): ListSourceResult {
  const fail = (problem: string): never => {
    throw new TypeError(`the list source returned ${problem}`);
  };
  if (typeof result !== "object" || result === null) {
    return fail(`${describeFound(result)}, not { items, total }`);
  }
  const items = own(result, "items");
  const total = own(result, "total");
  if (!Array.isArray(items)) return fail(`items ${describeFound(items)}, not an array`);
  if (items.length > size) return fail(`${items.length} items for a page of ${size}`);
  for (const [index, item] of items.entries()) {
    if (typeof item !== "object" || item === null) {
      fail(`${describeFound(item)} as item ${index}, not an object`);
    }
  }
  if (!Number.isSafeInteger(total) || (total as number) < 0) {
    fail(`a total of ${describeFound(total)}, not a whole number from 0`);
  }
  return { items, total: total as number };
}
