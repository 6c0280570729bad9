import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as arbitraries from "../../src/arbitraries/index.ts";
import {
  fieldsArbitrary,
  fieldsTextArbitrary,
  invalidFieldsArbitrary,
  invalidWhereArbitrary,
  listScalarFields,
  recordsArbitrary,
  schemaArbitrary,
  TIME_ZONES,
  whereArbitrary,
  whereTextArbitrary,
} from "../../src/arbitraries/index.ts";
import { schemas } from "../../src/schema/resources.ts";
import { defineSchema } from "../../src/schema/schema.ts";
import { runs } from "../support/runs.ts";

const SRC = join(import.meta.dirname, "..", "..", "src");

describe("generation", () => {
  const schema = schemas.project;
  const all: [string, fc.Arbitrary<unknown>][] = [
    ["schemaArbitrary", schemaArbitrary()],
    ["recordsArbitrary", recordsArbitrary(schema)],
    ["recordsArbitrary without a schema", recordsArbitrary()],
    ["whereArbitrary", whereArbitrary(schema)],
    ["whereTextArbitrary", whereTextArbitrary()],
    ["invalidWhereArbitrary", invalidWhereArbitrary()],
    ["fieldsArbitrary", fieldsArbitrary(schema)],
    ["fieldsTextArbitrary", fieldsTextArbitrary()],
    ["invalidFieldsArbitrary", invalidFieldsArbitrary()],
  ];

  it.each(all)("%s gives the same values for the same seed", (_, arbitrary) => {
    const draw = () => fc.sample(arbitrary, { seed: 42, numRuns: runs(40) });
    expect(draw()).toEqual(draw());
    expect(fc.sample(arbitrary, { seed: 43, numRuns: runs(40) })).not.toEqual(draw());
  });
});

describe("listScalarFields", () => {
  it("lists the paths a filter can reach, through objects and not through arrays", () => {
    const schema = defineSchema({
      id: "integer",
      type: { id: "string", deep: { at: "date" } },
      tags: ["string"],
      branches: [{ name: "string" }],
      meta: "object",
      flag: "boolean",
    });
    expect(listScalarFields(schema)).toEqual([
      { path: ["id"], type: "integer" },
      { path: ["type", "id"], type: "string" },
      { path: ["type", "deep", "at"], type: "date" },
      { path: ["flag"], type: "boolean" },
    ]);
  });
});

describe("schemaArbitrary", () => {
  it("keeps to the types asked for", () => {
    fc.assert(
      fc.property(schemaArbitrary({ types: ["string", "date"] }), (schema) => {
        for (const { type } of listScalarFields(schema)) expect(["string", "date"]).toContain(type);
      }),
    );
    // `any` only when asked: SQL refuses to compare it (grammar/language.md 9.1).
    fc.assert(
      fc.property(schemaArbitrary({ types: ["any"] }), (schema) => {
        for (const { type } of listScalarFields(schema)) expect(type).toBe("any");
      }),
    );
  });

  it("gives schemas with every scalar type, nested objects and arrays", () => {
    const schemasDrawn = fc.sample(schemaArbitrary(), { seed: 1, numRuns: runs(100) });
    const types = new Set(schemasDrawn.flatMap((s) => listScalarFields(s).map((f) => f.type)));
    expect([...types].sort()).toEqual(["boolean", "date", "integer", "number", "string"]);
    const kinds = new Set(schemasDrawn.flatMap((s) => Object.values(s.fields).map((f) => f.kind)));
    expect(kinds).toContain("object");
    expect(kinds).toContain("array");
  });
});

describe("the qaql/arbitraries entry", () => {
  it("exports the arbitraries, the constants and removeSpans", () => {
    expect(Object.keys(arbitraries).sort()).toEqual([
      "AWKWARD_STRINGS",
      "BOUNDARY_INSTANTS",
      "DAYS",
      "TIME_ZONES",
      "fieldsArbitrary",
      "fieldsSpellingArbitrary",
      "fieldsTextArbitrary",
      "invalidFieldsArbitrary",
      "invalidWhereArbitrary",
      "listScalarFields",
      "recordArbitrary",
      "recordsArbitrary",
      "removeSpans",
      "schemaArbitrary",
      "whereArbitrary",
      "whereSpellingArbitrary",
      "whereTextArbitrary",
    ]);
    expect(TIME_ZONES).toContain("UTC");
  });

  it("loads neither the parsers nor chevrotain, so it runs wherever fast-check does", () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, "utf8");
      for (const [, spec] of text.matchAll(/^(?:import|export)[^;]*?from\s+"([^"]+)"/gms)) {
        const name = spec as string;
        if (name.startsWith(".")) visit(resolve(dirname(file), name));
        else expect(`${relative(SRC, file)}: ${name}`).toMatch(/: fast-check$/);
      }
    };
    visit(join(SRC, "arbitraries", "index.ts"));
    const files = [...seen].map((f) => relative(SRC, f));
    expect(files.filter((f) => f.startsWith("syntax/") || f.startsWith("cli/"))).toEqual([]);
  });
});
