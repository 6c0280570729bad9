// Work is paid for before it runs (grammar/language.md 6.8): every request of a Bearer route
// is admitted against its client's share of the server's time and its cap on requests at once,
// charged at admission what that kind of request last cost the client, and settled when it ends.
import { ApiError } from "./api-error.ts";
import { REFUSAL_DELAY_MS, refuseAfter, sleep, tooMany } from "./refusals.ts";
import type { RouteCost } from "./routes.ts";
import { checkWorkRate, WorkBudget, type WorkRate } from "./work-budget.ts";

/** One client's share of the server: its time, and how many of its requests run or wait at once. */
export interface ClientShare extends WorkRate {
  /** The most requests of one client answered at once; the next ones wait their turn. */
  readonly inFlight: number;
  /** The most requests of one client waiting their turn; past it, a 429 at once. */
  readonly waiting: number;
}

/**
 * 1 s of the server's time at once, then 100 ms a second, 2 requests answered and 32 waiting at
 * once: one client flooding any route takes a tenth of the server's one thread in the long run,
 * and a person's browser (a page and a few records at once) never waits (`npm run bench -- abuse`).
 */
export const DEFAULT_CLIENT_SHARE: ClientShare = {
  burst: 1000,
  perSecond: 100,
  inFlight: 2,
  waiting: 32,
};

/** The longest a request waits for its client's share before it is a 429. */
export const MAX_WAIT_MS = 5000;

/** What a kind of request is charged at admission before the client has run one (ms). */
const FIRST_COST: Readonly<Record<Exclude<RouteCost, "token">, number>> = {
  item: 1,
  list: 5,
  dump: 20,
  query: 50,
};

/**
 * What a request costs at least, whatever its run took, by what it read and wrote: what no
 * timer around the run sees. Parsing and compiling leave the collector about 40 times a body's
 * size (a 252 KiB query definition of 19,800 patterns: 10 MB) and 100 times a `where`'s or
 * `fields`' length; an answer is copied and written after the run. Bytes per ms of each.
 */
const FLOOR = { body: 4 * 1024, search: 1024, answer: 64 * 1024 } as const;

/** The sizes of what a request read and wrote, which bound its cost from below. */
export interface RequestSizes {
  /** The bytes of its body read. */
  readonly body: number;
  /** The length of the `where` and `fields` of its query string. */
  readonly search: number;
  /** The bytes of its answer's body. */
  readonly answer: number;
}

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
  /** Settles the request's cost: the time it took, and at least what its sizes cost. */
  end(sizes?: RequestSizes): void;
}

interface ClientState {
  running: number;
  /** Requests waiting for the client's time to come back. */
  sleeping: number;
  queryRunning: boolean;
  /** Requests waiting for one of the client's places, first come first served. */
  readonly queue: (() => void)[];
  /** What each kind of request last cost the client, in ms. */
  readonly lastCost: Map<RouteCost, number>;
}

/** A refused query's body is never read, so the connection cannot carry another request. */
const CLOSE = { connection: "close" };

/**
 * The admission of Bearer requests: per client (a user, or one of the server's permanent
 * tokens), a bucket of the server's time and a cap on requests at once; query definitions
 * besides draw on their own budget, one at a time. Clients are few (users, permanent tokens).
 */
export class Admission {
  readonly #share: ClientShare;
  /** Each client's bucket of the server's time, at `#share`'s rate. */
  readonly #time: WorkBudget;
  readonly #queryTime: WorkBudget;
  readonly #clients = new Map<string, ClientState>();
  readonly #refusalDelay: number;

  constructor(
    now: () => number,
    share: ClientShare,
    queryTime: WorkBudget,
    refusalDelay = REFUSAL_DELAY_MS,
  ) {
    this.#share = share;
    this.#time = new WorkBudget(now, share);
    this.#queryTime = queryTime;
    this.#refusalDelay = refusalDelay;
  }

  #state(client: string): ClientState {
    let state = this.#clients.get(client);
    if (!state) {
      state = {
        running: 0,
        sleeping: 0,
        queryRunning: false,
        queue: [],
        lastCost: new Map(),
      };
      this.#clients.set(client, state);
    }
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
    try {
      return await this.#admit(client, cost, request);
    } catch (error) {
      // A request woken for a place it does not take hands the place on.
      const state = this.#state(client);
      if (state.running < this.#share.inFlight) state.queue.shift()?.();
      if (error instanceof ApiError) return refuseAfter(error, this.#refusalDelay);
      throw error;
    }
  }

  async #admit(
    client: string,
    cost: Exclude<RouteCost, "token">,
    request: Request,
  ): Promise<Ticket> {
    let state = this.#state(client);
    if (cost === "query") this.#checkQuery(client, state);
    if (state.queue.length + state.sleeping >= this.#share.waiting) {
      throw tooMany("TOO_MANY_REQUESTS", "this client has too many requests waiting", 1000);
    }
    let waited = 0;
    for (;;) {
      if (state.running >= this.#share.inFlight) {
        await new Promise<void>((resolve) => state.queue.push(resolve));
        state = this.#state(client);
        continue;
      }
      const held = this.#time.held(client);
      if (held > 0) break;
      const wait = (-held / this.#share.perSecond) * 1000 + 1;
      // However the clock moves, a request waits for its time 5 s in all at most.
      if (waited + wait > MAX_WAIT_MS) {
        throw tooMany("TOO_MANY_REQUESTS", "this client took its share of the server's time", wait);
      }
      state.sleeping++;
      await sleep(wait).finally(() => {
        state.sleeping--;
      });
      waited += wait;
      state = this.#state(client);
    }
    if (cost === "query") this.#checkQuery(client, state);
    const estimate = this.#estimate(state, cost, request);
    this.#time.charge(client, estimate);
    state.running++;
    if (cost === "query") {
      state.queryRunning = true;
      this.#queryTime.charge(client, estimate);
    }
    const started = performance.now();
    let ended = false;
    return {
      end: (sizes = { body: 0, search: 0, answer: 0 }) => {
        if (ended) return;
        ended = true;
        const took = performance.now() - started;
        const floor =
          sizes.body / FLOOR.body + sizes.search / FLOOR.search + sizes.answer / FLOOR.answer;
        const spent = Math.max(took, floor);
        this.#time.charge(client, spent - estimate);
        state.lastCost.set(cost, spent);
        state.running--;
        if (cost === "query") {
          state.queryRunning = false;
          this.#queryTime.charge(client, spent - estimate);
        }
        state.queue.shift()?.();
      },
    };
  }

  #checkQuery(client: string, state: ClientState): void {
    if (state.queryRunning) {
      throw tooMany(
        "TOO_MANY_QUERIES",
        "a query definition of this client is running: send the next once it is answered",
        1000,
        CLOSE,
      );
    }
    const retryAfter = this.#queryTime.wait(client);
    if (retryAfter > 0) {
      throw tooMany(
        "TOO_MANY_QUERIES",
        "this client's query definitions took more of the server's time than its share",
        retryAfter * 1000,
        CLOSE,
      );
    }
  }

  /** What a request is charged at admission: what its kind last cost the client; a query, at least its body's bound. */
  #estimate(state: ClientState, cost: Exclude<RouteCost, "token">, request: Request): number {
    const last = state.lastCost.get(cost) ?? FIRST_COST[cost];
    if (cost !== "query") return last;
    const declared = Number(request.headers.get("content-length") ?? 0);
    const bound = Number.isFinite(declared) ? declared / FLOOR.body : 0;
    return Math.min(this.#share.burst, Math.max(last, bound));
  }
}
