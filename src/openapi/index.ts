// OpenAPI 3.1 for list requests and for the reference server: the parameters, the bodies and
// the whole document, as plain JSON. No `node:` module and no parser: the examples are printed
// from trees.

export type {
  ApiResourceName,
  ApiServerOpenApiOptions,
} from "./api-server-openapi.ts";
export { API_RESOURCE_NAMES, apiServerOpenApi } from "./api-server-openapi.ts";
export { errorBodyJsonSchema, queryDefinitionErrorJsonSchema } from "./error-body-schema.ts";
export type { ListResponseJsonSchemaOptions } from "./list-body-schema.ts";
export { listResponseJsonSchema } from "./list-body-schema.ts";
export type { OpenApiListParametersOptions } from "./list-parameters.ts";
export { openApiListParameters } from "./list-parameters.ts";
export type {
  JsonSchema,
  OpenApiDocument,
  OpenApiExample,
  OpenApiParameter,
} from "./openapi-types.ts";
