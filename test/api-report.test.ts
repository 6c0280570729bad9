// The committed API report (api-report.md) is the public surface as it is: a change to what
// users import must come with the report's change, so that review sees it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { apiReport, REPORT } from "../scripts/api-report.ts";
import { LIBRARY_ENTRIES } from "../scripts/entries.ts";

describe("typedoc.json", () => {
  it("documents every library entry the package builds", () => {
    const config = JSON.parse(
      readFileSync(new URL("../typedoc.json", import.meta.url), "utf8"),
    ) as {
      entryPoints: string[];
    };
    expect([...config.entryPoints].sort()).toEqual(Object.values(LIBRARY_ENTRIES).sort());
  });
});

describe("api-report.md", () => {
  it("is the public surface of every entry, as npm run api-report writes it", () => {
    const report = apiReport();
    for (const entry of ["## qaql\n", "## qaql/conformance\n", "## qaql/codemirror\n"]) {
      expect(report).toContain(entry);
    }
    expect(report).toContain(
      "function runConformance(options: ConformanceOptions): Promise<ConformanceReport>",
    );
    // Compared whole: a changed export fails here until `npm run api-report` records it.
    expect(
      readFileSync(REPORT, "utf8") === report,
      "run npm run api-report and commit the result",
    ).toBe(true);
  });
});
