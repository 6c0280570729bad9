// The artefact query definition of `POST /artefacts/{artefact-id}/query` (grammar/language.md 8),
// its own entry `qaql/query`: a second product beside the where and fields languages.

export type { IntervalErrorCode } from "../errors/interval-syntax-error.ts";
export { IntervalSyntaxError } from "../errors/interval-syntax-error.ts";
export type { ErrorJson } from "../errors/qaql-error.ts";
export { QaqlError } from "../errors/qaql-error.ts";
export type { DefinitionIssue, DefinitionIssueCode } from "../errors/query-definition-error.ts";
export { QueryDefinitionError } from "../errors/query-definition-error.ts";
export type { SafeResult, SafeResultWithWarnings } from "../errors/safe-result.ts";
export { UnknownArtefactError } from "../errors/unknown-artefact-error.ts";
export type {
  Artefact,
  ArtefactId,
  ArtefactIndicator,
  PreviousAnalysis,
} from "./artefact.ts";
export type { ParseQueryDefinitionOptions } from "./definition.ts";
export { parseQueryDefinition, safeParseQueryDefinition } from "./definition.ts";
export { ANY_TEXT, compileGlob, formatGlob, parseGlob, safeParseGlob } from "./glob.ts";
export {
  EVERY_NUMBER,
  formatInterval,
  intervalContains,
  parseInterval,
  safeParseInterval,
} from "./interval.ts";
export type { JsonSchema } from "./json-schema.ts";
export { queryDefinitionJsonSchema } from "./json-schema.ts";
export type {
  CellValue,
  ColouredCell,
  QueryResult,
  ResultColumn,
  ResultRow,
} from "./query-result.ts";
export type { RunQueryOptions } from "./run-query.ts";
export { runQuery } from "./run-query.ts";
export type {
  ColumnType,
  DisplayType,
  GlobPattern,
  Interval,
  IntervalBound,
  OrderType,
  QueryColumn,
  QueryDefinition,
  QueryFilter,
  QueryFilterData,
  QueryOrder,
} from "./types.ts";
