// qaql's list route in Express and Fastify against the same route written by hand without
// qaql (bench/http-server.ts), each server in its own process on 127.0.0.1, under 20
// keep-alive autocannon connections for QAQL_HTTP_SECONDS (default 15) each: a load generator
// lighter than fetch, which left the server idle half the time on 2 cores. Both must answer the same
// body before the clock starts. Only 127.0.0.1 is ever contacted.
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import autocannon from "autocannon";
import {
  type Benchmark,
  formatOps,
  formatTable,
  printHeading,
  readPositiveEnv,
} from "./harness.ts";

const CLIENTS = 20;
/** Measured rounds per server pair: each gives one ratio, and the median is reported. */
const ROUNDS = 15;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
}
const SERVER = join(import.meta.dirname, "http-server.ts");
const PATHS = [1, 2, 3].map(
  (page) =>
    `/api/artefacts?where=${encodeURIComponent("type.id=FILE AND rank>=3")}&fields=id,name,rank&page=${page}&size=20`,
);

function seconds(env: NodeJS.ProcessEnv = process.env): number {
  return readPositiveEnv("QAQL_HTTP_SECONDS", "seconds", 15, env);
}

function start(framework: string, variant: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ["--experimental-strip-types", "--no-warnings", SERVER, framework, variant],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      const port = /port (\d+)/.exec(chunk.toString("utf8"))?.[1];
      if (port) resolve({ child, url: `http://127.0.0.1:${port}` });
    });
    child.once("exit", (code) => reject(new Error(`${framework} ${variant} exited (${code})`)));
  });
}

/** Requests a second under `CLIENTS` keep-alive connections of autocannon, cycling the pages. */
async function load(url: string, ms: number): Promise<{ rate: number; errors: number }> {
  const result = await autocannon({
    url,
    connections: CLIENTS,
    duration: ms / 1000,
    requests: PATHS.map((path) => ({ method: "GET", path })),
  });
  return {
    rate: result.requests.total / result.duration,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function bodies(url: string): Promise<string[]> {
  return Promise.all(PATHS.map(async (path) => (await fetch(`${url}${path}`)).text()));
}

async function run(): Promise<void> {
  const ms = seconds() * 1000;
  printHeading(
    `http: qaql's list route against a hand-written one, ${CLIENTS} clients, ${ms / 1000} s each`,
  );
  const rows: string[][] = [];
  for (const framework of ["express", "fastify"]) {
    const qaql = await start(framework, "qaql");
    const hand = await start(framework, "hand");
    try {
      const [qaqlBodies, handBodies] = await Promise.all([bodies(qaql.url), bodies(hand.url)]);
      if (
        JSON.stringify(qaqlBodies.map((b) => JSON.parse(b))) !==
        JSON.stringify(handBodies.map((b) => JSON.parse(b)))
      ) {
        throw new Error(
          `${framework}: the two routes answer differently:\n${qaqlBodies[0]}\n${handBodies[0]}`,
        );
      }
      // Warm both, then measure in rounds, alternating which goes first so that the drift of a
      // shared machine hits both alike; the overhead is the median of the rounds' own ratios.
      await load(qaql.url, 500);
      await load(hand.url, 500);
      const runs = { qaql: [] as number[], hand: [] as number[] };
      let errors = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const order = [
          ["qaql", qaql],
          ["hand", hand],
        ] as const;
        for (const [name, server] of round % 2 === 0 ? order : [...order].reverse()) {
          const result = await load(server.url, ms / ROUNDS);
          runs[name].push(result.rate);
          errors += result.errors;
        }
      }
      const overheads = runs.qaql.map((ours, i) => 1 - ours / (runs.hand[i] as number));
      rows.push([
        framework,
        formatOps(median(runs.qaql)),
        formatOps(median(runs.hand)),
        `${(median(overheads) * 100).toFixed(1)}%`,
        `${(Math.min(...overheads) * 100).toFixed(1)}% to ${(Math.max(...overheads) * 100).toFixed(1)}%`,
        String(errors),
      ]);
    } finally {
      qaql.child.kill();
      hand.child.kill();
    }
  }
  console.log(
    formatTable(
      [
        { header: "framework", align: "left" },
        { header: "qaql req/s" },
        { header: "by hand req/s" },
        { header: "qaql's overhead" },
        { header: `range of ${ROUNDS} rounds` },
        { header: "errors" },
      ],
      rows,
    ),
  );
}

export const httpBenchmark: Benchmark = {
  name: "http",
  description: "qaql's list route in Express and Fastify against the same route written by hand",
  run: async () => run(),
};
