import { describe, expect, it } from "vitest";
import { compileWhere } from "../../../src/api/compile-where.ts";
import { toSql } from "../../../src/api/to-sql.ts";
import { InvalidOptionError } from "../../../src/errors/invalid-input.ts";
import { toKysely } from "../../../src/integrations/kysely/index.ts";
import { defineSchema } from "../../../src/schema/schema.ts";
import {
  createJsonTable,
  createTable,
  ENGINE_NAMES,
  insert,
  insertJson,
  selectRows,
  useEngines,
} from "../../support/sql-engines.ts";

// grammar/language.md 9.1: SQL compares a column by its declared type, and an `any` field's values
// are of several kinds, so a filter that compares one is refused; IS NULL on it tests presence.

const schema = defineSchema({ name: "string", owner: "any", type: { id: "any", name: "string" } });
const typedOnly = defineSchema({ name: "string", type: { name: "string" } });

/** What `run` throws; fails the test if it throws nothing. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

const ANY_FIELD =
  '"owner" is of type any (its values are of several kinds): SQL compares a field by its type; give it a scalar type in the schema';

describe("toSql: a field of type any", () => {
  it("refuses a filter that compares one, naming the field, on the schema option", () => {
    // @ts-expect-error: the compiler refuses it too, with the same words (ANY_FIELD)
    const error = thrown(() => toSql("name=a AND owner=1", { dialect: "postgres", schema }));
    expect(error).toBeInstanceOf(InvalidOptionError);
    expect(error).toMatchObject({
      code: "INVALID_OPTION",
      caller: "toSql",
      option: "schema",
      message: `toSql: option schema: ${ANY_FIELD}`,
    });
  });

  it.each([
    ["owner!=x", "owner"],
    ["owner>2", "owner"],
    ["owner~x*", "owner"],
    ["owner IN (1,x)", "owner"],
    ["owner NOT IN (1)", "owner"],
    ["name=a OR (name=b AND type.id<=2024-01-01)", "type.id"],
    ["owner.id=1", "owner"],
    ["owner.id IS NULL", "owner"],
    ["type.id.x IS NOT NULL", "type.id"],
  ])("refuses %s, in columns and in JSON alike", (filter, field) => {
    for (const json of [undefined, "doc"]) {
      for (const dialect of ["postgres", "sqlite", "duckdb", "mysql", "clickhouse"] as const) {
        const error = thrown(() => toSql(filter, { dialect, schema, json }));
        expect(error, `${dialect} ${json}`).toBeInstanceOf(InvalidOptionError);
        expect((error as Error).message).toMatch(
          new RegExp(`^toSql: option schema: .*"${field}",? (is )?of type any`),
        );
      }
    }
  });

  it("says what to do for a path below one", () => {
    // @ts-expect-error: "owner.id" is below "owner", of type any
    expect(() => toSql("owner.id=1", { dialect: "sqlite", schema })).toThrow(
      'toSql: option schema: "owner.id" is below "owner", of type any (its values are of several kinds): SQL compares a field by its type; describe "owner" as an object in the schema',
    );
  });

  it("refuses it through a query builder's integration too", () => {
    // @ts-expect-error: "owner" is of type any: SQL compares a field by its type
    expect(thrown(() => toKysely("owner=1", { dialect: "postgres", schema }))).toMatchObject({
      caller: "toKysely",
      option: "schema",
      message: `toKysely: option schema: ${ANY_FIELD}`,
    });
  });

  it("compiles IS NULL and IS NOT NULL on the field itself, as on an object", () => {
    expect(toSql("owner IS NULL OR type.id IS NOT NULL", { dialect: "postgres", schema })).toEqual({
      sql: '("owner" IS NULL OR "type_id" IS NOT NULL)',
      params: [],
    });
    expect(toSql("owner IS NOT NULL", { dialect: "sqlite", schema, json: "doc" }).sql).toBe(
      `NOT coalesce(json_type("doc", '$."owner"') = 'null', 1)`,
    );
  });

  it("compiles a filter that does not reach one as without it", () => {
    for (const json of [undefined, "doc"]) {
      for (const dialect of ["postgres", "sqlite", "duckdb", "mysql", "clickhouse"] as const) {
        const filter = "name~a* AND (type.name IN (x,y) OR name>=b)";
        expect(toSql(filter, { dialect, schema, json })).toEqual(
          toSql(filter, { dialect, schema: typedOnly, json }),
        );
      }
    }
  });
});

describe("IS NULL on an `any` field selects on each engine the rows compileWhere selects", () => {
  const enginesOf = useEngines();
  const records = [
    { name: "a", owner: "x" },
    { name: "a", owner: 0 },
    { name: "b", owner: false },
    { name: "a", owner: { id: 1 } },
    { name: "a", owner: {} },
    { name: "a", owner: [] },
    { name: "a", owner: "" },
    { name: "a", owner: null },
    { name: "a" },
    { owner: [null] },
  ];
  const filters = ["owner IS NULL", "owner IS NOT NULL AND name=a", "owner IS NULL OR name=b"];

  for (const name of ENGINE_NAMES) {
    it(`${name}: in a column of its own, and in a JSON document`, async () => {
      const engine = enginesOf()[name];
      await createTable(engine, "t", schema);
      await insert(engine, "t", schema, records);
      await createJsonTable(engine, "j", "doc");
      await insertJson(
        engine,
        "j",
        "doc",
        records.map((record) => JSON.stringify(record)),
      );
      for (const filter of filters) {
        const matches = compileWhere(filter, { schema });
        const expected = [...records.keys()].filter((i) =>
          matches(records[i] as (typeof records)[number]),
        );
        const columns = toSql(filter, { dialect: name, schema });
        expect(await selectRows(engine, "t", columns), `${filter}: ${columns.sql}`).toEqual(
          expected,
        );
        const json = toSql(filter, { dialect: name, schema, json: "doc" });
        expect(await selectRows(engine, "j", json), `${filter}: ${json.sql}`).toEqual(expected);
      }
    });
  }
});
