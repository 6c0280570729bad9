import type { ParseLimits } from "../base/limits.ts";
import { own } from "../base/members.ts";
import { checkOptionNames, optionNamesOf, readOptions } from "../check/read-options.ts";
import { describeFound, InvalidOptionError } from "../errors/invalid-input.ts";
import type { Schema } from "../schema/schema.ts";
import { RecentCache } from "./recent-cache.ts";

/** Bounds of a `ListRequestCache`. */
export interface ListRequestCacheOptions {
  /** The most bytes kept, as estimated from the length of the texts read; 32 MiB unless set. */
  readonly maxBytes?: number | undefined;
  /** The most entries kept; 4096 unless set. */
  readonly maxEntries?: number | undefined;
}

const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
const DEFAULT_MAX_ENTRIES = 4096;
const CALLER = "ListRequestCache";
const OPTION_NAMES = optionNamesOf<ListRequestCacheOptions>({ maxBytes: true, maxEntries: true });

const stores = new WeakMap<ListRequestCache, RecentCache<string, unknown>>();

function readBound(name: keyof ListRequestCacheOptions, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new InvalidOptionError(
      CALLER,
      name,
      `expected a whole number from 0; found ${describeFound(value)}`,
    );
  }
  return value;
}

/**
 * What list handlers keep of the requests they read: each request's parameters read and
 * checked, its filter and selection compiled, the `Accept` headers negotiated and the URLs
 * read, least recently used first out, bounded in entries and in bytes. Handlers given the
 * same cache (`createListHandler`'s `cache`) share it, and those with the same schema, limits
 * and page sizes share their entries: a server with a list per project keeps one bound.
 */
export class ListRequestCache {
  readonly maxBytes: number;
  readonly maxEntries: number;

  /** Throws `InvalidOptionError` for a bound that is no whole number from 0. */
  constructor(options?: ListRequestCacheOptions) {
    const given = readOptions<Record<string, unknown>>(CALLER, options);
    checkOptionNames(CALLER, given, OPTION_NAMES);
    this.maxBytes = readBound("maxBytes", own(given, "maxBytes"), DEFAULT_MAX_BYTES);
    this.maxEntries = readBound("maxEntries", own(given, "maxEntries"), DEFAULT_MAX_ENTRIES);
    stores.set(this, new RecentCache(this.maxEntries, this.maxBytes));
    Object.freeze(this);
  }

  /** The number of entries kept. */
  get size(): number {
    return storeOf(this).size;
  }

  /** The estimated bytes kept, at most `maxBytes`. */
  get bytes(): number {
    return storeOf(this).bytes;
  }

  /** Forgets everything kept. */
  clear(): void {
    storeOf(this).clear();
  }
}

/** The entries of a cache; its keys start with what kind of entry they are and whose. */
export function storeOf(cache: ListRequestCache): RecentCache<string, unknown> {
  return stores.get(cache) as RecentCache<string, unknown>;
}

/** Whether a value is a `ListRequestCache` made by its constructor, not a look-alike. */
export function isListRequestCache(value: unknown): value is ListRequestCache {
  return typeof value === "object" && value !== null && stores.has(value as ListRequestCache);
}

const schemaIds = new WeakMap<Schema, number>();
let nextSchemaId = 1;

/**
 * The key of everything a request's reading depends on besides its parameters: requests read
 * under the same key are read alike, so their entries are shared.
 */
export function readingKeyOf(
  schema: Schema | undefined,
  limits: ParseLimits,
  defaultSize: number,
  maxSize: number,
): string {
  let id = 0;
  if (schema !== undefined) {
    id = schemaIds.get(schema) ?? nextSchemaId++;
    schemaIds.set(schema, id);
  }
  return `${id},${limits.maxLength ?? ""},${limits.maxDepth ?? ""},${defaultSize},${maxSize}`;
}
