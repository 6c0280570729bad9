// What a password check may cost (grammar/language.md 6.10): few scrypt checks at once, taken
// in turn by client address, and wrong passwords paid for with growing waits, per user name
// from one address, per address and per user name from anywhere.
import { REFUSAL_DELAY_MS, refuseAfter, tooMany } from "./refusals.ts";

/** How many password checks run at once: scrypt takes a core for 50 to 100 ms each. */
const CHECKS_AT_ONCE = 1;
/** The most checks of one address waiting their turn; past it, a 429 at once. */
const WAITING_PER_ADDRESS = 4;

/**
 * Failures allowed before each next attempt must wait, by what they are counted against: one
 * user name from one address, one address, one user name.
 */
export const FREE_FAILURES = { pair: 5, address: 20, name: 100 } as const;
/** The longest wait a failure count can impose, and how long a failure is remembered. */
export const LONGEST_WAIT_MS = 15 * 60 * 1000;
const REMEMBERED_MS = 15 * 60 * 1000;
/** The most counters of each kind kept: the oldest are forgotten first. */
const MAX_COUNTERS = 10_000;

interface Failures {
  count: number;
  last: number;
  waitUntil: number;
}

/** Counters of failures by key, the oldest forgotten past `MAX_COUNTERS`. */
class FailureCounters {
  readonly #counters = new Map<string, Failures>();
  readonly #free: number;

  constructor(free: number) {
    this.#free = free;
  }

  /** The ms an attempt counted against `key` must still wait. */
  wait(key: string, now: number): number {
    const counter = this.#current(key, now);
    return counter === undefined ? 0 : Math.max(0, counter.waitUntil - now);
  }

  fail(key: string, now: number): void {
    const counter = this.#current(key, now) ?? { count: 0, last: now, waitUntil: 0 };
    counter.count++;
    counter.last = now;
    const over = counter.count - this.#free;
    if (over > 0) counter.waitUntil = now + Math.min(LONGEST_WAIT_MS, 1000 * 2 ** (over - 1));
    this.#counters.delete(key);
    this.#counters.set(key, counter);
    if (this.#counters.size > MAX_COUNTERS) {
      this.#counters.delete(this.#counters.keys().next().value as string);
    }
  }

  forget(key: string): void {
    this.#counters.delete(key);
  }

  #current(key: string, now: number): Failures | undefined {
    const counter = this.#counters.get(key);
    if (counter && now - counter.last > REMEMBERED_MS && now >= counter.waitUntil) {
      this.#counters.delete(key);
      return undefined;
    }
    return counter;
  }
}

/**
 * Guards `GET /api/token`'s password checks: an attempt that must wait is a 429
 * `TOO_MANY_LOGIN_ATTEMPTS` with `Retry-After`, answered after up to a second and before any
 * password is checked; the checks run `CHECKS_AT_ONCE` at a time, each address in turn.
 */
export class LoginGuard {
  readonly #now: () => number;
  readonly #pairs = new FailureCounters(FREE_FAILURES.pair);
  readonly #addresses = new FailureCounters(FREE_FAILURES.address);
  readonly #names = new FailureCounters(FREE_FAILURES.name);
  /** Checks waiting, by address, in the order the addresses first waited. */
  readonly #waiting = new Map<string, (() => void)[]>();
  #running = 0;
  /** The address whose check started last: another waiting goes first. */
  #lastStarted: string | undefined;

  constructor(now: () => number) {
    this.#now = now;
  }

  /**
   * Runs the check of `name`'s password from `address` once the failures allow it and its turn
   * comes; `check` says whether the password was right.
   */
  async attempt<T>(
    name: string,
    address: string,
    check: () => Promise<T>,
    succeeded: (result: T) => boolean,
  ): Promise<T> {
    const now = this.#now();
    const pair = `${name}\u0000${address}`;
    const wait = Math.max(
      this.#pairs.wait(pair, now),
      this.#addresses.wait(address, now),
      this.#names.wait(name, now),
    );
    if (wait > 0) await this.#refuse(wait, "too many wrong passwords");
    const queue = this.#waiting.get(address);
    if ((queue?.length ?? 0) >= WAITING_PER_ADDRESS) {
      await this.#refuse(1000, "too many password checks from this address at once");
    }
    await this.#turn(address);
    let result: T;
    try {
      result = await check();
    } finally {
      this.#running--;
      this.#next();
    }
    const at = this.#now();
    if (succeeded(result)) {
      this.#pairs.forget(pair);
    } else {
      this.#pairs.fail(pair, at);
      this.#addresses.fail(address, at);
      this.#names.fail(name, at);
    }
    return result;
  }

  /** Waits for a place among the checks running, taken by address in turn. */
  #turn(address: string): Promise<void> {
    if (this.#running < CHECKS_AT_ONCE && this.#waiting.size === 0) {
      this.#running++;
      this.#lastStarted = address;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const queue = this.#waiting.get(address);
      const start = () => {
        this.#running++;
        resolve();
      };
      if (queue) queue.push(start);
      else this.#waiting.set(address, [start]);
    });
  }

  /** Starts the first waiting check of the address whose turn it is, then sends that address to the back. */
  #next(): void {
    while (this.#running < CHECKS_AT_ONCE && this.#waiting.size > 0) {
      let address: string | undefined;
      for (const waiting of this.#waiting.keys()) {
        address ??= waiting;
        if (waiting !== this.#lastStarted) {
          address = waiting;
          break;
        }
      }
      const queue = this.#waiting.get(address as string) as (() => void)[];
      const start = queue.shift();
      this.#waiting.delete(address as string);
      if (queue.length > 0) this.#waiting.set(address as string, queue);
      this.#lastStarted = address;
      start?.();
    }
  }

  #refuse(waitMs: number, reason: string): Promise<never> {
    return refuseAfter(tooMany("TOO_MANY_LOGIN_ATTEMPTS", reason, waitMs), REFUSAL_DELAY_MS);
  }
}
