import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createListHandler as createListHandlerFromEntry } from "../../src/http/index.ts";
import { createListHandler } from "../../src/http/list-handler.ts";
import type { ListSourceRequest } from "../../src/http/list-source.ts";
import { ListRequestCache } from "../../src/http/request-cache.ts";
import type { PageLinks } from "../../src/list/paginate.ts";
import { schemas } from "../../src/schema/resources.ts";
import {
  createListFixture,
  DATA_HANDLERS,
  expectAnswer,
  type ListFixture,
  listCases,
  projects,
} from "./list-cases.ts";

const ORIGIN = "http://qa.example";

/** A list response's body, read loosely: its links and its lists by name. */
type ListBody = { _links: Required<PageLinks> } & Record<string, { id: number }[]>;

/** The JSON body of a response, as a list response. */
const listBody = async (response: Response) => (await response.json()) as ListBody;

let fixture: ListFixture;
beforeEach(() => {
  fixture = createListFixture();
});
afterEach(() => fixture.close());

const rows = listCases.flatMap((row) =>
  (row.handlers ?? DATA_HANDLERS).map(
    (handler) => [`${row.name} (${handler})`, handler, row] as const,
  ),
);

describe("createListHandler: the table of cases", () => {
  it.each(rows)("%s", async (_, name, row) => {
    const handler = createListHandler(fixture.options[name]);
    const send = (method: string) =>
      handler(new Request(`${ORIGIN}${row.url}`, { method, headers: row.headers ?? {} }));
    const response = await send(row.method ?? "GET");
    const text = await response.text();
    await expectAnswer({
      handler: name,
      row,
      response,
      text,
      fixture,
      origin: ORIGIN,
      get: () => send("GET"),
      headersOf: (answer) => [...answer.headers],
    });
  });
});

describe("the source function", () => {
  it("gets SQL with every value in params", async () => {
    const handler = createListHandler(fixture.options.sql);
    const url = `${ORIGIN}/api/projects?where=name~Classic+OR+status%3DANALYSING`;
    const body = await listBody(await handler(new Request(url)));
    expect(body.projects?.map((project) => project.id)).toEqual([103, 108]);
    const [call] = fixture.sourceCalls;
    expect(call?.sql).not.toMatch(/Classic|ANALYSING/);
    expect(call?.params).toEqual(expect.arrayContaining(["ANALYSING"]));
  });

  it("has its whole records projected by the handler, and its result checked", async () => {
    const reported: unknown[] = [];
    const answer = async (result: unknown) => {
      const handler = createListHandler({
        source: () => result as never,
        onError: (error) => reported.push(error),
      });
      return handler(new Request(`${ORIGIN}/api/things?fields=id&size=2`));
    };
    const ok = await answer({ items: [{ id: 1, other: 2 }], total: 7 });
    expect(await ok.json()).toMatchObject({ things: [{ id: 1 }], _links: { last: {} } });
    for (const wrong of [
      undefined,
      { items: [{}, {}, {}], total: 3 },
      { items: [1], total: 1 },
      { items: [], total: -1 },
      { items: [], total: "3" },
      { total: 0 },
    ]) {
      expect((await answer(wrong)).status).toBe(500);
    }
    expect(reported).toHaveLength(6);
    expect(reported.every((error) => error instanceof TypeError)).toBe(true);
  });

  it("answers toSql with undefined when there is no filter, checking the options still", async () => {
    const seen: unknown[] = [];
    const reported: unknown[] = [];
    const handler = createListHandler({
      schema: { id: "integer" },
      source: (request) => {
        seen.push(request.toSql("postgres"));
        seen.push(request.toSql("oracle" as never));
        return { items: [], total: 0 };
      },
      onError: (error) => reported.push(error),
    });
    expect((await handler(new Request(`${ORIGIN}/api/things`))).status).toBe(500);
    expect(seen).toEqual([undefined]);
    expect(reported).toMatchObject([{ code: "INVALID_OPTION", option: "dialect" }]);
  });

  it("hands a request a source function can take apart, toSql, signal and request included", async () => {
    let taken: Record<string, unknown> = {};
    const handler = createListHandler({
      schema: { rank: "integer" },
      source: ({ toSql, signal, request, offset, page, size, paginated, resource }) => {
        taken = { sql: toSql("postgres"), signal, url: request.url, offset, page, size };
        Object.assign(taken, { paginated, resource });
        return { items: [], total: 0 };
      },
    });
    const url = `${ORIGIN}/api/things?where=rank%3E%3D2&page=3&size=5`;
    expect((await handler(new Request(url))).status).toBe(200);
    expect(taken).toEqual({
      sql: { sql: '"rank" >= $1::numeric', params: [2] },
      signal: expect.any(AbortSignal),
      url,
      offset: 10,
      page: 3,
      size: 5,
      paginated: true,
      resource: "things",
    });
  });

  it("numbers toSql's placeholders after the source's own, and checks the style", async () => {
    const conditions: unknown[] = [];
    const reported: unknown[] = [];
    const handler = createListHandler({
      schema: { rank: "integer", name: "string" },
      source: (request) => {
        conditions.push(request.toSql("postgres", { firstParameter: 3 }));
        conditions.push(request.toSql("postgres", { placeholders: "?" }));
        request.toSql("mysql", { placeholders: "$n" });
        return { items: [], total: 0 };
      },
      onError: (error) => reported.push(error),
    });
    const url = `${ORIGIN}/api/things?where=rank%3E%3D2%20AND%20name%3Dx`;
    expect((await handler(new Request(url))).status).toBe(500);
    expect(conditions).toEqual([
      { sql: '("rank" >= $3::numeric AND "name" COLLATE "C" = $4::text)', params: [2, "x"] },
      { sql: '("rank" >= ?::numeric AND "name" COLLATE "C" = ?::text)', params: [2, "x"] },
    ]);
    expect(reported).toMatchObject([{ code: "INVALID_OPTION", option: "placeholders" }]);
  });

  it("gets the request's zone in toSql and refuses toSql without a schema", async () => {
    const reported: unknown[] = [];
    const handler = createListHandler({
      source: (request) => {
        request.toSql("sqlite");
        return { items: [], total: 0 };
      },
      onError: (error) => reported.push(error),
    });
    const response = await handler(new Request(`${ORIGIN}/api/things?where=a%3D1`));
    expect(response.status).toBe(500);
    expect(reported).toMatchObject([{ code: "INVALID_OPTION", option: "schema" }]);
  });
});

describe("in-memory sources", () => {
  it("reads an async iterable once per request, keeping the page only", async () => {
    let reads = 0;
    const handler = createListHandler({
      source: {
        async *[Symbol.asyncIterator]() {
          reads++;
          for (let id = 1; id <= 10_000; id++) yield { id, even: id % 2 === 0 };
        },
      },
    });
    const body = await listBody(
      await handler(new Request(`${ORIGIN}/api/n?where=even%3Dtrue&page=3&size=2`)),
    );
    expect(body.n).toEqual([
      { id: 10, even: true },
      { id: 12, even: true },
    ]);
    expect(body._links.last.href).toBe("/api/n?where=even%3Dtrue&page=2500&size=2");
    await handler(new Request(`${ORIGIN}/api/n`));
    expect(reads).toBe(2);
  });

  it("stops reading when the client has gone, telling onError nothing", async () => {
    const controller = new AbortController();
    const reported: unknown[] = [];
    let read = 0;
    const handler = createListHandler({
      source: {
        async *[Symbol.asyncIterator]() {
          for (;;) {
            if (++read === 100) controller.abort();
            yield { id: read };
          }
        },
      },
      onError: (error) => reported.push(error),
    });
    const response = await handler(new Request(`${ORIGIN}/api/n`, { signal: controller.signal }));
    expect(response.status).toBe(500);
    expect(read).toBe(100);
    expect(reported).toEqual([]);
  });

  it("answers 500 for a record the filter cannot read, and survives a throwing onError", async () => {
    const handler = createListHandler({
      source: [{ id: 1 }, null as never],
      onError: () => {
        throw new Error("the hook fails too");
      },
    });
    const response = await handler(new Request(`${ORIGIN}/api/n?fields=id`));
    expect(response.status).toBe(500);
  });
});

describe('schema: "infer"', () => {
  const records = [
    { id: 1, name: "a", type: { id: "FILE" }, at: "2024-03-01T23:30:00Z" },
    { id: 2, name: "b", type: { id: "DIR" }, at: "2024-03-02" },
  ];
  const get = (handler: (request: Request) => Promise<Response>, query: string) =>
    handler(new Request(`${ORIGIN}/api/things?${query}`));

  it("learns the schema from an array source: a mistyped field is a 400 with the name meant", async () => {
    const handler = createListHandler({ schema: "infer", source: records });
    const typo = await get(handler, `where=${encodeURIComponent("typ.id=FILE")}`);
    expect(typo.status).toBe(400);
    expect(await typo.json()).toMatchObject({
      code: "UNKNOWN_FIELD",
      issues: [{ suggestion: "type.id" }],
    });
    const found = await get(handler, `where=${encodeURIComponent("type.id=FILE")}`);
    expect((await listBody(found)).things).toEqual([records[0]]);
  });

  it("types by what it learnt: dates by calendar day, in the request's zone", async () => {
    const handler = createListHandler({ schema: "infer", source: records });
    const request = (zone: string) =>
      handler(
        new Request(`${ORIGIN}/api/things?where=${encodeURIComponent("at=2024-03-02")}`, {
          headers: { timezone: zone },
        }),
      );
    expect((await listBody(await request("UTC"))).things?.map((found) => found.id)).toEqual([2]);
    expect(
      (await listBody(await request("Europe/Paris"))).things?.map((found) => found.id),
    ).toEqual([1, 2]);
    const noDay = await get(handler, `where=${encodeURIComponent("at>=2024-02-30")}`);
    expect(await noDay.json()).toMatchObject({ code: "INVALID_VALUE" });
  });

  it("refuses a source it cannot read ahead of the requests", () => {
    const iterable = { async *[Symbol.asyncIterator]() {} };
    expect(() => createListHandler({ schema: "infer", source: iterable })).toThrow(
      /"infer" learns the schema from an array source/,
    );
    expect(() =>
      createListHandler({ schema: "infer", source: () => ({ items: [], total: 0 }) }),
    ).toThrow(/option schema/);
  });
});

describe("links and names", () => {
  const source = [{ id: 1 }, { id: 2 }];

  it("puts baseUrl before the request's path", async () => {
    for (const [baseUrl, prefix] of [
      ["https://api.example.com", "https://api.example.com"],
      ["https://gw.example/qa/", "https://gw.example/qa"],
      ["/qa", "/qa"],
    ] as const) {
      const handler = createListHandler({ source, baseUrl });
      const body = await listBody(await handler(new Request(`${ORIGIN}/api/n?size=1`)));
      expect(body._links.next.href).toBe(`${prefix}/api/n?size=1&page=2`);
    }
  });

  it("drops the empty segments of a path, so that no link names a host", async () => {
    const handler = createListHandler({ source });
    for (const path of ["//evil.example/n", "///evil.example//n", "/\\evil.example/n"]) {
      const body = await listBody(await handler(new Request(`${ORIGIN}${path}?size=1`)));
      for (const link of Object.values(body._links) as { href: string }[]) {
        expect(link.href).toMatch(/^\/evil\.example\/n\?size=1&page=[0-9]+$/);
      }
      expect(body.n).toEqual(source.slice(0, 1));
    }
  });

  it("names the list by the resource option, else by the last segment of the path", async () => {
    const named = createListHandler({ source, resource: "__proto__" });
    const text = await (await named(new Request(`${ORIGIN}/api/n`))).text();
    // An own member, as JSON.parse makes it, not the prototype.
    expect(Object.getOwnPropertyDescriptor(JSON.parse(text), "__proto__")?.value).toEqual(source);
    const unnamed = createListHandler({ source, onError: () => {} });
    expect((await unnamed(new Request(`${ORIGIN}/`))).status).toBe(500);
    const decoded = createListHandler({ source });
    const body = await listBody(await decoded(new Request(`${ORIGIN}/api/caf%C3%A9/`)));
    expect(body.café).toEqual(source);
  });

  it("reads the default time zone from the options", async () => {
    const handler = createListHandler({
      source: projects,
      schema: { analysisTime: "date", id: "integer" },
      timeZone: "Pacific/Kiritimati",
    });
    const body = await listBody(
      await handler(
        new Request(`${ORIGIN}/api/projects?where=analysisTime%3D2026-02-12&fields=id`),
      ),
    );
    expect(body.projects).toEqual([{ id: 101, _links: projects[0]?._links }]);
  });
});

describe("the README's example", () => {
  it("answers as the README says", async () => {
    const artefacts = [
      { id: 1, name: "Main.java", type: { id: "FILE" }, rank: 3 },
      { id: 2, name: "src", type: { id: "FOLDER" }, rank: 2 },
      { id: 3, name: "Util.java", type: { id: "FILE" }, rank: 4 },
    ];
    const handler = createListHandlerFromEntry({ schema: schemas.artefact, source: artefacts });

    const response = await handler(
      new Request("https://qa.example/api/artefacts?where=type.id%3DFILE&fields=id,name&size=1"),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const href = (page: number) =>
      `/api/artefacts?where=type.id%3DFILE&fields=id,name&size=1&page=${page}`;
    expect(await response.json()).toEqual({
      _links: {
        self: { href: href(1) },
        first: { href: href(1) },
        last: { href: href(2) },
        next: { href: href(2) },
      },
      artefacts: [{ id: 1, name: "Main.java" }],
    });
  });
});

describe("echoes of the request in error bodies", () => {
  const long = "x".repeat(100_000);
  it.each([
    ["a timezone", "/api/projects", { timezone: long }, "timeZone"],
    ["a size", `/api/projects?size=${long}`, {}, "input"],
    ["a where past the length limit", `/api/projects?where=${long}`, {}, "input"],
  ])("cuts %s to 100 characters", async (_, path, headers, member) => {
    const handler = createListHandler({ source: projects });
    const response = await handler(new Request(`${ORIGIN}${path}`, { headers }));
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text.length).toBeLessThan(1500);
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(body[member]).toBe(`${"x".repeat(100)}…`);
    expect(body.message).not.toContain("x".repeat(101));
  });
});

describe("the requests a handler keeps compiled", () => {
  it("hands a source function frozen trees, so no request can change another's", async () => {
    const seen: unknown[] = [];
    const handler = createListHandler({
      source: (request) => {
        seen.push(request.where, request.fields);
        return { items: [], total: 0 };
      },
    });
    const url = `${ORIGIN}/api/projects?where=rank%3E%3D2&fields=id,name`;
    await handler(new Request(url));
    await handler(new Request(url));
    expect(seen).toHaveLength(4);
    expect(seen[2]).toBe(seen[0]);
    for (const tree of seen) expect(Object.isFrozen(tree)).toBe(true);
  });

  it("freezes every tree and request it hands out, deeply, with or without fields", async () => {
    const queries: { sql: string; params: unknown[] }[] = [];
    const failed: unknown[] = [];
    const handler = createListHandler({
      schema: schemas.project,
      source: (request) => {
        const query = request.toSql("postgres");
        if (query) queries.push({ sql: query.sql, params: [...query.params] });
        const where = request.where as unknown as Record<string, unknown>;
        const operand = (where.operands as Record<string, unknown>[])[0] as Record<string, unknown>;
        const attempts = [
          () => Object.assign(operand.value as object, { text: "999" }),
          () => (operand.path as { segments: string[] }).segments.push("x"),
          () => Object.assign(where, { kind: "or" }),
          () => Object.assign(request, { page: 7, where: undefined }),
          () => Object.assign(request.schema as object, { fields: {} }),
        ];
        for (const attempt of attempts) {
          try {
            attempt();
          } catch (error) {
            failed.push(error);
          }
        }
        return { items: [], total: 0 };
      },
    });
    const url = `${ORIGIN}/api/projects?where=${encodeURIComponent("id>=103 AND name~a")}`;
    expect((await handler(new Request(url))).status).toBe(200);
    expect((await handler(new Request(url))).status).toBe(200);
    expect(failed).toHaveLength(10);
    for (const error of failed) expect(error).toBeInstanceOf(TypeError);
    expect(queries[1]).toEqual(queries[0]);
    expect(queries[0]?.params).toEqual([103, "a"]);
  });

  it("keys its requests by what the answer depends on, not by padding or spelling", async () => {
    const cache = new ListRequestCache();
    const trees: unknown[] = [];
    const source = (request: ListSourceRequest) => {
      trees.push(request.where);
      return { items: [], total: 0 };
    };
    const first = createListHandler({ source, cache, schema: schemas.project });
    const second = createListHandler({ source, cache, schema: schemas.project, resource: "p" });
    for (let i = 0; i < 200; i++) {
      const where = i % 2 === 0 ? "id%3E%3D103" : "id>=103";
      const handler = i % 3 === 0 ? second : first;
      const url = `${ORIGIN}/api/projects?pad${i}=${"x".repeat(3000 + i)}&where=${where}&size=5`;
      expect((await handler(new Request(url))).status).toBe(200);
    }
    expect(trees).toHaveLength(200);
    expect(new Set(trees).size).toBe(1);
  });

  it("keeps no more bytes than its cache's bound, whatever the requests", async () => {
    const cache = new ListRequestCache({ maxBytes: 2 * 1024 * 1024 });
    const handler = createListHandler({ source: projects, cache });
    for (let i = 0; i < 400; i++) {
      const where = Array.from({ length: 60 }, (_, k) => `name~${i}x${k}`).join(" OR ");
      const url = `${ORIGIN}/api/projects?where=${encodeURIComponent(where)}&fields=id`;
      expect((await handler(new Request(url))).status).toBe(200);
      expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    }
    expect(cache.size).toBeLessThan(400);
    expect(cache.size).toBeGreaterThan(3);
  });

  it("refuses an Accept header too long to be worth reading, before reading it", async () => {
    const handler = createListHandler({ source: projects });
    const ask = (accept: string) =>
      handler(new Request(`${ORIGIN}/api/projects`, { headers: { accept } }));
    const long = await ask(`text/plain;q=0.1, ${"a/b;q=0.5, ".repeat(2000)}application/json`);
    expect(long.status).toBe(431);
    expect(await long.json()).toMatchObject({
      status: 431,
      code: "HEADER_TOO_LARGE",
      header: "accept",
    });
    const short = await ask(`${"a/b;q=0.5, ".repeat(90)}application/json`);
    expect(short.status).toBe(200);
  });

  it("takes only a cache it made as its cache option", () => {
    for (const cache of [{}, new Map(), { size: 0, bytes: 0, maxBytes: 1 }]) {
      expect(() => createListHandler({ source: projects, cache } as never)).toThrow(
        /createListHandler: option cache: expected a ListRequestCache/,
      );
    }
    expect(() => new ListRequestCache({ maxBytes: -1 })).toThrow(/maxBytes/);
    expect(() => new ListRequestCache({ maxEntries: 1.5 })).toThrow(/maxEntries/);
    expect(() => new ListRequestCache({ size: 3 } as never)).toThrow(/size/);
  });

  it("answers every request alike past the 256 it keeps, in any zone", async () => {
    const handler = createListHandler({ source: projects, schema: schemas.project });
    const ask = async (rank: number, timeZone = "UTC") => {
      const url = `${ORIGIN}/api/projects?where=${encodeURIComponent(`id>=${rank}`)}&fields=id`;
      return listBody(await handler(new Request(url, { headers: { timezone: timeZone } })));
    };
    const first = await ask(103);
    for (let i = 0; i < 300; i++) await ask(1000 + i);
    expect(await ask(103, "Asia/Tokyo")).toEqual(first);
    expect(first.projects?.map((project) => project.id)).toEqual(
      projects
        .filter((project) => (project as { id: number }).id >= 103)
        .map((p) => (p as { id: number }).id),
    );
  });
});
