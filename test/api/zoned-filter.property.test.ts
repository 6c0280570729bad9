// grammar/language.md 6.9: a zoned filter's parts each read dates in their own zone, on every
// backend: the closures, the generated predicate, a list handler's source, and SQL on each engine.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileWhere } from "../../src/api/compile-where.ts";
import { toSql } from "../../src/api/to-sql.ts";
import {
  listScalarFields,
  recordsArbitrary,
  schemaArbitrary,
  TIME_ZONES,
  whereArbitrary,
} from "../../src/arbitraries/index.ts";
import type { ZonedFilter } from "../../src/ast/zoned-filter.ts";
import { formatWhere } from "../../src/backends/format/format-where.ts";
import { createListHandler } from "../../src/http/list-handler.ts";
import { readListRequest } from "../../src/list/read-list-request.ts";

import { runs } from "../support/runs.ts";
import {
  createTable,
  dateColumns,
  deleteRows,
  type Engine,
  type EngineName,
  insert,
  SQL_RUNS,
  selectRows,
  useEngines,
} from "../support/sql-engines.ts";

const zone = fc.constantFrom(...TIME_ZONES);

/** Records whose dates are instants, so that the zone a day is read in changes the answer. */
const scenario = schemaArbitrary()
  .filter((schema) => listScalarFields(schema).some((field) => field.type === "date"))
  .chain((schema) =>
    recordsArbitrary(schema, { dates: ["epochMillis"], minLength: 1, maxLength: 15 }).chain(
      (records) =>
        fc.record({
          schema: fc.constant(schema),
          records: fc.constant(records),
          required: whereArbitrary(schema, { records }),
          requiredZone: zone,
          caller: fc.option(whereArbitrary(schema, { records }), { nil: undefined }),
          timeZone: zone,
        }),
    ),
  );

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** The filter as parts, and the rows that each part read alone in its own zone keeps. */
function partsAndRows(s: Scenario): { filter: ZonedFilter; rows: number[] } {
  const { schema, records, required, requiredZone, caller, timeZone } = s;
  const filter: ZonedFilter = {
    kind: "zoned",
    parts: [{ where: required, timeZone: requiredZone }, ...(caller ? [{ where: caller }] : [])],
  };
  const first = compileWhere(required, { schema, timeZone: requiredZone });
  const second = caller ? compileWhere(caller, { schema, timeZone }) : () => true;
  const rows = records.flatMap((record, i) => (first(record) && second(record) ? [i] : []));
  return { filter, rows };
}

const rowsOf = (records: readonly unknown[], matches: (record: unknown) => boolean) =>
  records.flatMap((record, i) => (matches(record) ? [i] : []));

describe("a zoned filter in memory", () => {
  it("keeps what each part keeps in its own zone, generated, as closures, and as JSON", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { filter, rows } = partsAndRows(s);
        const { schema, records, timeZone } = s;
        for (const codeGeneration of ["always", "never"] as const) {
          const matches = compileWhere(filter, { schema, timeZone, codeGeneration });
          expect(rowsOf(records, matches)).toEqual(rows);
        }
        const travelled = JSON.parse(JSON.stringify(filter)) as ZonedFilter;
        expect(rowsOf(records, compileWhere(travelled, { schema, timeZone }))).toEqual(rows);
      }),
      { numRuns: runs(300) },
    );
  });

  it("reaches a source function as parts it runs in the right zones, as the handler does", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { schema, records, required, requiredZone, caller, timeZone } = s;
        const policy = { where: required, timeZone: requiredZone };
        const query = caller
          ? `?where=${encodeURIComponent(formatWhere(caller))}&size=100`
          : "?size=100";
        const answer = async (source: Parameters<typeof createListHandler>[0]["source"]) => {
          const handler = createListHandler({ source, schema, policy, resource: "items" });
          const response = await handler(
            new Request(`http://api.example/api/items${query}`, {
              headers: { timezone: timeZone },
            }),
          );
          return { status: response.status, body: (await response.json()) as { items: unknown[] } };
        };
        const fromMemory = await answer(records as object[]);
        const fromSource = await answer((request) => {
          const matches = request.where
            ? compileWhere(request.where, { schema, timeZone: request.timeZone })
            : () => true;
          const items = records.filter((record) => matches(record)) as object[];
          return { items, total: items.length };
        });
        expect(fromSource).toEqual(fromMemory);
        const { rows } = partsAndRows(s);
        expect(fromMemory.body.items).toEqual(
          JSON.parse(JSON.stringify(rows.map((i) => records[i]))),
        );
        // readListRequest gives the same filter a source gets.
        const read = readListRequest(query, { schema, policy });
        expect(read.where?.kind).toBe("zoned");
        const matches = compileWhere(read.where as ZonedFilter, { schema, timeZone });
        expect(rowsOf(records, matches)).toEqual(rows);
      }),
      { numRuns: runs(150) },
    );
  });
});

const enginesOf = useEngines();

async function checkSql(engine: Engine, s: Scenario): Promise<void> {
  const { filter, rows } = partsAndRows(s);
  const { schema, records, timeZone } = s;
  const columns = dateColumns(schema, "epochMillis");
  const query = toSql(filter, { dialect: engine.name, schema, columns, timeZone });
  await createTable(engine, "t", schema, columns);
  await insert(engine, "t", schema, records, columns);
  const selected = await selectRows(engine, "t", query);
  await deleteRows(engine, "t");
  expect(selected, `${query.sql} ${JSON.stringify(query.params)}`).toEqual(rows);
}

describe("a zoned filter in SQL selects the rows its parts select, each in its zone", () => {
  for (const name of ["postgres", "sqlite", "duckdb"] as const satisfies readonly EngineName[]) {
    it(name, async () => {
      await fc.assert(
        fc.asyncProperty(scenario, (s) => checkSql(enginesOf()[name], s)),
        { numRuns: SQL_RUNS.embedded },
      );
    });
  }
});
