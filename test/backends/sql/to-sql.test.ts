import { describe, expect, it } from "vitest";
import { toSql } from "../../../src/api/to-sql.ts";
import { dialects } from "../../../src/backends/sql/dialects.ts";
import { QuerySyntaxError, QueryValidationError } from "../../../src/errors/errors.ts";
import { schemas } from "../../../src/schema/resources.ts";
import { defineSchema } from "../../../src/schema/schema.ts";

const schema = defineSchema({
  name: "string",
  rank: "number",
  id: "integer",
  ok: "boolean",
  day: "date",
  type: { id: "string" },
  tags: ["string"],
  meta: "object",
});

type Dialect = "postgres" | "sqlite" | "duckdb" | "mysql";
// One row: filter, then per dialect the expected SQL and params.
type Row = [string, Record<Dialect, [string, unknown[]]>];

const rows: Row[] = [
  [
    "name=x",
    {
      postgres: ['"name" COLLATE "C" = $1::text', ["x"]],
      sqlite: ['"name" COLLATE BINARY = ?', ["x"]],
      duckdb: ['"name" COLLATE "binary" = CAST(? AS VARCHAR)', ["x"]],
      mysql: ["CAST(`name` AS BINARY) = CAST(? AS BINARY)", ["x"]],
    },
  ],
  [
    "rank>=2.5",
    {
      postgres: ['"rank" >= $1::numeric', [2.5]],
      sqlite: ['"rank" >= ?', [2.5]],
      duckdb: ['"rank" >= CAST(? AS DOUBLE)', [2.5]],
      mysql: ["`rank` >= ?", [2.5]],
    },
  ],
  [
    "ok!=TRUE",
    {
      postgres: ['"ok" <> $1', [true]],
      sqlite: ['"ok" <> ?', [1]],
      duckdb: ['"ok" <> ?', [true]],
      mysql: ["`ok` <> ?", [1]],
    },
  ],
  [
    "day<2024-03-01",
    {
      postgres: ['"day" < $1::date', ["2024-03-01"]],
      sqlite: ['"day" < ?', ["2024-03-01"]],
      duckdb: ['"day" < CAST(? AS DATE)', ["2024-03-01"]],
      mysql: ["`day` < CAST(? AS DATE)", ["2024-03-01"]],
    },
  ],
  [
    "name~*.java",
    {
      postgres: ['right("name", length($1::text)) COLLATE "C" = $1::text', [".java"]],
      sqlite: [
        'substr(CAST("name" AS BLOB), -length(CAST(? AS BLOB))) = CAST(? AS BLOB)',
        [".java", ".java"],
      ],
      duckdb: ['ends_with("name", CAST(? AS VARCHAR))', [".java"]],
      mysql: [
        "RIGHT(CAST(`name` AS BINARY), LENGTH(CAST(? AS BINARY))) = CAST(? AS BINARY)",
        [".java", ".java"],
      ],
    },
  ],
  [
    "name~src*",
    {
      postgres: ['starts_with("name" COLLATE "C", $1::text)', ["src"]],
      sqlite: [
        'substr(CAST("name" AS BLOB), 1, length(CAST(? AS BLOB))) = CAST(? AS BLOB)',
        ["src", "src"],
      ],
      duckdb: ['starts_with("name", CAST(? AS VARCHAR))', ["src"]],
      mysql: [
        "LEFT(CAST(`name` AS BINARY), LENGTH(CAST(? AS BINARY))) = CAST(? AS BINARY)",
        ["src", "src"],
      ],
    },
  ],
  [
    'name~"50%_"',
    {
      postgres: ['strpos("name" COLLATE "C", $1::text) > 0', ["50%_"]],
      sqlite: ['instr("name", ?) > 0', ["50%_"]],
      duckdb: ['contains("name", CAST(? AS VARCHAR))', ["50%_"]],
      mysql: ["INSTR(CAST(`name` AS BINARY), CAST(? AS BINARY)) > 0", ["50%_"]],
    },
  ],
  [
    "type.id IN (A,B) AND id NOT IN (1,2)",
    {
      postgres: [
        '(("type_id" COLLATE "C" = ANY($1::text[])) AND NOT ("id" = ANY($2::numeric[])))',
        [
          ["A", "B"],
          [1, 2],
        ],
      ],
      sqlite: ['(("type_id" COLLATE BINARY IN (?, ?)) AND NOT ("id" IN (?, ?)))', ["A", "B", 1, 2]],
      duckdb: [
        '(("type_id" COLLATE "binary" IN (CAST(? AS VARCHAR), CAST(? AS VARCHAR))) AND NOT ("id" IN (CAST(? AS DOUBLE), CAST(? AS DOUBLE))))',
        ["A", "B", 1, 2],
      ],
      mysql: [
        "((CAST(`type_id` AS BINARY) IN (CAST(? AS BINARY), CAST(? AS BINARY))) AND NOT (`id` IN (?, ?)))",
        ["A", "B", 1, 2],
      ],
    },
  ],
  [
    // 9.3: PostgreSQL text holds no U+0000, so no stored text equals one and it is never bound.
    'name="a\u0000b" OR name!="a\u0000b" OR name<"a\u0000b" OR name>="a\u0000b"',
    {
      postgres: [
        '(1 = 0 OR "name" IS NOT NULL OR "name" COLLATE "C" <= $1::text OR "name" COLLATE "C" > $2::text)',
        ["a", "a"],
      ],
      sqlite: [
        '("name" COLLATE BINARY = ? OR "name" COLLATE BINARY <> ? OR "name" COLLATE BINARY < ? OR "name" COLLATE BINARY >= ?)',
        ["a\u0000b", "a\u0000b", "a\u0000b", "a\u0000b"],
      ],
      duckdb: [
        '("name" COLLATE "binary" = CAST(? AS VARCHAR) OR "name" COLLATE "binary" <> CAST(? AS VARCHAR) OR "name" COLLATE "binary" < CAST(? AS VARCHAR) OR "name" COLLATE "binary" >= CAST(? AS VARCHAR))',
        ["a\u0000b", "a\u0000b", "a\u0000b", "a\u0000b"],
      ],
      mysql: [
        "(CAST(`name` AS BINARY) = CAST(? AS BINARY) OR CAST(`name` AS BINARY) <> CAST(? AS BINARY) OR CAST(`name` AS BINARY) < CAST(? AS BINARY) OR CAST(`name` AS BINARY) >= CAST(? AS BINARY))",
        ["a\u0000b", "a\u0000b", "a\u0000b", "a\u0000b"],
      ],
    },
  ],
  [
    'name IN ("a\u0000b",x) AND type.id NOT IN ("\u0000") AND name~"\u0000"*',
    {
      postgres: [
        '(("name" COLLATE "C" = ANY($1::text[])) AND "type_id" IS NOT NULL AND 1 = 0)',
        [["x"]],
      ],
      sqlite: [
        '(("name" COLLATE BINARY IN (?, ?)) AND NOT ("type_id" COLLATE BINARY IN (?)) AND substr(CAST("name" AS BLOB), 1, length(CAST(? AS BLOB))) = CAST(? AS BLOB))',
        ["a\u0000b", "x", "\u0000", "\u0000", "\u0000"],
      ],
      duckdb: [
        '(("name" COLLATE "binary" IN (CAST(? AS VARCHAR), CAST(? AS VARCHAR))) AND NOT ("type_id" COLLATE "binary" IN (CAST(? AS VARCHAR))) AND starts_with("name", CAST(? AS VARCHAR)))',
        ["a\u0000b", "x", "\u0000", "\u0000"],
      ],
      mysql: [
        "((CAST(`name` AS BINARY) IN (CAST(? AS BINARY), CAST(? AS BINARY))) AND NOT (CAST(`type_id` AS BINARY) IN (CAST(? AS BINARY))) AND LEFT(CAST(`name` AS BINARY), LENGTH(CAST(? AS BINARY))) = CAST(? AS BINARY))",
        ["a\u0000b", "x", "\u0000", "\u0000", "\u0000"],
      ],
    },
  ],
  [
    "name IS NULL OR rank IS NOT NULL",
    {
      postgres: ['("name" IS NULL OR "rank" IS NOT NULL)', []],
      sqlite: ['("name" IS NULL OR "rank" IS NOT NULL)', []],
      duckdb: ['("name" IS NULL OR "rank" IS NOT NULL)', []],
      mysql: ["(`name` IS NULL OR `rank` IS NOT NULL)", []],
    },
  ],
];

describe("toSql: the SQL of every construct, per dialect", () => {
  for (const [filter, expected] of rows) {
    for (const [dialect, [sql, params]] of Object.entries(expected) as [
      Dialect,
      [string, unknown[]],
    ][]) {
      it(`${dialect}: ${filter}`, () => {
        expect(toSql(filter, { dialect, schema })).toEqual({ sql, params });
      });
    }
  }
});

describe("toSql: IS NULL on an object or array field itself (2.4)", () => {
  it("tests the field's own column, named as any other field's", () => {
    for (const dialect of ["postgres", "sqlite", "duckdb"] as const) {
      expect(toSql("type IS NOT NULL OR tags IS NULL", { dialect, schema })).toEqual({
        sql: '("type" IS NOT NULL OR "tags" IS NULL)',
        params: [],
      });
    }
    expect(toSql("meta IS NULL AND type.id IS NULL", { dialect: "mysql", schema })).toEqual({
      sql: "(`meta` IS NULL AND `type_id` IS NULL)",
      params: [],
    });
    const columns = { tags: "tag_list", type: "type_json" };
    expect(
      toSql("tags IS NOT NULL AND type IS NULL", { dialect: "sqlite", schema, columns }),
    ).toEqual({
      sql: '("tag_list" IS NOT NULL AND "type_json" IS NULL)',
      params: [],
    });
  });

  it("in JSON mode, tests the value absent or JSON null, as for any field", () => {
    expect(toSql("tags IS NULL", { dialect: "postgres", schema, json: "doc" }).sql).toBe(
      `("doc" #> '{"tags"}' IS NULL OR jsonb_typeof("doc" #> '{"tags"}') = 'null')`,
    );
    expect(toSql("type IS NOT NULL", { dialect: "sqlite", schema, json: "doc" }).sql).toBe(
      `NOT coalesce(json_type("doc", '$."type"') = 'null', 1)`,
    );
    expect(toSql("meta IS NOT NULL", { dialect: "duckdb", schema, json: "doc" }).sql).toBe(
      `NOT coalesce(json_type("doc", '$."meta"') = 'NULL', true)`,
    );
    expect(toSql("tags IS NULL", { dialect: "mysql", schema, json: "doc" }).sql).toBe(
      `(JSON_EXTRACT(\`doc\`, '$."tags"') IS NULL OR JSON_TYPE(JSON_EXTRACT(\`doc\`, '$."tags"')) = 'NULL')`,
    );
  });

  it("keeps every other predicate on such a field a validation error", () => {
    for (const filter of ["type=x", "tags IN (a)", "meta~x", "tags.x IS NULL", "meta.x IS NULL"]) {
      expect(() => toSql(filter, { dialect: "postgres", schema }), filter).toThrow(
        QueryValidationError,
      );
    }
  });
});

describe("toSql: columns and dates", () => {
  it("maps fields to columns, quoting whatever the map holds", () => {
    const columns = { name: 'we"ird', "type.id": { column: "x`y" } };
    expect(toSql("name=a AND type.id=b", { dialect: "postgres", schema, columns }).sql).toBe(
      '("we""ird" COLLATE "C" = $1::text AND "x`y" COLLATE "C" = $2::text)',
    );
    expect(toSql("type.id=b", { dialect: "mysql", schema, columns }).sql).toBe(
      "CAST(`x``y` AS BINARY) = CAST(? AS BINARY)",
    );
  });

  it("compares stored instants with the bounds of the day in the request's zone", () => {
    const columns = { day: { column: "at", dateStorage: "timestamp" as const } };
    expect(
      toSql("day=2024-03-31", { dialect: "postgres", schema, columns, timeZone: "Europe/Paris" }),
    ).toEqual({
      sql: '("at" >= $1::timestamptz AND "at" < $2::timestamptz)',
      params: ["2024-03-30T23:00:00.000Z", "2024-03-31T22:00:00.000Z"],
    });
    const millis = { day: { column: "at", dateStorage: "epochMillis" as const } };
    expect(toSql("day!=2024-03-01", { dialect: "sqlite", schema, columns: millis })).toEqual({
      sql: '("at" < ? OR "at" >= ?)',
      params: [Date.parse("2024-03-01T00:00:00Z"), Date.parse("2024-03-02T00:00:00Z")],
    });
    expect(toSql("day<=2024-03-01", { dialect: "mysql", schema, columns })).toEqual({
      sql: "`at` < CAST(? AS DATETIME(3))",
      params: ["2024-03-02 00:00:00.000"],
    });
  });

  it("requires a schema and reports what does not fit it", () => {
    // @ts-expect-error: "branches" is an array: a filter cannot reach into its items
    expect(() => toSql("branches.name=x", { dialect: "sqlite", schema: schemas.project })).toThrow(
      QueryValidationError,
    );
    // @ts-expect-error: unknown field "nope"
    expect(() => toSql("nope=1", { dialect: "sqlite", schema })).toThrow(QueryValidationError);
    // @ts-expect-error: expected a value after "="
    expect(() => toSql("a=", { dialect: "sqlite", schema })).toThrow(QuerySyntaxError);
    expect(() => toSql("name=1", { dialect: "sqlite" } as never)).toThrow(
      /toSql: option schema: a schema is required/,
    );
    expect(() => toSql("name=1", { dialect: "oracle", schema } as never)).toThrow(
      /unknown SQL dialect "oracle"/,
    );
  });
});

describe("toSql: placeholders and the first parameter's number (9.4)", () => {
  const filter = "name~*.java AND rank>=2";
  // One row: options, then the condition and its params.
  const rows: [Record<string, unknown>, string, unknown[]][] = [
    [
      { dialect: "postgres", firstParameter: 3 },
      '(right("name", length($3::text)) COLLATE "C" = $3::text AND "rank" >= $4::numeric)',
      [".java", 2],
    ],
    [
      { dialect: "postgres", placeholders: "$n" },
      '(right("name", length($1::text)) COLLATE "C" = $1::text AND "rank" >= $2::numeric)',
      [".java", 2],
    ],
    [
      // Positional: the value PostgreSQL's SQL uses twice is bound twice.
      { dialect: "postgres", placeholders: "?" },
      '(right("name", length(?::text)) COLLATE "C" = ?::text AND "rank" >= ?::numeric)',
      [".java", ".java", 2],
    ],
    [
      { dialect: "sqlite", placeholders: "?n", firstParameter: 3 },
      '(substr(CAST("name" AS BLOB), -length(CAST(?3 AS BLOB))) = CAST(?4 AS BLOB) AND "rank" >= ?5)',
      [".java", ".java", 2],
    ],
    [
      { dialect: "sqlite", placeholders: "?", firstParameter: 1 },
      '(substr(CAST("name" AS BLOB), -length(CAST(? AS BLOB))) = CAST(? AS BLOB) AND "rank" >= ?)',
      [".java", ".java", 2],
    ],
    [
      { dialect: "duckdb", placeholders: "$n", firstParameter: 2 },
      '(ends_with("name", CAST($2 AS VARCHAR)) AND "rank" >= CAST($3 AS DOUBLE))',
      [".java", 2],
    ],
    [
      { dialect: "clickhouse", firstParameter: 3 },
      '(endsWith("name", {p3:String}) AND "rank" >= {p4:Float64})',
      [".java", 2],
    ],
    [
      { dialect: "mysql", placeholders: "?" },
      "(RIGHT(CAST(`name` AS BINARY), LENGTH(CAST(? AS BINARY))) = CAST(? AS BINARY) AND `rank` >= ?)",
      [".java", ".java", 2],
    ],
  ];
  it.each(rows)("%j", (options, sql, params) => {
    expect(toSql(filter, { ...options, schema } as never)).toEqual({ sql, params });
  });

  it("keeps the params of every style aligned with its placeholders (IN, dates, booleans)", () => {
    const all = "type.id IN (a,b) AND day=2024-03-01 AND ok=true AND name~x*";
    const columns = { day: { column: "at", dateStorage: "timestamp" as const } };
    const base = toSql(all, { dialect: "postgres", schema, columns });
    const shifted = toSql(all, { dialect: "postgres", schema, columns, firstParameter: 10 });
    expect(shifted.params).toEqual(base.params);
    expect(shifted.sql).toBe(base.sql.replace(/\$(\d+)/g, (_, n) => `$${Number(n) + 9}`));
    const positional = toSql(all, { dialect: "postgres", schema, columns, placeholders: "?" });
    expect(positional.sql).toBe(base.sql.replace(/\$\d+/g, "?"));
    expect(positional.params).toEqual(base.params);
  });

  it("numbers a dialect object's own placeholders from firstParameter, or replaces them", () => {
    const named = { ...dialects.postgres, name: "named", placeholder: (n: number) => `@p${n}` };
    expect(toSql("rank>1 AND rank<3", { dialect: named, schema, firstParameter: 2 }).sql).toBe(
      '("rank" > @p2::numeric AND "rank" < @p3::numeric)',
    );
    const { placeholderStyles: _, ...anyStyle } = named;
    expect(toSql("rank>1", { dialect: anyStyle, schema, placeholders: "?n" }).sql).toBe(
      '"rank" > ?1::numeric',
    );
  });

  it("cuts a dialect's SQL at its placeholders whatever characters the column names hold", () => {
    const columns = { name: "\uE000\uE001", "type.id": "\uE0021\uE002" };
    expect(
      toSql("name=a AND type.id=b", { dialect: "postgres", schema, columns, placeholders: "?" }),
    ).toEqual({
      sql: '("\uE000\uE001" COLLATE "C" = ?::text AND "\uE0021\uE002" COLLATE "C" = ?::text)',
      params: ["a", "b"],
    });
  });

  it("refuses SQL it cannot cut: a dialect object that writes the marker itself", () => {
    const odd = { ...dialects.postgres, name: "odd", text: (p: string) => `${p}\uE000` };
    expect(() => toSql("name=a", { dialect: odd, schema, placeholders: "?" })).toThrow(
      /the odd dialect writes U\+E000 in its SQL/,
    );
  });
});

describe("toSql: a dialect whose text holds no U+0000 (9.3)", () => {
  it("says so by textHoldsNul: false, which a dialect object of one's own keeps or drops", () => {
    expect(dialects.postgres.textHoldsNul).toBe(false);
    const filter = 'name="a\u0000b" OR name IN ("\u0000",x)';
    const copy = { ...dialects.postgres, name: "copy" };
    expect(toSql(filter, { dialect: copy, schema })).toEqual({
      sql: '(1 = 0 OR ("name" COLLATE "C" = ANY($1::text[])))',
      params: [["x"]],
    });
    const { textHoldsNul: _, ...holding } = copy;
    expect(toSql(filter, { dialect: holding, schema })).toEqual({
      sql: '("name" COLLATE "C" = $1::text OR ("name" COLLATE "C" = ANY($2::text[])))',
      params: ["a\u0000b", ["\u0000", "x"]],
    });
  });
});
