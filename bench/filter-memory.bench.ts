// The peak RSS of `qaql filter` with the default `--jobs` and with `--jobs 1` on NDJSON of
// artefacts of 300 MB, 1 GB and 3 GB (QAQL_FILTER_MEMORY_MB), generated and deleted by the run:
// a broad filter that keeps 84% of the bytes, whole and selected, and a selective one,
// whose speed the bound on memory must not cost. Each run is the built command in a process of
// its own under GNU time; both job counts' outputs are hashed and must be the same bytes.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { writeArtefacts } from "./duckdb.bench.ts";
import { type Benchmark, formatRatio, formatTable, printHeading } from "./harness.ts";

/** The bound: peak RSS under 256 MB whatever the filter keeps and the file's size. */
export const FILTER_MEMORY_TARGET_MB = 256;

const DEFAULT_SIZES_MB = [300, 1000, 3000] as const;

/** The filters measured; `--engine js`, no schema: the one learnt from the head, as a user runs it. */
const CASES = [
  { name: "broad, whole records", args: ["--where", "rank>=0.5"] },
  { name: "broad, 4 fields", args: ["--where", "rank>=0.5", "--fields", "id,name,path,rank"] },
  { name: "selective, whole records", args: ["--where", "type.id=FILE AND rank>=2"] },
] as const;

/** The sizes to measure, in MB: QAQL_FILTER_MEMORY_MB, a comma-separated list, or the default. */
function readSizes(env: NodeJS.ProcessEnv = process.env): number[] {
  const raw = env.QAQL_FILTER_MEMORY_MB;
  if (raw === undefined || raw === "") return [...DEFAULT_SIZES_MB];
  const sizes = raw.split(",").map((part) => Number(part.trim()));
  if (sizes.some((size) => !Number.isFinite(size) || size <= 0)) {
    throw new RangeError(`QAQL_FILTER_MEMORY_MB must list positive megabytes, not "${raw}"`);
  }
  return sizes;
}

interface Run {
  readonly seconds: number;
  readonly peakRssMB: number;
  readonly outputBytes: number;
  readonly outputHash: string;
  /** The load average over the last minute when the run ended: the machine is shared. */
  readonly load: number;
}

async function hashFile(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    hash.update(chunk as Buffer);
  }
  return hash.digest("hex");
}

/** The command under GNU time, its output into `out`; without `jobs`, the default. */
async function runFilter(
  cli: string,
  file: string,
  args: readonly string[],
  out: string,
  jobs: number | undefined,
): Promise<Run> {
  const command = ["-f", "%M", process.execPath, cli, "filter", file, "--engine", "js", ...args];
  if (jobs !== undefined) command.push("--jobs", String(jobs));
  command.push("--out", out);
  const started = performance.now();
  const result = spawnSync("/usr/bin/time", command, { encoding: "utf8" });
  const seconds = (performance.now() - started) / 1000;
  const load = loadavg()[0] ?? 0;
  if (result.status !== 0) throw new Error(`qaql filter ${args.join(" ")}:\n${result.stderr}`);
  const peakKB = Number(result.stderr.trim().split("\n").at(-1));
  const outputBytes = statSync(out).size;
  const outputHash = await hashFile(out);
  rmSync(out);
  return { seconds, peakRssMB: (peakKB * 1024) / 1e6, outputBytes, outputHash, load };
}

export const filterMemoryBenchmark: Benchmark = {
  name: "filter-memory",
  description:
    "peak RSS of qaql filter with the default --jobs and --jobs 1 on 300 MB, 1 GB and 3 GB of NDJSON, broad and selective",
  async run() {
    const sizes = readSizes();
    // Another build's command may be measured the same way: QAQL_BENCH_CLI=path/to/dist/cli.js.
    const cli = resolve(process.env.QAQL_BENCH_CLI ?? join(import.meta.dirname, "../dist/cli.js"));
    printHeading(
      `filter-memory: ${cli}, default --jobs (${availableParallelism()}) and --jobs 1, ${sizes.join(", ")} MB of NDJSON`,
    );
    if (!existsSync(cli) || !existsSync("/usr/bin/time")) {
      console.log("(needs dist/cli.js and /usr/bin/time: run npm run build)");
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), "qaql-filter-memory-"));
    const rows: string[][] = [];
    let mismatches = 0;
    try {
      for (const mb of sizes) {
        const file = join(dir, "artefacts.ndjson");
        const bytes = writeArtefacts(file, mb, "ndjson");
        const label = `${(bytes / 1e6).toFixed(0)} MB`;
        for (const { name, args } of CASES) {
          const many = await runFilter(cli, file, args, join(dir, "out"), undefined);
          const one = await runFilter(cli, file, args, join(dir, "out"), 1);
          const same = many.outputHash === one.outputHash;
          if (!same) mismatches++;
          const kept = `${(many.outputBytes / 1e6).toFixed(0)} MB`;
          for (const [jobs, run] of [
            ["default", many],
            ["1", one],
          ] as const) {
            rows.push([
              label,
              name,
              jobs,
              kept,
              `${run.seconds.toFixed(2)} s`,
              (bytes / 1e6 / run.seconds).toFixed(0),
              `${run.peakRssMB.toFixed(0)} MB`,
              run.load.toFixed(2),
              jobs === "1" ? "" : formatRatio(one.seconds / many.seconds),
              same ? "yes" : "NO",
              run.peakRssMB < FILTER_MEMORY_TARGET_MB ? "PASS" : "MISS",
            ]);
          }
        }
        rmSync(file);
      }
      console.log(
        formatTable(
          [
            { header: "input", align: "left" },
            { header: "filter", align: "left" },
            { header: "--jobs", align: "left" },
            { header: "output" },
            { header: "time" },
            { header: "MB/s" },
            { header: "peak RSS" },
            { header: "load" },
            { header: "speed vs --jobs 1" },
            { header: "same bytes" },
            { header: `< ${FILTER_MEMORY_TARGET_MB} MB`, align: "left" },
          ],
          rows,
        ),
      );
      for (const { name, args } of CASES) console.log(`${name}: ${args.join(" ")}`);
      if (mismatches > 0) throw new Error(`${mismatches} runs wrote different bytes`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
