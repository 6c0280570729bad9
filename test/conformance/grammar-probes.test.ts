// The probes the grammar's tables name (issue 47): one run over each of the API's resources
// probes every error code a request can get, every keyword in every letter case and without the
// white space on either side, every limit at and one past its value, every merge rule of a
// selection and Accept-Language negotiation, and says what its schema cannot probe. The tests add
// nothing per rule: a new code, keyword, limit or rule is held to the same.
import { beforeAll, describe, expect, it } from "vitest";
import { WHERE_KEYWORDS } from "../../src/ast/where.ts";
import {
  KEYWORD_SPELLINGS,
  LIMITS,
  LIST_ERROR_CODES,
  MERGE_RULES,
  PROBED_ERROR_CODES,
} from "../../src/conformance/grammar-probes.ts";
import { type ConformanceReport, runConformance } from "../../src/conformance/run-conformance.ts";
import { serverWith } from "./mutant-servers.ts";
import { kitOptions, SCORED_RESOURCES } from "./mutation-score.ts";

const unprobed = (code: string) => `no field of the schema can raise ${code}: it is not probed`;

describe("the probes of the grammar's tables", () => {
  const reports = new Map<string, ConformanceReport>();
  beforeAll(async () => {
    for (const resource of SCORED_RESOURCES) {
      const options = kitOptions(serverWith(), resource, { seed: 11, runs: 1, probes: 1 });
      reports.set(resource, await runConformance(options));
    }
  });
  const each = () => SCORED_RESOURCES.map((resource) => reports.get(resource) as ConformanceReport);

  it("find the reference server in agreement", () => {
    expect(each().map((report) => report.agrees)).toEqual(SCORED_RESOURCES.map(() => true));
  });

  it("probe every error code a request can get, for each resource, or say which the schema cannot raise", () => {
    expect(LIST_ERROR_CODES.filter((code) => !PROBED_ERROR_CODES.includes(code))).toEqual([
      "LONE_SURROGATE",
    ]);
    const missed = each().map(({ coverage }) =>
      PROBED_ERROR_CODES.filter((code) => !(coverage.errorCodes[code] ?? 0)),
    );
    // Projects and artefacts have no boolean field.
    expect(missed).toEqual([["BOOLEAN_ORDERING"], ["BOOLEAN_ORDERING"], []]);
    each().forEach(({ coverage }, i) => {
      for (const code of missed[i] ?? []) expect(coverage.warnings).toContain(unprobed(code));
    });
  });

  it("spell every keyword every way, and leave out the white space before and after each", () => {
    for (const { coverage } of each()) {
      for (const keyword of WHERE_KEYWORDS) {
        for (const spell of Object.values(KEYWORD_SPELLINGS)) {
          expect(coverage.keywordSpellings[spell(keyword)], spell(keyword)).toBeGreaterThan(0);
        }
        for (const side of ["before", "after"]) {
          const name = `${side} ${keyword.toUpperCase()}`;
          expect(coverage.keywordSpacing[name], name).toBeGreaterThan(0);
        }
      }
    }
  });

  it("send every merge rule of a selection, and every limit at and one past its value", () => {
    for (const { coverage } of each()) {
      expect(Object.keys(coverage.mergeRules).sort()).toEqual(Object.keys(MERGE_RULES).sort());
      for (const name of Object.keys(LIMITS)) {
        const sent = Object.keys(coverage.limits).filter((key) => key.startsWith(`${name} `));
        const [at, past] = sent
          .map((key) => Number(key.slice(name.length + 1)))
          .sort((a, b) => a - b);
        expect(past, name).toBe((at as number) + 1);
      }
    }
  });

  it("ask for the languages given with q-values, q=0, * and a region, and for none with * alone", async () => {
    for (const { coverage } of each()) {
      expect(Object.keys(coverage.languageNegotiation).sort()).toEqual(
        ["*", "a region", "q-values", "q=0"].sort(),
      );
    }
    const bare = await runConformance(
      kitOptions(serverWith(), "projects", { seed: 11, runs: 1, probes: 1, languages: [] }),
    );
    expect(bare.agrees).toBe(true);
    expect(Object.keys(bare.coverage.languageNegotiation)).toEqual(["*"]);
    expect(bare.coverage.warnings).toContain(
      "no languages given: Accept-Language with q-values, q=0 and a region is not probed, only *",
    );
  });

  it("send none with probes: 0", async () => {
    const report = await runConformance(
      kitOptions(serverWith(), "projects", { seed: 11, runs: 1, probes: 0 }),
    );
    expect(report).toMatchObject({ agrees: true, probes: 0 });
    expect(report.coverage.mergeRules).toEqual({});
  });
});
