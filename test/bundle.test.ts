import { describe, expect, it } from "vitest";
import { CHEVROTAIN_FREE_BUNDLES, holdsChevrotain, measureBundle } from "../bench/bundle.bench.ts";

// What a page pays for the parts it imports alone: bundled by esbuild as a page's build would,
// tree-shaken from the main entry (package.json has "sideEffects": false).
describe("the parts of the main entry a page may import alone", () => {
  for (const bundle of CHEVROTAIN_FREE_BUNDLES) {
    it(`${bundle.name}: no Chevrotain, at most ${(bundle.maxGzip ?? 0) / 1024} KB gzip`, async () => {
      const size = await measureBundle(bundle);
      expect(holdsChevrotain(size), size.inputs.join("\n")).toBe(false);
      expect(size.inputs.filter((input) => input.includes("/syntax/"))).toEqual([]);
      expect(size.gzip).toBeLessThanOrEqual(bundle.maxGzip ?? 0);
    }, 30_000);
  }

  it("while parseWhere does load Chevrotain, which the check above would see", async () => {
    const size = await measureBundle({
      name: "parseWhere",
      entry: `export { parseWhere } from "./src/index.ts";`,
      external: [],
    });
    expect(holdsChevrotain(size)).toBe(true);
    expect(size.gzip).toBeGreaterThan(6 * 1024);
  }, 30_000);
});
