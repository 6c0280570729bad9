// toSql against odata-v4-sql on the filters of the parse benchmark: text to SQL (parse included)
// for each of qaql's four dialects, and from a tree parsed beforehand.
import { createRequire } from "node:module";
import { createFilter } from "odata-v4-sql";
import {
  type DialectName,
  defineSchema,
  parseWhere,
  type SchemaShape,
  type ToSqlOptions,
  toSql,
  type WhereExpression,
} from "../src/index.ts";
import {
  type BenchCase,
  type Benchmark,
  type BenchOptions,
  compare,
  formatMicros,
  formatOps,
  formatRatio,
  formatSpread,
  formatTable,
  type Measurement,
  printHeading,
} from "./harness.ts";
import { PARSE_FILTERS, type ParseFilter } from "./parse-filters.ts";

const DIALECTS: readonly DialectName[] = ["postgres", "sqlite", "duckdb", "mysql"];

// odata-v4-sql parses with its own pinned copy of odata-v4-parser (0.1.13, where the parse
// benchmark has 0.1.29): load that copy, so that the pre-parsed tree is the one it expects.
const requireFromOdataSql = createRequire(createRequire(import.meta.url).resolve("odata-v4-sql"));
const odataSqlParser = requireFromOdataSql("odata-v4-parser") as {
  filter(text: string): Parameters<typeof createFilter>[0];
};

/** The odata-v4-sql result as this benchmark reads it: SQL text and named parameters. */
interface ODataSql {
  readonly where: string;
  readonly parameters: Map<string, unknown>;
}

type Shape = { [field: string]: SchemaShape };

/**
 * A schema covering every field of the filters: a field compared with a number, or listed with
 * numbers only, is a number; every other field (patterns, texts, null tests) is a string.
 */
function schemaShapeOf(filters: readonly ParseFilter[]): Shape {
  const shape: Shape = {};
  const put = (segments: readonly string[], type: "string" | "number") => {
    let node = shape;
    segments.slice(0, -1).forEach((segment) => {
      node[segment] ??= {};
      node = node[segment] as Shape;
    });
    const last = segments.at(-1) as string;
    if (node[last] !== "number") node[last] = type;
  };
  const isNumber = (text: string) => /^-?[0-9]+(?:\.[0-9]+)?$/.test(text);
  const visit = (node: WhereExpression): void => {
    switch (node.kind) {
      case "and":
      case "or":
        node.operands.forEach(visit);
        return;
      case "comparison":
        put(node.path.segments, isNumber(node.value.text) ? "number" : "string");
        return;
      case "in":
        put(node.path.segments, node.values.every((v) => isNumber(v.text)) ? "number" : "string");
        return;
      default:
        put(node.path.segments, "string");
    }
  };
  for (const filter of filters) visit(parseWhere(filter.qaql));
  return shape;
}

function countFields(shape: Shape): Record<string, number> {
  const counts: Record<string, number> = {};
  const walk = (s: Shape) => {
    for (const type of Object.values(s)) {
      if (typeof type === "string") counts[type] = (counts[type] ?? 0) + 1;
      else walk(type as Shape);
    }
  };
  walk(shape);
  return counts;
}

function truncate(text: string, max = 100): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** `?` placeholders in odata-v4-sql's SQL (its string values never reach the SQL text). */
const placeholders = (sql: string) => sql.split("?").length - 1;

async function run(options: BenchOptions): Promise<void> {
  printHeading("sql: toSql vs odata-v4-sql");
  const shape = schemaShapeOf(PARSE_FILTERS);
  const schema = defineSchema(shape);
  const counts = Object.entries(countFields(shape))
    .map(([type, n]) => `${n} ${type}`)
    .join(", ");
  console.log(
    `median of batches over ~${options.timeMs} ms per case; schema: ${counts} fields ` +
      "(large: fN and gN.sub); odata-v4-sql is given the OData text of the parse benchmark",
  );
  console.log(
    '"text": filter text to SQL, parse included; "AST": from a tree parsed beforehand ' +
      "(qaql still validates it against the schema); odata÷qaql = odata-v4-sql time / toSql time " +
      "for the same kind of input (>1: toSql is faster)",
  );
  const toSqlOptions = Object.fromEntries(
    DIALECTS.map((dialect): [DialectName, ToSqlOptions] => [dialect, { dialect, schema }]),
  ) as Record<DialectName, ToSqlOptions>;

  const summaries: string[] = [];
  const outputs: string[] = [];
  for (const filter of PARSE_FILTERS) {
    const odataText = filter.peers["odata-v4-parser"];
    const ast = parseWhere(filter.qaql, { schema });
    const token = odataSqlParser.filter(odataText);
    const odataResult = createFilter(odataText) as unknown as ODataSql;
    const odataParams = odataResult.parameters.size;
    const odataMarks = placeholders(odataResult.where);

    const textCases: BenchCase[] = [
      ...DIALECTS.map((d) => ({ name: d, fn: () => toSql(filter.qaql, toSqlOptions[d]) })),
      { name: "odata-v4-sql", fn: () => createFilter(odataText) },
    ];
    const astCases: BenchCase[] = [
      ...DIALECTS.map((d) => ({ name: d, fn: () => toSql(ast, toSqlOptions[d]) })),
      { name: "odata-v4-sql", fn: () => createFilter(token) },
    ];
    const results = compare([...textCases, ...astCases], options);
    const text = results.slice(0, textCases.length);
    const fromAst = results.slice(textCases.length);
    const odataFromText = text.at(-1) as Measurement;
    const odataFromAst = fromAst.at(-1) as Measurement;

    const rows = DIALECTS.map((dialect, i) => {
      const t = text[i] as Measurement;
      const a = fromAst[i] as Measurement;
      const sql = toSql(filter.qaql, toSqlOptions[dialect]);
      return [
        `toSql ${dialect}`,
        String(sql.sql.length),
        String(sql.params.length),
        formatOps(t.opsPerSec),
        formatMicros(t.nsPerOp),
        formatSpread(t.spread),
        formatRatio(odataFromText.nsPerOp / t.nsPerOp),
        formatOps(a.opsPerSec),
        formatMicros(a.nsPerOp),
        formatSpread(a.spread),
        formatRatio(odataFromAst.nsPerOp / a.nsPerOp),
      ];
    });
    rows.push([
      "odata-v4-sql",
      String(odataResult.where.length),
      odataParams === odataMarks ? String(odataParams) : `${odataParams} (${odataMarks} ?)`,
      formatOps(odataFromText.opsPerSec),
      formatMicros(odataFromText.nsPerOp),
      formatSpread(odataFromText.spread),
      "1.00x",
      formatOps(odataFromAst.opsPerSec),
      formatMicros(odataFromAst.nsPerOp),
      formatSpread(odataFromAst.spread),
      "1.00x",
    ]);

    console.log(`\n[${filter.name}] ${truncate(filter.qaql)} (${filter.qaql.length} chars)`);
    console.log(`  OData: ${truncate(odataText)} (${odataText.length} chars)`);
    console.log(
      formatTable(
        [
          { header: "", align: "left" },
          { header: "SQL chars" },
          { header: "params" },
          { header: "text ops/s" },
          { header: "µs/op" },
          { header: "±" },
          { header: "odata÷qaql" },
          { header: "AST ops/s" },
          { header: "µs/op" },
          { header: "±" },
          { header: "odata÷qaql" },
        ],
        rows,
      ),
    );

    const ratios = (ms: readonly Measurement[], base: Measurement) =>
      ms.slice(0, DIALECTS.length).map((m) => base.nsPerOp / m.nsPerOp);
    const range = (xs: number[]) =>
      `${formatRatio(Math.min(...xs))} to ${formatRatio(Math.max(...xs))}`;
    summaries.push(
      `${filter.name.padEnd(6)}  odata-v4-sql time / toSql time: text ${range(ratios(text, odataFromText))}, ` +
        `AST ${range(ratios(fromAst, odataFromAst))} (over the four dialects)`,
    );
    if (filter.name === "medium") {
      outputs.push(`  [medium] toSql postgres: ${toSql(filter.qaql, toSqlOptions.postgres).sql}`);
      outputs.push(`  [medium] toSql mysql:    ${toSql(filter.qaql, toSqlOptions.mysql).sql}`);
      outputs.push(`  [medium] odata-v4-sql:   ${odataResult.where}`);
      outputs.push(
        `  [medium] odata-v4-sql parameters: ${JSON.stringify([...odataResult.parameters])}`,
      );
    }
  }

  console.log("\nSummary");
  for (const line of summaries) console.log(`  ${line}`);
  console.log("\nWhat each writes (medium filter)");
  for (const line of outputs) console.log(line);
  console.log("\nFootnotes: the two do not say the same thing");
  for (const note of FOOTNOTES) console.log(`  * ${note}`);
}

const FOOTNOTES: readonly string[] = [
  "odata-v4-sql has no schema and no dialects: values are typed by their OData literal syntax, " +
    "field names are not checked, and identifiers are always written [name] (SQL Server and " +
    "SQLite style, not valid on PostgreSQL or MySQL); its SQLLang option changes only the " +
    "placeholders (@p0 on SQL Server, :p0 on Oracle, ? otherwise). A path type/id becomes " +
    "[type][id], with no dot between the parts, which no engine reads as one column; toSql " +
    "reads the column type_id (or the one the columns option names).",
  "No code-point collation: odata-v4-sql writes plain =, <, > on strings, so the column's " +
    "collation decides (case-insensitive in MySQL's defaults, locale order in a PostgreSQL " +
    'database created in a locale); toSql forces byte order (COLLATE "C", COLLATE BINARY, ' +
    'COLLATE "binary", CAST(… AS BINARY)), grammar/language.md 2.3.',
  "Patterns: odata-v4-sql writes contains/startswith/endswith as LIKE with the text wrapped in %: " +
    "a % or _ in the text is a wildcard (nothing is escaped), and LIKE ignores case in SQLite " +
    "(ASCII) and in MySQL's default collations. toSql uses strpos/instr/starts_with/ends_with " +
    "or byte-wise substrings: literal and case-sensitive, grammar/language.md 2.4.",
  "`ne null` becomes IS NOT NULL but its null is still stored as a parameter: odata-v4-sql " +
    "returns more parameters than `?` placeholders (the params column shows both), so binding " +
    "them by position shifts every value after it (`owner ne null and rank ge 2` would bind " +
    "rank >= NULL).",
  "OData here has no `in` (an `or` chain instead, see the parse benchmark's notes), and " +
    "odata-v4-sql has no date handling: a date literal is compared as it is, with no calendar " +
    "day and no time zone (grammar/language.md 2.5); toSql binds the bounds of the day in the zone.",
  "toSql returns { sql, params } with params an array in placeholder order (PostgreSQL $n; " +
    "IN lists bound as one array there); odata-v4-sql returns a Visitor whose where is the SQL " +
    "and whose parameters is a Map. Both take text or a pre-parsed tree; toSql validates the " +
    "tree against the schema either way, so 'text' minus 'AST' is about the parse alone.",
  "Most of odata-v4-sql's text time is its parser: it pins odata-v4-parser 0.1.13 (the parse " +
    "benchmark measures 0.1.29), so the AST columns are the fairer comparison of the compilers.",
];

/** The SQL benchmark: toSql per dialect vs odata-v4-sql, from text and from a parsed tree. */
export const sqlBenchmark: Benchmark = {
  name: "sql",
  description: "toSql (four dialects) vs odata-v4-sql, from text and from a parsed tree",
  run,
};
