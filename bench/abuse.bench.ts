// `qaql serve` with one hostile client beside the well-behaved ones (issue 28): 50 keep-alive
// clients send the serve benchmark's mix of lists and items for QAQL_SERVE_SECONDS (default 10)
// alone, then beside each abuser in turn, each scenario on a fresh server. Reports the
// well-behaved clients' req/s, p50, p99 and errors, the share of their throughput alone they
// keep, and the server's peak RSS. Only 127.0.0.1 is ever contacted.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { AbuseKind, AbuseOrder, AbuseReport } from "./abuse-worker.ts";
import { type Benchmark, formatOps, formatTable, printHeading } from "./harness.ts";
import {
  CLIENTS,
  type Load,
  PASSWORD,
  percentile,
  readServeSeconds,
  requestPaths,
  residentMegabytes,
  runLoad,
  startServer,
  USER,
} from "./serve.bench.ts";

const WORKER = join(import.meta.dirname, "abuse-worker.ts");
const SAMPLE = join(import.meta.dirname, "..", "sample", "dump.json");

/** The goal of issue 28: what the well-behaved clients keep beside any one abuser. */
const GOAL = { throughput: 0.7, p99Factor: 3, rssMegabytes: 300 };

const SCENARIOS: readonly { readonly kind: AbuseKind | undefined; readonly label: string }[] = [
  { kind: undefined, label: "alone" },
  { kind: "query", label: "1 MB query bodies (1 token holder)" },
  { kind: "query-at-limit", label: "255 KB query bodies (1 token holder)" },
  { kind: "padded", label: "200 KB padded lists, 12 routes (1 token holder)" },
  { kind: "anonymous", label: "200 KB Accept (4 anonymous clients)" },
];

/** Twelve lists of the sample: six projects' artefacts and six artefacts' findings. */
async function listRoutes(): Promise<string[]> {
  const { readFile } = await import("node:fs/promises");
  const data = JSON.parse(await readFile(SAMPLE, "utf8")) as Record<
    string,
    { id: unknown; name?: unknown }[]
  >;
  const projects = (data.projects ?? [])
    .slice(0, 6)
    .map((p) => `/projects/${encodeURIComponent(String(p.name))}/artefacts`);
  const artefacts = (data.artefacts ?? [])
    .slice(0, 6)
    .map((a) => `/artefacts/${encodeURIComponent(String(a.id))}/findings`);
  return [...projects, ...artefacts];
}

function runAbuser(order: AbuseOrder): Promise<AbuseReport> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: order });
    worker.once("message", (report: AbuseReport) => {
      resolve(report);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

interface Outcome {
  readonly label: string;
  readonly load: Load;
  readonly peakRss: number | undefined;
  readonly abuser: AbuseReport | undefined;
}

async function runScenario(
  kind: AbuseKind | undefined,
  label: string,
  seconds: number,
): Promise<Outcome> {
  const { child, url } = await startServer();
  try {
    const basic = Buffer.from(`${USER}:${PASSWORD}`).toString("base64");
    const token = async () => {
      const issued = await fetch(`${url}/token`, { headers: { authorization: `Basic ${basic}` } });
      return ((await issued.json()) as { token: string }).token;
    };
    const normalToken = await token();
    const paths = requestPaths();
    for (const path of paths) {
      const response = await fetch(`${url}${path}`, {
        headers: { authorization: `Bearer ${normalToken}` },
      });
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    }
    const until = Date.now() + seconds * 1000;
    const abuser =
      kind === undefined
        ? Promise.resolve(undefined)
        : runAbuser({ kind, url, token: await token(), routes: await listRoutes(), until });
    const load = await runLoad(url, normalToken, paths, seconds * 1000);
    const report = await abuser;
    const peakRss = child.pid === undefined ? undefined : residentMegabytes(child.pid)?.peak;
    return { label, load, peakRss, abuser: report };
  } finally {
    child.removeAllListeners("exit");
    child.kill("SIGTERM");
  }
}

async function runAbuse(): Promise<void> {
  const seconds = readServeSeconds();
  printHeading(
    `abuse: ${CLIENTS} keep-alive clients for ${seconds} s, alone and beside each abuser`,
  );
  if (!existsSync(join(import.meta.dirname, "..", "dist", "cli.js"))) {
    throw new Error("bench abuse runs dist/cli.js: run npm run build first");
  }
  const outcomes: Outcome[] = [];
  for (const { kind, label } of SCENARIOS) outcomes.push(await runScenario(kind, label, seconds));
  const alone = outcomes[0] as Outcome;
  const rate = (load: Load) => load.latencies.length / load.seconds;
  const p99 = (load: Load) => percentile(load.latencies, 0.99);
  let met = true;
  const rows = outcomes.map(({ label, load, peakRss, abuser }) => {
    const kept = rate(load) / rate(alone.load);
    const factor = p99(load) / p99(alone.load);
    const ok =
      kept >= GOAL.throughput &&
      factor < GOAL.p99Factor &&
      load.errors === 0 &&
      (peakRss ?? 0) < GOAL.rssMegabytes;
    met &&= ok;
    const answered = abuser
      ? Object.entries(abuser.statuses)
          .map(([status, count]) => `${count}×${status}`)
          .join(" ")
      : "";
    return [
      label,
      formatOps(rate(load)),
      `${(kept * 100).toFixed(0)}%`,
      percentile(load.latencies, 0.5).toFixed(2),
      p99(load).toFixed(2),
      `${factor.toFixed(2)}×`,
      String(load.errors),
      peakRss === undefined ? "n/a" : peakRss.toFixed(0),
      answered,
      ok ? "yes" : "NO",
    ];
  });
  console.log(
    formatTable(
      [
        { header: "scenario" },
        { header: "req/s" },
        { header: "kept" },
        { header: "p50 ms" },
        { header: "p99 ms" },
        { header: "p99 vs alone" },
        { header: "errors" },
        { header: "peak RSS MB" },
        { header: "abuser's answers" },
        { header: "goal met" },
      ],
      rows,
    ),
  );
  console.log(
    `\nGoal: ≥ ${GOAL.throughput * 100}% of the throughput alone, p99 under ${GOAL.p99Factor}× alone, ` +
      `no errors, server peak RSS under ${GOAL.rssMegabytes} MB. Each scenario on a fresh server; ` +
      "the abuser runs in a worker thread, and clients, abuser and server share the machine's cores.",
  );
  if (!met) process.exitCode = 1;
}

/** The abuse benchmark module. */
export const abuseBenchmark: Benchmark = {
  name: "abuse",
  description:
    "qaql serve's 50 clients alone and beside one hostile client of each kind (issue 28)",
  run: runAbuse,
};
