// grammar/language.md 6.10: a caller's view is a dump of what it sees, and every route answers
// as the same server over that dump, asked with a token that sees everything, would answer.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readAccessPolicy } from "../../src/api/access-policy.ts";
import { compileWhere } from "../../src/api/compile-where.ts";
import type { AccessPolicy } from "../../src/index.ts";
import type { Schema } from "../../src/schema/schema.ts";
import { type ApiServer, type ApiUser, createApiServer } from "../../src/server/api-server.ts";
import { runs } from "../support/runs.ts";

type Row = Record<string, unknown>;
type Data = Record<"projects" | "models" | "versions" | "artefacts" | "findings", Row[]>;

const tagOf = (projectId: unknown) => `secret-p${String(projectId)}`;
const href = (path: string) => ({ href: `/api${path}` });

/**
 * Data shaped as the API's: projects with a model, a version and branches; artefacts in trees
 * with links to others; findings located in artefacts; each record with the links of 6.12.
 */
const dataArbitrary: fc.Arbitrary<Data> = fc
  .record({
    names: fc.uniqueArray(fc.constantFrom("core", "web", "docs", "api"), {
      minLength: 1,
      maxLength: 3,
    }),
    artefactCount: fc.integer({ min: 1, max: 8 }),
    findingCount: fc.integer({ min: 0, max: 8 }),
  })
  .chain(({ names, artefactCount, findingCount }) => {
    const projectIds = names.map((_, i) => i + 1);
    const artefactIds = Array.from({ length: artefactCount }, (_, i) => 100 + i);
    const projects: Row[] = names.map((name, i) => {
      const id = i + 1;
      return {
        id,
        name,
        modelUId: `m${i % 2}`,
        versionId: 500 + 10 * id,
        artefactId: 100,
        branches: [
          { id: 10 * id, name: "main", versionId: 500 + 10 * id },
          { id: 10 * id + 1, name: "next", versionId: 501 + 10 * id },
        ],
        tag: tagOf(id),
        _links: {
          self: href(`/projects/${id}`),
          artefacts: href(`/projects/${name}/artefacts`),
          model: href(`/models/m${i % 2}`),
          version: href(`/versions/${500 + 10 * id}`),
        },
      };
    });
    const versions: Row[] = projectIds.flatMap((id) =>
      [0, 1].map((branch) => ({
        id: 500 + 10 * id + branch,
        projectId: id,
        name: branch === 0 ? "main" : "next",
        _links: {
          self: href(`/versions/${500 + 10 * id + branch}`),
          project: href(`/projects/${id}`),
        },
      })),
    );
    const models: Row[] = ["m0", "m1", "m9"].map((id) => ({
      id,
      name: `model ${id}`,
      _links: { self: href(`/models/${id}`) },
    }));
    const projectOf = fc.constantFrom(...projectIds, 9);
    const artefactRef = fc.constantFrom(...artefactIds);
    const artefact = (id: number) =>
      fc
        .record({
          projectId: projectOf,
          parentId: fc.option(artefactRef, { nil: null }),
          calls: fc.array(artefactRef, { maxLength: 2 }),
          rank: fc.integer({ min: 0, max: 4 }),
        })
        .map(({ projectId, parentId, calls, rank }) => ({
          id,
          name: `a${id}`,
          projectId,
          parentId: parentId === id ? null : parentId,
          rank,
          tag: tagOf(projectId),
          measures: { LOC: id, CC: rank },
          links: calls.length > 0 ? { CALLS: calls } : {},
          _links: {
            self: href(`/artefacts/${id}`),
            project: href(`/projects/${projectId}`),
            findings: href(`/artefacts/${id}/findings`),
            query: href(`/artefacts/${id}/query`),
          },
        }));
    const finding = (id: number) =>
      fc
        .record({
          projectId: projectOf,
          locations: fc.array(artefactRef, { minLength: 1, maxLength: 2 }),
          status: fc.constantFrom("OPEN", "FIXED"),
          day: fc.integer({ min: 1, max: 3 }),
        })
        .map(({ projectId, locations, status, day }) => ({
          id,
          status,
          projectId,
          creationDate: `2024-01-0${day}T20:00:00Z`,
          locations: locations.map((artefactId) => ({ artefactId, line: 1 })),
          tag: tagOf(projectId),
          _links: {
            self: href(`/findings/${id}`),
            project: href(`/projects/${projectId}`),
            model: href(`/models/m${(projectId - 1) % 2}`),
            version: href(`/versions/${500 + 10 * projectId}`),
            artefact: href(`/versions/${500 + 10 * projectId}/artefacts/${locations[0]}`),
          },
        }));
    return fc.record({
      projects: fc.constant(projects),
      models: fc.constant(models),
      versions: fc.constant(versions),
      artefacts: fc.tuple(...artefactIds.map(artefact)).map((rows) => rows as Row[]),
      findings: fc
        .tuple(...Array.from({ length: findingCount }, (_, i) => finding(1000 + i)))
        .map((rows) => rows as Row[]),
    });
  });

/** The fields a policy may open of each resource, the references among them included. */
const FIELDS: Readonly<Record<keyof Data, readonly string[]>> = {
  projects: [
    "id",
    "name",
    "modelUId",
    "versionId",
    "artefactId",
    "branches",
    "branches.name",
    "tag",
  ],
  models: ["id", "name"],
  versions: ["id", "projectId", "name"],
  artefacts: ["id", "name", "projectId", "parentId", "rank", "measures.LOC", "links", "tag"],
  findings: ["id", "status", "projectId", "locations", "locations.line", "creationDate", "tag"],
};

const WHERE: Readonly<Record<keyof Data, readonly string[]>> = {
  projects: ["name!=web", "id>=2"],
  models: ["name~*0"],
  versions: ["name=main"],
  artefacts: ["rank>=2", "parentId IS NOT NULL"],
  findings: ["status=OPEN", "creationDate>=2024-01-02"],
};

/** A policy of one resource: some fields hidden (the id and the references too), some records filtered out. */
/** `arbitrary`'s values `percent` times in a hundred, else null. */
function sometimes<T>(arbitrary: fc.Arbitrary<T>, percent: number): fc.Arbitrary<T | null> {
  return fc.oneof(
    { arbitrary, weight: percent },
    { arbitrary: fc.constant(null), weight: 100 - percent },
  );
}

function policyArbitrary(resource: keyof Data): fc.Arbitrary<AccessPolicy> {
  const [id, ...others] = FIELDS[resource];
  return fc
    .record({
      selectable: sometimes(
        fc
          .tuple(sometimes(fc.constant(true), 85), fc.subarray(others, { minLength: 1 }))
          // A name opened whole opens its members: the parts of it are left out.
          .map(([withId, names]) =>
            [...(withId ? [id as string] : []), ...names]
              .filter((name, _, all) => !all.some((other) => name.startsWith(`${other}.`)))
              .join(","),
          ),
        50,
      ),
      where: sometimes(fc.constantFrom(...WHERE[resource]), 35),
      timeZone: fc.constantFrom("UTC", "Asia/Tokyo"),
    })
    .map(
      ({ selectable, where, timeZone }) =>
        ({
          ...(selectable === null ? {} : { selectable }),
          ...(where === null ? {} : { where }),
          timeZone,
        }) as AccessPolicy,
    );
}

const USER_TOKEN = "token-of-the-user-under-test-0123456789";
const ALL_SEEING = "token-of-the-server-itself-0123456789";

function userArbitrary(data: Data): fc.Arbitrary<ApiUser> {
  const resources = Object.keys(FIELDS) as (keyof Data)[];
  return fc
    .record(
      {
        // By id, by the id's text or by name.
        projects: fc
          .subarray(data.projects)
          .chain((chosen) =>
            fc.tuple(
              ...chosen.map((p) =>
                fc.constantFrom<string | number>(p.id as number, String(p.id), p.name as string),
              ),
            ),
          ),
        policies: fc
          .tuple(...resources.map((r) => sometimes(policyArbitrary(r), 40)))
          .map((policies) =>
            Object.fromEntries(
              policies.flatMap((policy, i) => (policy === null ? [] : [[resources[i], policy]])),
            ),
          ),
        timeZone: fc.constantFrom("UTC", "Pacific/Kiritimati"),
      },
      { requiredKeys: ["policies"] },
    )
    .map((user) => ({ permanentTokens: [USER_TOKEN], ...user }) as ApiUser);
}

interface Call {
  readonly method: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** A request any client could send, to every route, of records seen, hidden or absent. */
function requestArbitrary(data: Data): fc.Arbitrary<Call> {
  const ids = (rows: Row[], extra: number | string) =>
    fc.constantFrom(...rows.map((r) => String(r.id)), String(extra));
  const query = fc
    .record(
      {
        where: fc.constantFrom(
          "id>2",
          "projectId=1",
          "status=OPEN",
          "parentId IS NULL",
          "locations.artefactId=101",
          "versionId=510",
          "modelUId=m1",
          "creationDate=2024-01-02",
          "tag~*p1",
          "rank>=1 AND name~a*",
        ),
        fields: fc.constantFrom(
          "id,name",
          "id,tag",
          "locations",
          "parentId,links",
          "id,_links",
          "versionId,branches",
        ),
        page: fc.integer({ min: 1, max: 3 }),
        size: fc.integer({ min: 1, max: 4 }),
      },
      { requiredKeys: [] },
    )
    .map((parameters) => {
      const search = new URLSearchParams(
        Object.entries(parameters).map(([name, value]): [string, string] => [name, String(value)]),
      ).toString();
      return search === "" ? "" : `?${search}`;
    });
  const get = (path: fc.Arbitrary<string>) =>
    fc
      .tuple(path, fc.constantFrom("GET", "HEAD"), fc.option(fc.constantFrom("UTC", "Asia/Tokyo")))
      .map(([p, method, zone]) => ({
        method,
        path: p,
        ...(zone === null ? {} : { headers: { timezone: zone } }),
      }));
  const resource = fc.constantFrom(...(Object.keys(FIELDS) as (keyof Data)[]));
  return fc.oneof(
    get(fc.tuple(resource, query).map(([r, q]) => `/api/${r}${q}`)),
    get(
      fc
        .tuple(resource, fc.constantFrom("", "?fields=id,_links", "?fields=projectId"))
        .chain(([r, q]) => ids(data[r], 7).map((id) => `/api/${r}/${id}${q}`)),
    ),
    get(
      fc
        .tuple(ids(data.versions, 599), ids(data.artefacts, 199))
        .map(([version, artefact]) => `/api/versions/${version}/artefacts/${artefact}`),
    ),
    get(fc.constant("/api/dump")),
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
    fc
      .tuple(
        ids(data.artefacts, 199),
        fc.constantFrom(
          { columns: [{ type: "MEASURE", id: "LOC" }] },
          { columns: [{ type: "MEASURE", id: "CC" }], depth: 1 },
        ),
      )
      .map(([id, definition]) => ({
        method: "POST",
        path: `/api/artefacts/${id}/query`,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(definition),
      })),
  );
}

interface Seen {
  readonly status: number;
  readonly headers: Record<string, string | null>;
  readonly body: string;
}

async function ask(server: ApiServer, token: string, call: Call, zone?: string): Promise<Seen> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...call.headers };
  if (zone !== undefined && headers.timezone === undefined) headers.timezone = zone;
  const response = await server.fetch(
    new Request(`http://api.example${call.path}`, {
      method: call.method,
      headers,
      ...(call.body === undefined ? {} : { body: call.body }),
    }),
  );
  const named = ["content-language", "timezone", "allow", "content-type", "retry-after"];
  return {
    status: response.status,
    headers: Object.fromEntries(named.map((name) => [name, response.headers.get(name)])),
    body: await response.text(),
  };
}

/** The schemas the caller's texts are checked against: each resource's cut to what it sees. */
function schemasSeenBy(user: ApiUser): Record<string, Schema> {
  const schemas: Record<string, Schema> = {};
  for (const [resource, policy] of Object.entries(user.policies ?? {})) {
    const schema = readAccessPolicy("test", policy, undefined)?.selectSchema;
    if (schema) schemas[resource] = schema;
  }
  return schemas;
}

const idsOf = (rows: readonly Row[] | undefined) => new Set((rows ?? []).map((r) => String(r.id)));

/** No field of a record in the view names a record the data holds and the view lacks. */
function expectNoReferenceToUnseen(data: Data, seen: Data): void {
  const all = {
    projects: idsOf(data.projects),
    artefacts: idsOf(data.artefacts),
    models: idsOf(data.models),
    versions: idsOf(data.versions),
  };
  const held = {
    projects: idsOf(seen.projects),
    artefacts: idsOf(seen.artefacts),
    models: idsOf(seen.models),
    versions: idsOf(seen.versions),
  };
  const names = (resource: keyof typeof held, id: unknown, where: string) => {
    if (id === undefined || id === null || !all[resource].has(String(id))) return;
    expect(held[resource].has(String(id)), `${where} names ${resource} ${String(id)}`).toBe(true);
  };
  for (const p of seen.projects) {
    names("versions", p.versionId, "a project's versionId");
    names("models", p.modelUId, "a project's modelUId");
    names("artefacts", p.artefactId, "a project's artefactId");
    for (const branch of (p.branches ?? []) as Row[])
      names("versions", branch.versionId, "a branch");
  }
  for (const a of seen.artefacts) {
    names("projects", a.projectId, "an artefact's projectId");
    names("artefacts", a.parentId, "an artefact's parentId");
    for (const ids of Object.values((a.links ?? {}) as Record<string, unknown[]>)) {
      for (const id of ids) names("artefacts", id, "an artefact's links");
    }
  }
  for (const f of seen.findings) {
    names("projects", f.projectId, "a finding's projectId");
    for (const l of (f.locations ?? []) as Row[]) names("artefacts", l.artefactId, "a location");
  }
  for (const v of seen.versions) names("projects", v.projectId, "a version's projectId");
}

/** Every href of every record's `_links` in a dump. */
function linksOf(seen: Data): string[] {
  return Object.values(seen).flatMap((rows) =>
    rows.flatMap((row) =>
      Object.values((row._links ?? {}) as Record<string, { href: string }>).map((l) => l.href),
    ),
  );
}

describe("a caller's view", () => {
  it("answers every route as a server over the caller's dump, asked with a token that sees everything", async () => {
    const scenario = dataArbitrary.chain((data) =>
      fc.record({
        data: fc.constant(data),
        user: userArbitrary(data),
        calls: fc.array(requestArbitrary(data), { minLength: 1, maxLength: 6 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(scenario, async ({ data, user, calls }) => {
        const server = createApiServer({ data: { ...data }, users: { ann: user } });
        const dump = await ask(server, USER_TOKEN, { method: "GET", path: "/api/dump" });
        expect(dump.status).toBe(200);
        const seen = JSON.parse(dump.body) as Data;
        const reference = createApiServer({
          data: seen,
          schemas: schemasSeenBy(user),
          permanentTokens: [ALL_SEEING],
        });
        // Nothing of a project the user does not see, or of one the data lacks (9), reaches it.
        const where = user.policies?.projects?.where;
        const keeps = where === undefined ? () => true : compileWhere(where);
        const unseen = data.projects
          .filter((p) => {
            const listed = (user.projects ?? [p.id as number]).map(String);
            return (
              !(listed.includes(String(p.id)) || listed.includes(p.name as string)) || !keeps(p)
            );
          })
          .map((p) => p.id);
        expectNoReferenceToUnseen(data, seen);
        // The view of everything is the data as given, its links included.
        const restricted =
          user.projects !== undefined || Object.keys(user.policies ?? {}).length > 0;
        for (const link of restricted ? linksOf(seen) : []) {
          const route = link.endsWith("/query") ? link.slice(0, -"/query".length) : link;
          const followed = await ask(server, USER_TOKEN, { method: "GET", path: route });
          expect(followed.status, `${link} in the caller's view`).toBe(200);
        }
        const hidden = unseen.length === 0 ? [] : [...unseen, 9].map((id) => `"${tagOf(id)}"`);
        for (const call of calls) {
          const actual = await ask(server, USER_TOKEN, call);
          const expected = await ask(reference, ALL_SEEING, call, user.timeZone);
          expect(actual, `${call.method} ${call.path}`).toEqual(expected);
          for (const tag of hidden) expect(actual.body).not.toContain(tag);
        }
      }),
      { numRuns: runs(300) },
    );
  });
});
