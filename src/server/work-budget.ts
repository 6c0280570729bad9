/** How much of the server's time one client's expensive requests may take, in milliseconds. */
export interface WorkRate {
  /** The most time spent at once before the client must wait. */
  readonly burst: number;
  /** The time given back each second: the client's steady share of one core, in ms. */
  readonly perSecond: number;
}

/**
 * 1 s at once, then 50 ms a second: a twentieth of one core for one client's query definitions,
 * so one client running them back to back leaves the others most of the server
 * (`npm run bench -- abuse`), while a person running real queries never waits.
 */
export const DEFAULT_QUERY_TIME: WorkRate = { burst: 1000, perSecond: 50 };

/** Checks a `WorkRate`; a bad one is a programmer's error. */
export function checkWorkRate(name: string, rate: WorkRate): WorkRate {
  for (const member of ["burst", "perSecond"] as const) {
    const value = rate[member];
    if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
      throw new RangeError(`${name}.${member} must be a positive number of milliseconds`);
    }
  }
  return { burst: rate.burst, perSecond: rate.perSecond };
}

/**
 * Time spent for each client, in a bucket of `burst` ms refilled at `perSecond`: work is
 * charged after it was done, as it is only then known, and a client whose bucket is empty
 * waits before any more is done for it. Clients are few (users, permanent tokens).
 */
export class WorkBudget {
  readonly #now: () => number;
  readonly #rate: WorkRate;
  /** Each client's bucket: the ms it holds at the instant `at`. */
  readonly #buckets = new Map<string, { held: number; at: number }>();

  constructor(now: () => number, rate: WorkRate) {
    this.#now = now;
    this.#rate = rate;
  }

  #bucket(client: string): { held: number; at: number } {
    const now = this.#now();
    const bucket = this.#buckets.get(client) ?? { held: this.#rate.burst, at: now };
    const refilled = ((now - bucket.at) / 1000) * this.#rate.perSecond;
    bucket.held = Math.min(this.#rate.burst, bucket.held + Math.max(0, refilled));
    bucket.at = now;
    this.#buckets.set(client, bucket);
    return bucket;
  }

  /** The ms the client's bucket holds now, below zero while it owes. */
  held(client: string): number {
    return this.#bucket(client).held;
  }

  /** 0 when the client may have work done; else the whole seconds (at least 1) until it may. */
  wait(client: string): number {
    const held = this.held(client);
    if (held > 0) return 0;
    return Math.max(1, Math.ceil(-held / this.#rate.perSecond));
  }

  /** Takes `ms` of work done for the client from its bucket, which may go below zero. */
  charge(client: string, ms: number): void {
    this.#bucket(client).held -= ms;
  }
}
