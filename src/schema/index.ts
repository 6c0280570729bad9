// JSON Schema and qaql's schemas, each read as the other, its own entry `qaql/json-schema`:
// services that take their schemas from an OpenAPI document load it, the main entry does not.

export { JsonSchemaMappingError } from "../errors/json-schema-mapping-error.ts";
export type { ShapeOfJsonSchema, ShapeOfJsonSchemaAt } from "./json-schema-shape-type.ts";
export type {
  FieldJsonSchema,
  ResourceJsonSchema,
  SchemaFromJsonSchemaOptions,
} from "./schema-json-schema.ts";
export { schemaFromJsonSchema, schemaToJsonSchema } from "./schema-json-schema.ts";
