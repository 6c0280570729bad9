import { compileErrors, dereference, validate } from "@readme/openapi-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { createListHandler } from "../../src/http/list-handler.ts";
import type { OpenApiDocument } from "../../src/openapi/openapi-types.ts";
import type { Artefact } from "../../src/query/artefact.ts";
import { parseQueryDefinition, safeParseQueryDefinition } from "../../src/query/definition.ts";
import { queryDefinitionJsonSchema } from "../../src/query/json-schema.ts";
import { runQuery } from "../../src/query/run-query.ts";
import type { ApiResourceName } from "../../src/schema/resources.ts";
import { schemas } from "../../src/schema/resources.ts";
import { defineSchema } from "../../src/schema/schema.ts";
import {
  type ApiServerOpenApiOptions,
  apiServerOpenApi,
} from "../../src/server/api-server-openapi.ts";
import { parseFields } from "../../src/syntax/parse-fields.ts";
import { parseWhere } from "../../src/syntax/parse-where.ts";

type Json = Record<string, unknown>;

async function expectValid(document: OpenApiDocument): Promise<void> {
  // The parser dereferences in place: it gets a copy.
  const result = await validate(structuredClone(document) as never);
  expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  expect(result.warnings).toEqual([]);
}

/** The document with every `$ref` resolved, to validate bodies against its schemas. */
async function dereferenced(document: OpenApiDocument): Promise<Json> {
  return (await dereference(structuredClone(document) as never)) as unknown as Json;
}

function at(value: unknown, ...path: string[]): Json {
  let current = value;
  for (const key of path) current = (current as Json)[key];
  return current as Json;
}

const ajv = new Ajv2020({
  strict: true,
  allowUnionTypes: true,
  allErrors: true,
  formats: { date: true, "date-time": true },
});

function expectBodyFits(schema: Json, body: unknown): void {
  const check = ajv.compile(schema);
  expect(check(body), JSON.stringify(check.errors)).toBe(true);
}

const VARIANTS: readonly (readonly ApiResourceName[])[] = [
  ["projects", "artefacts", "findings"],
  ["projects"],
  ["artefacts"],
  ["findings"],
  ["projects", "artefacts"],
  ["artefacts", "findings"],
];

describe("apiServerOpenApi: a valid OpenAPI 3.1 document", () => {
  it("is valid as a whole", async () => {
    const document = apiServerOpenApi();
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: "/api", description: expect.any(String) }]);
    await expectValid(document);
  });

  it.each(VARIANTS.map((resources) => [resources.join(", "), resources] as const))(
    "is valid for the resources %s",
    async (_, resources) => {
      await expectValid(apiServerOpenApi({ resources }));
    },
  );

  it("is refused by the validator when a path parameter is missing (the check has teeth)", async () => {
    const broken = structuredClone(apiServerOpenApi()) as unknown as Json;
    at(broken, "paths", "/projects/{projectId}", "get").parameters = [];
    const result = await validate(broken as never);
    expect(result.valid).toBe(false);
  });

  it("is the same JSON for the same options, whatever the order of the resources", () => {
    const text = JSON.stringify(apiServerOpenApi());
    expect(JSON.stringify(apiServerOpenApi())).toBe(text);
    const reordered = apiServerOpenApi({
      resources: ["versions", "findings", "projects", "models", "artefacts"],
    });
    expect(JSON.stringify(reordered)).toBe(text);
    expect(JSON.parse(text)).toEqual(apiServerOpenApi());
  });
});

describe("apiServerOpenApi: the routes", () => {
  // One row: the resources, and the paths of the document.
  const rows: [readonly ApiResourceName[], string[]][] = [
    [
      ["projects", "artefacts", "findings", "models", "versions"],
      [
        "/token",
        "/projects",
        "/projects/{projectId}",
        "/projects/{projectName}/artefacts",
        "/artefacts",
        "/artefacts/{artefactId}",
        "/artefacts/{artefactId}/findings",
        "/artefacts/{artefactId}/query",
        "/findings",
        "/findings/{findingId}",
        "/models",
        "/models/{modelId}",
        "/versions",
        "/versions/{versionId}",
        "/versions/{versionId}/artefacts/{artefactId}",
        "/dump",
      ],
    ],
    [["projects"], ["/token", "/projects", "/projects/{projectId}", "/dump"]],
    [
      ["artefacts"],
      ["/token", "/artefacts", "/artefacts/{artefactId}", "/artefacts/{artefactId}/query", "/dump"],
    ],
    [["findings"], ["/token", "/findings", "/findings/{findingId}", "/dump"]],
    [["versions"], ["/token", "/versions", "/versions/{versionId}", "/dump"]],
    [
      ["projects", "artefacts"],
      [
        "/token",
        "/projects",
        "/projects/{projectId}",
        "/projects/{projectName}/artefacts",
        "/artefacts",
        "/artefacts/{artefactId}",
        "/artefacts/{artefactId}/query",
        "/dump",
      ],
    ],
  ];

  it.each(rows)("for %j: %j", (resources, paths) => {
    expect(Object.keys(apiServerOpenApi({ resources }).paths)).toEqual(paths);
  });

  it.each(VARIANTS.map((resources) => [resources.join(", "), resources] as const))(
    "defines no component it does not use: %s",
    (_, resources) => {
      const document = apiServerOpenApi({ resources });
      const { components } = document;
      const text = JSON.stringify({ ...document, components: undefined });
      const used = (section: string, name: string) =>
        text.includes(`"#/components/${section}/${name}"`) ||
        JSON.stringify(components).includes(`"#/components/${section}/${name}"`);
      for (const section of ["schemas", "parameters", "responses", "headers", "requestBodies"]) {
        for (const name of Object.keys(components[section] ?? {})) {
          expect(used(section, name), `${section}/${name}`).toBe(true);
        }
      }
    },
  );

  it("takes Basic for GET /token and Bearer everywhere else", () => {
    const document = apiServerOpenApi();
    expect(document.security).toEqual([{ bearer: [] }]);
    expect(at(document.paths, "/token", "get").security).toEqual([{ basic: [] }]);
    expect(at(document.paths, "/token", "delete")).not.toHaveProperty("security");
    expect(Object.keys(at(document.paths, "/token", "get", "responses"))).toEqual([
      "200",
      "401",
      "406",
      "429",
      "431",
      "500",
    ]);
    expect(at(document.components, "responses", "TooManyTokenRequests", "headers")).toEqual({
      "Cache-Control": { $ref: "#/components/headers/Cache-Control" },
      Vary: { $ref: "#/components/headers/Vary" },
      "Retry-After": { $ref: "#/components/headers/Retry-After" },
    });
    expect(Object.keys(at(document.paths, "/token", "delete", "responses"))).toContain("204");
    expect(at(document.components, "securitySchemes")).toMatchObject({
      basic: { type: "http", scheme: "basic" },
      bearer: { type: "http", scheme: "bearer" },
    });
  });

  it("gives every list its parameters, the timezone header and its errors", () => {
    const document = apiServerOpenApi();
    const list = at(document.paths, "/projects/{projectName}/artefacts", "get");
    expect(list.parameters).toEqual(
      [
        "projectName",
        "artefactsWhere",
        "artefactsFields",
        "page",
        "size",
        "timezone",
        "acceptLanguage",
      ].map((name) => ({ $ref: `#/components/parameters/${name}` })),
    );
    expect(Object.keys(list.responses as Json)).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "406",
      "429",
      "431",
      "500",
    ]);
    expect(at(document.components, "parameters", "timezone")).toMatchObject({
      name: "timezone",
      in: "header",
      required: false,
    });
    // One record reads fields alone, and checks the timezone header as a list does.
    const item = at(document.paths, "/findings/{findingId}", "get");
    expect(item.parameters).toEqual([
      { $ref: "#/components/parameters/findingId" },
      { $ref: "#/components/parameters/findingsFields" },
      { $ref: "#/components/parameters/timezone" },
      { $ref: "#/components/parameters/acceptLanguage" },
    ]);
  });

  it("documents every method of every path: its own, HEAD beside GET, and a 405 for the rest", () => {
    const document = apiServerOpenApi();
    const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
    // One row: the path, and the methods it takes (grammar/language.md 6.8).
    const taken: Record<string, string[]> = {
      "/token": ["get", "delete"],
      "/artefacts/{artefactId}/query": ["post"],
    };
    for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
      expect(Object.keys(item), path).toEqual(methods);
      const own = taken[path] ?? ["get", "head"];
      const allow = own.map((method) => method.toUpperCase()).join(", ");
      for (const method of methods) {
        const responses = at(item, method, "responses");
        if (own.includes(method)) {
          expect(responses, `${method} ${path}`).not.toHaveProperty("405");
          continue;
        }
        expect(at(responses, "405", "headers", "Allow", "schema"), `${method} ${path}`).toEqual({
          type: "string",
          const: allow,
        });
        expect(at(item, method).security, `${method} ${path}`).toEqual([]);
        expect(Object.keys(responses).every((status) => status.startsWith("4"))).toBe(true);
      }
    }
  });

  it("answers a HEAD as its GET, with the same statuses and headers and no body", async () => {
    const document = await dereferenced(apiServerOpenApi());
    for (const [path, item] of Object.entries(at(document, "paths") as Record<string, Json>)) {
      const get = at(item, "get", "responses");
      const head = at(item, "head", "responses");
      if (path === "/token") {
        expect(Object.keys(head)).toContain("405");
        continue;
      }
      expect(Object.keys(head), path).toEqual(Object.keys(get));
      for (const status of Object.keys(head)) {
        expect(at(head, status), `${path} ${status}`).not.toHaveProperty("content");
        expect(at(head, status, "headers")).toEqual(at(get, status, "headers"));
      }
    }
  });

  it("declares Cache-Control and Vary on every response", async () => {
    const document = await dereferenced(apiServerOpenApi());
    for (const [path, item] of Object.entries(at(document, "paths") as Record<string, Json>)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, response] of Object.entries(at(operation, "responses"))) {
          expect(Object.keys(at(response, "headers")), `${method} ${path} ${status}`).toEqual(
            expect.arrayContaining(["Cache-Control", "Vary"]),
          );
        }
      }
    }
  });

  it("names the operations a page's and a record's links stand for", () => {
    const document = apiServerOpenApi();
    const operationIds = new Set(
      Object.values(document.paths as Record<string, Json>).flatMap((item) =>
        Object.values(item).map((operation) => (operation as Json).operationId),
      ),
    );
    const list = at(document.paths, "/projects/{projectName}/artefacts", "get");
    const links = at(list, "responses", "200", "links");
    expect(Object.keys(links)).toEqual(["self", "first", "last", "previous", "next"]);
    for (const link of Object.values(links)) {
      expect(link).toMatchObject({
        operationId: "listProjectArtefacts",
        parameters: { projectName: "$request.path.projectName", where: "$request.query.where" },
      });
    }
    expect(at(links, "first", "parameters").page).toBe("1");
    expect(at(links, "self", "parameters").page).toBe("$request.query.page");
    const artefact = at(document.paths, "/artefacts/{artefactId}", "get", "responses", "200");
    expect(at(artefact, "links")).toEqual({
      self: expect.objectContaining({ operationId: "getArtefact" }),
      project: expect.objectContaining({
        operationId: "getProject",
        parameters: { projectId: "$response.body#/projectId" },
      }),
      findings: expect.objectContaining({ operationId: "listArtefactFindings" }),
      query: expect.objectContaining({ operationId: "queryArtefact" }),
    });
    for (const item of Object.values(document.paths as Record<string, Json>)) {
      for (const operation of Object.values(item)) {
        for (const response of Object.values(at(operation, "responses"))) {
          for (const link of Object.values((response as Json).links ?? {})) {
            expect(operationIds).toContain((link as Json).operationId);
          }
        }
      }
    }
    // Without the projects, no link names an operation the document lacks.
    const alone = apiServerOpenApi({ resources: ["artefacts"] });
    const only = at(alone.paths, "/artefacts/{artefactId}", "get", "responses", "200", "links");
    expect(Object.keys(only)).toEqual(["self", "query"]);
  });

  it("answers in the vendor's three media types, a 406 in application/json", () => {
    const document = apiServerOpenApi({ vendor: "Acme" });
    const ok = at(document.paths, "/artefacts", "get", "responses", "200", "content");
    expect(Object.keys(ok)).toEqual([
      "application/vnd.acme.app-v2+json",
      "application/vnd.acme.app-latest+json",
      "application/json",
    ]);
    const refused = at(document.components, "responses", "NotAcceptable", "content");
    expect(Object.keys(refused)).toEqual(["application/json"]);
  });

  it("takes the query definition as its body, in the vendor's types, and answers 413 and 415", () => {
    const document = apiServerOpenApi({ vendor: "Acme" });
    const query = at(document.paths, "/artefacts/{artefactId}/query", "post");
    expect(at(query, "requestBody")).toEqual({
      $ref: "#/components/requestBodies/QueryDefinition",
    });
    // The schema whole in each type, in a request body, where a default makes a member optional.
    const { $schema: _, $id: __, ...definition } = queryDefinitionJsonSchema;
    expect(at(document.components, "requestBodies", "QueryDefinition")).toEqual({
      required: true,
      description: expect.stringContaining("UTF-8"),
      content: {
        "application/vnd.acme.app-v2+json": { schema: definition },
        "application/vnd.acme.app-latest+json": { schema: definition },
        "application/json": { schema: definition },
      },
    });
    expect(at(query, "responses", "415", "headers", "Accept-Post", "schema")).toEqual({
      type: "string",
      const:
        "application/vnd.acme.app-v2+json, application/vnd.acme.app-latest+json, application/json",
    });
    expect(Object.keys(query.responses as Json)).toEqual(
      expect.arrayContaining(["200", "400", "404", "413", "415"]),
    );
  });

  it("bounds the parameters by the limits and page sizes given", () => {
    const document = apiServerOpenApi({ maxLength: 500, defaultSize: 5, maxSize: 50 });
    const parameters = at(document.components, "parameters");
    expect(at(parameters, "projectsWhere", "schema")).toEqual({ type: "string", maxLength: 500 });
    expect(at(parameters, "findingsFields", "schema")).toEqual({ type: "string", maxLength: 500 });
    expect(at(parameters, "size", "schema")).toMatchObject({ maximum: 50, default: 5 });
  });

  it("draws each resource's examples from its schema, given or the API's", () => {
    const custom = defineSchema({
      id: "string",
      title: "string",
      owner: { name: "string", mail: "string" },
    });
    const document = apiServerOpenApi({ schemas: { projects: custom } });
    const parameters = at(document.components, "parameters");
    const values = (name: string) =>
      Object.values(at(parameters, name, "examples")).map(
        (example) => (example as { value: string }).value,
      );
    expect(values("projectsFields")).toContain("id,owner(name,mail)");
    expect(at(parameters, "projectId", "schema")).toEqual({ type: "string" });
    expect(at(parameters, "artefactId", "schema")).toEqual({ type: "integer" });
    expect(at(document.components, "schemas", "Project", "properties")).toHaveProperty("owner");
    const resources = [
      ["projects", custom],
      ["artefacts", schemas.artefact],
      ["findings", schemas.finding],
    ] as const;
    for (const [name, schema] of resources) {
      for (const text of values(`${name}Where`))
        expect(() => parseWhere(text, { schema })).not.toThrow();
      for (const text of values(`${name}Fields`))
        expect(() => parseFields(text, { schema })).not.toThrow();
    }
  });
});

describe("apiServerOpenApi: the bodies it documents are the bodies qaql sends", () => {
  const artefacts = [
    { id: 1, name: "Main.java", path: "/src/Main.java", type: { id: "FILE" }, rank: 2.5 },
    { id: 2, name: "src", path: "/src", type: { id: "FOLDER" }, rank: 1 },
    { id: 3, name: "Util.java", path: "/src/Util.java", type: { id: "FILE" }, rank: 4 },
  ];
  const handle = createListHandler({
    source: artefacts,
    schema: schemas.artefact,
    resource: "artefacts",
  });
  const send = async (query: string, headers: Record<string, string> = {}) => {
    const response = await handle(
      new Request(`http://qa.example/api/artefacts${query}`, { headers }),
    );
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it("a page of a list, with every link", async () => {
    const document = await dereferenced(apiServerOpenApi());
    const schema = at(
      document,
      "paths",
      "/artefacts",
      "get",
      "responses",
      "200",
      "content",
      "application/json",
      "schema",
    );
    const answer = await send("?page=2&size=1&fields=id,type.id");
    expect(answer.status).toBe(200);
    expect(Object.keys(at(answer.body, "_links"))).toEqual([
      "self",
      "first",
      "last",
      "previous",
      "next",
    ]);
    expectBodyFits(schema, answer.body);
    expectBodyFits(schema, (await send("")).body);
    // The schema would tell a wrong body: an item of the wrong type, a member besides the list.
    expect(ajv.compile(schema)({ ...(answer.body as Json), artefacts: [{ id: "one" }] })).toBe(
      false,
    );
    expect(ajv.compile(schema)({ ...(answer.body as Json), total: 3 })).toBe(false);
  });

  it.each([
    ["a syntax error", "?where=rank>=", {}],
    ["a validation error with a suggestion", "?where=nmae=x AND rank=high", {}],
    ["a selection that does not fit", "?fields=id(x)", {}],
    ["a size too large", "?size=5000", {}],
    ["a repeated parameter", "?page=1&page=2", {}],
    ["broken percent-encoding", "?where=a%zz", {}],
    ["an unknown time zone", "", { timezone: "Mars/Olympus" }],
    [
      "a filter with more than 100 problems",
      `?where=${encodeURIComponent(Array.from({ length: 150 }, (_, i) => `a${i}=1`).join(" AND "))}`,
      {},
    ],
  ])("a 400 for %s", async (_, query, headers) => {
    const document = await dereferenced(apiServerOpenApi());
    const schema = at(
      document,
      "components",
      "responses",
      "BadRequest",
      "content",
      "application/json",
      "schema",
    );
    const answer = await send(query, headers);
    expect(answer.status).toBe(400);
    expectBodyFits(schema, answer.body);
  });

  it("a 406, in application/json", async () => {
    const document = await dereferenced(apiServerOpenApi());
    const schema = at(
      document,
      "components",
      "responses",
      "NotAcceptable",
      "content",
      "application/json",
      "schema",
    );
    const answer = await send("", { accept: "text/html" });
    expect(answer.status).toBe(406);
    expectBodyFits(schema, answer.body);
  });

  it("a 400 for a query definition with more than 100 issues", async () => {
    const document = await dereferenced(apiServerOpenApi());
    const path = at(document, "paths", "/artefacts/{artefactId}/query", "post");
    const schema = at(path, "responses", "400", "content", "application/json", "schema");
    const parsed = safeParseQueryDefinition({ orders: Array(300).fill({}) });
    if (parsed.success) throw new Error("accepted");
    const body = { status: 400, error: "Bad Request", ...parsed.error.toJSON() };
    expect(body).toMatchObject({ truncated: true });
    expectBodyFits(schema, body);
    expect(ajv.compile(schema)({ ...body, issues: Array(101).fill(parsed.error.issues[0]) })).toBe(
      false,
    );
  });

  it("the table of a query", async () => {
    const document = await dereferenced(apiServerOpenApi());
    const path = at(document, "paths", "/artefacts/{artefactId}/query", "post");
    const records: Artefact[] = [
      {
        id: 1,
        name: "app",
        path: "/app",
        type: { id: "APPLICATION" },
        parentId: null,
        rating: "A",
      },
      {
        id: 2,
        name: "a.java",
        path: "/app/a.java",
        type: { id: "FILE" },
        parentId: 1,
        rating: null,
        measures: { LOC: 40 },
        indicators: { MAINT: { rank: 2, level: "C", mnemonic: "LEVELC" } },
        infos: { AUTHOR: "ann" },
      },
    ];
    const definition = {
      columns: [
        { type: "MEASURE", id: "LOC" },
        { type: "INDICATOR", id: "MAINT", displayType: "RANK", useBackgroundColor: true },
        { type: "INFO", id: "AUTHOR", excludingTypes: ["APPLICATION"] },
      ],
      hidePath: true,
    };
    expectBodyFits(at(path, "requestBody", "content", "application/json", "schema"), definition);
    const result = runQuery(parseQueryDefinition(definition), records, { artefactId: 1 });
    expect(result.rows.length).toBeGreaterThan(0);
    const schema = at(path, "responses", "200", "content", "application/json", "schema");
    expectBodyFits(schema, JSON.parse(JSON.stringify(result)));
  });
});

describe("apiServerOpenApi: options", () => {
  // One row: the options, the option the error names, and a piece of its message.
  const rows: [string, unknown, string, RegExp][] = [
    ["options that are no object", [], "", /must be an object/],
    ["an unknown option", { resource: "projects" }, "resource", /unknown option/],
    ["an unknown resource", { resources: ["projects", "users"] }, "resources[1]", /"users"/],
    ["no resource", { resources: [] }, "resources", /an array of/],
    ["resources that are no array", { resources: "projects" }, "resources", /an array of/],
    ["a vendor with a slash", { vendor: "acme/x" }, "vendor", /letters, digits/],
    [
      "schemas of an unknown resource",
      { schemas: { users: {} } },
      "schemas.users",
      /unknown resource/,
    ],
    [
      "a schema that is none",
      { schemas: { findings: { id: "int" } } },
      "schemas.findings",
      /unknown type/,
    ],
    ["a defaultSize over maxSize", { defaultSize: 30, maxSize: 20 }, "defaultSize", /maxSize/],
    ["a maxDepth of 300", { maxDepth: 300 }, "maxDepth", /0 to 256/],
    ["the limits nested, as before", { limits: { maxDepth: 3 } }, "limits", /maxDepth directly/],
  ];

  it.each(rows)("throws InvalidOptionError for %s", (_, options, option, message) => {
    let thrown: unknown;
    try {
      apiServerOpenApi(options as ApiServerOpenApiOptions);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidOptionError);
    expect((thrown as InvalidOptionError).option).toBe(option);
    expect((thrown as InvalidOptionError).message).toMatch(message);
  });
});
