/**
 * A map keeping at most `capacity` entries, the least recently used going first. A hit only
 * stamps the entry: the scan for the oldest happens on a miss, which a busy handler seldom has.
 */
export class RecentCache<K, V> {
  readonly #entries = new Map<K, { value: V; used: number }>();
  readonly #capacity: number;
  #clock = 0;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value kept for `key`, or the one `make` returns, kept unless it throws. */
  get(key: K, make: (key: K) => V): V {
    const kept = this.#entries.get(key);
    if (kept) {
      kept.used = ++this.#clock;
      return kept.value;
    }
    const value = make(key);
    if (this.#entries.size >= this.#capacity) this.#evictOldest();
    this.#entries.set(key, { value, used: ++this.#clock });
    return value;
  }

  #evictOldest(): void {
    let oldest: K | undefined;
    let used = Infinity;
    for (const [key, entry] of this.#entries) {
      if (entry.used < used) {
        used = entry.used;
        oldest = key;
      }
    }
    this.#entries.delete(oldest as K);
  }
}
