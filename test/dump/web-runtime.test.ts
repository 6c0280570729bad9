// qaql/dump in a runtime that has only the Web platform: bundled for the browser and run in a
// node:vm context holding no Buffer, no process and no code generation from strings.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createContext, runInContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { filterDump } from "../../src/dump/index.ts";
import { collect, webDumpBundle } from "../support/web-dump-bundle.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const SAMPLE = readFileSync(join(ROOT, "sample", "dump.json"));

interface WebQaql {
  filterDump: typeof filterDump;
  nativeIndexOfByte: () => unknown;
}

describe("qaql/dump with only Web APIs", () => {
  it("filters the sample as in Node, with the standard byte search and closures", async () => {
    const context = createContext(
      { TextDecoder, TextEncoder, ReadableStream },
      { codeGeneration: { strings: false, wasm: false } },
    );
    runInContext(await webDumpBundle({ "dump/index-of-byte.ts": ["nativeIndexOfByte"] }), context);
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
