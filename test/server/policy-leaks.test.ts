// The leaks of a policy's hidden fields through the nested routes, the links and the models and
// versions, as an attacker found them on the shipped sample: each route answers from the
// caller's view alone (grammar/language.md 6.10), so what the policy hides no route tells.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RESOURCE_SCHEMAS } from "../../src/schema/resources.ts";
import { type ApiServer, type ApiUser, createApiServer } from "../../src/server/api-server.ts";
import { getAnswer } from "../support/server-get.ts";

type Row = Record<string, unknown>;
const sample = JSON.parse(
  readFileSync(new URL("../../sample/dump.json", import.meta.url), "utf8"),
) as Record<string, Row[]>;

const OWN = "server-own-token-0123456789";
const TOKEN = "user-under-test-token-0123456789";

/** The sample served with the API's schemas, to the server's own token and to one user. */
function serverFor(user: Omit<ApiUser, "permanentTokens">) {
  server = createApiServer({
    data: sample,
    schemas: { ...RESOURCE_SCHEMAS },
    permanentTokens: [OWN],
    users: { eve: { ...user, permanentTokens: [TOKEN] } },
  });
  return {
    asUser: (path: string) => getAnswer(server, TOKEN, path),
    asServer: (path: string) => getAnswer(server, OWN, path),
  };
}

let server: ApiServer;

/** The table a query definition answers, as the holder of `token`. */
async function post(token: string, path: string, body: string): Promise<{ total: number }> {
  const answer = await server.fetch(
    new Request(`http://api.example${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body,
    }),
  );
  expect(answer.status).toBe(200);
  return (await answer.json()) as { total: number };
}

const rowsOf = (body: Record<string, unknown>, resource: string) => body[resource] as Row[];
const linkNames = (record: Row) => Object.keys((record._links ?? {}) as object);

describe("a policy's hidden fields, through every route", () => {
  it("hides findings' locations: no finding is in any artefact, and no link names one", async () => {
    const { asUser, asServer } = serverFor({
      policies: { findings: { selectable: "id,status,definition,projectId" } },
    });
    expect((await asUser("/api/findings?where=locations.artefactId=1075")).body).toMatchObject({
      code: "UNKNOWN_FIELD",
    });
    // The server's own token finds finding 500001 there; the user, none anywhere.
    const below1075 = await asServer("/api/artefacts/1075/findings");
    expect(rowsOf(below1075.body, "findings").map((f) => f.id)).toEqual([500001]);
    for (const artefact of [1075, 1073, 1000]) {
      const answer = await asUser(`/api/artefacts/${artefact}/findings?size=1000`);
      expect(answer.status).toBe(200);
      expect(rowsOf(answer.body, "findings")).toEqual([]);
    }
    const finding = (await asUser("/api/findings/500001")).body;
    expect(finding).not.toHaveProperty("locations");
    expect(linkNames(finding)).toEqual(["self", "project", "model", "version"]);
  });

  it("hides artefacts' parentId: no artefact has another below it, on the findings route and the query route alike", async () => {
    const { asUser, asServer } = serverFor({
      policies: { artefacts: { selectable: "id,name,path,type,projectId,measures" } },
    });
    const root = rowsOf(
      (await asServer("/api/artefacts/1000/findings?size=1000")).body,
      "findings",
    );
    expect(root.length).toBe(64);
    // Only the findings located in the root artefact itself: none, in the sample.
    const seen = rowsOf((await asUser("/api/artefacts/1000/findings?size=1000")).body, "findings");
    const inRoot = root.filter((f) =>
      (f.locations as Row[]).some((location) => location.artefactId === 1000),
    );
    expect(seen.map((f) => f.id)).toEqual(inRoot.map((f) => f.id));
    // The query lists the artefacts below the one it starts from: for the user, none.
    const query = JSON.stringify({ columns: [{ type: "MEASURE", id: "LOC" }] });
    expect((await post(OWN, "/api/artefacts/1000/query", query)).total).toBe(103);
    expect((await post(TOKEN, "/api/artefacts/1000/query", query)).total).toBe(0);
  });

  it("hides a project's versionId: no version holds its artefacts, whichever is asked", async () => {
    const { asUser, asServer } = serverFor({
      policies: { projects: { selectable: "id,name,status,rating" } },
    });
    expect((await asServer("/api/versions/20001/artefacts/1000")).status).toBe(200);
    expect((await asServer("/api/versions/20011/artefacts/1000")).status).toBe(404);
    const master = await asUser("/api/versions/20001/artefacts/1000");
    const develop = await asUser("/api/versions/20011/artefacts/1000");
    expect(master.status).toBe(404);
    expect(master.body).toEqual({
      ...develop.body,
      message: String(develop.body.message).replace("20011", "20001"),
    });
    // Nor do the versions, the projects' links or the findings' links name them.
    expect(rowsOf((await asUser("/api/versions")).body, "versions")).toEqual([]);
    const project = (await asUser("/api/projects/101")).body;
    expect(linkNames(project)).toEqual(["self", "artefacts"]);
    const finding = (await asUser("/api/findings/500001")).body;
    expect(linkNames(finding)).toEqual(["self", "project"]);
  });

  it("hides a project's modelUId: no model is seen, and no link names one", async () => {
    const { asUser, asServer } = serverFor({
      policies: { projects: { selectable: "id,name,versionId,branches" } },
    });
    expect(rowsOf((await asServer("/api/models")).body, "models").length).toBe(4);
    expect(rowsOf((await asUser("/api/models")).body, "models")).toEqual([]);
    const project = (await asUser("/api/projects/101")).body;
    expect(project).toEqual({
      id: 101,
      name: "payments-core",
      versionId: 20001,
      branches: sample.projects?.[0]?.branches,
      _links: {
        self: { href: "/api/projects/101" },
        artefacts: { href: "/api/projects/payments-core/artefacts" },
        version: { href: "/api/versions/20001" },
      },
    });
    const findings = await asUser("/api/artefacts/1000/findings?size=1");
    expect(Object.keys(findings.body._links as object)).not.toContain("model");
    const finding = (await asUser("/api/findings/500001")).body;
    expect(linkNames(finding)).toEqual(["self", "project", "version", "artefact"]);
  });

  it("leaves out a location in an artefact the user does not see, and the link to it", async () => {
    const { asUser, asServer } = serverFor({
      policies: { artefacts: { where: "type.id!=FUNCTION" } },
    });
    // Finding 500005 is located in function 1044, then in file 1062 and class 1055.
    const whole = (await asServer("/api/findings/500005")).body;
    expect(whole.locations).toEqual([
      { artefactId: 1044, line: 20, column: 60 },
      { artefactId: 1062, line: 15, column: 5 },
      { artefactId: 1055, line: 16, column: 47 },
    ]);
    expect((await asServer("/api/artefacts/1044")).status).toBe(200);
    expect((await asUser("/api/artefacts/1044")).status).toBe(404);
    const finding = (await asUser("/api/findings/500005")).body;
    expect(finding.locations).toEqual([
      { artefactId: 1062, line: 15, column: 5 },
      { artefactId: 1055, line: 16, column: 47 },
    ]);
    expect(linkNames(finding)).not.toContain("artefact");
    // Every link the user is given answers.
    const dump = (await asUser("/api/dump")).body as Record<string, Row[]>;
    const hrefs = Object.values(dump).flatMap((rows) =>
      rows.flatMap((row) =>
        Object.values((row._links ?? {}) as Record<string, { href: string }>).map((l) => l.href),
      ),
    );
    const queries = hrefs.filter((href) => href.endsWith("/query"));
    const sampled = hrefs.filter((href) => !href.endsWith("/query")).filter((_, i) => i % 50 === 0);
    expect(sampled.length).toBeGreaterThan(20);
    for (const href of [...sampled, ...queries.slice(0, 3).map((q) => q.slice(0, -6))]) {
      expect((await asUser(href)).status, href).toBe(200);
    }
  });
});
