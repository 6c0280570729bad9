// `qaql serve` under load: the built command (dist/cli.js) serves the shipped sample on
// 127.0.0.1, a free port, while 50 keep-alive fetch clients in this process send a mix of
// filtered, projected and paged list requests and item requests for QAQL_SERVE_SECONDS
// (default 10). Reports requests a second, latency percentiles, errors (anything but a 200,
// or a failed request) and the server's peak RSS. Only 127.0.0.1 is ever contacted.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildQueryString, type ListRequestInput } from "../src/list/query-string.ts";
import {
  type Benchmark,
  formatOps,
  formatTable,
  printHeading,
  readPositiveEnv,
} from "./harness.ts";

export const CLIENTS = 50;
const DEFAULT_SECONDS = 10;
const ROOT = join(import.meta.dirname, "..");
const CLI = join(ROOT, "dist", "cli.js");
const DUMP = join(ROOT, "sample", "dump.json");
export const PASSWORD = "bench-password";
/** The clients' users, one each: the server counts each user's share of its time apart. */
export const USERS = Array.from({ length: CLIENTS }, (_, i) => `bench${i}`);

/** The load's duration in seconds, from `QAQL_SERVE_SECONDS`. */
export function readServeSeconds(env: NodeJS.ProcessEnv = process.env): number {
  return readPositiveEnv("QAQL_SERVE_SECONDS", "seconds", DEFAULT_SECONDS, env);
}

/** The requests the clients cycle through: list requests of every resource, and items. */
const LISTS: readonly (ListRequestInput & { readonly resource: string })[] = [
  {
    resource: "artefacts",
    where: "type.id=FILE AND rank>=3",
    fields: "id,name,measures(LOC)",
    size: 20,
  },
  { resource: "artefacts", where: "name~*.java", fields: "id,path", page: 2, size: 10 },
  {
    resource: "artefacts",
    where: "measures.LOC>1000 OR measures.CC>=50",
    fields: "id,measures(LOC,CC)",
  },
  {
    resource: "artefacts",
    where: "rank>=2 OR parentId IS NULL",
    fields: "id,path,_links",
    size: 50,
  },
  { resource: "artefacts", fields: "id,name,type", page: 3 },
  { resource: "artefacts", where: "infos.LANGUAGE=java AND type.id IN (FILE,FOLDER)" },
  { resource: "findings", where: "status=OPEN", fields: "id,tool,status", size: 25 },
  {
    resource: "findings",
    where: "tool IN (checkstyle,pmd,eslint) AND status NOT IN (FIXED,CLOSED)",
    fields: "id,tool,definition(id,name),locations",
  },
  { resource: "findings", page: 4, size: 100 },
  { resource: "projects", where: "status=ACTIVE", fields: "id,name,analysisTime,branches(name)" },
  { resource: "projects" },
];
const ITEMS = ["/artefacts/1000?fields=id,name,measures", "/findings/500000", "/projects/101"];

export function requestPaths(): string[] {
  const lists = LISTS.map(({ resource, ...request }) => {
    const query = buildQueryString(request);
    return query === "" ? `/${resource}` : `/${resource}?${query}`;
  });
  return [...lists, ...ITEMS];
}

export interface Server {
  readonly child: ChildProcess;
  readonly url: string;
}

/**
 * Starts `qaql serve` on the sample for the clients' users and `more` (a password, or an
 * `ApiUser` as a users file holds it, by name).
 */
export function startServer(more: Readonly<Record<string, unknown>> = {}): Promise<Server> {
  const users = join(mkdtempSync(join(tmpdir(), "qaql-bench-users-")), "users.json");
  const given = Object.fromEntries(USERS.map((user) => [user, PASSWORD]));
  writeFileSync(users, JSON.stringify({ ...given, ...more }));
  const child = spawn(
    process.execPath,
    [CLI, "serve", DUMP, "--port", "0", "--host", "127.0.0.1", "--users", users],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      err += chunk.toString("utf8");
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/api)/.exec(out);
      if (match?.[1]) resolve({ child, url: match[1] });
    });
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`qaql serve exited (${code}):\n${err}`)));
  });
}

/** A token of `user` from `GET /token`. */
export async function tokenOf(url: string, user: string, password = PASSWORD): Promise<string> {
  const basic = Buffer.from(`${user}:${password}`).toString("base64");
  const issued = await fetch(`${url}/token`, { headers: { authorization: `Basic ${basic}` } });
  if (issued.status !== 200) throw new Error(`GET /token for ${user}: ${issued.status}`);
  return ((await issued.json()) as { token: string }).token;
}

/** A token for each client, each of its own user. */
export async function clientTokens(url: string): Promise<string[]> {
  const tokens: string[] = [];
  for (const user of USERS) tokens.push(await tokenOf(url, user));
  return tokens;
}

/** The peak and current resident set of a process in MB, from /proc (Linux only). */
export function residentMegabytes(pid: number): { peak: number; now: number } | undefined {
  const path = `/proc/${pid}/status`;
  if (!existsSync(path)) return undefined;
  const status = readFileSync(path, "utf8");
  const kB = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
  return { peak: (kB("VmHWM") * 1024) / 1e6, now: (kB("VmRSS") * 1024) / 1e6 };
}

export function percentile(sorted: Float64Array, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

export interface Load {
  readonly latencies: Float64Array;
  readonly errors: number;
  readonly firstError: string | undefined;
  readonly seconds: number;
}

export async function runLoad(
  url: string,
  tokens: readonly string[],
  paths: readonly string[],
  ms: number,
): Promise<Load> {
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + ms;
  const client = async (offset: number) => {
    const headers = {
      authorization: `Bearer ${tokens[offset % tokens.length]}`,
      timezone: "Europe/Paris",
    };
    for (let i = offset; performance.now() < deadline; i++) {
      const path = paths[i % paths.length] ?? "";
      const sent = performance.now();
      try {
        const response = await fetch(`${url}${path}`, { headers });
        await response.arrayBuffer();
        if (response.status !== 200) {
          errors++;
          firstError ??= `${response.status} for ${path}`;
        }
      } catch (error) {
        errors++;
        firstError ??= `${error instanceof Error ? error.message : String(error)} for ${path}`;
      }
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count++] = performance.now() - sent;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
  const seconds = (performance.now() - started) / 1000;
  return { latencies: latencies.slice(0, count).sort(), errors, firstError, seconds };
}

async function runServe(): Promise<void> {
  const seconds = readServeSeconds();
  printHeading(`serve: ${CLIENTS} keep-alive clients for ${seconds} s against qaql serve`);
  if (!existsSync(CLI)) throw new Error("bench serve runs dist/cli.js: run npm run build first");
  const { child, url } = await startServer();
  try {
    const tokens = await clientTokens(url);
    const token = tokens[0] as string;
    const paths = requestPaths();
    // Every request of the mix must be a 200 before the clock starts.
    for (const path of paths) {
      const response = await fetch(`${url}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.status !== 200) {
        throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      }
    }
    const before = child.pid === undefined ? undefined : residentMegabytes(child.pid);
    const load = await runLoad(url, tokens, paths, seconds * 1000);
    const after = child.pid === undefined ? undefined : residentMegabytes(child.pid);
    const ms = (q: number) => percentile(load.latencies, q).toFixed(2);
    const mb = (value: number | undefined) => (value === undefined ? "n/a" : value.toFixed(0));
    console.log(
      formatTable(
        [
          { header: "requests" },
          { header: "req/s" },
          { header: "p50 ms" },
          { header: "p90 ms" },
          { header: "p99 ms" },
          { header: "max ms" },
          { header: "errors" },
          { header: "server RSS before MB" },
          { header: "server peak RSS MB" },
        ],
        [
          [
            load.latencies.length.toLocaleString("en-US"),
            formatOps(load.latencies.length / load.seconds),
            ms(0.5),
            ms(0.9),
            ms(0.99),
            (load.latencies.at(-1) ?? Number.NaN).toFixed(2),
            String(load.errors),
            mb(before?.now),
            mb(after?.peak),
          ],
        ],
      ),
    );
    console.log(
      `\n${paths.length} requests in turn (${LISTS.length} filtered/projected/paged lists, ` +
        `${ITEMS.length} items), a user per client, timezone Europe/Paris; clients and server share ` +
        "the machine's cores.",
    );
    if (load.errors > 0) {
      console.log(`first error: ${load.firstError}`);
      process.exitCode = 1;
    }
  } finally {
    child.removeAllListeners("exit");
    child.kill("SIGTERM");
  }
}

/** The serve benchmark module. */
export const serveBenchmark: Benchmark = {
  name: "serve",
  description: "qaql serve under 50 concurrent keep-alive clients: req/s, p50/p99, errors, RSS",
  run: runServe,
};
