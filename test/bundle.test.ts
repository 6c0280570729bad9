import { describe, expect, it } from "vitest";
import {
  type BundleSize,
  CHEVROTAIN_FREE_BUNDLES,
  holdsChevrotain,
  MAIN_ENTRY,
  measureBundle,
} from "../bench/bundle.bench.ts";

// What a service pays for `import … from "qaql"`: the core, bundled whole by esbuild, minified.
describe("the main entry", () => {
  let measured: Promise<BundleSize> | undefined;
  // Built once, for both tests, when the first asks.
  const main = () => {
    measured ??= measureBundle(MAIN_ENTRY);
    return measured;
  };

  it(`is the core: at most ${(MAIN_ENTRY.maxGzip ?? 0) / 1024} KB gzip`, async () => {
    expect((await main()).gzip).toBeLessThanOrEqual(MAIN_ENTRY.maxGzip ?? 0);
  }, 30_000);

  it("holds no module of qaql/editor or qaql/list", async () => {
    const moved = /^src\/(language-service|list)\//;
    expect((await main()).inputs.filter((input) => moved.test(input))).toEqual([]);
    // Each of the two entries does hold its folder's modules, which the check above would see.
    for (const folder of ["language-service", "list"]) {
      const entry = await measureBundle({
        name: folder,
        entry: `export * from "./src/${folder}/index.ts";`,
        external: [],
      });
      expect(entry.inputs.filter((input) => moved.test(input)).length, folder).toBeGreaterThan(2);
    }
  }, 30_000);
});

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
