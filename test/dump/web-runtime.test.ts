// qaql/dump in a runtime that has only the Web platform: bundled for the browser and run in a
// node:vm context holding no Buffer, no process and no code generation from strings.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createContext, runInContext } from "node:vm";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { filterDump } from "../../src/dump/index.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const SAMPLE = readFileSync(join(ROOT, "sample", "dump.json"));

interface WebQaql {
  filterDump: typeof filterDump;
  nativeIndexOfByte: () => unknown;
}

async function webBundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `export { filterDump } from "./src/dump/index.ts";
export { nativeIndexOfByte } from "./src/dump/index-of-byte.ts";`,
      resolveDir: ROOT,
      loader: "ts",
    },
    bundle: true,
    platform: "browser",
    format: "iife",
    globalName: "qaqlDump",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]?.text ?? "";
}

async function collect(records: AsyncIterable<unknown>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const record of records) out.push(record);
  return out;
}

describe("qaql/dump with only Web APIs", () => {
  it("filters the sample as in Node, with the standard byte search and closures", async () => {
    const context = createContext(
      { TextDecoder, TextEncoder, ReadableStream },
      { codeGeneration: { strings: false, wasm: false } },
    );
    runInContext(await webBundle(), context);
    const web = (context as { qaqlDump: WebQaql }).qaqlDump;
    expect(runInContext("typeof Buffer + typeof process", context)).toBe("undefinedundefined");
    expect(web.nativeIndexOfByte()).toBeUndefined();

    const options = {
      where: "type.id=FILE AND (rank>=3 OR name~*.java)",
      fields: "id,path,measures(LOC)",
      resource: "artefacts",
    };
    const stream = () => new Blob([SAMPLE]).stream();
    const inWeb = await collect(web.filterDump(stream(), options));
    const inNode = await collect(filterDump(stream(), options));
    expect(inWeb.length).toBeGreaterThan(20);
    expect(JSON.stringify(inWeb)).toBe(JSON.stringify(inNode));
  });
});
