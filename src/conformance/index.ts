// qaql/conformance: the property-based check of a live server, for a team's own test suite.
export type { ConformanceErrorCode } from "../errors/conformance-error.ts";
export { ConformanceError } from "../errors/conformance-error.ts";
export type { Fetch } from "./fetch-json.ts";
export type {
  ConformanceAgreement,
  ConformanceAsker,
  ConformanceCase,
  ConformanceCheck,
  ConformanceCheckOutcome,
  ConformanceCoverage,
  ConformanceDisagreement,
  ConformanceOptions,
  ConformanceReport,
  ConformanceUserView,
  Disagreement,
  EvaluationVector,
  ListVector,
  Tally,
} from "./run-conformance.ts";
export { runConformance } from "./run-conformance.ts";
