import fc from "fast-check";
import { runs } from "./support/runs.ts";

// A failing property on a large input can shrink for minutes: stop it and fail instead. A
// property without its own run count takes fast-check's 100, scaled by QAQL_RUNS as all are.
fc.configureGlobal({
  interruptAfterTimeLimit: 60_000,
  markInterruptAsFailure: true,
  numRuns: runs(100),
});
