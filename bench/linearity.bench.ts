// Parse time per input character as inputs grow 16-fold: a flat column means linear parsing
// (grammar/language.md 1.4), a growing one a quadratic corner.
import { parseWhere } from "../src/index.ts";
import { parseWhereFloor } from "./floor-parser.ts";
import {
  type Benchmark,
  type BenchOptions,
  compare,
  formatMicros,
  formatRatio,
  formatTable,
  printHeading,
} from "./harness.ts";

const SCALES = [1, 2, 4, 8, 16] as const;

// Past the default limits on purpose: the point is how time grows with size. parseWhere caps
// maxDepth at 256 (deeper would risk the call stack), so depth grows 16n up to that cap.
const MAX_DEPTH = 256;
const LIMITS = { maxLength: Number.POSITIVE_INFINITY, maxDepth: MAX_DEPTH } as const;

/** Per-character cost at 16x over the cost at 1x above which the growth is reported. */
const MAX_GROWTH = 1.5;

interface Shape {
  readonly name: string;
  readonly build: (scale: number) => string;
}

const SHAPES: readonly Shape[] = [
  {
    name: "flat AND chain: `a=1 AND ` x 128n, then `a=1`",
    build: (scale) => `${"a=1 AND ".repeat(128 * scale)}a=1`,
  },
  {
    name: "nested parentheses: depth 16n around `a=1`",
    build: (scale) => `${"(".repeat(16 * scale)}a=1${")".repeat(16 * scale)}`,
  },
  {
    // Each level's AND absorbs the inner group's operands (2.6 flattening): watch for copies.
    name: "nested AND groups: `a=1 AND (` x 16n, `a=1`, then the closing parentheses",
    build: (scale) => `${"a=1 AND (".repeat(16 * scale)}a=1${")".repeat(16 * scale)}`,
  },
  {
    name: 'long quoted value: name="…" with 640n characters inside, `""` escapes included',
    build: (scale) => `name="${'ab ""cd"" '.repeat(64 * scale)}"`,
  },
];

function nsPerChar(ns: number, text: string): number {
  return ns / text.length;
}

async function run(options: BenchOptions): Promise<void> {
  printHeading("parse-linearity: µs per input character as the input grows");
  console.log(
    `parseWhere with { maxLength: Infinity, maxDepth: ${MAX_DEPTH} }; floor = hand-written ` +
      `parser; "vs 1x" = per-character cost / that at 1x`,
  );
  const verdicts: string[] = [];
  for (const shape of SHAPES) {
    const texts = SCALES.map((scale) => shape.build(scale));
    for (const text of texts) {
      parseWhere(text, LIMITS);
      parseWhereFloor(text, MAX_DEPTH);
    }
    const results = compare(
      texts.flatMap((text, i) => [
        { name: `qaql ${SCALES[i]}x`, fn: () => parseWhere(text, LIMITS) },
        { name: `floor ${SCALES[i]}x`, fn: () => parseWhereFloor(text, MAX_DEPTH) },
      ]),
      options,
    );
    const perChar = (index: number) => {
      const text = texts[index >> 1] ?? "";
      return nsPerChar(results[index]?.nsPerOp ?? Number.NaN, text);
    };
    const rows = texts.map((text, i) => [
      `${SCALES[i]}x`,
      String(text.length),
      formatMicros(results[2 * i]?.nsPerOp ?? Number.NaN),
      (perChar(2 * i) / 1000).toFixed(5),
      formatRatio(perChar(2 * i) / perChar(0)),
      (perChar(2 * i + 1) / 1000).toFixed(5),
      formatRatio(perChar(2 * i + 1) / perChar(1)),
    ]);
    console.log(`\n${shape.name}`);
    console.log(
      formatTable(
        [
          { header: "size", align: "left" },
          { header: "chars" },
          { header: "qaql µs/op" },
          { header: "qaql µs/char" },
          { header: "vs 1x" },
          { header: "floor µs/char" },
          { header: "vs 1x" },
        ],
        rows,
      ),
    );
    const last = 2 * (SCALES.length - 1);
    const growth = perChar(last) / perChar(0);
    verdicts.push(
      `${shape.name.split(":")[0]}: per-character cost at 16x is ${formatRatio(growth)} that at ` +
        `1x: ${growth <= MAX_GROWTH ? "flat (linear)" : `GROWS (over ${MAX_GROWTH}x)`}; ` +
        `qaql/floor at 16x ${formatRatio(perChar(last) / perChar(last + 1))}`,
    );
  }
  console.log("\nLinearity");
  for (const line of verdicts) console.log(`  ${line}`);
}

/** The linearity benchmark: parse cost per character at 1x to 16x input sizes. */
export const linearityBenchmark: Benchmark = {
  name: "parse-linearity",
  description: "parseWhere µs per input character on inputs from 1x to 16x",
  run,
};
