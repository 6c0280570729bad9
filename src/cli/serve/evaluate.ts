// The reference evaluation lives with qaql/conformance, which compares a server with it.
export type {
  Evaluate,
  EvaluateRequest,
  EvaluateResult,
} from "../../conformance/reference-evaluate.ts";
export { referenceEvaluate } from "../../conformance/reference-evaluate.ts";
