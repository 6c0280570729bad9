import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeParseQueryDefinition } from "../../src/query/definition.ts";
import { DEFINITION_SPEC } from "../../src/query/definition-spec.ts";
import { queryDefinitionJsonSchema } from "../../src/query/json-schema.ts";

interface Vectors {
  readonly valid: readonly { readonly name: string; readonly definition: unknown }[];
  readonly invalid: readonly {
    readonly name: string;
    readonly definition: unknown;
    readonly schemaRejects: boolean;
  }[];
}

const FILE = join(
  import.meta.dirname,
  "..",
  "..",
  "grammar",
  "conformance",
  "query-definitions.json",
);
const VECTORS = JSON.parse(readFileSync(FILE, "utf8")) as Vectors;

const ajv = new Ajv2020({ strict: true, allErrors: true });
const validate = ajv.compile(queryDefinitionJsonSchema);

describe("queryDefinitionJsonSchema", () => {
  it("is plain JSON that Ajv accepts in strict mode as a 2020-12 schema", () => {
    expect(JSON.parse(JSON.stringify(queryDefinitionJsonSchema))).toEqual(
      queryDefinitionJsonSchema,
    );
    expect(ajv.validateSchema(queryDefinitionJsonSchema)).toBe(true);
    expect(queryDefinitionJsonSchema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
  });

  it("lists the members, required keys and defaults of the description", () => {
    if (DEFINITION_SPEC.kind !== "object") throw new Error("the definition is an object");
    const schema = queryDefinitionJsonSchema as {
      properties: Record<string, { default?: unknown; description: string }>;
      required: string[];
      additionalProperties: boolean;
    };
    expect(Object.keys(schema.properties)).toEqual(Object.keys(DEFINITION_SPEC.properties));
    expect(schema.required).toEqual(["columns"]);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.linkDirection?.default).toBe("OUT");
    expect(schema.properties.resultSize).toMatchObject({ type: "integer", minimum: 1 });
  });

  it.each(VECTORS.valid.map((v) => [v.name, v] as const))(
    "accepts the valid vector: %s",
    (_n, vector) => {
      expect(validate(vector.definition), JSON.stringify(validate.errors)).toBe(true);
    },
  );

  it.each(VECTORS.invalid.map((v) => [v.name, v] as const))(
    "agrees on the invalid vector: %s",
    (_n, vector) => {
      expect(safeParseQueryDefinition(vector.definition).success).toBe(false);
      expect(validate(vector.definition)).toBe(!vector.schemaRejects);
    },
  );

  it.each([
    ["[10;20[", true],
    ["]0;[", true],
    ["[;5]", true],
    ["[;[", true],
    ["[-1.5e-3;2E+4]", true],
    ["[1;2", false],
    ["(1;2)", false],
    ["[1,2]", false],
    ["[ 1;2]", false],
    ["[1;2]x", false],
  ])("checks the interval syntax of %s as the parser does: %s", (bound, valid) => {
    const json = {
      columns: [],
      filters: [{ type: "measure", id: "m", data: { bounds: [bound] } }],
    };
    expect(validate(json)).toBe(valid);
    expect(safeParseQueryDefinition(json).success).toBe(valid);
  });

  it("agrees with parseQueryDefinition on generated near-valid definitions", () => {
    // Nine times in ten a value the API accepts, so valid and invalid definitions both come up.
    const near = (valid: unknown[], invalid: unknown[]) =>
      fc.oneof(
        { arbitrary: fc.constantFrom(...valid), weight: 9 },
        { arbitrary: fc.constantFrom(...invalid), weight: 1 },
      );
    const column = fc.record(
      {
        type: near(["MEASURE", "INDICATOR", "INFO"], ["measure", "X", 1]),
        id: near(["LOC"], [2]),
        displayType: near(["NAME", "RANK"], ["icon"]),
        useBackgroundColor: near([true, false], ["true"]),
        alpha: near([0, 100, 255], [256, -1, 1.5]),
        excludingTypes: near([[], ["FILE"]], [[1]]),
      },
      { requiredKeys: ["type", "id"] },
    );
    const filter = fc.record(
      {
        type: near(["measure", "indicator", "info"], ["INFO", "x"]),
        id: near(["LOC"], [null]),
        data: fc.record(
          {
            checked: near([["a"]], ["a"]),
            bounds: fc.array(near(["[1;2]", "];["], ["[1;2", "x", "[1,2]", 3]), { maxLength: 2 }),
            patterns: fc.array(near(["*", "", "a?"], [1]), { maxLength: 2 }),
          },
          { requiredKeys: [] },
        ),
        invert: near([true], ["no"]),
      },
      { requiredKeys: ["type", "id", "data"] },
    );
    const definition = fc.record(
      {
        artefactTypes: near([[], ["FILE"]], ["FILE"]),
        linkType: near(["CALLS"], [null]),
        linkDirection: near(["IN", "OUT"], ["in"]),
        columns: fc.array(column, { maxLength: 2 }),
        orders: near([[], [{ type: "MEASURE", id: "A", order: "ASC", orderType: "RANK" }]], [[{}]]),
        filters: fc.array(filter, { maxLength: 2 }),
        resultSize: near([1, 10], [0, 2.5, "3"]),
        hidePath: near([true], [0]),
      },
      { requiredKeys: ["columns"] },
    );
    fc.assert(
      fc.property(definition, (json) => {
        expect(validate(json)).toBe(safeParseQueryDefinition(json).success);
      }),
      { numRuns: 2000 },
    );
  });
});
