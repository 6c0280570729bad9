// The main entry `qaql`: the core a service imports (parse and safe parse, format, compile,
// toSql, schemas, AST builders, errors). Editors' support is `qaql/editor`, list requests and
// pagination `qaql/list`, the query definition `qaql/query`.

export type {
  AccessPolicy,
  CheckedPolicyTexts,
  PolicyFields,
  PolicyTextOptions,
} from "./api/access-policy.ts";
export type { CompileFieldsOptions, FieldsInput, FieldsProjection } from "./api/compile-fields.ts";
export { compileFields, compileListFields, mergeFields } from "./api/compile-fields.ts";
export type { CompileWhereOptions } from "./api/compile-where.ts";
export { compileWhere } from "./api/compile-where.ts";
export type { ToSqlOptions } from "./api/to-sql.ts";
export { toSql } from "./api/to-sql.ts";
export type {
  FieldBranch,
  FieldItemNode,
  FieldsAstNode,
  FieldsNode,
  FieldTree,
} from "./ast/fields.ts";
export type { Span } from "./ast/span.ts";
export type {
  AndNode,
  ComparisonNode,
  ComparisonOperator,
  InNode,
  LiteralNode,
  NullCheckNode,
  OrNode,
  PathNode,
  PatternMode,
  PatternNode,
  WhereExpression,
  WhereNode,
  WherePredicate,
} from "./ast/where.ts";
export { and, comparison, inList, literal, nullCheck, or, path, pattern } from "./ast/where.ts";
export type { Filter, ZonedFilter, ZonedPart } from "./ast/zoned-filter.ts";
export { formatFields } from "./backends/format/format-fields.ts";
export { formatWhere } from "./backends/format/format-where.ts";
export type { CodeGeneration, Predicate } from "./backends/predicate/compile-predicate.ts";
export type { Projection } from "./backends/projection/compile-projection.ts";
export type { ColumnSpec, SqlQuery } from "./backends/sql/compile-sql.ts";
export type { DateStorage, Dialect, PlaceholderStyle } from "./backends/sql/dialect.ts";
export type { DialectName } from "./backends/sql/dialects.ts";
export { dialects } from "./backends/sql/dialects.ts";
export type { ParseLimits } from "./base/limits.ts";
export type { SchemaOption } from "./check/read-options.ts";
export type {
  ListParameter,
  ParameterErrorCode,
  QueryLanguage,
  SyntaxErrorCode,
  ValidationIssue,
} from "./errors/errors.ts";
export {
  QueryError,
  QueryParameterError,
  QuerySyntaxError,
  QueryValidationError,
} from "./errors/errors.ts";
export { InvalidAstError, InvalidOptionError } from "./errors/invalid-input.ts";
export type { ErrorJson } from "./errors/qaql-error.ts";
export { QaqlError } from "./errors/qaql-error.ts";
export type { SafeResult, SafeResultWithWarnings } from "./errors/safe-result.ts";
export { SchemaDefinitionError } from "./errors/schema-definition-error.ts";
export { UnknownTimeZoneError } from "./errors/unknown-time-zone-error.ts";
export type { InferSchemaOptions } from "./schema/infer-schema.ts";
export { inferSchema } from "./schema/infer-schema.ts";
export type { Infer, SchemaPaths } from "./schema/infer-type.ts";
export type {
  LiteralTextOptions,
  MAX_TYPED_FIELDS_LENGTH,
  MAX_TYPED_WHERE_LENGTH,
} from "./schema/literal-text-type.ts";
export { schemas } from "./schema/resources.ts";
export type { FieldType, ScalarTypeName, Schema, SchemaShape } from "./schema/schema.ts";
export { defineSchema, readSchema } from "./schema/schema.ts";
export type { CheckedFields, Selected } from "./schema/selection-type.ts";
export type { FieldsValidationCode } from "./schema/validate-fields.ts";
export type { WhereValidationCode } from "./schema/validate-where.ts";
export type { CheckedSqlWhere, CheckedWhere } from "./schema/where-type.ts";
export type { ParseFieldsOptions } from "./syntax/parse-fields.ts";
export { parseFields, safeParseFields } from "./syntax/parse-fields.ts";
export type { ParseWhereOptions } from "./syntax/parse-where.ts";
export { parseWhere, safeParseWhere } from "./syntax/parse-where.ts";
