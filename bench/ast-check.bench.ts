// The price of checking a tree from outside (issue 13): readWhereAst against the compile it
// guards (the predicate and the SQL backends), against a bare deep copy (structuredClone, the
// hand-written floor of returning a fresh tree), and against the text path it replaces
// (compileWhere from text: parse and compile).

import { compileWhere } from "../src/api/compile-where.ts";
import { compilePredicate } from "../src/backends/predicate/compile-predicate.ts";
import { compileSql } from "../src/backends/sql/compile-sql.ts";
import { dialects } from "../src/backends/sql/dialects.ts";
import { MAX_DEPTH_LIMIT } from "../src/base/limits.ts";
import { readWhereAst } from "../src/check/read-where.ts";
import { defineSchema, type Schema } from "../src/schema/schema.ts";
import { parseWhere } from "../src/syntax/parse-where.ts";
import {
  type Benchmark,
  type BenchOptions,
  compare,
  formatMicros,
  formatRatio,
  formatTable,
  printHeading,
} from "./harness.ts";
import { PARSE_FILTERS } from "./parse-filters.ts";

/** A schema naming every path of the tree, each a string, so the SQL backend compiles it all. */
function schemaFor(tree: unknown): Schema {
  const shape: Record<string, unknown> = {};
  JSON.stringify(tree, (key, value) => {
    if (key !== "segments") return value;
    let level = shape;
    for (const [i, name] of (value as string[]).entries()) {
      if (i === value.length - 1) {
        level[name] = "string";
      } else {
        level[name] ??= {};
        level = level[name] as Record<string, unknown>;
      }
    }
    return value;
  });
  return defineSchema(shape as never);
}

async function run(options: BenchOptions): Promise<void> {
  printHeading("Checking a where tree from outside, against compiling it (µs per tree)");
  const rows: string[][] = [];
  for (const filter of PARSE_FILTERS) {
    // A tree as a client sends it: plain JSON, no object shared with the parser.
    const tree = JSON.parse(JSON.stringify(parseWhere(filter.qaql, { maxLength: Infinity })));
    const sqlOptions = { dialect: dialects.postgres, schema: schemaFor(tree) };
    const text = { maxLength: Number.POSITIVE_INFINITY };
    const [check, copy, predicate, sql, fromText] = compare(
      [
        { name: "check", fn: () => readWhereAst(tree, MAX_DEPTH_LIMIT) },
        { name: "structuredClone", fn: () => structuredClone(tree) },
        { name: "compile predicate", fn: () => compilePredicate(tree, {}) },
        { name: "compile SQL", fn: () => compileSql(tree, sqlOptions) },
        { name: "compileWhere(text)", fn: () => compileWhere(filter.qaql, text) },
      ],
      options,
    );
    if (!check || !copy || !predicate || !sql || !fromText) {
      throw new Error("a case was not measured");
    }
    rows.push([
      filter.name,
      formatMicros(check.nsPerOp),
      formatMicros(copy.nsPerOp),
      formatRatio(check.nsPerOp / copy.nsPerOp),
      formatMicros(predicate.nsPerOp),
      formatRatio(check.nsPerOp / predicate.nsPerOp),
      formatMicros(sql.nsPerOp),
      formatRatio(check.nsPerOp / sql.nsPerOp),
      formatMicros(fromText.nsPerOp),
      formatRatio(check.nsPerOp / fromText.nsPerOp),
    ]);
  }
  console.log(
    formatTable(
      [
        { header: "filter", align: "left" },
        { header: "check" },
        { header: "clone" },
        { header: "check/clone" },
        { header: "predicate" },
        { header: "check/predicate" },
        { header: "SQL" },
        { header: "check/SQL" },
        { header: "from text" },
        { header: "check/text" },
      ],
      rows,
    ),
  );
}

export const astCheckBenchmark: Benchmark = {
  name: "ast-check",
  description: "readWhereAst on trees from outside, against compiling them and a bare deep copy",
  run,
};
