import { describeFound } from "./invalid-input.ts";
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
 * every problem in document order, each at its JSON Pointer; `code` and `pointer` are the first
 * one's, and the message names it.
 */
export class QueryDefinitionError extends QaqlError {
  override readonly name = "QueryDefinitionError";
  /** The JSON Pointer of the first issue. */
  readonly pointer: string;
  readonly issues: readonly DefinitionIssue[];

  constructor(issues: readonly DefinitionIssue[]) {
    const first = issues[0];
    if (!first) throw new RangeError("a QueryDefinitionError needs at least one issue");
    const inside =
      first.text === undefined || first.offset === undefined
        ? ""
        : ` at column ${first.offset + 1} of ${describeFound(first.text)}`;
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
    const where = first.pointer || "(root)";
    super(first.code, `definition: ${where}: ${first.message}${inside}${more}`);
    this.pointer = first.pointer;
    this.issues = issues;
  }

  /** The JSON body: `code`, `message`, the first issue's `pointer`, and every issue. */
  override toJSON(): ErrorJson {
    const { code, message, pointer } = this;
    return { code, message, pointer, issues: this.issues.map((issue) => definedMembers(issue)) };
  }
}
