// One abuser of `qaql serve`, in a worker thread so that its work does not slow the well-behaved
// clients' event loop: it sends its kind of request on its own connections until the deadline,
// then reports what it got. Only 127.0.0.1 is ever contacted.
import { Agent, request } from "node:http";
import { parentPort, workerData } from "node:worker_threads";

/** The abusers `npm run bench -- abuse` runs, each beside the well-behaved clients. */
export type AbuseKind = "query" | "query-at-limit" | "padded" | "anonymous";

export interface AbuseOrder {
  readonly kind: AbuseKind;
  /** The API's base URL, `http://127.0.0.1:<port>/api`. */
  readonly url: string;
  readonly token: string;
  /** Paths of lists below `/api`, for the padded requests to spread over. */
  readonly routes: readonly string[];
  /** Epoch milliseconds at which to stop. */
  readonly until: number;
}

export interface AbuseReport {
  readonly requests: number;
  readonly statuses: Readonly<Record<string, number>>;
  readonly bytesSent: number;
  readonly bytesAnswered: number;
}

/** The 1 MB query body of issue 28: every member of every order missing. */
const AMPLIFYING_BODY = Buffer.from(`{"orders":[${"{},".repeat(349_000)}{}]}`);
/** The same, just under the 256 KiB the server reads: parsed and checked each time. */
const AMPLIFYING_AT_LIMIT = Buffer.from(`{"orders":[${"{},".repeat(87_000)}{}]}`);
/** The Accept header of the anonymous clients: 200 KB of ranges. */
const HUGE_ACCEPT = "a/b;q=0.5, ".repeat(200_000 / 11);
const PADDING = "x".repeat(200 * 1024);

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
  }
}

async function abuse(order: AbuseOrder, connections: number): Promise<AbuseReport> {
  const { hostname, port } = new URL(order.url);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const statuses: Record<string, number> = {};
  let requests = 0;
  let bytesSent = 0;
  let bytesAnswered = 0;
  const send = (shot: Shot) =>
    new Promise<void>((resolve) => {
      const sent = request({ hostname, port, agent, ...shot }, (response) => {
        response.on("data", (chunk: Buffer) => {
          bytesAnswered += chunk.length;
        });
        response.on("end", () => {
          const status = String(response.statusCode);
          statuses[status] = (statuses[status] ?? 0) + 1;
          resolve();
        });
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
  return { requests, statuses, bytesSent, bytesAnswered };
}

if (parentPort) {
  const order = workerData as AbuseOrder;
  // Issue 28's scenarios: one token holder for the query bodies and the padded lists, four
  // anonymous clients for the Accept headers.
  const connections = order.kind === "anonymous" ? 4 : 1;
  void abuse(order, connections).then((report) => parentPort?.postMessage(report));
}
