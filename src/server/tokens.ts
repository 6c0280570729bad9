import { createHash, randomBytes } from "node:crypto";

/** How long a token lives after its issue: one hour. */
export const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** How long a token lives without a request: 15 minutes. */
export const TOKEN_IDLE_MS = 15 * 60 * 1000;

/** How many tokens a server remembers for one user; past it, that user's dead ones and then oldest are forgotten. */
export const MAX_TOKENS_PER_USER = 10_000;

/** How many tokens a server remembers in all; past it, dead ones and then the oldest of the user holding most are forgotten. */
export const MAX_TOKENS = 100_000;

/** What `GET /api/token` answers: the token, and its limits in seconds. */
export interface IssuedToken {
  readonly token: string;
  readonly tokenType: "Bearer";
  readonly expiresIn: number;
  readonly idleTimeout: number;
}

/** What a presented token is: valid (its idle timer restarted), unknown, or dead and why. */
export type TokenState =
  /** `holder` tells clients apart: `user:<name>` for a temporary token, `token:<digest>` for a permanent one. */
  | { readonly state: "valid"; readonly holder: string }
  | { readonly state: "unknown" }
  | { readonly state: "expired"; readonly reason: "lifetime" | "idle"; readonly at: number };

/** How many tokens a `TokenStore` remembers: per user and in all. */
export interface TokenLimits {
  /** `MAX_TOKENS_PER_USER` unless set. */
  readonly perUser?: number | undefined;
  /** `MAX_TOKENS` unless set. */
  readonly total?: number | undefined;
}

interface Entry {
  readonly user: string;
  readonly expiresAt: number;
  lastUsed: number;
}

// Tokens are looked up by digest, so the map's timing says nothing about a token's text.
const digestOf = (token: string): string => createHash("sha256").update(token).digest("base64");

const isDead = (entry: Entry, now: number): boolean =>
  now >= Math.min(entry.expiresAt, entry.lastUsed + TOKEN_IDLE_MS);

function checkLimit(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a whole number from 1`);
  }
  return value;
}

/** The fewest characters of a permanent token, so that it cannot be guessed. */
export const MIN_PERMANENT_TOKEN_LENGTH = 20;

const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Whether a Bearer credential has the token68 form of RFC 6750 2.1. */
export function isToken68(text: string): boolean {
  return TOKEN68.test(text);
}

/**
 * The tokens of one server: temporary ones on an injectable clock (epoch milliseconds), counted
 * by the user they were issued to, so that no user can push another's tokens out, and permanent
 * ones given at the start, which never expire; either kind can be revoked.
 */
export class TokenStore {
  readonly #now: () => number;
  readonly #perUser: number;
  readonly #total: number;
  readonly #entries = new Map<string, Entry>();
  /** Permanent tokens by digest, each with the user it belongs to (undefined: the server's own). */
  readonly #permanent = new Map<string, string | undefined>();
  /** Each user's tokens by digest, oldest issued first (a Map keeps insertion order). */
  readonly #byUser = new Map<string, Map<string, Entry>>();

  constructor(now: () => number = Date.now, limits: TokenLimits = {}) {
    this.#now = now;
    this.#perUser = checkLimit("perUser", limits.perUser ?? MAX_TOKENS_PER_USER);
    this.#total = checkLimit("total", limits.total ?? MAX_TOKENS);
  }

  /** How many tokens the store remembers, in all or for one user. */
  size(user?: string): number {
    return user === undefined ? this.#entries.size : (this.#byUser.get(user)?.size ?? 0);
  }

  /** Issues a new random token (256 bits, base64url) to `user`. */
  issue(user: string): IssuedToken {
    const now = this.#now();
    const before = this.#byUser.get(user);
    if (before && before.size >= this.#perUser) this.#makeRoom(before, now);
    if (this.#entries.size >= this.#total) {
      for (const tokens of this.#byUser.values()) this.#forgetDead(tokens, now);
      while (this.#entries.size >= this.#total) {
        const most = this.#heaviest(user);
        if (!most) break;
        this.#forgetOldest(most);
      }
    }
    const token = randomBytes(32).toString("base64url");
    const entry: Entry = { user, expiresAt: now + TOKEN_LIFETIME_MS, lastUsed: now };
    const key = digestOf(token);
    // Making room may have dropped the user's emptied map, so it is looked up afresh.
    const own = this.#byUser.get(user) ?? new Map<string, Entry>();
    own.set(key, entry);
    this.#byUser.set(user, own);
    this.#entries.set(key, entry);
    return {
      token,
      tokenType: "Bearer",
      expiresIn: TOKEN_LIFETIME_MS / 1000,
      idleTimeout: TOKEN_IDLE_MS / 1000,
    };
  }

  /**
   * Adds a token that never expires, of a user or of the server's own: token68 (RFC 6750 2.1)
   * of at least `MIN_PERMANENT_TOKEN_LENGTH` characters, else a `TypeError`.
   */
  addPermanent(token: string, user?: string): void {
    if (typeof token !== "string" || !isToken68(token)) {
      throw new TypeError("a permanent token is token68 text: letters, digits and -._~+/ then =");
    }
    if (token.length < MIN_PERMANENT_TOKEN_LENGTH) {
      throw new TypeError(
        `a permanent token needs at least ${MIN_PERMANENT_TOKEN_LENGTH} characters, so that it cannot be guessed`,
      );
    }
    const key = digestOf(token);
    if (this.#permanent.has(key) && this.#permanent.get(key) !== user) {
      throw new TypeError("a permanent token is given to two holders");
    }
    this.#permanent.set(key, user);
  }

  /** Forgets a token, temporary or permanent; false when the store did not hold it. */
  revoke(token: string): boolean {
    const key = digestOf(token);
    if (this.#permanent.delete(key)) return true;
    const entry = this.#entries.get(key);
    const tokens = entry && this.#byUser.get(entry.user);
    if (!entry || !tokens) return false;
    this.#forget(tokens, key, entry.user);
    return true;
  }

  /** Checks a token and, when it is a temporary one still valid, restarts its idle timer. */
  use(token: string): TokenState {
    const key = digestOf(token);
    if (this.#permanent.has(key)) {
      const user = this.#permanent.get(key);
      return { state: "valid", holder: user === undefined ? `token:${key}` : `user:${user}` };
    }
    const entry = this.#entries.get(key);
    if (!entry) return { state: "unknown" };
    const now = this.#now();
    const idleAt = entry.lastUsed + TOKEN_IDLE_MS;
    const deadAt = Math.min(entry.expiresAt, idleAt);
    if (now >= deadAt) {
      return {
        state: "expired",
        reason: entry.expiresAt <= idleAt ? "lifetime" : "idle",
        at: deadAt,
      };
    }
    entry.lastUsed = now;
    return { state: "valid", holder: `user:${entry.user}` };
  }

  /** Brings one user's tokens under the per-user cap: dead ones go first, then the oldest issued. */
  #makeRoom(tokens: Map<string, Entry>, now: number): void {
    this.#forgetDead(tokens, now);
    while (tokens.size >= this.#perUser) this.#forgetOldest(tokens);
  }

  #forgetDead(tokens: Map<string, Entry>, now: number): void {
    for (const [key, entry] of tokens) {
      if (isDead(entry, now)) this.#forget(tokens, key, entry.user);
    }
  }

  #forgetOldest(tokens: Map<string, Entry>): void {
    const first = tokens.entries().next();
    if (!first.done) this.#forget(tokens, first.value[0], first.value[1].user);
  }

  #forget(tokens: Map<string, Entry>, key: string, user: string): void {
    tokens.delete(key);
    this.#entries.delete(key);
    if (tokens.size === 0) this.#byUser.delete(user);
  }

  /** The tokens of the user holding the most, `user`'s own on a tie, so the asker pays first. */
  #heaviest(user: string): Map<string, Entry> | undefined {
    let heaviest = this.#byUser.get(user);
    for (const tokens of this.#byUser.values()) {
      if (tokens.size > (heaviest?.size ?? 0)) heaviest = tokens;
    }
    return heaviest;
  }
}

/** How fast one user may get tokens: a bucket of `burst` that refills by `perMinute`. */
export interface TokenRate {
  readonly burst: number;
  readonly perMinute: number;
}

/** 20 at once, then one a second: 20 + 3,600 in a token's hour stays under `MAX_TOKENS_PER_USER`. */
export const DEFAULT_TOKEN_RATE: TokenRate = { burst: 20, perMinute: 60 };

/** Checks a `TokenRate`; a bad one is a programmer's error. */
function checkTokenRate(rate: TokenRate): TokenRate {
  const { burst, perMinute } = rate;
  if (!Number.isSafeInteger(burst) || burst < 1) {
    throw new RangeError("tokenRate.burst must be a whole number from 1");
  }
  if (!Number.isFinite(perMinute) || perMinute <= 0) {
    throw new RangeError("tokenRate.perMinute must be a number above 0");
  }
  return { burst, perMinute };
}

/**
 * A token bucket per user on an injectable clock (epoch milliseconds), kept as the time the
 * bucket is next full (GCRA): `take(user)` spends one and returns 0, or, when the bucket is
 * empty, returns the whole seconds (at least 1) until it holds one again.
 */
export class TokenRateLimiter {
  readonly #now: () => number;
  readonly #interval: number;
  readonly #tolerance: number;
  readonly #fullAt = new Map<string, number>();

  constructor(now: () => number = Date.now, rate: TokenRate = DEFAULT_TOKEN_RATE) {
    const { burst, perMinute } = checkTokenRate(rate);
    this.#now = now;
    this.#interval = 60_000 / perMinute;
    this.#tolerance = (burst - 1) * this.#interval;
  }

  /** Spends one of `user`'s tokens: 0 when there was one, else the seconds to wait for one. */
  take(user: string): number {
    const now = this.#now();
    const fullAt = Math.max(this.#fullAt.get(user) ?? now, now);
    const wait = fullAt - this.#tolerance - now;
    if (wait > 0) return Math.max(1, Math.ceil(wait / 1000));
    this.#fullAt.set(user, fullAt + this.#interval);
    return 0;
  }
}
