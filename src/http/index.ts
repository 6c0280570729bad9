// List requests as Web `Request` -> `Response` (grammar/language.md 6), its own entry `qaql/http`:
// no `node:` module, so it runs on Node, Deno, Bun, workers and in a browser.

export { errorBodyJsonSchema } from "../openapi/error-body-schema.ts";
export type { ListResponseJsonSchemaOptions } from "../openapi/list-body-schema.ts";
export { listResponseJsonSchema } from "../openapi/list-body-schema.ts";
export type { OpenApiListParametersOptions } from "../openapi/list-parameters.ts";
export { openApiListParameters } from "../openapi/list-parameters.ts";
export type { JsonSchema, OpenApiExample, OpenApiParameter } from "../openapi/openapi-types.ts";
export type { ListHandler } from "./list-handler.ts";
export { createListHandler } from "./list-handler.ts";
export type {
  ListSource,
  ListSourceFunction,
  ListSourceRequest,
  ListSourceResult,
  ListSqlOptions,
} from "./list-source.ts";
export type {
  CheckedListHandlerOptions,
  ListHandlerOptions,
  RequestPolicy,
} from "./read-handler-options.ts";
export type { ListRequestCacheOptions } from "./request-cache.ts";
export { ListRequestCache } from "./request-cache.ts";
export type { ErrorBody, ErrorStatus } from "./responses.ts";
