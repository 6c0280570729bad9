import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileWhere } from "../../../src/api/compile-where.ts";
import { toSql } from "../../../src/api/to-sql.ts";
import {
  listScalarFields,
  type RecordsArbitraryOptions,
  recordsArbitrary,
  schemaArbitrary,
  TIME_ZONES,
  whereArbitrary,
} from "../../../src/arbitraries/index.ts";
import type { WhereExpression } from "../../../src/ast/where.ts";
import { formatWhere } from "../../../src/backends/format/format-where.ts";
import type { Dialect } from "../../../src/backends/sql/dialect.ts";
import { dialects } from "../../../src/backends/sql/dialects.ts";
import type { Schema } from "../../../src/schema/schema.ts";
import {
  createJsonTable,
  ENGINE_NAMES,
  type Engine,
  openMysql,
  SQL_RUNS,
  type SqlEngineName,
  selectRows,
  skipMysql,
  useEngines,
} from "../../support/sql-engines.ts";
import {
  DOCS,
  expectedRows,
  handWrittenDisagreements,
  JSON_SCHEMA,
  loadDocs,
} from "./json-cases.ts";
import { nulFilterArbitrary, withNulTexts } from "./nul-texts.ts";

// grammar/language.md 2.3–2.5 on JSON data (`toSql`'s `json` option): every field is read from one JSON
// column, and each engine selects the rows compileWhere selects from the parsed documents. A
// value of another type than the schema's compares false; IS NULL sees it as a value.

const TABLE = "j";
const DOC = "doc";

const enginesOf = useEngines((engine) => createJsonTable(engine, TABLE, DOC));

const { embedded: numRuns, clickhouse: clickhouseRuns, mysql: mysqlRuns } = SQL_RUNS;
/** Skipped only off CI and with no server (then told how to start one). */
const mysqlSkipped = await skipMysql();

interface Case {
  readonly schema: Schema;
  readonly filter: WhereExpression;
  readonly records: unknown[];
  readonly timeZone: string;
}

const zone = fc.constantFrom(...TIME_ZONES);

/**
 * Cases over schemas: records of the given options, filters half the time with their literals,
 * some texts holding U+0000, which no record holds (9.3).
 */
function cases(
  options: fc.Arbitrary<RecordsArbitraryOptions>,
  schemas = schemaArbitrary(),
): fc.Arbitrary<Case> {
  return fc.tuple(schemas, options).chain(([schema, chosen]) =>
    recordsArbitrary(schema, { minLength: 1, ...chosen }).chain((records) =>
      fc.record({
        schema: fc.constant(schema),
        filter: withNulTexts(
          fc.oneof(whereArbitrary(schema), whereArbitrary(schema, { records })),
          schema,
        ),
        records: fc.constant(records),
        timeZone: zone,
      }),
    ),
  );
}

/**
 * Records with off-schema data (missing fields, nulls, nested nulls, wrong types, arrays on
 * paths, Dates, instants near midnight, date-times in offsets, texts that are no date).
 */
const recordCases: fc.Arbitrary<Case> = cases(fc.constant({ strict: false }));

/**
 * Records as typed columns hold them: awkward strings (quotes, backslashes, astral characters,
 * U+FFFF) that JSON must escape, numbers one ulp from the literals, instants at day bounds.
 */
const awkwardCases: fc.Arbitrary<Case> = cases(
  fc.constantFrom<RecordsArbitraryOptions>({ dates: ["day"] }, { dates: ["epochMillis"] }),
);

/**
 * Schemas with a date, whose values take every spelling of a date in JSON, and texts that are none.
 */
const dateSpellingCases: fc.Arbitrary<Case> = cases(
  fc.constant({ strict: false, dates: ["day", "epochMillis", "dateTime"] }),
  schemaArbitrary().filter((s) => listScalarFields(s).some((f) => f.type === "date")),
);

/**
 * Documents with off-schema data, and filters whose texts hold U+0000 built on the documents' own
 * (9.3): jsonb holds no U+0000 either, and a value of another type still fails `!=`.
 */
const nulCases: fc.Arbitrary<Case> = schemaArbitrary()
  .filter((s) => listScalarFields(s).some((f) => f.type === "string"))
  .chain((schema) =>
    recordsArbitrary(schema, { strict: false, minLength: 1 }).chain((records) =>
      fc.record({
        schema: fc.constant(schema),
        filter: fc.oneof(
          nulFilterArbitrary(schema, records),
          withNulTexts(whereArbitrary(schema, { records }), schema),
        ),
        records: fc.constant(records),
        timeZone: zone,
      }),
    ),
  );

async function check(
  engine: Engine,
  { schema, filter, records, timeZone }: Case,
  dialect: Dialect | SqlEngineName = engine.name,
) {
  // Both sides see the same data: Dates become ISO strings, NaN and undefined become null.
  const docs = records.map((r) => JSON.stringify(r));
  await loadDocs(engine, TABLE, DOC, docs);
  const query = toSql(filter, { dialect, schema, json: DOC, timeZone });
  const actual = await selectRows(engine, TABLE, query);
  expect(
    actual,
    [
      `${engine.name}: ${formatWhere(filter)} (in ${timeZone})`,
      `SQL: ${query.sql}`,
      `params: ${JSON.stringify(query.params)}`,
      `docs: ${JSON.stringify(docs)}`,
    ].join("\n"),
  ).toEqual(expectedRows(filter, schema, timeZone, docs));
}

/** The properties and the hand-written cases on one engine, opened by the time the tests run. */
function tests(name: SqlEngineName, engine: () => Engine, runs: number): void {
  it(`${name}: documents with off-schema data`, async () => {
    await fc.assert(
      fc.asyncProperty(recordCases, (c) => check(engine(), c)),
      { numRuns: runs },
    );
  });

  it(`${name}: documents with awkward strings, tricky numbers and day-bound instants`, async () => {
    await fc.assert(
      fc.asyncProperty(awkwardCases, (c) => check(engine(), c)),
      { numRuns: runs },
    );
  });

  it(`${name}: dates in every JSON spelling (offsets, wall times, t/T/space, fractions)`, async () => {
    await fc.assert(
      fc.asyncProperty(dateSpellingCases, (c) => check(engine(), c)),
      { numRuns: runs },
    );
  });

  it(`${name}: texts holding U+0000, which no document holds`, async () => {
    await fc.assert(
      fc.asyncProperty(nulCases, (c) => check(engine(), c)),
      { numRuns: Math.min(runs, numRuns) },
    );
  });

  it(`${name}: hand-written documents (wrong types, null vs missing, date shapes)`, async () => {
    expect((await handWrittenDisagreements(engine(), TABLE, DOC)).join("\n\n")).toBe("");
  });
}

describe("toSql with json selects on each engine the rows compileWhere selects", () => {
  for (const name of ENGINE_NAMES) {
    tests(name, () => enginesOf()[name], name === "clickhouse" ? clickhouseRuns : numRuns);
  }
});

// A dialect for an engine without boolean values chooses between a date's day and instant
// tests with AND and OR, never a CASE yielding a condition: the same rows on every engine.
describe("toSql for a dialect whose engine has no boolean values", () => {
  for (const name of ["postgres", "sqlite", "duckdb"] as const) {
    it(`${name}: dates in every JSON spelling`, async () => {
      const dialect: Dialect = { ...dialects[name], booleanValues: false };
      const options = { schema: { d: "date" }, json: DOC } as const;
      const chosen = toSql("d=2024-01-01", { ...options, dialect }).sql;
      const withCase = toSql("d=2024-01-01", { ...options, dialect: name }).sql;
      expect(chosen).not.toBe(withCase);
      expect(chosen).toMatch(/ IS NOT NULL AND .* OR \(.* IS NULL AND /);
      await fc.assert(
        fc.asyncProperty(dateSpellingCases, (c) => check(enginesOf()[name], c, dialect)),
        { numRuns },
      );
    });
  }
});

describe("ClickHouse's documented differences (README, toSql)", () => {
  it("reads no field of a document holding a number out of a double's range", async () => {
    const docs = ['{"s":"a","n":1e400}', '{"s":"a","n":1}'];
    await loadDocs(enginesOf().clickhouse, TABLE, DOC, docs);
    const query = toSql("s=a", { dialect: "clickhouse", schema: JSON_SCHEMA, json: DOC });
    expect(await selectRows(enginesOf().clickhouse, TABLE, query)).toEqual([1]);
    expect(expectedRows("s=a", JSON_SCHEMA, "UTC", docs)).toEqual([0, 1]);
  });

  it("keeps a NaN of a Float64 column for != and NOT IN, where memory has no number", async () => {
    const clickhouse = enginesOf().clickhouse;
    await clickhouse.exec('DROP TABLE IF EXISTS "nan"');
    await clickhouse.exec(
      'CREATE TABLE "nan" ("_row" Int64, "n" Nullable(Float64)) ENGINE = Memory',
    );
    await clickhouse.exec('INSERT INTO "nan" VALUES (0, nan), (1, 1)');
    const schema = { n: "number" } as const;
    for (const filter of ["n!=1", "n NOT IN (1)"]) {
      const query = toSql(filter, { dialect: "clickhouse", schema });
      expect(await selectRows(clickhouse, "nan", query)).toEqual([0]);
      expect(compileWhere(filter, { schema })({ n: Number.NaN })).toBe(false);
    }
  });
});

/**
 * Documents that a ClickHouse `JSON` column changes as it stores them (README, toSql): an object
 * with no member or only null members vanishes, and integers past 64 bits are no number.
 */
const CHANGED_BY_JSON_COLUMN = [
  '{"o":{}}',
  '{"o":{"s":null,"d":null}}',
  '{"a":{}}',
  '{"d":1e20}',
  '{"d":-1e20}',
];

describe("toSql with json on a ClickHouse JSON column", () => {
  beforeAll(async () => {
    // Dates stay strings: ClickHouse would otherwise rewrite an instant as a UTC wall time.
    await enginesOf().clickhouse.exec(
      "SET input_format_try_infer_dates = 0, input_format_try_infer_datetimes = 0",
    );
    await createJsonTable(enginesOf().clickhouse, "typed", DOC, "JSON");
  });

  it("selects the rows compileWhere selects from every object it keeps as written", async () => {
    const kept = DOCS.filter((doc) => doc.startsWith("{") && !CHANGED_BY_JSON_COLUMN.includes(doc));
    const disagreements = await handWrittenDisagreements(
      enginesOf().clickhouse,
      "typed",
      DOC,
      kept,
    );
    expect(disagreements.join("\n\n")).toBe("");
  });

  it("sees the documents it changed as ClickHouse stored them", async () => {
    await loadDocs(enginesOf().clickhouse, "typed", DOC, CHANGED_BY_JSON_COLUMN);
    const query = toSql("o IS NULL AND a IS NULL AND d IS NULL", {
      dialect: "clickhouse",
      schema: JSON_SCHEMA,
      json: DOC,
    });
    expect(await selectRows(enginesOf().clickhouse, "typed", query)).toEqual([0, 1, 2, 3, 4]);
    expect(
      expectedRows(
        "o IS NULL AND a IS NULL AND d IS NULL",
        JSON_SCHEMA,
        "UTC",
        CHANGED_BY_JSON_COLUMN,
      ),
    ).toEqual([]);
  });
});

describe.skipIf(mysqlSkipped)(
  "toSql with json selects on MySQL/MariaDB the rows compileWhere selects",
  () => {
    let mysql: Engine | undefined;
    beforeAll(async () => {
      mysql = await openMysql();
      await createJsonTable(mysql, TABLE, DOC);
    }, 30_000);
    afterAll(async () => {
      await mysql?.close();
    });
    tests("mysql", () => mysql as Engine, mysqlRuns);
  },
);
