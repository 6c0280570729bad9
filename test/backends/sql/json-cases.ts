import { compileWhere } from "../../../src/api/compile-where.ts";
import { toSql } from "../../../src/api/to-sql.ts";
import type { WhereExpression } from "../../../src/ast/where.ts";
import { defineSchema, type Schema } from "../../../src/schema/schema.ts";
import { deleteRows, type Engine, insertJson, selectRows } from "../../support/sql-engines.ts";

// Hand-written JSON documents for `toSql`'s `json` mode (grammar/language.md 2.3–2.5): wrong types per
// field type, JSON null against missing, and the date shapes of 2.5, valid and not.

/** The rows (by index) compileWhere selects from JSON documents, parsed as a JSON column holds them. */
export function expectedRows(
  filter: string | WhereExpression,
  schema: Schema,
  timeZone: string,
  docs: readonly string[],
): number[] {
  const matches = compileWhere(filter, { schema, timeZone });
  return docs.flatMap((doc, i) => (matches(JSON.parse(doc)) ? [i] : []));
}

/** Puts JSON documents in a table of `createJsonTable`, replacing what was there. */
export async function loadDocs(
  engine: Engine,
  table: string,
  column: string,
  docs: readonly string[],
): Promise<void> {
  await deleteRows(engine, table);
  await insertJson(engine, table, column, docs);
}

/** One field of each type, a nested object with a string and a date, and an array. */
export const JSON_SCHEMA = defineSchema({
  s: "string",
  i: "integer",
  n: "number",
  b: "boolean",
  d: "date",
  o: { s: "string", d: "date" },
  a: ["string"],
});

/** JSON texts, written out so that spellings JSON.stringify never produces are kept. */
/**
 * Documents on which engines differ from memory, listed in the README's toSql section: integers
 * past 2^53 (SQLite's int64 is exact), numbers out of a double's range (Infinity in memory, none or
 * a far-future instant in SQL; ClickHouse cannot read any field of such a document), and keys
 * spelled with escapes (MariaDB matches raw key text).
 */
export const DOCUMENTED_DIFFERENCES: readonly string[] = [
  '{"i":9007199254740993,"n":9007199254740993}',
  '{"n":1e-400}',
  '{"n":1e400}',
  '{"d":1e400}',
  '{"s":"a","n":1e400}',
  '{"\\u0073":"a"}',
];

export const DOCS: readonly string[] = [
  // Missing and JSON null, at the top and nested.
  "{}",
  '{"s":null,"i":null,"n":null,"b":null,"d":null,"o":null}',
  '{"o":{}}',
  '{"o":{"s":null,"d":null}}',
  // Not an object at the top; keys that differ in case.
  "[]",
  '[{"s":"a"}]',
  '"a"',
  '{"S":"a","D":"2024-03-01","I":1}',
  // Strings, and the wrong types where a string belongs.
  '{"s":"a"}',
  '{"s":"A"}',
  '{"s":"a "}',
  '{"s":""}',
  '{"s":"1"}',
  '{"s":1}',
  '{"s":1.5}',
  '{"s":true}',
  '{"s":"true"}',
  '{"s":"null"}',
  '{"s":{"s":"a"}}',
  '{"s":["a"]}',
  '{"s":[]}',
  '{"s":"\\u00e9"}',
  '{"s":"é"}',
  '{"s":"e\\u0301"}',
  '{"s":"\\ud83d\\ude00"}',
  '{"s":"😀"}',
  '{"s":"\\uffff"}',
  '{"s":"q\\"t"}',
  '{"s":"\\\\"}',
  '{"s":"\\n"}',
  '{"s":"\\/"}',
  '{"s":"%_"}',
  '{"s":"a\\n"}',
  // Numbers in several spellings, and the wrong types where a number belongs.
  '{"i":1,"n":1}',
  '{"i":2,"n":2.5}',
  '{"i":2.5}',
  '{"i":-1,"n":-1.5}',
  '{"i":1.0,"n":1.0}',
  '{"i":1e0,"n":10E-1}',
  '{"i":-0,"n":-0.0}',
  '{"i":10,"n":1e1}',
  '{"n":1.0000000000000001}',
  '{"i":"1","n":"2.5"}',
  '{"i":true,"n":false}',
  '{"i":[1],"n":[2.5]}',
  '{"i":{"v":1},"n":{"v":2.5}}',
  '{"n":2.5000000000000001}',
  '{"n":0.30000000000000004}',
  '{"n":5e-324}',
  // Booleans, and the wrong types where a boolean belongs.
  '{"b":true}',
  '{"b":false}',
  '{"b":"true"}',
  '{"b":"TRUE"}',
  '{"b":"false"}',
  '{"b":1}',
  '{"b":0}',
  '{"b":"1"}',
  '{"b":[true]}',
  '{"b":{"v":true}}',
  // Dates: days, impossible days, instants with offsets, wall times, epoch ms, wrong types.
  '{"d":"2024-03-01"}',
  '{"d":"2024-02-29"}',
  '{"d":"2024-02-30"}',
  '{"d":"2023-02-29"}',
  '{"d":"2024-13-01"}',
  '{"d":"2024-00-10"}',
  '{"d":"2024-3-1"}',
  '{"d":"20240301"}',
  '{"d":" 2024-03-01"}',
  '{"d":"2024-03-01 "}',
  '{"d":"2024-03-01T"}',
  '{"d":"2024-03-01\\n"}',
  '{"d":"2024-03-01T00:00:00Z\\n"}',
  '{"d":"2024-02-29T23:30:00\\n"}',
  '{"d":"\\n2024-03-01"}',
  '{"d":"２０２４-03-01"}',
  '{"d":"2024-03-01T12:00:00 +05:30"}',
  '{"d":"2024-03-01T12:00:00+05:30:00"}',
  '{"d":"2024-03-01T12:00:00ZZ"}',
  '{"d":"2024-03-01T00:00:00+00:00"}',
  '{"d":"2024-02-29T23:00:00-0000"}',
  '{"d":"2024-03-01T24:00:00Z"}',
  '{"d":"2024-03-01T23:59:60Z"}',
  '{"d":"2024-03-01T23:60:00Z"}',
  '{"d":"2024-03-01T12:00:00+0530"}',
  '{"d":"2024-03-01T00:10:00+05:30"}',
  '{"d":"2024-03-01T02:00:00+0530"}',
  '{"d":"2024-02-29T20:00:00-05:00"}',
  '{"d":"2024-02-29T20:00:00-0500"}',
  '{"d":"2024-03-01T12:00:00+05"}',
  '{"d":"2024-03-01T12:00:00+24:00"}',
  '{"d":"2024-03-01T12:00:00+23:59"}',
  '{"d":"2024-03-01T12:00:00+15:00"}',
  '{"d":"2024-03-01T12:00:00+14:00"}',
  '{"d":"2024-03-01T12:00:00-00:00"}',
  '{"d":"2024-02-29t23:30:00z"}',
  '{"d":"2024-02-29T23:30:00Z"}',
  '{"d":"2024-02-29 23:30:00Z"}',
  '{"d":"2024-02-29 23:30:00+01:00"}',
  '{"d":"2024-03-01T00:30"}',
  '{"d":"2024-03-01T00:30Z"}',
  '{"d":"2024-03-01T00:30+01:00"}',
  '{"d":"2024-02-29T23:00:00.000Z"}',
  '{"d":"2024-02-29T22:59:59.999Z"}',
  '{"d":"2024-02-29T22:59:59.9999999Z"}',
  '{"d":"2024-02-29T23:00:00.123456789+01:00"}',
  '{"d":"2024-02-29T23:00:00.1234567891Z"}',
  '{"d":"2024-02-29T23:00:00.Z"}',
  '{"d":"2024-03-01T23:30:00"}',
  '{"d":"2024-02-29T23:30:00"}',
  '{"d":"2024-03-01T00:30:00"}',
  '{"d":"2024-03-01 23:59:59.999"}',
  '{"d":"2024-03-01t00:00"}',
  '{"d":"2024-03-01T25:00:00"}',
  '{"d":"0000-01-01"}',
  '{"d":"0001-01-01T00:00:00Z"}',
  '{"d":"9999-12-31T23:59:59Z"}',
  '{"d":1709251200000}',
  '{"d":1709251199999}',
  '{"d":1709247600000}',
  '{"d":1709247599999.5}',
  '{"d":1.7092512e12}',
  '{"d":-1}',
  '{"d":1e20}',
  '{"d":-1e20}',
  '{"d":"1709251200000"}',
  '{"d":true}',
  '{"d":{"d":"2024-03-01"}}',
  '{"d":["2024-03-01"]}',
  // Nested: the object null, of another type, an array, and fields inside.
  '{"o":{"s":"a","d":"2024-03-01"}}',
  '{"o":{"s":1,"d":"2024-02-30"}}',
  '{"o":{"s":"a ","d":"2024-02-29T23:30:00+01:00"}}',
  '{"o":"a"}',
  '{"o":[{"s":"a","d":"2024-03-01"}]}',
  '{"o":{"s":{"s":"a"},"d":[1709251200000]}}',
  '{"o":{"s":["a"],"d":1709251200000}}',
  // An object or array field itself: empty, null, and every other JSON type, falsy ones too.
  '{"o":0}',
  '{"o":false}',
  '{"o":""}',
  '{"o":[]}',
  '{"a":[]}',
  '{"a":["x"]}',
  '{"a":[null]}',
  '{"a":null}',
  '{"a":"x"}',
  '{"a":{}}',
  '{"a":0}',
  '{"a":false}',
  '{"a":""}',
];

/** Every predicate form on every field, with literals that meet the documents above. */
export const FILTERS: readonly string[] = [
  ...["s", "o.s"].flatMap((f) => [
    `${f}=a`,
    `${f}!=a`,
    `${f}<a`,
    `${f}>=a`,
    `${f}>"a "`,
    `${f}=""`,
    `${f}!=""`,
    `${f}=1`,
    `${f}="true"`,
    `${f}=null`,
    `${f}=é`,
    `${f}<é`,
    `${f}="😀"`,
    `${f}>"\uffff"`,
    `${f}<"\uffff"`,
    `${f}="q""t"`,
    `${f}="\\"`,
    `${f}="/"`,
    `${f} IN (a,1,true)`,
    `${f} NOT IN (a,"")`,
    `${f}~a`,
    `${f}~a*`,
    `${f}~*" "`,
    `${f}~"%"`,
    `${f}~*"_"`,
    `${f}~"\\"`,
    `${f} IS NULL`,
    `${f} IS NOT NULL`,
  ]),
  ...["i", "n"].flatMap((f) => [
    `${f}=1`,
    `${f}!=1`,
    `${f}<1`,
    `${f}<=1`,
    `${f}>1`,
    `${f}>=1`,
    `${f}=0`,
    `${f}!=0`,
    `${f}=2.5`,
    `${f}>2.5`,
    `${f}=10`,
    `${f}>=-1`,
    `${f}<-1`,
    `${f}=9007199254740992`,
    `${f}>9007199254740992`,
    `${f}=0.30000000000000004`,
    `${f}>0.3`,
    `${f}>0`,
    `${f} IN (1,2.5)`,
    `${f} NOT IN (1,2.5)`,
    `${f} IS NULL`,
    `${f} IS NOT NULL`,
  ]),
  "b=true",
  "b=false",
  "b!=true",
  "b!=false",
  "b=TRUE",
  "b IN (true)",
  "b IN (true,false)",
  "b NOT IN (false)",
  "b IS NULL",
  "b IS NOT NULL",
  ...["d", "o.d"].flatMap((f) => [
    `${f}=2024-03-01`,
    `${f}!=2024-03-01`,
    `${f}<2024-03-01`,
    `${f}<=2024-03-01`,
    `${f}>2024-03-01`,
    `${f}>=2024-03-01`,
    `${f}=2024-02-29`,
    `${f}!=2024-02-29`,
    `${f}>2024-02-29`,
    `${f}<2024-02-29`,
    `${f} IN (2024-03-01,2024-02-29)`,
    `${f} NOT IN (2024-03-01)`,
    `${f}<1970-01-01`,
    `${f}>2100-01-01`,
    `${f} IS NULL`,
    `${f} IS NOT NULL`,
  ]),
  "o IS NULL",
  "o IS NOT NULL",
  "a IS NULL",
  "a IS NOT NULL",
  "o IS NULL OR a IS NOT NULL",
];

/** Zones whose 1 March starts before, at and after UTC's, one by a fraction of an hour. */
export const HAND_ZONES = [
  "UTC",
  "Europe/Paris",
  "America/New_York",
  "Asia/Kolkata",
  "Pacific/Chatham",
];

/**
 * Runs every filter of FILTERS in every zone of HAND_ZONES over `docs` (DOCS unless given) on an engine and describes
 * each disagreement with compileWhere (the zones where a filter disagrees alike are merged).
 */
export async function handWrittenDisagreements(
  engine: Engine,
  table: string,
  column: string,
  docs: readonly string[] = DOCS,
): Promise<string[]> {
  await loadDocs(engine, table, column, docs);
  const failures = new Map<string, { zones: string[]; text: (zones: string) => string }>();
  for (const filter of FILTERS) {
    for (const timeZone of HAND_ZONES) {
      const query = toSql(filter, {
        dialect: engine.name,
        schema: JSON_SCHEMA,
        json: column,
        timeZone,
      });
      const expected = expectedRows(filter, JSON_SCHEMA, timeZone, docs);
      let actual: number[] | string;
      try {
        actual = await selectRows(engine, table, query);
      } catch (error) {
        actual = `error: ${(error as Error).message}`;
      }
      if (JSON.stringify(actual) === JSON.stringify(expected)) continue;
      const rows = (list: readonly number[]) => list.map((r) => docs[r]).join(" ");
      const extra = Array.isArray(actual) ? actual.filter((r) => !expected.includes(r)) : [];
      const missing = Array.isArray(actual) ? expected.filter((r) => !actual.includes(r)) : [];
      const outcome = [
        typeof actual === "string" ? `  ${actual}` : "",
        extra.length > 0 ? `  selected, not in memory: ${rows(extra)}` : "",
        missing.length > 0 ? `  in memory, not selected: ${rows(missing)}` : "",
      ]
        .filter((line) => line !== "")
        .join("\n");
      const key = `${filter}\n${outcome}`;
      const known = failures.get(key);
      if (known) {
        known.zones.push(timeZone);
        continue;
      }
      failures.set(key, {
        zones: [timeZone],
        text: (zones) =>
          [
            `${engine.name}: ${filter} (in ${zones})`,
            outcome,
            `  SQL: ${query.sql}`,
            `  params (${timeZone}): ${JSON.stringify(query.params)}`,
          ].join("\n"),
      });
    }
  }
  return [...failures.values()].map(({ zones, text }) => text(zones.join(", ")));
}
