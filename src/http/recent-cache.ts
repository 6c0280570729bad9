/**
 * A map keeping at most `capacity` entries and `maxBytes` of their estimated size, the least
 * recently used going first. A hit moves the entry to the end of the map's order, so the
 * oldest is always the first: eviction costs the same however many entries are kept.
 */
export class RecentCache<K, V> {
  readonly #entries = new Map<K, { readonly value: V; readonly bytes: number }>();
  readonly #capacity: number;
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(capacity: number, maxBytes = Number.POSITIVE_INFINITY) {
    this.#capacity = capacity;
    this.#maxBytes = maxBytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The estimated size of what is kept, as the callers of `get` gave it. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * The value kept for `key`, or the one `make` returns, kept unless it throws or its estimated
   * size (`bytes`, 0 unless given) alone exceeds the bound.
   */
  get(key: K, make: (key: K) => V, bytes = 0): V {
    const kept = this.#entries.get(key);
    if (kept) {
      this.#entries.delete(key);
      this.#entries.set(key, kept);
      return kept.value;
    }
    const value = make(key);
    if (bytes > this.#maxBytes) return value;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    while (this.#entries.size > this.#capacity || this.#bytes > this.#maxBytes) {
      const oldest = this.#entries.keys().next().value as K;
      this.#bytes -= (this.#entries.get(oldest) as { bytes: number }).bytes;
      this.#entries.delete(oldest);
    }
    return value;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }
}
