// `qaql filter --engine js` against `--engine duckdb` on the same generated dumps: a JSON array
// and NDJSON of artefacts, about 1 GB each (QAQL_DUCKDB_MB), never committed. Each run is the
// built command in a process of its own under GNU time, so its peak RSS is the command's own;
// both engines' outputs are hashed and must be the same bytes. Smaller dumps then show where
// DuckDB starts to pay off, which is `auto`'s threshold (src/cli/filter-engines.ts).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { artefactChunks, type DumpSizes } from "../scripts/sample-dump.ts";
import {
  type Benchmark,
  formatRatio,
  formatTable,
  printHeading,
  readPositiveEnv,
} from "./harness.ts";

/** The goal: DuckDB at least 3x the JavaScript engine, under 1 GB of RSS. */
export const DUCKDB_TARGETS = { minSpeedup: 3, maxPeakRssMB: 1000 } as const;

const DEFAULT_MB = 1024;
const SEED = 42;
const PER_PROJECT = { artefactsPerProject: 2000, findingsPerProject: 0 } as const;
const SMALL_MB = [1, 4, 16, 64] as const;
const CLI = join(import.meta.dirname, "..", "dist", "cli.js");

/**
 * The filters measured: a selective one, as a search through a dump is, a string equality that
 * keeps under 1%, and a broad one; each with jq's program, and bench/parse-first-filter.ts has
 * each by hand.
 */
const FILTERS = [
  {
    name: "selective",
    where: "type.id=FILE AND rank>=2",
    fields: "id,name,path,rank",
    jq: 'select(.type.id == "FILE" and .rank >= 2) | {id, name, path, rank, _links}',
  },
  {
    name: "rare",
    where: "type.id=FOLDER",
    fields: "id,name,path",
    jq: 'select(.type.id == "FOLDER") | {id, name, path, _links}',
  },
  {
    name: "broad",
    where: "rank>=1",
    fields: "id,name",
    jq: "select(.rank >= 1) | {id, name, _links}",
  },
] as const;

const FLOOR = join(import.meta.dirname, "parse-first-filter.ts");
const OLD_ENGINE = join(import.meta.dirname, "parse-every-record.ts");

/** Writes the artefacts of about `mb` megabytes in `shape`; returns the size in bytes. */
export function writeArtefacts(file: string, mb: number, shape: "array" | "ndjson"): number {
  const probe: DumpSizes = { projects: 4, ...PER_PROJECT };
  let probeBytes = 0;
  for (const chunk of artefactChunks(probe, SEED, shape)) probeBytes += Buffer.byteLength(chunk);
  const projects = Math.max(1, Math.round((mb * 1e6 * probe.projects) / probeBytes));
  const fd = openSync(file, "w");
  let bytes = 0;
  try {
    for (const chunk of artefactChunks({ projects, ...PER_PROJECT }, SEED, shape)) {
      bytes += writeSync(fd, chunk);
    }
  } finally {
    closeSync(fd);
  }
  return bytes;
}

interface Run {
  readonly seconds: number;
  readonly peakRssMB: number;
  readonly outputHash: string;
  readonly outputBytes: number;
}

/** Runs the built command with `--engine` (and `--jobs`, for JavaScript) on `file`, its output into `out`. */
function runFilter(
  file: string,
  engine: "js" | "duckdb",
  filter: (typeof FILTERS)[number],
  out: string,
  jobs?: number,
  trustInput = false,
): Run {
  const args = ["-f", "%M", process.execPath, CLI, "filter", file, "--engine", engine];
  if (jobs !== undefined) args.push("--jobs", String(jobs));
  if (trustInput) args.push("--trust-input");
  args.push("--schema", "artefact", "--where", filter.where, "--fields", filter.fields);
  args.push("--output", "ndjson", "--out", out);
  const started = performance.now();
  const result = spawnSync("/usr/bin/time", args, { encoding: "utf8" });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`qaql filter --engine ${engine}:\n${result.stderr}`);
  const peakKB = Number(result.stderr.trim().split("\n").at(-1));
  const output = readFileSync(out);
  const outputHash = createHash("sha256").update(output).digest("hex");
  return { seconds, peakRssMB: (peakKB * 1024) / 1e6, outputHash, outputBytes: output.length };
}

/** Runs `command` under GNU time, its output into `out` (by the command itself, or its stdout). */
function runTimed(command: readonly string[], out: string, stdoutToOut: boolean): Run {
  const started = performance.now();
  const fd = stdoutToOut ? openSync(out, "w") : undefined;
  const result = spawnSync("/usr/bin/time", ["-f", "%M", ...command], {
    stdio: ["ignore", fd ?? "ignore", "pipe"],
    encoding: "utf8",
  });
  if (fd !== undefined) closeSync(fd);
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`${command.join(" ")}:\n${result.stderr}`);
  const peakKB = Number(result.stderr.trim().split("\n").at(-1));
  const output = readFileSync(out);
  const outputHash = createHash("sha256").update(output).digest("hex");
  return { seconds, peakRssMB: (peakKB * 1024) / 1e6, outputHash, outputBytes: output.length };
}

/** jq over `file`: NDJSON record by record, an array read whole and its elements taken. */
function runJq(
  file: string,
  shape: "array" | "ndjson",
  filter: (typeof FILTERS)[number],
  out: string,
) {
  const program = shape === "array" ? `.[] | ${filter.jq}` : filter.jq;
  return runTimed(["jq", "-c", program, file], out, true);
}

/** The parse-first script, in a process of its own as the others. */
function runFloor(file: string, filter: (typeof FILTERS)[number], out: string): Run {
  const command = [process.execPath, "--experimental-strip-types", "--no-warnings", FLOOR];
  return runTimed([...command, file, filter.name, out], out, false);
}

/** qaql's reader as it was before it left records unparsed, in a process of its own. */
function runOldEngine(file: string, filter: (typeof FILTERS)[number], out: string): Run {
  const command = [process.execPath, "--experimental-strip-types", "--no-warnings", OLD_ENGINE];
  return runTimed([...command, file, filter.where, filter.fields, out], out, false);
}

async function runDuckDb(): Promise<void> {
  const mb = readPositiveEnv("QAQL_DUCKDB_MB", "megabytes", DEFAULT_MB);
  printHeading(
    `duckdb: qaql filter --engine js (1 and 2 jobs) vs --engine duckdb on ${mb} MB dumps`,
  );
  if (!existsSync(CLI) || !existsSync("/usr/bin/time")) {
    console.log("(needs dist/cli.js and /usr/bin/time: run npm run build)");
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "qaql-duckdb-"));
  try {
    const out = join(dir, "out.ndjson");
    const rows: string[][] = [];
    const floorRows: string[][] = [];
    const hasJq = spawnSync("jq", ["--version"]).status === 0;
    let mismatches = 0;
    const compare = (
      label: string,
      file: string,
      bytes: number,
      targeted: boolean,
      shape: "array" | "ndjson" = "ndjson",
    ) => {
      for (const filter of FILTERS) {
        const js = runFilter(file, "js", filter, out, 1);
        const js2 = runFilter(file, "js", filter, out, 2);
        const duck = runFilter(file, "duckdb", filter, out);
        if (targeted) {
          const floor = runFloor(file, filter, out);
          const old = runOldEngine(file, filter, out);
          const trusting = runFilter(file, "js", filter, out, 2, true);
          const jq = hasJq ? runJq(file, shape, filter, out) : undefined;
          const contestants = [
            ["parse-first script (the floor)", floor],
            ["qaql's reader parsing every record (before #32)", old],
            ["qaql filter --jobs 1", js],
            ["qaql filter --jobs 2", js2],
            ["qaql filter --jobs 2 --trust-input", trusting],
            ["qaql filter --engine duckdb", duck],
            ...(jq ? [["jq -c 'select(…) | {…}'", jq] as const] : []),
          ] as const;
          for (const [name, run] of contestants) {
            floorRows.push([
              label,
              filter.name,
              name,
              `${run.seconds.toFixed(2)} s`,
              (bytes / 1e6 / run.seconds).toFixed(0),
              `${run.peakRssMB.toFixed(0)} MB`,
              formatRatio(floor.seconds / run.seconds),
              run.outputHash === js.outputHash ? "yes" : "NO",
            ]);
          }
        }
        const sameAs = (run: Run) =>
          run.outputHash === js.outputHash && run.outputBytes === js.outputBytes;
        const same = sameAs(duck) && sameAs(js2);
        if (!same) mismatches++;
        const speedup = js.seconds / duck.seconds;
        const pass =
          speedup >= DUCKDB_TARGETS.minSpeedup && duck.peakRssMB < DUCKDB_TARGETS.maxPeakRssMB;
        const mbs = (run: Run) => (bytes / 1e6 / run.seconds).toFixed(0);
        rows.push([
          label,
          filter.name,
          `${js.seconds.toFixed(2)} s, ${mbs(js)} MB/s, ${js.peakRssMB.toFixed(0)} MB`,
          `${js2.seconds.toFixed(2)} s, ${mbs(js2)} MB/s, ${js2.peakRssMB.toFixed(0)} MB`,
          formatRatio(js.seconds / js2.seconds),
          `${duck.seconds.toFixed(2)} s, ${mbs(duck)} MB/s, ${duck.peakRssMB.toFixed(0)} MB`,
          formatRatio(speedup),
          same ? `yes (${(js.outputBytes / 1e6).toFixed(1)} MB)` : "NO",
          targeted ? (pass ? "PASS" : "MISS") : "",
        ]);
      }
    };
    for (const shape of ["ndjson", "array"] as const) {
      const file = join(dir, `artefacts.${shape === "array" ? "json" : "ndjson"}`);
      const started = performance.now();
      const bytes = writeArtefacts(file, mb, shape);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`generated ${(bytes / 1e6).toFixed(0)} MB of ${shape} in ${seconds} s`);
      compare(`${shape} ${(bytes / 1e6).toFixed(0)} MB`, file, bytes, true, shape);
      rmSync(file);
    }
    for (const small of SMALL_MB) {
      const file = join(dir, "small.ndjson");
      const bytes = writeArtefacts(file, small, "ndjson");
      compare(`ndjson ${(bytes / 1e6).toFixed(1)} MB`, file, bytes, false);
    }
    const target = `target (>= ${DUCKDB_TARGETS.minSpeedup}x, < ${DUCKDB_TARGETS.maxPeakRssMB} MB)`;
    console.log(
      formatTable(
        [
          { header: "input", align: "left" },
          { header: "filter", align: "left" },
          { header: "--engine js --jobs 1 (time, rate, peak RSS)" },
          { header: "--jobs 2" },
          { header: "jobs 2 / 1" },
          { header: "--engine duckdb" },
          { header: "duckdb / js 1" },
          { header: "same bytes" },
          { header: target, align: "left" },
        ],
        rows,
      ),
    );
    console.log(
      formatTable(
        [
          { header: "input", align: "left" },
          { header: "filter", align: "left" },
          { header: "command", align: "left" },
          { header: "time" },
          { header: "MB/s" },
          { header: "peak RSS" },
          { header: "speed vs floor" },
          { header: "bytes as qaql's" },
        ],
        floorRows,
      ),
    );
    for (const filter of FILTERS) {
      console.log(`${filter.name}: --where "${filter.where}" --fields "${filter.fields}"`);
    }
    if (mismatches > 0) throw new Error(`${mismatches} runs wrote different bytes`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The DuckDB push-down benchmark module. */
export const duckdbBenchmark: Benchmark = {
  name: "duckdb",
  description:
    "qaql filter --engine js with 1 and 2 jobs vs --engine duckdb on 1 GB NDJSON and JSON-array dumps",
  run: runDuckDb,
};
