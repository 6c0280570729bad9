import { lineColumnOf, renderCaret } from "./position.ts";

/** Which language a text was written in, for messages. */
export type QueryLanguage = "where" | "fields";

/** The query parameters of a list request (LANGUAGE.md 6); `where` and `fields` hold the two languages. */
export type ListParameter = QueryLanguage | "page" | "size";

/** What an error's input was: a list parameter, or the JSON query definition of `POST …/query`. */
export type ErrorSource = ListParameter | "definition";

/** The stable codes of syntax errors (LANGUAGE.md 1.4, 2.1, 2.2, 3.1). */
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

interface PositionedFields {
  readonly code: string;
  readonly offset: number;
  readonly length: number;
  readonly line: number;
  readonly column: number;
}

/** What every qaql error a user can cause carries: a code and a position in the input. */
export abstract class QueryError extends Error implements PositionedFields {
  readonly code: string;
  readonly offset: number;
  readonly length: number;
  readonly line: number;
  readonly column: number;
  /** The text that was parsed; the caret in `message` points into it. */
  readonly input: string;
  /** The query parameter whose value `input` is, also the first word of `message`. */
  readonly parameter: ErrorSource;

  protected constructor(
    parameter: ErrorSource,
    input: string,
    code: string,
    offset: number,
    length: number,
    description: string,
  ) {
    const { line, column } = lineColumnOf(input, offset);
    const at =
      line === 1 && !/[\r\n]/.test(input) ? `column ${column}` : `line ${line}, column ${column}`;
    super(`${parameter}: ${description} at ${at}\n${renderCaret(input, offset, length)}`);
    this.code = code;
    this.offset = offset;
    this.length = length;
    this.line = line;
    this.column = column;
    this.input = input;
    this.parameter = parameter;
  }
}

/** The text does not follow the grammar, or passes a limit (LANGUAGE.md section 5). */
export class QuerySyntaxError extends QueryError {
  override readonly name = "QuerySyntaxError";
  declare readonly code: SyntaxErrorCode;
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
    this.expected = options.expected ?? [];
  }
}

/** One problem found when checking a filter or selection against a schema. */
export interface ValidationIssue {
  readonly code: string;
  readonly message: string;
  readonly offset: number;
  readonly length: number;
  /** In a query definition: the RFC 6901 JSON Pointer of the member at fault. */
  readonly pointer?: string;
  /** In a query definition: the text `offset` and `length` point into (an interval, a pattern, or the member's JSON). */
  readonly text?: string;
}

/** The filter, selection or query definition is well-formed but does not fit; lists every problem. */
export class QueryValidationError extends QueryError {
  override readonly name = "QueryValidationError";
  readonly issues: readonly ValidationIssue[];

  /** For `"definition"`, `input` is the definition's JSON; the caret points into the first issue's `text`. */
  constructor(
    language: QueryLanguage | "definition",
    input: string,
    issues: readonly ValidationIssue[],
  ) {
    const first = issues[0];
    if (!first) throw new RangeError("a QueryValidationError needs at least one issue");
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
    const where = first.pointer === undefined ? "" : `${first.pointer || "(root)"}: `;
    const shown = first.text ?? input;
    super(language, shown, first.code, first.offset, first.length, where + first.message + more);
    if (first.text !== undefined) this.definitionText = input;
    this.issues = issues;
  }

  /**
   * For a query definition: its whole JSON text (`input` then holds the first issue's text).
   * Declared, not initialised, so that the other errors carry no `definitionText: undefined`.
   */
  declare readonly definitionText?: string;
}

/** The stable codes of errors in a list request's parameters outside the two languages (LANGUAGE.md 6). */
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
  }
}
