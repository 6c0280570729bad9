// The document and the server, judged by tools nobody here wrote: Stoplight Prism, as a
// validating proxy in front of the reference server, checks every request against the
// document and every answer against it (`--errors`: a violation is an error answer of
// Prism's own), and Spectral lints the document with its OpenAPI rules.
import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getHttpOperationsFromSpec, type IHttpRequest } from "@stoplight/prism-http";
import {
  validateInput,
  validateOutput,
  validateSecurity,
} from "@stoplight/prism-http/dist/validator/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceEvaluate } from "../../src/conformance/reference-evaluate.ts";
import { schemas } from "../../src/schema/resources.ts";
import { type ApiServer, createApiServer } from "../../src/server/api-server.ts";
import { apiServerOpenApi } from "../../src/server/api-server-openapi.ts";

type Json = Record<string, unknown>;

const require = createRequire(import.meta.url);
const PRISM = require.resolve("@stoplight/prism-cli/dist/index.js");
const SPECTRAL = require.resolve("@stoplight/spectral-cli/dist/index.js");

const sample = JSON.parse(
  readFileSync(new URL("../../sample/dump.json", import.meta.url), "utf8"),
) as Record<string, Json[]>;

const PERMANENT = "ci-job-token-0123456789abcdef";
/** A second client, whose share of query time the test spends to reach the 429. */
const GREEDY = "greedy-job-token-0123456789abcdef";
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
const bearer = (token: string) => `Bearer ${token}`;

/** The server's clock, moved by the test: tokens expire and buckets refill on it. */
const clock = { now: Date.UTC(2026, 0, 1) };
/** Set, the next list evaluation throws: the server's 500. */
const failing = { next: false };
/** The query route reads 4 KiB: a real definition is far smaller, a padded one larger. */
const MAX_BODY_BYTES = 4096;

const scratch = mkdtempSync(join(tmpdir(), "qaql-prism-"));
const documentFile = join(scratch, "openapi.json");
const children: ChildProcess[] = [];
let server: ApiServer;
let upstream: string;
let prism: string;

/** Starts Prism's proxy in front of `upstream`; resolves with its base URL once it listens. */
function startPrism(upstream: string): Promise<string> {
  const child = spawn(
    process.execPath,
    [PRISM, "proxy", documentFile, upstream, "--errors", "--cors=false", "--port=0"],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0" } },
  );
  children.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const read = (chunk: string) => {
      output += chunk;
      if (process.env.PRISM_LOG) appendFileSync(process.env.PRISM_LOG, chunk);
      const match = /Prism is listening on (http:\/\/[^\s]+)/.exec(output);
      if (match) resolve(match[1] as string);
    };
    child.stdout.setEncoding("utf8").on("data", read);
    child.stderr.setEncoding("utf8").on("data", read);
    child.on("exit", (code) => reject(new Error(`prism exited ${code}:\n${output}`)));
  });
}

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

/** One request, through Prism unless `to` says otherwise: `fetch` refuses TRACE, and would hide what is sent. */
function send(
  method: string,
  path: string,
  headers: Readonly<Record<string, string>> = {},
  body?: string,
  to = prism,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${to}${path}`, { method, headers }, (incoming) => {
      let text = "";
      incoming.setEncoding("utf8");
      incoming.on("data", (chunk: string) => {
        text += chunk;
      });
      incoming.on("end", () =>
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

beforeAll(async () => {
  server = createApiServer({
    data: sample,
    user: "ada",
    password: "s3cret",
    users: { eve: "greedy" },
    permanentTokens: [PERMANENT, GREEDY],
    schemas: { projects: schemas.project, artefacts: schemas.artefact, findings: schemas.finding },
    now: () => clock.now,
    tokenRate: { burst: 2, perMinute: 1 },
    // The smallest share: one query empties it until the clock moves.
    queryTime: { burst: 1e-9, perSecond: 1 },
    maxBodyBytes: MAX_BODY_BYTES,
    evaluate: (records, request) => {
      if (failing.next) {
        failing.next = false;
        throw new Error("the source failed");
      }
      return referenceEvaluate(records, request);
    },
  });
  upstream = (await server.listen(0)).url;
  writeFileSync(documentFile, JSON.stringify(apiServerOpenApi()));
  prism = await startPrism(upstream);
}, 60_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** One request of the table: what is sent, and the status the server must answer. */
interface Call {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly status: number;
  /** For a 405: the `Allow` header it must carry. */
  readonly allow?: string;
  /** Run just before the request: moves the clock, gets a token, sets the source failing. */
  readonly before?: () => Promise<void> | void;
}

const HOUR = 60 * 60 * 1000;
const auth = { authorization: bearer(PERMANENT) };
const tokens: { temporary: string } = { temporary: "" };

/** A new temporary token of ada's, an hour on, so that her token rate has refilled. */
async function issueToken(): Promise<string> {
  clock.now += HOUR;
  const answer = await send("GET", "/token", { authorization: basic("ada", "s3cret") });
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.text) as { token: string }).token;
}

/** A query definition that the schema cannot tell from a valid one: `[5;3]` holds no number. */
const EMPTY_INTERVAL = JSON.stringify({
  columns: [{ type: "MEASURE", id: "LOC" }],
  filters: [{ type: "measure", id: "LOC", data: { bounds: ["[5;3]"] } }],
});
const QUERY = JSON.stringify({
  artefactTypes: ["FILE"],
  columns: [
    { type: "MEASURE", id: "LOC" },
    { type: "INDICATOR", id: "MAINTAINABILITY", displayType: "RANK" },
  ],
  orders: [{ type: "MEASURE", id: "LOC", order: "DESC", orderType: "VALUE" }],
  resultSize: 5,
});
/** A valid definition larger than the server reads. */
const PADDED = JSON.stringify({
  columns: Array.from({ length: 20 }, (_, i) => ({ type: "INFO", id: `${i}`.padEnd(250, "x") })),
});
const LONG_ACCEPT = Array.from({ length: 80 }, (_, i) => `application/x-${i}`).join(", ");
const json = { "content-type": "application/json" };

/**
 * The methods each path of the document takes (grammar/language.md 6.8), by a path of the
 * sample's; every other method that a Path Item can name is a 405 with `Allow`.
 */
/** The id of the sample's Java model: a text, which a path of digits cannot stand for. */
const JAVA_MODEL = "7c1e4b52-3f0a-4d8e-9b26-5a1f0c9e7d34";

const ROUTES: readonly { template: string; path: string; allow: string }[] = [
  { template: "/token", path: "/token", allow: "GET, DELETE" },
  { template: "/projects", path: "/projects", allow: "GET, HEAD" },
  { template: "/projects/{projectId}", path: "/projects/101", allow: "GET, HEAD" },
  {
    template: "/projects/{projectName}/artefacts",
    path: "/projects/payments-core/artefacts",
    allow: "GET, HEAD",
  },
  { template: "/artefacts", path: "/artefacts", allow: "GET, HEAD" },
  { template: "/artefacts/{artefactId}", path: "/artefacts/1000", allow: "GET, HEAD" },
  {
    template: "/artefacts/{artefactId}/findings",
    path: "/artefacts/1000/findings",
    allow: "GET, HEAD",
  },
  { template: "/artefacts/{artefactId}/query", path: "/artefacts/1000/query", allow: "POST" },
  { template: "/findings", path: "/findings", allow: "GET, HEAD" },
  { template: "/findings/{findingId}", path: "/findings/500000", allow: "GET, HEAD" },
  { template: "/models", path: "/models", allow: "GET, HEAD" },
  { template: "/models/{modelId}", path: `/models/${JAVA_MODEL}`, allow: "GET, HEAD" },
  { template: "/versions", path: "/versions", allow: "GET, HEAD" },
  { template: "/versions/{versionId}", path: "/versions/20001", allow: "GET, HEAD" },
  {
    template: "/versions/{versionId}/artefacts/{artefactId}",
    path: "/versions/20001/artefacts/1000",
    allow: "GET, HEAD",
  },
  { template: "/dump", path: "/dump", allow: "GET, HEAD" },
];
const PATH_ITEM_METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];

/** Each list route, by a path of the sample's. */
const LISTS = [
  "/projects",
  "/artefacts",
  "/findings",
  "/models",
  "/versions",
  "/projects/payments-core/artefacts",
  "/artefacts/1000/findings",
];
const ITEMS = [
  "/projects/101",
  "/artefacts/1000",
  "/findings/500000",
  "/versions/20001",
  "/versions/20001/artefacts/1000",
];
/** A selection of each resource, with a part of an object or an array's objects. */
const SELECTION: Readonly<Record<string, string>> = {
  projects: "id,name,branches(name)",
  artefacts: "id,type.id",
  findings: "id,definition(id,families)",
  models: "id",
  versions: "id,name",
};

const CALLS: readonly Call[] = [
  // The token.
  {
    name: "a token",
    method: "GET",
    path: "/token",
    headers: { authorization: basic("ada", "s3cret") },
    status: 200,
  },
  {
    name: "a wrong password",
    method: "GET",
    path: "/token",
    headers: { authorization: basic("ada", "wrong") },
    status: 401,
  },
  ...[1, 2].map((n) => ({
    name: `eve's token ${n} of 2`,
    method: "GET",
    path: "/token",
    headers: { authorization: basic("eve", "greedy") },
    status: 200,
  })),
  {
    name: "eve's third token at once",
    method: "GET",
    path: "/token",
    headers: { authorization: basic("eve", "greedy") },
    status: 429,
  },
  {
    name: "a token in a type not served",
    method: "GET",
    path: "/token",
    headers: { authorization: basic("ada", "s3cret"), accept: "text/html" },
    status: 406,
  },
  {
    name: "a token with an Accept too long to read",
    method: "GET",
    path: "/token",
    headers: { authorization: basic("ada", "s3cret"), accept: LONG_ACCEPT },
    status: 431,
  },
  {
    name: "revoking a temporary token",
    method: "DELETE",
    path: "/token",
    before: async () => {
      tokens.temporary = await issueToken();
    },
    get headers() {
      return { authorization: bearer(tokens.temporary) };
    },
    status: 204,
  },
  {
    name: "a revoked token",
    method: "DELETE",
    path: "/token",
    get headers() {
      return { authorization: bearer(tokens.temporary) };
    },
    status: 401,
  },
  {
    name: "revoking an expired token",
    method: "DELETE",
    path: "/token",
    before: async () => {
      tokens.temporary = await issueToken();
      clock.now += 2 * HOUR;
    },
    get headers() {
      return { authorization: bearer(tokens.temporary) };
    },
    status: 403,
  },
  // Every method a path does not take, with and without a token.
  ...ROUTES.flatMap(({ path, allow }) =>
    PATH_ITEM_METHODS.filter((method) => !allow.split(", ").includes(method)).map(
      (method, index): Call => ({
        name: `${method} ${path}`,
        method,
        path,
        headers: index % 2 === 0 ? auth : {},
        status: 405,
        allow,
      }),
    ),
  ),
  {
    name: "a PATCH in a type not served",
    method: "PATCH",
    path: "/artefacts/1000/query",
    headers: { accept: "text/html" },
    status: 406,
  },
  // The lists.
  ...LISTS.flatMap((path): Call[] => [
    { name: `${path}`, method: "GET", path: `${path}?size=3`, headers: auth, status: 200 },
    {
      name: `${path} filtered, projected, in a zone`,
      method: "GET",
      path: `${path}?where=${encodeURIComponent("id>=0 AND id!=7")}&fields=${SELECTION[path.split("/").at(-1) as string]}&page=2&size=2`,
      headers: { ...auth, timezone: "Europe/Paris" },
      status: 200,
    },
    { name: `HEAD ${path}`, method: "HEAD", path: `${path}?size=3`, headers: auth, status: 200 },
    {
      name: `${path} with a filter that does not parse`,
      method: "GET",
      path: `${path}?where=${encodeURIComponent("id>=")}`,
      headers: auth,
      status: 400,
    },
  ]),
  {
    name: "a project nobody has",
    method: "GET",
    path: "/projects/no-such-project/artefacts",
    headers: auth,
    status: 404,
  },
  {
    name: "the findings of an artefact nobody has",
    method: "GET",
    path: "/artefacts/999999/findings",
    headers: auth,
    status: 404,
  },
  {
    name: "a list with an unknown time zone",
    method: "GET",
    path: "/artefacts",
    headers: { ...auth, timezone: "Mars/Olympus_Mons" },
    status: 400,
  },
  {
    name: "a list whose source fails",
    method: "GET",
    path: "/findings?size=1",
    headers: auth,
    before: () => {
      failing.next = true;
    },
    status: 500,
  },
  {
    name: "a list with an unknown token",
    method: "GET",
    path: "/projects",
    headers: { authorization: bearer("not-a-token-this-server-knows") },
    status: 401,
  },
  {
    name: "a list with an expired token",
    method: "GET",
    path: "/projects",
    before: async () => {
      tokens.temporary = await issueToken();
      clock.now += 2 * HOUR;
    },
    get headers() {
      return { authorization: bearer(tokens.temporary) };
    },
    status: 403,
  },
  {
    name: "a list in a type not served",
    method: "GET",
    path: "/artefacts",
    headers: { ...auth, accept: "text/csv" },
    status: 406,
  },
  {
    name: "a list in a vendor type",
    method: "GET",
    path: "/artefacts?size=1",
    headers: { ...auth, accept: "application/vnd.qaql.app-v2+json" },
    status: 200,
  },
  {
    name: "a list with an Accept too long to read",
    method: "GET",
    path: "/artefacts",
    headers: { ...auth, accept: LONG_ACCEPT },
    status: 431,
  },
  // One record.
  ...ITEMS.flatMap((path): Call[] => [
    { name: path, method: "GET", path, headers: auth, status: 200 },
    { name: `HEAD ${path}`, method: "HEAD", path, headers: auth, status: 200 },
    {
      name: `${path} projected`,
      method: "GET",
      path: `${path}?fields=${SELECTION[path.split("/")[1] as string]}`,
      headers: { ...auth, timezone: "UTC" },
      status: 200,
    },
    {
      name: `${path} with a selection that does not parse`,
      method: "GET",
      path: `${path}?fields=id,`,
      headers: auth,
      status: 400,
    },
    {
      name: `${path} with an unknown time zone`,
      method: "GET",
      path,
      headers: { ...auth, timezone: "Mars/Olympus_Mons" },
      status: 400,
    },
    {
      name: `${path.replace(/\d+$/, "1")}, which nobody has`,
      method: "GET",
      path: path.replace(/\d+$/, "1"),
      headers: auth,
      status: 404,
    },
  ]),
  // A model, found by its text id.
  {
    name: "a model",
    method: "GET",
    path: `/models/${JAVA_MODEL}?fields=name`,
    headers: auth,
    status: 200,
  },
  { name: "a model nobody has", method: "GET", path: "/models/none", headers: auth, status: 404 },
  {
    name: "an artefact in a version its project's records are not of",
    method: "GET",
    path: "/versions/20011/artefacts/1000",
    headers: auth,
    status: 404,
  },
  {
    name: "HEAD a model",
    method: "HEAD",
    path: `/models/${JAVA_MODEL}`,
    headers: auth,
    status: 200,
  },
  // The dump.
  {
    name: "the dump",
    method: "GET",
    path: "/dump",
    headers: { ...auth, "accept-language": "fr" },
    status: 200,
  },
  { name: "HEAD the dump", method: "HEAD", path: "/dump", headers: auth, status: 200 },
  {
    name: "the dump with a filter",
    method: "GET",
    path: "/dump?where=id%3D1",
    headers: auth,
    status: 400,
  },
  // The query.
  {
    name: "a query",
    method: "POST",
    path: "/artefacts/1000/query",
    headers: { ...auth, ...json },
    body: QUERY,
    before: () => {
      clock.now += HOUR;
    },
    status: 200,
  },
  {
    name: "a query in the vendor's type, said to be UTF-8",
    method: "POST",
    path: "/artefacts/1000/query",
    headers: { ...auth, "content-type": "application/vnd.qaql.app-v2+json; charset=UTF-8" },
    body: QUERY,
    before: () => {
      clock.now += HOUR;
    },
    status: 200,
  },
  {
    name: "a query whose interval holds no number",
    method: "POST",
    path: "/artefacts/1000/query",
    headers: { ...auth, ...json },
    body: EMPTY_INTERVAL,
    before: () => {
      clock.now += HOUR;
    },
    status: 400,
  },
  {
    name: "a query from an artefact nobody has",
    method: "POST",
    path: "/artefacts/1/query",
    headers: { ...auth, ...json },
    body: QUERY,
    // The client's query time is drawn on when it is admitted, before the artefact is looked up.
    before: () => {
      clock.now += HOUR;
    },
    status: 404,
  },
  {
    name: "a query larger than the server reads",
    method: "POST",
    path: "/artefacts/1000/query",
    headers: { ...auth, ...json },
    body: PADDED,
    before: () => {
      clock.now += HOUR;
    },
    status: 413,
  },
  {
    name: "a query in another character set",
    method: "POST",
    path: "/artefacts/1000/query",
    headers: { ...auth, "content-type": "application/json; charset=iso-8859-1" },
    body: QUERY,
    // The body read of the one before was paid for: the client's query time comes back first.
    before: () => {
      clock.now += HOUR;
    },
    status: 415,
  },
  {
    name: "a greedy client's first query",
    method: "POST",
    path: "/artefacts/1000/query",
    headers: { authorization: bearer(GREEDY), ...json },
    body: QUERY,
    before: () => {
      clock.now += HOUR;
    },
    status: 200,
  },
  {
    name: "a greedy client's second query at once",
    method: "POST",
    path: "/artefacts/1000/query",
    headers: { authorization: bearer(GREEDY), ...json },
    body: QUERY,
    status: 429,
  },
];

type Operations = Awaited<ReturnType<typeof getHttpOperationsFromSpec>>;

/**
 * A HEAD sent to the server itself, and judged by Prism's own validators against the document's
 * HEAD operation: Prism's proxy reads a JSON answer's body whatever the method, and fails on a
 * HEAD's, which has none ("invalid json response body").
 */
async function sendHead(call: Call, resources: Operations, template: string) {
  const answer = await send(call.method, call.path, call.headers, undefined, upstream);
  const resource = resources.find((r) => r.method === "head" && r.path === template);
  if (resource === undefined) return { answer, found: [{ undocumented: `HEAD ${template}` }] };
  const url = new URL(call.path, "http://prism.invalid");
  const query: Record<string, string | string[]> = {};
  for (const key of url.searchParams.keys()) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  const element: IHttpRequest = {
    method: "head",
    url: { path: url.pathname, query },
    headers: { ...call.headers },
  };
  const headers = Object.fromEntries(
    Object.entries(answer.headers).map(([name, value]) => [name, String(value)]),
  );
  const verdicts = [
    validateSecurity({ resource, element }),
    validateInput({ resource, element }),
    validateOutput({ resource, element: { statusCode: answer.status, headers, body: undefined } }),
  ];
  const found = verdicts.flatMap((verdict) => (verdict._tag === "Left" ? verdict.left : []));
  return { answer, found };
}

/** What Prism said of one call: its violations, or its own error in place of the server's answer. */
function violationsOf(answer: Answer): unknown[] {
  const found: unknown[] = [];
  const header = answer.headers["sl-violations"];
  // Past 8 KB, Prism cuts the list and says so in front of it.
  if (typeof header === "string") {
    found.push(...(header.startsWith("[") ? (JSON.parse(header) as unknown[]) : [header]));
  }
  if (String(answer.headers["content-type"]).startsWith("application/problem+json")) {
    found.push(answer.text === "" ? { prism: answer.status } : JSON.parse(answer.text));
  }
  return found;
}

/** Headers of the message, not of the answer: no document declares them. */
const TRANSPORT_HEADERS = new Set([
  "content-type",
  "content-length",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
]);

/** The object a local `$ref` names, or the object itself. */
function resolve(document: Json, value: Json | undefined): Json | undefined {
  const pointer = value?.$ref;
  if (typeof pointer !== "string") return value;
  return pointer
    .slice(2)
    .split("/")
    .reduce<Json>((node, key) => node[key] as Json, document);
}

/** The names, lower-cased, of the headers a response of the document declares. */
function declaredHeaders(document: Json, response: Json | undefined): Set<string> {
  const headers = (resolve(document, response)?.headers ?? {}) as Json;
  return new Set(Object.keys(headers).map((name) => name.toLowerCase()));
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** The document's operations, as `METHOD /template`, with a pattern of the paths each takes. */
function operationsOf(document: Json) {
  const operations = [];
  for (const [template, item] of Object.entries(document.paths as Record<string, Json>)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    for (const method of METHODS) {
      const operation = item[method] as { responses: Record<string, Json> } | undefined;
      if (operation === undefined) continue;
      const key = `${method.toUpperCase()} ${template}`;
      const { responses } = operation;
      const statuses = Object.keys(responses);
      operations.push({ key, template, method, pattern, responses, statuses });
    }
  }
  return operations;
}

describe("the reference server behind Prism's validating proxy", () => {
  it("answers every call as the document says, and each as the test expects", async () => {
    const document = apiServerOpenApi() as unknown as Json;
    const operations = operationsOf(document);
    const reached = new Set<string>();
    const statuses = new Set<string>();
    const violations: { call: string; found: unknown[] }[] = [];
    const wrong: { call: string; status: number; text: string }[] = [];
    const undeclared: { call: string; headers: string[] }[] = [];
    const resources = await getHttpOperationsFromSpec(documentFile);
    for (const call of CALLS) {
      await call.before?.();
      const path = call.path.split("?")[0] as string;
      const operation = operations.find(
        (o) => o.method === call.method.toLowerCase() && o.pattern.test(path),
      );
      const { answer, found } =
        call.method === "HEAD" && operation
          ? await sendHead(call, resources, operation.template)
          : await send(call.method, call.path, call.headers, call.body).then(
              (answer) => ({ answer, found: violationsOf(answer) }),
              (error: Error) => ({
                answer: { status: 0, headers: {}, text: error.message } as Answer,
                found: [error.message],
              }),
            );
      if (found.length > 0) violations.push({ call: call.name, found });
      else if (
        answer.status !== call.status ||
        (call.allow !== undefined && answer.headers.allow !== call.allow)
      ) {
        wrong.push({ call: call.name, status: answer.status, text: answer.text.slice(0, 300) });
      }
      if (operation) {
        reached.add(operation.key);
        const declared = declaredHeaders(document, operation.responses[answer.status]);
        const extra = Object.keys(answer.headers).filter(
          (name) => !TRANSPORT_HEADERS.has(name) && !declared.has(name),
        );
        if (extra.length > 0) undeclared.push({ call: call.name, headers: extra });
      }
      statuses.add(String(answer.status));
    }
    // A client following next from the first page to the last, through Prism.
    const functions = (sample.artefacts ?? []).filter(
      (artefact) => (artefact.type as { id?: unknown } | null)?.id === "FUNCTION",
    );
    const seen: unknown[] = [];
    let next: string | undefined = "/api/artefacts?where=type.id%3DFUNCTION&fields=id&size=150";
    for (let page = 1; next !== undefined && page <= 20; page++) {
      const answer = await send("GET", next.replace(/^\/api/, ""), auth);
      const found = violationsOf(answer);
      if (found.length > 0 || answer.status !== 200) {
        violations.push({
          call: `page ${page} of the functions`,
          found: [answer.status, ...found],
        });
        break;
      }
      const body = JSON.parse(answer.text) as {
        _links: { next?: { href: string } };
        artefacts: { id: unknown }[];
      };
      seen.push(...body.artefacts.map((artefact) => artefact.id));
      next = body._links.next?.href;
    }
    // Five pages: 646 functions, 150 a page.
    expect(seen).toEqual(functions.map((artefact) => artefact.id));
    expect(functions.length).toBeGreaterThan(600);

    const documented = new Set(operations.flatMap((o) => o.statuses));
    // One assertion, so that a failure shows everything that disagrees at once.
    expect({
      violations,
      wrong,
      undeclared,
      unreachedOperations: operations.map((o) => o.key).filter((key) => !reached.has(key)),
      unreachedStatuses: [...documented].filter((status) => !statuses.has(status)),
    }).toEqual({
      violations: [],
      wrong: [],
      undeclared: [],
      unreachedOperations: [],
      unreachedStatuses: [],
    });
  });
});

describe("Spectral's OpenAPI rules", () => {
  it("find no error in the document", async () => {
    const ruleset = join(scratch, "spectral.yaml");
    writeFileSync(ruleset, 'extends: ["spectral:oas"]\n');
    const child = spawn(
      process.execPath,
      [SPECTRAL, "lint", "--ruleset", ruleset, "--format", "json", "--quiet", documentFile],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    children.push(child);
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    await new Promise((resolve) => child.on("exit", resolve));
    const results = JSON.parse(output) as { code: string; severity: number; path: string[] }[];
    const errors = results.filter((result) => result.severity === 0);
    expect(errors).toEqual([]);
  });
});
