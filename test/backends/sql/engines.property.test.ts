import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileWhere } from "../../../src/api/compile-where.ts";
import { toSql } from "../../../src/api/to-sql.ts";
import {
  type DateRepresentation,
  listScalarFields,
  recordsArbitrary,
  schemaArbitrary,
  TIME_ZONES,
  whereArbitrary,
} from "../../../src/arbitraries/index.ts";
import type { WhereExpression } from "../../../src/ast/where.ts";
import { formatWhere } from "../../../src/backends/format/format-where.ts";
import type { Schema } from "../../../src/schema/schema.ts";
import {
  type ColumnsOption,
  createTable,
  type DateStorage,
  dateColumns,
  ENGINE_NAMES,
  type Engine,
  insert,
  openMysql,
  SQL_RUNS,
  type SqlEngineName,
  selectRows,
  skipMysql,
  useEngines,
} from "../../support/sql-engines.ts";
import { nulFilterArbitrary, withNulTexts } from "./nul-texts.ts";

const enginesOf = useEngines();

const zone = fc.constantFrom(...TIME_ZONES);
const { embedded: numRuns, clickhouse: clickhouseRuns, mysql: mysqlRuns } = SQL_RUNS;
/** Skipped only off CI and with no server (then told how to start one). */
const mysqlSkipped = await skipMysql();

interface Case {
  readonly schema: Schema;
  readonly filter: WhereExpression;
  readonly records: unknown[];
  readonly storage: DateStorage;
  readonly timeZone: string;
}

/**
 * A generated case: schema, filter (half the time with literals taken from the records, and some
 * texts holding U+0000, which no record holds: 9.3), records as typed columns hold them (dates
 * as `dates` only), how dates are stored, and the zone.
 */
function cases(
  storages: readonly DateStorage[],
  dates: DateRepresentation,
  onlyWithDates: boolean,
): fc.Arbitrary<Case> {
  const schemas = onlyWithDates
    ? schemaArbitrary().filter((s) => listScalarFields(s).some((f) => f.type === "date"))
    : schemaArbitrary();
  return schemas.chain((schema) =>
    recordsArbitrary(schema, { dates: [dates], minLength: 1 }).chain((records) =>
      fc.record({
        schema: fc.constant(schema),
        filter: withNulTexts(
          fc.oneof(whereArbitrary(schema), whereArbitrary(schema, { records })),
          schema,
        ),
        records: fc.constant(records),
        storage: fc.constantFrom(...storages),
        timeZone: zone,
      }),
    ),
  );
}

/**
 * Cases whose filters' texts hold U+0000, built on the records' own texts (9.3): on PostgreSQL,
 * whose text holds none, a text compared with one orders as its part before the U+0000, which
 * is then often a stored text itself.
 */
const nulCases: fc.Arbitrary<Case> = schemaArbitrary()
  .filter((s) => listScalarFields(s).some((f) => f.type === "string"))
  .chain((schema) =>
    recordsArbitrary(schema, { dates: ["day"], minLength: 1 }).chain((records) =>
      fc.record({
        schema: fc.constant(schema),
        filter: fc.oneof(
          nulFilterArbitrary(schema, records),
          withNulTexts(whereArbitrary(schema, { records }), schema),
        ),
        records: fc.constant(records),
        storage: fc.constantFrom<DateStorage>("date", "text"),
        timeZone: zone,
      }),
    ),
  );

/** The rows of `records` (by index) that the in-memory predicate selects. */
function expectedRows(
  filter: WhereExpression,
  schema: Schema,
  timeZone: string,
  records: readonly unknown[],
): number[] {
  const matches = compileWhere(filter, { schema, timeZone });
  return records.flatMap((record, i) => (matches(record) ? [i] : []));
}

async function check(
  engine: Engine,
  { schema, filter, records, storage, timeZone }: Case,
): Promise<void> {
  const columns: ColumnsOption = dateColumns(schema, storage);
  await createTable(engine, "t", schema, columns);
  await insert(engine, "t", schema, records, columns);
  const query = toSql(filter, { dialect: engine.name, schema, columns, timeZone });
  const actual = await selectRows(engine, "t", query);
  expect(
    actual,
    [
      `${engine.name}: ${formatWhere(filter)} (dates as ${storage}, in ${timeZone})`,
      `SQL: ${query.sql}`,
      `params: ${JSON.stringify(query.params)}`,
      `records: ${JSON.stringify(records)}`,
    ].join("\n"),
  ).toEqual(expectedRows(filter, schema, timeZone, records));
}

/** The column-mode properties on one engine, opened by the time the tests run. */
function properties(name: SqlEngineName, engine: () => Engine, runs: number): void {
  it(`${name}: typed columns, dates stored as days`, async () => {
    await fc.assert(
      fc.asyncProperty(cases(["date", "text"], "day", false), (c) => check(engine(), c)),
      { numRuns: runs },
    );
  });

  it(`${name}: texts holding U+0000, which no stored text holds`, async () => {
    await fc.assert(
      fc.asyncProperty(nulCases, (c) => check(engine(), c)),
      { numRuns: Math.min(runs, numRuns) },
    );
  });

  it(`${name}: dates stored as instants, compared in the request's zone`, async () => {
    await fc.assert(
      fc.asyncProperty(cases(["timestamp", "epochMillis"], "epochMillis", true), (c) =>
        check(engine(), c),
      ),
      { numRuns: runs },
    );
  });
}

// grammar/language.md 2.3–2.5: every backend gives exactly the rows compileWhere gives.
describe("toSql selects on each engine the rows compileWhere selects", () => {
  for (const name of ENGINE_NAMES) {
    properties(name, () => enginesOf()[name], name === "clickhouse" ? clickhouseRuns : numRuns);
  }
});

describe.skipIf(mysqlSkipped)(
  "toSql selects on MySQL/MariaDB the rows compileWhere selects",
  () => {
    let mysql: Engine | undefined;
    beforeAll(async () => {
      mysql = await openMysql();
    }, 30_000);
    afterAll(async () => {
      await mysql?.close();
    });
    properties("mysql", () => mysql as Engine, mysqlRuns);
  },
);
