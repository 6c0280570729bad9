// The kit against single-bug servers (issue 34): each is caught by one default run over the
// three resources, with a fixed seed here (the bench, `npm run bench -- conformance`, draws
// seeds and repeats); the reference server, given the same options, agrees.
import { describe, expect, it } from "vitest";
import { compileWhere } from "../../src/api/compile-where.ts";
import { runConformance } from "../../src/conformance/run-conformance.ts";
import { paginate } from "../../src/list/paginate.ts";
import { safeReadListRequest } from "../../src/list/read-list-request.ts";
import { defineSchema, type SchemaShape } from "../../src/schema/schema.ts";
import { MUTANT_TOKEN, MUTANTS, type Mutant, serverWith } from "./mutant-servers.ts";
import { kitOptions, runOver, SCORED_RESOURCES, scoreMutant } from "./mutation-score.ts";

const named = (name: string) => {
  const mutant = MUTANTS.find((candidate) => candidate.name === name);
  if (!mutant) throw new Error(`no mutant named ${name}`);
  return mutant;
};

describe("the conformance kit against single-bug servers", () => {
  it("has at least 30 of them, in every category the issue names", () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(MUTANTS.map((mutant) => mutant.category))).toEqual(
      new Set([
        "filter",
        "dates",
        "patterns",
        "nulls",
        "ordering",
        "quoting",
        "projection",
        "paging",
        "links",
        "errors",
        "authentication",
        "languages",
        "users",
      ]),
    );
  });

  it("finds the reference server in agreement over each resource", async () => {
    for (const seed of [1, 2]) {
      const reports = await runOver(() => serverWith(), { seed });
      expect(reports.map((report) => report.agrees)).toEqual(SCORED_RESOURCES.map(() => true));
    }
  });

  /** What a bug of each category shows as: the check that must catch it. */
  const SHOWS_AS: Record<Mutant["category"], RegExp> = {
    filter: /^different items/,
    dates: /^different items/,
    patterns: /^different items/,
    nulls: /^different items/,
    ordering: /^different items/,
    quoting: /^different items|^status 400/,
    projection: /^different items|^a different item|keys in another order/,
    paging:
      /^a request without page or size|^the largest size|^different items|^a different "last" link|400 INVALID_PAGE/,
    links: /link/,
    errors: /^an invalid request is not a 400|^a size past the largest/,
    authentication: /^a list asked for with|^a token/,
    languages: /^an answer to Accept-Language/,
    users:
      /not refused as an unknown one|^an invalid request is not a 400 UNKNOWN_FIELD|^different items|^an answer to a user whose language/,
  };

  it.each(MUTANTS.map((mutant, index) => [mutant.name, index] as const))(
    "catches %s",
    async (name, index) => {
      const mutant = named(name);
      const { caughtBy } = await scoreMutant(mutant, { seed: 1000 + index });
      if (!caughtBy || caughtBy.agrees) throw new Error(`${name} was not caught`);
      expect(caughtBy.disagreement.reason).toMatch(SHOWS_AS[mutant.category]);
    },
  );

  it("writes a filter it caught as a vector that the buggy server fails and the reference passes", async () => {
    const mutant = named("= compares strings ignoring case");
    const server = mutant.start();
    const report = await runConformance(kitOptions(server, "projects", { seed: 3 }));
    if (report.agrees) throw new Error("the mutant was not caught");
    const vector = report.disagreement.vector;
    if (vector?.language !== "where") throw new Error("no evaluation vector");
    const [testCase] = vector.cases;
    if (!testCase) throw new Error("a vector without a case");
    const records = vector.datasets.projects ?? [];
    const schema = defineSchema(vector.schemas.project as Record<string, SchemaShape>);
    // The reference keeps the vector's ids of its own data set.
    const keeps = compileWhere(testCase.where, { schema, timeZone: testCase.timeZone ?? "UTC" });
    const ids = (rows: readonly object[]) => rows.map((row) => (row as { id: number }).id);
    expect(ids(records.filter(keeps))).toEqual(testCase.ids);
    // The buggy server, asked the vector's filter, keeps others among them.
    const query = new URLSearchParams({ where: testCase.where, fields: "id", size: "1000" });
    const headers: Record<string, string> = { authorization: `Bearer ${MUTANT_TOKEN}` };
    if (testCase.timeZone) headers.timezone = testCase.timeZone;
    const answer = await server.fetch(`http://api.example/api/projects?${query}`, { headers });
    const kept = new Set(ids(((await answer.json()) as { projects: object[] }).projects));
    expect(ids(records).filter((id) => kept.has(id))).not.toEqual(testCase.ids);
    expect(report.disagreement.curl).toMatch(
      /^curl --globoff -sS -H "authorization: Bearer \$QAQL_TOKEN" .*'http:\/\/api\.example\/api\/projects\?where=/,
    );
  });

  it("writes a page cut wrongly as a paginate vector, and a request not refused as a read vector", async () => {
    const pages = await runOver(named("last counts whole pages only (floor, not ceiling)").start, {
      seed: 5,
    });
    const paged = pages.find((report) => !report.agrees);
    if (!paged || paged.agrees) throw new Error("the mutant was not caught");
    expect(paged.disagreement.reason).toBe('a different "last" link');
    const list = paged.disagreement.vector;
    if (list?.language !== "list" || !list.paginate) throw new Error("no paginate vector");
    const [cut] = list.paginate as {
      total: number;
      request: { page?: number; size?: number };
      selfUrl: string;
      options: { defaultSize: number; maxSize: number };
      links: Record<string, string>;
      items: number[];
    }[];
    if (!cut) throw new Error("an empty vector file");
    // The reference's cut of the vector is the vector; the server's last link is not its last.
    const items = Array.from({ length: cut.total }, (_, i) => i);
    const response = paginate(items, cut.request, cut.selfUrl, cut.options) as Record<
      string,
      unknown
    >;
    const links = response._links as Record<string, { href: string }>;
    expect(
      Object.fromEntries(Object.entries(links).map(([rel, link]) => [rel, link.href])),
    ).toEqual(cut.links);
    expect(Object.values(response).find(Array.isArray)).toEqual(cut.items);
    const last = new URL(cut.links.last as string, "http://x").searchParams.get("page");
    expect(paged.disagreement.expected).toContain(`last page=${last}&`);
    expect(paged.disagreement.received).not.toContain(`last page=${last}&`);

    const refused = await runConformance(
      kitOptions(named("page 0 read as page 1").start(), "projects", { seed: 5 }),
    );
    if (refused.agrees) throw new Error("the mutant was not caught");
    const read = refused.disagreement.vector;
    if (read?.language !== "list" || !read.read || !read.schemas) throw new Error("no read vector");
    const [wrong] = read.read as {
      query: string;
      options: { defaultSize: number; maxSize: number; schema: string };
      error: { parameter: string; code: string; offset: number };
    }[];
    if (!wrong) throw new Error("an empty vector file");
    expect(wrong).toMatchObject({
      query: "page=0",
      error: { parameter: "page", code: "INVALID_PAGE" },
    });
    const shape = read.schemas[wrong.options.schema] as Record<string, SchemaShape>;
    const result = safeReadListRequest(wrong.query, {
      ...wrong.options,
      schema: defineSchema(shape),
    });
    expect(result.success ? undefined : result.error.code).toBe(wrong.error.code);
  });

  it("reports what it exercised, and what the sample cannot exercise", async () => {
    const server = serverWith();
    const [projects, artefacts] = [
      await runConformance(kitOptions(server, "projects", { seed: 4 })),
      await runConformance(kitOptions(server, "artefacts", { seed: 4 })),
    ];
    for (const report of [projects, artefacts]) {
      const { coverage } = report;
      for (const operator of [
        "=",
        "!=",
        "<",
        "<=",
        ">",
        ">=",
        "~",
        "~x*",
        "~*x",
        "IN",
        "NOT IN",
        "IS NULL",
        "IS NOT NULL",
      ]) {
        expect(coverage.operators[operator]).toBeGreaterThan(0);
      }
      for (const spelling of [
        "canonical",
        "lower-case keyword",
        "quoted value",
        "extra white space",
        "parentheses",
      ]) {
        expect(coverage.spellings[spelling]).toBeGreaterThan(0);
      }
      expect(Object.keys(coverage.tokens).sort()).toEqual(
        ["Basic", "expired", "idle", "malformed", "missing", "revoked", "unknown"].sort(),
      );
      expect(Object.keys(coverage.links).sort()).toEqual(
        ["first", "last", "next", "past the end", "previous", "self"].sort(),
      );
      // The fixed checks' and the grammar's probes' (grammar-probes.test.ts).
      expect(coverage.errorCodes).toMatchObject({
        UNKNOWN_FIELD: 7,
        INVALID_PAGE: 6,
        SIZE_TOO_LARGE: 2,
      });
      expect(coverage.statuses["200"]).toBeGreaterThan(100);
    }
    expect(projects.coverage.valueTypes).toMatchObject({ date: expect.any(Number) });
    expect(projects.coverage.warnings).toContain(
      "8 records, no more than a default page (20): the default page size is not exercised",
    );
    expect(artefacts.coverage.warnings).toContain(
      "no date value: days, zones and midnight are not exercised",
    );
    // Without credentials, the run says what it left out.
    const bare = await runConformance({
      url: "http://api.example/api",
      token: MUTANT_TOKEN,
      resource: "findings",
      fetch: server.fetch,
      seed: 4,
      runs: 10,
      probes: 50,
    });
    // The grammar's probes (about a hundred), 50 probes, then the selections and the size=1 walk (at most 32 pages).
    expect(bare.probes).toBeGreaterThan(100 + 50);
    expect(bare.probes).toBeLessThan(150 + 50 + 2 * 10 + 32);
    expect(bare.coverage.warnings).toContain(
      "no credentials: GET /token and revoking a token with DELETE /token are not checked",
    );
    expect(bare.coverage.tokens).not.toHaveProperty("revoked");
  });
});
