// The schemas qaql publishes, used as what a Fastify route validates before its handler runs:
// `openApiListParameters` as the `querystring`, the query definition's request body as the
// `body`. A schema that refused what qaql answers with 200 would make a Fastify service turn
// away requests qaql itself takes: every request qaql answers with 200 must pass it.

import fc from "fast-check";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldsTextArbitrary } from "../../src/arbitraries/fields-text.ts";
import { invalidWhereArbitrary } from "../../src/arbitraries/invalid-where.ts";
import { whereTextArbitrary } from "../../src/arbitraries/where-text.ts";
import { createListHandler } from "../../src/http/list-handler.ts";
import { listHandler } from "../../src/integrations/fastify/fastify-list-handler.ts";
import { openApiListParameters } from "../../src/openapi/list-parameters.ts";
import type { JsonSchema } from "../../src/openapi/openapi-types.ts";
import { safeParseQueryDefinition } from "../../src/query/definition.ts";
import { schemas } from "../../src/schema/resources.ts";
import { apiServerOpenApi } from "../../src/server/api-server-openapi.ts";
import { runs } from "../support/runs.ts";

const schema = schemas.artefact;
const artefacts = [
  { id: 1, name: "app", path: "/app", type: { id: "APPLICATION" }, rank: 1 },
  { id: 2, name: "Main.java", path: "/app/Main.java", type: { id: "FILE" }, rank: 2.5 },
  { id: 3, name: "Util.java", path: "/app/Util.java", type: { id: "FILE" }, rank: null },
];
const LIMITS = { maxLength: 300, maxSize: 50 };

/** qaql's own answer, the judge: the list handler without any framework. */
const bare = createListHandler({ source: artefacts, schema, resource: "artefacts", ...LIMITS });

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  const parameters = openApiListParameters({ schema, ...LIMITS });
  const querystring = {
    type: "object",
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
  };
  // Validation answers here: no attachValidation, a request the schema refuses is Fastify's 400.
  app.get("/api/artefacts", {
    schema: { querystring },
    handler: listHandler({ source: artefacts, schema, resource: "artefacts", ...LIMITS }),
  });
  const document = apiServerOpenApi() as unknown as {
    components: { requestBodies: Record<string, { content: Record<string, JsonSchema> }> };
  };
  const body = document.components.requestBodies.QueryDefinition?.content["application/json"];
  // The body Fastify hands over, its defaults filled in by the schema, read as the server reads it.
  app.post("/api/artefacts/:artefactId/query", {
    schema: { body: body?.schema as JsonSchema },
    handler: async (request, reply) => {
      const parsed = safeParseQueryDefinition(request.body);
      if (parsed.success) return { read: true };
      return reply.code(422).send(parsed.error.toJSON());
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

/** A value of `page` or `size` as a client might send it, good or bad. */
const number = fc.oneof(
  fc.constantFrom("1", "2", "007", "50", "51", "0", "-1", "1.5", "1e1", "", " 2", "+2", "x"),
  fc.integer({ min: 1, max: 60 }).map(String),
);

/** A query string of the four parameters, some absent, some repeated, with a stranger or two. */
const queryString = fc
  .record(
    {
      where: fc.oneof(
        whereTextArbitrary(schema, { maxLength: 320 }),
        invalidWhereArbitrary({ maxLength: 320 }).map((invalid) => invalid.text),
        fc.constantFrom("", "   ", "rank>=2", "name~*.java"),
      ),
      fields: fc.oneof(
        fieldsTextArbitrary(schema, { maxLength: 320 }),
        fc.constantFrom("", "id,", "_links", "type.id,name"),
      ),
      page: number,
      size: number,
      other: fc.constantFrom("sort=name", "x=%zz", "page2=1", "where"),
    },
    { requiredKeys: [] },
  )
  .chain((parameters) =>
    fc
      .shuffledSubarray(Object.entries(parameters), { minLength: 0 })
      .map((pieces) =>
        pieces
          .map(([name, value]) =>
            name === "other" ? value : `${name}=${encodeURIComponent(value as string)}`,
          )
          .join("&"),
      ),
  );

describe("openApiListParameters as a Fastify querystring schema", () => {
  it("lets through every request the list handler answers with 200", async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(queryString, async (query) => {
        const url = `/api/artefacts?${query}`;
        const judged = await bare(new Request(`http://qa.example${url}`));
        if (judged.status !== 200) return;
        answered++;
        const reply = await app.inject({ method: "GET", url });
        expect(reply.statusCode, `${url}: ${reply.body}`).toBe(200);
        expect(reply.json()).toEqual(await judged.json());
      }),
      { numRuns: runs(400) },
    );
    // The property holds of many requests, not of a few.
    expect(answered).toBeGreaterThan(100);
  });

  it("turns away, as the handler does, a size past the largest", async () => {
    const reply = await app.inject({ method: "GET", url: "/api/artefacts?size=51" });
    expect(reply.statusCode).toBe(400);
  });
});

/** Nine times in ten a value the API accepts, so valid and invalid definitions both come up. */
const near = (valid: unknown[], invalid: unknown[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...valid), weight: 9 },
    { arbitrary: fc.constantFrom(...invalid), weight: 1 },
  );

const definition = fc.record(
  {
    artefactTypes: near([[], ["FILE"]], ["FILE"]),
    linkType: near(["CALLS"], [null]),
    linkDirection: near(["IN", "OUT"], ["in"]),
    columns: fc.array(
      fc.record(
        {
          type: near(["MEASURE", "INDICATOR", "INFO"], ["measure", 1]),
          id: near(["LOC", "x".repeat(256)], ["x".repeat(257)]),
          displayType: near(["NAME", "RANK", "ICON", "MNEMONIC"], ["icon"]),
          useBackgroundColor: near([true, false], ["true"]),
          alpha: near([0, 100, 255, 7.0], [256, -1, 1.5]),
          excludingTypes: near([[], ["FILE"]], [[1]]),
        },
        { requiredKeys: ["type", "id"] },
      ),
      { maxLength: 3 },
    ),
    orders: near(
      [[], [{ type: "ROOT_MEASURE", id: "LOC", order: "DESC", orderType: "DIFF_VALUE" }]],
      [[{ type: "MEASURE" }]],
    ),
    filters: fc.array(
      fc.record(
        {
          type: near(["measure", "indicator", "info"], ["INFO"]),
          id: near(["LOC"], [null]),
          data: fc.record(
            {
              checked: near([["a"], []], ["a"]),
              bounds: fc.array(near(["[1;2]", "];[", "[;5]", "[1e3;[", "[5;3]"], ["[1;2", 3]), {
                maxLength: 2,
              }),
              patterns: fc.array(near(["*", "", "a?"], [1]), { maxLength: 2 }),
            },
            { requiredKeys: [] },
          ),
          invert: near([true, false], ["no"]),
        },
        { requiredKeys: ["type", "id", "data"] },
      ),
      { maxLength: 2 },
    ),
    resultSize: near([1, 10, 2.0], [0, 2.5, "3"]),
    hidePath: near([true, false], [0]),
    hideRating: near([true, false], ["false"]),
  },
  { requiredKeys: ["columns"] },
);

describe("the query definition's request body as a Fastify body schema", () => {
  // Fastify validates with useDefaults: a default stated where the rules forbid the member
  // (displayType on a MEASURE column) would turn a valid definition into an invalid one.
  it("lets through every definition the query route reads, still readable once filled in", async () => {
    let read = 0;
    await fc.assert(
      fc.asyncProperty(definition, async (json) => {
        if (!safeParseQueryDefinition(json).success) return;
        read++;
        const reply = await app.inject({
          method: "POST",
          url: "/api/artefacts/1000/query",
          payload: json,
        });
        expect(reply.statusCode, `${JSON.stringify(json)}: ${reply.body}`).toBe(200);
      }),
      // Members that apply only beside others make most generated definitions invalid.
      { numRuns: runs(2000) },
    );
    expect(read).toBeGreaterThan(50);
  });

  it("turns away a column the definition's rules refuse", async () => {
    const reply = await app.inject({
      method: "POST",
      url: "/api/artefacts/1000/query",
      payload: { columns: [{ type: "MEASURE", id: "LOC", displayType: "NAME" }] },
    });
    expect(reply.statusCode).toBe(400);
  });
});
