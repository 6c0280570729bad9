import type { Log, Notification, ReportingDescriptor, Result } from "sarif";
import type { SyntaxErrorCode } from "../../errors/errors.ts";
import type { NOT_A_CALENDAR_DAY } from "../../schema/date-warnings.ts";
import type { FieldsValidationCode } from "../../schema/validate-fields.ts";
import type { WhereValidationCode } from "../../schema/validate-where.ts";
import { packageVersion } from "../package-version.ts";
import type { CheckResult, Problem } from "./check-text.ts";
import type { CheckedText } from "./texts.ts";

type ProblemCode =
  | SyntaxErrorCode
  | WhereValidationCode
  | FieldsValidationCode
  | typeof NOT_A_CALENDAR_DAY;

/** Each code's rule, in the words of grammar/language.md 4.3, 4.4 and 5.1. */
const RULE_DESCRIPTIONS: Readonly<Record<ProblemCode, string>> = {
  INPUT_TOO_LONG: "The text is longer than the maximum length.",
  NESTING_TOO_DEEP: "Parentheses or a selection nest deeper than the limit.",
  UNEXPECTED_TOKEN: "A token or character the grammar does not allow there.",
  UNEXPECTED_END: "The text ends where more is needed.",
  UNTERMINATED_QUOTE: 'A " is never closed.',
  MISSING_WHITESPACE: "No white space before or after AND or OR.",
  EMPTY_PATTERN: "A pattern that matches nothing but the empty text.",
  MISPLACED_WILDCARD: "A * inside an unquoted pattern.",
  LINKS_SUBSELECTION: "Something selected inside _links.",
  UNKNOWN_FIELD: "A field the schema does not have.",
  PATH_THROUGH_ARRAY: "A path that goes on after an array field.",
  ARRAY_FIELD: "A predicate other than IS NULL on an array field.",
  OBJECT_FIELD: "A predicate other than IS NULL on an object field.",
  INVALID_VALUE: "A value that does not fit the field's type.",
  BOOLEAN_ORDERING: "<, <=, > or >= on a boolean field.",
  PATTERN_ON_NON_STRING: "~ on a field that is not a string.",
  SCALAR_SUBSELECTION: "A sub-selection of a scalar field.",
  NOT_A_CALENDAR_DAY: "A yyyy-MM-dd value that names no day, compared with untyped values.",
};

/** The SARIF 2.1.0 schema a log names in `$schema`. */
const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

/** A span's place: lines and 1-based UTF-16 columns in the artifact, end column exclusive. */
function regionOf(checked: CheckedText, span: Pick<Problem, "offset" | "length">) {
  const start = checked.locate(span.offset);
  const end = checked.locate(span.offset + span.length);
  return {
    startLine: start.line,
    startColumn: start.column,
    ...(end.line === start.line ? {} : { endLine: end.line }),
    endColumn: end.column,
  };
}

/**
 * `--format sarif`: a SARIF 2.1.0 log of one run, a rule for each code that occurs and a result
 * for each problem, placed in the file (or the `qaql:` pseudo URI) that holds its text. A text
 * gives at most its first 100 problems; one with more adds a warning notification to the run's
 * invocation, over the whole text, with the count of them all as `properties.problemCount`.
 */
export function reportSarif(results: readonly CheckResult[]): string {
  const rules: ReportingDescriptor[] = [];
  const ruleIndex = new Map<string, number>();
  const sarifResults: Result[] = [];
  const notifications: Notification[] = [];
  for (const result of results) {
    const { checked } = result;
    if (result.problemCount > result.problems.length) {
      const text = `${checked.language}: ${result.problemCount} problems, only the first ${result.problems.length} reported`;
      const region = regionOf(checked, { offset: 0, length: checked.text.length });
      notifications.push({
        level: "warning",
        message: { text },
        locations: [{ physicalLocation: { artifactLocation: { uri: checked.uri }, region } }],
        properties: { problemCount: result.problemCount },
      });
    }
    for (const problem of result.problems) {
      let index = ruleIndex.get(problem.code);
      if (index === undefined) {
        index = rules.length;
        ruleIndex.set(problem.code, index);
        const text = RULE_DESCRIPTIONS[problem.code as ProblemCode] ?? problem.code;
        rules.push({
          id: problem.code,
          shortDescription: { text },
          defaultConfiguration: { level: problem.level },
        });
      }
      sarifResults.push({
        ruleId: problem.code,
        ruleIndex: index,
        level: problem.level,
        message: { text: `${checked.language}: ${problem.description}` },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: checked.uri },
              region: regionOf(checked, problem),
            },
          },
        ],
        ...(problem.suggestion === undefined
          ? {}
          : { properties: { suggestion: problem.suggestion } }),
      });
    }
  }
  const log: Log = {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "qaql", version: packageVersion(), rules } },
        columnKind: "utf16CodeUnits",
        ...(notifications.length > 0 && {
          invocations: [{ executionSuccessful: true, toolExecutionNotifications: notifications }],
        }),
        results: sarifResults,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
