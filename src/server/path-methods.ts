// Every method of every path of the server's OpenAPI document (grammar/language.md 6.8): a
// path's own operations, `HEAD` beside `GET`, and an operation answering 405 for each other
// method a Path Item can name, so that the document says what the server answers to each.
import { answer, contentOf, ref, responseRef } from "../openapi/document-parts.ts";
import type { JsonSchema } from "../openapi/openapi-types.ts";

/** The methods a Path Item can name, in the order of the OpenAPI specification. */
const PATH_ITEM_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** One path of the document: its operations by method, and what the others are named after. */
export interface PathSpec {
  /** The path's name in operation ids: `Projects`, `ArtefactQuery`. */
  readonly name: string;
  readonly tag: string;
  /** The path's parameters, which every operation of it declares. */
  readonly parameters: readonly JsonSchema[];
  readonly operations: Readonly<Record<string, JsonSchema>>;
  /** The methods the route table gives the path: an operation for each, `HEAD` made from `GET`. */
  readonly methods: readonly string[];
  /** Why `HEAD` is refused where `GET` is taken, when the route takes no `HEAD`. */
  readonly headRefused?: string;
}

/** A response as written, or the component its `$ref` names, with the description given beside it. */
function resolveResponse(response: JsonSchema, responses: Readonly<Record<string, unknown>>) {
  const { $ref, ...rest } = response as { $ref?: string };
  if ($ref === undefined) return rest as JsonSchema;
  const named = responses[$ref.slice("#/components/responses/".length)] as JsonSchema;
  return { ...named, ...rest };
}

/**
 * Every method of a path (grammar/language.md 6.8): its own operations; `HEAD` beside `GET`,
 * answered as the `GET` is but without bodies (unless the path refuses it); and every other
 * method an operation whose answer is a 405 with `Allow`, given before any credentials are read.
 */
export function completePath(
  spec: PathSpec,
  mediaTypes: readonly string[],
  responses: Readonly<Record<string, unknown>>,
): JsonSchema {
  const declared = spec.methods.filter((method) => method !== "HEAD").map((m) => m.toLowerCase());
  const written = Object.keys(spec.operations);
  if (declared.sort().join() !== written.sort().join()) {
    throw new Error(
      `the OpenAPI operations of ${spec.name} (${written.join(", ")}) are not its route's methods (${declared.join(", ")})`,
    );
  }
  const operations: Record<string, JsonSchema> = { ...spec.operations };
  // A HEAD is answered as its GET, with the same headers and no body (RFC 9110 9.3.2).
  const bodiless = (answers: JsonSchema): JsonSchema =>
    Object.fromEntries(
      Object.entries(answers).map(([status, response]) => {
        const {
          content: _,
          links: __,
          ...rest
        } = resolveResponse(response as JsonSchema, responses);
        return [status, { ...rest, description: `${rest.description} Headers only.` }];
      }),
    );
  const get = spec.operations.get as (JsonSchema & { responses: JsonSchema }) | undefined;
  if (get !== undefined && spec.methods.includes("HEAD")) {
    operations.head = {
      ...get,
      operationId: `${get.operationId}Head`,
      summary: `${get.summary}: the headers alone`,
      description:
        "The answer a GET of the same request gets, without its body: the same status and headers.",
      responses: bodiless(get.responses),
    };
  }
  const allow = PATH_ITEM_METHODS.filter((method) => method in operations)
    .map((method) => method.toUpperCase())
    .join(", ");
  const notAllowed = answer(
    `Not a method of this path (METHOD_NOT_ALLOWED): Allow lists those it takes, ${allow}.`,
    contentOf(mediaTypes, ref("schemas", "Error")),
    {
      Allow: {
        description: "The methods this path takes.",
        required: true,
        schema: { type: "string", const: allow },
      },
    },
  );
  const refused: Record<string, JsonSchema> = {};
  for (const method of PATH_ITEM_METHODS) {
    if (method in operations) continue;
    const upper = method.toUpperCase();
    // A TRACE is answered before any Request is made of it: its Accept is not read.
    const negotiated = method === "trace" ? {} : { "406": responseRef("NotAcceptable") };
    const malformed =
      method !== "trace" && spec.parameters.length > 0
        ? { "400": responseRef("MalformedUrl") }
        : {};
    const why = method === "head" && spec.headRefused ? ` ${spec.headRefused}` : "";
    refused[method] = {
      tags: [spec.tag],
      operationId: `${method}${spec.name}`,
      summary: `${upper} is not allowed`,
      description: `This path takes ${allow}; ${upper} is answered 405, with or without credentials.${why}`,
      ...(spec.parameters.length > 0 && { parameters: spec.parameters }),
      security: [],
      responses: (method === "head" ? bodiless : (answers: JsonSchema) => answers)({
        ...malformed,
        "405": notAllowed,
        ...negotiated,
        "431": responseRef("HeaderTooLarge"),
      }),
    };
  }
  return Object.fromEntries(
    PATH_ITEM_METHODS.filter((method) => method in operations || method in refused).map(
      (method) => [method, operations[method] ?? refused[method]],
    ),
  );
}
