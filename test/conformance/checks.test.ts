// report.checks: every check a run makes, in its order, with its outcome, so that a CI report
// (qaql conformance --format junit) can show one test per check.
import { describe, expect, it } from "vitest";
import { compileWhere } from "../../src/api/compile-where.ts";
import type { Evaluate } from "../../src/conformance/reference-evaluate.ts";
import { runConformance } from "../../src/conformance/run-conformance.ts";
import { MUTANTS, serverWith } from "./mutant-servers.ts";
import { kitOptions } from "./mutation-score.ts";
import { startServer } from "./reference-server.ts";

const named = (name: string) => {
  const mutant = MUTANTS.find((candidate) => candidate.name === name);
  if (!mutant) throw new Error(`no mutant named ${name}`);
  return mutant;
};

/** A server whose pages start one item late, which only the generated requests reach without probes. */
const lateByOne: Evaluate = (records, request) => {
  const { where, schema, timeZone, page, size } = request;
  const matches = where ? records.filter(compileWhere(where, { schema, timeZone })) : records;
  const start = (page - 1) * size + 1;
  return { items: matches.slice(start, start + size), total: matches.length };
};

describe("runConformance's checks", () => {
  it("lists every check of an agreeing run, each agreeing, and counts every request once", async () => {
    const report = await runConformance(kitOptions(serverWith(), "projects", { seed: 3 }));
    expect(report.agrees).toBe(true);
    const { checks } = report;
    expect(checks.map((check) => check.outcome)).toEqual(checks.map(() => "agrees"));
    expect(new Set(checks.map((check) => check.name)).size).toBe(checks.length);
    expect(new Set(checks.map((check) => check.kind))).toEqual(
      new Set(["fixed", "probes", "walk", "generated"]),
    );
    // Each request of the run is some check's.
    const sum = checks.reduce((total, check) => total + check.requests, 0);
    expect(sum).toBe(report.coverage.requests);
    expect(checks.every((check) => check.requests > 0)).toBe(true);
    const names = checks.map((check) => check.name);
    expect(names.slice(0, 3)).toEqual([
      "a list without page or size is the first page of 20",
      "size=1000 is a page of 1000",
      "size=1001 is a 400 SIZE_TOO_LARGE",
    ]);
    expect(names).toContain("page=0 is a 400 INVALID_PAGE");
    expect(names).toContain("probes on name");
    expect(names.slice(-3)).toEqual([
      "generated filters, selections and pages",
      "a token unused for 15 minutes is a 403 TOKEN_IDLE",
      "a token used every 9 minutes is a 403 TOKEN_EXPIRED once its hour is over",
    ]);
    // Plain data: the report travels as JSON.
    expect(JSON.parse(JSON.stringify(checks))).toEqual(checks);
    // The same seed makes the same checks.
    const again = await runConformance(kitOptions(serverWith(), "projects", { seed: 3 }));
    expect(again.checks).toEqual(checks);
  });

  it("marks the check that disagreed, and those the run did not reach", async () => {
    const report = await runConformance(
      kitOptions(named("= compares strings ignoring case").start(), "projects", { seed: 3 }),
    );
    if (report.agrees) throw new Error("the mutant was not caught");
    const { checks } = report;
    const failed = checks.filter((check) => check.outcome === "disagrees");
    expect(failed).toHaveLength(1);
    const at = checks.indexOf(failed[0] as (typeof checks)[number]);
    expect(failed[0]).toMatchObject({ kind: "probes", name: expect.stringMatching(/^probes on /) });
    // Every fixed check before the probes agreed; the generated requests and the lifetimes were not reached.
    const fixedFirst = checks.slice(
      0,
      checks.findIndex((check) => check.kind === "probes"),
    );
    expect(fixedFirst.every((check) => check.outcome === "agrees")).toBe(true);
    for (const check of checks.slice(at + 1)) {
      expect(check.outcome, check.name).toBe("not reached");
      expect(check.note).toMatch(
        /^the run stopped at the first disagreement (before this check|after \d+ of its \d+ probes, which agreed)$/,
      );
    }
    const probesOnly = checks.filter((check) => check.kind === "probes");
    expect(
      probesOnly.some((check) => check.outcome === "not reached" && check.requests === 0),
    ).toBe(true);
  });

  it("marks a fixed check that disagreed, and everything after it not reached", async () => {
    const report = await runConformance(
      kitOptions(serverWith(), "artefacts", { seed: 2, defaultSize: 10 }),
    );
    if (report.agrees) throw new Error("a wrong default size was not caught");
    expect(report.checks[0]).toMatchObject({
      name: "a list without page or size is the first page of 10",
      outcome: "disagrees",
      requests: 1,
    });
    expect(report.checks.slice(1).every((check) => check.outcome === "not reached")).toBe(true);
  });

  it("says which checks the options leave out, and why", async () => {
    const server = serverWith();
    const { credentials: _, advanceClock: __, ...bare } = kitOptions(server, "findings");
    const report = await runConformance({ ...bare, seed: 4, runs: 10, probes: 0 });
    const leftOut = report.checks
      .filter((check) => check.outcome === "left out")
      .map(({ name, note }) => [name, note]);
    expect(leftOut).toEqual([
      [
        "a token from GET /token lists, and is a 401 once DELETE /token revoked it",
        "no credentials were given",
      ],
      ["probes", "no probes were asked for"],
      ["a token unused for 15 minutes is a 403 TOKEN_IDLE", "no credentials were given"],
      [
        "a token used every 9 minutes is a 403 TOKEN_EXPIRED once its hour is over",
        "no credentials were given",
      ],
    ]);
    const clockless = await runConformance({
      ...kitOptions(server, "findings"),
      advanceClock: undefined,
      seed: 4,
      runs: 10,
      probes: 20,
    });
    expect(clockless.checks.at(-1)).toMatchObject({
      outcome: "left out",
      note: "the server's clock cannot be moved (advanceClock)",
    });
  });

  it("lists only the generated check in a replay, and it disagrees", async () => {
    const { server, url, token } = await startServer(lateByOne);
    try {
      const options = { url, token, resource: "artefacts", runs: 300, probes: 0 };
      const report = await runConformance({ ...options, seed: 5 });
      if (report.agrees) throw new Error("pages starting late were not caught");
      expect(report.checks.find((check) => check.kind === "generated")?.outcome).toBe("disagrees");
      const replay = await runConformance({ ...options, seed: 5, path: report.path });
      expect(replay.checks).toEqual([
        {
          name: "generated filters, selections and pages",
          kind: "generated",
          outcome: "disagrees",
          requests: expect.any(Number),
        },
      ]);
    } finally {
      await server.close();
    }
  });
});
