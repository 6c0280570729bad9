// `qaql serve` with one hostile client beside the well-behaved ones (issues 28 and 44): 50
// keep-alive clients, each a user of its own, send the serve benchmark's mix of lists and items
// for QAQL_SERVE_SECONDS (default 10) alone, then beside each abuser in turn, each scenario on a
// fresh server. Reports the well-behaved clients' req/s, p50, p99 and errors, the share of their
// throughput alone they keep, the server's RSS once warmed up, at its peak and 5 s after the
// abuser stopped (to compare with the same load's alone), a real user's login during the password flood, and the guesses a guesser gets in
// after its tenth failure. Only 127.0.0.x is ever contacted.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { digestPassword } from "../src/server/password-digest.ts";
import type { AbuseKind, AbuseOrder, AbuseReport } from "./abuse-worker.ts";
import { type Benchmark, formatOps, formatTable, printHeading } from "./harness.ts";
import {
  CLIENTS,
  clientTokens,
  type Load,
  PASSWORD,
  percentile,
  readServeSeconds,
  requestPaths,
  residentMegabytes,
  runLoad,
  startServer,
  tokenOf,
} from "./serve.bench.ts";

const WORKER = join(import.meta.dirname, "abuse-worker.ts");
const SAMPLE = join(import.meta.dirname, "..", "sample", "dump.json");

/** The goals of issue 44: what the well-behaved clients keep beside any one abuser. */
const GOAL = {
  throughput: 0.7,
  p99Factor: 3,
  rssMegabytes: 300,
  rssAfter: 1.2,
  loginMs: 1000,
  guessesPerMinute: 6,
};

interface Scenario {
  readonly kind: AbuseKind | undefined;
  readonly label: string;
  readonly connections: number;
  /** Another loopback address, for an abuser the server must tell from the others by it. */
  readonly localAddress?: string;
}

const ALL_SCENARIOS: readonly Scenario[] = [
  { kind: undefined, label: "alone", connections: 0 },
  { kind: "query-flood", label: "40 heavy 252 KB query definitions at once", connections: 40 },
  {
    kind: "password-flood",
    label: "wrong passwords, 64 connections, anonymous",
    connections: 64,
    localAddress: "127.0.0.2",
  },
  {
    kind: "guesser",
    label: "a plain password guessed, 1 connection",
    connections: 1,
    localAddress: "127.0.0.3",
  },
  { kind: "dump-flood", label: "/api/dump, 4 connections", connections: 4 },
  { kind: "distinct-filters", label: "a new 8 KB filter each time, 8 connections", connections: 8 },
  { kind: "query", label: "1 MB query bodies", connections: 1 },
  { kind: "query-at-limit", label: "255 KB query bodies", connections: 1 },
  { kind: "padded", label: "200 KB padded lists, 12 routes", connections: 1 },
  { kind: "anonymous", label: "200 KB Accept, 4 anonymous clients", connections: 4 },
];

/** The scenarios `QAQL_ABUSERS` names (kinds, by commas), or all; "alone" always. */
const SCENARIOS = ((names) =>
  ALL_SCENARIOS.filter(({ kind }) => kind === undefined || !names || names.includes(kind)))(
  process.env.QAQL_ABUSERS?.split(","),
);

/** The abusers' users: one that signs in and abuses, and one whose plain password is guessed. */
const ABUSER = "mallory";
const GUESSED = { carl: "carl-plain-password" };

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
  readonly scenario: Scenario;
  readonly load: Load;
  readonly rss: { before: number; peak: number; after: number; settledIn: number } | undefined;
  readonly abuser: AbuseReport | undefined;
  /** A real user's login during the abuse, in ms, where the scenario measures it. */
  readonly loginMs: number | undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs one scenario. After the run the server idles: its RSS is read every second from 5 s on
 * until it is within `settled` MB (the same load's alone, give or take 20%), or 30 s have passed.
 */
async function runScenario(
  scenario: Scenario,
  seconds: number,
  settled = Number.POSITIVE_INFINITY,
): Promise<Outcome> {
  const { kind, connections, localAddress } = scenario;
  // With a digest among the users, every wrong password costs a scrypt.
  const ann =
    kind === "password-flood"
      ? { ann: { passwordDigest: await digestPassword("ann-password") } }
      : {};
  const { child, url } = await startServer({ [ABUSER]: PASSWORD, ...GUESSED, ...ann });
  const rssNow = () => (child.pid === undefined ? undefined : residentMegabytes(child.pid));
  try {
    const tokens = await clientTokens(url);
    const paths = requestPaths();
    for (const path of paths) {
      const response = await fetch(`${url}${path}`, {
        headers: { authorization: `Bearer ${tokens[0]}` },
      });
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    }
    // The server's RSS under the normal load alone, warmed up, is where it must come back to.
    await runLoad(url, tokens, paths, 3000);
    const before = rssNow()?.now;
    const until = Date.now() + seconds * 1000;
    const abuser =
      kind === undefined
        ? Promise.resolve(undefined)
        : runAbuser({
            kind,
            url,
            token: await tokenOf(url, ABUSER),
            routes: await listRoutes(),
            until,
            connections,
            ...(localAddress && { localAddress }),
          });
    const login =
      kind === "password-flood"
        ? sleep((seconds * 1000) / 2).then(async () => {
            const started = performance.now();
            await tokenOf(url, "ann", "ann-password");
            return performance.now() - started;
          })
        : Promise.resolve(undefined);
    const load = await runLoad(url, tokens, paths, seconds * 1000);
    const report = await abuser;
    const loginMs = await login;
    await sleep(5000);
    let after = rssNow();
    let settledIn = 5;
    for (; settledIn < 30 && after !== undefined && after.now > settled; settledIn++) {
      await sleep(1000);
      after = rssNow();
    }
    const rss =
      before === undefined || after === undefined
        ? undefined
        : { before, peak: after.peak, after: after.now, settledIn };
    return { scenario, load, rss, abuser: report, loginMs };
  } finally {
    child.removeAllListeners("exit");
    child.kill("SIGTERM");
  }
}

/** The guesses answered 401 after the tenth, a minute, over the rest of the run. */
function guessesPerMinute(report: AbuseReport, seconds: number): number | undefined {
  const tenth = report.wrongAt[9];
  if (tenth === undefined) return undefined;
  const minutes = (seconds * 1000 - tenth) / 60_000;
  return minutes > 0 ? (report.wrongAt.length - 10) / minutes : undefined;
}

async function runAbuse(): Promise<void> {
  const seconds = readServeSeconds();
  printHeading(
    `abuse: ${CLIENTS} keep-alive clients, a user each, for ${seconds} s, alone and beside each abuser`,
  );
  if (!existsSync(join(import.meta.dirname, "..", "dist", "cli.js"))) {
    throw new Error("bench abuse runs dist/cli.js: run npm run build first");
  }
  const [first, ...abusers] = SCENARIOS;
  const alone = await runScenario(first as Scenario, seconds);
  const settled = (alone.rss?.after ?? Number.POSITIVE_INFINITY) * GOAL.rssAfter;
  const outcomes: Outcome[] = [alone];
  for (const scenario of abusers) outcomes.push(await runScenario(scenario, seconds, settled));
  const rate = (load: Load) => load.latencies.length / load.seconds;
  const p99 = (load: Load) => percentile(load.latencies, 0.99);
  let met = true;
  const rows = outcomes.map(({ scenario, load, rss, abuser, loginMs }) => {
    const kept = rate(load) / rate(alone.load);
    const factor = p99(load) / p99(alone.load);
    const guesses =
      scenario.kind === "guesser" && abuser ? guessesPerMinute(abuser, seconds) : undefined;
    const ok =
      kept >= GOAL.throughput &&
      factor <= GOAL.p99Factor &&
      load.errors === 0 &&
      (rss?.peak ?? 0) < GOAL.rssMegabytes &&
      (rss === undefined || rss.after <= settled) &&
      (loginMs ?? 0) < GOAL.loginMs &&
      (guesses ?? 0) <= GOAL.guessesPerMinute;
    met &&= ok;
    const answered = abuser
      ? Object.entries(abuser.statuses)
          .map(([status, count]) => `${count}×${status}`)
          .join(" ")
      : "";
    const mb = (value: number | undefined) => (value === undefined ? "n/a" : value.toFixed(0));
    return [
      scenario.label,
      formatOps(rate(load)),
      `${(kept * 100).toFixed(0)}%`,
      percentile(load.latencies, 0.5).toFixed(2),
      p99(load).toFixed(2),
      `${factor.toFixed(2)}×`,
      String(load.errors),
      `${mb(rss?.before)} / ${mb(rss?.peak)} / ${mb(rss?.after)} (${rss?.settledIn ?? "?"} s)`,
      loginMs === undefined ? "" : loginMs.toFixed(0),
      guesses === undefined ? "" : guesses.toFixed(1),
      answered,
      ok ? "yes" : "NO",
    ];
  });
  console.log(
    formatTable(
      [
        { header: "abuser" },
        { header: "req/s" },
        { header: "kept" },
        { header: "p50 ms" },
        { header: "p99 ms" },
        { header: "p99 vs alone" },
        { header: "errors" },
        { header: "RSS MB before / peak / after (when)" },
        { header: "login ms" },
        { header: "guesses/min" },
        { header: "abuser's answers" },
        { header: "goal met" },
      ],
      rows,
    ),
  );
  console.log(
    `\nGoal: ≥ ${GOAL.throughput * 100}% of the throughput alone, p99 at most ${GOAL.p99Factor}× alone, ` +
      `no errors, server peak RSS under ${GOAL.rssMegabytes} MB and, within 30 s of the abuser stopping, within ` +
      `${Math.round((GOAL.rssAfter - 1) * 100)}% of the server's after the same load alone (read each second from 5 s); a real user's login during the password ` +
      `flood under ${GOAL.loginMs} ms; a guesser at most ${GOAL.guessesPerMinute} guesses a minute after ` +
      "its tenth failure. Each scenario on a fresh server; the abuser runs in a worker thread, from " +
      "127.0.0.2 or .3 where the server must tell it apart by address; clients, abuser and server " +
      "share the machine's cores.",
  );
  if (!met) process.exitCode = 1;
}

/** The abuse benchmark module. */
export const abuseBenchmark: Benchmark = {
  name: "abuse",
  description:
    "qaql serve's 50 clients alone and beside one hostile client of each kind (issues 28, 44)",
  run: runAbuse,
};
