import { join } from "node:path";
import { build } from "esbuild";

// qaql/dump bundled as a page would bundle it, for the tests that run it with Web APIs only.

const ROOT = join(import.meta.dirname, "..", "..");

/**
 * A browser IIFE, global `qaqlDump`, of `filterDump` and the named exports of other modules
 * of src/ (`{ "dump/index-of-byte.ts": ["nativeIndexOfByte"] }`).
 */
export async function webDumpBundle(
  extra: Readonly<Record<string, readonly string[]>>,
): Promise<string> {
  const lines = ['export { filterDump } from "./src/dump/index.ts";'];
  for (const [module, names] of Object.entries(extra)) {
    lines.push(`export { ${names.join(", ")} } from "./src/${module}";`);
  }
  const result = await build({
    stdin: { contents: lines.join("\n"), resolveDir: ROOT, loader: "ts" },
    bundle: true,
    platform: "browser",
    format: "iife",
    globalName: "qaqlDump",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]?.text ?? "";
}

/** Every record an async iterable gives, in order. */
export async function collect(records: AsyncIterable<unknown>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const record of records) out.push(record);
  return out;
}
