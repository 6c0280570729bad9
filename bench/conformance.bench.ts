// The conformance kit's mutation score (issue 34): each single-bug server of
// test/conformance/mutant-servers.ts against one default run of runConformance per resource,
// with a seed drawn for each run, repeated; the same with the probes turned off (the kit's
// generated requests alone, as before the probes); 20 default runs against the reference
// server, which must all agree; and the time of one default run over HTTP against the server
// `qaql serve` runs, per resource.
import { runConformance } from "../src/conformance/run-conformance.ts";
import { RESOURCE_SCHEMAS } from "../src/schema/resources.ts";
import { createApiServer } from "../src/server/api-server.ts";
import { MUTANTS, serverWith } from "../test/conformance/mutant-servers.ts";
import { runOver, SCORED_RESOURCES, scoreMutant } from "../test/conformance/mutation-score.ts";
import { sample } from "../test/conformance/reference-server.ts";
import { type Benchmark, formatTable, printHeading, readPositiveEnv } from "./harness.ts";

/** Scores of every mutant over `rounds` runs, each with its own seeds. */
async function score(rounds: number, probes: number | undefined) {
  const caught = new Map<string, number>(MUTANTS.map((mutant) => [mutant.name, 0]));
  const perRound: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let count = 0;
    for (const mutant of MUTANTS) {
      const extra = probes === undefined ? {} : { probes };
      const outcome = await scoreMutant(mutant, extra);
      if (outcome.caughtBy) {
        count++;
        caught.set(mutant.name, (caught.get(mutant.name) ?? 0) + 1);
      }
    }
    perRound.push(count);
  }
  return { caught, perRound };
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

export const conformanceBenchmark: Benchmark = {
  name: "conformance",
  description: "the conformance kit's mutation score over single-bug servers, and its run time",
  async run() {
    const rounds = Math.round(readPositiveEnv("QAQL_BENCH_CONFORMANCE_ROUNDS", "rounds", 5));
    printHeading(
      `Mutation score: ${MUTANTS.length} single-bug servers, one default run per resource (${SCORED_RESOURCES.join(", ")}), ${rounds} rounds of drawn seeds`,
    );
    const began = performance.now();
    const full = await score(rounds, undefined);
    const fullMs = performance.now() - began;
    const bare = await score(rounds, 0);
    const rows = MUTANTS.map((mutant) => [
      mutant.category,
      mutant.name,
      `${full.caught.get(mutant.name)}/${rounds}`,
      `${bare.caught.get(mutant.name)}/${rounds}`,
    ]);
    console.log(
      formatTable(
        [
          { header: "category", align: "left" },
          { header: "mutant", align: "left" },
          { header: "caught" },
          { header: "without probes" },
        ],
        rows,
      ),
    );
    const line = (name: string, perRound: readonly number[]) =>
      `${name}: ${perRound.map((n) => percent(n, MUTANTS.length)).join(", ")} (lowest ${percent(Math.min(...perRound), MUTANTS.length)})`;
    console.log(`\n${line("score per round", full.perRound)}`);
    console.log(line("without probes", bare.perRound));
    console.log(
      `one round: ${(fullMs / rounds / 1000).toFixed(1)} s for ${MUTANTS.length} mutants × up to ${SCORED_RESOURCES.length} resources, in process`,
    );

    printHeading("False failures: 20 default runs per resource against the reference server");
    let failures = 0;
    for (let run = 0; run < 20; run++) {
      const reports = await runOver(() => serverWith());
      for (const report of reports) {
        if (report.agrees) continue;
        failures++;
        console.log(`  ${report.resource}: ${report.disagreement.reason} (seed ${report.seed})`);
      }
    }
    console.log(`${failures} false failures in 20 × ${SCORED_RESOURCES.length} runs`);

    printHeading("One default run over HTTP against the server qaql serve runs (no clock to move)");
    const server = createApiServer({
      data: sample,
      user: "alice",
      password: "s3cret",
      schemas: RESOURCE_SCHEMAS,
    });
    const { url } = await server.listen(0);
    try {
      const basic = Buffer.from("alice:s3cret").toString("base64");
      const answer = await fetch(`${url}/token`, { headers: { authorization: `Basic ${basic}` } });
      const { token } = (await answer.json()) as { token: string };
      const timing: string[][] = [];
      for (const resource of SCORED_RESOURCES) {
        const start = performance.now();
        const report = await runConformance({
          url,
          token,
          resource,
          credentials: { user: "alice", password: "s3cret" },
          languages: ["fr", "de"],
        });
        const seconds = (performance.now() - start) / 1000;
        timing.push([
          resource,
          String(report.records),
          String(report.coverage.requests),
          `${seconds.toFixed(1)} s`,
          report.agrees ? "agrees" : report.disagreement.reason,
        ]);
      }
      console.log(
        formatTable(
          [
            { header: "resource", align: "left" },
            { header: "records" },
            { header: "requests" },
            { header: "time" },
            { header: "outcome", align: "left" },
          ],
          timing,
        ),
      );
    } finally {
      await server.close();
    }
  },
};
