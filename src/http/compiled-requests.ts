import type { FieldsNode } from "../ast/fields.ts";
import type { WhereExpression } from "../ast/where.ts";
import { formatFields } from "../backends/format/format-fields.ts";
import { formatWhere } from "../backends/format/format-where.ts";
import { compilePredicate, type Predicate } from "../backends/predicate/compile-predicate.ts";
import { compileProjection, type Projection } from "../backends/projection/compile-projection.ts";
import { type PageLinks, pageLinksMaker } from "../list/paginate.ts";
import type { ListRequest } from "../list/read-list-request.ts";
import type { Schema } from "../schema/schema.ts";
import { RecentCache } from "./recent-cache.ts";

/** How many query strings a handler keeps read and compiled: the pages of its busiest lists. */
export const COMPILED_REQUESTS = 256;

/** A list request read once, with its filter compiled per time zone and its projection. */
export interface CompiledRequest {
  readonly list: ListRequest;
  /** The filter in a time zone, compiled at its first use; `undefined` without `where`. */
  matches(timeZone: string): Predicate | undefined;
  /** The projection of `fields`, compiled at its first use; `undefined` without `fields`. */
  projection(): Projection | undefined;
  /** The `_links` of this request's page at `selfUrl`, its last URL's reading kept. */
  links(selfUrl: string, total: number): PageLinks;
}

/** Freezes a tree the parser made, so that a source function cannot change a cached request. */
function deepFreeze<T>(root: T): T {
  const pending: unknown[] = [root];
  for (let value = pending.pop(); value !== undefined; value = pending.pop()) {
    if (typeof value !== "object" || value === null || Object.isFrozen(value)) continue;
    Object.freeze(value);
    for (const member of Object.values(value)) pending.push(member);
  }
  return root;
}

/** What the requests of one handler share: its schema, and the filters and selections compiled. */
interface Compilers {
  readonly schema: Schema | undefined;
  /** Predicates by zone and canonical filter: the pages of a list share one, which runs hot. */
  readonly predicates: RecentCache<string, Predicate>;
  /** Projections by canonical selection. */
  readonly projections: RecentCache<string, Projection>;
}

function compile(list: ListRequest, compilers: Compilers): CompiledRequest {
  const where: WhereExpression | undefined = list.where;
  const fields: FieldsNode | undefined = list.fields;
  const { schema, predicates, projections } = compilers;
  const byZone = new Map<string, Predicate>();
  let canonicalWhere: string | undefined;
  let projection: Projection | undefined;
  let linksAt: { selfUrl: string; make: (page: number, total: number) => PageLinks } | undefined;
  return {
    list,
    matches(timeZone) {
      if (where === undefined) return undefined;
      let predicate = byZone.get(timeZone);
      if (!predicate) {
        canonicalWhere ??= formatWhere(where);
        // The tree is the parser's own, validated against the schema: nothing to check again.
        predicate = predicates.get(`${timeZone}\n${canonicalWhere}`, () =>
          compilePredicate(where, { schema, timeZone }),
        );
        byZone.set(timeZone, predicate);
      }
      return predicate;
    },
    projection() {
      if (fields === undefined) return undefined;
      projection ??= projections.get(formatFields(fields), () => compileProjection(fields));
      return projection;
    },
    links(selfUrl, total) {
      if (linksAt?.selfUrl !== selfUrl) {
        linksAt = { selfUrl, make: pageLinksMaker(selfUrl, list.size) };
      }
      return linksAt.make(list.page, total);
    },
  };
}

/**
 * The list requests a handler read lately, by their raw query string, least recently used
 * first out: a client paging through a list sends the same `where` and `fields` again and
 * again, and each is parsed, checked and compiled once. Errors are not kept.
 */
export class CompiledRequests {
  readonly #entries = new RecentCache<string, CompiledRequest>(COMPILED_REQUESTS);
  readonly #compilers: Compilers;

  constructor(schema: Schema | undefined) {
    this.#compilers = {
      schema,
      predicates: new RecentCache(COMPILED_REQUESTS),
      projections: new RecentCache(COMPILED_REQUESTS),
    };
  }

  /** The request of `query`, read by `read` unless it is kept. */
  get(query: string, read: () => ListRequest): CompiledRequest {
    return this.#entries.get(query, () => compile(deepFreeze(read()), this.#compilers));
  }
}
