// Runs the benchmark modules: all of them, or those named on the command line
// (`npm run bench -- parse` runs `parse` and every `parse-…` module).
import { abuseBenchmark } from "./abuse.bench.ts";
import { astCheckBenchmark } from "./ast-check.bench.ts";
import { bundleBenchmark } from "./bundle.bench.ts";
import { conformanceBenchmark } from "./conformance.bench.ts";
import { duckdbBenchmark } from "./duckdb.bench.ts";
import { filterMemoryBenchmark } from "./filter-memory.bench.ts";
import { globBenchmark } from "./glob.bench.ts";
import { type Benchmark, consumedResults, readBenchOptions } from "./harness.ts";
import { httpBenchmark } from "./http.bench.ts";
import { linearityBenchmark } from "./linearity.bench.ts";
import { parseBenchmark } from "./parse.bench.ts";
import { predicateBenchmark } from "./predicate.bench.ts";
import { projectionBenchmark } from "./projection.bench.ts";
import { serveBenchmark } from "./serve.bench.ts";
import { sqlBenchmark } from "./sql.bench.ts";
import { streamBenchmark } from "./stream.bench.ts";
import { streamSmallBenchmark } from "./stream-small.bench.ts";
import { typesBenchmark } from "./types.bench.ts";

/** Every benchmark module, in the order they run; add new modules here. */
const BENCHMARKS: readonly Benchmark[] = [
  parseBenchmark,
  linearityBenchmark,
  projectionBenchmark,
  predicateBenchmark,
  sqlBenchmark,
  streamBenchmark,
  streamSmallBenchmark,
  duckdbBenchmark,
  filterMemoryBenchmark,
  globBenchmark,
  astCheckBenchmark,
  serveBenchmark,
  abuseBenchmark,
  httpBenchmark,
  bundleBenchmark,
  typesBenchmark,
  conformanceBenchmark,
];

function select(names: readonly string[]): Benchmark[] {
  if (names.length === 0) return [...BENCHMARKS];
  const unknown = names.filter(
    (name) => !BENCHMARKS.some((b) => b.name === name || b.name.startsWith(`${name}-`)),
  );
  if (unknown.length > 0) {
    const known = BENCHMARKS.map((b) => `  ${b.name.padEnd(16)} ${b.description}`).join("\n");
    throw new Error(`unknown benchmark ${unknown.join(", ")}; the benchmarks are:\n${known}`);
  }
  return BENCHMARKS.filter((b) =>
    names.some((name) => b.name === name || b.name.startsWith(`${name}-`)),
  );
}

async function main(): Promise<void> {
  const options = readBenchOptions();
  const selected = select(process.argv.slice(2));
  console.log(
    `qaql benchmarks: ${selected.map((b) => b.name).join(", ")} ` +
      `(node ${process.version}, ${process.arch}, QAQL_BENCH_MS=${options.timeMs})`,
  );
  for (const benchmark of selected) await benchmark.run(options);
  console.log(`\n(${consumedResults().toLocaleString("en-US")} results consumed)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
