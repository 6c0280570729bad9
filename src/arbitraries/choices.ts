/** A source of choices for spelling a tree in a non-canonical way. */
export interface Choices {
  /** A whole number from 0 to `n - 1`. */
  pick(n: number): number;
}

/** Seeded choices (mulberry32), so that a spelling replays from the seed fast-check drew. */
export function seededChoices(seed: number): Choices {
  let state = seed >>> 0;
  return {
    pick(n) {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) % n;
    },
  };
}
