import { defineConfig } from "tsup";

export default defineConfig([
  {
    entry: { index: "src/index.ts" },
    format: ["esm"],
    dts: true,
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
