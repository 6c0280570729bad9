import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileFields } from "../../src/api/compile-fields.ts";
import { compileWhere } from "../../src/api/compile-where.ts";
import type { WhereExpression, WhereNode } from "../../src/ast/where.ts";
import {
  type ConformanceReport,
  runConformance,
} from "../../src/cli/conformance/run-conformance.ts";
import { type Evaluate, referenceEvaluate } from "../../src/conformance/reference-evaluate.ts";
import { schemas } from "../../src/schema/resources.ts";
import { createApiServer } from "../../src/server/api-server.ts";
import { CLI, runCli } from "../support/run-cli.ts";
import { treeOfFilter } from "../support/tree-of-filter.ts";

const sample = JSON.parse(
  readFileSync(new URL("../../sample/dump.json", import.meta.url), "utf8"),
) as Record<string, object[]>;
const USER = "alice";
const PASSWORD = "s3cret";
const SCHEMAS = {
  artefacts: schemas.artefact,
  projects: schemas.project,
  findings: schemas.finding,
};

/** Pages and projects matches as the reference does, after a possibly wrong filter. */
function pageOf(matches: readonly object[], request: Parameters<Evaluate>[1], start?: number) {
  const from = start ?? (request.page - 1) * request.size;
  const project = request.fields ? compileFields(request.fields) : (row: object) => row;
  return { items: matches.slice(from, from + request.size).map(project), total: matches.length };
}

/** Deep copy with every null turned into "": a server that stores NULL as an empty string. */
const nullsAsEmpty = (value: unknown): unknown =>
  value === null
    ? ""
    : Array.isArray(value)
      ? value.map(nullsAsEmpty)
      : typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, nullsAsEmpty(v)]))
        : value;

/** Lower-cases the patterns of a filter and the strings they are matched against. */
function lowerPatterns(where: WhereExpression): WhereExpression {
  const lower = (node: WhereNode): WhereNode => {
    if (node.kind === "and" || node.kind === "or") {
      return { ...node, operands: node.operands.map(lower) } as WhereNode;
    }
    if (node.kind === "pattern") {
      return { ...node, value: { ...node.value, text: node.value.text.toLowerCase() } };
    }
    return node;
  };
  return lower(where) as WhereExpression;
}
const lowerStrings = (value: unknown): unknown =>
  typeof value === "string"
    ? value.toLowerCase()
    : Array.isArray(value)
      ? value.map(lowerStrings)
      : value !== null && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, lowerStrings(v)]))
        : value;
const hasPattern = (node: WhereNode): boolean =>
  node.kind === "pattern" ||
  ((node.kind === "and" || node.kind === "or") && node.operands.some(hasPattern));

const WRONG: Record<string, Evaluate> = {
  "a wrong null rule (NULL stored as an empty string)": (records, request) => {
    const { where, schema, timeZone } = request;
    const matches = where ? compileWhere(where, { schema, timeZone }) : () => true;
    return pageOf(
      records.filter((record) => matches(nullsAsEmpty(record))),
      request,
    );
  },
  "a case-insensitive ~": (records, request) => {
    const { where, schema, timeZone } = request;
    if (!where || !hasPattern(treeOfFilter(where))) return referenceEvaluate(records, request);
    const matches = compileWhere(lowerPatterns(treeOfFilter(where)), { schema, timeZone });
    return pageOf(
      records.filter((record) => matches(lowerStrings(record))),
      request,
    );
  },
  "off-by-one paging (pages start one item late)": (records, request) => {
    const { where, schema, timeZone } = request;
    const matches = where ? records.filter(compileWhere(where, { schema, timeZone })) : records;
    return pageOf(matches, request, (request.page - 1) * request.size + 1);
  },
};

async function startServer(evaluate?: Evaluate) {
  const server = createApiServer({
    data: sample,
    user: USER,
    password: PASSWORD,
    schemas: SCHEMAS,
    ...(evaluate && { evaluate }),
  });
  const { url } = await server.listen(0);
  const basic = Buffer.from(`${USER}:${PASSWORD}`).toString("base64");
  const response = await fetch(`${url}/token`, { headers: { authorization: `Basic ${basic}` } });
  const { token } = (await response.json()) as { token: string };
  return { server, url, token };
}

describe("qaql conformance against servers started here", () => {
  it("finds the reference server in agreement", async () => {
    const { server, url, token } = await startServer();
    try {
      for (const [resource, schema] of Object.entries(SCHEMAS)) {
        const report = await runConformance({ url, token, resource, schema, runs: 60, seed: 11 });
        expect(report).toMatchObject({ ok: true, runs: 60, records: sample[resource]?.length });
      }
    } finally {
      await server.close();
    }
  });

  it.each(Object.keys(WRONG))("catches %s, shrunk, with a replayable seed", async (name) => {
    const { server, url, token } = await startServer(WRONG[name]);
    try {
      // The generated requests alone, which shrink: a probe is minimal already.
      const options = {
        url,
        token,
        resource: "artefacts",
        schema: schemas.artefact,
        runs: 300,
        probes: 0,
      };
      const report: ConformanceReport = await runConformance({ ...options, seed: 5 });
      if (report.ok) throw new Error(`${name} was not caught`);
      expect(report.disagreement.reason).toMatch(/different items|link|status/);
      // The reported case alone still fails: the seed and path replay it.
      const replay = await runConformance({ ...options, seed: report.seed, path: report.path });
      expect(replay.ok).toBe(false);
      if (name.includes("~")) expect(report.disagreement.request).toContain("~");
      if (name.includes("null"))
        expect(report.disagreement.request).toMatch(/NULL|!%3D|%3C|%3E|IN/);
    } finally {
      await server.close();
    }
  });
});

/**
 * Runs `qaql conformance` in a process of its own: runCli is synchronous, and the server it
 * checks, in another process, must keep answering meanwhile.
 */
function conformanceCommand(
  args: readonly string[],
): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, "conformance", ...args]);
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.on("close", (status) => resolve({ status, stdout }));
  });
}

describe("qaql serve and qaql conformance as commands", () => {
  let serve: ReturnType<typeof spawn>;
  let url = "";

  beforeAll(async () => {
    serve = spawn(
      process.execPath,
      [
        CLI,
        "serve",
        "--port",
        "0",
        "--user",
        USER,
        "--password",
        PASSWORD,
        "--schema",
        "artefacts=artefact",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    const lines = createInterface({ input: serve.stdout as NodeJS.ReadableStream });
    const first = await new Promise<string>((resolve) => lines.once("line", resolve));
    url = /(http:\/\/\S+\/api)/.exec(first)?.[1] ?? "";
  });
  afterAll(() => {
    serve.kill("SIGTERM");
  });

  const ofFirstProject = sample.artefacts?.filter(
    (artefact) => (artefact as { projectId?: unknown }).projectId === 101,
  ).length;
  it.each([
    [["--resource", "artefacts", "--schema", "artefact"], "1001 artefacts"],
    // Without --schema, the API's schema of the route's list: artefacts.
    [["--route", "projects/payments-core/artefacts"], `${ofFirstProject} artefacts`],
  ])("agrees on %j, exit 0", async (target, records) => {
    const basic = Buffer.from(`${USER}:${PASSWORD}`).toString("base64");
    const { token } = (await (
      await fetch(`${url}/token`, { headers: { authorization: `Basic ${basic}` } })
    ).json()) as { token: string };
    const run = await conformanceCommand([
      ...["--url", url, "--token", token, ...target],
      ...["--runs", "40", "--seed", "3", "--user", USER, "--password", PASSWORD],
    ]);
    expect(run.stdout).toMatch(
      new RegExp(
        `^agrees: \\d+ probes and 40 generated requests over ${records} matched the reference \\(seed 3\\)\ncoverage \\(\\d+ requests\\):\n`,
      ),
    );
    // One line per kind of what was exercised; the token flow includes revoking, as credentials were given.
    expect(run.stdout).toMatch(/^ {2}operators {4}!= \d+, < \d+, <= \d+, = \d+, /m);
    expect(run.stdout).toMatch(
      /^ {2}tokens {7}Basic 1, malformed 1, missing 1, revoked 1, unknown 1$/m,
    );
    // The grammar's probes, a line per table; no --language, so * alone.
    expect(run.stdout).toMatch(/^ {2}keywords {5}AND \d+, And \d+, IN \d+, /m);
    expect(run.stdout).toMatch(/^ {2}no space {5}after AND \d+, after IN \d+, /m);
    expect(run.stdout).toMatch(/^ {2}merge rules {2}a path and a sub-selection 1, /m);
    expect(run.stdout).toMatch(/^ {2}limits {7}fields depth 64 1, fields depth 65 1, /m);
    expect(run.stdout).toMatch(/^ {2}languages {4}\* 1$/m);
    expect(run.stdout).toMatch(/^warning: the server's clock cannot be moved/m);
    expect(run.status).toBe(0);
  });

  it("prints the report as JSON with --format json, and a disagreement with a curl line that repeats it", async () => {
    const basic = Buffer.from(`${USER}:${PASSWORD}`).toString("base64");
    const { token } = (await (
      await fetch(`${url}/token`, { headers: { authorization: `Basic ${basic}` } })
    ).json()) as { token: string };
    const args = ["--url", url, "--token", token, "--resource", "projects", "--runs", "10"];
    const json = await conformanceCommand([...args, "--seed", "8", "--format", "json"]);
    expect(json.status).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({ agrees: true, runs: 10, seed: 8, resource: "projects" });
    expect(report.coverage.warnings).toContain(
      "no credentials: GET /token and revoking a token with DELETE /token are not checked",
    );
    // Told a default page size the server does not have, the kit disagrees at once.
    const disagreeing = await conformanceCommand([
      ...["--url", url, "--token", token, "--resource", "artefacts", "--default-size", "10"],
    ]);
    expect(disagreeing.status).toBe(1);
    expect(disagreeing.stdout).toMatch(
      /^disagrees: a request without page or size is not the first page of 10 \(the default size\)\n/,
    );
    expect(disagreeing.stdout).toMatch(
      /^ {2}received: status 200, 20 items, self page=1&size=20$/m,
    );
    const curl = /^ {2}repeat it: (curl .*)$/m.exec(disagreeing.stdout)?.[1];
    expect(curl).toBe(
      `curl --globoff -sS -H "authorization: Bearer $QAQL_TOKEN" '${url}/artefacts'`,
    );
    // The line, pasted into a shell with the token in QAQL_TOKEN, gets the answer the kit got.
    const repeated = spawnSync("sh", ["-c", curl as string], {
      env: { ...process.env, QAQL_TOKEN: token },
      encoding: "utf8",
    });
    expect((JSON.parse(repeated.stdout) as { artefacts: unknown[] }).artefacts).toHaveLength(20);
  });

  it.each([
    [["--token", "t", "--resource", "artefacts", "--schema", "artefact"], "--url is required"],
    [
      ["--url", "ftp://x", "--token", "t", "--resource", "a", "--schema", "artefact"],
      "http(s) URL",
    ],
    [
      [
        "--url",
        "http://x",
        "--token",
        "t",
        "--resource",
        "a",
        "--schema",
        "artefact",
        "--runs",
        "0",
      ],
      "--runs",
    ],
    [
      [
        "--url",
        "http://x",
        "--token",
        "t",
        "--resource",
        "a",
        "--schema",
        "artefact",
        "--path",
        "1:2",
      ],
      "--seed",
    ],
    [
      ["--url", "http://x", "--token", "t", "--resource", "tags"],
      '--schema is required for "tags": only projects, artefacts and findings have a default',
    ],
    [
      ["--url", "http://x", "--token", "t", "--resource", "artefacts", "--probes", "x"],
      '--probes must be a whole number, not "x"',
    ],
    [
      ["--url", "http://x", "--token", "t", "--resource", "artefacts", "--timeout", "0"],
      '--timeout must be a positive number of seconds, not "0"',
    ],
    [
      ["--url", "http://x", "--token", "t", "--resource", "artefacts", "--user", "alice"],
      "--user and --password go together",
    ],
    [
      ["--url", "http://x", "--token", "t", "--resource", "artefacts", "--format", "xml"],
      '--format must be text, json or junit, not "xml"',
    ],
  ])("%j is a usage error", (args, words) => {
    const run = runCli(["conformance", ...args]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(words);
  });

  it("refuses a bad --timeout before it makes the --vectors folder or reads --users", () => {
    const dir = mkdtempSync(join(tmpdir(), "qaql-usage-"));
    try {
      const vectors = join(dir, "vectors");
      const run = runCli([
        "conformance",
        ...["--url", "http://x", "--token", "t", "--resource", "artefacts"],
        ...["--vectors", vectors, "--users", join(dir, "absent.json"), "--timeout", "0"],
      ]);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('--timeout must be a positive number of seconds, not "0"');
      expect(existsSync(vectors)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads --users as qaql serve reads it, naming the user at fault", () => {
    const dir = mkdtempSync(join(tmpdir(), "qaql-users-"));
    try {
      const token = "ann-token-of-the-users-file-0123";
      const cases = [
        [{ ann: { password: "x", permanentTokens: "nope" } }, 'the user "ann": permanentTokens'],
        [{ ann: { password: "x", permanentTokens: [token], zone: "UTC" } }, "zone: unknown member"],
        [
          { ann: { password: "x", permanentTokens: [token] }, bob: { permanentTokens: [token] } },
          "is another user's too",
        ],
      ] as const;
      for (const [users, words] of cases) {
        const file = join(dir, "users.json");
        writeFileSync(file, JSON.stringify(users));
        const run = runCli([
          "conformance",
          ...["--url", "http://127.0.0.1:9/api", "--token", token, "--resource", "artefacts"],
          ...["--users", file],
        ]);
        expect(run.status).toBe(1);
        expect(run.stderr).toContain(`--users: `);
        expect(run.stderr).toContain(words);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reports a server it cannot reach in one line, exit 1", async () => {
    const probe = createServer();
    const port = await new Promise<number>((resolve) =>
      probe.listen(0, "127.0.0.1", () => resolve((probe.address() as AddressInfo).port)),
    );
    await new Promise((resolve) => probe.close(resolve));
    // A token may start with "-" (token68): it is the option's value, not an option.
    for (const token of ["t", "-Zx9_token", "-1"]) {
      const run = runCli([
        "conformance",
        "--url",
        `http://127.0.0.1:${port}/api`,
        "--token",
        token,
        "--resource",
        "artefacts",
        "--schema",
        "artefact",
      ]);
      expect(run.status, token).toBe(1);
      expect(run.stderr).toMatch(
        /^qaql: cannot reach http:\/\/127\.0\.0\.1:\d+\/api\/artefacts: ECONNREFUSED\n$/,
      );
    }
    const empty = runCli(["conformance", "--url", `http://127.0.0.1:${port}/api`, "--token="]);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain("--token cannot be empty");
    // A missing value is still a usage error, not the next option taken for a token.
    const missing = runCli([
      "conformance",
      "--url",
      "http://127.0.0.1:1/api",
      "--token",
      "--resource",
      "artefacts",
    ]);
    expect(missing.status).toBe(2);
  });
});

/** `qaql serve --users FILE` in a process of its own, and the API's URL it prints. */
async function serveUsers(file: string) {
  const serve = spawn(process.execPath, [CLI, "serve", "--port", "0", "--users", file], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines = createInterface({ input: serve.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolve) => lines.once("line", resolve));
  return { serve, url: /(http:\/\/\S+\/api)/.exec(first)?.[1] ?? "" };
}

describe("qaql conformance as two users, in two languages, against qaql serve --users", () => {
  const ANN = "ann-token-of-the-users-file-0123";
  const BOB = "bob-token-of-the-users-file-0123";
  let serve: ReturnType<typeof spawn>;
  let url = "";

  beforeAll(async () => {
    const file = join(mkdtempSync(join(tmpdir(), "qaql-conformance-")), "users.json");
    writeFileSync(
      file,
      JSON.stringify({
        ann: { projects: ["payments-core", 102], permanentTokens: [ANN] },
        bob: { projects: [103, 104], permanentTokens: [BOB], language: "fr" },
      }),
    );
    ({ serve, url } = await serveUsers(file));
  });
  afterAll(() => {
    serve.kill("SIGTERM");
  });

  it("agrees, exit 0", async () => {
    const run = await conformanceCommand(
      [
        ["--url", url, "--token", ANN, "--token", BOB, "--language", "fr", "--language", "de"],
        ["--resource", "findings", "--runs", "60", "--seed", "5"],
      ].flat(),
    );
    const ofAnn = sample.findings?.filter((f) =>
      [101, 102].includes((f as { projectId: number }).projectId),
    ).length;
    expect(run.stdout).toMatch(
      new RegExp(
        `^agrees: \\d+ probes and 60 generated requests over ${ofAnn} findings \\(the first of 2 users\\) matched the reference \\(seed 5\\)\n`,
      ),
    );
    expect(run.status).toBe(0);
  });
});

describe("qaql conformance --users against qaql serve --users, with a policy, a zone and a language", () => {
  const CARL = "carl-token-of-the-users-file-0123";
  const users = {
    carl: {
      permanentTokens: [CARL],
      timeZone: "Pacific/Kiritimati",
      language: "fr",
      policies: {
        findings: {
          selectable: "id,status,definition,creationDate,projectId",
          filterable: "id,status,definition.name,creationDate",
          where: "status!=CLOSED",
        },
      },
    },
  };
  const file = join(mkdtempSync(join(tmpdir(), "qaql-conformance-")), "users.json");
  let serve: ReturnType<typeof spawn>;
  let url = "";

  beforeAll(async () => {
    writeFileSync(file, JSON.stringify(users));
    ({ serve, url } = await serveUsers(file));
  });
  afterAll(() => {
    serve.kill("SIGTERM");
  });

  it.each(["findings", "projects"])(
    "agrees over %s with the users file, exit 0",
    async (resource) => {
      const args = ["--url", url, "--token", CARL, "--resource", resource, "--runs", "60"];
      const run = await conformanceCommand([...args, "--seed", "47", "--users", file]);
      expect(run.stdout).toMatch(/^agrees: /);
      expect(run.status).toBe(0);
      // Without it, the kit takes the user's hidden fields and zone for wrong answers.
      const blind = await conformanceCommand([...args, "--seed", "47"]);
      expect(blind.stdout).toMatch(/^disagrees: /);
      expect(blind.status).toBe(1);
    },
  );

  it("names a users file whose policy the schema refuses, exit 1", () => {
    const wrong = join(mkdtempSync(join(tmpdir(), "qaql-conformance-")), "users.json");
    writeFileSync(
      wrong,
      JSON.stringify({
        carl: { permanentTokens: [CARL], policies: { findings: { selectable: "id,nmae" } } },
      }),
    );
    const run = runCli(
      [
        "conformance",
        "--url",
        "http://127.0.0.1:9/api",
        "--token",
        CARL,
        "--resource",
        "findings",
      ].concat(["--users", wrong]),
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^qaql: --users: .*policy.*nmae/m);
  });
});
