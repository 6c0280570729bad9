// One abuser of `qaql serve`, in a worker thread so that its work does not slow the well-behaved
// clients' event loop: it sends its kind of request on its own connections until the deadline,
// then reports what it got. Only 127.0.0.1 is ever contacted.
import { Agent, request } from "node:http";
import { parentPort, workerData } from "node:worker_threads";

/** The abusers `npm run bench -- abuse` runs, each beside the well-behaved clients. */
export type AbuseKind =
  | "query"
  | "query-at-limit"
  | "padded"
  | "anonymous"
  | "query-flood"
  | "password-flood"
  | "guesser"
  | "dump-flood"
  | "distinct-filters";

export interface AbuseOrder {
  readonly kind: AbuseKind;
  /** The API's base URL, `http://127.0.0.1:<port>/api`. */
  readonly url: string;
  readonly token: string;
  /** Paths of lists below `/api`, for the padded requests to spread over. */
  readonly routes: readonly string[];
  /** Epoch milliseconds at which to stop. */
  readonly until: number;
  /** The connections it sends on at once. */
  readonly connections: number;
  /** The local address it sends from (127.0.0.x), so that the server tells it from the others. */
  readonly localAddress?: string;
}

export interface AbuseReport {
  readonly requests: number;
  readonly statuses: Readonly<Record<string, number>>;
  readonly bytesSent: number;
  readonly bytesAnswered: number;
  /** When each 401 came, in ms from the start: the guesses the server let through. */
  readonly wrongAt: readonly number[];
}

/** The 1 MB query body of issue 28: every member of every order missing. */
const AMPLIFYING_BODY = Buffer.from(`{"orders":[${"{},".repeat(349_000)}{}]}`);
/** The same, just under the 256 KiB the server reads: parsed and checked each time. */
const AMPLIFYING_AT_LIMIT = Buffer.from(`{"orders":[${"{},".repeat(87_000)}{}]}`);
/** The Accept header of the anonymous clients: 200 KB of ranges. */
const HUGE_ACCEPT = "a/b;q=0.5, ".repeat(200_000 / 11);
const PADDING = "x".repeat(200 * 1024);
/** A valid definition of 252 KiB: 180 inverted info filters of 110 patterns each, ~230 ms to run on the sample. */
const HEAVY_DEFINITION = Buffer.from(
  JSON.stringify({
    columns: [{ type: "MEASURE", id: "LOC" }],
    filters: Array.from({ length: 180 }, (_, f) => ({
      type: "info",
      id: "LANGUAGE",
      data: { patterns: Array.from({ length: 110 }, (_, p) => `*x${f}y${p}*z`) },
      invert: true,
    })),
  }),
);
/** An 8 KB filter of its own for each request: every one parsed, checked and compiled anew. */
const distinctFilter = (i: number) =>
  encodeURIComponent(
    Array.from({ length: 400 }, (_, k) => `name!=n${i}x${k}`)
      .join(" AND ")
      .slice(0, 8000)
      .replace(/ AND [^ ]*$/, ""),
  );
const basicOf = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

interface Shot {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: Buffer;
}

function shotOf(order: AbuseOrder, i: number): Shot {
  const { pathname } = new URL(order.url);
  const bearer = { authorization: `Bearer ${order.token}` };
  switch (order.kind) {
    case "query":
    case "query-at-limit":
      return {
        method: "POST",
        path: `${pathname}/artefacts/1000/query`,
        headers: { ...bearer, "content-type": "application/json" },
        body: order.kind === "query" ? AMPLIFYING_BODY : AMPLIFYING_AT_LIMIT,
      };
    case "padded": {
      const route = order.routes[i % order.routes.length] ?? "/projects";
      return {
        method: "GET",
        path: `${pathname}${route}?where=id%3E${i % 50}&pad${i}=${PADDING}`,
        headers: bearer,
      };
    }
    case "anonymous":
      return { method: "GET", path: `${pathname}/projects`, headers: { accept: HUGE_ACCEPT } };
    case "query-flood":
      return {
        method: "POST",
        path: `${pathname}/artefacts/1000/query`,
        headers: { ...bearer, "content-type": "application/json" },
        body: HEAVY_DEFINITION,
      };
    case "password-flood":
      return {
        method: "GET",
        path: `${pathname}/token`,
        headers: { authorization: basicOf(`user${i % 1000}`, `guess-${i}`) },
      };
    case "guesser":
      return {
        method: "GET",
        path: `${pathname}/token`,
        headers: { authorization: basicOf("carl", `guess-${i}`) },
      };
    case "dump-flood":
      return { method: "GET", path: `${pathname}/dump`, headers: bearer };
    case "distinct-filters":
      return {
        method: "GET",
        path: `${pathname}/artefacts?size=5&where=${distinctFilter(i)}`,
        headers: bearer,
      };
  }
}

async function abuse(order: AbuseOrder): Promise<AbuseReport> {
  const { connections, localAddress } = order;
  const { hostname, port } = new URL(order.url);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const started = Date.now();
  const wrongAt: number[] = [];
  const statuses: Record<string, number> = {};
  let requests = 0;
  let bytesSent = 0;
  let bytesAnswered = 0;
  const send = (shot: Shot) =>
    new Promise<void>((resolve) => {
      const sent = request({ hostname, port, agent, localAddress, ...shot }, (response) => {
        response.on("data", (chunk: Buffer) => {
          bytesAnswered += chunk.length;
        });
        response.on("end", () => {
          const status = String(response.statusCode);
          if (status === "401") wrongAt.push(Date.now() - started);
          statuses[status] = (statuses[status] ?? 0) + 1;
          resolve();
        });
      });
      // An answer that never comes is counted, not waited for past the run.
      sent.setTimeout(Math.max(1000, order.until - Date.now() + 5000), () => {
        sent.destroy(Object.assign(new Error("no answer"), { code: "TIMEOUT" }));
      });
      sent.on("error", (error: NodeJS.ErrnoException) => {
        statuses[error.code ?? "error"] = (statuses[error.code ?? "error"] ?? 0) + 1;
        resolve();
      });
      bytesSent += shot.path.length + (shot.body?.length ?? 0);
      sent.end(shot.body);
    });
  const loop = async (offset: number) => {
    for (let i = offset; Date.now() < order.until; i += connections) {
      await send(shotOf(order, i));
      requests++;
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, i) => loop(i)));
  agent.destroy();
  return { requests, statuses, bytesSent, bytesAnswered, wrongAt };
}

if (parentPort) {
  void abuse(workerData as AbuseOrder).then((report) => parentPort?.postMessage(report));
}
