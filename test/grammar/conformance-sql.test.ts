import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toSql } from "../../src/api/to-sql.ts";
import type { ColumnSpec } from "../../src/backends/sql/compile-sql.ts";
import type { DialectName } from "../../src/backends/sql/dialects.ts";
import { defineSchema, type SchemaShape } from "../../src/schema/schema.ts";

const FILE = join(import.meta.dirname, "..", "..", "grammar", "conformance", "sql.json");

/** The options of a vector: those of `toSql` without the schema, which the file holds once. */
interface VectorOptions {
  readonly dialect: DialectName;
  readonly columns?: Readonly<Record<string, string | ColumnSpec>>;
  readonly json?: string;
  readonly timeZone?: string;
  readonly placeholders?: "$n" | "?n" | "?";
  readonly firstParameter?: number;
}

interface SqlVector {
  readonly filter: string;
  readonly options: VectorOptions;
  readonly sql: string;
  readonly params: unknown[];
  readonly section: string;
  readonly note?: string;
}

interface SqlVectorFile {
  readonly language: string;
  readonly target: string;
  readonly schema: { readonly [field: string]: SchemaShape };
  readonly vectors: SqlVector[];
}

const file = JSON.parse(readFileSync(FILE, "utf8")) as SqlVectorFile;
const schema = defineSchema(file.schema);
const DIALECTS: readonly DialectName[] = ["postgres", "sqlite", "duckdb", "mysql", "clickhouse"];

/** What a vector is about apart from its dialect: its filter and its other options. */
const subject = (v: SqlVector) => {
  const { dialect: _, ...rest } = v.options;
  return `${v.filter} ${JSON.stringify(rest)}`;
};

describe("grammar/conformance/sql.json", () => {
  const { vectors } = file;

  it("is a file of SQL vectors for the where language", () => {
    expect(file.language).toBe("where");
    expect(file.target).toBe("sql");
  });

  it("has at least 25 filters, most of them for all five dialects, and JSON mode on each", () => {
    expect(vectors.length).toBeGreaterThanOrEqual(100);
    expect(new Set(vectors.map((v) => v.filter)).size).toBeGreaterThanOrEqual(25);
    const bySubject = new Map<string, Set<DialectName>>();
    for (const v of vectors) {
      const dialects = bySubject.get(subject(v)) ?? new Set();
      expect(dialects.has(v.options.dialect), `${subject(v)} twice for one dialect`).toBe(false);
      bySubject.set(subject(v), dialects.add(v.options.dialect));
    }
    const complete = [...bySubject.values()].filter((d) => d.size === DIALECTS.length).length;
    expect(complete / bySubject.size).toBeGreaterThanOrEqual(0.9);
    for (const dialect of DIALECTS) {
      const json = vectors.filter((v) => v.options.dialect === dialect && v.options.json);
      expect(new Set(json.map((v) => v.filter)).size, dialect).toBeGreaterThanOrEqual(5);
    }
  });

  it.each(vectors.map((v) => [`${v.options.dialect}: ${subject(v).slice(0, 100)}`, v] as const))(
    "%s",
    (_, v) => {
      expect(DIALECTS).toContain(v.options.dialect);
      expect(toSql(v.filter, { ...v.options, schema })).toEqual({ sql: v.sql, params: v.params });
    },
  );
});
