import { describe, expect, it } from "vitest";
import {
  MAX_TOKENS_PER_USER,
  TOKEN_IDLE_MS,
  TOKEN_LIFETIME_MS,
  TokenRateLimiter,
  TokenStore,
} from "../../src/server/tokens.ts";

function storeOn(limits = {}) {
  const clock = { now: Date.UTC(2026, 0, 1) };
  return { clock, store: new TokenStore(() => clock.now, limits) };
}

describe("TokenStore", () => {
  it("evicts a user's own oldest token past 10,000, never another user's", () => {
    const { store } = storeOn();
    const ada = store.issue("ada").token;
    const bobs = Array.from({ length: MAX_TOKENS_PER_USER + 1 }, () => store.issue("bob").token);
    expect(store.use(ada)).toMatchObject({ state: "valid" });
    expect(store.use(bobs[0] ?? "")).toEqual({ state: "unknown" });
    expect(store.use(bobs[1] ?? "")).toMatchObject({ state: "valid" });
    expect(store.use(bobs.at(-1) ?? "")).toMatchObject({ state: "valid" });
    expect([store.size("ada"), store.size("bob"), store.size()]).toEqual([1, 10_000, 10_001]);
  });

  it("forgets a user's dead tokens before the oldest live one", () => {
    const { clock, store } = storeOn({ perUser: 3 });
    const [first, second, third] = [1, 2, 3].map(() => store.issue("ada").token);
    clock.now += TOKEN_IDLE_MS - 1;
    store.use(first ?? "");
    store.use(third ?? "");
    clock.now += 1;
    expect(store.use(second ?? "")).toMatchObject({ state: "expired", reason: "idle" });
    store.issue("ada");
    expect(store.use(second ?? "")).toEqual({ state: "unknown" });
    expect(store.use(first ?? "")).toMatchObject({ state: "valid" });
    expect(store.size("ada")).toBe(3);
  });

  it("past the global cap, forgets dead tokens, then the oldest of whoever holds the most", () => {
    const { clock, store } = storeOn({ perUser: 10, total: 6 });
    const ada = [store.issue("ada").token, store.issue("ada").token];
    const bob = [1, 2, 3, 4].map(() => store.issue("bob").token);
    store.issue("carol");
    expect(store.use(bob[0] ?? "")).toEqual({ state: "unknown" });
    expect(ada.map((token) => store.use(token).state)).toEqual(["valid", "valid"]);
    // ada 2, bob 3, carol 1: ada's new token costs bob's oldest, not hers.
    store.issue("ada");
    expect(store.use(bob[1] ?? "")).toEqual({ state: "unknown" });
    expect([store.size("ada"), store.size("bob"), store.size("carol")]).toEqual([3, 2, 1]);
    // On a tie the asker pays.
    store.issue("ada");
    expect(store.use(ada[0] ?? "")).toEqual({ state: "unknown" });
    clock.now += TOKEN_LIFETIME_MS;
    store.issue("dave");
    expect([store.size(), store.size("dave")]).toEqual([1, 1]);
  });

  it("keeps counting a user whose only token made room for the next", () => {
    const { store } = storeOn({ perUser: 1, total: 2 });
    const [first, second, third] = [1, 2, 3].map(() => store.issue("ada").token);
    expect([first, second].map((token) => store.use(token ?? "").state)).toEqual([
      "unknown",
      "unknown",
    ]);
    expect(store.use(third ?? "")).toMatchObject({ state: "valid" });
    expect([store.size("ada"), store.size()]).toEqual([1, 1]);
  });

  it.each([
    [{ perUser: 0 }, /perUser/],
    [{ total: 1.5 }, /total/],
  ])("refuses the limits %j", (limits, message) => {
    expect(() => new TokenStore(Date.now, limits)).toThrow(message);
  });
});

describe("TokenRateLimiter", () => {
  it("gives a burst, then one per interval, saying how many whole seconds to wait", () => {
    const clock = { now: 1_000_000 };
    const limiter = new TokenRateLimiter(() => clock.now, { burst: 3, perMinute: 4 });
    expect([1, 2, 3, 4].map(() => limiter.take("ada"))).toEqual([0, 0, 0, 15]);
    expect(limiter.take("bob")).toBe(0);
    clock.now += 14_001;
    expect(limiter.take("ada")).toBe(1);
    clock.now += 999;
    expect([limiter.take("ada"), limiter.take("ada")]).toEqual([0, 15]);
    clock.now += 10 * 60_000;
    expect([1, 2, 3, 4].map(() => limiter.take("ada"))).toEqual([0, 0, 0, 15]);
  });

  it("refills nothing while a clock that stepped back catches up", () => {
    const clock = { now: 1_000_000 };
    const limiter = new TokenRateLimiter(() => clock.now, { burst: 1, perMinute: 60 });
    expect(limiter.take("ada")).toBe(0);
    clock.now -= 60_000;
    expect(limiter.take("ada")).toBe(61);
    clock.now += 61_000;
    expect(limiter.take("ada")).toBe(0);
  });

  it.each([
    [{ burst: 0, perMinute: 1 }, /burst/],
    [{ burst: 1, perMinute: 0 }, /perMinute/],
    [{ burst: 1, perMinute: Number.NaN }, /perMinute/],
  ])("refuses the rate %j", (rate, message) => {
    expect(() => new TokenRateLimiter(Date.now, rate)).toThrow(message);
  });
});

describe("permanent tokens of users (grammar/language.md 6.10)", () => {
  it("are held by their user, so that its query time counts across all its tokens", () => {
    const store = new TokenStore(() => 0);
    store.addPermanent("ann-permanent-token-0123456789", "ann");
    store.addPermanent("ann-permanent-token-0123456789", "ann");
    store.addPermanent("server-own-token-0123456789");
    expect(store.use("ann-permanent-token-0123456789")).toEqual({
      state: "valid",
      holder: "user:ann",
    });
    expect(store.use("server-own-token-0123456789")).toMatchObject({
      holder: expect.stringMatching(/^token:/),
    });
    expect(() => store.addPermanent("ann-permanent-token-0123456789", "bob")).toThrow(
      /given to two holders/,
    );
  });
});
