// The code tables of the errors a list request can get, for the grammar's probes to probe each:
// kept beside the kit, as the core has no use for them at run time; each is held to its type,
// so a new code does not compile until it is listed here.
import type { ParameterErrorCode, SyntaxErrorCode } from "../errors/errors.ts";
import type { FieldsValidationCode } from "../schema/validate-fields.ts";
import type { WhereValidationCode } from "../schema/validate-where.ts";

/** Every syntax error code, in the order of grammar/language.md 5.1: the compiler holds it to the type. */
export const SYNTAX_ERROR_CODES = Object.keys({
  INPUT_TOO_LONG: true,
  NESTING_TOO_DEEP: true,
  UNEXPECTED_TOKEN: true,
  UNEXPECTED_END: true,
  UNTERMINATED_QUOTE: true,
  MISSING_WHITESPACE: true,
  EMPTY_PATTERN: true,
  MISPLACED_WILDCARD: true,
  LINKS_SUBSELECTION: true,
} satisfies Record<SyntaxErrorCode, true>) as readonly SyntaxErrorCode[];

/** Every parameter error code, in the order of grammar/language.md 5.4: the compiler holds it to the type. */
export const PARAMETER_ERROR_CODES = Object.keys({
  INVALID_PAGE: true,
  INVALID_SIZE: true,
  SIZE_TOO_LARGE: true,
  REPEATED_PARAMETER: true,
  MALFORMED_ENCODING: true,
  LONE_SURROGATE: true,
} satisfies Record<ParameterErrorCode, true>) as readonly ParameterErrorCode[];

/** Every code of `WhereValidationCode`, in the order of grammar/language.md 4.3. */
export const WHERE_VALIDATION_CODES = Object.keys({
  UNKNOWN_FIELD: true,
  PATH_THROUGH_ARRAY: true,
  ARRAY_FIELD: true,
  OBJECT_FIELD: true,
  INVALID_VALUE: true,
  BOOLEAN_ORDERING: true,
  PATTERN_ON_NON_STRING: true,
} satisfies Record<WhereValidationCode, true>) as readonly WhereValidationCode[];

/** Every code of `FieldsValidationCode`, in the order of grammar/language.md 4.4. */
export const FIELDS_VALIDATION_CODES = Object.keys({
  UNKNOWN_FIELD: true,
  SCALAR_SUBSELECTION: true,
} satisfies Record<FieldsValidationCode, true>) as readonly FieldsValidationCode[];
