// `qaql serve` under random requests, as a hostile client would send them: any method, path,
// header size and body, from the server's user or one who sees a project under policies. Every request gets an HTTP answer, no client's request is logged as an
// internal error, and the server's memory comes back to where it was once the run is over.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI } from "../support/run-cli.ts";
import { runs } from "../support/runs.ts";

const READY = /qaql serve: listening on http:\/\/127\.0\.0\.1:(\d+)\/api/;
const USER = "ada";
const PASSWORD = "pw";
const BASIC = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString("base64")}`;
/** A user who sees one project, under policies that hide fields and records. */
const EVE_TOKEN = "eve-permanent-token-0123456789";
const USERS = {
  eve: {
    password: "eve-pw",
    permanentTokens: [EVE_TOKEN],
    projects: ["payments-core"],
    policies: {
      artefacts: { selectable: "id,name,path,type,measures.LOC", where: "rank>=0.5" },
      findings: { selectable: "id,status,definition.name", filterable: "status" },
      projects: { selectable: "id,name,status" },
    },
    timeZone: "Asia/Tokyo",
  },
};
const EVE_BASIC = `Basic ${Buffer.from("eve:eve-pw").toString("base64")}`;

let child: ChildProcess;
let port = 0;
let stderr = "";
let bearer = "";

/** The server's resident memory in bytes, from /proc. */
function residentBytes(): number {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kilobytes) * 1024;
}

/** Sends raw bytes on a fresh connection and reads until the server closes it. */
function exchange(bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    // The server may answer and close before it has read the whole body: that is an answer too.
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNRESET" || error.code === "EPIPE")
        resolve(Buffer.concat(chunks).toString("latin1"));
      else reject(error);
    });
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.setTimeout(20_000, () => socket.destroy(new Error("no answer in 20 s")));
  });
}

interface RawRequest {
  readonly method: string;
  readonly target: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: string;
}

function bytesOf(request: RawRequest): Buffer {
  const body = Buffer.from(request.body, "utf8");
  const lines = [
    `${request.method} ${request.target} HTTP/1.1`,
    "host: 127.0.0.1",
    "connection: close",
  ];
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  if (body.length > 0 || request.method === "POST") lines.push(`content-length: ${body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), body]);
}

const junk = (max: number) =>
  fc.string({
    unit: fc.constantFrom("a", "%", "z", "/", "=", "&", "é", "(", " ", "\u0000"),
    maxLength: max,
  });
const big = (unit: string) =>
  fc.integer({ min: 1, max: 120 * 1024 }).map((n) => unit.repeat(n).slice(0, n));

const method = fc.constantFrom(
  "GET",
  "GET",
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "DELETE",
  "OPTIONS",
  "PATCH",
  "TRACE",
);
const path = fc.oneof(
  fc.constantFrom(
    "/api/projects",
    "/api/artefacts",
    "/api/findings",
    "/api/token",
    "/api/projects/101",
    "/api/artefacts/1000/query",
    "/api/artefacts/1000/findings",
    "/api/projects/payments-core/artefacts",
    "/api/projects/checkout-web/artefacts",
    "/api/artefacts/1075/findings",
    "/api/versions/20001/artefacts/1000",
    "/api/models",
    "/api/dump",
    "//api/projects",
    "/api//artefacts",
    "/nowhere",
    "/api/%zz",
    "*",
    "http://[::1",
    "http://127.0.0.1/api/projects",
  ),
  junk(40).map((text) => `/api/${encodeURI(text).replaceAll("%25", "%")}`),
);
const query = fc.oneof(
  fc.constant(""),
  fc.constantFrom(
    "?where=type.id%3DFILE&fields=id,name&size=5",
    "?where=rank%3E%3D2&page=3",
    "?where=analysisTime%3E2024-02-30",
    "?size=100000",
    "?where=a&where=b",
    "?where=((((((((((a=1))))))))))",
  ),
  big("pad=x&").map((padding) => `?where=id>1&${padding}`),
  junk(200).map((text) => `?where=${encodeURIComponent(text)}`),
);
const authorization = fc.constantFrom<string | undefined>(
  undefined,
  "bearer",
  "bearer",
  "bearer",
  `Bearer ${EVE_TOKEN}`,
  `Bearer ${EVE_TOKEN}`,
  BASIC,
  EVE_BASIC,
  "Bearer nope",
  "Digest x",
);
const header = fc.oneof(
  fc.tuple(
    fc.constant("accept"),
    fc.oneof(
      fc.constantFrom(
        "application/json",
        "application/vnd.qaql.app-v2+json",
        "text/html",
        "*/*;q=0",
      ),
      big("a/b;q=0.5, "),
    ),
  ),
  fc.tuple(
    fc.constant("timezone"),
    fc.constantFrom("Europe/Paris", "europe/PARIS", "Mars/Olympus", "UTC", ""),
  ),
  fc.tuple(
    fc.constant("content-type"),
    fc.constantFrom("application/json", "text/plain", "application/json; charset=utf-8"),
  ),
  fc.tuple(fc.constant("x-padding"), big("p")),
);
const body = fc.oneof(
  fc.constant(""),
  fc.constantFrom('{"columns":[{"type":"MEASURE","id":"LOC"}]}', "{", "[]", '{"orders":[{},{}]}'),
  fc.integer({ min: 1, max: 40_000 }).map((n) => `{"orders":[${"{},".repeat(n)}{}]}`),
  junk(300),
);
const rawRequest = fc.record({
  method,
  target: fc
    .tuple(path, query)
    .map(([p, q]) => (p === "*" || p.startsWith("http://[") ? p : `${p}${q}`)),
  authorization,
  headers: fc.array(header, { maxLength: 3 }),
  body,
});

type Drawn = typeof rawRequest extends fc.Arbitrary<infer T> ? T : never;

function requestOf(drawn: Drawn): RawRequest {
  const headers: [string, string][] = drawn.headers.map(([name, value]) => [name, value]);
  if (drawn.authorization === "bearer") headers.push(["authorization", `Bearer ${bearer}`]);
  else if (drawn.authorization !== undefined) headers.push(["authorization", drawn.authorization]);
  return { method: drawn.method, target: drawn.target, headers, body: drawn.body };
}

function expectAnswered(request: RawRequest, raw: string): void {
  const [head = "", ...rest] = raw.split("\r\n\r\n");
  const status = /^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1];
  expect(status, `${request.method} ${request.target.slice(0, 80)}`).toBeDefined();
  const text = rest.join("\r\n\r\n");
  if (request.method === "HEAD" || status === "204") return;
  expect(head.toLowerCase()).toMatch(
    /content-type: application\/(vnd\.qaql\.app-[a-z0-9]+\+)?json/,
  );
  expect(() => JSON.parse(text)).not.toThrow();
  if (status === "500") expect.fail(`a 500 for ${request.method} ${request.target.slice(0, 80)}`);
}

beforeAll(async () => {
  const users = join(mkdtempSync(join(tmpdir(), "qaql-serve-random-")), "users.json");
  writeFileSync(users, JSON.stringify(USERS));
  child = spawn(
    process.execPath,
    // V8 grows its young generation to tens of MB under a fast allocation rate and keeps it:
    // held at 1 MB, the resident memory shows what the server keeps, not what V8 reserved.
    [
      "--max-semi-space-size=1",
      CLI,
      "serve",
      "--port",
      "0",
      "--user",
      USER,
      "--password",
      PASSWORD,
      "--users",
      users,
    ],
    {
      env: { PATH: process.env.PATH ?? "" },
    },
  );
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  port = await new Promise<number>((resolve, reject) => {
    let stdout = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const match = READY.exec(stdout);
      if (match) resolve(Number(match[1]));
    });
    child.on("exit", (code) => reject(new Error(`qaql serve exited ${code}: ${stderr}`)));
  });
  const answer = await fetch(`http://127.0.0.1:${port}/api/token`, {
    headers: { authorization: BASIC },
  });
  bearer = ((await answer.json()) as { token: string }).token;
}, 30_000);

afterAll(() => {
  child.kill("SIGKILL");
});

describe("qaql serve under random requests", () => {
  it("answers every one, logs no internal error, and gives its memory back", async () => {
    const send = async (drawn: Drawn) => {
      const request = requestOf(drawn);
      expectAnswered(request, await exchange(bytesOf(request)));
    };
    // A first round larger than the run fills the caches, whose bound is part of the start, and
    // lets V8 size its old generation to the load (about 16 MB live, 50 MB committed).
    for (const drawn of fc.sample(rawRequest, { numRuns: runs(1500), seed: 1 })) await send(drawn);
    const start = residentBytes();
    await fc.assert(fc.asyncProperty(rawRequest, send), { numRuns: runs(600) });
    let end = residentBytes();
    for (let wait = 0; wait < 40 && end > start * 1.2; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      end = residentBytes();
    }
    expect(stderr).not.toMatch(/internal error/i);
    expect(end).toBeLessThanOrEqual(start * 1.2);
  }, 240_000);
});
