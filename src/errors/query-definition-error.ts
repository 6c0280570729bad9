import { describeFound } from "./invalid-input.ts";
import { capIssues, truncationMembers } from "./issue-list.ts";
import { definedMembers, type ErrorJson, QaqlError } from "./qaql-error.ts";

/** The stable codes of the problems in a query definition's structure (an interval's use `IntervalErrorCode`). */
export type DefinitionIssueCode =
  | "UNKNOWN_KEY"
  | "WRONG_TYPE"
  | "MISSING_KEY"
  | "WRONG_CASE"
  | "UNKNOWN_VALUE"
  | "OUT_OF_RANGE"
  | "NOT_APPLICABLE"
  | "TOO_MANY_ITEMS"
  | "TOO_LONG"
  | "NESTING_TOO_DEEP";

/** One problem or warning in a query definition, at the JSON Pointer of the member at fault. */
export interface DefinitionIssue {
  readonly code: string;
  readonly message: string;
  /** The RFC 6901 JSON Pointer of the member at fault (`/filters/0/data/bounds/1`; `""` for the root). */
  readonly pointer: string;
  /** Only where an interval or pattern string is at fault: that string, and the place in it. */
  readonly text?: string;
  readonly offset?: number;
  readonly length?: number;
}

/**
 * A query definition (`POST /artefacts/{artefact-id}/query`) that does not fit: `issues` lists
 * the first `MAX_ISSUES` problems in document order, each at its JSON Pointer, and `issueCount`
 * counts them all; `code` and `pointer` are the first one's, and the message names it.
 */
export class QueryDefinitionError extends QaqlError {
  override readonly name = "QueryDefinitionError";
  /** The JSON Pointer of the first issue. */
  readonly pointer: string;
  /** The first `MAX_ISSUES` (100) issues, in document order. */
  readonly issues: readonly DefinitionIssue[];
  /** How many issues were found: more than `issues` holds when the list was cut. */
  readonly issueCount: number;

  /** `issueCount` is the total found when `issues` holds only the first of them (`IssueList`). */
  constructor(issues: readonly DefinitionIssue[], issueCount?: number) {
    const first = issues[0];
    if (!first) throw new RangeError("a QueryDefinitionError needs at least one issue");
    const capped = capIssues(issues, issueCount);
    const inside =
      first.text === undefined || first.offset === undefined
        ? ""
        : ` at column ${first.offset + 1} of ${describeFound(first.text)}`;
    const more = capped.issueCount > 1 ? ` (and ${capped.issueCount - 1} more)` : "";
    const where = first.pointer || "(root)";
    super(first.code, `definition: ${where}: ${first.message}${inside}${more}`);
    this.pointer = first.pointer;
    this.issues = capped.issues;
    this.issueCount = capped.issueCount;
  }

  /**
   * The JSON body: `code`, `message`, the first issue's `pointer`, and the issues kept; when
   * more were found, `issueCount` (the total) and `truncated: true`.
   */
  override toJSON(): ErrorJson {
    const { code, message, pointer, issueCount } = this;
    const issues = this.issues.map((issue) => definedMembers(issue));
    return { code, message, pointer, issues, ...truncationMembers(issues.length, issueCount) };
  }
}
