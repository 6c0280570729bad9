import { describe, expect, it } from "vitest";
import { compileWhere } from "../../src/api/compile-where.ts";
import {
  ConformanceError,
  type ConformanceOptions,
  runConformance,
} from "../../src/conformance/index.ts";
import type { Evaluate } from "../../src/conformance/reference-evaluate.ts";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { schemas } from "../../src/schema/resources.ts";
import { sample, startServer } from "./reference-server.ts";

/** A server whose pages start one item late. */
const lateByOne: Evaluate = (records, request) => {
  const { where, schema, timeZone, page, size } = request;
  const matches = where ? records.filter(compileWhere(where, { schema, timeZone })) : records;
  const start = (page - 1) * size + 1;
  return { items: matches.slice(start, start + size), total: matches.length };
};

describe("runConformance", () => {
  it("finds the reference server in agreement, with or without a schema given", async () => {
    const { server, url, token } = await startServer();
    try {
      const report = await runConformance({
        url,
        token,
        resource: "artefacts",
        schema: schemas.artefact,
        runs: 50,
        seed: 7,
      });
      expect(report).toMatchObject({
        agrees: true,
        runs: 50,
        seed: 7,
        records: sample.artefacts?.length,
        resource: "artefacts",
        users: 1,
      });
      // Every probe the records give was sent, fewer than the default most of 1000, after the
      // grammar's hundred or so.
      expect(report.probes).toBeGreaterThan(600);
      expect(report.probes).toBeLessThan(1000 + 150);
      // One of the API's resources: its schema is the API's.
      const findings = await runConformance({ url, token, resource: "findings", runs: 30 });
      expect(findings).toMatchObject({ agrees: true, runs: 30, records: sample.findings?.length });
    } finally {
      await server.close();
    }
  });

  it("reports a wrong server's shrunk disagreement, which its seed and path replay", async () => {
    const { server, url, token } = await startServer(lateByOne);
    try {
      // Without probes, the generated requests find it: the first page, which every probe reads, starts late too.
      const options = { url, token, resource: "artefacts", runs: 300, probes: 0 };
      const report = await runConformance({ ...options, seed: 5 });
      if (report.agrees) throw new Error("pages starting late were not caught");
      expect(report.seed).toBe(5);
      // Its first page, fetched whole, starts late too: one record is never seen.
      expect(report.records).toBe((sample.artefacts?.length ?? 0) - 1);
      expect(report.path).toMatch(/^\d+(:\d+)*$/);
      expect(report.runs).toBeGreaterThan(0);
      expect(report.shrinks).toBeGreaterThanOrEqual(0);
      const { disagreement } = report;
      expect(disagreement.request.startsWith(`${url}/artefacts?`)).toBe(true);
      expect(disagreement.reason).toMatch(/^(different items: item \d+: |a different "\w+" link)/);
      expect(disagreement.expected).not.toBe(disagreement.received);
      // The reported case alone fails again, the same way.
      const replay = await runConformance({ ...options, seed: report.seed, path: report.path });
      expect(replay).toMatchObject({ agrees: false, disagreement });
    } finally {
      await server.close();
    }
  });

  it("sends its requests with the fetch given, and a timezone only from timeZones", async () => {
    const { server, url, token } = await startServer();
    const zones = new Set<string | null>();
    let count = 0;
    try {
      const report = await runConformance({
        url,
        token,
        resource: "projects",
        runs: 40,
        seed: 3,
        timeZones: ["Asia/Kolkata"],
        fetch: (input, init) => {
          count++;
          zones.add(new Headers(init.headers).get("timezone"));
          return fetch(input, init);
        },
      });
      expect(report).toMatchObject({ agrees: true, runs: 40 });
      // One request fetches the records; the coverage counts every other.
      expect(count).toBe(report.coverage.requests + 1);
      expect(report.runs + report.probes).toBeLessThan(report.coverage.requests);
      expect([...zones].sort()).toEqual(["Asia/Kolkata", null]);
    } finally {
      await server.close();
    }
  });

  it("throws a ConformanceError for a server it cannot reach", async () => {
    const { server, url, token } = await startServer();
    await server.close();
    const error = await runConformance({ url, token, resource: "artefacts" }).catch((e) => e);
    expect(error).toBeInstanceOf(ConformanceError);
    expect(error).toMatchObject({ code: "SERVER_UNREADABLE", url: `${url}/artefacts` });
    expect(error.message).toMatch(/^cannot reach http:\/\/127\.0\.0\.1:\d+\/api\/artefacts: /);
  });

  it("throws a ConformanceError for a status other than 200 while fetching the records", async () => {
    const { server, url } = await startServer();
    try {
      const error = await runConformance({ url, token: "wrong", resource: "artefacts" }).catch(
        (e) => e,
      );
      expect(error).toBeInstanceOf(ConformanceError);
      expect(error.message).toMatch(/^GET http:\S+\/api\/artefacts answered 401/);
    } finally {
      await server.close();
    }
  });

  it.each([
    [{ url: "ftp://x" }, "url"],
    [{ runs: 0 }, "runs"],
    [{ seed: 1.5 }, "seed"],
    [{ path: "1:2" }, "path"],
    [{ resource: "builds" }, "schema"],
    [{ resource: undefined }, "resource"],
    [{ route: "projects/core/artefacts?x=1" }, "route"],
    [{ route: "projects//artefacts" }, "route"],
    [{ route: "projects/%zz/artefacts" }, "route"],
    [{ probes: -1 }, "probes"],
    [{ probes: 1.5 }, "probes"],
    [{ credentials: { user: "a:b", password: "x" } }, "credentials"],
    [{ credentials: "alice:s3cret" }, "credentials"],
    [{ advanceClock: 15 }, "advanceClock"],
  ])("rejects %j before any request", async (bad, option) => {
    const options = { url: "http://127.0.0.1:9/api", token: "t", resource: "artefacts", ...bad };
    // Options from outside: JavaScript callers pass what TypeScript would refuse.
    const error = await runConformance(options as ConformanceOptions).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidOptionError);
    expect(error).toMatchObject({ caller: "runConformance", option });
  });

  it("aims at a nested list, taking its resource from the route", async () => {
    const { server, url, token } = await startServer();
    try {
      const project = sample.projects?.[1] as Record<string, unknown>;
      const route = `projects/${encodeURIComponent(String(project.name))}/artefacts`;
      const report = await runConformance({ url, token, route, runs: 40, seed: 4 });
      const ofProject = sample.artefacts?.filter(
        (artefact) => (artefact as { projectId?: unknown }).projectId === project.id,
      );
      expect(report).toMatchObject({
        agrees: true,
        runs: 40,
        records: ofProject?.length,
        resource: "artefacts",
      });
    } finally {
      await server.close();
    }
  });

  it("catches a wrong nested list, at its own path", async () => {
    const { server, url, token } = await startServer(lateByOne);
    try {
      const route = "artefacts/1000/findings";
      const report = await runConformance({ url, token, route, runs: 200, seed: 5 });
      if (report.agrees) throw new Error("pages starting late were not caught");
      expect(report.disagreement.request.startsWith(`${url}/${route}?`)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it("rejects an unknown time zone before any request", async () => {
    const options = { url: "http://127.0.0.1:9/api", token: "t", resource: "artefacts" };
    await expect(runConformance({ ...options, timeZones: ["Mars/Olympus"] })).rejects.toThrow(
      /Mars\/Olympus/,
    );
  });
});
