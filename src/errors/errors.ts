import { capIssues, truncationMembers } from "./issue-list.ts";
import { lineColumnOf, positionText, renderCaret } from "./position.ts";
import { definedMembers, type ErrorJson, QaqlError } from "./qaql-error.ts";

/** Which language a text was written in, for messages. */
export type QueryLanguage = "where" | "fields";

/** The query parameters of a list request (grammar/language.md 6); `where` and `fields` hold the two languages. */
export type ListParameter = QueryLanguage | "page" | "size";

/** The stable codes of syntax errors (grammar/language.md 1.4, 2.1, 2.2, 3.1). */
export type SyntaxErrorCode =
  | "INPUT_TOO_LONG"
  | "NESTING_TOO_DEEP"
  | "UNEXPECTED_TOKEN"
  | "UNEXPECTED_END"
  | "UNTERMINATED_QUOTE"
  | "MISSING_WHITESPACE"
  | "EMPTY_PATTERN"
  | "MISPLACED_WILDCARD"
  | "LINKS_SUBSELECTION";

/**
 * An error about a text: a stable code and where in `input` the problem is (`offset` and
 * `length` in UTF-16 units, 1-based `line` and `column`); the message ends with a caret under it.
 */
export abstract class QueryError extends QaqlError {
  readonly offset: number;
  readonly length: number;
  readonly line: number;
  readonly column: number;
  /** The text that was parsed; the caret in `message` points into it. */
  readonly input: string;
  /** The message's sentence alone, without its subject, position and caret: for an editor's diagnostic. */
  readonly description: string;

  /** `subject` is the message's first word: the parameter or the small language `input` is in. */
  protected constructor(
    subject: string,
    input: string,
    code: string,
    offset: number,
    length: number,
    description: string,
  ) {
    const { line, column } = lineColumnOf(input, offset);
    const at = positionText(input, { line, column });
    super(code, `${subject}: ${description} at ${at}\n${renderCaret(input, offset, length)}`);
    this.offset = offset;
    this.length = length;
    this.line = line;
    this.column = column;
    this.input = input;
    this.description = description;
  }

  /**
   * The JSON body: `code`, the message's first line as `message`, the position, `input`, and
   * the whole message, caret included, as `diagnostic`.
   */
  override toJSON(): ErrorJson {
    const [message = this.message] = this.message.split("\n");
    const { code, offset, length, line, column, input } = this;
    return { code, message, offset, length, line, column, input, diagnostic: this.message };
  }
}

/** The JSON body of an error in a list request's parameter: `parameter` comes after the message. */
function withParameter(json: ErrorJson, parameter: ListParameter): ErrorJson {
  const { code, message, ...rest } = json;
  return { code, message, parameter, ...rest };
}

/** The text does not follow the grammar, or passes a limit (grammar/language.md section 5). */
export class QuerySyntaxError extends QueryError {
  override readonly name = "QuerySyntaxError";
  declare readonly code: SyntaxErrorCode;
  /** The parameter whose value `input` is (the language it is written in), also the message's first word. */
  readonly parameter: QueryLanguage;
  /** Human descriptions of what would have been accepted at the position, if any. */
  readonly expected: readonly string[];

  constructor(options: {
    language: QueryLanguage;
    input: string;
    code: SyntaxErrorCode;
    offset: number;
    length: number;
    description: string;
    expected?: readonly string[];
  }) {
    const { language, input, code, offset, length, description } = options;
    super(language, input, code, offset, length, description);
    this.parameter = language;
    this.expected = options.expected ?? [];
  }

  /** The JSON body: as `QueryError`'s, with `parameter` and `expected`. */
  override toJSON(): ErrorJson {
    return { ...withParameter(super.toJSON(), this.parameter), expected: this.expected };
  }
}

/** One problem found when checking a filter or selection against a schema. */
export interface ValidationIssue {
  readonly code: string;
  readonly message: string;
  readonly offset: number;
  readonly length: number;
  /** For an unknown field: the known path it most likely stands for, to write in its place. */
  readonly suggestion?: string;
}

/**
 * The filter or selection is well-formed but does not fit the schema; lists the first
 * `MAX_ISSUES` problems and counts them all.
 */
export class QueryValidationError extends QueryError {
  override readonly name = "QueryValidationError";
  /** The parameter whose value `input` is (the language it is written in), also the message's first word. */
  readonly parameter: QueryLanguage;
  /** The first `MAX_ISSUES` (100) problems, in the order of the text; `code`, `offset` and `length` are the first one's. */
  readonly issues: readonly ValidationIssue[];
  /** How many problems were found: more than `issues` holds when the list was cut. */
  readonly issueCount: number;

  /** `issueCount` is the total found when `issues` holds only the first of them (`IssueList`). */
  constructor(
    language: QueryLanguage,
    input: string,
    issues: readonly ValidationIssue[],
    issueCount?: number,
  ) {
    const first = issues[0];
    if (!first) throw new RangeError("a QueryValidationError needs at least one issue");
    const capped = capIssues(issues, issueCount);
    const more = capped.issueCount > 1 ? ` (and ${capped.issueCount - 1} more)` : "";
    super(language, input, first.code, first.offset, first.length, first.message + more);
    this.parameter = language;
    this.issues = capped.issues;
    this.issueCount = capped.issueCount;
  }

  /**
   * The JSON body: as `QueryError`'s, with `parameter` and the `issues` kept, each with its
   * `line` and `column`; when more were found, `issueCount` (the total) and `truncated: true`.
   */
  override toJSON(): ErrorJson {
    const issues = this.issues.map(({ code, message, offset, length, ...rest }) =>
      definedMembers({
        code,
        message,
        offset,
        length,
        ...lineColumnOf(this.input, offset),
        ...rest,
      }),
    );
    return {
      ...withParameter(super.toJSON(), this.parameter),
      issues,
      ...truncationMembers(issues.length, this.issueCount),
    };
  }
}

/** The stable codes of errors in a list request's parameters outside the two languages (grammar/language.md 6). */
export type ParameterErrorCode =
  | "INVALID_PAGE"
  | "INVALID_SIZE"
  | "SIZE_TOO_LARGE"
  | "REPEATED_PARAMETER"
  | "MALFORMED_ENCODING"
  | "LONE_SURROGATE";

/**
 * A list request's parameter is wrong outside the languages: a page or size that is no
 * positive whole number or too large, a repeated parameter, broken percent-encoding, or a
 * text that no URL can carry.
 */
export class QueryParameterError extends QueryError {
  override readonly name = "QueryParameterError";
  declare readonly code: ParameterErrorCode;
  /** The parameter whose value `input` is, also the message's first word. */
  readonly parameter: ListParameter;

  constructor(options: {
    parameter: ListParameter;
    input: string;
    code: ParameterErrorCode;
    offset: number;
    length: number;
    description: string;
  }) {
    const { parameter, input, code, offset, length, description } = options;
    super(parameter, input, code, offset, length, description);
    this.parameter = parameter;
  }

  /** The JSON body: as `QueryError`'s, with `parameter`. */
  override toJSON(): ErrorJson {
    return withParameter(super.toJSON(), this.parameter);
  }
}
