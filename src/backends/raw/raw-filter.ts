import type { WhereExpression } from "../../ast/where.ts";
import { type WhereCases, whereCase } from "../../ast/where-cases.ts";
import { readBoolean, readDate, readNumber } from "../../schema/literals.ts";
import { type Schema, scalarTypeAt } from "../../schema/schema.ts";

// A filter's necessary condition on a record's raw JSON bytes (Sparser, Palkar et al., VLDB
// 2018): a record whose bytes fail it cannot match, and need not be parsed. It holds only for
// records with no `\u` or `\/` escape: JSON may write `F` as `\u0046` and `/` as `\/`, so a
// record holding one is always parsed; no needle holds what the other escapes stand for.
// Whatever bytes cannot decide (numbers, which `2`, `2.0` and `2e0` spell alike; dates; `!=`,
// `NOT IN`, `IS NULL`) is "maybe" (grammar/language.md 10.5).

/** A condition on bytes: `true` is "maybe" (no condition), else needles all or any present. */
type Condition =
  | true
  | { readonly needle: string }
  | { readonly all: readonly Condition[] }
  | { readonly any: readonly Condition[] };

/** The text a string value is written as in JSON without a backslash, quotes included. */
const quoted = (text: string) => JSON.stringify(text);

/**
 * What a record must hold for `field = text` to be true: the string `"text"`, unless the value
 * may be a number, a boolean or a date that the literal also reads as (2.3), spelt otherwise.
 */
function equalsCondition(text: string, type: string | undefined): Condition {
  if (type === "string") return needle(quoted(text));
  if (type !== undefined && type !== "any") return true;
  if (readNumber(text) !== undefined || readBoolean(text) !== undefined) return true;
  if (readDate(text) !== undefined) return true;
  return needle(quoted(text));
}

/**
 * A needle, or "maybe" when its JSON spelling needs an escape: such a text is never spelt
 * without a backslash, except a lone surrogate, which a pattern matches in half of a pair.
 */
function needle(text: string): Condition {
  return text.includes("\\") ? true : { needle: text };
}

/** What a record's bytes must hold for each node to be true; `true` where bytes cannot tell. */
const CONDITIONS: WhereCases<Condition, Schema | undefined> = {
  and: (node, schema) => all(node.operands.map((operand) => conditionOf(operand, schema))),
  or: (node, schema) => any(node.operands.map((operand) => conditionOf(operand, schema))),
  "=": (node, schema) => equalsCondition(node.value.text, typeAt(node.path.segments, schema)),
  "!=": () => true,
  ">": () => true,
  ">=": () => true,
  "<": () => true,
  "<=": () => true,
  "~": (node) => {
    // A pattern matches strings only (2.4), whose text lies between quotes.
    const inner = quoted(node.value.text).slice(1, -1);
    if (node.mode === "startsWith") return needle(`"${inner}`);
    if (node.mode === "endsWith") return needle(`${inner}"`);
    return needle(inner);
  },
  IN: (node, schema) => {
    const type = typeAt(node.path.segments, schema);
    return any(node.values.map((value) => equalsCondition(value.text, type)));
  },
  "NOT IN": () => true,
  "IS NULL": () => true,
  "IS NOT NULL": () => true,
};

function conditionOf(node: WhereExpression, schema: Schema | undefined): Condition {
  return whereCase(CONDITIONS, node, schema);
}

function typeAt(segments: readonly string[], schema: Schema | undefined): string | undefined {
  return schema === undefined ? undefined : scalarTypeAt(schema, segments);
}

function all(operands: readonly Condition[]): Condition {
  const kept = operands.filter((operand) => operand !== true);
  if (kept.length === 0) return true;
  return kept.length === 1 ? (kept[0] as Condition) : { all: kept };
}

function any(operands: readonly Condition[]): Condition {
  if (operands.some((operand) => operand === true)) return true;
  return operands.length === 1 ? (operands[0] as Condition) : { any: operands };
}

/**
 * A search for one byte sequence, or a condition made of them: `test` whether it holds in a
 * range of bytes, `bound` the least end a range starting at or after `from` must reach to hold
 * it (Infinity: none can).
 */
interface Search {
  test(bytes: Uint8Array, start: number, end: number): boolean;
  bound(bytes: Uint8Array, from: number): number;
}

const encoder = new TextEncoder();

// Buffer#indexOf where Node's Buffer is there (memchr and a two-way search, ~13 GB/s here);
// else the native first-byte search of typed arrays, the rest compared by hand.
const NodeBuffer = (globalThis as { Buffer?: typeof import("node:buffer").Buffer }).Buffer;

/**
 * A search for `needle` over records in increasing order of the same bytes: the next place it
 * occurs is found once and kept until a record starts past it, so the bytes are searched once
 * however many records they hold (the records between two hits fail at a glance).
 */
function searchFor(needle: Uint8Array, index: number, memory: SearchMemory): Search {
  const ownFind = nextOccurrence(needle);
  const find = (bytes: Uint8Array, start: number) =>
    memory.finder?.(index, bytes, start) ?? ownFind(bytes, start);
  let searched: Uint8Array | undefined;
  let epoch = -1;
  let from = 0;
  let at = -1;
  const occurrence = (bytes: Uint8Array, start: number) => {
    if (bytes !== searched || epoch !== memory.epoch || start < from || (at !== -1 && start > at)) {
      searched = bytes;
      epoch = memory.epoch;
      from = start;
      at = find(bytes, start);
    }
    return at;
  };
  return {
    test(bytes, start, end) {
      const found = occurrence(bytes, start);
      return found !== -1 && found + needle.length <= end;
    },
    bound(bytes, start) {
      const found = occurrence(bytes, start);
      return found === -1 ? Number.POSITIVE_INFINITY : found + needle.length;
    },
  };
}

/** The first index at or after `from` where `needle` occurs in `bytes`, or -1. */
function nextOccurrence(needle: Uint8Array): (bytes: Uint8Array, from: number) => number {
  if (NodeBuffer !== undefined) {
    const pattern = NodeBuffer.from(needle);
    return (bytes, from) =>
      NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf(pattern, from);
  }
  const first = needle[0] as number;
  const length = needle.length;
  return (bytes, from) => {
    for (let i = bytes.indexOf(first, from); i !== -1; i = bytes.indexOf(first, i + 1)) {
      let j = 1;
      while (j < length && bytes[i + j] === needle[j]) j++;
      if (j === length) return i;
    }
    return -1;
  };
}

/**
 * A search that a reader holding its bytes elsewhere offers: the first index from `from` on
 * where needle `needle` (an index in `RawFilter.needles`) occurs in `bytes`, or -1; undefined
 * when it does not hold those bytes.
 */
export type NeedleFinder = (needle: number, bytes: Uint8Array, from: number) => number | undefined;

/** What the searches of one raw filter share: when they last forgot, and who searches. */
interface SearchMemory {
  epoch: number;
  finder: NeedleFinder | undefined;
}

/** A record's test on its bytes: false only when the record cannot match the filter. */
export interface RawFilter {
  /** The byte sequences the test looks for, longest first (they are the rarest, most likely). */
  readonly needles: readonly string[];
  /**
   * Whether `bytes[start, end)`, a record with no `\u` or `\/` escape, may match. Records of one
   * `bytes` are best asked in increasing order of `start`: a search goes on from the last one.
   */
  test(bytes: Uint8Array, start: number, end: number): boolean;
  /**
   * The least end index a record of `bytes` starting at or after `from` must reach to hold the
   * needles the test needs: a record ending before it cannot match (Infinity: none can). It
   * holds for records with no `\u` or `\/` escape, as `test` does.
   */
  bound(bytes: Uint8Array, from: number): number;
  /** Forgets what the searches found: call it when the bytes asked about change in place. */
  forget(): void;
  /** Searches with `finder` where it answers, rather than on its own; forgets. */
  searchWith(finder: NeedleFinder | undefined): void;
}

function compile(
  condition: Exclude<Condition, true>,
  needles: readonly string[],
  memory: SearchMemory,
): Search {
  if ("needle" in condition) {
    const index = needles.indexOf(condition.needle);
    return searchFor(encoder.encode(condition.needle), index, memory);
  }
  // Longer needles first: they fail more often, and a failed one settles an AND.
  const operands = ("all" in condition ? condition.all : condition.any)
    .map((operand) => ({
      length: lengthOf(operand),
      search: compile(operand as Exclude<Condition, true>, needles, memory),
    }))
    .sort((a, b) => b.length - a.length)
    .map((operand) => operand.search);
  if ("all" in condition) {
    return {
      test: (bytes, start, end) => operands.every((search) => search.test(bytes, start, end)),
      // A record holding every operand's needles reaches the furthest of their bounds.
      bound: (bytes, from) => Math.max(...operands.map((search) => search.bound(bytes, from))),
    };
  }
  return {
    test: (bytes, start, end) => operands.some((search) => search.test(bytes, start, end)),
    bound: (bytes, from) => Math.min(...operands.map((search) => search.bound(bytes, from))),
  };
}

function lengthOf(condition: Condition): number {
  if (condition === true) return 0;
  if ("needle" in condition) return condition.needle.length;
  const lengths = ("all" in condition ? condition.all : condition.any).map(lengthOf);
  return "all" in condition ? Math.max(...lengths) : Math.min(...lengths);
}

function needlesOf(condition: Condition, into: Set<string>): Set<string> {
  if (condition === true) return into;
  if ("needle" in condition) into.add(condition.needle);
  else
    for (const operand of "all" in condition ? condition.all : condition.any)
      needlesOf(operand, into);
  return into;
}

/**
 * The raw-byte test of a filter already checked (against `schema`, when given), or undefined
 * when the bytes can decide nothing about it (every record may match). It remembers where its
 * needles were found: one reader at a time.
 */
export function compileRawFilter(ast: WhereExpression, schema?: Schema): RawFilter | undefined {
  const condition = conditionOf(ast, schema);
  if (condition === true) return undefined;
  const needles = [...needlesOf(condition, new Set())].sort((a, b) => b.length - a.length);
  const memory: SearchMemory = { epoch: 0, finder: undefined };
  const search = compile(condition, needles, memory);
  return {
    needles,
    test: search.test,
    bound: search.bound,
    forget() {
      memory.epoch++;
    },
    searchWith(finder) {
      memory.finder = finder;
      memory.epoch++;
    },
  };
}
