import type { ConformanceCoverage } from "../../conformance/index.ts";

/** The coverage report, a line per kind, then the warnings. */
export function coverageText(coverage: ConformanceCoverage): string {
  const line = (name: string, tally: Readonly<Record<string, number>>) => {
    const entries = Object.entries(tally);
    return `  ${name.padEnd(12)} ${entries.length === 0 ? "none" : entries.map(([k, n]) => `${k} ${n}`).join(", ")}\n`;
  };
  return (
    `coverage (${coverage.requests} requests):\n` +
    line("operators", coverage.operators) +
    line("value types", coverage.valueTypes) +
    line("spellings", coverage.spellings) +
    line("statuses", coverage.statuses) +
    line("error codes", coverage.errorCodes) +
    line("links", coverage.links) +
    line("tokens", coverage.tokens) +
    line("keywords", coverage.keywordSpellings) +
    line("no space", coverage.keywordSpacing) +
    line("merge rules", coverage.mergeRules) +
    line("limits", coverage.limits) +
    line("languages", coverage.languageNegotiation) +
    coverage.warnings.map((warning) => `warning: ${warning}\n`).join("")
  );
}
