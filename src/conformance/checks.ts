// The checks a run makes, as its report lists them: each fixed check, the probes of each field,
// the size=1 walk, the generated requests and the token lifetimes, with what became of each, so
// that a CI report can show one test per check, those the first disagreement kept from running
// included.
import type { CoverageTally } from "./coverage.ts";

/** What became of one check of a run. */
export type ConformanceCheckOutcome = "agrees" | "disagrees" | "not reached" | "left out";

/** One check of a run, as `report.checks` lists them. */
export interface ConformanceCheck {
  /** What it checks, in words that stay the same from seed to seed (a probe's field, not its value). */
  readonly name: string;
  /**
   * `fixed`: sent once whatever the seed (page sizes, an invalid request, the token flow);
   * `probes`: the probes of one field, or the selection probes; `walk`: the `size=1` walk;
   * `generated`: the requests fast-check draws.
   */
  readonly kind: "fixed" | "probes" | "walk" | "generated";
  /**
   * `agrees`: every request it sent matched the reference; `disagrees`: it sent the report's
   * disagreement; `not reached`: the run stopped at that disagreement before this check was done
   * (`note` says how far it got); `left out`: the options or the data leave it out (`note` says
   * why).
   */
  readonly outcome: ConformanceCheckOutcome;
  /** Requests it sent, shrinking included. */
  readonly requests: number;
  /** Why it was left out, or how far it got before the run stopped. */
  readonly note?: string;
}

interface Entry {
  readonly name: string;
  readonly kind: ConformanceCheck["kind"];
  /** The cases it is to send: a field's probes, the walk's pages; 1 for the others. */
  cases: number;
  /** The cases begun. */
  begun: number;
  requests: number;
  readonly leftOut?: string;
}

const STOPPED = "the run stopped at the first disagreement";

/** Lists the checks of a run in the order it makes them, and counts what each sent. */
export class CheckLog {
  readonly #entries = new Map<string, Entry>();
  readonly #coverage: CoverageTally;
  #current: Entry | undefined;
  #failed: Entry | undefined;
  #since = 0;

  constructor(coverage: CoverageTally) {
    this.#coverage = coverage;
  }

  /** Adds a check the run will make, or one more case of one already planned. */
  plan(kind: ConformanceCheck["kind"], name: string): void {
    const entry = this.#entries.get(name);
    if (entry) entry.cases++;
    else this.#entries.set(name, { name, kind, cases: 1, begun: 0, requests: 0 });
  }

  /** Adds a check the run leaves out, and why. */
  leaveOut(kind: ConformanceCheck["kind"], name: string, why: string): void {
    this.#entries.set(name, { name, kind, cases: 0, begun: 0, requests: 0, leftOut: why });
  }

  /** Begins a case of a planned check: the requests sent from here on are its own. */
  begin(name: string): void {
    const entry = this.#entries.get(name);
    // A name not planned is the kit's own mistake: its report would miss a check.
    if (entry === undefined || entry.leftOut !== undefined) {
      throw new Error(`the conformance check ${JSON.stringify(name)} was not planned`);
    }
    this.#settle();
    entry.begun++;
    this.#current = entry;
  }

  /** Marks the check under way as the one that disagreed. */
  disagree(): void {
    this.#failed = this.#current;
  }

  report(): ConformanceCheck[] {
    this.#settle();
    return [...this.#entries.values()].map((entry) => {
      const { name, kind, requests, cases, begun } = entry;
      const of = (outcome: ConformanceCheckOutcome, note?: string): ConformanceCheck => ({
        name,
        kind,
        outcome,
        requests,
        ...(note !== undefined && { note }),
      });
      if (entry.leftOut !== undefined) return of("left out", entry.leftOut);
      if (entry === this.#failed) return of("disagrees");
      if (begun === 0) return of("not reached", `${STOPPED} before this check`);
      if (begun < cases) {
        const unit = kind === "walk" ? "pages" : kind === "probes" ? "probes" : "cases";
        return of("not reached", `${STOPPED} after ${begun} of its ${cases} ${unit}, which agreed`);
      }
      return of("agrees");
    });
  }

  /** Counts the requests sent since the last call for the check under way. */
  #settle(): void {
    const sent = this.#coverage.requests;
    if (this.#current) this.#current.requests += sent - this.#since;
    this.#since = sent;
  }
}
