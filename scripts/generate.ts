/**
 * Runs every generator: the railroad diagrams, the sample dump and the WebAssembly module.
 * `npm run generate` writes their files; `npm run generate -- --check` gives each the flag,
 * writes nothing and exits with 1 if any file would change.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const GENERATORS = ["generate-diagrams.ts", "generate-sample.ts", "generate-wasm.ts"];

let failed = false;
for (const script of GENERATORS) {
  const run = spawnSync(
    process.execPath,
    [
      "--experimental-strip-types",
      "--no-warnings",
      join(import.meta.dirname, script),
      ...process.argv.slice(2),
    ],
    { stdio: "inherit" },
  );
  if (run.status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
