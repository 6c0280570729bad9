import { describe, expect, it } from "vitest";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { schemas } from "../../src/schema/resources.ts";
import { type ApiServerOptions, createApiServer } from "../../src/server/api-server.ts";
import { digestPassword, readPasswordDigest } from "../../src/server/password-digest.ts";

const data = {
  projects: [
    { id: 101, name: "core" },
    { id: 102, name: "web" },
  ],
  artefacts: [
    { id: 1, name: "a1", projectId: 101, secret: "x" },
    { id: 2, name: "a2", projectId: 102, secret: "y" },
  ],
  findings: [{ id: 9, status: "OPEN", locations: [{ artefactId: 2 }] }],
};

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

async function get(
  server: ReturnType<typeof createApiServer>,
  path: string,
  authorization: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await server.fetch(
    new Request(`http://api.example${path}`, { headers: { authorization } }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("users of createApiServer (grammar/language.md 6.10)", () => {
  it("signs a user in by the digest of its password, and no other password", async () => {
    const passwordDigest = await digestPassword("correct horse");
    expect(passwordDigest).toMatch(
      /^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    const server = createApiServer({
      data,
      users: { ann: { passwordDigest, projects: ["web"] }, bob: "plain" },
    });
    const token = await get(server, "/api/token", basic("ann", "correct horse"));
    expect(token.status).toBe(200);
    expect((await get(server, "/api/token", basic("ann", "wrong horse"))).status).toBe(401);
    expect((await get(server, "/api/token", basic("bob", "plain"))).status).toBe(200);
    expect((await get(server, "/api/token", basic("carol", "correct horse"))).status).toBe(401);
    const projects = await get(server, "/api/projects", `Bearer ${token.body.token}`);
    expect(projects.body.projects).toEqual([{ id: 102, name: "web" }]);
  });

  it("refuses a digest it cannot read, or one too costly to check", () => {
    for (const text of [
      "plain",
      "$scrypt$ln=15,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$",
      "$scrypt$ln=30,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U",
      "$scrypt$ln=17,r=32,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U",
    ]) {
      expect(() => readPasswordDigest(text)).toThrow(/PHC format/);
    }
  });

  it("gives a user's permanent token that user's view, and the server's own token everything", async () => {
    const server = createApiServer({
      data,
      users: { ann: { projects: [101], permanentTokens: ["ann-permanent-token-0123456789"] } },
      permanentTokens: ["server-own-token-0123456789"],
    });
    const ann = "Bearer ann-permanent-token-0123456789";
    expect((await get(server, "/api/artefacts", ann)).body.artefacts).toEqual([data.artefacts[0]]);
    // Another project's artefact is the same 404 as one that does not exist.
    const hidden = await get(server, "/api/artefacts/2", ann);
    const missing = await get(server, "/api/artefacts/3", ann);
    expect(hidden.status).toBe(404);
    expect(JSON.stringify(hidden.body).replace('id \\"2\\"', 'id \\"3\\"')).toBe(
      JSON.stringify(missing.body),
    );
    // A finding located in a project ann does not see is not seen.
    expect((await get(server, "/api/findings", ann)).body.findings).toEqual([]);
    const own = "Bearer server-own-token-0123456789";
    expect((await get(server, "/api/findings", own)).body.findings).toEqual(data.findings);
  });

  it("hides the fields a user's policy hides, in lists and items alike", async () => {
    const server = createApiServer({
      data,
      schemas: { artefacts: schemas.artefact },
      users: {
        ann: {
          permanentTokens: ["ann-permanent-token-0123456789"],
          policies: { artefacts: { selectable: "id,name,projectId" } },
        },
      },
    });
    const ann = "Bearer ann-permanent-token-0123456789";
    const item = await get(server, "/api/artefacts/1", ann);
    expect(item.body).toEqual({ id: 1, name: "a1", projectId: 101 });
    const rank = await get(server, "/api/artefacts?where=rank%3E1", ann);
    const nope = await get(server, "/api/artefacts?where=ronk%3E1", ann);
    expect(rank.status).toBe(400);
    expect(JSON.stringify(rank.body).replaceAll("rank", "ronk")).toBe(JSON.stringify(nope.body));
  });

  it("refuses users it cannot serve when it is made, naming the user and the member", () => {
    const cases: [ApiServerOptions["users"], RegExp][] = [
      [
        { ann: { password: "a", passwordDigest: "b" } },
        /"ann": give a password or a passwordDigest, not both/,
      ],
      [{ ann: { projects: [101] } }, /"ann": give a password, a passwordDigest or permanentTokens/],
      [{ ann: { password: "a", colour: "red" } as never }, /"ann": colour: unknown member/],
      [{ ann: { password: "a", projects: [1.5] } }, /"ann": projects: expected ids and names/],
      [
        { ann: { password: "a", policies: { models: {} } } },
        /"ann": policies\.models: the data has no such resource/,
      ],
      [
        { ann: { password: "a", policies: { artefacts: { selectable: "nope" } } } },
        /option policy\.selectable: .*unknown field "nope"/,
      ],
      [
        {
          ann: { permanentTokens: ["shared-token-0123456789abc"] },
          bob: { permanentTokens: ["shared-token-0123456789abc"] },
        },
        /given to two holders/,
      ],
    ];
    for (const [users, message] of cases) {
      const make = () => createApiServer({ data, schemas: { artefacts: schemas.artefact }, users });
      expect(make).toThrow(InvalidOptionError);
      expect(make).toThrow(message);
    }
  });
});

describe("a user's sees test (grammar/language.md 6.10)", () => {
  it("keeps what it passes, and the records of the projects it keeps flow from them", async () => {
    const server = createApiServer({
      data,
      users: {
        ann: {
          permanentTokens: ["ann-permanent-token-0123456789"],
          sees: (record, resource) =>
            resource !== "projects" || (record as { name?: string }).name === "web",
        },
      },
    });
    const ann = "Bearer ann-permanent-token-0123456789";
    expect((await get(server, "/api/projects", ann)).body.projects).toEqual([data.projects[1]]);
    expect((await get(server, "/api/artefacts", ann)).body.artefacts).toEqual([data.artefacts[1]]);
    // The finding located in web's artefact flows with web.
    expect((await get(server, "/api/findings", ann)).body.findings).toEqual(data.findings);
  });
});
