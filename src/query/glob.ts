// The glob patterns of `data.patterns`: `*` any run of characters, `?` one code point, no escapes.
import type { SafeResult } from "../errors/safe-result.ts";
import type { GlobPattern } from "./types.ts";

/** The pattern that matches every text, `*` (the API's default pattern). */
export const ANY_TEXT: GlobPattern = { text: "*" };

/**
 * Parses a glob pattern. Every string is one (no escapes, `*` and `?` are always wildcards), so
 * it never fails on a string; it throws a `TypeError` for anything else.
 */
export function parseGlob(text: string): GlobPattern {
  if (typeof text !== "string") throw new TypeError("a pattern must be a string");
  return { text };
}

/**
 * Like `parseGlob`, in the one shape of every `safe…` function, so that code reading a filter's
 * patterns and intervals (`safeParseInterval`) handles both alike; the error is `never`, as no
 * string fails.
 */
export function safeParseGlob(text: string): SafeResult<GlobPattern, never> {
  return { success: true, data: parseGlob(text) };
}

/** A pattern given as its text or as a `GlobPattern`, checked: a plain-JS caller may pass anything. */
function readGlob(pattern: string | GlobPattern): string {
  if (typeof pattern === "string") return pattern;
  const text =
    typeof pattern === "object" && pattern !== null && Object.hasOwn(pattern, "text")
      ? pattern.text
      : undefined;
  if (typeof text !== "string") throw new TypeError("a pattern is a string or { text: string }");
  return text;
}

/** Prints a pattern canonically: each run of `*` collapsed to one, which means the same. */
export function formatGlob(pattern: string | GlobPattern): string {
  let out = "";
  let previous = "";
  for (const char of readGlob(pattern)) {
    if (char !== "*" || previous !== "*") out += char;
    previous = char;
  }
  return out;
}

// -1 stands for `?` in a segment; any other entry is a code point.
const ANY_CHAR = -1;

/**
 * A `*`-free piece of the pattern. A plain one (no `?`, no lone surrogate) is compared as code
 * units, which is comparing code points; the code points and a middle one's search tables are
 * made on first use, so that a pattern costs little more than its text until a text needs them.
 */
interface Segment {
  readonly text: string;
  readonly plain: boolean;
  chars?: readonly number[];
  tables?: SegmentTables;
}

/**
 * What the bit-parallel (Shift-And) search of a segment reads. Made on first use: a definition
 * of many patterns whose texts never reach their middle segments allocates none (about 1 KB each).
 */
interface SegmentTables {
  /** Per code point of the segment: the bit mask of positions it may fill, `?` positions included. */
  readonly masks: ReadonlyMap<number, Uint32Array>;
  /** The first word of the masks of ASCII code points, for the common one-word search (512 bytes). */
  readonly ascii: Uint32Array;
  /** The positions holding `?`, which every code point may fill. */
  readonly anyMask: Uint32Array;
}

function toCodePoints(text: string): number[] {
  const points: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const point = text.codePointAt(i) ?? 0;
    points.push(point);
    if (point > 0xffff) i++;
  }
  return points;
}

/** Whether a text holds a surrogate that is not half of a pair. */
function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return true;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) return true;
  }
  return false;
}

function prepareSegment(text: string): Segment {
  return { text, plain: !text.includes("?") && !hasLoneSurrogate(text) };
}

/** The segment's code points, `?` as `ANY_CHAR`. */
function charsOf(segment: Segment): readonly number[] {
  segment.chars ??= toCodePoints(segment.text).map((point) => (point === 63 ? ANY_CHAR : point));
  return segment.chars;
}

function tablesOf(segment: Segment): SegmentTables {
  segment.tables ??= prepareTables(charsOf(segment));
  return segment.tables;
}

function prepareTables(chars: readonly number[]): SegmentTables {
  const words = Math.max(1, Math.ceil(chars.length / 32));
  const anyMask = new Uint32Array(words);
  chars.forEach((char, i) => {
    if (char === ANY_CHAR) anyMask[i >>> 5] = (anyMask[i >>> 5] ?? 0) | (1 << (i & 31));
  });
  const masks = new Map<number, Uint32Array>();
  chars.forEach((char, i) => {
    if (char === ANY_CHAR) return;
    let mask = masks.get(char);
    if (mask === undefined) {
      mask = Uint32Array.from(anyMask);
      masks.set(char, mask);
    }
    mask[i >>> 5] = (mask[i >>> 5] ?? 0) | (1 << (i & 31));
  });
  const ascii = new Uint32Array(128).fill(anyMask[0] ?? 0);
  for (const [char, mask] of masks) if (char < 128) ascii[char] = mask[0] ?? 0;
  return { masks, ascii, anyMask };
}

/** Where `segment` ends if it matches `text` at code unit `at`, or -1. */
function matchAt(segment: Segment, text: string, at: number): number {
  if (segment.plain) return text.startsWith(segment.text, at) ? at + segment.text.length : -1;
  let i = at;
  for (const char of charsOf(segment)) {
    if (i >= text.length) return -1;
    const point = text.codePointAt(i) ?? 0;
    if (char !== ANY_CHAR && char !== point) return -1;
    i += point > 0xffff ? 2 : 1;
  }
  return i;
}

/** The code unit where the last `count` code points of `text` start, or -1 if it has fewer. */
function startOfLast(text: string, count: number): number {
  let i = text.length;
  for (let n = 0; n < count; n++) {
    if (i === 0) return -1;
    const unit = text.charCodeAt(i - 1);
    const before = i >= 2 ? text.charCodeAt(i - 2) : 0;
    // A low surrogate right after a high one is the second half of one code point.
    const pair = unit >= 0xdc00 && unit <= 0xdfff && before >= 0xd800 && before <= 0xdbff;
    i -= pair ? 2 : 1;
  }
  return i;
}

/**
 * The end of the leftmost occurrence of `segment` in `text[from, to)` (code units), or -1.
 * Shift-And: one pass over the text, ⌈segment length / 32⌉ word operations per code point.
 */
function findSegment(segment: Segment, text: string, from: number, to: number): number {
  const length = charsOf(segment).length;
  const tables = tablesOf(segment);
  const words = tables.anyMask.length;
  if (words === 1) {
    const { ascii, masks, anyMask } = tables;
    const any = anyMask[0] ?? 0;
    const found = 1 << (length - 1);
    let state = 0;
    for (let i = from; i < to; ) {
      const point = text.codePointAt(i) ?? 0;
      i += point > 0xffff ? 2 : 1;
      const mask = point < 128 ? (ascii[point] ?? 0) : (masks.get(point)?.[0] ?? any);
      state = ((state << 1) | 1) & mask;
      if ((state & found) !== 0) return i;
    }
    return -1;
  }
  const state = new Uint32Array(words);
  const lastWord = (length - 1) >>> 5;
  const lastBit = 1 << ((length - 1) & 31);
  for (let i = from; i < to; ) {
    const point = text.codePointAt(i) ?? 0;
    i += point > 0xffff ? 2 : 1;
    const mask = tables.masks.get(point) ?? tables.anyMask;
    let carry = 1;
    for (let w = 0; w < words; w++) {
      const word = state[w] ?? 0;
      state[w] = ((word << 1) | carry) & (mask[w] ?? 0);
      carry = word >>> 31;
    }
    if (((state[lastWord] ?? 0) & lastBit) !== 0) return i;
  }
  return -1;
}

/**
 * Compiles a pattern, its text or a `GlobPattern`, to a matcher of whole texts. Without `*` it compares code point by code
 * point; otherwise the first and last segments are anchored and each middle one is found at its
 * leftmost place after the previous one (leftmost is always safe: `*` absorbs the rest). Time
 * is O(m + n·⌈k/32⌉) for a text of n code points and the longest segment of k: linear in the
 * text, with no backtracking and no RegExp.
 */
export function compileGlob(pattern: string | GlobPattern): (text: string) => boolean {
  const segments = readGlob(pattern).split("*").map(prepareSegment);
  const first = segments[0] ?? prepareSegment("");
  if (segments.length === 1) {
    return first.plain
      ? (text) => text === first.text
      : (text) => matchAt(first, text, 0) === text.length;
  }
  const last = segments[segments.length - 1] ?? prepareSegment("");
  const middle = segments.slice(1, -1).filter((segment) => segment.text !== "");
  return (text) => {
    let at = matchAt(first, text, 0);
    if (at < 0) return false;
    // A plain last piece at the end of a text starts on a code point: it starts with no low surrogate.
    const end = last.plain
      ? text.length - last.text.length
      : startOfLast(text, charsOf(last).length);
    if (end < at || matchAt(last, text, end) < 0) return false;
    for (const segment of middle) {
      at = findSegment(segment, text, at, end);
      if (at < 0) return false;
    }
    return true;
  };
}
