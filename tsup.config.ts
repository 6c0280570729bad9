import { defineConfig } from "tsup";

export default defineConfig([
  {
    // The library, the artefact query definition as `qaql/query`, and the fast-check
    // arbitraries as `qaql/arbitraries`.
    entry: {
      index: "src/index.ts",
      query: "src/query/index.ts",
      arbitraries: "src/arbitraries/index.ts",
    },
    format: ["esm"],
    dts: true,
    // A peer dependency: the arbitraries must use the caller's fast-check, never a bundled copy.
    external: ["fast-check"],
    clean: true,
    sourcemap: true,
    target: "node22",
    treeshake: true,
  },
  {
    // The command line: Node-only, one file, run as an executable.
    entry: { cli: "src/cli/bin.ts" },
    format: ["esm"],
    sourcemap: true,
    target: "node22",
    banner: { js: "#!/usr/bin/env node" },
  },
]);
