import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileWhere } from "../../src/api/compile-where.ts";
import { toSql } from "../../src/api/to-sql.ts";
import {
  type DateRepresentation,
  listScalarFields,
  recordsArbitrary,
  schemaArbitrary,
  TIME_ZONES,
  whereArbitrary,
} from "../../src/arbitraries/index.ts";
import type { WhereExpression } from "../../src/ast/where.ts";
import { formatWhere } from "../../src/backends/format/format-where.ts";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import type { Schema } from "../../src/schema/schema.ts";
import { expectedRows as expectedJsonRows, loadDocs } from "../backends/sql/json-cases.ts";
import { withNulTexts } from "../backends/sql/nul-texts.ts";
import {
  type ColumnsOption,
  columnsOf,
  createJsonTable,
  createTable,
  type DateStorage,
  type Engine,
  insert,
  openEngine,
} from "../support/sql-engines.ts";
import {
  BUILDER_ENGINES,
  type BuilderEngine,
  builders,
  keptByOwn,
  type OwnConditions,
  runStatement,
} from "./query-builders.ts";

// Issue 16, section 4: each builder's statement, qaql's condition between two conditions of the
// builder's own, selects on PGlite and on SQLite the rows that compileWhere and those conditions
// select, over generated schemas, records, filters (some texts holding U+0000, grammar/language.md
// 9.3), column names and zones.

const engines = new Map<BuilderEngine, Engine>();
beforeAll(async () => {
  for (const name of BUILDER_ENGINES) engines.set(name, await openEngine(name));
}, 60_000);
afterAll(async () => {
  await Promise.all([...engines.values()].map((engine) => engine.close()));
});

/** Runs per property and engine (three builders each); SQL_RUNS raises it, as for toSql's own. */
const numRuns = Number(process.env.SQL_RUNS ?? 150);

/**
 * Column names that the builders must carry as text: a `?` (Knex's binding, mysql2's placeholder),
 * `:p1` (a Knex named binding), `??`, quotes of every kind, a backslash, `$1`; each ends in its
 * own number, which keeps them apart (SQLite's names ignore case) and short (PostgreSQL cuts
 * names past 63 bytes).
 */
const columnName = fc
  .array(fc.constantFrom("?", "??", ":p1", "::", '"', "'", "`", "\\", "$1", " ", "é", "a", "-"), {
    maxLength: 4,
  })
  .map((parts) => parts.join(""));

interface Case {
  readonly schema: Schema;
  readonly filter: WhereExpression;
  readonly records: unknown[];
  readonly columns: ColumnsOption;
  readonly timeZone: string;
  readonly own: OwnConditions;
}

/** Cases whose dates are stored one of `storages` ways and held as `dates` in the records. */
function columnCases(
  storages: readonly DateStorage[],
  dates: DateRepresentation,
  onlyWithDates: boolean,
): fc.Arbitrary<Case> {
  const schemas = onlyWithDates
    ? schemaArbitrary().filter((s) => listScalarFields(s).some((f) => f.type === "date"))
    : schemaArbitrary();
  return schemas.chain((schema) => {
    const paths = columnsOf(schema).map((column) => ({
      path: column.segments.join("."),
      date: column.type === "date",
    }));
    return recordsArbitrary(schema, { dates: [dates], minLength: 1 }).chain((records) =>
      fc.record({
        schema: fc.constant(schema),
        filter: withNulTexts(
          fc.oneof(whereArbitrary(schema), whereArbitrary(schema, { records })),
          schema,
        ),
        records: fc.constant(records),
        columns: fc
          .tuple(
            fc.array(columnName, { minLength: paths.length, maxLength: paths.length }),
            fc.constantFrom(...storages),
          )
          .map(([names, dateStorage]) =>
            Object.fromEntries(
              paths.map(({ path, date }, i) => {
                const column = `${names[i]}_${i}`;
                return [path, date ? { column, dateStorage } : column];
              }),
            ),
          ),
        timeZone: fc.constantFrom(...TIME_ZONES),
        own: ownConditions(records.length),
      }),
    );
  });
}

function ownConditions(rows: number): fc.Arbitrary<OwnConditions> {
  return fc.record({
    above: fc.integer({ min: -1, max: rows - 1 }),
    except: fc.integer({ min: 0, max: rows - 1 }),
  });
}

/** Days in date or text columns, and instants in timestamp or epoch-milliseconds ones. */
const cases = fc.oneof(
  columnCases(["date", "text"], "day", false),
  columnCases(["timestamp", "epochMillis"], "epochMillis", true),
);

/** What a failed case says: the engine, builder, filter, statement and data. */
function describeCase(
  engine: BuilderEngine,
  builder: string,
  filter: WhereExpression,
  statement: { sql: string; params: readonly unknown[] } | undefined,
  data: unknown,
): string {
  return [
    `${builder} on ${engine}: ${formatWhere(filter)}`,
    `SQL: ${statement?.sql}`,
    `params: ${JSON.stringify(statement?.params)}`,
    `data: ${JSON.stringify(data)}`,
  ].join("\n");
}

async function checkColumns(name: BuilderEngine, c: Case): Promise<void> {
  const engine = engines.get(name) as Engine;
  await createTable(engine, "t", c.schema, c.columns);
  await insert(engine, "t", c.schema, c.records, c.columns);
  const matches = compileWhere(c.filter, { schema: c.schema, timeZone: c.timeZone });
  const expected = keptByOwn(
    c.records.flatMap((record, i) => (matches(record) ? [i] : [])),
    c.own,
  );
  const options = { dialect: name, schema: c.schema, columns: c.columns, timeZone: c.timeZone };
  // Knex's PostgreSQL client has no spelling of a backslash before a `?` (toKnex says so).
  const knexCannot = name === "postgres" && toSql(c.filter, options).sql.includes("\\?");
  for (const [builder, build] of Object.entries(builders)) {
    if (builder === "knex" && knexCannot) {
      expect(() => build(name, "t", c.filter, options, c.own)).toThrow(InvalidOptionError);
      continue;
    }
    const statement = build(name, "t", c.filter, options, c.own);
    const actual = await runStatement(engine, statement);
    expect(
      actual,
      describeCase(name, builder, c.filter, statement, { columns: c.columns, records: c.records }),
    ).toEqual(expected);
  }
}

interface JsonCase {
  readonly schema: Schema;
  readonly filter: WhereExpression;
  readonly docs: string[];
  readonly timeZone: string;
  readonly own: OwnConditions;
}

/**
 * JSON documents with every spelling of a date: on PostgreSQL their tests are regular
 * expressions, whose `?` Knex must not take for a binding.
 */
const jsonCases: fc.Arbitrary<JsonCase> = schemaArbitrary().chain((schema) =>
  recordsArbitrary(schema, {
    strict: false,
    dates: ["day", "epochMillis", "dateTime"],
    minLength: 1,
  }).chain((records) =>
    fc.record({
      schema: fc.constant(schema),
      filter: withNulTexts(
        fc.oneof(whereArbitrary(schema), whereArbitrary(schema, { records })),
        schema,
      ),
      docs: fc.constant(records.map((record) => JSON.stringify(record))),
      timeZone: fc.constantFrom(...TIME_ZONES),
      own: ownConditions(records.length),
    }),
  ),
);

/** The JSON column: a name a builder could misread (a Knex binding, `?`, quotes). */
const DOC = 'do"c?:p1';

async function checkJson(name: BuilderEngine, c: JsonCase): Promise<void> {
  const engine = engines.get(name) as Engine;
  await loadDocs(engine, "j", DOC, c.docs);
  const expected = keptByOwn(expectedJsonRows(c.filter, c.schema, c.timeZone, c.docs), c.own);
  const options = { dialect: name, schema: c.schema, json: DOC, timeZone: c.timeZone };
  for (const [builder, build] of Object.entries(builders)) {
    const statement = build(name, "j", c.filter, options, c.own);
    const actual = await runStatement(engine, statement);
    expect(actual, describeCase(name, builder, c.filter, statement, c.docs)).toEqual(expected);
  }
}

describe.each(BUILDER_ENGINES)(
  "on %s, every builder's statement selects what memory selects",
  (name) => {
    it("in typed columns with awkward names, qaql's condition between the builder's own", async () => {
      await fc.assert(
        fc.asyncProperty(cases, (c) => checkColumns(name, c)),
        { numRuns },
      );
    });

    it("in a JSON column, dates in every spelling", async () => {
      await createJsonTable(engines.get(name) as Engine, "j", DOC);
      await fc.assert(
        fc.asyncProperty(jsonCases, (c) => checkJson(name, c)),
        { numRuns: Math.ceil(numRuns / 2) },
      );
    });
  },
);
