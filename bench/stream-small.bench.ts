// Filtering NDJSON of small records (about 330 bytes: non-ASCII names, some escaped quotes),
// where the cost is per record: `filterDump` (records that cannot match left unparsed, issue
// 32), the same reader parsing every record, the script a user would write instead (4 MiB
// chunks, split lines, JSON.parse, test by hand), `qaql filter` with 1 and 2 jobs against the
// same script writing its matches, and jq, on one generated file, side by side.
import { spawnSync } from "node:child_process";
import {
  closeSync,
  createReadStream,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compilePredicate } from "../src/backends/predicate/compile-predicate.ts";
import { DumpSplitter } from "../src/dump/dump-reader.ts";
import { filterDump } from "../src/dump/index.ts";
import { parseWhere } from "../src/index.ts";
import {
  type Benchmark,
  formatRatio,
  formatTable,
  printHeading,
  readPositiveEnv,
} from "./harness.ts";
import { Random } from "./random.ts";

const NAMES = ["Émile", "Zoë", "Ådne", "José", "Łukasz", "Chloé", "Ngọc", "山田", "Ana", "Ole"];
const TYPES = [
  "FOLDER",
  "FOLDER",
  "FOLDER",
  "MODULE",
  "PACKAGE",
  "FILE_SET",
  "DIR",
  "FOLDER",
  "PROJECT",
  "FILE",
];

/** Writes about `mb` megabytes of NDJSON; returns its size and record count. */
function writeSmallRecords(file: string, mb: number): { bytes: number; records: number } {
  const random = new Random(7);
  const pick = (n: number) => random.int(0, n - 1);
  const parts: string[] = [];
  let bytes = 0;
  let records = 0;
  while (bytes < mb * 1e6) {
    let text = "";
    for (let k = 0; k < 2000; k++, records++) {
      const name = NAMES[pick(NAMES.length)] as string;
      const record = {
        id: records,
        name: pick(10) === 0 ? `${name} "the ${records}"` : `${name} ${records}`,
        path: `src/main/${records % 97}/${name.toLowerCase()}-${records}.java`,
        type: { id: TYPES[pick(TYPES.length)] },
        // One record in 500 is archived: the rare filter keeps under 1%.
        status: pick(500) === 0 ? "ARCHIVED" : pick(2) === 0 ? "OPEN" : "CLOSED",
        rank: pick(5),
        owner: NAMES[pick(NAMES.length)],
        measures: { LOC: pick(5000), CC: pick(60), COMMENTS: pick(900) },
        created: `2024-0${1 + pick(9)}-1${pick(10)}T10:00:00Z`,
      };
      text += `${JSON.stringify(record)}\n`;
    }
    parts.push(text);
    bytes += Buffer.byteLength(text);
  }
  writeFileSync(file, parts.join(""));
  return { bytes, records };
}

interface Case {
  readonly name: string;
  readonly where: string;
  readonly byHand: (record: Record<string, unknown>) => boolean;
  readonly jq: string;
}

const CASES: readonly Case[] = [
  {
    name: "selective (type.id=FILE, 10%)",
    where: "type.id=FILE",
    byHand: (r) => (r.type as { id?: unknown } | undefined)?.id === "FILE",
    jq: 'select(.type.id == "FILE")',
  },
  {
    name: "rare (status=ARCHIVED, 0.2%)",
    where: "status=ARCHIVED",
    byHand: (r) => r.status === "ARCHIVED",
    jq: 'select(.status == "ARCHIVED")',
  },
  {
    name: "numeric (measures.LOC>=4900, 2%)",
    where: "measures.LOC>=4900",
    byHand: (r) => {
      const loc = (r.measures as { LOC?: unknown } | undefined)?.LOC;
      return typeof loc === "number" && loc >= 4900;
    },
    jq: "select(.measures.LOC >= 4900)",
  },
  {
    name: "broad (rank>=1, 80%)",
    where: "rank>=1",
    byHand: (r) => typeof r.rank === "number" && r.rank >= 1,
    jq: "select(.rank >= 1)",
  },
];

/** The script a user writes instead: 4 MiB chunks, lines split, JSON.parse, tested by hand. */
async function parseFirst(file: string, test: Case["byHand"]): Promise<number> {
  let rest = "";
  let matched = 0;
  for await (const chunk of createReadStream(file, { encoding: "utf8", highWaterMark: 4 << 20 })) {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) if (line !== "" && test(JSON.parse(line))) matched++;
  }
  if (rest !== "" && test(JSON.parse(rest))) matched++;
  return matched;
}

/** The same script writing the lines that match to a file, as `qaql filter` writes its matches. */
async function parseFirstWriting(file: string, test: Case["byHand"]): Promise<number> {
  const out = openSync(`${file}.floor`, "w");
  let rest = "";
  let matched = 0;
  try {
    for await (const chunk of createReadStream(file, {
      encoding: "utf8",
      highWaterMark: 4 << 20,
    })) {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      let kept = "";
      for (const line of lines) {
        if (line !== "" && test(JSON.parse(line))) {
          kept += `${line}\n`;
          matched++;
        }
      }
      writeSync(out, kept);
    }
    if (rest !== "" && test(JSON.parse(rest))) {
      writeSync(out, `${rest}\n`);
      matched++;
    }
  } finally {
    closeSync(out);
    rmSync(`${file}.floor`);
  }
  return matched;
}

/** qaql's reader parsing every record, then the compiled predicate: the engine before issue 32. */
async function parseEvery(file: string, where: string): Promise<number> {
  const matches = compilePredicate(parseWhere(where), {});
  let matched = 0;
  const splitter = new DumpSplitter({});
  const drain = () => {
    for (let records = splitter.next(); records !== undefined; records = splitter.next()) {
      for (const record of records) if (matches(record)) matched++;
    }
    splitter.throwPending();
  };
  for await (const chunk of createReadStream(file, { highWaterMark: 256 << 10 })) {
    splitter.push(chunk as Buffer);
    drain();
  }
  splitter.end();
  drain();
  return matched;
}

async function throughFilterDump(file: string, where: string, trustInput = false): Promise<number> {
  let matched = 0;
  const input = createReadStream(file, { highWaterMark: 256 << 10 });
  for await (const batch of filterDump(input, { where, trustInput }).batches())
    matched += batch.length;
  return matched;
}

const CLI = join(import.meta.dirname, "..", "dist", "cli.js");

/** The built `qaql filter` in a process of its own, as jq runs; its matches, counted from its output. */
function throughCli(file: string, where: string, jobs: number, trustInput = false): number {
  const out = `${file}.out`;
  const args = [CLI, "filter", file, "--where", where, "--engine", "js", "--output", "ndjson"];
  args.push("--jobs", String(jobs), "--out", out, ...(trustInput ? ["--trust-input"] : []));
  const result = spawnSync(process.execPath, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`qaql filter --jobs ${jobs}:\n${result.stderr}`);
  const output = readFileSync(out);
  rmSync(out);
  let lines = 0;
  for (let at = output.indexOf(10); at !== -1; at = output.indexOf(10, at + 1)) lines++;
  return lines;
}

function throughJq(file: string, program: string): number | undefined {
  const result = spawnSync("jq", ["-c", program, file], { maxBuffer: 1 << 30, encoding: "utf8" });
  if (result.error !== undefined || result.status !== 0) return undefined;
  return result.stdout.split("\n").filter((line) => line !== "").length;
}

async function timed(run: () => Promise<number | undefined> | number | undefined) {
  const started = performance.now();
  const matched = await run();
  return { matched, seconds: (performance.now() - started) / 1000 };
}

export const streamSmallBenchmark: Benchmark = {
  name: "stream-small",
  description:
    "filtering NDJSON of small records: filterDump, every record parsed, a parse-first script, jq",
  async run() {
    const mb = readPositiveEnv("QAQL_STREAM_SMALL_MB", "megabytes", 300);
    const dir = mkdtempSync(join(tmpdir(), "qaql-small-"));
    const file = join(dir, "small.ndjson");
    try {
      const { bytes, records } = writeSmallRecords(file, mb);
      printHeading(
        `stream-small: ${(bytes / 1e6).toFixed(0)} MB of NDJSON, ${records.toLocaleString("en-US")} records of ${Math.round(bytes / records)} bytes`,
      );
      const hasJq = spawnSync("jq", ["--version"]).status === 0;
      const hasCli = existsSync(CLI);
      if (!hasCli) console.log("(the qaql filter rows need dist/cli.js: run npm run build)");
      const rows: string[][] = [];
      for (const c of CASES) {
        const floor = await timed(() => parseFirst(file, c.byHand));
        const measured = [
          ["parse-first script (the floor)", floor],
          ["qaql, every record parsed", await timed(() => parseEvery(file, c.where))],
          ["qaql filterDump", await timed(() => throughFilterDump(file, c.where))],
          [
            "qaql filterDump, trustInput",
            await timed(() => throughFilterDump(file, c.where, true)),
          ],
          ...(hasCli
            ? ([
                [
                  "parse-first script writing its matches",
                  await timed(() => parseFirstWriting(file, c.byHand)),
                ],
                ["qaql filter --jobs 1", await timed(() => throughCli(file, c.where, 1))],
                ["qaql filter --jobs 2", await timed(() => throughCli(file, c.where, 2))],
                [
                  "qaql filter --jobs 2 --trust-input",
                  await timed(() => throughCli(file, c.where, 2, true)),
                ],
              ] as const)
            : []),
          ...(hasJq
            ? [["jq -c 'select(…)'", await timed(() => throughJq(file, c.jq))] as const]
            : []),
        ] as const;
        for (const [name, { matched, seconds }] of measured) {
          if (matched !== floor.matched)
            throw new Error(`${name} matched ${matched}, not ${floor.matched}`);
          rows.push([
            c.name,
            name,
            (matched ?? 0).toLocaleString("en-US"),
            seconds.toFixed(2),
            (bytes / 1e6 / seconds).toFixed(0),
            formatRatio(floor.seconds / seconds),
          ]);
        }
      }
      console.log(
        formatTable(
          [
            { header: "filter", align: "left" },
            { header: "engine", align: "left" },
            { header: "matched", align: "right" },
            { header: "s", align: "right" },
            { header: "MB/s", align: "right" },
            { header: "speed vs floor", align: "right" },
          ],
          rows,
        ),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
