import { formatFields } from "../../backends/format/format-fields.ts";
import { formatWhere } from "../../backends/format/format-where.ts";
import { QueryError, type QueryLanguage, QueryValidationError } from "../../errors/errors.ts";
import type { Schema } from "../../schema/schema.ts";
import { parseFields } from "../../syntax/parse-fields.ts";
import { parseWhere } from "../../syntax/parse-where.ts";
import type { CheckedText } from "./texts.ts";

/** One problem of a text, as every output format needs it. */
export interface Problem {
  readonly code: string;
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
 * A checked text: valid with its canonical form, or its problems in the order of the text, the
 * first 100 of them as the library's error keeps them, and how many there are in all.
 */
export type CheckResult =
  | { readonly checked: CheckedText; readonly valid: true; readonly canonical: string }
  | {
      readonly checked: CheckedText;
      readonly valid: false;
      readonly problems: readonly Problem[];
      /** Every problem found: more than `problems` holds when the error cut its list. */
      readonly problemCount: number;
    };

/** The description inside an error's first line, `<language>: <description> at <position>`. */
function describe(error: QueryError, language: QueryLanguage): string {
  const [first = error.message] = error.message.split("\n");
  const { line, column, input } = error;
  const at =
    line === 1 && !/[\r\n]/.test(input) ? `column ${column}` : `line ${line}, column ${column}`;
  const prefix = `${language}: `;
  const suffix = ` at ${at}`;
  if (!first.startsWith(prefix) || !first.endsWith(suffix)) return first;
  return first.slice(prefix.length, first.length - suffix.length);
}

/** One problem per issue of a validation error (each with its own caret), else the error's own. */
function problemsOf(error: QueryError, language: QueryLanguage): Problem[] {
  const errors =
    error instanceof QueryValidationError
      ? error.issues.map((issue) => ({
          error: new QueryValidationError(language, error.input, [issue]),
          description: issue.message,
          suggestion: issue.suggestion,
        }))
      : [{ error, description: describe(error, language), suggestion: undefined }];
  return errors.map(({ error: one, description, suggestion }) => ({
    code: one.code,
    description,
    diagnostic: one.message,
    offset: one.offset,
    length: one.length,
    line: one.line,
    column: one.column,
    ...(suggestion === undefined ? {} : { suggestion }),
  }));
}

/** Parses a text (against the schema, if any) and formats it, or collects its problems. */
export function checkText(checked: CheckedText, schema: Schema | undefined): CheckResult {
  const { language, text } = checked;
  try {
    const canonical =
      language === "where"
        ? formatWhere(parseWhere(text, { schema }))
        : formatFields(parseFields(text, { schema }));
    return { checked, valid: true, canonical };
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    const problems = problemsOf(error, language);
    const problemCount = error instanceof QueryValidationError ? error.issueCount : problems.length;
    return { checked, valid: false, problems, problemCount };
  }
}
