import type { FastifySchema, RouteShorthandOptionsWithHandler } from "fastify";
import type { AccessPolicy } from "../../api/access-policy.ts";
import { createListAnswerer } from "../../http/list-handler.ts";
import {
  type CheckedListHandlerOptions,
  type HandlerSchemaOption,
  type ListHandlerOptions,
  readHandlerOptions,
} from "../../http/read-handler-options.ts";
import { errorBodyJsonSchema } from "../../openapi/error-body-schema.ts";
import {
  itemJsonSchema,
  linksJsonSchema,
  listBodyJsonSchema,
} from "../../openapi/list-body-schema.ts";
import { listParametersOf } from "../../openapi/list-parameters.ts";
import type { JsonSchema, OpenApiParameter } from "../../openapi/openapi-types.ts";
import { answerWith } from "./fastify-list-handler.ts";

/** A parameter as a property of a JSON Schema: its description, and its examples as an array. */
function propertyOf(parameter: OpenApiParameter): JsonSchema {
  const examples = Object.values(parameter.examples ?? {}).map((example) => example.value);
  return {
    ...parameter.schema,
    description: parameter.description,
    ...(examples.length > 0 && { examples }),
  };
}

/**
 * A Fastify 5 route answering list requests as `listHandler` does, with a schema that
 * documents them (for `@fastify/swagger` and the like): the `querystring` of `where`, `fields`,
 * `page` and `size`, bounded by the options and exemplified from the schema, and the 200 and
 * error bodies. `attachValidation` keeps Fastify's own validation from answering: qaql reads
 * the raw query and answers every request, so the answers are those of the other frameworks.
 * Use it as `app.get("/artefacts", listRoute({ source, schema }))`; throws
 * `InvalidOptionError` for bad options.
 */
export function listRoute<
  const S extends HandlerSchemaOption = undefined,
  const P extends AccessPolicy | undefined = undefined,
>(options: CheckedListHandlerOptions<S, P>): RouteShorthandOptionsWithHandler;
export function listRoute(options: ListHandlerOptions): RouteShorthandOptionsWithHandler {
  const answerCall = createListAnswerer(options);
  const settings = readHandlerOptions(options);
  const { where, fields, page, size } = listParametersOf(settings);
  const error = errorBodyJsonSchema();
  const schema: FastifySchema = {
    querystring: {
      type: "object",
      properties: {
        where: propertyOf(where),
        fields: propertyOf(fields),
        page: propertyOf(page),
        size: propertyOf(size),
      },
    },
    response: {
      200: listBodyJsonSchema(
        settings.resource,
        linksJsonSchema(),
        itemJsonSchema(settings.schema),
      ),
      400: error,
      405: error,
      406: error,
      500: error,
    },
  };
  return { schema, attachValidation: true, handler: answerWith(answerCall) };
}
