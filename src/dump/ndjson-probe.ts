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
  COLON,
} = BYTES;

/**
 * A first line longer than this, opening with "{", is taken for one document without waiting
 * for its end: NDJSON records are not this large, one-line list responses can be (and holding
 * more would cost more than the memory a streaming read is allowed).
 */
export const NDJSON_FIRST_LINE_CAP = 4 * 1024 * 1024;

/** `_links`, a list response's member that is not an array, quotes included. */
const LINKS = [QUOTE, ...new TextEncoder().encode("_links"), QUOTE];

/**
 * Decides what a top-level "{" opens: NDJSON when its first line holds exactly one complete
 * value and another value follows on a later line (raw line breaks cannot occur inside JSON
 * strings), else one object. The first value is scanned like an element, across calls. Its
 * first member tells a record from a dump object where the lines cannot (a lone value, a first
 * line too long to hold): a dump object opens with `_links` or an array of records (objects,
 * or none), a record with anything else.
 */
export class NdjsonProbe {
  readonly #openAt: number;
  /** A lone object is a dump whatever it holds: a resource was named, or every one is read. */
  readonly #loneObjectIsDump: boolean;
  // The scan of the first value: the input offset it goes on from, its depth, its string state.
  #scanFrom: number;
  #depth = 1;
  #inString = false;
  // The input offset just past the first value, once the scan has found it; -1 before.
  #firstValueEnd = -1;
  #firstLineOverCap = false;
  // The first member: where its name began, whether its value or its array's first item comes
  // next, and what it showed the value to be.
  #nameStart = -1;
  #nameIsLinks = false;
  #valueNext = false;
  #itemNext = false;
  #firstMember: "unknown" | "record" | "dump" = "unknown";

  /** A probe of the "{" at input offset `openAt`. */
  constructor(openAt: number, loneObjectIsDump = false) {
    this.#openAt = openAt;
    this.#loneObjectIsDump = loneObjectIsDump;
    this.#scanFrom = openAt + 1;
  }

  /** Whether the first value's first member shows a record rather than a dump object. */
  get isRecord(): boolean {
    return this.#firstMember === "record" && !this.#loneObjectIsDump;
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
      // Past the cap the decision is made on the cap's bytes alone, the same for every chunking.
      const scanEnd = Math.min(n, start + NDJSON_FIRST_LINE_CAP + 1);
      while (i < scanEnd && depth > 0) {
        const c = bytes[i++] ?? 0;
        if (inString) {
          if (c === QUOTE) {
            inString = false;
            if (this.#nameStart !== -1) this.#nameIsLinks = this.#isLinks(bytes, base, i);
          } else if (c === BACKSLASH) i++;
          continue;
        }
        if (this.#firstMember === "unknown" && !isJsonSpace(c)) this.#firstMemberSees(c, base + i);
        if (c === QUOTE) inString = true;
        else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
        else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
      }
      this.#depth = depth;
      this.#inString = inString;
      this.#scanFrom = base + i;
      if (depth > 0) {
        this.#firstLineOverCap = i - start > NDJSON_FIRST_LINE_CAP;
        // A record's first line is read as one whatever its length; a dump's is not held whole.
        // The window may hold more than was scanned: only a break within the value counts.
        const breakInside = firstBreak !== -1 && firstBreak < i;
        if (this.#firstLineOverCap && this.isRecord && !breakInside) return "ndjson";
        return breakInside || inputEnded || this.#firstLineOverCap ? "object" : undefined;
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
    // A lone value: a record is NDJSON of one line, anything else a dump object.
    if (inputEnded || n - start > NDJSON_FIRST_LINE_CAP) return this.isRecord ? "ndjson" : "object";
    return undefined;
  }

  /** Follows the first member to what its value shows, byte `c` ending before input offset `at`. */
  #firstMemberSees(c: number, at: number): void {
    if (this.#itemNext) {
      this.#firstMember = c === OPEN_BRACE || c === CLOSE_BRACKET ? "dump" : "record";
    } else if (this.#valueNext) {
      if (c === OPEN_BRACKET) this.#itemNext = true;
      else this.#firstMember = this.#nameIsLinks ? "dump" : "record";
    } else if (c === QUOTE && this.#nameStart === -1) this.#nameStart = at - 1;
    else if (c === COLON) this.#valueNext = true;
  }

  /** Whether the name ending before input offset index `end` of the window is `"_links"`. */
  #isLinks(bytes: Uint8Array, base: number, end: number): boolean {
    const from = this.#nameStart - base;
    if (end - from !== LINKS.length) return false;
    for (let k = 0; k < LINKS.length; k++) if (bytes[from + k] !== LINKS[k]) return false;
    return true;
  }
}
