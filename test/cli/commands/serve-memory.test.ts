import { describe, expect, it } from "vitest";
import { collectorOf, MemoryTrim } from "../../../src/cli/commands/serve-memory.ts";

const MB = 1024 * 1024;

/** A trim over a resident size and a clock the test sets; each collection takes `pause` ms and leaves `after` bytes. */
function trimOf(pause: number, after: number) {
  const state = { rss: 100 * MB, now: 0, collections: 0 };
  const trim = new MemoryTrim({
    rss: () => state.rss,
    now: () => state.now,
    collect: (options) => {
      expect(options).toEqual({ type: "major", execution: "sync", flavor: "last-resort" });
      state.collections++;
      state.now += pause;
      state.rss = after;
    },
  });
  return { state, trim };
}

describe("qaql serve's memory trim", () => {
  it("collects once the resident size has grown past its floor by 32 MB and 15%", () => {
    const { state, trim } = trimOf(40, 110 * MB);
    expect(trim.check()).toBe(false);
    state.rss = 80 * MB;
    expect(trim.check()).toBe(false);
    // 32 MB over the floor of 80 is 40%: collected.
    state.rss = 112 * MB;
    expect(trim.check()).toBe(true);
    expect(state.rss).toBe(110 * MB);
    expect([trim.collections, trim.lastPause]).toEqual([1, 40]);
  });

  it("collects again what a flood left until it is gone, and takes what a collection cannot free as the new floor", () => {
    const { state, trim } = trimOf(40, 150 * MB);
    state.rss = 100 * MB;
    trim.check();
    // The collection frees 50 MB and leaves 150, still over the floor of 100: collected again.
    state.rss = 200 * MB;
    expect(trim.check()).toBe(true);
    state.now = 10_000;
    state.rss = 150 * MB;
    expect(trim.check()).toBe(true);
    // It freed nothing: 150 MB are in use, the floor now, and 170 is no reason to collect.
    state.now = 20_000;
    state.rss = 170 * MB;
    expect(trim.check()).toBe(false);
    expect(state.collections).toBe(2);
  });

  it("needs both: 32 MB over a large floor is less than 15% of it", () => {
    const { state, trim } = trimOf(40, 1000 * MB);
    state.rss = 1000 * MB;
    trim.check();
    state.rss = 1140 * MB;
    expect(trim.check()).toBe(false);
    state.rss = 1151 * MB;
    expect(trim.check()).toBe(true);
  });

  // A pause of 40 ms allows the next collection 10 s after; one of 500 ms, 50 s after (1%).
  it.each([
    [40, 10_000],
    [500, 50_000],
  ])("after a collection that paused %i ms, waits until %i ms for the next", (pause, next) => {
    const { state, trim } = trimOf(pause, 100 * MB);
    trim.check();
    state.rss = 200 * MB;
    expect(trim.check()).toBe(true);
    state.rss = 200 * MB;
    state.now = next - 1;
    expect(trim.check()).toBe(false);
    state.now = next;
    expect(trim.check()).toBe(true);
    expect(state.collections).toBe(2);
  });

  it("gets Node's collector without giving the global object a gc", () => {
    const collect = collectorOf();
    expect(collect).toBeTypeOf("function");
    expect("gc" in globalThis).toBe(false);
    collect?.({ type: "major", execution: "sync", flavor: "last-resort" });
  });
});
