import { own } from "../base/members.ts";
import {
  checkOptionNames,
  optionNamesOf,
  readOptions,
  readSchemaOption,
  type SchemaOption,
} from "../check/read-options.ts";
import { readResourceName } from "../http/read-handler-options.ts";
import type { Schema } from "../schema/schema.ts";
import { schemaToJsonSchema } from "../schema/schema-json-schema.ts";
import type { JsonSchema } from "./openapi-types.ts";

/** Options of `listResponseJsonSchema`. */
export interface ListResponseJsonSchemaOptions {
  /** The items' schema; a plain shape is defined on the fly. Without it the items are any objects. */
  readonly schema?: SchemaOption | undefined;
  /** The list's name in the body, `{ _links, <resource>: [ … ] }`; without it any name but `_links`. */
  readonly resource?: string | undefined;
}

/** The JSON Schema of one link of `_links`. */
export function linkJsonSchema(): JsonSchema {
  return {
    type: "object",
    required: ["href"],
    properties: {
      href: {
        type: "string",
        description: "The request's URL with its page and size set; relative unless configured.",
      },
    },
  };
}

/** The JSON Schema of a page's `_links`, each link given as `link` (inline or a `$ref`). */
export function linksJsonSchema(link: JsonSchema = linkJsonSchema()): JsonSchema {
  return {
    type: "object",
    required: ["self", "first", "last"],
    properties: {
      self: link,
      first: link,
      last: link,
      previous: { ...link, description: "The page before, when there is one." },
      next: { ...link, description: "The page after, when there is one." },
    },
    description:
      "Links to this page and its neighbours: previous where page > 1, next where page < last.",
  };
}

/** The JSON Schema of a record's `_links`: links by name, each given as `link` (inline or a `$ref`). */
export function recordLinksJsonSchema(link: JsonSchema = linkJsonSchema()): JsonSchema {
  return {
    type: "object",
    additionalProperties: link,
    description: "Links to this record and to what it names, by name (self, artefacts, …).",
  };
}

/**
 * The JSON Schema of a record as a response holds it: the schema's fields (no `$schema`, to
 * embed) and its `_links`, which no schema declares (grammar/language.md 4.4), or any object.
 */
export function itemJsonSchema(schema: Schema | undefined, link?: JsonSchema): JsonSchema {
  if (schema === undefined) return { type: "object" };
  const { $schema: _, properties, ...item } = schemaToJsonSchema(schema);
  // A schema that names `_links` itself keeps its own reading of it.
  if (Object.hasOwn(properties, "_links")) return { ...item, properties };
  return { ...item, properties: { ...properties, _links: recordLinksJsonSchema(link) } };
}

/** The JSON Schema of a page of a list, its links and items given inline or as `$ref`s. */
export function listBodyJsonSchema(
  resource: string | undefined,
  links: JsonSchema,
  item: JsonSchema,
): JsonSchema {
  const items: JsonSchema = {
    type: "array",
    items: item,
    description: "The page's records, each projected by fields when given.",
  };
  if (resource === undefined) {
    return {
      type: "object",
      required: ["_links"],
      properties: { _links: links },
      additionalProperties: items,
    };
  }
  return {
    type: "object",
    required: ["_links", resource],
    properties: { _links: links, [resource]: items },
    additionalProperties: false,
  };
}

const CALLER = "listResponseJsonSchema";
const OPTION_NAMES = optionNamesOf<ListResponseJsonSchemaOptions>({ schema: true, resource: true });

/**
 * The JSON Schema (draft 2020-12) of a list response, `{ _links: { self, first, last,
 * previous?, next? }, <resource>: [ … ] }` (grammar/language.md 6.5), its items written from the
 * schema by `schemaToJsonSchema`. A fresh object each call; `InvalidOptionError` for bad options.
 */
export function listResponseJsonSchema(options?: ListResponseJsonSchemaOptions): JsonSchema {
  const given = readOptions<Record<string, unknown>>(CALLER, options);
  checkOptionNames(CALLER, given, OPTION_NAMES);
  const schema = readSchemaOption(CALLER, own(given, "schema"));
  const resource = readResourceName(CALLER, own(given, "resource"));
  return listBodyJsonSchema(resource, linksJsonSchema(), itemJsonSchema(schema));
}
