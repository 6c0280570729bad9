// What an editor needs of the two languages (grammar/language.md 11), its own entry `qaql/editor`:
// every problem at once, completion, token classes and hovers, for any editor. `qaql/codemirror`
// builds on it; a service that only parses and compiles never loads it from `qaql`.

export type { ClassifiedToken, TokenClass } from "./classify-tokens.ts";
export { classifyFields, classifyWhere } from "./classify-tokens.ts";
export type {
  CompleteOptions,
  CompletionKind,
  CompletionOption,
  Completions,
} from "./complete.ts";
export { completeFields, completeWhere } from "./complete.ts";
export type { DescribeOptions, Description } from "./describe.ts";
export { describeWhereAt } from "./describe.ts";
export type { DiagnoseOptions, QueryDiagnostic } from "./diagnose.ts";
export { diagnoseFields, diagnoseWhere } from "./diagnose.ts";
