import { describe, expect, it } from "vitest";
import { compileWhere } from "../../../src/api/compile-where.ts";
import { compareCodePoints } from "../../../src/backends/predicate/code-points.ts";
import { QueryValidationError } from "../../../src/errors/errors.ts";
import { UnknownTimeZoneError } from "../../../src/errors/unknown-time-zone-error.ts";
import { schemas } from "../../../src/schema/resources.ts";
import { defineSchema, type Schema } from "../../../src/schema/schema.ts";

const typed = defineSchema({
  s: "string",
  n: "number",
  b: "boolean",
  d: "date",
  o: { s: "string" },
});

// One row: filter, record, expected, and the schema and zone when they matter.
type Row = [string, unknown, boolean, (Schema | undefined)?, string?];

// Every row holds for the generated predicate and for the closures alike.
function check(rows: Row[]) {
  it.each(rows)("%s on %j -> %s", (filter, record, expected, schema, timeZone) => {
    for (const codeGeneration of ["always", "never"] as const) {
      const matches = compileWhere(filter, { schema, timeZone, codeGeneration });
      expect(matches(record), codeGeneration).toBe(expected);
    }
  });
}

describe("null and missing make every comparison false (2.4)", () => {
  check([
    ["a=1", { a: null }, false],
    ["a!=1", { a: null }, false],
    ["a!=1", {}, false],
    ["a NOT IN (1,2)", {}, false],
    ["a IN (1,2)", { a: null }, false],
    ["a~x", {}, false],
    ["a IS NULL", {}, true],
    ["a IS NULL", { a: null }, true],
    ["a IS NULL", { a: undefined }, true],
    ["a IS NOT NULL", { a: 0 }, true],
    ["a.b IS NULL", { a: null }, true],
    ["a.b!=x", { a: null }, false],
    ["s!=x", { s: null }, false, typed],
  ]);
});

describe("the field gives the type (2.3)", () => {
  check([
    ["a=2", { a: 2 }, true],
    ["a=2", { a: "2" }, true], // a string field compares the text as a string
    ["a>=2", { a: "10" }, false], // "10" < "2" as strings
    ["a>=2", { a: 10 }, true],
    ["a=2.0", { a: 2 }, true],
    ["a=abc", { a: 2 }, false], // text that does not fit the record's number
    ["a!=abc", { a: 2 }, false],
    ["a=TRUE", { a: true }, true],
    ["a!=true", { a: false }, true],
    ["a>false", { a: true }, false], // booleans have = != IN NOT IN only
    ["a=yes", { a: true }, false],
    ["n>=2", { n: "10" }, false, typed], // with a schema, a string where a number belongs matches nothing
    ["n IS NOT NULL", { n: "10" }, true, typed], // …but is a value for IS NULL
    ["s=2", { s: 2 }, false, typed],
    ["b=true", { b: "true" }, false, typed],
    ["n IN (1,2.5)", { n: 2.5 }, true, typed],
    ["n NOT IN (1,2.5)", { n: 3 }, true, typed],
    ["n NOT IN (1,2.5)", { n: "3" }, false, typed],
    ["a IN (1,abc)", { a: 1 }, true],
    ["a NOT IN (2,abc)", { a: 1 }, false], // NOT IN is AND of !=, and 1!=abc does not compare (decided here)
    ["a NOT IN (2,abc)", { a: "1" }, true],
  ]);
});

describe("strings compare by code point, case-sensitive (2.3)", () => {
  check([
    ["a<😀", { a: "\uffff" }, true], // U+FFFF < U+1F600, though UTF-16 units say otherwise
    ["a>\uffff", { a: "😀" }, true],
    ["a<b", { a: "B" }, true],
    ["a=abc", { a: "ABC" }, false],
    ["a~*.java", { a: "Foo.java" }, true],
    ["a~*.java", { a: "Foo.JAVA" }, false],
    ["a~src/*", { a: "src/x" }, true],
    ["a~😀", { a: "x😀y" }, true],
    ['a~"50%"', { a: "is 50% off" }, true],
    ['a~"a*b"', { a: "xa*by" }, true],
    ['a~"a*b"', { a: "xaZby" }, false],
    ["a~1", { a: 10 }, false],
  ]);

  it("orders like UTF-8 bytes", () => {
    const texts = [
      "",
      "a",
      "\u007f",
      "\u0080",
      "é",
      "\ud7ff",
      "\ue000",
      "\uffff",
      "😀",
      "\u{10ffff}",
      "ab",
    ];
    const byBytes = [...texts].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect([...texts].sort(compareCodePoints)).toEqual(byBytes);
  });
});

describe("IS NULL on an object or array field itself, with a schema (2.4)", () => {
  const shaped = defineSchema({
    owner: { name: "string" },
    tags: ["string"],
    meta: "object",
    deep: { inner: { id: "string" } },
  });
  // A value of another type than the schema's is still a value.
  const values: [unknown, boolean][] = [
    [{}, true],
    [{ name: "x" }, true],
    [[], true],
    [["a"], true],
    [5, true],
    [0, true],
    [false, true],
    ["", true],
    [null, false],
  ];
  check([
    ...values.flatMap(([value, present]): Row[] => [
      ["owner IS NOT NULL", { owner: value }, present, shaped],
      ["owner IS NULL", { owner: value }, !present, shaped],
      ["tags IS NULL", { tags: value }, !present, shaped],
      ["meta IS NOT NULL", { meta: value }, present, shaped],
    ]),
    ["owner IS NULL", {}, true, shaped],
    ["tags IS NOT NULL", {}, false, shaped],
    ["owner IS NULL", Object.create({ owner: {} }), true, shaped],
    ["deep.inner IS NOT NULL", { deep: { inner: {} } }, true, shaped],
    ["deep.inner IS NULL", { deep: [{ inner: {} }] }, true, shaped],
    ["deep.inner IS NULL", { deep: "x" }, true, shaped],
  ]);

  it("keeps every other predicate on such a field an error", () => {
    for (const text of ["owner=x", "tags!=x", "tags IN (a)", "meta~x", "owner.name.x IS NULL"]) {
      expect(() => compileWhere(text, { schema: shaped }), text).toThrow(QueryValidationError);
    }
  });
});

describe("paths read own properties, through objects only (2.4)", () => {
  const inherited = Object.create({ a: 1 });
  // Decided (2.4): the prototype is what `__proto__` reads, which only JavaScript can disguise.
  const disguised = Object.defineProperty(Object.create({ a: 1 }), "__proto__", {
    value: Object.prototype,
  });
  check([
    ["constructor IS NULL", {}, true],
    ["toString=x", {}, false],
    ["__proto__ IS NULL", {}, true],
    ["a=1", inherited, false],
    ["a IS NULL", inherited, true],
    ["a=1", disguised, true],
    ["__proto__.x=1", JSON.parse('{"__proto__": {"x": 1}}'), true],
    ["constructor=x", { constructor: "x" }, true],
    ["branches.name=x", { branches: [{ name: "x" }] }, false],
    ["branches.name IS NULL", { branches: [{ name: "x" }] }, true],
    ["name.length=3", { name: "abc" }, false],
    ["a.b=1", { a: { b: 1 } }, true],
    ["a=1", [{ a: 1 }], false],
    ["a=1", null, false],
    ["a IS NULL", "text", true],
    ["length=4", "text", false],
    ["length IS NULL", "text", true],
    ["length=0", [], false],
    ["toFixed IS NULL", 5, true],
    ["a IS NULL", undefined, true],
    ["a IS NULL OR b=1", null, true],
  ]);

  it("lets an error of the record's own getter through", () => {
    const record = {
      get a(): never {
        throw new RangeError("getter");
      },
    };
    for (const codeGeneration of ["always", "never"] as const) {
      expect(() => compileWhere("a=1", { codeGeneration })(record)).toThrow(RangeError);
    }
  });
});

describe("dates are calendar days in the request's zone (2.5)", () => {
  const { project } = schemas;
  check([
    ["analysisTime=2024-03-01", { analysisTime: "2024-03-01" }, true, project],
    ["analysisTime=2024-03-01", { analysisTime: "2024-03-01T23:30:00Z" }, true, project],
    [
      "analysisTime=2024-03-01",
      { analysisTime: "2024-03-01T23:30:00Z" },
      false,
      project,
      "Europe/Paris",
    ],
    [
      "analysisTime>2024-03-01",
      { analysisTime: "2024-03-01T23:30:00Z" },
      true,
      project,
      "Europe/Paris",
    ],
    [
      "analysisTime=2024-03-01",
      { analysisTime: "2024-03-02T00:30:00+01:00" },
      false,
      project,
      "Europe/Paris",
    ],
    [
      "analysisTime=2024-03-01",
      { analysisTime: "2024-03-02T00:30:00+01:00" },
      true,
      project,
      "UTC",
    ],
    [
      "analysisTime=2024-03-01",
      { analysisTime: "2024-03-01T23:59:59" },
      true,
      project,
      "Asia/Tokyo",
    ], // a wall time
    [
      "analysisTime=2024-03-01",
      { analysisTime: Date.parse("2024-03-01T00:00:00Z") },
      true,
      project,
    ],
    [
      "analysisTime<2024-03-01",
      { analysisTime: Date.parse("2024-03-01T00:00:00Z") - 1 },
      true,
      project,
    ],
    ["analysisTime<=2024-03-01", { analysisTime: new Date("2024-03-01T12:00:00Z") }, true, project],
    ["analysisTime=2024-03-01", { analysisTime: new Date(Number.NaN) }, false, project],
    ["analysisTime=2024-03-01", { analysisTime: "2024-02-30" }, false, project],
    ["analysisTime!=2024-03-01", { analysisTime: "soon" }, false, project],
    [
      "analysisTime IN (2024-03-01,2024-03-03)",
      { analysisTime: "2024-03-03T10:00:00Z" },
      true,
      project,
    ],
    ["analysisTime NOT IN (2024-03-01)", { analysisTime: "2024-03-03T10:00:00Z" }, true, project],
    // A spring-forward day is 23 hours long; Sao Paulo's 2018-11-04 began at 01:00.
    ["d=2024-03-31", { d: "2024-03-30T23:00:00Z" }, true, typed, "Europe/Paris"],
    ["d=2024-03-31", { d: "2024-03-31T21:59:59.999Z" }, true, typed, "Europe/Paris"],
    ["d=2024-03-31", { d: "2024-03-31T22:00:00Z" }, false, typed, "Europe/Paris"],
    ["d=2018-11-04", { d: "2018-11-04T03:00:00Z" }, true, typed, "America/Sao_Paulo"],
    ["d<2018-11-04", { d: "2018-11-04T02:59:59.999Z" }, true, typed, "America/Sao_Paulo"],
    // Without a schema, a number against a date-shaped text is epoch milliseconds.
    ["t=2024-03-01", { t: Date.parse("2024-03-01T12:00:00Z") }, true],
    ["t>=2024-03-02", { t: Date.parse("2024-03-01T23:30:00Z") }, true, undefined, "Asia/Kolkata"],
    ["t=2024-03-01", { t: new Date("2024-03-01T12:00:00Z") }, true],
    ["t=2024-03-01", { t: "2024-03-01T12:00:00Z" }, false], // a string field compares as a string
  ]);

  it("rejects an unknown zone with a clear error", () => {
    expect(() => compileWhere("a=1", { timeZone: "Mars/Olympus" })).toThrow(UnknownTimeZoneError);
    expect(() => compileWhere("a=1", { timeZone: "Mars/Olympus" })).toThrow(
      /unknown time zone "Mars\/Olympus"/,
    );
  });
});
