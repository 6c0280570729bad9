// The OpenAPI document of the reference server, its components and paths in one file (over 500
// lines): they name each other by `$ref`, and one file keeps every name in sight. The methods a
// path refuses (path-methods.ts) and the links of its answers (operation-links.ts) are apart.
import type { ParseLimits } from "../base/limits.ts";
import { elementsOf, isPlainRecord, oneOf, own } from "../base/members.ts";
import {
  checkOptionNames,
  optionNamesOf,
  readLimitMembers,
  readOptions,
  readSchemaOption,
  type SchemaOption,
} from "../check/read-options.ts";
import { describeFound, InvalidOptionError } from "../errors/invalid-input.ts";
import { supportedMediaTypes } from "../http/media-types.ts";
import { readVendor } from "../http/read-handler-options.ts";
import { readPageSizeOptions } from "../list/page-size.ts";
import { answer, contentOf, parameterRef, ref, responseRef } from "../openapi/document-parts.ts";
import {
  errorBodyJsonSchema,
  queryDefinitionErrorJsonSchema,
} from "../openapi/error-body-schema.ts";
import {
  itemJsonSchema,
  linkJsonSchema,
  linksJsonSchema,
  listBodyJsonSchema,
} from "../openapi/list-body-schema.ts";
import { listParametersOf } from "../openapi/list-parameters.ts";
import type { JsonSchema, OpenApiDocument, OpenApiParameter } from "../openapi/openapi-types.ts";
import { pageLinks, recordLinks } from "../openapi/operation-links.ts";
import { queryDefinitionJsonSchema } from "../query/json-schema.ts";
import { API_RESOURCE_NAMES, type ApiResourceName, RESOURCE_SCHEMAS } from "../schema/resources.ts";
import type { Schema } from "../schema/schema.ts";
import { MAX_WAIT_MS, DEFAULT_CLIENT_SHARE as SHARE } from "./admission.ts";
import { FREE_FAILURES, LONGEST_WAIT_MS } from "./login-guard.ts";
import { completePath, type PathSpec } from "./path-methods.ts";
import { ROUTES, type RouteKind } from "./routes.ts";

/**
 * Options of `apiServerOpenApi`; `maxLength` and `maxDepth` are the limits of grammar/language.md
 * 1.4 the server parses `where` and `fields` with.
 */
export interface ApiServerOpenApiOptions extends ParseLimits {
  /** The vendor of the versioned media types, `application/vnd.<vendor>.app-v2+json`; `qaql` unless set. */
  readonly vendor?: string | undefined;
  /** The resources whose routes the document holds; all five unless set. */
  readonly resources?: readonly ApiResourceName[] | undefined;
  /** The schema of each resource by name; the API's own (`schemas.project`, …) unless set. */
  readonly schemas?: Readonly<Partial<Record<ApiResourceName, SchemaOption>>> | undefined;
  /** The page size of a request without `size`; 20, or `maxSize` if smaller, unless set. */
  readonly defaultSize?: number | undefined;
  /** The largest `size` accepted; 1000 unless set. */
  readonly maxSize?: number | undefined;
}

interface Resource {
  readonly name: ApiResourceName;
  /** The component name of one record: `Project`. */
  readonly title: string;
  /** One record in a sentence: `project`. */
  readonly singular: string;
  /** The path parameter naming one record: `projectId`. */
  readonly idName: string;
  readonly schema: Schema;
}

const NAMES: Readonly<Record<ApiResourceName, { title: string; singular: string }>> = {
  projects: { title: "Project", singular: "project" },
  artefacts: { title: "Artefact", singular: "artefact" },
  findings: { title: "Finding", singular: "finding" },
  models: { title: "Model", singular: "model" },
  versions: { title: "Version", singular: "version" },
};

const CALLER = "apiServerOpenApi";
const OPTION_NAMES = optionNamesOf<ApiServerOpenApiOptions>({
  vendor: true,
  resources: true,
  schemas: true,
  defaultSize: true,
  maxSize: true,
  maxLength: true,
  maxDepth: true,
});

const isResourceName = (value: unknown): value is ApiResourceName =>
  (API_RESOURCE_NAMES as readonly unknown[]).includes(value);

function readResources(value: unknown): readonly ApiResourceName[] {
  if (value === undefined) return API_RESOURCE_NAMES;
  const expected = `an array of ${oneOf(API_RESOURCE_NAMES)}`;
  if (!Array.isArray(value) || value.length === 0) {
    throw new InvalidOptionError(
      CALLER,
      "resources",
      `expected ${expected}; found ${describeFound(value)}`,
    );
  }
  for (const [index, name] of elementsOf(value).entries()) {
    if (!isResourceName(name)) {
      throw new InvalidOptionError(
        CALLER,
        `resources[${index}]`,
        `expected ${oneOf(API_RESOURCE_NAMES)}; found ${describeFound(name)}`,
      );
    }
  }
  // The document's order, whatever the order given: the same document for the same resources.
  return API_RESOURCE_NAMES.filter((name) => value.includes(name));
}

function readSchemas(value: unknown): Readonly<Record<ApiResourceName, Schema>> {
  if (value === undefined) return RESOURCE_SCHEMAS;
  if (!isPlainRecord(value)) {
    throw new InvalidOptionError(
      CALLER,
      "schemas",
      `expected an object; found ${describeFound(value)}`,
    );
  }
  const read = { ...RESOURCE_SCHEMAS };
  for (const name of Object.keys(value)) {
    if (!isResourceName(name)) {
      throw new InvalidOptionError(
        CALLER,
        `schemas.${name}`,
        `unknown resource; expected ${oneOf(API_RESOURCE_NAMES)}`,
      );
    }
    try {
      read[name] = readSchemaOption(CALLER, own(value, name)) ?? RESOURCE_SCHEMAS[name];
    } catch (error) {
      if (!(error instanceof InvalidOptionError)) throw error;
      const problem = error.message.slice(`${CALLER}: option schema: `.length);
      throw new InvalidOptionError(CALLER, `schemas.${name}`, problem);
    }
  }
  return read;
}

/** The schema of a record's id in the path: the schema's `id` type where it is an integer. */
function idSchemaOf(schema: Schema): JsonSchema {
  return schema.fields.id?.kind === "integer" ? { type: "integer" } : { type: "string" };
}

const QUERY_RESULT: JsonSchema = {
  type: "object",
  required: ["columns", "rows", "total"],
  description: "The table of grammar/language.md 8.8: one row per artefact.",
  properties: {
    columns: {
      type: "array",
      items: {
        type: "object",
        required: ["key", "type", "id", "excludingTypes"],
        properties: {
          key: {
            type: "string",
            description: "Names the column's cells: TYPE:ID, INDICATOR:ID:DISPLAY, #2… on repeats.",
          },
          type: { type: "string", enum: ["MEASURE", "INDICATOR", "INFO"] },
          id: { type: "string" },
          displayType: {
            type: "string",
            enum: ["NAME", "RANK", "ICON", "MNEMONIC"],
            description: "Indicator columns only.",
          },
          excludingTypes: { type: "array", items: { type: "string" } },
        },
      },
    },
    rows: {
      type: "array",
      items: {
        type: "object",
        required: ["id", "name", "type", "cells"],
        properties: {
          id: { type: ["integer", "string"] },
          name: { type: ["string", "null"] },
          type: { type: ["string", "null"], description: "The artefact type's id." },
          path: { type: ["string", "null"], description: "Absent with hidePath." },
          rating: { type: ["string", "null"], description: "Absent with hideRating." },
          cells: {
            type: "object",
            description:
              "By column key: null where the artefact lacks the value, absent where the column excludes its type.",
            additionalProperties: {
              anyOf: [
                { type: ["number", "string", "null"] },
                {
                  type: "object",
                  required: ["value", "background"],
                  properties: {
                    value: { type: ["number", "string"] },
                    background: { type: "string", description: "rgba(r,g,b,a)" },
                  },
                },
              ],
            },
          },
        },
      },
    },
    total: {
      type: "integer",
      minimum: 0,
      description: "The rows matching before resultSize cut them.",
    },
  },
};

const TOKEN: JsonSchema = {
  type: "object",
  required: ["token", "tokenType", "expiresIn", "idleTimeout"],
  properties: {
    token: { type: "string", description: "Sent back as Authorization: Bearer <token>." },
    tokenType: { type: "string", const: "Bearer" },
    expiresIn: {
      type: "integer",
      description: "The seconds the token lives after its issue.",
      examples: [3600],
    },
    idleTimeout: {
      type: "integer",
      description: "The seconds the token lives without a request.",
      examples: [900],
    },
  },
};

/** The error members only the server's own answers carry, besides those of a list's errors. */
const SERVER_ERROR_MEMBERS: Readonly<Record<string, JsonSchema>> = {
  expiredAt: {
    type: "string",
    format: "date-time",
    description: "For TOKEN_EXPIRED and TOKEN_IDLE: when the token died.",
  },
  retryAfter: {
    type: "integer",
    minimum: 1,
    description: "For TOO_MANY_TOKEN_REQUESTS: the seconds to wait.",
  },
  maxBytes: {
    type: "integer",
    minimum: 0,
    description: "For BODY_TOO_LARGE: the largest body read.",
  },
};

function errorSchema(): JsonSchema {
  const base = errorBodyJsonSchema();
  const properties = base.properties as Record<string, JsonSchema>;
  return { ...base, properties: { ...properties, ...SERVER_ERROR_MEMBERS } };
}

/**
 * The query's body as a Request Body component, its schema written there, not among the
 * schemas: a member's default is what the server assumes when the member is absent, and
 * generators of clients (openapi-typescript) read a default as "always present" except in a
 * request body, where it makes the member optional, as it is.
 */
function queryDefinitionBody(mediaTypes: readonly string[]): JsonSchema {
  // The definition's $id and $schema would restate what the document already says.
  const { $schema: _, $id: __, ...definition } = queryDefinitionJsonSchema;
  return {
    required: true,
    description:
      "The query definition, in one of these media types, in UTF-8: charset=utf-8 is the " +
      "one parameter taken.",
    // The schema in each type, whole: generators do not follow a $ref into a request body.
    content: contentOf(mediaTypes, definition),
  };
}

function componentsOf(
  resources: readonly Resource[],
  mediaTypes: readonly string[],
  parameters: Record<string, OpenApiParameter>,
): OpenApiDocument["components"] {
  const error = (description: string, headers?: JsonSchema): JsonSchema =>
    answer(description, contentOf(mediaTypes, ref("schemas", "Error")), headers);
  const link = ref("schemas", "Link");
  const schemas: Record<string, JsonSchema> = {};
  for (const resource of resources) schemas[resource.title] = itemJsonSchema(resource.schema, link);
  for (const resource of resources) {
    const item = ref("schemas", resource.title);
    const links = ref("schemas", "Links");
    schemas[`${resource.title}List`] = listBodyJsonSchema(resource.name, links, item);
  }
  schemas.Link = linkJsonSchema();
  schemas.Links = linksJsonSchema(link);
  schemas.Token = TOKEN;
  schemas.Error = errorSchema();
  const requestBodies: Record<string, JsonSchema> = {};
  if (resources.some((resource) => resource.name === "artefacts")) {
    schemas.QueryResult = QUERY_RESULT;
    schemas.QueryDefinitionError = queryDefinitionErrorJsonSchema();
    requestBodies.QueryDefinition = queryDefinitionBody(mediaTypes);
  }
  const wwwAuthenticate = { "WWW-Authenticate": ref("headers", "WWW-Authenticate") };
  const inJson = contentOf(["application/json"], ref("schemas", "Error"));
  return {
    securitySchemes: {
      basic: {
        type: "http",
        scheme: "basic",
        description: "The server's user and password, for GET /token only.",
      },
      bearer: {
        type: "http",
        scheme: "bearer",
        description:
          "A token from GET /token: it expires an hour after its issue, or after 15 minutes without a request.",
      },
    },
    parameters,
    ...(Object.keys(requestBodies).length > 0 && { requestBodies }),
    headers: {
      "Cache-Control": {
        description:
          "no-store on every answer: an answer depends on the credentials, and no cache on the way may keep it.",
        required: true,
        schema: { type: "string", const: "no-store" },
      },
      Vary: {
        description: "The request headers every answer depends on, besides its method and URL.",
        required: true,
        schema: { type: "string", const: "Accept, Accept-Language, Authorization, timezone" },
      },
      "Content-Language": {
        description:
          "The language of the answer's texts: the first of Accept-Language the server has " +
          "(fr-CH falling back to fr), else the user's language, else the server's.",
        required: true,
        schema: { type: "string" },
      },
      Timezone: {
        description:
          "The IANA zone the answer read dates in: the timezone header's, else the user's, else UTC.",
        required: true,
        schema: { type: "string" },
      },
      "WWW-Authenticate": {
        description: "The scheme the route takes, and why the credentials failed.",
        required: true,
        schema: { type: "string" },
      },
      "Retry-After": {
        description: "The seconds to wait before asking again.",
        required: true,
        schema: { type: "integer", minimum: 1 },
      },
    },
    responses: {
      BadRequest: error(
        "The request is wrong: a where or fields that does not parse or fit the schema " +
          "(UNEXPECTED_TOKEN, UNKNOWN_FIELD, INPUT_TOO_LONG, …), a page or size that is no whole " +
          "number from 1 or is too large (INVALID_PAGE, INVALID_SIZE, SIZE_TOO_LARGE), a " +
          "parameter given twice (REPEATED_PARAMETER), broken percent-encoding in the query " +
          "(MALFORMED_ENCODING) or in a path segment (MALFORMED_URL), or an unknown timezone " +
          "header (UNKNOWN_TIME_ZONE), or a list parameter sent to /dump (UNSUPPORTED_PARAMETER). " +
          "An error in a parameter gives the parameter, the position " +
          "and a caret diagnostic.",
      ),
      MalformedUrl: error("A path segment holds a broken percent-escape (MALFORMED_URL)."),
      BadCredentials: error(
        "No credentials (MISSING_CREDENTIALS), another scheme than Basic (WRONG_SCHEME), " +
          "credentials that are not base64 of user:password (MALFORMED_CREDENTIALS), or a wrong " +
          "user or password (WRONG_CREDENTIALS).",
        wwwAuthenticate,
      ),
      Unauthorized: error(
        "No token (MISSING_TOKEN), one this server did not issue or has revoked " +
          "(UNKNOWN_TOKEN), or another scheme than Bearer (WRONG_SCHEME).",
        wwwAuthenticate,
      ),
      Forbidden: error(
        "The token expired an hour after its issue (TOKEN_EXPIRED) or went 15 minutes without " +
          "a request (TOKEN_IDLE): get a new one from GET /token.",
        wwwAuthenticate,
      ),
      NotFound: error("No such record (NOT_FOUND)."),
      NotAcceptable: answer(
        "The Accept header accepts none of the media types served (NOT_ACCEPTABLE); the body, " +
          "in application/json, lists them in `supported`.",
        inJson,
      ),
      HeaderTooLarge: answer(
        "The Accept or Accept-Language header is longer than 1024 characters (HEADER_TOO_LARGE), or the headers " +
          "together are larger than 256 KiB (MALFORMED_REQUEST).",
        inJson,
      ),
      TooManyTokenRequests: error(
        "Too many tokens asked for by this user (TOO_MANY_TOKEN_REQUESTS): a user gets 20 at " +
          `once, then 60 a minute; or too many wrong passwords (TOO_MANY_LOGIN_ATTEMPTS): past ${FREE_FAILURES.pair} ` +
          `for one user name from one address, ${FREE_FAILURES.address} from one address or ${FREE_FAILURES.name} for one name, each ` +
          `next attempt waits twice as long, from 1 s up to ${LONGEST_WAIT_MS / 60_000} minutes.`,
        { "Retry-After": ref("headers", "Retry-After") },
      ),
      TooManyRequests: error(
        `This client took its share of the server (TOO_MANY_REQUESTS): ${SHARE.burst / 1000} s of its time at once, ` +
          `then ${SHARE.perSecond} ms a second, ${SHARE.inFlight} requests answered and ${SHARE.waiting} waiting at once, unless the server ` +
          `says otherwise; a request waits up to ${MAX_WAIT_MS / 1000} s for its turn before it is refused.`,
        { "Retry-After": ref("headers", "Retry-After") },
      ),
      InternalError: error("The server failed (INTERNAL_ERROR); the body says no more."),
    },
    schemas,
  };
}

/** The responses every Bearer route may give besides its own. */
const BEARER_RESPONSES = {
  "429": responseRef("TooManyRequests"),
  "401": responseRef("Unauthorized"),
  "403": responseRef("Forbidden"),
  "406": responseRef("NotAcceptable"),
  "431": responseRef("HeaderTooLarge"),
  "500": responseRef("InternalError"),
};

function pathsOf(
  resources: readonly Resource[],
  mediaTypes: readonly string[],
  responses: Readonly<Record<string, unknown>>,
): Record<string, JsonSchema> {
  const token: PathDraft = {
    name: "Token",
    tag: "token",
    parameters: [],
    headRefused:
      "A token made for an answer without a body could never be used, and would spend the user's token rate.",
    operations: {
      get: {
        tags: ["token"],
        operationId: "getToken",
        summary: "Get a temporary token",
        description:
          "Exchanges the server's user and password (HTTP Basic) for a token to send as " +
          "Authorization: Bearer <token> on every other route.",
        security: [{ basic: [] }],
        responses: {
          "200": answer("A new token.", contentOf(mediaTypes, ref("schemas", "Token"))),
          "401": responseRef("BadCredentials"),
          "406": responseRef("NotAcceptable"),
          "429": responseRef("TooManyTokenRequests"),
          "431": responseRef("HeaderTooLarge"),
          "500": responseRef("InternalError"),
        },
      },
      delete: {
        tags: ["token"],
        operationId: "deleteToken",
        summary: "Revoke the token presented",
        description:
          "Revokes the Bearer token of this request, temporary or permanent: later requests " +
          "with it are 401 UNKNOWN_TOKEN.",
        responses: {
          "204": answer("The token is revoked."),
          ...Object.fromEntries(
            Object.entries(BEARER_RESPONSES).filter(([status]) => status !== "429"),
          ),
        },
      },
    },
  };
  const has = (name: ApiResourceName) => resources.some((resource) => resource.name === name);
  const list = (
    resource: Resource,
    operationId: string,
    summary: string,
    description: string,
    pathParameters: readonly string[] = [],
    notFound?: string,
  ): Record<string, JsonSchema> => ({
    get: {
      tags: [resource.name],
      operationId,
      summary,
      description: `${description} A page of at most size records, with links to the pages around it.`,
      parameters: [
        ...pathParameters.map(parameterRef),
        parameterRef(`${resource.name}Where`),
        parameterRef(`${resource.name}Fields`),
        parameterRef("page"),
        parameterRef("size"),
        parameterRef("timezone"),
        parameterRef("acceptLanguage"),
      ],
      responses: {
        "200": {
          ...answer(
            `A page of the ${resource.name}.`,
            contentOf(mediaTypes, ref("schemas", `${resource.title}List`)),
            SESSION_HEADERS,
          ),
          links: pageLinks(operationId, pathParameters),
        },
        "400": responseRef("BadRequest"),
        ...(notFound && { "404": { ...responseRef("NotFound"), description: notFound } }),
        ...BEARER_RESPONSES,
      },
    },
  });
  const dump = dumpDraft(resources, mediaTypes);
  const projects = resources.find((r) => r.name === "projects");
  const artefacts = resources.find((r) => r.name === "artefacts");
  const findings = resources.find((r) => r.name === "findings");
  // Each route's paths, one per resource for `{resource}`: what the route table declares.
  const drafts: { readonly [K in RouteKind]: () => [Resource | undefined, PathDraft][] } = {
    token: () => [[undefined, token]],
    dump: () => [[undefined, dump]],
    list: () =>
      resources.map((resource) => {
        const { name, title } = resource;
        return [
          resource,
          {
            name: `${title}s`,
            tag: name,
            parameters: [],
            operations: list(
              resource,
              `list${title}s`,
              `List the ${name}`,
              `The ${name} that where keeps, each projected by fields.`,
            ),
          },
        ];
      }),
    item: () =>
      resources.map((resource) => {
        const { name, title, singular, idName } = resource;
        return [
          resource,
          {
            name: title,
            tag: name,
            parameters: [parameterRef(idName)],
            operations: {
              get: {
                tags: [name],
                operationId: `get${title}`,
                summary: `Get one ${singular}`,
                description: `The ${singular} whose id is given, projected by fields.`,
                parameters: [
                  parameterRef(idName),
                  parameterRef(`${name}Fields`),
                  parameterRef("timezone"),
                  parameterRef("acceptLanguage"),
                ],
                responses: {
                  "200": {
                    ...answer(
                      `The ${singular}.`,
                      contentOf(mediaTypes, ref("schemas", title)),
                      SESSION_HEADERS,
                    ),
                    links: recordLinks(resource, has),
                  },
                  "400": responseRef("BadRequest"),
                  "404": { ...responseRef("NotFound"), description: `No ${singular} has that id.` },
                  ...BEARER_RESPONSES,
                },
              },
            },
          },
        ];
      }),
    projectArtefacts: () => [
      [
        projects,
        {
          name: "ProjectArtefacts",
          tag: "artefacts",
          parameters: [parameterRef("projectName")],
          operations: list(
            artefacts as Resource,
            "listProjectArtefacts",
            "List the artefacts of a project",
            "The artefacts of the project with that name that where keeps, each projected by fields.",
            ["projectName"],
            "No project has that name.",
          ),
        },
      ],
    ],
    artefactFindings: () => [
      [
        artefacts,
        {
          name: "ArtefactFindings",
          tag: "findings",
          parameters: [parameterRef("artefactId")],
          operations: list(
            findings as Resource,
            "listArtefactFindings",
            "List the findings in an artefact",
            "The findings located in that artefact or below it that where keeps, each projected by fields.",
            ["artefactId"],
            "No artefact has that id.",
          ),
        },
      ],
    ],
    artefactQuery: () => [
      [
        artefacts,
        {
          name: "ArtefactQuery",
          tag: "artefacts",
          parameters: [parameterRef("artefactId")],
          operations: { post: queryOperation(mediaTypes) },
        },
      ],
    ],
    versionArtefact: () => [
      [
        resources.find((r) => r.name === "versions"),
        {
          name: "VersionArtefact",
          tag: "artefacts",
          parameters: [parameterRef("versionId"), parameterRef("artefactId")],
          operations: {
            get: {
              tags: ["artefacts"],
              operationId: "getVersionArtefact",
              summary: "Get one artefact as analysed in a version",
              description:
                "The artefact whose id is given, projected by fields, when the version is the one " +
                "its project's records were analysed in (the project's versionId).",
              parameters: [
                parameterRef("versionId"),
                parameterRef("artefactId"),
                parameterRef("artefactsFields"),
                parameterRef("timezone"),
                parameterRef("acceptLanguage"),
              ],
              responses: {
                "200": answer(
                  "The artefact.",
                  contentOf(mediaTypes, ref("schemas", "Artefact")),
                  SESSION_HEADERS,
                ),
                "400": responseRef("BadRequest"),
                "404": {
                  ...responseRef("NotFound"),
                  description: "No artefact has that id in that version.",
                },
                ...BEARER_RESPONSES,
              },
            },
          },
        },
      ],
    ],
  };
  return fromRouteTable(drafts, resources, mediaTypes, responses);
}

/** A path as written here; its methods are the route table's. */
type PathDraft = Omit<PathSpec, "methods">;

/**
 * The document's paths, from the route table (grammar/language.md 6.8): every route whose
 * resources the document has, with the route's methods, one path per resource for
 * `{resource}`; the token's first, then each resource's in the table's order, the dump's last.
 */
function fromRouteTable(
  drafts: { readonly [K in RouteKind]: () => [Resource | undefined, PathDraft][] },
  resources: readonly Resource[],
  mediaTypes: readonly string[],
  responses: Readonly<Record<string, unknown>>,
): Record<string, JsonSchema> {
  const names = resources.map((resource) => resource.name as string);
  const kinds = Object.keys(ROUTES) as RouteKind[];
  const paths: { path: string; order: number[]; spec: PathSpec }[] = [];
  for (const kind of kinds) {
    const route = ROUTES[kind];
    if (!route.resources.every((name) => names.includes(name))) continue;
    for (const [resource, draft] of drafts[kind]()) {
      const path = route.path
        .replace("{resource}", resource?.name ?? "")
        .replace("{id}", `{${resource?.idName}}`);
      const group = kind === "token" ? 0 : kind === "dump" ? 2 : 1;
      const order = [group, resource ? names.indexOf(resource.name) : 0, kinds.indexOf(kind)];
      paths.push({ path, order, spec: { ...draft, methods: route.methods } });
    }
  }
  paths.sort((a, b) => {
    const at = a.order.findIndex((value, i) => value !== b.order[i]);
    return at === -1 ? 0 : (a.order[at] as number) - (b.order[at] as number);
  });
  return Object.fromEntries(
    paths.map(({ path, spec }) => [path, completePath(spec, mediaTypes, responses)]),
  );
}

function dumpDraft(resources: readonly Resource[], mediaTypes: readonly string[]): PathDraft {
  return {
    name: "Dump",
    tag: "dump",
    parameters: [],
    operations: {
      get: {
        tags: ["dump"],
        operationId: "getDump",
        summary: "Get every record seen, as a dump",
        description:
          "Every record of every resource the token's user sees, whole as the user may see " +
          "it, in the answer's language: the dump format qaql filter reads. It takes no where, " +
          "fields, page or size (400 UNSUPPORTED_PARAMETER): the lists filter, select and page.",
        parameters: [parameterRef("timezone"), parameterRef("acceptLanguage")],
        responses: {
          "200": answer(
            "The records of each resource.",
            contentOf(mediaTypes, {
              type: "object",
              required: resources.map(({ name }) => name),
              properties: Object.fromEntries(
                resources.map(({ name, title }) => [
                  name,
                  { type: "array", items: ref("schemas", title) },
                ]),
              ),
            }),
            SESSION_HEADERS,
          ),
          "400": responseRef("BadRequest"),
          ...BEARER_RESPONSES,
        },
      },
    },
  };
}

/** The headers of an answer read in a session's language and zone (grammar/language.md 6.11). */
const SESSION_HEADERS: JsonSchema = {
  "Content-Language": ref("headers", "Content-Language"),
  Timezone: ref("headers", "Timezone"),
};

function queryOperation(mediaTypes: readonly string[]): JsonSchema {
  const error = (description: string, headers?: JsonSchema) =>
    answer(description, contentOf(mediaTypes, ref("schemas", "Error")), headers);
  return {
    tags: ["artefacts"],
    operationId: "queryArtefact",
    summary: "Run a query definition from an artefact",
    description:
      "Runs the query definition of the body over the artefacts below (or linked to) this " +
      "artefact: which ones, in which order, how many, and which columns (grammar/language.md 8).",
    parameters: [parameterRef("artefactId"), parameterRef("acceptLanguage")],
    requestBody: ref("requestBodies", "QueryDefinition"),
    responses: {
      ...BEARER_RESPONSES,
      "200": answer(
        "The table: its columns, one row per artefact, and the total.",
        contentOf(mediaTypes, ref("schemas", "QueryResult")),
        { "Content-Language": ref("headers", "Content-Language") },
      ),
      "400": answer(
        "A body that is not JSON (MALFORMED_JSON) or was cut short (MALFORMED_REQUEST), a path " +
          "segment with a broken percent-escape (MALFORMED_URL), or a query definition that does " +
          "not fit (the code of its first issue, such as UNKNOWN_KEY): issues lists its problems, " +
          "each at the JSON Pointer of its member; past 100, the first 100, with issueCount " +
          "and truncated.",
        contentOf(mediaTypes, ref("schemas", "QueryDefinitionError")),
      ),
      "404": { ...responseRef("NotFound"), description: "No artefact has that id." },
      "413": error("The body is larger than the server reads (BODY_TOO_LARGE)."),
      "415": error(
        "The body is not in one of the media types of the request body, or is said to be in " +
          "another character set than UTF-8 (UNSUPPORTED_MEDIA_TYPE).",
        {
          "Accept-Post": {
            description: "The media types the body may be sent in.",
            required: true,
            schema: { type: "string", const: mediaTypes.join(", ") },
          },
        },
      ),
      "429": error(
        "This client has a query definition running, or its definitions took more than their " +
          "share of the server's time (TOO_MANY_QUERIES): one at a time, 1 s at once, then 50 ms " +
          "a second unless the server says otherwise; or it took its share of the server " +
          "(TOO_MANY_REQUESTS).",
        { "Retry-After": ref("headers", "Retry-After") },
      ),
    },
  };
}

function parametersOf(
  resources: readonly Resource[],
  lists: (schema: Schema | undefined) => ReturnType<typeof listParametersOf>,
): Record<string, OpenApiParameter> {
  const parameters: Record<string, OpenApiParameter> = {};
  for (const resource of resources) {
    const { where, fields } = lists(resource.schema);
    parameters[`${resource.name}Where`] = where;
    parameters[`${resource.name}Fields`] = fields;
  }
  const { page, size } = lists(undefined);
  parameters.page = page;
  parameters.size = size;
  parameters.timezone = {
    name: "timezone",
    in: "header",
    description:
      'The IANA time zone ("Europe/Paris", "UTC"), in any letter case, in which where compares ' +
      "dates with days; UTC when absent. One record has no filter to read it with, but checks " +
      "it all the same. An unknown zone, or a UTC offset such as +05:30, is a 400 UNKNOWN_TIME_ZONE.",
    required: false,
    schema: { type: "string" },
    examples: { paris: { summary: "a zone by its IANA name", value: "Europe/Paris" } },
  };
  parameters.acceptLanguage = {
    name: "Accept-Language",
    in: "header",
    description:
      "The languages the texts of the answer are wanted in (RFC 9110, with q-values); the first " +
      "the server has is used, a range such as fr-CH falling back to fr (RFC 4647 lookup); else " +
      "the user's language, else the server's. where and fields read the texts in that language. " +
      "Error messages are in English. Longer than 1024 characters: a 431 HEADER_TOO_LARGE.",
    required: false,
    schema: { type: "string" },
    examples: { swiss: { summary: "Swiss French, else German", value: "fr-CH, de;q=0.5" } },
  };
  for (const resource of resources) {
    parameters[resource.idName] = {
      name: resource.idName,
      in: "path",
      description: `The ${resource.singular}'s id.`,
      required: true,
      schema: idSchemaOf(resource.schema),
    };
    if (resource.name === "projects" && resources.some((other) => other.name === "artefacts")) {
      parameters.projectName = {
        name: "projectName",
        in: "path",
        description: "The project's name (not its id).",
        required: true,
        schema: { type: "string" },
      };
    }
  }
  return parameters;
}

/**
 * The OpenAPI 3.1 document of the reference server `qaql serve`: its routes under `/api`
 * (the token, each resource's list and records, a project's artefacts, an artefact's findings
 * and its query), every answer in the three media types of the vendor, the list parameters
 * bounded and exemplified as `openApiListParameters` writes them, and every error body.
 * Plain JSON, the same for the same options; throws `InvalidOptionError` for bad options.
 */
export function apiServerOpenApi(options?: ApiServerOpenApiOptions): OpenApiDocument {
  const given = readOptions<Record<string, unknown>>(CALLER, options);
  checkOptionNames(CALLER, given, OPTION_NAMES);
  const vendor = readVendor(CALLER, own(given, "vendor"));
  const names = readResources(own(given, "resources"));
  const schemas = readSchemas(own(given, "schemas"));
  const sizes = readPageSizeOptions(CALLER, own(given, "defaultSize"), own(given, "maxSize"));
  const limits = readLimitMembers(CALLER, given);
  const mediaTypes = supportedMediaTypes(vendor);
  const resources: Resource[] = names.map((name) => ({
    name,
    ...NAMES[name],
    idName: `${NAMES[name].singular}Id`,
    schema: schemas[name],
  }));
  const parameters = parametersOf(resources, (schema) =>
    listParametersOf({ schema, limits, ...sizes }),
  );
  const components = componentsOf(resources, mediaTypes, parameters);
  return {
    openapi: "3.1.0",
    info: {
      title: "qaql reference server",
      version: "2",
      description:
        "The quality-analysis REST API as qaql's reference server (qaql serve) answers it. " +
        "Get a token from GET /token with the server's user and password, then send " +
        "Authorization: Bearer <token>. Every answer is JSON, in the media type the Accept " +
        `header picks: ${mediaTypes.join(", ")} (the default). Lists take where (a filter), ` +
        "fields (a selection), page and size, and answer { _links, <resource>: [ … ] }; the " +
        "languages are specified in grammar/language.md of the qaql package.",
    },
    servers: [{ url: "/api", description: "The API's base path on this server." }],
    security: [{ bearer: [] }],
    tags: [
      { name: "token", description: "Tokens for the Bearer routes." },
      { name: "dump", description: "Every record the user sees, at once." },
      ...resources.map(({ name, singular }) => ({
        name,
        description: `The ${name}, and the routes of one ${singular}.`,
      })),
    ],
    paths: pathsOf(resources, mediaTypes, components.responses as Record<string, unknown>),
    components,
  };
}
