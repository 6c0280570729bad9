// grammar/language.md 6.10: a user's every answer is the answer a server holding only what the
// user sees would give, and nothing of a project the user does not see reaches any body.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileWhere } from "../../src/api/compile-where.ts";
import { type ApiUser, createApiServer } from "../../src/server/api-server.ts";
import { runs } from "../support/runs.ts";

type Row = Record<string, unknown>;

interface Data {
  readonly projects: Row[];
  readonly artefacts: Row[];
  readonly findings: Row[];
  readonly models: Row[];
  readonly versions: Row[];
}

const tagOf = (projectId: unknown) =>
  `secret-p${projectId === undefined ? "x" : String(projectId)}`;

/** Projects 1…n named apart; artefacts and findings in them, in none, or in one that is gone. */
const dataArbitrary: fc.Arbitrary<Data> = fc
  .record({
    names: fc.uniqueArray(fc.constantFrom("core", "web", "docs", "api", "cli", "ops"), {
      minLength: 1,
      maxLength: 4,
    }),
    artefactCount: fc.integer({ min: 0, max: 8 }),
    findingCount: fc.integer({ min: 0, max: 8 }),
  })
  .chain(({ names, artefactCount, findingCount }) => {
    const projectIds = names.map((_, i) => i + 1);
    // 9 names a project the data does not hold.
    const projectRef = fc.option(fc.constantFrom(...projectIds, 9), { nil: undefined });
    const artefactIds = Array.from({ length: artefactCount }, (_, i) => 100 + i);
    const artefactRef = fc.constantFrom(...artefactIds, 199);
    const artefact = (id: number) =>
      fc
        .record({ projectId: projectRef, parentId: fc.option(artefactRef, { nil: undefined }) })
        .map(({ projectId, parentId }) => ({
          id,
          name: `a${id}`,
          ...(projectId === undefined ? {} : { projectId }),
          ...(parentId === undefined ? {} : { parentId }),
          tag: tagOf(projectId),
          measures: { LOC: id },
        }));
    const finding = (id: number) =>
      fc
        .record({
          projectId: projectRef,
          locations: fc.array(artefactRef, { maxLength: 2 }),
          status: fc.constantFrom("OPEN", "FIXED"),
        })
        .map(({ projectId, locations, status }) => ({
          id,
          status,
          ...(projectId === undefined ? {} : { projectId }),
          locations: locations.map((artefactId) => ({ artefactId, line: 1 })),
          // In the projects of its locations when it names none: seen or not with them.
          tag: projectId === undefined ? "by-locations" : tagOf(projectId),
        }));
    return fc.record({
      // Two models, each shared by the projects of its parity; a version per project.
      projects: fc.constant(
        names.map(
          (name, i) =>
            ({
              id: i + 1,
              name,
              modelUId: `m${i % 2}`,
              versionId: 500 + i + 1,
              tag: tagOf(i + 1),
            }) as Row,
        ),
      ),
      models: fc.constant([
        { id: "m0", name: "even" },
        { id: "m1", name: "odd" },
        { id: "m9", name: "unused" },
      ] as Row[]),
      versions: fc.constant(
        names.map((_, i) => ({ id: 500 + i + 1, projectId: i + 1, tag: tagOf(i + 1) }) as Row),
      ),
      artefacts: fc.tuple(...artefactIds.map(artefact)).map((rows) => rows as Row[]),
      findings: fc
        .tuple(...Array.from({ length: findingCount }, (_, i) => finding(1000 + i)))
        .map((rows) => rows as Row[]),
    });
  });

/** A user: the projects it sees (by id, by id's text or by name; all when undefined), and a filter of findings. */
function userArbitrary(data: Data): fc.Arbitrary<ApiUser> {
  const spellings = data.projects.map((project) =>
    fc.constantFrom(project.id as number, String(project.id), project.name as string),
  );
  return fc
    .record({
      projects: fc.option(
        fc
          .subarray(spellings)
          .chain((chosen) =>
            chosen.length ? fc.tuple(...chosen) : fc.constant<(string | number)[]>([]),
          ),
        { nil: undefined },
      ),
      where: fc.option(fc.constantFrom("status=OPEN", "id>1002"), { nil: undefined }),
      selectable: fc.option(fc.constantFrom("id,name", "id,projectId,parentId,measures"), {
        nil: undefined,
      }),
    })
    .map(({ projects, where, selectable }) => ({
      permanentTokens: ["token-of-the-user-under-test-0123456789"],
      ...(projects === undefined ? {} : { projects }),
      policies: {
        ...(where === undefined ? {} : { findings: { where } }),
        ...(selectable === undefined ? {} : { artefacts: { selectable } }),
      },
    }));
}

/** What the user sees, by the rules of 6.10, written out here apart from the server's. */
function seenBy(data: Data, user: ApiUser): Data {
  const listed = user.projects?.map(String);
  const projects = data.projects.filter(
    (p) => !listed || listed.includes(String(p.id)) || listed.includes(p.name as string),
  );
  const all = projects.length === data.projects.length && (!listed || data.projects.length > 0);
  const ids = new Set(projects.map((p) => String(p.id)));
  const projectOfArtefact = new Map(data.artefacts.map((a) => [String(a.id), a.projectId]));
  const inSeen = (record: Row): boolean => {
    if (all) return true;
    if (record.projectId !== undefined) return ids.has(String(record.projectId));
    const locations = (record.locations ?? []) as Row[];
    const of = locations.map((l) => projectOfArtefact.get(String(l.artefactId)));
    return of.length > 0 && of.every((p) => p !== undefined && ids.has(String(p)));
  };
  const where = user.policies?.findings?.where;
  const keepsFinding = where ? compileWhere(where as string) : () => true;
  const models = new Set(projects.map((p) => p.modelUId));
  // In the data's order of resources, as a dump lists them.
  const seen: Data = {
    projects,
    artefacts: data.artefacts.filter(inSeen),
    findings: data.findings.filter((f) => inSeen(f) && keepsFinding(f)),
    // A model is seen with any project seen that uses it.
    models: data.models.filter((m) => all || models.has(m.id)),
    versions: data.versions.filter(inSeen),
  };
  return Object.fromEntries(
    Object.keys(data).map((name) => [name, seen[name as keyof Data]]),
  ) as unknown as Data;
}

/** A request any client could send: lists, items, nested lists and queries, seen or not. */
function requestArbitrary(
  data: Data,
): fc.Arbitrary<{ method: string; path: string; body?: string }> {
  const ids = (rows: Row[], extra: number) =>
    fc.constantFrom(...rows.map((r) => String(r.id)), String(extra));
  const query = fc
    .record({
      where: fc.option(fc.constantFrom("id>2", "projectId=1", "status=OPEN", "name~a", "tag~p1"), {
        nil: undefined,
      }),
      fields: fc.option(fc.constantFrom("id,name", "id,tag", "locations.artefactId"), {
        nil: undefined,
      }),
      page: fc.integer({ min: 1, max: 3 }),
      size: fc.integer({ min: 1, max: 4 }),
    })
    .map(({ where, fields, page, size }) => {
      const params = new URLSearchParams();
      if (where) params.set("where", where);
      if (fields) params.set("fields", fields);
      params.set("page", String(page));
      params.set("size", String(size));
      return `?${params}`;
    });
  const resource = fc.constantFrom("projects", "artefacts", "findings", "models", "versions");
  const get = (path: fc.Arbitrary<string>) => path.map((p) => ({ method: "GET", path: p }));
  return fc.oneof(
    get(fc.tuple(resource, query).map(([r, q]) => `/api/${r}${q}`)),
    get(ids(data.projects, 7).map((id) => `/api/projects/${id}`)),
    get(ids(data.artefacts, 199).map((id) => `/api/artefacts/${id}?fields=id,tag`)),
    get(ids(data.findings, 1999).map((id) => `/api/findings/${id}`)),
    get(ids(data.models, 7).map((id) => `/api/models/${id}`)),
    get(ids(data.versions, 7).map((id) => `/api/versions/${id}`)),
    get(
      fc
        .tuple(ids(data.versions, 599), ids(data.artefacts, 199))
        .map(([version, artefact]) => `/api/versions/${version}/artefacts/${artefact}`),
    ),
    get(fc.constantFrom("/api/dump", "/api/dump?fields=id")),
    get(
      fc
        .tuple(fc.constantFrom(...data.projects.map((p) => p.name as string), "nope"), query)
        .map(([name, q]) => `/api/projects/${name}/artefacts${q}`),
    ),
    get(
      fc
        .tuple(ids(data.artefacts, 199), query)
        .map(([id, q]) => `/api/artefacts/${id}/findings${q}`),
    ),
    ids(data.artefacts, 199).map((id) => ({
      method: "POST",
      path: `/api/artefacts/${id}/query`,
      body: JSON.stringify({ columns: [{ type: "MEASURE", id: "LOC" }] }),
    })),
  );
}

const TOKEN = "token-of-the-user-under-test-0123456789";
const OWN_TOKEN = "token-of-the-server-itself-0123456789";

async function answer(
  server: ReturnType<typeof createApiServer>,
  token: string,
  request: { method: string; path: string; body?: string },
): Promise<{ status: number; body: string }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (request.body !== undefined) headers["content-type"] = "application/json";
  const response = await server.fetch(
    new Request(`http://api.example${request.path}`, {
      method: request.method,
      headers,
      ...(request.body === undefined ? {} : { body: request.body }),
    }),
  );
  return { status: response.status, body: await response.text() };
}

describe("what a user sees", () => {
  it("is every answer of a server holding only the data the user sees, and no more", async () => {
    const scenario = dataArbitrary.chain((data) =>
      fc.record({
        data: fc.constant(data),
        user: userArbitrary(data),
        requests: fc.array(requestArbitrary(data), { minLength: 1, maxLength: 6 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(scenario, async ({ data, user, requests }) => {
        const server = createApiServer({ data: { ...data }, users: { ann: user } });
        const seen = seenBy(data, user);
        // The reference's user sees all it holds, the artefacts' fields as the user sees them.
        const artefactsPolicy = user.policies?.artefacts;
        const reference = createApiServer({
          data: { ...seen },
          users: {
            ref: {
              permanentTokens: [OWN_TOKEN],
              ...(artefactsPolicy ? { policies: { artefacts: artefactsPolicy } } : {}),
            },
          },
        });
        // A user who sees every project sees everything; another, nothing of a project it does
        // not see, of one the data does not hold (9), or of none.
        const seenProjects = new Set(seen.projects.map((p) => String(p.id)));
        const seesAll = seen.projects.length === data.projects.length;
        const hidden = seesAll
          ? []
          : [1, 2, 3, 4, 9, undefined]
              .filter((id) => id === undefined || !seenProjects.has(String(id)))
              .map((id) => `"${tagOf(id)}"`);
        for (const request of requests) {
          const actual = await answer(server, TOKEN, request);
          expect(actual, `${request.method} ${request.path}`).toEqual(
            await answer(reference, OWN_TOKEN, request),
          );
          for (const tag of hidden) expect(actual.body).not.toContain(tag);
        }
      }),
      { numRuns: runs(300) },
    );
  });
});
