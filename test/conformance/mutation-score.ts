// The kit's mutation score: one default run of runConformance per resource against each
// single-bug server; a mutant is caught when any of the runs disagrees.
import type { AccessPolicy } from "../../src/api/access-policy.ts";
import {
  type ConformanceOptions,
  type ConformanceReport,
  runConformance,
} from "../../src/conformance/run-conformance.ts";
import {
  MUTANT_PASSWORD,
  MUTANT_TOKEN,
  MUTANT_USER,
  type Mutant,
  POLICY_TOKEN,
  POLICY_USER,
  type ServerUnderTest,
} from "./mutant-servers.ts";

export const SCORED_RESOURCES = ["projects", "artefacts", "findings"] as const;

/** What one mutant's runs found. */
export interface MutantOutcome {
  readonly name: string;
  readonly category: Mutant["category"];
  /** The first run that disagreed, or undefined when every run agreed (the mutant lived). */
  readonly caughtBy: ConformanceReport | undefined;
  readonly ms: number;
}

/** The options a team gives the kit for a server it can start: its token, credentials, clock and languages. */
export function kitOptions(
  server: ServerUnderTest,
  resource: string,
  extra: Partial<ConformanceOptions> = {},
): ConformanceOptions {
  return {
    url: "http://api.example/api",
    token: MUTANT_TOKEN,
    resource,
    fetch: server.fetch,
    credentials: { user: MUTANT_USER, password: MUTANT_PASSWORD },
    advanceClock: server.advanceClock,
    // The sample's translations (grammar/language.md 6.11), which a team knows of its own server.
    languages: ["fr", "de"],
    // A user with a policy, a zone and a language, as the team's users file says (6.9–6.11).
    otherTokens: [POLICY_TOKEN],
    users: {
      [POLICY_TOKEN]: {
        policy: (POLICY_USER.policies as Record<string, AccessPolicy>)[resource],
        timeZone: POLICY_USER.timeZone,
        language: POLICY_USER.language,
      },
    },
    ...extra,
  };
}

/** Runs the kit against one server over each resource, stopping at the first disagreement. */
export async function runOver(
  start: () => ServerUnderTest,
  extra: Partial<ConformanceOptions> = {},
): Promise<ConformanceReport[]> {
  const reports: ConformanceReport[] = [];
  for (const resource of SCORED_RESOURCES) {
    const report = await runConformance(kitOptions(start(), resource, extra));
    reports.push(report);
    if (!report.agrees) break;
  }
  return reports;
}

export async function scoreMutant(
  mutant: Mutant,
  extra: Partial<ConformanceOptions> = {},
): Promise<MutantOutcome> {
  const began = performance.now();
  const reports = await runOver(mutant.start, extra);
  const caughtBy = reports.find((report) => !report.agrees);
  return { name: mutant.name, category: mutant.category, caughtBy, ms: performance.now() - began };
}
