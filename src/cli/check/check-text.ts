import { formatFields } from "../../backends/format/format-fields.ts";
import { formatWhere } from "../../backends/format/format-where.ts";
import { QueryError, type QueryLanguage } from "../../errors/errors.ts";
import { lineColumnOf, positionText, renderCaret } from "../../errors/position.ts";
import {
  diagnoseFields,
  diagnoseWhere,
  type QueryDiagnostic,
} from "../../language-service/diagnose.ts";
import type { Schema } from "../../schema/schema.ts";
import { parseFields } from "../../syntax/parse-fields.ts";
import { parseWhere } from "../../syntax/parse-where.ts";
import type { CheckedText } from "./texts.ts";

/** One problem of a text, as every output format needs it. */
export interface Problem {
  readonly code: string;
  /** An error makes the text invalid; a warning (grammar/language.md 2.3) does not. */
  readonly level: "error" | "warning";
  /** What is wrong, without the language or the position: `unknown field "nope"`. */
  readonly description: string;
  /** The whole diagnostic, its first line then the caret snippet. */
  readonly diagnostic: string;
  /** UTF-16 offset and length in the text; 1-based line and column in the text. */
  readonly offset: number;
  readonly length: number;
  readonly line: number;
  readonly column: number;
  readonly suggestion?: string;
}

/**
 * A checked text: valid with its canonical form, or not; its problems (a valid text's are
 * warnings) in the order of the text, the first 100 of them, and how many there are in all.
 */
export type CheckResult = {
  readonly checked: CheckedText;
  readonly problems: readonly Problem[];
  /** Every problem found: more than `problems` holds when the list was cut. */
  readonly problemCount: number;
} & ({ readonly valid: true; readonly canonical: string } | { readonly valid: false });

/** A text lists at most this many problems, as the library's errors do. */
const MAX_PROBLEMS = 100;

/** A diagnostic as a problem: its caret snippet made as the library's errors make theirs. */
function problemOf(language: QueryLanguage, text: string, found: QueryDiagnostic): Problem {
  const { from, to, code, message, suggestion } = found;
  const { line, column } = lineColumnOf(text, from);
  const at = positionText(text, { line, column });
  const level = found.severity ?? "error";
  const said = level === "warning" ? `warning: ${message}` : message;
  return {
    code,
    level,
    description: message,
    diagnostic: `${language}: ${said} at ${at}\n${renderCaret(text, from, to - from)}`,
    offset: from,
    length: to - from,
    line,
    column,
    ...(suggestion === undefined ? {} : { suggestion }),
  };
}

/**
 * Checks a text (against the schema, if any): valid with its canonical form, or not; with
 * every problem at once, syntax and schema, as an editor sees them (grammar/language.md 11.2).
 */
export function checkText(checked: CheckedText, schema: Schema | undefined): CheckResult {
  const { language, text } = checked;
  const diagnose = language === "where" ? diagnoseWhere : diagnoseFields;
  const found = diagnose(text, { schema });
  const all = found.map((one) => problemOf(language, text, one));
  const problems = all.slice(0, MAX_PROBLEMS);
  const problemCount = all.length;
  if (all.some((problem) => problem.level === "error")) {
    return { checked, valid: false, problems, problemCount };
  }
  try {
    const canonical =
      language === "where"
        ? formatWhere(parseWhere(text, { schema }))
        : formatFields(parseFields(text, { schema }));
    return { checked, valid: true, canonical, problems, problemCount };
  } catch (error) {
    // A blank text is no filter to an editor, but no text to check here.
    if (!(error instanceof QueryError)) throw error;
    const { code, description, message, offset, length, line, column } = error;
    const problem: Problem = {
      code,
      level: "error",
      description,
      diagnostic: message,
      offset,
      length,
      line,
      column,
    };
    return { checked, valid: false, problems: [problem], problemCount: 1 };
  }
}
