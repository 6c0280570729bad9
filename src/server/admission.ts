// Work is paid for before it runs (grammar/language.md 6.8): every request of a Bearer route
// is admitted against its client's share of the server's time and its cap on requests at once,
// charged at admission what that kind of request last cost the client, and settled when it ends.
import { ApiError } from "./api-error.ts";
import type { RouteCost } from "./routes.ts";
import { checkWorkRate, type WorkBudget, type WorkRate } from "./work-budget.ts";

/** One client's share of the server: its time, and how many of its requests run or wait at once. */
export interface ClientShare extends WorkRate {
  /** The most requests of one client answered at once; the next ones wait their turn. */
  readonly inFlight: number;
  /** The most requests of one client waiting their turn; past it, a 429 at once. */
  readonly waiting: number;
}

/**
 * 2 s of the server's time at once, then 250 ms a second, 2 requests answered and 32 waiting at
 * once: one client flooding any route keeps at most a quarter of the server's one thread, and a
 * person's browser (a page and a few records at once) never waits (`npm run bench -- abuse`).
 */
export const DEFAULT_CLIENT_SHARE: ClientShare = {
  burst: 2000,
  perSecond: 250,
  inFlight: 2,
  waiting: 32,
};

/** The longest a request waits for its client's share before it is a 429. */
const MAX_WAIT_MS = 5000;

/** What a kind of request is charged at admission before the client has run one (ms). */
const FIRST_COST: Readonly<Record<Exclude<RouteCost, "token">, number>> = {
  item: 1,
  list: 5,
  dump: 20,
  query: 50,
};

/** A query definition's body bounds what parsing it can cost: 1 ms per 8 KiB reserved. */
const QUERY_BYTES_PER_MS = 8 * 1024;

/** Checks a `ClientShare`; a bad one is a programmer's error. */
export function checkClientShare(name: string, share: ClientShare): ClientShare {
  const rate = checkWorkRate(name, share);
  for (const member of ["inFlight", "waiting"] as const) {
    const value = share[member];
    if (!Number.isSafeInteger(value) || value < (member === "inFlight" ? 1 : 0)) {
      throw new RangeError(`${name}.${member} must be a whole number of requests`);
    }
  }
  return { ...rate, inFlight: share.inFlight, waiting: share.waiting };
}

/** What admission gave a request: settled once, when its answer is made. */
export interface Ticket {
  end(): void;
}

interface ClientState {
  held: number;
  at: number;
  running: number;
  queryRunning: boolean;
  /** Requests waiting for one of the client's places, first come first served. */
  readonly queue: (() => void)[];
  /** What each kind of request last cost the client, in ms. */
  readonly lastCost: Map<RouteCost, number>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function tooMany(code: "TOO_MANY_REQUESTS" | "TOO_MANY_QUERIES", message: string, ms: number) {
  const retryAfter = Math.max(1, Math.ceil(ms / 1000));
  return new ApiError(
    429,
    code,
    `${message}; retry in ${retryAfter} s`,
    { retryAfter },
    { "retry-after": String(retryAfter) },
  );
}

/**
 * The admission of Bearer requests: per client (a user, or one of the server's permanent
 * tokens), a bucket of the server's time and a cap on requests at once; query definitions
 * besides draw on their own budget, one at a time. Clients are few (users, permanent tokens).
 */
export class Admission {
  readonly #now: () => number;
  readonly #share: ClientShare;
  readonly #queryTime: WorkBudget;
  readonly #clients = new Map<string, ClientState>();

  constructor(now: () => number, share: ClientShare, queryTime: WorkBudget) {
    this.#now = now;
    this.#share = share;
    this.#queryTime = queryTime;
  }

  #state(client: string): ClientState {
    let state = this.#clients.get(client);
    if (!state) {
      state = {
        held: this.#share.burst,
        at: this.#now(),
        running: 0,
        queryRunning: false,
        queue: [],
        lastCost: new Map(),
      };
      this.#clients.set(client, state);
    }
    const now = this.#now();
    const refilled = ((now - state.at) / 1000) * this.#share.perSecond;
    state.held = Math.min(this.#share.burst, state.held + Math.max(0, refilled));
    state.at = now;
    return state;
  }

  /**
   * Admits a request of `client` that costs `cost`, once the client has a place and time left:
   * a 429 when too many of its requests wait, when its time would not come back within 5 s, or
   * (a query) when one of its definitions runs or its query time is spent.
   */
  async admit(
    client: string,
    cost: Exclude<RouteCost, "token">,
    request: Request,
  ): Promise<Ticket> {
    let state = this.#state(client);
    if (cost === "query") this.#checkQuery(client, state);
    if (state.queue.length >= this.#share.waiting) {
      throw tooMany("TOO_MANY_REQUESTS", "this client has too many requests waiting", 1000);
    }
    for (;;) {
      if (state.running >= this.#share.inFlight) {
        await new Promise<void>((resolve) => state.queue.push(resolve));
        state = this.#state(client);
        continue;
      }
      if (state.held > 0) break;
      const wait = (-state.held / this.#share.perSecond) * 1000 + 1;
      if (wait > MAX_WAIT_MS) {
        throw tooMany("TOO_MANY_REQUESTS", "this client took its share of the server's time", wait);
      }
      state.running++;
      // Holds the client's place while it waits, so that no later request overtakes it.
      await sleep(wait).finally(() => {
        state.running--;
      });
      state = this.#state(client);
    }
    if (cost === "query") this.#checkQuery(client, state);
    const estimate = this.#estimate(state, cost, request);
    state.held -= estimate;
    state.running++;
    if (cost === "query") {
      state.queryRunning = true;
      this.#queryTime.charge(client, estimate);
    }
    const started = performance.now();
    let ended = false;
    return {
      end: () => {
        if (ended) return;
        ended = true;
        const spent = performance.now() - started;
        const now = this.#state(client);
        now.held -= spent - estimate;
        now.lastCost.set(cost, spent);
        now.running--;
        if (cost === "query") {
          now.queryRunning = false;
          // The query route charges what the definition took; the reservation is given back.
          this.#queryTime.charge(client, -estimate);
        }
        now.queue.shift()?.();
      },
    };
  }

  #checkQuery(client: string, state: ClientState): void {
    if (state.queryRunning) {
      throw tooMany(
        "TOO_MANY_QUERIES",
        "a query definition of this client is running: send the next once it is answered",
        1000,
      );
    }
    const retryAfter = this.#queryTime.wait(client);
    if (retryAfter > 0) {
      throw tooMany(
        "TOO_MANY_QUERIES",
        "this client's query definitions took more of the server's time than its share",
        retryAfter * 1000,
      );
    }
  }

  /** What a request is charged at admission: what its kind last cost the client; a query, at least its body's bound. */
  #estimate(state: ClientState, cost: Exclude<RouteCost, "token">, request: Request): number {
    const last = state.lastCost.get(cost) ?? FIRST_COST[cost];
    if (cost !== "query") return last;
    const declared = Number(request.headers.get("content-length") ?? 0);
    const bound = Number.isFinite(declared) ? declared / QUERY_BYTES_PER_MS : 0;
    return Math.min(this.#share.burst, Math.max(last, bound));
  }
}
