import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { createListHandler } from "../../src/http/list-handler.ts";
import type { ListHandlerOptions } from "../../src/http/read-handler-options.ts";
import { listRoute } from "../../src/integrations/fastify/index.ts";
import { schemas } from "../../src/schema/resources.ts";

type Json = Record<string, unknown>;

// Values the schema does not describe (`metrics`) or types it does not say (`rank` as text):
// a serializer working from the response schema would drop or change them.
const artefacts = [
  { id: 1, name: "Main.java", type: { id: "FILE" }, rank: 2.5, metrics: { LOC: 120 } },
  { id: 2, name: "src", type: { id: "FOLDER" }, rank: "high", path: null },
  { id: 3, name: "Util.java", type: { id: "FILE" }, rank: 4 },
];

const OPTIONS: ListHandlerOptions = {
  source: artefacts,
  schema: schemas.artefact,
  maxSize: 50,
  maxLength: 100,
};

/** A Fastify app whose Ajv refuses unknown keywords and formats, as strict mode does. */
const strictFastify = () => Fastify({ ajv: { customOptions: { strict: true } } });

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe("listRoute in Fastify", () => {
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    app = strictFastify();
    app.get("/api/artefacts", listRoute(OPTIONS));
    origin = await listen(app);
  });
  afterAll(() => app.close());

  it("registers in a strict Ajv, which refuses an OpenAPI-only keyword (the check has teeth)", async () => {
    const refusing = strictFastify();
    const querystring = {
      type: "object",
      properties: { where: { type: "string", example: "a=1" } },
    };
    refusing.get("/x", { schema: { querystring } }, async () => "x");
    await expect(refusing.ready()).rejects.toThrow(/unknown keyword: "example"/);
    const variants: ListHandlerOptions[] = [
      { source: [] },
      { source: [], schema: { day: "date", tags: ["string"] }, resource: "days" },
      { source: [], schema: schemas.project, maxLength: Infinity, maxDepth: 0 },
    ];
    for (const options of variants) {
      const accepting = strictFastify();
      accepting.get("/x", listRoute(options));
      await expect(accepting.ready()).resolves.toBeDefined();
      await accepting.close();
    }
  });

  it("describes the query string by the options and the schema", () => {
    const { schema = {}, attachValidation } = listRoute(OPTIONS);
    expect(attachValidation).toBe(true);
    const properties = (schema.querystring as Json).properties as Record<string, Json>;
    expect(Object.keys(properties)).toEqual(["where", "fields", "page", "size"]);
    expect(properties.where).toMatchObject({ type: "string", maxLength: 100 });
    expect(properties.where?.examples).toContain("type.id=example");
    expect(properties.fields?.examples).toContain("id,measures(LOC,FILES)");
    expect(properties.size).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 50,
      default: 20,
    });
    expect(Object.keys(schema.response as Json)).toEqual(["200", "400", "405", "406", "500"]);
  });

  it("names the list in the 200 schema when the resource is given", () => {
    const named = listRoute({ ...OPTIONS, resource: "artefacts" }).schema?.response as Json;
    expect((named["200"] as Json).required).toEqual(["_links", "artefacts"]);
    const unnamed = listRoute(OPTIONS).schema?.response as Json;
    expect((unnamed["200"] as Json).required).toEqual(["_links"]);
  });

  it("throws InvalidOptionError for bad options, as listHandler does", () => {
    expect(() => listRoute({ source: [], maxSize: 0 })).toThrow(InvalidOptionError);
    expect(() => listRoute({ source: "records" } as never)).toThrow(InvalidOptionError);
  });

  // Each a request Fastify's own validation refuses, which qaql must answer itself.
  it.each([
    ["a size of 0", "?size=0", "INVALID_SIZE"],
    ["a negative page", "?page=-1", "INVALID_PAGE"],
    ["a size as a word", "?size=ten", "INVALID_SIZE"],
    ["a size over maxSize", "?size=51", "SIZE_TOO_LARGE"],
    ["a where past maxLength", `?where=${"a".repeat(150)}`, "INPUT_TOO_LONG"],
    ["a repeated where", "?where=id=1&where=id=2", "REPEATED_PARAMETER"],
    ["a where that does not fit", "?where=rank=high", "INVALID_VALUE"],
  ])("answers %s with qaql's own 400, byte for byte", async (_, query, code) => {
    const response = await fetch(`${origin}/api/artefacts${query}`);
    const text = await response.text();
    const direct = await createListHandler(OPTIONS)(new Request(`${origin}/api/artefacts${query}`));
    expect(response.status).toBe(400);
    expect(JSON.parse(text)).toMatchObject({ status: 400, code });
    expect(text).toBe(await direct.text());
    expect(response.headers.get("content-type")).toBe(direct.headers.get("content-type"));
  });

  it("sends qaql's bytes untouched by the response schema", async () => {
    const query = "?size=3";
    const response = await fetch(`${origin}/api/artefacts${query}`);
    const text = await response.text();
    const direct = await createListHandler(OPTIONS)(new Request(`${origin}/api/artefacts${query}`));
    expect(response.status).toBe(200);
    expect(text).toBe(await direct.text());
    const items = (JSON.parse(text) as { artefacts: Json[] }).artefacts;
    expect(items[0]).toHaveProperty("metrics", { LOC: 120 });
    expect(items[1]).toHaveProperty("rank", "high");
  });

  it("would be answered by Fastify's own validation without attachValidation (the check has teeth)", async () => {
    const validating = strictFastify();
    validating.get("/api/artefacts", { ...listRoute(OPTIONS), attachValidation: false });
    const answer = await validating.inject({ url: "/api/artefacts?size=0" });
    await validating.close();
    // Fastify's error, which does not even fit qaql's error schema, so it fails to serialize.
    expect(answer.json()).not.toMatchObject({ code: "INVALID_SIZE" });
    expect(answer.json().message).toMatch(/querystring\/size must be >= 1/);
  });
});
