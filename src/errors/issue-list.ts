/**
 * The most issues an error keeps and its JSON body lists (grammar/language.md 5.3): the first
 * ones in order, the rest only counted, so that an answer stays small whatever was asked.
 */
export const MAX_ISSUES = 100;

/** Collects issues in order: keeps the first `limit` of them and counts every one. */
export class IssueList<T> {
  /** The issues kept, the first `limit` found. */
  readonly items: T[] = [];
  /** How many issues were found, those not kept included. */
  count = 0;
  readonly #limit: number;

  /** `limit` is `MAX_ISSUES` unless given; `Infinity` keeps every issue (an editor's diagnostics). */
  constructor(limit: number = MAX_ISSUES) {
    this.#limit = limit;
  }

  /** Counts an issue, and keeps it while fewer than `limit` are kept. */
  add(issue: T): void {
    this.count += 1;
    if (this.items.length < this.#limit) this.items.push(issue);
  }
}

/**
 * The first `MAX_ISSUES` of `issues` and the total an error reports: `issueCount` when given
 * (an `IssueList`'s count), else the number of `issues`. A total below the number of issues
 * given, or not a whole number, is a mistake in the calling program: `RangeError`.
 */
export function capIssues<T>(
  issues: readonly T[],
  issueCount: number = issues.length,
): { readonly issues: readonly T[]; readonly issueCount: number } {
  if (!Number.isSafeInteger(issueCount) || issueCount < issues.length) {
    throw new RangeError(
      `issueCount must be a whole number of at least ${issues.length} (the issues given), not ${issueCount}`,
    );
  }
  return { issues: issues.slice(0, MAX_ISSUES), issueCount };
}

/** The members an error's JSON body adds when it lists fewer issues than it found: the total and `truncated`. */
export function truncationMembers(
  listed: number,
  issueCount: number,
): { issueCount?: number; truncated?: true } {
  return issueCount > listed ? { issueCount, truncated: true } : {};
}
