import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { createListHandler } from "../../src/http/list-handler.ts";
import { createApiServer } from "../../src/server/api-server.ts";
import { getAnswer } from "../support/server-get.ts";

type Row = Record<string, unknown>;
const sample = JSON.parse(
  readFileSync(new URL("../../sample/dump.json", import.meta.url), "utf8"),
) as Record<string, Row[]>;
const OWN = "server-own-token-0123456789";
const JAVA_MODEL = "7c1e4b52-3f0a-4d8e-9b26-5a1f0c9e7d34";

const server = createApiServer({
  data: sample,
  permanentTokens: [OWN],
  users: {
    // payments-core (101) only, and no artefact's rank.
    ann: {
      projects: [101],
      permanentTokens: ["ann-token-0123456789abcdef"],
      policies: { artefacts: { selectable: "id,name,path,type,projectId,parentId" } },
    },
  },
});

const get = (path: string, headers: Record<string, string> = {}) =>
  getAnswer(server, OWN, path, headers);

const ANN = { authorization: "Bearer ann-token-0123456789abcdef" };

describe("models, versions and the links to them (grammar/language.md 6.12)", () => {
  it("answers a model and a version as records, and lists them", async () => {
    const model = await get(`/api/models/${JAVA_MODEL}`);
    expect(model.body).toEqual(sample.models?.[0]);
    expect((await get("/api/versions/20001")).body).toMatchObject({
      id: 20001,
      projectId: 101,
      name: "master",
    });
    expect(((await get("/api/versions?size=100")).body.versions as Row[]).length).toBe(
      sample.versions?.length,
    );
    // The project links to both, as the API's link targets say.
    const project = (await get("/api/projects/101")).body;
    expect(project._links).toMatchObject({
      model: { href: `/api/models/${JAVA_MODEL}` },
      version: { href: "/api/versions/20001" },
    });
  });

  it("answers an artefact in the version its project's records hold, and no other", async () => {
    const artefact = await get("/api/versions/20001/artefacts/1000?fields=id,name");
    expect(artefact.status).toBe(200);
    expect(artefact.body).toMatchObject({ id: 1000, name: "payments-core" });
    const otherVersion = await get("/api/versions/20011/artefacts/1000");
    expect(otherVersion.status).toBe(404);
    expect(otherVersion.body.message).toBe('no artefact with id "1000" in version "20011"');
    // Every finding's artefact link leads to a record.
    for (const finding of (sample.findings ?? []).slice(0, 20)) {
      const href = ((finding._links as Row).artefact as { href: string }).href;
      expect((await get(href)).status, href).toBe(200);
    }
  });

  it("links an artefact's findings list to the artefact, its project, model and version", async () => {
    const list = await get("/api/artefacts/1031/findings?size=1");
    expect(list.body._links).toMatchObject({
      artefact: { href: "/api/artefacts/1031" },
      project: { href: "/api/projects/101" },
      model: { href: `/api/models/${JAVA_MODEL}` },
      version: { href: "/api/versions/20001" },
    });
    expect(Object.keys(list.body._links as Row).slice(0, 3)).toEqual(["self", "first", "last"]);
  });

  it("keeps models and versions to the projects a user sees", async () => {
    const models = (await get("/api/models", ANN)).body.models as Row[];
    expect(models.map((m) => m.id)).toEqual([JAVA_MODEL]);
    const versions = (await get("/api/versions?size=100", ANN)).body.versions as Row[];
    expect(new Set(versions.map((v) => v.projectId))).toEqual(new Set([101]));
    expect((await get("/api/versions/20056", ANN)).status).toBe(404);
    expect((await get("/api/versions/20056/artefacts/1000", ANN)).status).toBe(404);
  });
});

describe("GET /api/dump (grammar/language.md 6.12)", () => {
  it("answers every resource, whole, in the dump format", async () => {
    const dump = await get("/api/dump");
    expect(Object.keys(dump.body)).toEqual([
      "projects",
      "artefacts",
      "findings",
      "models",
      "versions",
    ]);
    for (const name of Object.keys(dump.body)) expect(dump.body[name]).toEqual(sample[name]);
    expect(dump.headers.get("content-language")).toBe("en");
  });

  it("answers what a user sees, as the user sees it, in the user's language", async () => {
    const dump = await get("/api/dump", { ...ANN, "accept-language": "de" });
    expect(dump.headers.get("content-language")).toBe("de");
    const projects = dump.body.projects as Row[];
    expect(projects.map((p) => p.id)).toEqual([101]);
    const artefacts = dump.body.artefacts as Row[];
    expect(artefacts.every((a) => a.projectId === 101 && !("rank" in a))).toBe(true);
    const finding = (dump.body.findings as Row[]).find((f) => f.id === 500000) as Row;
    expect((finding.definition as Row).name).toBe("Zyklomatische Komplexität zu hoch");
    expect(JSON.stringify(dump.body)).not.toContain("checkout-web");
  });

  it("takes no list parameter", async () => {
    for (const name of ["where", "fields", "page", "size"]) {
      const refused = await get(`/api/dump?${name}=1`);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: "UNSUPPORTED_PARAMETER", parameter: name });
    }
    expect((await get("/api/dump?other=1")).status).toBe(200);
  });

  it("cannot be a resource's name", () => {
    expect(() => createApiServer({ data: { dump: [] }, permanentTokens: [OWN] })).toThrow(
      /a resource cannot be named "dump"/,
    );
  });
});

describe("createListHandler's links", () => {
  it("follow a page's own, after baseUrl as theirs are", async () => {
    const handler = createListHandler({
      source: [{ id: 1 }],
      resource: "items",
      baseUrl: "https://api.example/qa",
      links: { parent: "/api/parents/7", docs: "https://docs.example/items" },
    });
    const body = (await (await handler(new Request("http://x/api/items"))).json()) as {
      _links: Row;
    };
    expect(body._links).toEqual({
      self: { href: "https://api.example/qa/api/items?page=1&size=20" },
      first: { href: "https://api.example/qa/api/items?page=1&size=20" },
      last: { href: "https://api.example/qa/api/items?page=1&size=20" },
      parent: { href: "https://api.example/qa/api/parents/7" },
      docs: { href: "https://docs.example/items" },
    });
  });

  it("refuse a page link's name, a name that is no identifier, and an empty href", () => {
    for (const links of [{ next: "/a" }, { "a b": "/a" }, { parent: "" }, "/a"]) {
      expect(() => createListHandler({ source: [], links: links as never })).toThrow(
        InvalidOptionError,
      );
    }
  });
});
