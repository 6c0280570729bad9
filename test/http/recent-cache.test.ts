import { describe, expect, it } from "vitest";
import { RecentCache } from "../../src/http/recent-cache.ts";

describe("RecentCache", () => {
  it("reads each key once while it is kept", () => {
    const cache = new RecentCache<string, number>(2);
    let reads = 0;
    const read = (key: string) => {
      reads++;
      return key.length;
    };
    expect(cache.get("ab", read)).toBe(2);
    expect(cache.get("ab", read)).toBe(2);
    expect(reads).toBe(1);
  });

  it("lets the least recently used go first, a hit counting as a use", () => {
    const cache = new RecentCache<string, string>(2);
    const made: string[] = [];
    const make = (key: string) => {
      made.push(key);
      return key;
    };
    cache.get("a", make);
    cache.get("b", make);
    cache.get("a", make); // a is now the most recent
    cache.get("c", make); // b goes
    expect(cache.size).toBe(2);
    cache.get("a", make);
    cache.get("b", make);
    expect(made).toEqual(["a", "b", "c", "b"]);
  });

  it("keeps nothing of a read that throws", () => {
    const cache = new RecentCache<string, string>(2);
    expect(() =>
      cache.get("x", () => {
        throw new SyntaxError("bad");
      }),
    ).toThrow(SyntaxError);
    expect(cache.size).toBe(0);
    expect(cache.get("x", () => "good")).toBe("good");
  });
});
