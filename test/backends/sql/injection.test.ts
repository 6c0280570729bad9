import { describe, expect, it } from "vitest";
import { compileWhere } from "../../../src/api/compile-where.ts";
import { toSql } from "../../../src/api/to-sql.ts";
import { createListHandler } from "../../../src/http/list-handler.ts";
import { defineSchema } from "../../../src/schema/schema.ts";
import {
  type ColumnsOption,
  countRows,
  createJsonTable,
  createTable,
  ENGINE_NAMES,
  insert,
  insertJson,
  selectRows,
  useEngines,
} from "../../support/sql-engines.ts";
import { NUL } from "./nul-texts.ts";

const enginesOf = useEngines();

const DIALECTS = ["postgres", "sqlite", "duckdb", "mysql"] as const;

/** A value as a quoted `where` value (2.1): inner `"` doubled. */
const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Text that SQL, LIKE, PostgreSQL array literals or a driver could misread. */
const HOSTILE = [
  "it's",
  "'",
  "''",
  "'; DROP TABLE t; --",
  '"',
  'q"t',
  '""',
  "\\",
  "\\'",
  "a\\",
  "\\\\",
  "--",
  "a -- b",
  "/* c */",
  ";",
  "a;b",
  "%",
  "a%",
  "%a",
  "a_b",
  "axb",
  "_",
  "\\%",
  "\\_",
  "[a]",
  "$1",
  "?",
  ":a",
  "`",
  "``",
  "NULL",
  "null",
  "{a,b}",
  "{",
  "}",
  ",",
  '{"a"}',
  " ",
  " a",
  "a ",
  "a",
  "ab",
  "A",
  "",
];

describe("values are bound, never spliced (grammar/language.md 9.1: values only in params)", () => {
  const schema = defineSchema({ name: "string" });
  const records = HOSTILE.map((name) => ({ name }));

  const cases: { filter: string; holds: (s: string) => boolean }[] = [
    ...HOSTILE.map((v) => ({ filter: `name=${quoted(v)}`, holds: (s: string) => s === v })),
    ...HOSTILE.map((v) => ({ filter: `name!=${quoted(v)}`, holds: (s: string) => s !== v })),
    ...HOSTILE.map((v) => ({ filter: `name<${quoted(v)}`, holds: (s: string) => s < v })),
    ...HOSTILE.map((v) => ({ filter: `name>=${quoted(v)}`, holds: (s: string) => s >= v })),
    ...HOSTILE.filter((v) => v !== "").flatMap((v) => [
      { filter: `name~${quoted(v)}`, holds: (s: string) => s.includes(v) },
      { filter: `name~${quoted(v)}*`, holds: (s: string) => s.startsWith(v) },
      { filter: `name~*${quoted(v)}`, holds: (s: string) => s.endsWith(v) },
    ]),
    {
      filter: `name IN (${HOSTILE.slice(0, 12).map(quoted).join(",")})`,
      holds: (s) => HOSTILE.slice(0, 12).includes(s),
    },
    {
      filter: `name NOT IN (${HOSTILE.slice(20, 40).map(quoted).join(",")})`,
      holds: (s) => !HOSTILE.slice(20, 40).includes(s),
    },
    { filter: `name IN ("NULL",",","{a,b}")`, holds: (s) => ["NULL", ",", "{a,b}"].includes(s) },
    { filter: `name IN ("\\","""",'')`, holds: (s) => ["\\", '"', "''"].includes(s) },
  ];

  it("the hand predicates agree with compileWhere (the oracle below is sound)", () => {
    for (const { filter, holds } of cases) {
      const matches = compileWhere(filter, { schema });
      for (const record of records) expect(matches(record), filter).toBe(holds(record.name));
    }
  });

  it("no dialect's SQL holds a string literal, a statement separator or a comment", () => {
    for (const dialect of DIALECTS) {
      for (const { filter } of cases) {
        const { sql, params } = toSql(filter, { dialect, schema });
        // Quoted identifiers removed, nothing may remain that ends a literal or a statement.
        const outsideIdentifiers = sql.replace(/"(?:[^"]|"")*"|`(?:[^`]|``)*`/g, "");
        expect(outsideIdentifiers, `${dialect}: ${filter}`).not.toMatch(/['"`;]|--|\/\*/);
        expect(params.length, `${dialect}: ${filter}`).toBeGreaterThan(0);
      }
    }
  });

  for (const name of ENGINE_NAMES) {
    it(`${name}: selects exactly the matching rows and leaves the table intact`, async () => {
      const engine = enginesOf()[name];
      await createTable(engine, "t", schema);
      await insert(engine, "t", schema, records);
      for (const { filter, holds } of cases) {
        const query = toSql(filter, { dialect: name, schema });
        const expected = records.flatMap((r, i) => (holds(r.name) ? [i] : []));
        expect(await selectRows(engine, "t", query), `${filter}\n${query.sql}`).toEqual(expected);
      }
      expect(await countRows(engine, "t")).toBe(records.length);
    });
  }
});

// PostgreSQL TEXT cannot hold U+0000; SQLite, DuckDB and ClickHouse store it. A NUL is still only
// a value, and on PostgreSQL one that no stored text equals (grammar/language.md 9.3).
describe("a NUL in a value", () => {
  const schema = defineSchema({ name: "string" });
  const records = ["a\u0000b", "a", "\u0000", "b\u0000", "ab", "a\u0000c", "b", "\u0000a"].map(
    (name) => ({ name }),
  );
  /** Records PostgreSQL can hold: none with a NUL; a missing name, the empty one, prefixes. */
  const postgresRecords = [{ name: "a" }, { name: "ab" }, {}, { name: "" }, { name: "b" }];
  const filters = [
    `name="a${NUL}b"`,
    `name!="a${NUL}b"`,
    `name<"a${NUL}c"`,
    `name<="a${NUL}c"`,
    `name>"a${NUL}"`,
    `name>="a${NUL}"`,
    `name<"${NUL}"`,
    `name>"${NUL}"`,
    `name IN ("a${NUL}b","x")`,
    `name IN ("a${NUL}b","${NUL}")`,
    `name NOT IN ("a${NUL}b")`,
    `name NOT IN ("a${NUL}b",a)`,
    `name~"${NUL}"`,
    `name~"a${NUL}"*`,
    `name~*"${NUL}b"`,
    `name~*"${NUL}"`,
    `name~a*`,
    `name~*b`,
    `name~*a`,
    `name~b*`,
  ];

  it("is carried into params unchanged, never into the SQL", () => {
    for (const dialect of ["sqlite", "duckdb", "mysql", "clickhouse"] as const) {
      const { sql, params } = toSql(`name="a${NUL}b"`, { dialect, schema });
      expect(sql).not.toContain(NUL);
      expect(params.flat()).toContain(`a${NUL}b`);
    }
  });

  it("postgres: is neither in the SQL nor in params, as PostgreSQL text cannot hold it", () => {
    for (const json of [undefined, "doc"]) {
      for (const filter of filters.filter((f) => f.includes(NUL))) {
        const { sql, params } = toSql(filter, { dialect: "postgres", schema, json });
        expect(sql, filter).not.toContain(NUL);
        expect(
          params.flat().filter((param) => String(param).includes(NUL)),
          filter,
        ).toEqual([]);
      }
    }
    expect(toSql(`name="a${NUL}b"`, { dialect: "postgres", schema })).toEqual({
      sql: "1 = 0",
      params: [],
    });
    expect(toSql(`name<="a${NUL}b"`, { dialect: "postgres", schema })).toEqual({
      sql: '"name" COLLATE "C" <= $1::text',
      params: ["a"],
    });
  });

  it("postgres: selects in columns and in jsonb what compileWhere selects, and never fails", async () => {
    const engine = enginesOf().postgres;
    await createTable(engine, "t", schema);
    await insert(engine, "t", schema, postgresRecords);
    await createJsonTable(engine, "j", "doc");
    await insertJson(
      engine,
      "j",
      "doc",
      postgresRecords.map((record) => JSON.stringify(record)),
    );
    const failures: string[] = [];
    for (const filter of filters) {
      const matches = compileWhere(filter, { schema });
      const expected = postgresRecords.flatMap((r, i) => (matches(r) ? [i] : []));
      for (const [table, json] of [
        ["t", undefined],
        ["j", "doc"],
      ] as const) {
        const query = toSql(filter, { dialect: "postgres", schema, json });
        const actual = await selectRows(engine, table, query).catch(
          (error: Error) => error.message,
        );
        if (JSON.stringify(actual) !== JSON.stringify(expected))
          failures.push(
            `${JSON.stringify(filter)} in ${table}: got ${actual}, expected ${expected}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(
      await selectRows(engine, "t", toSql(`name="a${NUL}b"`, { dialect: "postgres", schema })),
    ).toEqual([]);
  });

  it("postgres: answers 200 through the list handler, whose source runs toSql's condition", async () => {
    const engine = enginesOf().postgres;
    await createTable(engine, "t", schema);
    await insert(engine, "t", schema, postgresRecords);
    const reported: unknown[] = [];
    const handler = createListHandler({
      schema,
      source: async (request) => {
        const condition = request.toSql("postgres");
        const where = condition ? `WHERE ${condition.sql}` : "";
        const items = await engine.query(
          `SELECT "name" FROM "t" ${where} ORDER BY "_row"`,
          condition?.params ?? [],
        );
        return { items, total: items.length };
      },
      onError: (error) => reported.push(error),
    });
    for (const filter of [`name="a${NUL}b"`, `name!="a${NUL}b"`, `name>="a${NUL}"`]) {
      const url = `http://qa.example/api/things?where=${encodeURIComponent(filter)}`;
      const response = await handler(new Request(url));
      expect(response.status, filter).toBe(200);
      const matches = compileWhere(filter, { schema });
      const { things } = (await response.json()) as { things: { name: string }[] };
      expect(things.map((thing) => thing.name)).toEqual(
        postgresRecords.filter((record) => matches(record)).map((record) => record.name),
      );
    }
    expect(reported).toEqual([]);
  });

  for (const name of ["sqlite", "duckdb", "clickhouse"] as const) {
    it(`${name}: NUL in data and in filters selects the rows compileWhere selects`, async () => {
      const engine = enginesOf()[name];
      await createTable(engine, "t", schema);
      await insert(engine, "t", schema, records);
      const failures: string[] = [];
      for (const filter of filters) {
        const query = toSql(filter, { dialect: name, schema });
        const matches = compileWhere(filter, { schema });
        const expected = records.flatMap((r, i) => (matches(r) ? [i] : []));
        const actual = await selectRows(engine, "t", query);
        if (JSON.stringify(actual) !== JSON.stringify(expected))
          failures.push(
            `${JSON.stringify(filter)}: got ${actual}, expected ${expected} (${query.sql})`,
          );
      }
      expect(failures).toEqual([]);
      expect(await countRows(engine, "t")).toBe(records.length);
    });
  }
});

describe("hostile column names in `columns` are quoted identifiers", () => {
  const schema = defineSchema({
    name: "string",
    rank: "integer",
    flag: "boolean",
    when: "date",
    type: { id: "string" },
  });
  const columns: ColumnsOption = {
    name: 'a"b',
    rank: "x; DROP TABLE t; --",
    flag: "`c`",
    when: { column: "w'); DROP TABLE t; --", dateStorage: "date" },
    "type.id": '$1 ? "" ] \\ é😀',
  };
  const records = [
    { name: "x", rank: 1, flag: true, when: "2024-03-10", type: { id: "a" } },
    { name: "y", rank: 2, flag: false, when: "2024-03-11", type: { id: "ab" } },
    { name: 'a"b', rank: 3, flag: true, when: "2024-03-09", type: { id: "b" } },
    { name: null, rank: null, flag: null, when: null, type: null },
    { name: "x; DROP TABLE t; --", rank: 10, flag: false, when: "2024-02-29", type: { id: "$1" } },
  ];
  const filters: [string, number[]][] = [
    ['name="x"', [0]],
    ['name="a""b"', [2]],
    ["rank>=2", [1, 2, 4]],
    ["rank IN (1,10)", [0, 4]],
    ["flag=true", [0, 2]],
    ["flag!=true", [1, 4]],
    ["when=2024-03-10", [0]],
    ["when<2024-03-10", [2, 4]],
    ["type.id~a", [0, 1]],
    ['type.id="$1"', [4]],
    ["type.id IS NULL", [3]],
    ["name IS NULL OR rank>2 AND type.id~b", [2, 3]],
    ['(name="x" OR flag=false) AND when>=2024-03-10', [0, 1]],
  ];

  it("each filter's expected rows are compileWhere's", () => {
    for (const [filter, rows] of filters) {
      const matches = compileWhere(filter, { schema });
      expect(
        records.flatMap((r, i) => (matches(r) ? [i] : [])),
        filter,
      ).toEqual(rows);
    }
  });

  it("every dialect quotes the names by doubling its quote character", () => {
    const doubled = (name: string) => `"${name.replaceAll('"', '""')}"`;
    for (const dialect of ["postgres", "sqlite", "duckdb"] as const) {
      const { sql } = toSql('name="x" AND rank=1 AND flag=true AND type.id="a"', {
        dialect,
        schema,
        columns,
      });
      for (const column of ['a"b', "x; DROP TABLE t; --", "`c`", '$1 ? "" ] \\ é😀'])
        expect(sql, dialect).toContain(doubled(column));
    }
    const { sql } = toSql("flag=true", { dialect: "mysql", schema, columns });
    expect(sql).toContain("```c```");
  });

  for (const name of ENGINE_NAMES) {
    it(`${name}: selects the right rows and leaves the table intact`, async () => {
      const engine = enginesOf()[name];
      await createTable(engine, "t", schema, columns);
      await insert(engine, "t", schema, records, columns);
      for (const [filter, rows] of filters) {
        const query = toSql(filter, { dialect: name, schema, columns });
        expect(await selectRows(engine, "t", query), `${filter}\n${query.sql}`).toEqual(rows);
        expect(await countRows(engine, "t")).toBe(records.length);
      }
    });
  }
});
