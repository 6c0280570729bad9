import { type ParseLimits, resolveLimits } from "../base/limits.ts";
import { own } from "../base/members.ts";
import {
  checkOptionNames,
  optionNamesOf,
  readLimitMembers,
  readOptions,
  readSchemaOption,
  type SchemaOption,
} from "../check/read-options.ts";
import type { ListParameter } from "../errors/errors.ts";
import { InvalidOptionError } from "../errors/invalid-input.ts";
import type { ListHandlerOptions } from "../http/read-handler-options.ts";
import { readPageSizeOptions } from "../list/page-size.ts";
import type { Schema } from "../schema/schema.ts";
import { fieldsExamples, whereExamples } from "./examples.ts";
import type { JsonSchema, OpenApiExample, OpenApiParameter } from "./openapi-types.ts";

/** Options of `openApiListParameters`: those of `createListHandler` the parameters depend on. */
export interface OpenApiListParametersOptions
  extends Pick<ListHandlerOptions, "maxLength" | "maxDepth" | "defaultSize" | "maxSize"> {
  /** The resource's schema, whose fields the examples name; a plain shape is defined on the fly. */
  readonly schema: SchemaOption;
}

/** What the four parameters are written from: checked, defaults filled in. */
export interface ListParameterSettings {
  /** Without a schema, the parameters carry no examples. */
  readonly schema: Schema | undefined;
  readonly limits: ParseLimits;
  readonly defaultSize: number;
  readonly maxSize: number;
}

/** The four parameters of a list request by name, in the order a client writes them (6.6). */
export type ListParameters = Readonly<Record<ListParameter, OpenApiParameter>>;

function withExamples(
  parameter: OpenApiParameter,
  examples: Record<string, OpenApiExample>,
): OpenApiParameter {
  return Object.keys(examples).length === 0 ? parameter : { ...parameter, examples };
}

/** The four list parameters as OpenAPI 3.1 parameter objects (grammar/language.md 6.1). */
export function listParametersOf(settings: ListParameterSettings): ListParameters {
  const { schema, defaultSize, maxSize } = settings;
  const limits = resolveLimits(settings.limits);
  // A fractional limit admits what its whole part does; an infinite one bounds nothing.
  const maxLength = Number.isFinite(limits.maxLength) ? Math.floor(limits.maxLength) : undefined;
  const text: JsonSchema =
    maxLength === undefined ? { type: "string" } : { type: "string", maxLength };
  const levels = `${limits.maxDepth} levels of parentheses`;
  const bounds =
    maxLength === undefined
      ? `At most ${levels}.`
      : `At most ${maxLength} characters (UTF-16 code units, once percent-decoded) and ${levels}.`;
  const where: OpenApiParameter = {
    name: "where",
    in: "query",
    description:
      "Which records the list keeps: a filter in qaql's where language (grammar/language.md 2 " +
      "in the qaql package). Predicates on the resource's fields (`path=value` with `=`, `!=`, " +
      "`<`, `<=`, `>`, `>=`; `path~text*` with `*` at either end; `path IN (a,b)`, " +
      "`path NOT IN (a,b)`; `path IS NULL`, `path IS NOT NULL`) joined by `AND` and `OR` " +
      "(`AND` binds tighter) and grouped by parentheses. A value is text that the field's type " +
      'reads (a number, `true`, a day `2024-03-01`); quote one holding white space, "(", ")" or ' +
      `"," with \`"\`. ${bounds} Absent, empty or blank: every record. A filter that does not ` +
      "parse or fit the schema is a 400 with the code, the position and a caret diagnostic.",
    required: false,
    schema: text,
  };
  const fields: OpenApiParameter = {
    name: "fields",
    in: "query",
    description:
      "Which members of each record are returned: a selection in qaql's fields language " +
      "(grammar/language.md 3 in the qaql package). Names separated by commas; `a.b` or " +
      "`a(b,c)` selects inside an object, or inside each object of an array. `_links` is always " +
      `kept. ${bounds} Absent, empty or blank: whole records. A selection that does not parse ` +
      "or fit the schema is a 400 with the code, the position and a caret diagnostic.",
    required: false,
    schema: text,
  };
  const page: OpenApiParameter = {
    name: "page",
    in: "query",
    description:
      "The page, from 1: page p of size s holds the items (p − 1)·s + 1 to p·s. A page past " +
      "the end is empty. Decimal digits only; 1 when absent.",
    required: false,
    schema: { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 1 },
  };
  const size: OpenApiParameter = {
    name: "size",
    in: "query",
    description:
      `The most items a page holds, from 1 to ${maxSize}; ${defaultSize} when absent. A larger ` +
      "size is a 400 SIZE_TOO_LARGE, never cut down. Decimal digits only.",
    required: false,
    schema: { type: "integer", minimum: 1, maximum: maxSize, default: defaultSize },
  };
  if (schema === undefined) return { where, fields, page, size };
  return {
    where: withExamples(where, whereExamples(schema, limits)),
    fields: withExamples(fields, fieldsExamples(schema, limits)),
    page,
    size,
  };
}

const CALLER = "openApiListParameters";
const OPTION_NAMES = optionNamesOf<OpenApiListParametersOptions>({
  schema: true,
  maxLength: true,
  maxDepth: true,
  defaultSize: true,
  maxSize: true,
});

/**
 * The OpenAPI 3.1 parameter objects of a list request's `where`, `fields`, `page` and `size`
 * (grammar/language.md 6.1), for an operation's `parameters`: each described, bounded by the
 * limits and page sizes given, `where` and `fields` with examples naming the schema's own fields.
 * Throws `InvalidOptionError` for bad options.
 */
export function openApiListParameters(options: OpenApiListParametersOptions): OpenApiParameter[] {
  const given = readOptions<Record<string, unknown>>(CALLER, options);
  checkOptionNames(CALLER, given, OPTION_NAMES);
  const schema = readSchemaOption(CALLER, own(given, "schema"));
  if (schema === undefined) {
    throw new InvalidOptionError(
      CALLER,
      "schema",
      "the resource's schema is required: the examples name its fields",
    );
  }
  const sizes = readPageSizeOptions(CALLER, own(given, "defaultSize"), own(given, "maxSize"));
  const limits = readLimitMembers(CALLER, given);
  return Object.values(listParametersOf({ schema, limits, ...sizes }));
}
