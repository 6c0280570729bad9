// The reference server of the API, its own entry `qaql/server` (the server behind `qaql
// serve`): Node only, for tests and for trying a client, never loaded by the main entry.

export type {
  Evaluate,
  EvaluateRequest,
  EvaluateResult,
} from "../http/evaluate.ts";
export type { ErrorBody } from "../http/responses.ts";
export type { ApiResourceName } from "../schema/resources.ts";
export type { ApiErrorCode } from "./api-error.ts";
export { ApiError } from "./api-error.ts";
export type {
  ApiServer,
  ApiServerOptions,
  ClientInfo,
  ClientShare,
  ListeningAddress,
} from "./api-server.ts";
export { createApiServer } from "./api-server.ts";
export type { ApiServerOpenApiOptions } from "./api-server-openapi.ts";
export { apiServerOpenApi } from "./api-server-openapi.ts";
export { digestPassword } from "./password-digest.ts";
export type { TokenRate } from "./tokens.ts";
export type { ApiUser } from "./users.ts";
export type { WorkRate } from "./work-budget.ts";
