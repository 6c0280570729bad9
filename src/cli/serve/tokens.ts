import { createHash, randomBytes } from "node:crypto";

/** How long a token lives after its issue: one hour. */
export const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** How long a token lives without a request: 15 minutes. */
export const TOKEN_IDLE_MS = 15 * 60 * 1000;

/** How many tokens a server remembers; past it, dead ones and then the oldest are forgotten. */
export const MAX_TOKENS = 10_000;

/** What `GET /api/token` answers: the token, and its limits in seconds. */
export interface IssuedToken {
  readonly token: string;
  readonly tokenType: "Bearer";
  readonly expiresIn: number;
  readonly idleTimeout: number;
}

/** What a presented token is: valid (its idle timer restarted), unknown, or dead and why. */
export type TokenState =
  | { readonly state: "valid" }
  | { readonly state: "unknown" }
  | { readonly state: "expired"; readonly reason: "lifetime" | "idle"; readonly at: number };

interface Entry {
  readonly expiresAt: number;
  lastUsed: number;
}

// Tokens are looked up by digest, so the map's timing says nothing about a token's text.
const digestOf = (token: string): string => createHash("sha256").update(token).digest("base64");

/** The temporary tokens of one server, on an injectable clock (epoch milliseconds). */
export class TokenStore {
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry>();

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Issues a new random token (256 bits, base64url). */
  issue(): IssuedToken {
    const now = this.#now();
    if (this.#entries.size >= MAX_TOKENS) this.#forget(now);
    const token = randomBytes(32).toString("base64url");
    this.#entries.set(digestOf(token), { expiresAt: now + TOKEN_LIFETIME_MS, lastUsed: now });
    return {
      token,
      tokenType: "Bearer",
      expiresIn: TOKEN_LIFETIME_MS / 1000,
      idleTimeout: TOKEN_IDLE_MS / 1000,
    };
  }

  /** Checks a token and, when it is valid, restarts its idle timer. */
  use(token: string): TokenState {
    const entry = this.#entries.get(digestOf(token));
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
    return { state: "valid" };
  }

  /** Makes room: dead tokens go first, then the oldest issued (a Map keeps insertion order). */
  #forget(now: number): void {
    for (const [key, entry] of this.#entries) {
      if (now >= Math.min(entry.expiresAt, entry.lastUsed + TOKEN_IDLE_MS)) {
        this.#entries.delete(key);
      }
    }
    for (const key of this.#entries.keys()) {
      if (this.#entries.size < MAX_TOKENS) break;
      this.#entries.delete(key);
    }
  }
}
