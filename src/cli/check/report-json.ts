import type { CheckResult } from "./check-text.ts";

/**
 * `--format json`: one document, `{ valid, texts: [{ source, language, text, valid, canonical?,
 * problems, problemCount?, truncated? }] }`; a problem's `level` is `error` or `warning` (a valid
 * text's problems are warnings); each problem's `message` is its diagnostic's first
 * line, and its `line` and `column` are in the text, as the library's errors give them. A text
 * lists at most its first 100 problems; when it has more, `problemCount` gives them all and
 * `truncated` is true, as an error body's `issueCount` and `truncated` do.
 */
export function reportJson(results: readonly CheckResult[]): string {
  const texts = results.map((result) => {
    const { source, language, text } = result.checked;
    const problems = result.problems.map((problem) => {
      const { code, level, diagnostic, offset, length, line, column, suggestion } = problem;
      const [message = diagnostic] = diagnostic.split("\n");
      return {
        code,
        level,
        message,
        offset,
        length,
        line,
        column,
        ...(suggestion === undefined ? {} : { suggestion }),
      };
    });
    const cut =
      result.problemCount > problems.length
        ? { problemCount: result.problemCount, truncated: true }
        : {};
    const verdict = result.valid
      ? { valid: true, canonical: result.canonical }
      : { valid: false as const };
    return { source, language, text, ...verdict, problems, ...cut };
  });
  return `${JSON.stringify({ valid: results.every((result) => result.valid), texts }, null, 2)}\n`;
}
