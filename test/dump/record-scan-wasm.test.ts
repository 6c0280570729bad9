import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { compileWat, wasmModuleText } from "../../scripts/generate-wasm.ts";

// The module the reader runs is the one record-scan.wat describes: an edit to either alone fails here.
it("embeds the module record-scan.wat assembles to", async () => {
  const source = new URL("../../src/dump/record-scan.wat", import.meta.url);
  const embedded = new URL("../../src/dump/record-scan-wasm.ts", import.meta.url);
  const assembled = wasmModuleText(await compileWat(readFileSync(source, "utf8")));
  expect(readFileSync(embedded, "utf8")).toBe(assembled);
});
