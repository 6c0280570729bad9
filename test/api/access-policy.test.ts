import { describe, expect, it, vi } from "vitest";
import type { AccessPolicy } from "../../src/api/access-policy.ts";
import { compileFields, compileListFields } from "../../src/api/compile-fields.ts";
import { compileWhere } from "../../src/api/compile-where.ts";
import { toSql } from "../../src/api/to-sql.ts";
import { comparison, type WhereExpression } from "../../src/ast/where.ts";
import type { Filter } from "../../src/ast/zoned-filter.ts";
import { formatFields } from "../../src/backends/format/format-fields.ts";
import { formatWhere } from "../../src/backends/format/format-where.ts";
import { QueryValidationError } from "../../src/errors/errors.ts";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { createListHandler } from "../../src/http/list-handler.ts";
import type { ListSourceRequest } from "../../src/http/list-source.ts";
import { buildQueryString } from "../../src/list/query-string.ts";
import { readListRequest } from "../../src/list/read-list-request.ts";
import { defineSchema, type Schema } from "../../src/schema/schema.ts";

const schema: Schema = defineSchema({
  id: "integer",
  name: "string",
  secret: "string",
  projectId: "integer",
  type: { id: "string", internal: "string" },
  extra: "any",
});

const records = [
  {
    id: 1,
    name: "a",
    secret: "s1",
    projectId: 1,
    type: { id: "FILE", internal: "x" },
    extra: { shown: 1, hidden: 9 },
  },
  {
    id: 2,
    name: "b",
    secret: "s2",
    projectId: 2,
    type: { id: "FOLDER", internal: "y" },
    extra: "text",
  },
  {
    id: 3,
    name: "c",
    secret: "s3",
    projectId: 3,
    type: { id: "FILE", internal: "z" },
    extra: null,
  },
];

const policy = {
  selectable: "id,name,type.id,extra.shown",
  where: "projectId IN (1,2)",
};

/** The message a call throws, or "no error". */
function messageOf(run: () => unknown): string {
  try {
    run();
    return "no error";
  } catch (error) {
    return (error as Error).message;
  }
}

describe("a policy in compileWhere (grammar/language.md 6.9)", () => {
  it("AND-s its filter with the caller's", () => {
    const matches = compileWhere("type.id=FILE", { schema, policy });
    expect(records.filter(matches).map((r) => r.id)).toEqual([1]);
  });

  it("refuses a hidden field exactly as a field the schema lacks, without a suggestion", () => {
    for (const [hidden, unknown] of [
      ["secret=s1", "sekret=s1"],
      ["type.internal=x", "type.intern4l=x"],
      ["extra.hidden=9", "extra.hidd3n=9"],
    ] as const) {
      const hiddenError = messageOf(() => compileWhere(hidden, { schema, policy }));
      const unknownError = messageOf(() => compileWhere(unknown, { schema, policy }));
      expect(hiddenError).toMatch(/^where: unknown field/);
      expect(unknownError.replaceAll(unknown.split("=")[0] as string, "#")).toBe(
        hiddenError.replaceAll(hidden.split("=")[0] as string, "#"),
      );
      expect(hiddenError).not.toMatch(/did you mean/);
    }
    // Without the policy, the schema suggests the field it knows.
    expect(messageOf(() => compileWhere("secrets=x", { schema }))).toMatch(/did you mean secret/);
    expect(messageOf(() => compileWhere("secrets=x", { schema, policy }))).not.toMatch(/secret\b/);
  });

  it("keeps a filter off a field the caller sees but may not filter on", () => {
    const narrow = { ...policy, filterable: "id,type.id" };
    expect(() => compileWhere("name=a", { schema, policy: narrow })).toThrow(QueryValidationError);
    expect(
      records.filter(compileWhere("id>1", { schema, policy: narrow })).map((r) => r.id),
    ).toEqual([2]);
  });

  it("works without a schema: the policy's fields are the only known ones", () => {
    const open = { selectable: "id,type(id)" };
    expect(records.filter(compileWhere("type.id=FILE", { policy: open })).map((r) => r.id)).toEqual(
      [1, 3],
    );
    expect(() => compileWhere("secret=s1", { policy: open })).toThrow(/unknown field "secret"/);
    expect(() => compileWhere("type.internal=x", { policy: open })).toThrow(/unknown field/);
  });

  it("checks the policy before the caller's text, naming the member at fault", () => {
    const cases: [unknown, RegExp][] = [
      ["id,name", /option policy: expected \{ selectable, filterable, where \}; found "id,name"/],
      [{ selectable: "id", hide: "name" }, /option policy\.hide: unknown member/],
      [{ selectable: "id,nope" }, /option policy\.selectable: .*unknown field "nope"/],
      [
        { selectable: "id", filterable: "name" },
        /option policy\.filterable: .*unknown field "name"/,
      ],
      [{ where: "projectId IN (" }, /option policy\.where: /],
      [{ where: 5 }, /option policy\.where: expected a where filter as text or AST; found 5$/],
      [{ selectable: 5 }, /option policy\.selectable: /],
    ];
    for (const [given, message] of cases) {
      const run = () => compileWhere("((" as string, { schema, policy: given as never });
      expect(run).toThrow(InvalidOptionError);
      expect(run).toThrow(message);
    }
  });
});

describe("a policy in compileFields", () => {
  it("leaves hidden fields out, and refuses them as unknown names", () => {
    const project = compileFields("id,type,extra", { schema, policy });
    expect(project(records[0])).toEqual({ id: 1, type: { id: "FILE" }, extra: { shown: 1 } });
    // A value the policy opens in part but that is no object is kept as it is (3.2).
    expect(project(records[1])).toEqual({ id: 2, type: { id: "FOLDER" }, extra: "text" });
    expect(() => compileFields("id,secret", { schema, policy })).toThrow(/unknown field "secret"/);
    expect(() => compileFields("type.internal", { schema, policy })).toThrow(/unknown field/);
    const list = compileListFields("name", { schema, policy });
    expect(list({ _links: {}, items: records.slice(0, 1) })).toEqual({
      _links: {},
      items: [{ name: "a" }],
    });
  });
});

describe("a policy object changed after it was first read", () => {
  it("is seen as it was first read, by every call and every schema, its trees copied", () => {
    const where = comparison("projectId", "=", "1");
    const changing: { selectable: string; where: WhereExpression | string } = {
      selectable: "id,name,projectId",
      where,
    };
    const first = compileWhere("name~a*", { schema, policy: changing });
    changing.selectable = "id,secret";
    (where as { operator: string }).operator = "!=";
    changing.where = "projectId=3";
    const other = defineSchema({
      id: "integer",
      name: "string",
      projectId: "integer",
      secret: "string",
    });
    const later = compileWhere("name~a*", { schema: other, policy: changing });
    expect(records.filter(first).map((record) => record.id)).toEqual([1]);
    expect(records.filter(later).map((record) => record.id)).toEqual([1]);
    expect(() => compileWhere("secret=s1", { schema: other, policy: changing })).toThrow(
      /unknown field "secret"/,
    );
  });
});

describe("a policy in toSql", () => {
  it("puts the policy's filter and the caller's side by side, each whole", () => {
    const either = { where: "projectId=1 OR projectId=2" };
    const query = toSql("name=a OR name=b", { dialect: "sqlite", schema, policy: either });
    expect(query.sql).toBe(
      '(("projectId" = ? OR "projectId" = ?) AND ("name" COLLATE BINARY = ? OR "name" COLLATE BINARY = ?))',
    );
    expect(query.params).toEqual([1, 2, "a", "b"]);
    expect(() => toSql("secret=x", { dialect: "sqlite", schema, policy })).toThrow(
      /unknown field "secret"/,
    );
  });
});

describe("a policy's texts written in the code", () => {
  const typed = defineSchema({ id: "integer", name: "string", rank: "number" });

  it("are read by the compiler against the schema, each refused on its property in the runtime's words", () => {
    const filterable = () =>
      // @ts-expect-error: unknown field "nmae": did you mean name?
      compileWhere("rank>=2", { schema: typed, policy: { filterable: "nmae" } });
    expect(filterable).toThrow('unknown field "nmae": did you mean name?');
    // @ts-expect-error: unknown field "rnak": did you mean rank?
    const where = () => compileWhere("rank>=2", { schema: typed, policy: { where: "rnak>=1" } });
    expect(where).toThrow('unknown field "rnak": did you mean rank?');
    const selectable = () =>
      // @ts-expect-error: unknown field "nmae": did you mean name?
      compileFields("id", { schema: typed, policy: { selectable: "id,nmae" } });
    expect(selectable).toThrow('unknown field "nmae": did you mean name?');
    const sql = () =>
      // @ts-expect-error: expected a value after ">="
      toSql("rank>=2", { dialect: "sqlite", schema: typed, policy: { where: "rank>=" } });
    expect(sql).toThrow('expected a value after ">="');
    const unknownMember = () =>
      // @ts-expect-error: a member no policy has
      compileWhere("id=1", { schema: typed, policy: { filterabel: "id" } });
    expect(unknownMember).toThrow(InvalidOptionError);
  });

  it("are read in a list handler's policy too; a function's policies when it runs", async () => {
    const source = [{ id: 1, name: "a", rank: 2 }];
    // @ts-expect-error: unknown field "rnak": did you mean rank?
    const refused = () => createListHandler({ source, schema: typed, policy: { where: "rnak>1" } });
    expect(refused).toThrow('unknown field "rnak": did you mean rank?');
    const handler = createListHandler({
      source,
      schema: typed,
      policy: (request) => ({ filterable: request.headers.get("x-fields") ?? "id" }),
    });
    const response = await handler(new Request("http://x/items?where=rank%3E1"));
    expect(response.status).toBe(400);
  });

  it("pass as they are where the runtime takes them, or where the compiler cannot read them", () => {
    const valid = { filterable: "id,rank", where: "rank>=1", timeZone: "Europe/Paris" } as const;
    expect(compileWhere("rank>=2", { schema: typed, policy: valid })({ rank: 3 })).toBe(true);
    const fromConfig: AccessPolicy = { filterable: "id,nmae" };
    expect(() => compileWhere("id=1", { schema: typed, policy: fromConfig })).toThrow(
      /unknown field "nmae"/,
    );
    expect(compileFields("id", { schema: typed, policy: undefined })({ id: 1, rank: 2 })).toEqual({
      id: 1,
    });
  });
});

describe("a policy in readListRequest", () => {
  it("reads the filter and selection the answer runs", () => {
    const request = readListRequest("?where=name%3Da&fields=type", { schema, policy });
    const texts = (filter: Filter | undefined) =>
      filter?.kind === "zoned"
        ? filter.parts.map((part) => [formatWhere(part.where), part.timeZone])
        : filter;
    // The policy's part in its zone (UTC unless set), the caller's in the zone it is run in.
    expect(texts(request.where)).toEqual([
      ["projectId IN (1,2)", "UTC"],
      ["name=a", undefined],
    ]);
    expect(formatFields(request.fields as never)).toBe("type.id");
    const bare = readListRequest("", { schema, policy });
    expect(texts(bare.where)).toEqual([["projectId IN (1,2)", "UTC"]]);
    expect(formatFields(bare.fields as never)).toBe("id,name,type.id,extra.shown");
    // Without a policy filter, the caller's tree as it is.
    const open = readListRequest("?where=name%3Da", { schema, policy: { selectable: "id,name" } });
    expect(open.where?.kind).toBe("comparison");
  });

  it("has no text for a zoned filter: printing one is an error that says why", () => {
    const request = readListRequest("?where=name%3Da", { schema, policy });
    const zoned = request.where as Filter;
    const refusal = expect.objectContaining({
      name: "InvalidAstError",
      pointer: "/kind",
      message: expect.stringMatching(/not a zoned filter, which no text of the language can hold/),
    });
    expect(() => formatWhere(zoned as never)).toThrow(refusal);
    expect(() => buildQueryString({ where: zoned as never })).toThrow(refusal);
    // Every backend runs it, and so does a copy that travelled as JSON.
    const travelled = JSON.parse(JSON.stringify(zoned)) as Filter;
    expect(records.filter(compileWhere(travelled, { schema }))).toEqual([records[0]]);
    expect(toSql(travelled, { dialect: "sqlite", schema }).params).toEqual([1, 2, "a"]);
  });
});

describe("a policy in createListHandler", () => {
  const get = async (
    handler: (request: Request) => Promise<Response>,
    query: string,
    user?: string,
  ) => {
    const response = await handler(
      new Request(
        `http://api.example/api/items${query}`,
        user ? { headers: { "x-user": user } } : {},
      ),
    );
    // biome-ignore lint/suspicious/noExplicitAny: a JSON body, read member by member below
    return { status: response.status, body: (await response.json()) as any };
  };

  it("answers each request under its own policy, with no answer kept across policies", async () => {
    const policies: Record<string, { selectable?: string; where?: string }> = {
      ann: { where: "projectId=1", selectable: "id,name" },
      bob: { where: "projectId IN (2,3)", selectable: "id,secret" },
    };
    const handler = createListHandler({
      source: records,
      schema,
      policy: (request) => policies[request.headers.get("x-user") ?? ""],
    });
    const ann = await get(handler, "?where=id%3E0", "ann");
    const bob = await get(handler, "?where=id%3E0", "bob");
    const anybody = await get(handler, "?where=id%3E0&fields=id", "carol");
    expect(ann.body.items).toEqual([{ id: 1, name: "a" }]);
    expect(bob.body.items).toEqual([
      { id: 2, secret: "s2" },
      { id: 3, secret: "s3" },
    ]);
    expect(anybody.body.items).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    // The same request again, now cached, still answers per policy.
    expect((await get(handler, "?where=id%3E0", "ann")).body.items).toEqual(ann.body.items);
    expect((await get(handler, "?fields=secret", "ann")).body.code).toBe("UNKNOWN_FIELD");
    expect((await get(handler, "?fields=secret", "bob")).body.items).toEqual([
      { secret: "s2" },
      { secret: "s3" },
    ]);
    expect(ann.body._links.last.href).toBe("/api/items?where=id%3E0&page=1&size=20");
  });

  it("gives a source function the filter and selection the answer runs", async () => {
    let seen: ListSourceRequest | undefined;
    const handler = createListHandler({
      source: (request) => {
        seen = request;
        return { items: [records[0] as object], total: 1 };
      },
      schema,
      policy,
    });
    const answer = await get(handler, "?where=name%3Da");
    expect(answer.body.items).toEqual([
      { id: 1, name: "a", type: { id: "FILE" }, extra: { shown: 1 } },
    ]);
    const sql = seen?.toSql("sqlite");
    expect(sql).toEqual({
      sql: '(("projectId" IN (?, ?)) AND "name" COLLATE BINARY = ?)',
      params: [1, 2, "a"],
    });
  });

  it("answers a 500, and tells onError, when the policy function fails or gives no policy", async () => {
    const onError = vi.fn();
    for (const policyOf of [
      () => {
        throw new Error("no directory");
      },
      async () => ({ selectable: "nope" }),
      () => "id" as never,
    ]) {
      const handler = createListHandler({ source: records, schema, policy: policyOf, onError });
      const answer = await get(handler, "");
      expect(answer.status).toBe(500);
      expect(JSON.stringify(answer.body)).not.toMatch(/nope|directory/);
    }
    expect(onError).toHaveBeenCalledTimes(3);
  });

  it("refuses a fixed policy that does not fit the schema when it is made", () => {
    expect(() =>
      createListHandler({ source: records, schema, policy: { selectable: "nope" } }),
    ).toThrow(/createListHandler: option policy\.selectable: .*unknown field "nope"/);
  });
});

describe("a policy's filter and the request's zone", () => {
  // 23:30 in New York on the 31st is the 1st in UTC: a caller's zone must not move the policy's day.
  const dated = [{ id: 1, at: "2024-12-31T23:30:00-05:00" }];
  const datedSchema = defineSchema({ id: "integer", at: "date" });
  const fromNewYear = { where: "at>=2025-01-01" };

  it("reads the policy's dates in its own zone, the caller's in the request's", () => {
    const inNewYork = compileWhere("id=1", {
      schema: datedSchema,
      policy: fromNewYear,
      timeZone: "America/New_York",
    });
    expect(dated.filter(inNewYork)).toHaveLength(1);
    const policyInNewYork = { ...fromNewYear, timeZone: "america/new_york" };
    expect(
      dated.filter(compileWhere("id=1", { schema: datedSchema, policy: policyInNewYork })),
    ).toEqual([]);
    // The caller's own date is read in the request's zone, as ever.
    const callerDay = compileWhere("at<2025-01-01", {
      schema: datedSchema,
      policy: fromNewYear,
      timeZone: "America/New_York",
    });
    expect(dated.filter(callerDay)).toHaveLength(1);
    expect(() =>
      compileWhere("id=1", { schema: datedSchema, policy: { timeZone: "Mars/Olympus" } }),
    ).toThrow(/option policy\.timeZone: /);
  });

  it("gives each part of the SQL its own zone, and so does a handler", async () => {
    const columns = { at: { column: "at", dateStorage: "epochMillis" } } as const;
    const sqlOptions = {
      dialect: "sqlite",
      schema: datedSchema,
      columns,
      policy: fromNewYear,
    } as const;
    const query = toSql("id=1", { ...sqlOptions, timeZone: "America/New_York" });
    const utc = toSql("id=1", sqlOptions);
    // The policy's day starts at midnight UTC, whatever zone the request reads its own dates in.
    expect(query.params[0]).toBe(Date.UTC(2025, 0, 1));
    // And the caller's dates keep the request's zone after the policy's: New York's midnight.
    const both = toSql("at<2025-01-01", { ...sqlOptions, timeZone: "America/New_York" });
    expect(both.params).toEqual([Date.UTC(2025, 0, 1), Date.UTC(2025, 0, 1, 5)]);
    expect(query).toEqual(utc);
    const handler = createListHandler({ source: dated, schema: datedSchema, policy: fromNewYear });
    const response = await handler(
      new Request("http://api.example/api/items?where=at%3C2025-01-01", {
        headers: { timezone: "America/New_York" },
      }),
    );
    expect(((await response.json()) as { items: unknown[] }).items).toEqual(dated);
  });
});
