import type { Style } from "../terminal.ts";
import { styleMessage } from "../terminal.ts";
import type { CheckResult } from "./check-text.ts";
import type { TextSource } from "./texts.ts";

/** What comes before a line of a text read from a file: `filters.txt:3: `, `saved.json "open": `. */
function prefixOf(source: TextSource): string {
  if ("option" in source) return "";
  const file = source.file === "-" ? "stdin" : source.file;
  return "line" in source ? `${file}:${source.line}: ` : `${file} ${JSON.stringify(source.name)}: `;
}

/**
 * `--format text`: per text, "valid" with its canonical form, or each problem with its caret
 * (the first 100, then a line counting the rest); a text from a file is prefixed with where it is.
 */
export function reportText(results: readonly CheckResult[], style: Style): string {
  const lines: string[] = [];
  for (const result of results) {
    const { source, language } = result.checked;
    const prefix = prefixOf(source);
    if (result.valid) {
      lines.push(`${prefix}${language}: ${style.ok("valid")}, canonical form: ${result.canonical}`);
    }
    for (const problem of result.problems) {
      lines.push(`${prefix}${styleMessage(problem.diagnostic, style)}`);
    }
    const more = result.problemCount - result.problems.length;
    if (more > 0) {
      const problems = more === 1 ? "problem" : "problems";
      lines.push(`${prefix}${language}: ${style.dim(`… and ${more} more ${problems}, not shown`)}`);
    }
  }
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}
