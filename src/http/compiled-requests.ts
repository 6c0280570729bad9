import type { FieldsNode } from "../ast/fields.ts";
import type { WhereExpression } from "../ast/where.ts";
import { type Filter, runPartsOf } from "../ast/zoned-filter.ts";
import { formatFields } from "../backends/format/format-fields.ts";
import { formatWhere } from "../backends/format/format-where.ts";
import {
  allOf,
  compilePredicate,
  type Predicate,
} from "../backends/predicate/compile-predicate.ts";
import { compileProjection, type Projection } from "../backends/projection/compile-projection.ts";
import { deepFreeze } from "../base/deep-freeze.ts";
import { type PageLinks, pageLinksMaker } from "../list/paginate.ts";
import {
  type ListRequest,
  listParametersOf,
  type ReadListRequestOptions,
  readListParameters,
  readListRequest,
} from "../list/read-list-request.ts";
import type { Schema } from "../schema/schema.ts";
import type { RecentCache } from "./recent-cache.ts";

/** A list request read once, with its filter compiled per time zone and its projection. */
export interface CompiledRequest {
  readonly list: ListRequest;
  /** The filter in a (canonical) time zone, compiled at its first use; `undefined` without `where`. */
  matches(timeZone: string): Predicate | undefined;
  /** The projection of `fields`, compiled at its first use; `undefined` without `fields`. */
  projection(): Projection | undefined;
  /** The `_links` of this request's page at `selfUrl`, the last short URL's reading kept. */
  links(selfUrl: string, total: number): PageLinks;
}

/** The zones whose predicates one request keeps at hand; others are looked up in the cache. */
const ZONES_AT_HAND = 4;
/** A longer URL's links are made anew each time, so that no entry keeps a padded URL. */
const LONGEST_URL_KEPT = 4096;
/**
 * Estimated bytes of memory per character of `where` and `fields` once parsed and compiled:
 * about 46 per character of a large query string, measured with the heap, then rounded up.
 */
const BYTES_PER_CHARACTER = 96;
/** Estimated bytes of any entry besides its texts. */
const ENTRY_BYTES = 512;

/** What the requests of one reading key share: the cache, the schema, the key itself. */
interface Compilers {
  readonly store: RecentCache<string, unknown>;
  readonly schema: Schema | undefined;
  readonly readingKey: string;
}

/** The predicate of a filter in a zone, compiled once while the cache keeps it. */
function kept(
  compilers: Compilers,
  where: WhereExpression,
  canonical: string,
  timeZone: string,
): Predicate {
  const { store, schema, readingKey } = compilers;
  const key = `p\0${readingKey}\0${timeZone}\0${canonical}`;
  // The tree is the parser's own, validated against the schema: nothing to check again.
  const make = () => compilePredicate(where, { schema, timeZone, onlyKeptCode: true });
  return store.get(key, make, ENTRY_BYTES + key.length * BYTES_PER_CHARACTER) as Predicate;
}

function compile(list: ListRequest, compilers: Compilers): CompiledRequest {
  const where: Filter | undefined = list.where;
  const fields: FieldsNode | undefined = list.fields;
  const { store } = compilers;
  const atHand = new Map<string, Predicate>();
  let canonicalTexts: readonly string[] | undefined;
  let projection: Projection | undefined;
  let linksAt: { selfUrl: string; make: (page: number, total: number) => PageLinks } | undefined;
  return {
    list,
    matches(timeZone) {
      if (where === undefined) return undefined;
      let predicate = atHand.get(timeZone);
      if (!predicate) {
        // Each part in its own zone, a policy's never in the request's (grammar/language.md 6.9).
        const parts = runPartsOf(where, timeZone);
        canonicalTexts ??= parts.map((part) => formatWhere(part.where));
        const texts = canonicalTexts;
        predicate = allOf(
          parts.map((part, i) =>
            kept(compilers, part.where, texts[i] as string, part.timeZone as string),
          ),
        );
        if (atHand.size < ZONES_AT_HAND) atHand.set(timeZone, predicate);
      }
      return predicate;
    },
    projection() {
      if (fields === undefined) return undefined;
      if (!projection) {
        const key = `f\0${formatFields(fields)}`;
        const make = () => compileProjection(fields);
        projection = store.get(
          key,
          make,
          ENTRY_BYTES + key.length * BYTES_PER_CHARACTER,
        ) as Projection;
      }
      return projection;
    },
    links(selfUrl, total) {
      if (linksAt?.selfUrl === selfUrl) return linksAt.make(list.page, total);
      const make = pageLinksMaker(selfUrl, list.size);
      if (selfUrl.length <= LONGEST_URL_KEPT) linksAt = { selfUrl, make };
      return make(list.page, total);
    },
  };
}

/**
 * The list requests handlers read lately, kept in a `ListRequestCache`'s store by what their
 * answer depends on: the reading key (schema, limits, page sizes) and the decoded `where`,
 * `fields`, `page` and `size`, so that padding parameters or another spelling of an escape
 * cost no new entry. A client paging through a list sends the same `where` and `fields` again
 * and again, and each is parsed, checked and compiled once. Errors are not kept.
 */
export class CompiledRequests {
  readonly #compilers: Compilers;

  constructor(store: RecentCache<string, unknown>, schema: Schema | undefined, readingKey: string) {
    this.#compilers = { store, schema, readingKey };
  }

  /**
   * The request of the query string `search`, read with `options` (those of this reading key)
   * unless it is kept; a miss decodes the string once, for the key and the reading alike.
   * `policyKey` is the key of `options.policy`, which the request read depends on.
   */
  get(search: string, options: ReadListRequestOptions, policyKey = ""): CompiledRequest {
    const parameters = listParametersOf(search);
    // A repeated parameter or a broken escape: `readListRequest` throws its error, which is not kept.
    if (parameters === undefined) {
      return compile(deepFreeze(readListRequest(search, options)), this.#compilers);
    }
    const { where, fields, page, size } = parameters;
    const mark = (value: string | undefined) => (value === undefined ? "-" : `=${value}`);
    // The policy's length first: its text may hold the separator, and must not run into `where`.
    const key = `r\0${this.#compilers.readingKey}\0${policyKey.length}\0${policyKey}\0${mark(where)}\0${mark(fields)}\0${mark(page)}\0${mark(size)}`;
    const texts = (where?.length ?? 0) + (fields?.length ?? 0);
    const bytes = ENTRY_BYTES + key.length * 2 + texts * BYTES_PER_CHARACTER;
    const make = () =>
      compile(deepFreeze(readListParameters(parameters, options)), this.#compilers);
    return this.#compilers.store.get(key, make, bytes) as CompiledRequest;
  }
}
