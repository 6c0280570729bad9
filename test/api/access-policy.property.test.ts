// grammar/language.md 6.9: a caller under a policy gets exactly what a caller gets from the data
// it may see, under a schema that knows only the fields it may see; memory and SQL agree.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileFields } from "../../src/api/compile-fields.ts";
import { compileWhere } from "../../src/api/compile-where.ts";
import { toSql } from "../../src/api/to-sql.ts";
import {
  fieldsArbitrary,
  recordsArbitrary,
  schemaArbitrary,
  TIME_ZONES,
  whereArbitrary,
} from "../../src/arbitraries/index.ts";
import { type FieldTree, mergeSelection } from "../../src/ast/fields.ts";
import type { WhereExpression } from "../../src/ast/where.ts";
import { formatFields } from "../../src/backends/format/format-fields.ts";
import { formatWhere } from "../../src/backends/format/format-where.ts";
import { createListHandler } from "../../src/http/list-handler.ts";
import type { FieldType, Schema } from "../../src/schema/schema.ts";
import { readSchema } from "../../src/schema/schema.ts";
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

/** The schema a caller that sees only `tree` knows: the fields it names, cut to their children. */
function visibleSchema(schema: Schema, tree: FieldTree): Schema {
  const cut = (fields: Readonly<Record<string, FieldType>>, branches: FieldTree) => {
    const out: Record<string, FieldType> = {};
    for (const { name, children } of branches) {
      const type = fields[name];
      if (name === "_links" || type === undefined) continue;
      out[name] = children === null ? type : cutType(type, children);
    }
    return out;
  };
  const cutType = (type: FieldType, children: FieldTree): FieldType => {
    if (type.kind === "object" && type.fields)
      return { kind: "object", fields: cut(type.fields, children) };
    if (type.kind === "array" && type.items)
      return { kind: "array", items: cutType(type.items, children) };
    return type;
  };
  return readSchema({ kind: "object", fields: cut(schema.fields, tree) });
}

/** Filters over `schema`, or `otherwise` where it has no field a filter can name. */
function wheresOver(
  schema: Schema,
  records: readonly unknown[],
  otherwise: fc.Arbitrary<WhereExpression>,
): fc.Arbitrary<WhereExpression> {
  try {
    return whereArbitrary(schema, { records });
  } catch (error) {
    if (error instanceof RangeError) return otherwise;
    throw error;
  }
}

/** A schema, records of it, a policy over it, and a request that may name any of its fields. */
const scenario = schemaArbitrary().chain((schema) =>
  recordsArbitrary(schema, { maxLength: 20 }).chain((records) =>
    fieldsArbitrary(schema).chain((selectableAst) => {
      const selectable = mergeSelection(selectableAst);
      const seen = visibleSchema(schema, selectable);
      const anyWhere = whereArbitrary(schema, { records });
      return fc.record({
        schema: fc.constant(schema),
        records: fc.constant(records),
        selectable: fc.constant(selectable),
        required: fc.option(anyWhere, { nil: undefined }),
        // Half the filters name only visible fields, half any field of the schema.
        where: fc.option(fc.oneof(wheresOver(seen, records, anyWhere), anyWhere), {
          nil: undefined,
        }),
        fields: fc.option(fc.oneof(fieldsArbitrary(seen), fieldsArbitrary(schema)), {
          nil: undefined,
        }),
        page: fc.integer({ min: 1, max: 4 }),
        size: fc.integer({ min: 1, max: 6 }),
        timeZone: fc.option(fc.constantFrom(...TIME_ZONES), { nil: undefined }),
      });
    }),
  ),
);

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function requestOf(s: Scenario): Request {
  const query = new URLSearchParams();
  if (s.where) query.set("where", formatWhere(s.where));
  if (s.fields) query.set("fields", formatFields(s.fields));
  query.set("page", String(s.page));
  query.set("size", String(s.size));
  const headers: Record<string, string> = s.timeZone ? { timezone: s.timeZone } : {};
  return new Request(`http://api.example/api/items?${query}`, { headers });
}

const answerOf = async (response: Response) => ({
  status: response.status,
  body: await response.text(),
});

describe("a list under a policy", () => {
  it("answers as the list of the visible records under the visible schema", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { schema, records, selectable, required } = s;
        const policy = {
          selectable,
          ...(required ? { where: required } : {}),
        };
        const policed = createListHandler({ source: records, schema, policy, resource: "items" });
        const keeps = required ? compileWhere(required, { schema }) : () => true;
        const visible = compileFields(selectable);
        const seenRecords = records.filter(keeps).map((record) => visible(record) as object);
        const reference = createListHandler({
          source: seenRecords,
          schema: visibleSchema(schema, selectable),
          resource: "items",
        });
        const actual = await answerOf(await policed(requestOf(s)));
        const expected = await answerOf(await reference(requestOf(s)));
        expect(actual).toEqual(expected);
      }),
      { numRuns: runs(300) },
    );
  });

  it("is refused a filter on a field it may see but not filter on as on an unknown field", () => {
    const cases = schemaArbitrary().chain((schema) =>
      recordsArbitrary(schema, { maxLength: 10 }).chain((records) =>
        fieldsArbitrary(schema).chain((selectableAst) => {
          const selectable = mergeSelection(selectableAst);
          const seen = visibleSchema(schema, selectable);
          // A selection valid against what the caller sees is within `selectable`.
          return fieldsArbitrary(seen).chain((filterableAst) => {
            const filterable = mergeSelection(filterableAst);
            const filterSchema = visibleSchema(seen, filterable);
            return fc.record({
              schema: fc.constant(schema),
              records: fc.constant(records),
              selectable: fc.constant(selectable),
              filterable: fc.constant(filterable),
              filterSchema: fc.constant(filterSchema),
              where: fc.oneof(
                whereArbitrary(schema, { records }),
                wheresOver(filterSchema, records, whereArbitrary(schema, { records })),
              ),
            });
          });
        }),
      ),
    );
    fc.assert(
      fc.property(cases, ({ schema, records, selectable, filterable, filterSchema, where }) => {
        const policy = { selectable, filterable };
        const outcome = (run: () => (record: unknown) => boolean) => {
          try {
            const matches = run();
            return { kept: records.map((record) => matches(record)) };
          } catch (error) {
            return { error: (error as Error).message };
          }
        };
        expect(outcome(() => compileWhere(where, { schema, policy }))).toEqual(
          outcome(() => compileWhere(where, { schema: filterSchema })),
        );
      }),
      { numRuns: runs(300) },
    );
  });
});

const enginesOf = useEngines();

/** A schema, records, a policy, a filter, and the zone: for the SQL backends. */
const sqlScenario = schemaArbitrary().chain((schema) =>
  recordsArbitrary(schema, { dates: ["day"], minLength: 1, maxLength: 15 }).chain((records) =>
    fieldsArbitrary(schema).chain((selectableAst) => {
      const selectable = mergeSelection(selectableAst);
      const seen = visibleSchema(schema, selectable);
      return fc.record({
        schema: fc.constant(schema),
        records: fc.constant(records),
        selectable: fc.constant(selectable),
        required: fc.option(whereArbitrary(schema, { records }), { nil: undefined }),
        where: fc.oneof(
          wheresOver(seen, records, whereArbitrary(schema, { records })),
          whereArbitrary(schema, { records }),
        ),
        timeZone: fc.constantFrom(...TIME_ZONES),
      });
    }),
  ),
);

async function checkSql(
  engine: Engine,
  s: typeof sqlScenario extends fc.Arbitrary<infer T> ? T : never,
): Promise<void> {
  const { schema, records, selectable, required, where, timeZone } = s;
  const policy = { selectable, ...(required ? { where: required } : {}) };
  const columns = dateColumns(schema, "text");
  // The reference: the caller's filter read by a schema of the visible fields, and the policy's.
  let expected: number[] | string;
  try {
    const callerKeeps = compileWhere(where, {
      schema: visibleSchema(schema, selectable),
      timeZone,
    });
    const policyKeeps = required ? compileWhere(required, { schema, timeZone }) : () => true;
    expected = records.flatMap((record, i) =>
      policyKeeps(record) && callerKeeps(record) ? [i] : [],
    );
  } catch (error) {
    expected = (error as Error).message;
  }
  let inMemory: number[] | string;
  try {
    const matches = compileWhere(where, { schema, policy, timeZone });
    inMemory = records.flatMap((record, i) => (matches(record) ? [i] : []));
  } catch (error) {
    inMemory = (error as Error).message;
  }
  expect(inMemory).toEqual(expected);
  let query: ReturnType<typeof toSql>;
  try {
    query = toSql(where, { dialect: engine.name, schema, columns, timeZone, policy });
  } catch (error) {
    expect((error as Error).message).toBe(expected);
    return;
  }
  await createTable(engine, "t", schema, columns);
  await insert(engine, "t", schema, records, columns);
  const rows = await selectRows(engine, "t", query);
  await deleteRows(engine, "t");
  expect(
    rows,
    `${formatWhere(where)} under ${formatFields(selectable)} and ${required ? formatWhere(required as WhereExpression) : "no filter"}: ${query.sql}`,
  ).toEqual(expected);
}

describe("toSql under a policy selects the rows compileWhere selects", () => {
  for (const name of ["postgres", "sqlite", "duckdb"] as const satisfies readonly EngineName[]) {
    it(name, async () => {
      await fc.assert(
        fc.asyncProperty(sqlScenario, (s) => checkSql(enginesOf()[name], s)),
        { numRuns: SQL_RUNS.embedded },
      );
    });
  }
});
