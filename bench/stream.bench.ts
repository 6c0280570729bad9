// `qaql filter`'s reader on a generated dump of about 1 GB (QAQL_STREAM_MB), never committed:
// throughput against JSON.parse of a complete dump of about 256 MB (the largest a V8 string
// holds comfortably) made by the same generator, and peak RSS. Every measurement runs in a child
// process (bench/stream-child.ts), so its RSS is the measured code's own; the child is bundled
// to JavaScript first, as the command line ships, since Node's TypeScript stripping alone
// costs some 35 MB of RSS.
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "tsup";
import { type DumpSizes, dumpChunks } from "../scripts/sample-dump.ts";
import {
  type Benchmark,
  formatRatio,
  formatTable,
  printHeading,
  readPositiveEnv,
} from "./harness.ts";
import { type ChildResult, DEFAULT_CHUNK_BYTES, FILTER } from "./stream-child.ts";

/** The targets of the issue: at least half of JSON.parse's throughput, peak RSS under 150 MB. */
export const STREAM_TARGETS = { minParseRatio: 0.5, maxPeakRssMB: 150 } as const;

const DEFAULT_MB = 1024;
const BASELINE_MB = 256;
const SEED = 42;
/** Per project; the number of projects is what scales the dump to the size asked. */
const PER_PROJECT = { artefactsPerProject: 2000, findingsPerProject: 500 } as const;

/** The dump's size in megabytes, from `QAQL_STREAM_MB`. */
export function readStreamMegabytes(env: NodeJS.ProcessEnv = process.env): number {
  return readPositiveEnv("QAQL_STREAM_MB", "megabytes", DEFAULT_MB, env);
}

function dumpBytes(sizes: DumpSizes): number {
  let bytes = 0;
  for (const chunk of dumpChunks(sizes, SEED)) bytes += Buffer.byteLength(chunk);
  return bytes;
}

/** Writes a dump of about `mb` megabytes; returns its size in bytes. */
function writeDump(file: string, mb: number, bytesPerProject: number): number {
  const projects = Math.max(1, Math.round((mb * 1e6) / bytesPerProject));
  const fd = openSync(file, "w");
  let bytes = 0;
  try {
    for (const chunk of dumpChunks({ projects, ...PER_PROJECT }, SEED)) {
      bytes += writeSync(fd, chunk);
    }
  } finally {
    closeSync(fd);
  }
  return bytes;
}

/** Bundles bench/stream-child.ts and what it imports into one JavaScript file in `dir`. */
async function bundleChild(dir: string): Promise<string> {
  await build({
    entry: { "stream-child": join(import.meta.dirname, "stream-child.ts") },
    format: ["esm"],
    outDir: dir,
    outExtension: () => ({ js: ".mjs" }),
    platform: "node",
    target: "node22",
    noExternal: [/./],
    config: false,
    silent: true,
  });
  return join(dir, "stream-child.mjs");
}

function runChild(
  child: string,
  what: string,
  reader: string,
  file: string,
  chunkBytes = DEFAULT_CHUNK_BYTES,
): ChildResult {
  const args = [child, what, reader, file, String(chunkBytes)];
  const result = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 1 << 20 });
  if (result.status !== 0) {
    throw new Error(`stream-child ${what} ${reader} failed:\n${result.stderr}`);
  }
  return JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "") as ChildResult;
}

const CLI = join(import.meta.dirname, "..", "dist", "cli.js");

/** The shipped command itself on the big dump, timed here and its peak RSS read by GNU time. */
function runCommandLine(file: string, bytes: number): ChildResult {
  const args = ["-f", "%M", process.execPath, CLI, "filter", file, "--resource", FILTER.resource];
  args.push("--where", FILTER.where, "--fields", FILTER.fields, "--output", "ndjson");
  const devNull = openSync("/dev/null", "w");
  const started = performance.now();
  const result = spawnSync("/usr/bin/time", args, {
    stdio: ["ignore", devNull, "pipe"],
    encoding: "utf8",
  });
  const seconds = (performance.now() - started) / 1000;
  closeSync(devNull);
  if (result.status !== 0) throw new Error(`qaql filter failed:\n${result.stderr}`);
  const peakKB = Number(result.stderr.trim().split("\n").at(-1));
  return { bytes, seconds, records: 0, matched: 0, peakRssMB: (peakKB * 1024) / 1e6 };
}

interface Row {
  readonly name: string;
  readonly input: string;
  /** The chunk size the file was read with, or "whole". */
  readonly chunk: string;
  readonly result: ChildResult;
  /** Whether the row is held to the targets. */
  readonly targeted: boolean;
}

function megabytesPerSecond(result: ChildResult): number {
  return result.bytes / 1e6 / result.seconds;
}

function formatChunk(bytes: number): string {
  return bytes >= 1 << 20 ? `${bytes / (1 << 20)} MiB` : `${bytes / 1024} KiB`;
}

/** The chunk sizes the filter pipeline is measured with: Node's default up to the CLI's. */
const FILTER_CHUNKS = [1 << 16, 1 << 18, 1 << 20];
/** What src/cli/inputs.ts reads files with. */
const CLI_CHUNK_BYTES = 1 << 18;

async function runStream(): Promise<void> {
  const mb = readStreamMegabytes();
  const baselineMb = Math.min(BASELINE_MB, mb);
  printHeading(`stream: reading a ${mb} MB dump as qaql filter does`);
  const dir = mkdtempSync(join(tmpdir(), "qaql-stream-"));
  try {
    // Projects vary in size: the first 16 give bytes per project closely enough.
    const sample = 16;
    const bytesPerProject = dumpBytes({ projects: sample, ...PER_PROJECT }) / sample;
    const big = join(dir, "dump.json");
    const small = join(dir, "dump-small.json");
    const started = performance.now();
    const bigBytes = writeDump(big, mb, bytesPerProject);
    const smallBytes = writeDump(small, baselineMb, bytesPerProject);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `generated ${(bigBytes / 1e6).toFixed(0)} MB and ${(smallBytes / 1e6).toFixed(0)} MB ` +
        `dumps in ${seconds} s (${dir}, removed afterwards)`,
    );
    const child = await bundleChild(dir);
    const files = {
      big: { file: big, name: `${(bigBytes / 1e6).toFixed(0)} MB` },
      small: { file: small, name: `${(smallBytes / 1e6).toFixed(0)} MB` },
    };
    const rows: Row[] = [];
    const measure = (
      name: string,
      what: string,
      reader: string,
      input: keyof typeof files,
      targeted = false,
      chunkBytes = DEFAULT_CHUNK_BYTES,
    ): ChildResult => {
      const { file, name: size } = files[input];
      const result = runChild(child, what, reader, file, chunkBytes);
      const chunk = what === "json-parse" ? "whole" : formatChunk(chunkBytes);
      rows.push({ name, input: size, chunk, result, targeted });
      return result;
    };

    const parse = measure("JSON.parse (readFileSync + toString)", "json-parse", "-", "small");
    // The libraries on the smaller dump, to pick the best for the full filter run.
    const libraries = ["stream-json", "@streamparser/json"].map((reader) => ({
      reader,
      result: measure(`${reader}: read artefacts`, "read", reader, "small"),
    }));
    const best = libraries.reduce((a, b) =>
      megabytesPerSecond(a.result) >= megabytesPerSecond(b.result) ? a : b,
    );
    measure("qaql readDump: read artefacts", "read", "qaql", "small");
    measure("qaql readDump: read artefacts", "read", "qaql", "big", true);
    for (const chunkBytes of FILTER_CHUNKS) {
      measure("qaql filter pipeline", "filter", "qaql", "big", true, chunkBytes);
    }
    measure("qaql filterDump", "filterDump", "-", "big", true, CLI_CHUNK_BYTES);
    // The same run with a mistyped name in the selection: its cost is the unseen-field report's.
    const unseenField = "qaql filterDump, fields + a name no record holds";
    measure(unseenField, "filterDump", "unseen", "big", true, CLI_CHUNK_BYTES);
    if (existsSync(CLI) && existsSync("/usr/bin/time")) {
      const result = runCommandLine(big, bigBytes);
      rows.push({
        name: "qaql filter (dist/cli.js, NDJSON to /dev/null)",
        input: files.big.name,
        chunk: formatChunk(CLI_CHUNK_BYTES),
        result,
        targeted: true,
      });
    } else {
      console.log(
        "(no dist/cli.js or /usr/bin/time: run npm run build to measure the command itself)",
      );
    }
    measure(`${best.reader}: filter pipeline`, "filter", best.reader, "big");
    measure("floor: split lines + JSON.parse, no checks", "filter", "lines", "big");
    printRows(rows, megabytesPerSecond(parse));
    console.log(
      `\nfilter: --resource ${FILTER.resource} --where "${FILTER.where}" --fields "${FILTER.fields}", ` +
        "NDJSON to /dev/null with backpressure; peak RSS is the child's maxRSS.",
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function printRows(rows: readonly Row[], parseRate: number): void {
  const table = rows.map(({ name, input, chunk, result, targeted }) => {
    const rate = megabytesPerSecond(result);
    const ratio = rate / parseRate;
    const verdict = !targeted
      ? ""
      : ratio >= STREAM_TARGETS.minParseRatio && result.peakRssMB < STREAM_TARGETS.maxPeakRssMB
        ? "PASS"
        : "MISS";
    return [
      name,
      input,
      chunk,
      result.records.toLocaleString("en-US"),
      result.matched > 0 ? result.matched.toLocaleString("en-US") : "",
      result.seconds.toFixed(2),
      rate.toFixed(0),
      formatRatio(ratio),
      result.peakRssMB.toFixed(0),
      verdict,
    ];
  });
  const target = `target (>= ${STREAM_TARGETS.minParseRatio}x, < ${STREAM_TARGETS.maxPeakRssMB} MB)`;
  console.log(
    formatTable(
      [
        { header: "reader", align: "left" },
        { header: "input" },
        { header: "chunks" },
        { header: "records" },
        { header: "matched" },
        { header: "s" },
        { header: "MB/s" },
        { header: "vs JSON.parse" },
        { header: "peak RSS MB" },
        { header: target, align: "left" },
      ],
      table,
    ),
  );
}

/** The stream benchmark module. */
export const streamBenchmark: Benchmark = {
  name: "stream",
  description: "qaql filter's streaming reader on a 1 GB dump vs JSON.parse, and peak RSS",
  run: runStream,
};
