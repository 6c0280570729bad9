// qaql conformance for CI (issue 47 §4): --format junit, validated by xmllint against the Jenkins
// JUnit schema and read back with XPath, and --vectors, whose written vector replays as the
// vectors of grammar/conformance do.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileWhere } from "../../src/api/compile-where.ts";
import type { EvaluationVector } from "../../src/conformance/index.ts";
import type { Evaluate } from "../../src/conformance/reference-evaluate.ts";
import { defineSchema, type SchemaShape } from "../../src/schema/schema.ts";
import { createNodeAdapter } from "../../src/server/node-adapter.ts";
import {
  MUTANT_TOKEN,
  MUTANTS,
  type ServerUnderTest,
  serverWith,
} from "../conformance/mutant-servers.ts";
import { startServer } from "../conformance/reference-server.ts";
import { skipXmllint, validateJunit, xpath } from "../support/junit-schema.ts";
import { runMain } from "../support/run-main.ts";

const USER = "alice";
const PASSWORD = "s3cret";

/** A single-bug server listening on 127.0.0.1, for the command to reach over HTTP. */
async function listening(server: ServerUnderTest) {
  const node = createNodeAdapter(
    (request) => server.fetch(request.url, request),
    (error) => {
      throw error;
    },
  );
  const { url } = await node.listen(0, "127.0.0.1");
  return { url, close: () => node.close() };
}

const mutant = (name: string) => {
  const found = MUTANTS.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no mutant named ${name}`);
  return found.start();
};

/** A server whose pages start one item late, which only the generated requests reach without probes. */
const lateByOne: Evaluate = (records, request) => {
  const { where, schema, timeZone, page, size } = request;
  const matches = where ? records.filter(compileWhere(where, { schema, timeZone })) : records;
  const start = (page - 1) * size + 1;
  return { items: matches.slice(start, start + size), total: matches.length };
};

/** A document xmllint finds valid against the JUnit schema, or the test fails with what it said. */
function expectValidJunit(xml: string): void {
  const { valid, messages } = validateJunit(xml);
  expect(messages).toBe("- validates\n");
  expect(valid).toBe(true);
}

const property = (xml: string, name: string) =>
  xpath(xml, `string(//testsuite/properties/property[@name='${name}']/@value)`);
const count = (xml: string, path: string) => Number(xpath(xml, `count(${path})`));

describe.skipIf(skipXmllint())("qaql conformance --format junit", () => {
  it("writes one passing test case per check of an agreeing run, and skips those left out", async () => {
    const { server, url, token } = await startServer();
    try {
      const args = ["conformance", "--url", url, "--token", token, "--resource", "projects"];
      const options = ["--user", USER, "--password", PASSWORD, "--probes", "60", "--runs", "20"];
      const run = await runMain([...args, ...options, "--seed", "3", "--format", "junit"]);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expectValidJunit(run.stdout);
      const json = await runMain([...args, ...options, "--seed", "3", "--format", "json"]);
      const { checks } = JSON.parse(json.stdout) as { checks: { name: string; kind: string }[] };
      expect(count(run.stdout, "//testcase")).toBe(checks.length);
      expect(count(run.stdout, "//failure")).toBe(0);
      for (const [i, check] of checks.entries()) {
        expect(xpath(run.stdout, `string(//testcase[${i + 1}]/@name)`)).toBe(check.name);
        expect(xpath(run.stdout, `string(//testcase[${i + 1}]/@classname)`)).toBe(
          `qaql.conformance.projects.${check.kind}`,
        );
      }
      // The command cannot move the server's clock: the token lifetimes are left out, and say why.
      expect(xpath(run.stdout, "string(//testcase[skipped][1]/skipped)")).toBe(
        "left out: the server's clock cannot be moved (advanceClock)",
      );
      expect(count(run.stdout, "//testcase[skipped]")).toBe(2);
      expect(xpath(run.stdout, "string(/testsuites/testsuite/@tests)")).toBe(String(checks.length));
      expect(property(run.stdout, "seed")).toBe("3");
      expect(property(run.stdout, "resource")).toBe("projects");
      expect(property(run.stdout, "records")).toBe("8");
      expect(property(run.stdout, "users")).toBe("1");
      expect(count(run.stdout, "//property[@name='path']")).toBe(0);
      expect(xpath(run.stdout, "string(//testsuite/system-out)")).toMatch(
        /^coverage \(\d+ requests\):\n/,
      );
    } finally {
      await server.close();
    }
  });

  it("fails the check that disagreed, with all it takes to repeat it, skips the rest, and writes --vectors", async () => {
    const server = mutant("= compares strings ignoring case");
    const { url, close } = await listening(server);
    const dir = join(mkdtempSync(join(tmpdir(), "qaql-junit-")), "ci", "vectors");
    try {
      const run = await runMain([
        ...["conformance", "--url", url, "--token", MUTANT_TOKEN, "--resource", "projects"],
        ...["--seed", "3", "--format", "junit", "--vectors", dir],
      ]);
      expect(run.status).toBe(1);
      const xml = run.stdout;
      expectValidJunit(xml);
      expect(count(xml, "//failure")).toBe(1);
      expect(xpath(xml, "string(/testsuites/@failures)")).toBe("1");
      expect(xpath(xml, "string(//testcase[failure]/@name)")).toMatch(/^probes on /);
      // Every check after the one that disagreed is skipped, as not reached.
      expect(count(xml, "//testcase[failure]/following-sibling::testcase[not(skipped)]")).toBe(0);
      expect(
        xpath(xml, "string(//testcase[failure]/following-sibling::testcase[1]/skipped)"),
      ).toMatch(/^not reached: the run stopped at the first disagreement/);
      const written = JSON.parse(readFileSync(join(dir, "projects-3.json"), "utf8"));
      expect(run.stderr).toBe(
        `qaql: wrote ${join(dir, "projects-3.json")} and ${join(dir, "projects-3.vector.json")}\n`,
      );
      expect(written).toMatchObject({ seed: 3, path: "", resource: "projects" });
      expect(xpath(xml, "string(//failure/@message)")).toBe(written.reason);
      expect(xpath(xml, "string(//failure)")).toBe(
        [
          `request:  ${written.request}  (timezone: ${written.timeZone})`,
          `expected: ${written.expected}`,
          `received: ${written.received}`,
          "replay:   the same --seed 3 repeats it",
          `curl:     ${written.curl}`,
          `vector of grammar/conformance/README.md: ${JSON.stringify(written.vector)}`,
        ].join("\n"),
      );
      expect(property(xml, "seed")).toBe("3");

      // The vector file alone is a file of grammar/conformance's evaluation vectors.
      const vector = JSON.parse(
        readFileSync(join(dir, "projects-3.vector.json"), "utf8"),
      ) as EvaluationVector;
      expect(vector).toEqual(written.vector);
      expect(vector).toMatchObject({ language: "where", target: "evaluation" });
      expect(vector.cases.length).toBeGreaterThan(0);
      for (const c of vector.cases) {
        // Run as grammar/conformance/README.md runs an evaluation vector: the reference keeps its ids.
        const schema = defineSchema(vector.schemas[c.schema] as Record<string, SchemaShape>);
        const keep = compileWhere(c.where, { schema, timeZone: c.timeZone });
        const records = vector.datasets[c.data] ?? [];
        const ids = (rows: readonly object[]) => rows.map((row) => (row as { id: number }).id);
        expect(ids(records.filter((record) => keep(record)))).toEqual(c.ids);
        // The buggy server, asked the vector's filter, keeps others among the vector's records.
        const query = new URLSearchParams({ where: c.where, fields: "id", size: "1000" });
        const headers: Record<string, string> = { authorization: `Bearer ${MUTANT_TOKEN}` };
        if (c.timeZone) headers.timezone = c.timeZone;
        const answer = await fetch(`${url}/projects?${query}`, { headers });
        const kept = new Set(ids(((await answer.json()) as { projects: object[] }).projects));
        expect(ids(records).filter((id) => kept.has(id))).not.toEqual(c.ids);
      }
    } finally {
      await close();
    }
  });

  it("names the seed and path that replay a generated disagreement, and the replay fails alone", async () => {
    const { server, url, token } = await startServer(lateByOne);
    try {
      const args = ["conformance", "--url", url, "--token", token, "--resource", "artefacts"];
      const options = ["--probes", "0", "--runs", "300", "--format", "junit"];
      const run = await runMain([...args, ...options, "--seed", "5"]);
      expect(run.status).toBe(1);
      expectValidJunit(run.stdout);
      const path = property(run.stdout, "path");
      expect(path).toMatch(/^\d+(:\d+)*$/);
      expect(xpath(run.stdout, "string(//testcase[failure]/@name)")).toBe(
        "generated filters, selections and pages",
      );
      expect(xpath(run.stdout, "string(//failure)")).toMatch(
        new RegExp(`^replay: {3}--seed 5 --path ${path} \\(shrunk in \\d+ steps\\)$`, "m"),
      );
      const replay = await runMain([...args, ...options, "--seed", "5", "--path", path]);
      expect(replay.status).toBe(1);
      expectValidJunit(replay.stdout);
      expect(count(replay.stdout, "//testcase")).toBe(1);
      expect(count(replay.stdout, "//testcase/failure")).toBe(1);
    } finally {
      await server.close();
    }
  });

  it("writes what XML cannot hold in a server's answer as \\u escapes", async () => {
    // A code with NUL, ESC, U+FFFF and a lone surrogate, where SIZE_TOO_LARGE belongs.
    const code = "TOO\u0000LARGE\u001b[31m\uffff\ud800";
    const server = serverWith({
      request: (request) =>
        new URL(request.url).searchParams.get("size") === "1001"
          ? new Response(JSON.stringify({ code, message: "x" }), {
              status: 400,
              headers: { "content-type": "application/json" },
            })
          : request,
    });
    const { url, close } = await listening(server);
    try {
      const run = await runMain([
        ...["conformance", "--url", url, "--token", MUTANT_TOKEN, "--resource", "findings"],
        ...["--seed", "1", "--format", "junit"],
      ]);
      expect(run.status).toBe(1);
      expectValidJunit(run.stdout);
      expect(xpath(run.stdout, "string(//testcase[failure]/@name)")).toBe(
        "size=1001 is a 400 SIZE_TOO_LARGE",
      );
      expect(xpath(run.stdout, "string(//failure)")).toMatch(
        /^received: status 400 TOO\\u0000LARGE\\u001B\[31m\\uFFFF\\uD800$/m,
      );
      // No character XML 1.0 forbids, raw or as a character reference.
      const forbidden = [...run.stdout].filter((char) => {
        const code = char.codePointAt(0) as number;
        return (
          (code < 0x20 && ![0x09, 0x0a, 0x0d].includes(code)) || code === 0xfffe || code === 0xffff
        );
      });
      expect(forbidden).toEqual([]);
      expect(run.stdout).not.toMatch(/&#x?0*[0-8];/);
    } finally {
      await close();
    }
  });
});

describe("qaql conformance --vectors", () => {
  it("is a usage error naming a file, before any request is sent", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "qaql-junit-")), "conformance.xml");
    writeFileSync(file, "");
    // Nothing listens on port 1: a request sent would be exit 1, "cannot reach".
    const run = await runMain([
      ...["conformance", "--url", "http://127.0.0.1:1/api", "--token", "t"],
      ...["--resource", "artefacts", "--vectors", file],
    ]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      `--vectors ${JSON.stringify(file)} cannot be used: it is a file, not a directory`,
    );
  });

  it("makes the directory before the run, and writes nothing into it when the server agrees", async () => {
    const { server, url, token } = await startServer();
    const dir = join(mkdtempSync(join(tmpdir(), "qaql-junit-")), "vectors");
    try {
      const run = await runMain([
        ...["conformance", "--url", url, "--token", token, "--resource", "projects"],
        ...["--probes", "10", "--runs", "5", "--vectors", dir],
      ]);
      expect(run.status).toBe(0);
      expect(existsSync(dir)).toBe(true);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
