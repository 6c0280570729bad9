// One variable for every property test's run count: QAQL_RUNS scales them all (1 by default;
// CI or a developer hunting a rare case may raise it, QAQL_RUNS=10).

function readScale(text: string | undefined): number {
  if (text === undefined || text === "") return 1;
  const scale = Number(text);
  if (!(Number.isFinite(scale) && scale > 0)) {
    throw new RangeError(`QAQL_RUNS must be a positive number, not ${JSON.stringify(text)}`);
  }
  return scale;
}

/** The factor QAQL_RUNS sets. */
export const RUN_SCALE = readScale(process.env.QAQL_RUNS);

/** A property's run count, scaled by QAQL_RUNS: at least 1. */
export function runs(count: number): number {
  return Math.max(1, Math.round(count * RUN_SCALE));
}
