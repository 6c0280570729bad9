// A small self-contained timing harness: no dependency, so what is measured is only the code
// under test plus one indirect call per operation.

import { Random } from "./random.ts";

/** Settings shared by every benchmark module. */
export interface BenchOptions {
  /** Measured time per case, in milliseconds, warm-up excluded. */
  readonly timeMs: number;
}

/** A benchmark module that `bench/run.ts` can run by name. */
export interface Benchmark {
  /** The name given on the command line (`npm run bench -- parse`). */
  readonly name: string;
  /** One line saying what the module measures. */
  readonly description: string;
  /** Runs the benchmark and prints its tables. */
  readonly run: (options: BenchOptions) => Promise<void>;
}

/** One operation to time: `fn` is called many times and its result consumed. */
export interface BenchCase {
  readonly name: string;
  readonly fn: () => unknown;
}

/** The timing of one case: the median over its batches. */
export interface Measurement {
  readonly name: string;
  /** Median nanoseconds per operation. */
  readonly nsPerOp: number;
  readonly opsPerSec: number;
  /** Half the interquartile range of the batches, relative to the median. */
  readonly spread: number;
  readonly batches: number;
}

const DEFAULT_TIME_MS = 300;
const BATCHES = 15;

/**
 * A positive number from the environment variable `name`, in `unit`s, or `fallback` when it is
 * unset or empty; anything else is a RangeError naming the variable.
 */
export function readPositiveEnv(
  name: string,
  unit: string,
  fallback: number,
  env: NodeJS.ProcessEnv = process.env,
): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive number of ${unit}, not "${raw}"`);
  }
  return value;
}

/** Reads the harness settings from the environment (`QAQL_BENCH_MS`). */
export function readBenchOptions(env: NodeJS.ProcessEnv = process.env): BenchOptions {
  return { timeMs: readPositiveEnv("QAQL_BENCH_MS", "milliseconds", DEFAULT_TIME_MS, env) };
}

// Every result is stored here, so V8 can neither drop the call nor elide its allocations.
let sink: unknown;
let sinkWrites = 0;

/** How many results the harness has consumed (read once at the end, keeping the sink live). */
export function consumedResults(): number {
  return sink === undefined ? sinkWrites : sinkWrites + 1;
}

function runBatch(fn: () => unknown, iterations: number): number {
  const start = performance.now();
  for (let i = 0; i < iterations; i++) sink = fn();
  const elapsed = performance.now() - start;
  sinkWrites += iterations;
  return elapsed;
}

function median(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  const upper = sorted[mid] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? upper) + upper) / 2;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** 0 … count - 1 in a random order (Fisher–Yates). */
function shuffled(count: number, random: Random): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = random.int(0, i);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}

/**
 * Times each case for about `timeMs`: a warm-up that also sizes the batches, then `BATCHES`
 * rounds in which every case runs one batch, in a new order each round, so drift (GC, JIT, CPU
 * clock) hits all cases alike. Returns the median time per operation of each case, in the order given.
 */
export function compare(cases: readonly BenchCase[], options: BenchOptions): Measurement[] {
  const batchMs = options.timeMs / BATCHES;
  const warmMs = Math.max(10, options.timeMs / 3);
  const sizes = cases.map(({ fn }) => {
    let iterations = 1;
    let spent = 0;
    let done = 0;
    // Double the batch until the warm-up time is spent; it also gives a first estimate.
    while (spent < warmMs) {
      spent += runBatch(fn, iterations);
      done += iterations;
      iterations *= 2;
    }
    const msPerOp = spent / done;
    return Math.max(1, Math.round(batchMs / msPerOp));
  });
  const samples: number[][] = cases.map(() => []);
  const random = new Random(0x0b47c4);
  for (let round = 0; round < BATCHES; round++) {
    // A new order each round: the case run right after one that leaves much garbage pays for
    // the collector's concurrent work (measured: up to a third of a predicate's pass), so no
    // case may always follow the same one.
    for (const index of shuffled(cases.length, random)) {
      const { fn } = cases[index] as BenchCase;
      const iterations = sizes[index] ?? 1;
      samples[index]?.push((runBatch(fn, iterations) * 1e6) / iterations);
    }
  }
  return cases.map(({ name }, index) => {
    const sorted = [...(samples[index] ?? [])].sort((a, b) => a - b);
    const nsPerOp = median(sorted);
    return {
      name,
      nsPerOp,
      opsPerSec: 1e9 / nsPerOp,
      spread: (quantile(sorted, 0.75) - quantile(sorted, 0.25)) / 2 / nsPerOp,
      batches: sorted.length,
    };
  });
}

/** A column of a printed table. */
export interface Column {
  readonly header: string;
  readonly align?: "left" | "right";
}

/** Renders rows as an aligned plain-text table with a header rule. */
export function formatTable(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
): string {
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...rows.map((row) => (row[i] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    columns
      .map((column, i) => {
        const cell = cells[i] ?? "";
        const width = widths[i] ?? 0;
        return column.align === "left" ? cell.padEnd(width) : cell.padStart(width);
      })
      .join("  ")
      .trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  return [line(columns.map((c) => c.header)), rule, ...rows.map(line)].join("\n");
}

/** Formats a rate with thousands separators: `1,234,567`. */
export function formatOps(opsPerSec: number): string {
  return Math.round(opsPerSec).toLocaleString("en-US");
}

/** Formats a duration in microseconds with three significant digits. */
export function formatMicros(ns: number): string {
  const us = ns / 1000;
  if (us >= 100) return us.toFixed(0);
  if (us >= 10) return us.toFixed(1);
  if (us >= 1) return us.toFixed(2);
  return us.toPrecision(3);
}

/** Formats a ratio as `2.31x`. */
export function formatRatio(ratio: number): string {
  return `${ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2)}x`;
}

/** Formats a fraction as a percentage: `±1.2%`. */
export function formatSpread(fraction: number): string {
  return `±${(fraction * 100).toFixed(1)}%`;
}

/** Prints a section heading. */
export function printHeading(title: string): void {
  console.log(`\n${title}\n${"=".repeat(title.length)}`);
}
