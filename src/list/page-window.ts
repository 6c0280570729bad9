/**
 * Cuts one page out of a list's matches as they come, in their order (grammar/language.md 6):
 * every match is counted, and matches `(page − 1) × size` to `page × size − 1` (from 0) are
 * kept. The one place qaql cuts a page: `paginate`, a list handler's records and `qaql filter`
 * all count through it, match by match or a run of matches at once (only the reference
 * evaluation of `qaql/conformance` pages on its own, on purpose).
 */
export class PageWindow<T> {
  /** The page's matches counted so far, in order (until `takeItems` hands them over). */
  items: T[] = [];
  /** Every match counted so far, on the page or not. */
  total = 0;
  /** The number of matches before the page. */
  readonly start: number;
  /** The number of matches up to the page's end: `start` plus the page's size. */
  readonly end: number;

  /** Page and size are whole numbers from 1, as `readListRequest` checks them; size may be Infinity. */
  constructor(page: number, size: number) {
    // Page 1 starts at 0 whatever the size, so that a size of Infinity keeps the whole list.
    this.start = page === 1 ? 0 : (page - 1) * size;
    this.end = this.start + size;
  }

  /** Whether the page holds all it can: later matches are only counted. */
  get full(): boolean {
    return this.total >= this.end;
  }

  /** Counts one match, keeping it when it falls on the page. */
  add(match: T): void {
    const total = this.total;
    if (total >= this.start && total < this.end) this.items.push(match);
    this.total = total + 1;
  }

  /** Counts a run of matches, keeping those on the page: one slice of them, not a loop. */
  addAll(matches: readonly T[]): void {
    const { from, to } = this.countRun(matches.length);
    if (this.items.length === 0) this.items = matches.slice(from, to);
    else for (let i = from; i < to; i++) this.items.push(matches[i] as T);
  }

  /**
   * Counts a run of `count` matches kept elsewhere: those from index `from` to `to` (exclusive)
   * of the run fall on the page.
   */
  countRun(count: number): { from: number; to: number } {
    const total = this.total;
    const from = Math.min(Math.max(this.start - total, 0), count);
    const to = Math.min(Math.max(this.end - total, 0), count);
    this.total = total + count;
    return { from, to };
  }

  /** Hands over the page's matches counted so far and keeps the next ones in a new array. */
  takeItems(): T[] {
    const items = this.items;
    this.items = [];
    return items;
  }
}
