import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileWhere } from "../../../src/api/compile-where.ts";
import {
  recordsArbitrary,
  schemaArbitrary,
  TIME_ZONES,
  whereArbitrary,
} from "../../../src/arbitraries/index.ts";
import { and, comparison, inList, nullCheck, or, pattern } from "../../../src/ast/where.ts";
import { formatWhere } from "../../../src/backends/format/format-where.ts";
import { calendarOf } from "../../../src/backends/predicate/calendar.ts";
import {
  compilePredicate,
  MOST_GENERATED_PREDICATES,
} from "../../../src/backends/predicate/compile-predicate.ts";
import {
  CACHED_FACTORIES,
  clearGeneratedFactories,
  factoryCounts,
} from "../../../src/backends/predicate/generated-predicate.ts";
import { predicateSource } from "../../../src/backends/predicate/predicate-program.ts";
import { ValueTests } from "../../../src/backends/predicate/value-tests.ts";
import { InvalidOptionError } from "../../../src/errors/invalid-input.ts";
import { parseWhere } from "../../../src/index.ts";
import type { Schema } from "../../../src/schema/schema.ts";
import { runs } from "../../support/runs.ts";

/** A record as JSON has it, and the same fields reached in the ways JavaScript objects allow. */
function disguises(record: unknown): unknown[] {
  if (typeof record !== "object" || record === null || Array.isArray(record)) return [record];
  const fields = record as Record<string, unknown>;
  const bare = Object.assign(Object.create(null), fields);
  // Inherited fields are no fields (2.4): the whole record moved to a prototype reads as empty.
  const inheriting = Object.create(fields);
  // The same fields twice: inherited below, own above.
  const shadowing = Object.assign(Object.create(fields), fields);
  class WithGetters {}
  for (const [name, value] of Object.entries(fields)) {
    // A getter answers for instances only, as one reading `this` does: the prototype has none.
    Object.defineProperty(WithGetters.prototype, name, {
      get(this: unknown) {
        return this instanceof WithGetters ? value : undefined;
      },
    });
  }
  return [record, bare, inheriting, shadowing, new WithGetters()];
}

function cases(strict: boolean) {
  return schemaArbitrary().chain((schema: Schema) =>
    recordsArbitrary(schema, { strict: false, minLength: 1 }).chain((records) =>
      fc.record({
        schema: fc.constant(strict ? schema : undefined),
        ast: fc.oneof(
          whereArbitrary(schema, { strict }),
          whereArbitrary(schema, { strict, records }),
        ),
        records: fc.constant(records.flatMap(disguises)),
        timeZone: fc.constantFrom(...TIME_ZONES),
      }),
    ),
  );
}

// The generated code and the closures are two builds of one predicate: any record, same answer.
describe("the generated predicate agrees with the closures", () => {
  for (const strict of [true, false]) {
    it(strict ? "with a schema" : "without a schema", () => {
      fc.assert(
        fc.property(cases(strict), ({ schema, ast, records, timeZone }) => {
          const generated = compileWhere(ast, { schema, timeZone, codeGeneration: "always" });
          const closures = compileWhere(ast, { schema, timeZone, codeGeneration: "never" });
          for (const record of records) {
            expect(generated(record), `${formatWhere(ast)} on ${JSON.stringify(record)}`).toBe(
              closures(record),
            );
          }
        }),
        { numRuns: runs(500) },
      );
    });
  }

  it("ignores fields added to Object.prototype after compiling", () => {
    const generated = compileWhere("rank=5 OR name IS NOT NULL", { codeGeneration: "always" });
    const prototype = Object.prototype as Record<string, unknown>;
    try {
      prototype.rank = 5;
      prototype.name = "polluted";
      expect(generated({})).toBe(false);
      expect(generated(JSON.parse('{"rank": 5}'))).toBe(true);
    } finally {
      delete prototype.rank;
      delete prototype.name;
    }
  });

  it("reads a field named like Object.prototype's own members only when the record owns it", () => {
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      const matches = compileWhere(`${name} IS NOT NULL`, { codeGeneration: "always" });
      expect(matches({}), name).toBe(false);
      expect(matches(JSON.parse(`{"${name}": 1}`)), name).toBe(true);
    }
  });
});

describe("the generated source", () => {
  const tests = new ValueTests(undefined, calendarOf("UTC"));
  const hostile = '"); globalThis.pwned = true; ("';

  it("holds no text of the filter: names and values are constants of its factory", () => {
    // Names past the grammar's identifiers too: the source must not depend on the tree's checks.
    const ast = and(
      comparison(hostile, "=", hostile),
      pattern(`a${hostile}`, "contains", hostile),
      inList("b", [hostile, "x"]),
    );
    const { source, constants } = predicateSource(ast, tests);
    expect(source).not.toContain("pwned");
    expect(constants).toContain(hostile);
    const matches = compileWhere(
      and(comparison("a", "=", hostile), pattern("b", "contains", hostile), inList("c", [hostile])),
      { codeGeneration: "always" },
    );
    expect(matches({ a: hostile, b: `<${hostile}>`, c: hostile })).toBe(true);
    expect(matches({ a: hostile, b: "<>", c: hostile })).toBe(false);
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
  });

  it("refuses an operator or a mode that no checked tree has, rather than write it", () => {
    const operator = comparison("a", ">", "1");
    const mode = pattern("a", "contains", "x");
    const bad = [
      { ...operator, operator: "> 0 || pwned() ||" },
      { ...mode, mode: "constructor" },
    ];
    for (const ast of bad) expect(() => predicateSource(ast as never, tests)).toThrow(TypeError);
  });

  it("reads a path once for the tests of it side by side", () => {
    const ast = parseWhere("(name~*.java OR name~*.ts) AND rank>=2");
    const { source } = predicateSource(ast, tests);
    expect(source.match(/= r\[c\d+\]/g)).toHaveLength(2);
  });
});

describe("the codeGeneration option", () => {
  it("picks the build: generated by default where allowed", () => {
    expect(compileWhere("a=1").name).toBe("qaqlPredicate");
    expect(compileWhere("a=1", { codeGeneration: "always" }).name).toBe("qaqlPredicate");
    expect(compileWhere("a=1", { codeGeneration: "never" }).name).not.toBe("qaqlPredicate");
  });

  it("builds closures for a filter too large to be worth compiling, unless told", () => {
    const terms = (count: number) =>
      or(...Array.from({ length: count }, (_, i) => comparison(`f${i % 7}`, "=", String(i))));
    const largest = terms(MOST_GENERATED_PREDICATES);
    expect(compileWhere(largest).name).toBe("qaqlPredicate");
    const larger = terms(MOST_GENERATED_PREDICATES + 1);
    expect(compileWhere(larger).name).not.toBe("qaqlPredicate");
    const forced = compileWhere(larger, { codeGeneration: "always" });
    expect(forced.name).toBe("qaqlPredicate");
    for (const record of [{ f3: "2000" }, { f3: "2001" }, { f5: 2000 }, { f6: "2000" }]) {
      expect(forced(record), JSON.stringify(record)).toBe(compileWhere(larger)(record));
    }
  });

  it("builds closures, for a server compiling each request, for a filter whose code it would not keep", () => {
    const terms = (count: number) =>
      and(...Array.from({ length: count }, (_, i) => comparison("name", "!=", `n${i}`)));
    const short = compilePredicate(terms(3), { onlyKeptCode: true });
    expect(short.name).toBe("qaqlPredicate");
    // 400 predicates make a program of some 10,000 characters: too long to keep for its shape.
    const long = terms(400);
    expect(compilePredicate(long, { onlyKeptCode: true }).name).not.toBe("qaqlPredicate");
    expect(compilePredicate(long).name).toBe("qaqlPredicate");
    const forced = compilePredicate(long, { onlyKeptCode: true, codeGeneration: "always" });
    expect(forced.name).toBe("qaqlPredicate");
    for (const record of [{ name: "n7" }, { name: "x" }, {}]) {
      expect(compilePredicate(long, { onlyKeptCode: true })(record)).toBe(forced(record));
    }
  });

  it("refuses anything else", () => {
    for (const value of ["yes", true, 1, null, "AUTO"]) {
      expect(() => compileWhere("a=1", { codeGeneration: value as never })).toThrow(
        InvalidOptionError,
      );
    }
  });
});

describe("the cache of generated factories", () => {
  it("shares one factory between filters of one shape, each with its own values", () => {
    clearGeneratedFactories();
    const filters = [
      "name=Alpha AND rank>=2",
      "status=OPEN AND size>=200",
      'name="x y" AND rank>=-1',
      "name=Alpha AND name>=A",
    ];
    const predicates = filters.map((filter) => compileWhere(filter));
    // The last reads one path for both tests: another shape.
    expect(factoryCounts().cached).toBe(2);
    expect(predicates.map((p) => p({ name: "Alpha", rank: 2 }))).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect(predicates.map((p) => p({ status: "OPEN", size: 200 }))).toEqual([
      false,
      true,
      false,
      false,
    ]);
    expect(predicates.map((p) => p({ name: "x y", rank: -1 }))).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });

  it("keeps at most CACHED_FACTORIES factories, the recently used among them", () => {
    clearGeneratedFactories();
    // Five comparisons, their operators the digits of n: as many shapes as needed, all short.
    const operators = ["=", "!=", "<", "<=", ">", ">="];
    const shape = (n: number) =>
      Array.from({ length: 5 }, (_, i) => `f${i}${operators[Math.floor(n / 6 ** i) % 6]}${i}`).join(
        " OR ",
      );
    const kept = compileWhere(shape(0));
    const compileAll = (from: number, to: number) => {
      for (let n = from; n < to; n++) {
        compileWhere(shape(n));
        expect(factoryCounts().cached).toBeLessThanOrEqual(CACHED_FACTORIES);
      }
    };
    compileAll(1, CACHED_FACTORIES);
    const { generated } = factoryCounts();
    compileWhere(shape(0));
    expect(factoryCounts().generated, "the first, CACHED_FACTORIES shapes ago, is kept").toBe(
      generated,
    );
    compileAll(CACHED_FACTORIES, CACHED_FACTORIES * 2);
    compileWhere(shape(1));
    expect(factoryCounts().generated, "one unused as long is dropped").toBe(
      generated + CACHED_FACTORIES + 1,
    );
    expect(kept({ f0: "0" })).toBe(true);
    expect(kept({ f0: "1" })).toBe(false);
  });

  it("names constants and temporaries past the short range of a program", () => {
    const count = 16_500;
    const ast = or(...Array.from({ length: count }, (_, i) => nullCheck(`f${i}`, true)));
    const { source, constants } = predicateSource(
      ast,
      new ValueTests(undefined, calendarOf("UTC")),
    );
    const used = (prefix: string) =>
      new Set(
        Array.from(source.matchAll(new RegExp(`\\b${prefix}(\\d+)\\b`, "g")), (m) => Number(m[1])),
      );
    const temporaries = used("t");
    expect(temporaries.size).toBe(count);
    expect(Math.max(...temporaries)).toBe(count - 1);
    expect(used("c").size).toBe(constants.length);
    expect(Math.max(...used("c"))).toBe(constants.length - 1);
    expect(source).toContain(
      `objectPrototype[c${count + 2}] === undefined || hasOwn(r, c${count + 2})`,
    );
    expect(constants[count + 2]).toBe(`f${count - 1}`);
  });
});
