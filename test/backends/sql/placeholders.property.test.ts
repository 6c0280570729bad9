import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileWhere } from "../../../src/api/compile-where.ts";
import { type ToSqlOptions, toSql } from "../../../src/api/to-sql.ts";
import {
  recordsArbitrary,
  schemaArbitrary,
  TIME_ZONES,
  whereArbitrary,
} from "../../../src/arbitraries/index.ts";
import type { WhereExpression } from "../../../src/ast/where.ts";
import { formatWhere } from "../../../src/backends/format/format-where.ts";
import type { Schema } from "../../../src/schema/schema.ts";
import { createTable, type EngineName, insert, useEngines } from "../../support/sql-engines.ts";

// grammar/language.md 9.4: a condition written in another placeholder style, or numbered from
// `firstParameter`, after parameters of its statement's own, selects the rows compileWhere
// selects: its params stay aligned with its placeholders, a value used twice included.

const enginesOf = useEngines();

/** Runs per engine and style; SQL_RUNS raises it, as for toSql's other properties. */
const numRuns = Number(process.env.SQL_RUNS ?? 40);

/** A placeholder style of an engine, and how the statement writes its own n-th placeholder. */
interface Style {
  readonly engine: EngineName;
  readonly options: Pick<ToSqlOptions, "placeholders">;
  /** Numbered: the condition starts after the statement's own; positional: it has no number. */
  readonly numbered: boolean;
  readonly own: (n: number) => string;
}

const STYLES: readonly Style[] = [
  { engine: "postgres", options: {}, numbered: true, own: (n) => `$${n}` },
  { engine: "postgres", options: { placeholders: "$n" }, numbered: true, own: (n) => `$${n}` },
  { engine: "sqlite", options: {}, numbered: false, own: () => "?" },
  { engine: "sqlite", options: { placeholders: "?" }, numbered: false, own: () => "?" },
  { engine: "sqlite", options: { placeholders: "?n" }, numbered: true, own: (n) => `?${n}` },
  { engine: "duckdb", options: { placeholders: "?" }, numbered: false, own: () => "?" },
  { engine: "duckdb", options: { placeholders: "$n" }, numbered: true, own: (n) => `$${n}` },
  { engine: "clickhouse", options: {}, numbered: true, own: (n) => `{p${n}:Int64}` },
];

interface Case {
  readonly schema: Schema;
  readonly filter: WhereExpression;
  readonly records: unknown[];
  readonly timeZone: string;
  /** The `_row` numbers the statement's own conditions leave out, one parameter each. */
  readonly excluded: number[];
}

const cases: fc.Arbitrary<Case> = schemaArbitrary().chain((schema) =>
  recordsArbitrary(schema, { dates: ["day"], minLength: 1 }).chain((records) =>
    fc.record({
      schema: fc.constant(schema),
      filter: fc.oneof(whereArbitrary(schema), whereArbitrary(schema, { records })),
      records: fc.constant(records),
      timeZone: fc.constantFrom(...TIME_ZONES),
      excluded: fc.array(fc.integer({ min: 0, max: records.length - 1 }), { maxLength: 3 }),
    }),
  ),
);

async function check(style: Style, c: Case): Promise<void> {
  const engine = enginesOf()[style.engine];
  await createTable(engine, "t", c.schema);
  await insert(engine, "t", c.schema, c.records);
  const condition = toSql(c.filter, {
    dialect: style.engine,
    schema: c.schema,
    timeZone: c.timeZone,
    ...style.options,
    ...(style.numbered ? { firstParameter: c.excluded.length + 1 } : {}),
  });
  const own = c.excluded.map((_, i) => `"_row" <> ${style.own(i + 1)} AND `).join("");
  const sql = `SELECT "_row" AS r FROM "t" WHERE ${own}${condition.sql} ORDER BY 1`;
  const params = [...c.excluded, ...condition.params];
  const actual = (await engine.query(sql, params)).map((row) => Number(row.r));
  const matches = compileWhere(c.filter, { schema: c.schema, timeZone: c.timeZone });
  const expected = c.records.flatMap((record, i) =>
    matches(record) && !c.excluded.includes(i) ? [i] : [],
  );
  expect(
    actual,
    [
      `${style.engine} ${JSON.stringify(style.options)}: ${formatWhere(c.filter)}`,
      `SQL: ${sql}`,
      `params: ${JSON.stringify(params)}`,
      `records: ${JSON.stringify(c.records)}`,
    ].join("\n"),
  ).toEqual(expected);
}

describe("a condition after parameters of its statement's own selects what memory selects", () => {
  it.each(STYLES.map((style) => [`${style.engine} ${JSON.stringify(style.options)}`, style]))(
    "%s",
    async (_, style) => {
      await fc.assert(
        fc.asyncProperty(cases, (c) => check(style as Style, c)),
        { numRuns },
      );
    },
  );
});
