import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { compileFields } from "../../src/api/compile-fields.ts";
import { compileWhere } from "../../src/api/compile-where.ts";
import { CLI, runCli } from "../support/run-cli.ts";

type Row = Record<string, unknown>;
const sample = JSON.parse(
  readFileSync(new URL("../../sample/dump.json", import.meta.url), "utf8"),
) as Record<string, Row[]>;
const scratch = mkdtempSync(join(tmpdir(), "qaql-serve-"));
const READY = /^qaql serve: listening on (http:\/\/127\.0\.0\.1:\d+\/api) \(resources: (.*)\)\n$/;

interface Running {
  readonly child: ChildProcess;
  readonly url: string;
  readonly resources: string;
  readonly stderr: () => string;
}

const running: ChildProcess[] = [];

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

/** Starts `qaql serve` and resolves once it prints its one line; rejects if it exits first. */
function startServe(
  args: readonly string[],
  options: { env?: Record<string, string>; input?: string } = {},
): Promise<Running> {
  const child = spawn(process.execPath, [CLI, "serve", ...args], {
    env: { PATH: process.env.PATH ?? "", ...options.env },
  });
  running.push(child);
  child.stdin.end(options.input ?? "");
  let stdout = "";
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const match = READY.exec(stdout);
      if (match) {
        resolve({ child, url: match[1] ?? "", resources: match[2] ?? "", stderr: () => stderr });
      }
    });
    child.on("exit", (code) => reject(new Error(`qaql serve exited ${code}: ${stdout}${stderr}`)));
  });
}

function waitForExit(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

async function tokenOf(url: string, user: string, password: string): Promise<string> {
  const response = await fetch(`${url}/token`, {
    headers: { authorization: basic(user, password) },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

describe("qaql serve", () => {
  const credentials = ["--user", "u", "--password", "p"];

  it("serves the sample until SIGTERM, then exits 0", async () => {
    const server = await startServe(["--port", "0", "--user", "ada", "--password", "pw"]);
    expect(server.resources).toBe("projects, artefacts, findings, models, versions");
    const token = await tokenOf(server.url, "ada", "pw");
    const where = "type.id=FILE AND rank>=3";
    const query = new URLSearchParams({ where, fields: "id,name", size: "4", page: "2" });
    const response = await fetch(`${server.url}/artefacts?${query}`, {
      headers: { authorization: `Bearer ${token}`, accept: "application/vnd.qaql.app-v2+json" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(
      "application/vnd.qaql.app-v2+json; charset=utf-8",
    );
    const body = (await response.json()) as { artefacts: unknown[]; _links: { next: unknown } };
    const expected = (sample.artefacts ?? [])
      .filter(compileWhere(where))
      .map(compileFields("id,name"));
    expect(body.artefacts).toEqual(expected.slice(4, 8));
    expect(body._links.next).toEqual({
      href: `/api/artefacts?${query.toString().replace("page=2", "page=3")}`,
    });
    const wrong = await fetch(`${server.url}/token`, {
      headers: { authorization: basic("ada", "no") },
    });
    expect(wrong.status).toBe(401);
    server.child.kill("SIGTERM");
    expect(await waitForExit(server.child)).toBe(0);
    expect(server.stderr()).toBe("");
  });

  it("exits 0 on Ctrl-C (SIGINT) too, with a connection still open", async () => {
    const server = await startServe(["--port", "0", "--user", "ada", "--password", "pw"]);
    const token = await tokenOf(server.url, "ada", "pw");
    // fetch keeps the connection alive; the server must close it to stop.
    await fetch(`${server.url}/projects`, { headers: { authorization: `Bearer ${token}` } });
    server.child.kill("SIGINT");
    expect(await waitForExit(server.child)).toBe(0);
  });

  it("takes the credentials from the environment, an array with --resource, and the size options", async () => {
    const file = join(scratch, "tags.json");
    writeFileSync(file, JSON.stringify([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]));
    const server = await startServe(
      [file, "--port", "0", "--resource", "tags", "--max-size", "3", "--vendor", "acme"],
      { env: { QAQL_USER: "env-user", QAQL_PASSWORD: "env-pw" } },
    );
    expect(server.resources).toBe("tags");
    const headers = { authorization: `Bearer ${await tokenOf(server.url, "env-user", "env-pw")}` };
    const page = (await (await fetch(`${server.url}/tags`, { headers })).json()) as Row;
    expect(page.tags).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const tooLarge = await fetch(`${server.url}/tags?size=4`, { headers });
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.json()).toMatchObject({ code: "SIZE_TOO_LARGE", parameter: "size" });
    const acme = await fetch(`${server.url}/tags/4`, {
      headers: { ...headers, accept: "application/vnd.acme.app-latest+json" },
    });
    expect(await acme.json()).toEqual({ id: 4 });
    server.child.kill("SIGTERM");
    expect(await waitForExit(server.child)).toBe(0);
  });

  it("serves every array of a dump object, empty ones too, but _links", async () => {
    const file = join(scratch, "dump.json");
    writeFileSync(
      file,
      '{"_links": [1], "tags": [{"id": 1}], "meta": {"n": 2}, "none": [], "__proto__": [{"id": 2}]}',
    );
    const server = await startServe([file, "--port", "0", ...credentials]);
    expect(server.resources).toBe("tags, none, __proto__");
    const headers = { authorization: `Bearer ${await tokenOf(server.url, "u", "p")}` };
    const page = (await (await fetch(`${server.url}/__proto__`, { headers })).json()) as Row;
    expect(Object.entries(page)).toContainEqual(["__proto__", [{ id: 2 }]]);
    server.child.kill("SIGTERM");
    expect(await waitForExit(server.child)).toBe(0);
  });

  it("reads NDJSON from stdin and validates against --schema", async () => {
    const input = '{"id":1,"name":"a"}\n{"id":2,"name":"b"}\n';
    const server = await startServe(
      [
        "-",
        "--port",
        "0",
        "--user",
        "u",
        "--password",
        "p",
        "--resource",
        "projects",
        "--schema",
        "projects=project",
      ],
      { input },
    );
    const headers = { authorization: `Bearer ${await tokenOf(server.url, "u", "p")}` };
    const unknown = await fetch(`${server.url}/projects?where=nope%3D1`, { headers });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      code: "UNKNOWN_FIELD",
      parameter: "where",
      offset: 0,
    });
    const found = await fetch(`${server.url}/projects?where=name%3Db`, { headers });
    expect(((await found.json()) as Row).projects).toEqual([{ id: 2, name: "b" }]);
    server.child.kill("SIGTERM");
    expect(await waitForExit(server.child)).toBe(0);
  });

  it("learns each resource's schema from the dump: a mistyped field is a 400 that names the one meant", async () => {
    const server = await startServe(["--port", "0", ...credentials]);
    const headers = { authorization: `Bearer ${await tokenOf(server.url, "u", "p")}` };
    const typo = await fetch(`${server.url}/artefacts?where=${encodeURIComponent("typ.id=FILE")}`, {
      headers,
    });
    expect(typo.status).toBe(400);
    expect(await typo.json()).toMatchObject({
      code: "UNKNOWN_FIELD",
      parameter: "where",
      issues: [{ code: "UNKNOWN_FIELD", suggestion: "type.id" }],
    });
    const fields = await fetch(`${server.url}/findings?fields=id,defintion`, { headers });
    expect(await fields.json()).toMatchObject({
      code: "UNKNOWN_FIELD",
      issues: [{ suggestion: "definition" }],
    });
    const noDay = await fetch(
      `${server.url}/projects?where=${encodeURIComponent("analysisTime>=2024-02-30")}`,
      { headers },
    );
    expect(await noDay.json()).toMatchObject({ code: "INVALID_VALUE", parameter: "where" });
    // The date-times of analysisTime are compared by calendar day, as a date field's are.
    const project = sample.projects?.[0] as { analysisTime: string; id: number };
    const day = project.analysisTime.slice(0, 10);
    const onDay = await fetch(
      `${server.url}/projects?where=${encodeURIComponent(`analysisTime=${day}`)}&fields=id`,
      { headers },
    );
    const projectsOnDay = ((await onDay.json()) as { projects: Row[] }).projects;
    expect(projectsOnDay.map((found) => found.id)).toContain(project.id);
    const item = await fetch(`${server.url}/artefacts/1?fields=nmae`, { headers });
    expect(await item.json()).toMatchObject({
      code: "UNKNOWN_FIELD",
      issues: [{ suggestion: "name" }],
    });
    server.child.kill("SIGTERM");
    expect(await waitForExit(server.child)).toBe(0);
  });

  it("with --no-infer-schema answers a mistyped field with no items, as before", async () => {
    const server = await startServe(["--port", "0", "--no-infer-schema", ...credentials]);
    const headers = { authorization: `Bearer ${await tokenOf(server.url, "u", "p")}` };
    const typo = await fetch(`${server.url}/artefacts?where=${encodeURIComponent("typ.id=FILE")}`, {
      headers,
    });
    expect(typo.status).toBe(200);
    expect(((await typo.json()) as Row).artefacts).toEqual([]);
    server.child.kill("SIGTERM");
    expect(await waitForExit(server.child)).toBe(0);
  });

  it("prints its help", () => {
    const run = runCli(["serve", "--help"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: qaql serve \[FILE\|-\] --user U --password P/);
    expect(runCli(["--help"]).stdout).toMatch(/\n {2}serve +serve a dump over HTTP/);
  });

  it.each([
    [[], "--user and --password"],
    [["--user", "u"], "--user and --password"],
    [["--user", "a:b", "--password", "p"], "colon"],
    [
      [...credentials, "--port", "http"],
      '--port must be a whole number from 0 to 65535, not "http"',
    ],
    [[...credentials, "--port", "65536"], "--port must be"],
    [[...credentials, "--port=-1"], "--port must be"],
    [[...credentials, "--max-size", "0"], "--max-size must be"],
    [
      [...credentials, "--default-size", "30", "--max-size", "10"],
      "--default-size cannot be larger",
    ],
    [[...credentials, "--vendor", "a/b"], "--vendor must be"],
    [[...credentials, "--schema", "project"], "RESOURCE=SCHEMA"],
    [[...credentials, "a.json", "b.json"], 'unexpected argument "b.json"'],
    [[...credentials, "--prot", "1"], "--prot"],
  ])("%j is a usage error, exit 2", (args, words) => {
    const run = runCli(["serve", ...args]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(words);
    expect(run.stderr).toContain('"qaql serve --help"');
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  it.each([
    ["a missing file", [join(scratch, "missing.json")], "", "no such file or directory (ENOENT)"],
    [
      "malformed JSON",
      ["BROKEN"],
      "",
      'broken.json": expected a record, found the end of the input at line 2, column 1 (byte 25)',
    ],
    ["an array without --resource", ["ARRAY"], "", "is an array of records: name its resource"],
    ["NDJSON without --resource", ["-"], '{"id":1}\n{"id":2}\n', "stdin is NDJSON: name its"],
    [
      "a resource the dump lacks",
      ["--resource", "nope"],
      "",
      'holds no array "nope": it holds only "projects", "artefacts", "findings", "models", "versions", "_translations"',
    ],
    [
      "a mistyped resource",
      ["--resource", "artefcts"],
      "",
      'holds no array "artefcts": it holds only "projects", "artefacts", "findings", "models", "versions", "_translations"; did you mean "artefacts"?',
    ],
    [
      "a schema for a mistyped resource",
      ["--schema", "artefcts=artefact"],
      "",
      '--schema names "artefcts", which the dump does not hold (it has projects, artefacts, findings, models, versions); did you mean artefacts?',
    ],
    [
      "a schema for a resource the dump lacks",
      ["--schema", "nope=project"],
      "",
      '--schema names "nope"',
    ],
    ["an unknown schema", ["--schema", "projects=projectz"], "", 'unknown schema "projectz"'],
    ["a resource named token", ["TOKEN"], "", 'cannot be named "token"'],
    ["a resource named with nothing", ["-"], '{"": []}', 'stdin: a resource cannot be named ""'],
    [
      "a record that is no object",
      ["NUMBERS"],
      "",
      'expected a record (a JSON object), found "2" at line 1, column 12 (byte 11)',
    ],
    [
      "a resource met twice",
      ["-"],
      '{"a": [{}], "a": []}',
      'stdin: the object holds "a" twice; the second is at line 1, column 13 (byte 12)',
    ],
    [
      "a resource of more fields than a schema learns",
      ["-", "--resource", "wide"],
      JSON.stringify(Array.from({ length: 10_001 }, (_, i) => ({ [`f${i}`]: i }))),
      'cannot learn the schema of "wide": the records hold more than 10000 distinct fields; give it --schema, or --no-infer-schema',
    ],
    [
      "stdin that is no JSON",
      ["-"],
      "{",
      'stdin: expected a member name or "}", found the end of the input at line 1, column 2 (byte 1)',
    ],
  ])("%s is one line, exit 1", (_, args, input, words) => {
    writeFileSync(join(scratch, "broken.json"), '{"projects": [{"id": 1},\n');
    writeFileSync(join(scratch, "array.json"), "[]");
    writeFileSync(join(scratch, "token.json"), '{"token": []}');
    writeFileSync(join(scratch, "numbers.json"), '{"n": [{}, 2]}');
    const files: Record<string, string> = {
      BROKEN: join(scratch, "broken.json"),
      ARRAY: join(scratch, "array.json"),
      TOKEN: join(scratch, "token.json"),
      NUMBERS: join(scratch, "numbers.json"),
    };
    const run = runCli(["serve", ...credentials, ...args.map((arg) => files[arg] ?? arg)], {
      input,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(words);
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  it("serves the API's nested routes to a permanent token of --tokens, without --user", async () => {
    const file = join(scratch, "tokens.txt");
    const token = "ci-token-0123456789-abcdef";
    writeFileSync(file, `# the CI job's token\n\n  ${token}  \n`);
    const server = await startServe(["--port", "0", "--tokens", file]);
    const headers = { authorization: `Bearer ${token}` };
    const project = sample.projects?.[0] as Row;
    const href = (project._links as Record<string, { href: string }>).artefacts?.href ?? "";
    const listed = await fetch(`${server.url}${href.replace(/^\/api/, "")}?fields=id&size=1000`, {
      headers,
    });
    expect(listed.status).toBe(200);
    const ids = ((await listed.json()) as { artefacts: Row[] }).artefacts.map((row) => row.id);
    expect(ids).toEqual(
      sample.artefacts?.filter((row) => row.projectId === project.id).map((row) => row.id),
    );
    const query = await fetch(`${server.url}/artefacts/${project.artefactId}/query`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ columns: [{ type: "MEASURE", id: "LOC" }], resultSize: 2 }),
    });
    expect(await query.json()).toMatchObject({ rows: [{}, {}], total: ids.length - 1 });
    expect(
      (await fetch(`${server.url}/token`, { headers: { authorization: basic("u", "p") } })).status,
    ).toBe(401);
    server.child.kill("SIGTERM");
    expect(await waitForExit(server.child)).toBe(0);
  });

  it.each([
    ["an empty tokens file", "# nothing\n", "holds no token"],
    ["a short token", "short\n", "--tokens: a permanent token needs at least 20 characters"],
  ])("refuses %s in one line, exit 1", (_, text, words) => {
    const file = join(scratch, "bad-tokens.txt");
    writeFileSync(file, text);
    const run = runCli(["serve", "--tokens", file]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(words);
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  it("reports a busy port in one line, exit 1", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const run = runCli(["serve", ...credentials, "--port", String(port)]);
      expect(run.status).toBe(1);
      expect(run.stderr).toBe(
        `qaql: cannot listen on 127.0.0.1:${port}: the port is in use; choose another with --port (0 for any free port)\n`,
      );
    } finally {
      blocker.close();
    }
  });

  it("serves the users of --users, each its projects, with a digest from --digest-password", async () => {
    const digest = runCli(["serve", "--digest-password"], { input: "hunter2\n" });
    expect(digest.status).toBe(0);
    expect(digest.stdout).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+\n$/);
    const file = join(scratch, "users.json");
    const users = {
      ann: { passwordDigest: digest.stdout.trim(), projects: ["payments-core"] },
      ci: {
        permanentTokens: ["ci-token-of-the-users-file-0123"],
        policies: { projects: { selectable: "id,name" } },
      },
    };
    writeFileSync(file, JSON.stringify(users));
    const server = await startServe(["--port", "0", "--users", file]);
    const token = await tokenOf(server.url, "ann", "hunter2");
    const get = async (path: string, bearer: string) =>
      (await (
        await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${bearer}` } })
      ).json()) as Row;
    const seen = (await get("/projects", token)).projects as Row[];
    expect(seen.map((p) => p.name)).toEqual(["payments-core"]);
    const artefacts = (await get("/artefacts?size=1000", token)).artefacts as Row[];
    expect(new Set(artefacts.map((a) => a.projectId))).toEqual(new Set([seen[0]?.id]));
    const ci = (await get("/projects?size=2", "ci-token-of-the-users-file-0123")).projects as Row[];
    // Without the fields they are made from, the links to the model and version go (6.10).
    expect(ci).toEqual(
      sample.projects?.slice(0, 2).map(({ id, name, _links }) => {
        const { self, artefacts } = _links as Row;
        return { _links: { self, artefacts }, id, name };
      }),
    );
    server.child.kill("SIGTERM");
    expect(await waitForExit(server.child)).toBe(0);
  });

  it.each([
    ["no JSON", "{", "is not JSON"],
    ["an array", "[]", "must hold a JSON object of users by name"],
    [
      "a user who cannot get in",
      '{"ann": {"projects": [101]}}',
      '--users: option users: the user "ann": give a password',
    ],
    [
      "a bad digest",
      '{"ann": {"passwordDigest": "md5:x"}}',
      "passwordDigest: a password digest is scrypt",
    ],
    [
      "a policy of no resource",
      '{"ann": {"password": "p", "policies": {"widgets": {}}}}',
      "policies.widgets: the data has no such resource",
    ],
  ])("refuses a users file with %s in one line, exit 1", (_, text, words) => {
    const file = join(scratch, "bad-users.json");
    writeFileSync(file, text);
    const run = runCli(["serve", "--users", file]);
    expect(run.stderr).toContain(words);
    expect(run.status).toBe(1);
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
  });
});

describe("qaql serve started by npx", () => {
  /** A stand-in for npx: starts the command with npm's environment, passes no signal on, prints its line. */
  function startUnderParent(
    env: Record<string, string>,
  ): Promise<{ parent: ChildProcess; url: string; pid: number }> {
    const args = [CLI, "serve", "--port", "0", "--user", "u", "--password", "p"];
    const script = `
      const { spawn } = require("node:child_process");
      const child = spawn(process.execPath, ${JSON.stringify(args)}, {
        env: { ...process.env, ...${JSON.stringify(env)} },
        stdio: ["ignore", "pipe", "ignore"],
      });
      child.stdout.on("data", (chunk) => process.stdout.write("pid " + child.pid + " " + chunk));`;
    // Without npm's own variables, which `npm test` sets for every process under it.
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith("npm_")),
    );
    const parent = spawn(process.execPath, ["-e", script], {
      stdio: ["ignore", "pipe", "ignore"],
      env: clean,
    });
    running.push(parent);
    let stdout = "";
    return new Promise((resolve, reject) => {
      parent.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
        const match = /^pid (\d+) qaql serve: listening on (\S+) /.exec(stdout);
        if (match) resolve({ parent, pid: Number(match[1]), url: match[2] ?? "" });
      });
      parent.on("exit", (code) => reject(new Error(`the parent exited ${code}: ${stdout}`)));
    });
  }

  /** Whether the server still answers at `url`, asked up to `tries` times half a second apart. */
  async function answersAfter(url: string, tries: number): Promise<boolean> {
    for (let i = 0; i < tries; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      try {
        await fetch(`${url}/token`);
      } catch {
        return false;
      }
    }
    return true;
  }

  it("stops once npx has gone, which passes on no signal", async () => {
    const { parent, url, pid } = await startUnderParent({ npm_command: "exec" });
    parent.kill("SIGTERM");
    try {
      // Gone within 10 s, where it checks every half second.
      expect(await answersAfter(url, 20)).toBe(false);
    } finally {
      killQuietly(pid);
    }
  }, 30_000);

  it("outlives a parent that is not npm, as under nohup", async () => {
    const { parent, url, pid } = await startUnderParent({});
    parent.kill("SIGTERM");
    try {
      expect(await answersAfter(url, 3)).toBe(true);
    } finally {
      killQuietly(pid);
    }
  }, 30_000);
});

function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Gone already.
  }
}
