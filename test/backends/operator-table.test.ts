// Every row of the operator table, on every type of field it takes, on every backend: the
// closures, the generated code, the printer, the raw prefilter and SQL on PGlite, SQLite and
// DuckDB select what the reference evaluation selects, over values of every type, null and
// missing ones included. A row added to WHERE_OPERATORS is run here without a new line.
import { describe, expect, it } from "vitest";
import { compileWhere } from "../../src/api/compile-where.ts";
import { toSql } from "../../src/api/to-sql.ts";
import { PATTERN_MODES, type WherePredicate } from "../../src/ast/where.ts";
import {
  type OperandKind,
  WHERE_OPERATORS,
  type WhereOperator,
} from "../../src/ast/where-grammar.ts";
import { formatWhere } from "../../src/backends/format/format-where.ts";
import { compilePredicate } from "../../src/backends/predicate/compile-predicate.ts";
import { compileRawFilter } from "../../src/backends/raw/raw-filter.ts";
import { referenceEvaluate } from "../../src/conformance/reference-evaluate.ts";
import { defineSchema } from "../../src/schema/schema.ts";
import { parseWhere } from "../../src/syntax/parse-where.ts";
import { predicateOf, SCHEMA_OF_EVERY_KIND } from "../support/operator-predicates.ts";
import {
  createTable,
  dateColumns,
  insert,
  selectRows,
  useEngines,
} from "../support/sql-engines.ts";

const schema = SCHEMA_OF_EVERY_KIND;

/** The types SQL compares; `any`, objects and arrays are tested in memory only. */
const SQL_KINDS: ReadonlySet<OperandKind> = new Set([
  "string",
  "integer",
  "number",
  "boolean",
  "date",
]);

/** Each field's values, one a record, `undefined` for a missing member. */
const VALUES: Readonly<Record<OperandKind, readonly unknown[]>> = {
  string: ["x", "y", "X", "", "xx y", "é", null, undefined],
  integer: [1, 2, -1, 0, 40, null, undefined, 3],
  number: [1.5, 2, -0.5, 0, 1e3, null, undefined, 1.25],
  boolean: [true, false, null, undefined, true, false, true, null],
  date: [
    "2024-01-01",
    "2023-12-31",
    "2024-01-02",
    "2000-02-29",
    null,
    undefined,
    "2024-01-01",
    "1999-12-31",
  ],
  any: ["x", 1, true, null, undefined, "2024-01-01", 1.5, "y"],
  object: [{ id: "a" }, null, undefined, { id: "b" }, { id: "a" }, null, { id: "c" }, undefined],
  array: [["a"], [], null, undefined, ["b", "c"], ["a"], null, ["x"]],
};

const RECORDS: readonly Record<string, unknown>[] = Array.from({ length: 8 }, (_, row) => {
  const record: Record<string, unknown> = { id: row };
  for (const [kind, values] of Object.entries(VALUES)) {
    const value = values[row];
    if (value !== undefined) record[kind] = value;
  }
  return record;
});

/** Literals that fit each scalar type: one held by some records, one by none. */
const LITERALS: Readonly<Record<OperandKind, readonly string[]>> = {
  string: ["x", "zz"],
  integer: ["1", "7"],
  number: ["1.5", "-3"],
  boolean: ["true", "false"],
  date: ["2024-01-01", "2010-06-15"],
  any: ["x", "1"],
  object: ["x"],
  array: ["x"],
};

/** The predicates an operator makes on the field of `kind`: one per literal, and per pattern shape. */
function predicates(operator: WhereOperator, kind: OperandKind): WherePredicate[] {
  const literals = LITERALS[kind];
  if (operator.node === "isNull") return [predicateOf(operator, kind, [])];
  if (operator.node === "in") {
    return [
      predicateOf(operator, kind, literals),
      predicateOf(operator, kind, literals.slice(0, 1)),
    ];
  }
  const modes = operator.node === "pattern" ? PATTERN_MODES : (["contains"] as const);
  return literals.flatMap((value) =>
    modes.map((mode) => predicateOf(operator, kind, [value], mode)),
  );
}

const CASES = WHERE_OPERATORS.flatMap((operator) =>
  operator.takes.flatMap((kind) =>
    predicates(operator, kind).map((node) => ({ operator, kind, node })),
  ),
);

const idsOf = (records: readonly unknown[]) =>
  records.map((record) => (record as { id: number }).id);

async function expectedIds(node: WherePredicate): Promise<number[]> {
  const { items } = await referenceEvaluate(RECORDS, {
    resource: "records",
    where: node,
    fields: undefined,
    page: 1,
    size: RECORDS.length,
    paginated: false,
    schema,
    timeZone: "UTC",
  });
  return idsOf(items);
}

describe("every operator on every type it takes", () => {
  it("runs on every field type of the table, both ways of every negated operator", () => {
    const operators = new Set(CASES.map(({ operator }) => operator.text));
    expect([...operators]).toEqual(WHERE_OPERATORS.map((operator) => operator.text));
    expect(CASES.length).toBeGreaterThan(100);
  });

  it.each(CASES.map((c) => [formatWhere(c.node), c] as const))(
    "%s: in memory, printed and prefiltered as the reference",
    async (text, { node }) => {
      const expected = await expectedIds(node);
      for (const codeGeneration of ["never", "always"] as const) {
        const matches = compilePredicate(node, { schema, codeGeneration });
        expect(idsOf(RECORDS.filter(matches)), codeGeneration).toEqual(expected);
      }
      const reread = compileWhere(parseWhere(text), { schema });
      expect(idsOf(RECORDS.filter(reread)), "printed and read back").toEqual(expected);
      const raw = compileRawFilter(node, schema);
      const encoder = new TextEncoder();
      for (const record of RECORDS.filter((r) => expected.includes(r.id as number))) {
        const bytes = encoder.encode(JSON.stringify(record));
        expect(
          raw?.test(bytes, 0, bytes.length) ?? true,
          `raw prefilter on ${JSON.stringify(record)}`,
        ).toBe(true);
      }
    },
  );
});

describe("every operator on every type SQL compares", () => {
  const enginesOf = useEngines(async (engine) => {
    const columns = dateColumns(schema, "date");
    const scalar = defineSchema({
      string: "string",
      integer: "integer",
      number: "number",
      boolean: "boolean",
      date: "date",
    });
    await createTable(engine, "operators", scalar, columns);
    await insert(engine, "operators", scalar, RECORDS, columns);
  });
  const sqlCases = CASES.filter(({ kind }) => SQL_KINDS.has(kind));

  for (const name of ["postgres", "sqlite", "duckdb"] as const) {
    it(`${name}: selects the reference's rows for each of ${sqlCases.length} predicates`, async () => {
      const engine = enginesOf()[name];
      const disagreements: string[] = [];
      for (const { node } of sqlCases) {
        const query = toSql(node, { dialect: name, schema, columns: dateColumns(schema, "date") });
        const rows = await selectRows(engine, "operators", query);
        const expected = await expectedIds(node);
        if (JSON.stringify(rows) !== JSON.stringify(expected)) {
          disagreements.push(
            `${formatWhere(node)}: ${JSON.stringify(rows)}, expected ${JSON.stringify(expected)}`,
          );
        }
      }
      expect(disagreements).toEqual([]);
    });
  }
});
