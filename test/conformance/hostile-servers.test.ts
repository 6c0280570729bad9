// A test tool must survive the server it tests (issue 47 §3): an answer without end, one sent a
// byte at a time or not at all, next links without end, and links or redirects to another
// origin each end the run with a clear error (exit 1), within the bounds the kit sets itself.
import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { MOST_ANSWER_BYTES } from "../../src/conformance/fetch-json.ts";
import { ConformanceError } from "../../src/conformance/index.ts";
import { MOST_PAGES, runConformance } from "../../src/conformance/run-conformance.ts";
import { hasXmllint, validateJunit } from "../support/junit-schema.ts";
import { CLI } from "../support/run-cli.ts";

const TOKEN = "hostile-test-token";
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server answering every request with `handle`; its base URL. */
async function serve(handle: (request: IncomingMessage, response: ServerResponse) => void) {
  const server = createServer(handle);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const json = { "content-type": "application/json" };

/** Runs the built `qaql conformance` in a process of its own, its heap held to 256 MB. */
function conformanceCli(args: readonly string[]) {
  const child = spawn(process.execPath, ["--max-old-space-size=256", CLI, "conformance", ...args], {
    env: { PATH: process.env.PATH ?? "" },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (status) => resolve({ status, stdout, stderr })),
  );
}

/** What a run against `url` threw. */
async function refusal(url: string, options: { timeoutMs?: number } = {}) {
  const error = await runConformance({ url, token: TOKEN, resource: "projects", ...options }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConformanceError);
  return error as ConformanceError;
}

describe("runConformance against a hostile server", () => {
  it("stops reading an answer without end at 16 MiB, in a process that cannot grow past 256 MB", async () => {
    let sent = 0;
    const url = await serve((_request, response) => {
      response.writeHead(200, json);
      response.write('{"projects":[');
      const chunk = `${'{"id":1,"name":"x"},'.repeat(3000)}`;
      const more = () => {
        while (!response.destroyed && response.write(chunk)) sent += chunk.length;
        if (!response.destroyed) response.once("drain", more);
      };
      more();
    });
    const error = await refusal(`${url}/api`);
    expect(error.message).toContain("is over 16 MiB");
    expect(sent).toBeLessThan(4 * MOST_ANSWER_BYTES);
    const args = ["--url", `${url}/api`, "--token", TOKEN, "--resource", "projects"];
    const cli = await conformanceCli(args);
    expect(cli).toMatchObject({ status: 1, stdout: "" });
    expect(cli.stderr).toContain("is over 16 MiB");
    expect(cli.stderr).not.toMatch(/internal error/i);
    // For CI, a JUnit document whose one test case holds the error.
    const junit = await conformanceCli([...args, "--format", "junit"]);
    expect(junit.status).toBe(1);
    expect(junit.stdout).toMatch(/<error message="the answer to http:[^"]+ is over 16 MiB/);
    if (hasXmllint()) expect(validateJunit(junit.stdout)).toMatchObject({ valid: true });
  });

  it("refuses an answer whose Content-Length is past the bound before reading it", async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { ...json, "content-length": String(MOST_ANSWER_BYTES + 1) });
      response.write("{");
    });
    expect((await refusal(`${url}/api`)).message).toContain(
      `Content-Length: ${MOST_ANSWER_BYTES + 1}`,
    );
  });

  it("cuts an answer that stalls, and one sent a byte at a time, at the timeout", async () => {
    const stalling = await serve((_request, response) => {
      response.writeHead(200, json);
      response.write('{"projects":[');
    });
    const stalled = await refusal(`${stalling}/api`, { timeoutMs: 2000 });
    expect(stalled.message).toMatch(/sent nothing for 1 s$/);
    const trickling = await serve((_request, response) => {
      response.writeHead(200, json);
      const timer = setInterval(() => response.write(" "), 100);
      response.on("close", () => clearInterval(timer));
    });
    // Its pauses (0.1 s) stay far from the 2 s it may send nothing, even on a busy machine.
    const trickled = await refusal(`${trickling}/api`, { timeoutMs: 4000 });
    expect(trickled.message).toMatch(/was not whole within 4 s$/);
    const silent = await serve(() => {});
    const unanswered = await refusal(`${silent}/api`, { timeoutMs: 1000 });
    expect(unanswered.message).toMatch(/had no answer within 1 s$/);
  });

  it("follows next links to the last page the first page names, then judges the link", async () => {
    const pages: number[] = [];
    const page = (request: Request, last: boolean) => {
      const at = Number(new URL(request.url).searchParams.get("page") ?? "1");
      pages.push(at);
      const links: Record<string, { href: string }> = {
        self: { href: `/api/projects?page=${at}` },
        next: { href: `/api/projects?page=${at + 1}` },
      };
      if (last) links.last = { href: "/api/projects?page=3&size=20" };
      const body = { projects: [{ id: at }], _links: links };
      return new Response(JSON.stringify(body), { status: 200, headers: json });
    };
    const options = { url: "http://api.example/api", token: TOKEN, resource: "projects" };
    const named = await runConformance({
      ...options,
      fetch: async (input) => page(new Request(input), true),
      probes: 0,
    });
    expect(named).toMatchObject({ agrees: false, records: 3 });
    expect(pages.slice(0, 3)).toEqual([1, 2, 3]);
    expect(pages).not.toContain(4);
    pages.length = 0;
    const endless = runConformance({
      ...options,
      fetch: async (input) => page(new Request(input), false),
    });
    await expect(endless).rejects.toThrow(/past page 10000, the most the kit follows/);
    expect(pages).toHaveLength(MOST_PAGES);
  });

  it("sends nothing to another origin: not a next link's, nor a redirect's", async () => {
    const elsewhere: (string | undefined)[] = [];
    const other = await serve((request, response) => {
      elsewhere.push(request.headers.authorization);
      response.writeHead(200, json);
      response.end('{"projects":[],"_links":{}}');
    });
    const linking = await serve((_request, response) => {
      response.writeHead(200, json);
      response.end(
        JSON.stringify({
          projects: [{ id: 1 }],
          _links: { next: { href: `${other}/api/projects?page=2` } },
        }),
      );
    });
    const linked = await refusal(`${linking}/api`);
    expect(linked.message).toContain(`on another origin than ${linking}`);
    const redirecting = await serve((_request, response) => {
      response.writeHead(302, { location: `${other}/api/projects` });
      response.end();
    });
    const redirected = await refusal(`${redirecting}/api`);
    expect(redirected.message).toContain("answered 302");
    expect(elsewhere).toEqual([]);
  });
});
