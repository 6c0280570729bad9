/**
 * Writes sample/dump.json, the sample dump the package ships, from `dumpChunks(SAMPLE_SIZES,
 * SAMPLE_SEED)`. The output depends only on the generator, so it is the same byte for byte on
 * every machine.
 *
 * Usage: `npx node --experimental-strip-types --no-warnings scripts/generate-sample.ts` writes
 * the file; with `--check` it writes nothing and exits with 1 if the file would change.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { dumpChunks, SAMPLE_SEED, SAMPLE_SIZES } from "./sample-dump.ts";

const file = join(import.meta.dirname, "..", "sample", "dump.json");
const check = process.argv.includes("--check");

let text = "";
for (const chunk of dumpChunks(SAMPLE_SIZES, SAMPLE_SEED)) text += chunk;

const current = existsSync(file) ? readFileSync(file, "utf8") : null;
if (check) {
  if (current !== text) {
    console.error("sample/dump.json is out of date: run scripts/generate-sample.ts");
    process.exit(1);
  }
  console.log("sample/dump.json is up to date");
} else {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  const bytes = Buffer.byteLength(text);
  console.log(`wrote sample/dump.json (${bytes} bytes)${current === text ? ", unchanged" : ""}`);
}
