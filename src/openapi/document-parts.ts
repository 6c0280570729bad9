// The small pieces every part of the server's OpenAPI document is written with.
import type { JsonSchema } from "./openapi-types.ts";

/** A Reference Object to a component: `ref("schemas", "Error")`. */
export const ref = (section: string, name: string): JsonSchema => ({
  $ref: `#/components/${section}/${name}`,
});

/** A Reference Object to a Response component. */
export const responseRef = (name: string): JsonSchema => ref("responses", name);

/** A Reference Object to a Parameter component. */
export const parameterRef = (name: string): JsonSchema => ref("parameters", name);

/** A Media Type map: the same schema in each type. */
export function contentOf(mediaTypes: readonly string[], schema: JsonSchema): JsonSchema {
  return Object.fromEntries(mediaTypes.map((type) => [type, { schema }]));
}

/** The headers every answer of the server carries, declared on every response. */
const ANSWER_HEADERS: JsonSchema = {
  "Cache-Control": ref("headers", "Cache-Control"),
  Vary: ref("headers", "Vary"),
};

/** A Response Object: the answer headers and `headers`, and a body in `content` when given. */
export function answer(
  description: string,
  content?: JsonSchema,
  headers?: JsonSchema,
): JsonSchema {
  return { description, headers: { ...ANSWER_HEADERS, ...headers }, ...(content && { content }) };
}
