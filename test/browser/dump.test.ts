import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filterDump } from "../../src/dump/index.ts";
import { launchChromium, skipBrowser } from "../support/browser.ts";
import { collect, webDumpBundle } from "../support/web-dump-bundle.ts";

// qaql/dump in Chromium, as a page bundles it: the records a raw filter rules out are checked
// in WebAssembly there too, and the page reads what Node reads.

const ROOT = join(import.meta.dirname, "..", "..");
const SAMPLE = JSON.parse(readFileSync(join(ROOT, "sample", "dump.json"), "utf8")) as {
  artefacts: unknown[];
};

describe.skipIf(skipBrowser())("qaql/dump in Chromium", () => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("filters NDJSON as Node does, its skipped records checked in WebAssembly", async () => {
    if (!browser) throw new Error("Chromium is not running");
    // Enough records for many runs of the scanner, one of them malformed past the matches.
    const lines = Array.from({ length: 40 }, () => SAMPLE.artefacts.map((a) => JSON.stringify(a)));
    const text = `${lines.flat().join("\n")}\n`;
    const options = { where: "type.id=FOLDER AND name~s", fields: "id,path,_links" };
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.addScriptTag({
      content: await webDumpBundle({ "dump/record-scanner.ts": ["RecordScanner"] }),
    });
    const inPage = await page.evaluate(
      async ({ text, options }) => {
        const web = (
          globalThis as unknown as {
            qaqlDump: typeof import("../../src/dump/index.ts") &
              typeof import("../../src/dump/record-scanner.ts");
          }
        ).qaqlDump;
        const stream = new Blob([text]).stream();
        const records: unknown[] = [];
        for await (const record of web.filterDump(stream, options)) records.push(record);
        const broken = new Blob([`${text}{"id":1,"type":{"id":"FILE"},}\n`]).stream();
        let error = "";
        try {
          for await (const _ of web.filterDump(broken, options)) {
            // read through
          }
        } catch (caught) {
          error = `${(caught as { code: string }).code} at ${(caught as { offset: number }).offset}`;
        }
        return { scanner: web.RecordScanner.create() !== undefined, records, error };
      },
      { text, options },
    );
    await page.close();
    const stream = () => new Blob([text]).stream();
    const inNode = await collect(filterDump(stream(), options));
    expect(inPage.scanner).toBe(true);
    expect(inNode.length).toBeGreaterThan(100);
    expect(JSON.stringify(inPage.records)).toBe(JSON.stringify(inNode));
    // The malformed record cannot match, is left unparsed, and is still reported at its byte.
    expect(inPage.error).toBe(`MALFORMED_JSON at ${Buffer.byteLength(text) + 29}`);
    expect(errors).toEqual([]);
  });
});
