import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileFields } from "../../src/api/compile-fields.ts";
import { compileWhere } from "../../src/api/compile-where.ts";
import { toSql } from "../../src/api/to-sql.ts";
import { QueryValidationError } from "../../src/errors/errors.ts";
import { defineSchema, type Schema, type SchemaShape } from "../../src/schema/schema.ts";
import {
  closeEngines,
  createJsonTable,
  ENGINE_NAMES,
  type Engine,
  type EngineName,
  insertJson,
  openEngines,
  openMysql,
  type SqlEngineName,
  selectRows,
  skipMysql,
} from "../support/sql-engines.ts";

// grammar/conformance/evaluation.json: filters run on fixed data sets (grammar/language.md 2.3-2.5) in
// memory, and those with a schema also as SQL on JSON documents, which must keep the same ids.

const FILE = join(import.meta.dirname, "..", "..", "grammar", "conformance", "evaluation.json");

interface ExpectedIssue {
  readonly code: string;
  readonly offset: number;
  readonly length?: number;
}

interface EvaluationCase {
  readonly data: string;
  readonly where: string;
  readonly schema?: string;
  readonly timeZone?: string;
  readonly ids?: readonly number[];
  readonly errors?: readonly ExpectedIssue[];
  readonly sqlDiffers?: Readonly<Partial<Record<SqlEngineName, string>>>;
  readonly section: string;
}

interface ProjectionCase {
  readonly data: string;
  readonly fields: string;
  readonly where?: string;
  readonly schema?: string;
  readonly timeZone?: string;
  readonly output: readonly unknown[];
  readonly section: string;
}

interface EvaluationFile {
  readonly language: string;
  readonly target: string;
  readonly schemas: Readonly<Record<string, { readonly [field: string]: SchemaShape }>>;
  readonly datasets: Readonly<Record<string, readonly Record<string, unknown>[]>>;
  readonly cases: readonly EvaluationCase[];
  readonly projections: readonly ProjectionCase[];
}

const file = JSON.parse(readFileSync(FILE, "utf8")) as EvaluationFile;
const schemas = new Map<string, Schema>(
  Object.entries(file.schemas ?? {}).map(([name, shape]) => [name, defineSchema(shape)]),
);
const SQL_ENGINES: readonly SqlEngineName[] = [...ENGINE_NAMES, "mysql"];

const recordsOf = (name: string) => file.datasets[name] ?? [];
const schemaOf = (name: string | undefined) => (name === undefined ? undefined : schemas.get(name));
/** The schema a case names, which toSql requires; the shape test checks that it exists. */
function requiredSchema(name: string | undefined): Schema {
  const schema = schemaOf(name);
  if (!schema) throw new Error(`no schema named ${JSON.stringify(name)} in the file`);
  return schema;
}
const optionsOf = (c: { schema?: string; timeZone?: string }) => ({
  schema: schemaOf(c.schema),
  timeZone: c.timeZone,
});
const title = (c: EvaluationCase | ProjectionCase) =>
  [c.data, c.schema ? `schema ${c.schema}` : "", c.timeZone ?? "", "where" in c ? c.where : ""]
    .filter((part) => part !== "")
    .join(" | ")
    .slice(0, 120);

/** The ids of the records of a data set that a filter keeps, in data order. */
function idsKept(c: {
  data: string;
  where: string;
  schema?: string;
  timeZone?: string;
}): unknown[] {
  const matches = compileWhere(c.where, optionsOf(c));
  return recordsOf(c.data)
    .filter((record) => matches(record))
    .map((record) => record.id);
}

/** The validation error a case expects, as the issues' fields it gives (length only when given). */
function issuesOf(error: QueryValidationError, expected: readonly ExpectedIssue[]) {
  return error.issues.map((issue, i) =>
    Object.fromEntries(
      Object.keys(expected[i] ?? { code: 0, offset: 0, length: 0 }).map((key) => [
        key,
        issue[key as keyof ExpectedIssue],
      ]),
    ),
  );
}

function expectValidationError(run: () => unknown, expected: readonly ExpectedIssue[]): void {
  let thrown: unknown;
  try {
    run();
  } catch (caught) {
    thrown = caught;
  }
  expect(thrown).toBeInstanceOf(QueryValidationError);
  const error = thrown as QueryValidationError;
  expect(issuesOf(error, expected)).toEqual(expected);
  // The error itself is positioned at its first issue.
  expect([error.code, error.offset]).toEqual([expected[0]?.code, expected[0]?.offset]);
}

const isInteger = (value: unknown) => Number.isSafeInteger(value);
const isText = (value: unknown) => typeof value === "string" && value !== "";

describe("grammar/conformance/evaluation.json: the file", () => {
  it("is a file of evaluation vectors for the where language", () => {
    expect(file.language).toBe("where");
    expect(file.target).toBe("evaluation");
  });

  it("has data sets of records with unique ids, and schemas defineSchema reads", () => {
    const names = Object.keys(file.datasets);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const records = recordsOf(name);
      expect(records.length, name).toBeGreaterThanOrEqual(10);
      const ids = records.map((r) => r.id);
      expect(ids.every(isInteger), name).toBe(true);
      expect(new Set(ids).size, `${name}: repeated id`).toBe(ids.length);
    }
    expect(schemas.size).toBeGreaterThan(0);
  });

  it("has the cases the issue asks for, each with what it requires", () => {
    expect(file.cases.length).toBeGreaterThanOrEqual(150);
    expect(file.projections.length).toBeGreaterThan(0);
    for (const c of [...file.cases, ...file.projections]) {
      const where = "where" in c ? c.where : undefined;
      const label = `${c.data}: ${where ?? ""}`;
      expect(Object.hasOwn(file.datasets, c.data), `${label}: unknown data set`).toBe(true);
      if (c.schema !== undefined) expect(schemas.has(c.schema), `${label}: schema`).toBe(true);
      if (c.timeZone !== undefined) expect(isText(c.timeZone), label).toBe(true);
      expect(isText(c.section), `${label}: section`).toBe(true);
      if (where !== undefined) expect(typeof where, label).toBe("string");
    }
    for (const c of file.cases) {
      const label = `${c.data}: ${c.where}`;
      expect(isText(c.where), label).toBe(true);
      expect((c.ids === undefined) !== (c.errors === undefined), `${label}: ids or errors`).toBe(
        true,
      );
      if (c.ids) {
        // Ids name records of the data set, in data order.
        const order = recordsOf(c.data).map((r) => r.id);
        const positions = c.ids.map((id) => order.indexOf(id));
        expect(
          positions.every((p) => p >= 0),
          `${label}: unknown id`,
        ).toBe(true);
        expect(
          positions.every((p, i) => i === 0 || p > (positions[i - 1] as number)),
          `${label}: ids out of data order`,
        ).toBe(true);
      }
      if (c.errors) {
        expect(c.schema, `${label}: errors need a schema`).toBeDefined();
        expect(c.errors.length, label).toBeGreaterThan(0);
        for (const issue of c.errors) {
          expect(isText(issue.code) && Number.isSafeInteger(issue.offset), label).toBe(true);
          if (issue.length !== undefined) expect(Number.isSafeInteger(issue.length)).toBe(true);
        }
      }
      for (const [engine, why] of Object.entries(c.sqlDiffers ?? {})) {
        expect(SQL_ENGINES, label).toContain(engine);
        expect(isText(why), label).toBe(true);
      }
    }
    for (const p of file.projections) {
      expect(isText(p.fields), p.fields).toBe(true);
      expect(Array.isArray(p.output), p.fields).toBe(true);
    }
  });

  it("covers time zones, schemas, every data set, and validation errors", () => {
    const zones = new Set(file.cases.map((c) => c.timeZone).filter((z) => z !== undefined));
    expect(zones.size).toBeGreaterThanOrEqual(4);
    const withSchema = file.cases.filter((c) => c.schema !== undefined && c.ids);
    expect(withSchema.length).toBeGreaterThanOrEqual(50);
    expect(file.cases.filter((c) => c.errors).length).toBeGreaterThan(0);
    for (const name of Object.keys(file.datasets))
      expect(file.cases.some((c) => c.data === name)).toBe(true);
  });
});

describe("grammar/conformance/evaluation.json: in memory", () => {
  const ran = new Set<EvaluationCase | ProjectionCase>();

  it.each(file.cases.map((c) => [title(c), c] as const))("%s", (_, c) => {
    if (c.errors) {
      expectValidationError(() => compileWhere(c.where, optionsOf(c)), c.errors);
      expectValidationError(
        () =>
          toSql(c.where, {
            dialect: "postgres",
            ...optionsOf(c),
            schema: requiredSchema(c.schema),
          }),
        c.errors,
      );
    } else {
      expect(idsKept(c)).toEqual(c.ids);
    }
    ran.add(c);
  });

  it.each(file.projections.map((p) => [`${title(p)} | fields ${p.fields}`, p] as const))(
    "%s",
    (_, p) => {
      const schema = schemaOf(p.schema);
      const matches = p.where === undefined ? () => true : compileWhere(p.where, optionsOf(p));
      const project = compileFields(p.fields, schema ? { schema } : {});
      const output = recordsOf(p.data)
        .filter((record) => matches(record))
        .map((record) => project(record));
      // Key order is part of the expectation (3.2), so compare the JSON text.
      expect(JSON.stringify(output)).toBe(JSON.stringify(p.output));
      ran.add(p);
    },
  );

  it("ran every case and every projection", () => {
    expect(ran.size).toBe(file.cases.length + file.projections.length);
  });
});

// SQL: every case with a schema and ids, in toSql's JSON mode, on records stored as JSON text.
const DOC = "doc";
const tableOf = (data: string) => `conformance_${data}`;
const sqlCases = file.cases.filter((c) => c.schema !== undefined && c.ids !== undefined);

async function loadDatasets(engine: Engine): Promise<void> {
  for (const [name, records] of Object.entries(file.datasets)) {
    await createJsonTable(engine, tableOf(name), DOC);
    await insertJson(
      engine,
      tableOf(name),
      DOC,
      records.map((r) => JSON.stringify(r)),
    );
  }
}

/** The ids an engine selects for a case, in data order. */
async function idsSelected(engine: Engine, c: EvaluationCase): Promise<unknown[]> {
  const query = toSql(c.where, {
    dialect: engine.name,
    schema: requiredSchema(c.schema),
    json: DOC,
    timeZone: c.timeZone,
  });
  const records = recordsOf(c.data);
  const rows = await selectRows(engine, tableOf(c.data), query);
  return rows.map((row) => records[row]?.id);
}

function sqlTests(name: SqlEngineName, engine: () => Engine): void {
  const ran = new Set<EvaluationCase>();
  it.each(sqlCases.map((c) => [`${name}: ${title(c)}`, c] as const))("%s", async (_, c) => {
    const actual = await idsSelected(engine(), c);
    const differs = c.sqlDiffers?.[name];
    if (differs === undefined) expect(actual).toEqual(c.ids);
    // A documented difference must still show, or its mark is stale.
    else expect(actual, `marked as differing on ${name}: ${differs}`).not.toEqual(c.ids);
    ran.add(c);
  });
  it(`${name}: ran every case with a schema`, () => {
    expect(sqlCases.length).toBeGreaterThan(0);
    expect(ran.size).toBe(sqlCases.length);
  });
}

describe("grammar/conformance/evaluation.json: toSql in JSON mode on each embedded engine", () => {
  let engines: Record<EngineName, Engine>;
  beforeAll(async () => {
    engines = await openEngines();
    for (const name of ENGINE_NAMES) await loadDatasets(engines[name]);
  }, 60_000);
  afterAll(async () => {
    await closeEngines(engines);
  });
  for (const name of ENGINE_NAMES) sqlTests(name, () => engines[name]);
});

/** Skipped only off CI and with no server (then told how to start one). */
const mysqlSkipped = await skipMysql();

describe.skipIf(mysqlSkipped)(
  "grammar/conformance/evaluation.json: toSql in JSON mode on MySQL/MariaDB",
  () => {
    let mysql: Engine | undefined;
    beforeAll(async () => {
      mysql = await openMysql();
      await loadDatasets(mysql);
    }, 30_000);
    afterAll(async () => {
      await mysql?.close();
    });
    sqlTests("mysql", () => mysql as Engine);
  },
);
