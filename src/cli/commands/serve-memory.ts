// `qaql serve` gives back the memory a burst of work left with V8. After a flood of distinct
// filters or heavy query definitions V8 keeps the pages it grew (245 MB resident over a live
// heap of 19 MB) and frees them only in a memory-reducing collection, which a server that
// never idles does not get: one is run when the resident size has grown well past its floor.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** Node's collection function, as `--expose-gc` gives it. */
export type Collect = (options: {
  readonly type: "major";
  readonly execution: "sync";
  readonly flavor: "last-resort";
}) => void;

/** How often the resident size is read, in ms. */
const CHECK_EVERY_MS = 1000;
/** Growth past the floor that starts a collection: both this many bytes and this share of it. */
const GROWTH_BYTES = 32 * 1024 * 1024;
const GROWTH_SHARE = 0.15;
/** What a collection frees when the growth it follows is memory in use, not memory kept. */
const FREED_LITTLE = 8 * 1024 * 1024;
/** The least ms between collections, and the most of the time they may take: 1%. */
const LEAST_INTERVAL_MS = 10_000;
const PAUSES_SHARE = 0.01;

/**
 * Node's collection function, from a context of its own so that the server's global object
 * gains no `gc`; undefined where the flag cannot be set.
 */
export function collectorOf(): Collect | undefined {
  try {
    setFlagsFromString("--expose-gc");
    const collect: unknown = runInNewContext("gc");
    return typeof collect === "function" ? (collect as Collect) : undefined;
  } catch {
    return undefined;
  }
}

/** What `MemoryTrim` reads and runs, given apart so that its rule can be tested. */
export interface MemoryTrimClock {
  readonly rss: () => number;
  readonly now: () => number;
  readonly collect: Collect;
}

/**
 * Collects with memory reduction when the resident size has grown past its floor (the least
 * seen, raised only by a collection that freed little) by `GROWTH_BYTES` and `GROWTH_SHARE`:
 * a flood's leftovers are collected again until they are gone. At most once in
 * `LEAST_INTERVAL_MS` and never more than `PAUSES_SHARE` of the time: a collection's pause
 * grows with the heap, 45 ms over the sample.
 */
export class MemoryTrim {
  readonly #clock: MemoryTrimClock;
  #floor = Number.POSITIVE_INFINITY;
  #nextAllowed = Number.NEGATIVE_INFINITY;
  /** How many collections ran, and the pause of the last, in ms. */
  collections = 0;
  lastPause = 0;

  constructor(clock: MemoryTrimClock) {
    this.#clock = clock;
  }

  /** Reads the resident size and collects if it grew far enough; true when it collected. */
  check(): boolean {
    const { rss, now, collect } = this.#clock;
    const resident = rss();
    this.#floor = Math.min(this.#floor, resident);
    const growth = resident - this.#floor;
    const started = now();
    if (growth < GROWTH_BYTES || growth < GROWTH_SHARE * this.#floor) return false;
    if (started < this.#nextAllowed) return false;
    collect({ type: "major", execution: "sync", flavor: "last-resort" });
    const pause = now() - started;
    this.collections++;
    this.lastPause = pause;
    this.#nextAllowed = started + Math.max(LEAST_INTERVAL_MS, pause / PAUSES_SHARE);
    const after = rss();
    // A collection that freed little found memory in use: that is the floor from now on.
    this.#floor = resident - after < FREED_LITTLE ? after : Math.min(this.#floor, after);
    return true;
  }
}

/** Checks the memory each second until `stop` is called; nothing where Node gives no collector. */
export function trimMemoryWhileServing(): { stop(): void } {
  const collect = collectorOf();
  if (collect === undefined) return { stop() {} };
  const trim = new MemoryTrim({
    rss: process.memoryUsage.rss,
    now: performance.now.bind(performance),
    collect,
  });
  const timer = setInterval(() => trim.check(), CHECK_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
