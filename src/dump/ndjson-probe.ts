import { BYTES } from "./byte-codes.ts";
import type { ByteWindow } from "./byte-window.ts";
import { isJsonSpace } from "./json-validator.ts";

const {
  TAB,
  LINE_FEED,
  CARRIAGE_RETURN,
  SPACE,
  QUOTE,
  OPEN_BRACKET,
  BACKSLASH,
  CLOSE_BRACKET,
  OPEN_BRACE,
  CLOSE_BRACE,
} = BYTES;

/**
 * A first line longer than this, opening with "{", is taken for one document without waiting
 * for its end: NDJSON records are not this large, one-line list responses can be (and holding
 * more would cost more than the memory a streaming read is allowed).
 */
export const NDJSON_FIRST_LINE_CAP = 4 * 1024 * 1024;

/**
 * Decides what a top-level "{" opens: NDJSON when its first line holds exactly one complete
 * value and another value follows on a later line (raw line breaks cannot occur inside JSON
 * strings), else one object. The first value is scanned like an element, across calls.
 */
export class NdjsonProbe {
  readonly #openAt: number;
  // The scan of the first value: the input offset it goes on from, its depth, its string state.
  #scanFrom: number;
  #depth = 1;
  #inString = false;
  // The input offset just past the first value, once the scan has found it; -1 before.
  #firstValueEnd = -1;
  #firstLineOverCap = false;

  /** A probe of the "{" at input offset `openAt`. */
  constructor(openAt: number) {
    this.#openAt = openAt;
    this.#scanFrom = openAt + 1;
  }

  /** Whether the first value was taken for a document because its line ran past the cap. */
  get firstLineOverCap(): boolean {
    return this.#firstLineOverCap;
  }

  /**
   * What the "{" opens, from the bytes `window` holds, which start at the "{": undefined while
   * that takes more input than has come (`inputEnded` when no more will).
   */
  decide(window: ByteWindow, inputEnded: boolean): "ndjson" | "object" | undefined {
    const bytes = window.bytes;
    const base = window.start;
    const n = bytes.length;
    const start = this.#openAt - base;
    const firstBreak = window.nextBreak(start);
    if (this.#firstValueEnd === -1) {
      let i = this.#scanFrom - base;
      let depth = this.#depth;
      let inString = this.#inString;
      while (i < n && depth > 0) {
        const c = bytes[i++] ?? 0;
        if (inString) {
          if (c === QUOTE) inString = false;
          else if (c === BACKSLASH) i++;
        } else if (c === QUOTE) inString = true;
        else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
        else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
      }
      this.#depth = depth;
      this.#inString = inString;
      this.#scanFrom = base + i;
      if (depth > 0) {
        this.#firstLineOverCap = n - start > NDJSON_FIRST_LINE_CAP;
        return firstBreak !== -1 || inputEnded || this.#firstLineOverCap ? "object" : undefined;
      }
      if (firstBreak !== -1 && firstBreak < i) return "object";
      this.#firstValueEnd = base + i;
    }
    // The first value ends on the first line: NDJSON if another value follows on a later line.
    let j = this.#firstValueEnd - base;
    let c = bytes[j] ?? 0;
    while (j < n && (c === SPACE || c === TAB || c === CARRIAGE_RETURN)) c = bytes[++j] ?? 0;
    if (j < n && c !== LINE_FEED) return "object";
    while (j < n && isJsonSpace(c)) c = bytes[++j] ?? 0;
    if (j < n) return "ndjson";
    return inputEnded || n - start > NDJSON_FIRST_LINE_CAP ? "object" : undefined;
  }
}
