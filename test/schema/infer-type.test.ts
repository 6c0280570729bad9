import { describe, expect, expectTypeOf, it } from "vitest";
import { createListHandler } from "../../src/http/index.ts";
import {
  compileFields,
  compileWhere,
  defineSchema,
  type Infer,
  type inferSchema,
  type readSchema,
  type Schema,
  type SchemaPaths,
  schemas,
  toSql,
} from "../../src/index.ts";
import { listHandler as expressListHandler } from "../../src/integrations/express/index.ts";
import {
  listHandler as fastifyListHandler,
  listRoute as fastifyListRoute,
} from "../../src/integrations/fastify/index.ts";
import { listHandler as honoListHandler } from "../../src/integrations/hono/index.ts";

type Artefact = Infer<typeof schemas.artefact>;

const defined = defineSchema({
  id: "integer",
  tags: ["string"],
  branches: [{ id: "integer", names: [["string"]] }],
  when: "date",
  extra: "any",
  meta: "object",
  list: "array",
  flag: "boolean",
});

describe("Infer: the record type of a schema (grammar/language.md 4.1)", () => {
  it("types the shipped schemas, every field optional and nullable", () => {
    expectTypeOf<Artefact["type"]>().toEqualTypeOf<
      { readonly id?: string | null | undefined } | null | undefined
    >();
    expectTypeOf<Artefact["rank"]>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<Artefact["links"]>().toEqualTypeOf<
      | {
          readonly IMPORTS?: readonly (number | null)[] | null | undefined;
          readonly DEPENDS_ON?: readonly (number | null)[] | null | undefined;
          readonly CALLS?: readonly (number | null)[] | null | undefined;
          readonly INHERITS?: readonly (number | null)[] | null | undefined;
        }
      | null
      | undefined
    >();
    expectTypeOf<Infer<typeof schemas.project>["analysisTime"]>().toEqualTypeOf<
      string | number | Date | null | undefined
    >();
    expectTypeOf<Infer<typeof schemas.finding>["readOnly"]>().toEqualTypeOf<
      boolean | null | undefined
    >();
  });

  it("follows a defined schema's nested arrays and undescribed types", () => {
    type Defined = Infer<typeof defined>;
    expectTypeOf<NonNullable<Defined["branches"]>[number]>().toEqualTypeOf<{
      readonly id?: number | null | undefined;
      readonly names?: readonly (readonly (string | null)[] | null)[] | null | undefined;
    } | null>();
    expectTypeOf<Defined["extra"]>().toEqualTypeOf<unknown>();
    expectTypeOf<Defined["meta"]>().toEqualTypeOf<object | null | undefined>();
    expectTypeOf<Defined["list"]>().toEqualTypeOf<readonly unknown[] | null | undefined>();
  });

  it("is an open record for a schema of unknown shape", () => {
    expectTypeOf<Infer<Schema>>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<Infer<ReturnType<typeof inferSchema>>>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<Infer<ReturnType<typeof readSchema>>>().toEqualTypeOf<Record<string, unknown>>();
  });

  it("takes plain mutable records, and a typed schema is still a Schema", () => {
    const records: { id: number; type: { id: string }; tags: string[] }[] = [
      { id: 1, type: { id: "FILE" }, tags: ["a"] },
    ];
    expectTypeOf(records).toExtend<readonly Artefact[]>();
    expectTypeOf(schemas.artefact).toExtend<Schema>();
    // The shape is a type only: the runtime object stays plain data.
    expect(Object.getOwnPropertySymbols(defined)).toEqual([]);
    expect(JSON.parse(JSON.stringify(defined))).toEqual(defined);
  });
});

describe("typed front doors", () => {
  it("compileWhere takes the schema's records and refuses others", () => {
    const matches = compileWhere("rank>=2", { schema: schemas.artefact });
    expectTypeOf(matches).parameter(0).toEqualTypeOf<Artefact>();
    expect(matches({ id: 1, rank: 3 })).toBe(true);
    // @ts-expect-error: rank is a number
    expect(matches({ rank: "3" })).toBe(false);
    const plain = compileWhere("rank>=2", { schema: { rank: "number" } });
    // @ts-expect-error: a literal shape types the records too
    plain({ rank: "3" });
    expectTypeOf(compileWhere("rank>=2")).parameter(0).toEqualTypeOf<unknown>();
    expectTypeOf(compileWhere("rank>=2", { schema: schemas.artefact as Schema }))
      .parameter(0)
      .toEqualTypeOf<unknown>();
  });

  it("compileFields projects the schema's records", () => {
    const project = compileFields("id", { schema: schemas.artefact });
    expect(project({ id: 1, rank: 3 })).toEqual({ id: 1 });
    // @ts-expect-error: id is an integer
    project({ id: "1" });
    compileFields("id")({ id: "1" });
  });

  it("createListHandler types an array source by the schema", () => {
    createListHandler({ schema: schemas.artefact, source: [{ id: 1, type: { id: "FILE" } }] });
    // @ts-expect-error: a source of wrong records
    createListHandler({ schema: schemas.artefact, source: [{ id: "1" }] });
    createListHandler({ schema: "infer", source: [{ id: "1" }] });
    createListHandler({ source: [{ anything: true }] });
  });

  it("takes a user's interfaces for object and array fields wherever a record goes", () => {
    const schema = defineSchema({
      id: "integer",
      meta: "object",
      tags: "array",
      labels: ["object"],
      owner: { login: "string" },
    });
    interface Meta {
      source: string;
    }
    interface Label {
      name: string;
    }
    interface Owner {
      login: string;
      since?: number;
    }
    interface Issue {
      id?: number;
      meta?: Meta;
      tags?: Label[];
      labels?: Label[];
      owner?: Owner;
    }
    const issues: Issue[] = [
      { id: 1, meta: { source: "scan" }, tags: [{ name: "a" }], owner: { login: "ann" } },
      { id: 2, labels: [{ name: "b" }] },
    ];
    const first = compileWhere("id=1 AND meta IS NOT NULL", { schema });
    const summary = compileFields("id,meta,owner(login)", { schema });
    expect(issues.filter(first).map(summary)).toEqual([
      { id: 1, meta: { source: "scan" }, owner: { login: "ann" } },
    ]);
    expectTypeOf(issues.map(summary)).toEqualTypeOf<
      { id?: number; meta?: Meta; owner?: { login: string } }[]
    >();
    createListHandler({ schema, source: issues });
  });

  it("the framework handlers type their source as createListHandler does", () => {
    const schema = schemas.artefact;
    const source = [{ id: 1, type: { id: "FILE" } }];
    expressListHandler({ schema, source });
    // @ts-expect-error: a source of wrong records
    expressListHandler({ schema, source: [{ id: "1" }] });
    honoListHandler({ schema, source });
    // @ts-expect-error: a source of wrong records
    honoListHandler({ schema, source: [{ id: "1" }] });
    fastifyListHandler({ schema, source });
    // @ts-expect-error: a source of wrong records
    fastifyListHandler({ schema, source: [{ id: "1" }] });
    fastifyListRoute({ schema, source });
    // @ts-expect-error: a source of wrong records
    fastifyListRoute({ schema, source: [{ id: "1" }] });
    fastifyListRoute({ schema: "infer", source: [{ id: "1" }] });
    // A policy written in the code is read against the schema by each, as createListHandler's.
    const misspelt = { filterable: "rnak" } as const;
    // @ts-expect-error: unknown field "rnak": did you mean rank?
    expect(() => expressListHandler({ schema, source, policy: misspelt })).toThrow(/rnak/);
    // @ts-expect-error: unknown field "rnak": did you mean rank?
    expect(() => honoListHandler({ schema, source, policy: misspelt })).toThrow(/rnak/);
    // @ts-expect-error: unknown field "rnak": did you mean rank?
    expect(() => fastifyListHandler({ schema, source, policy: misspelt })).toThrow(/rnak/);
    // @ts-expect-error: unknown field "rnak": did you mean rank?
    expect(() => fastifyListRoute({ schema, source, policy: misspelt })).toThrow(/rnak/);
  });

  it("toSql's columns keys are the schema's paths", () => {
    expectTypeOf<"type.id" | "rank" | "type" | "links.CALLS">().toExtend<
      SchemaPaths<typeof schemas.artefact>
    >();
    expectTypeOf<"branches.id">().not.toExtend<SchemaPaths<typeof schemas.project>>();
    expectTypeOf<"extra.a.b">().toExtend<SchemaPaths<typeof defined>>();
    expectTypeOf<SchemaPaths<Schema>>().toEqualTypeOf<string>();
    const sql = toSql("type.id=FILE", {
      dialect: "sqlite",
      schema: schemas.artefact,
      columns: { "type.id": "type_id" },
    });
    expect(sql.sql).toContain('"type_id"');
    expect(() =>
      // @ts-expect-error: not a path of the schema
      toSql("rank=1", { dialect: "sqlite", schema: schemas.artefact, columns: { "typ.id": "x" } }),
    ).toThrow('"typ.id" is not a field of the schema');
  });
});
