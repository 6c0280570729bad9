import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeParseQueryDefinition } from "../../src/query/definition.ts";
import {
  DEFINITION_MAX_ITEMS,
  DEFINITION_MAX_LENGTH,
  DEFINITION_SPEC,
} from "../../src/query/definition-spec.ts";
import { queryDefinitionJsonSchema } from "../../src/query/json-schema.ts";
import { runs } from "../support/runs.ts";

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

  it("gives the limited arrays their maxItems, and no other array one", () => {
    const schema = queryDefinitionJsonSchema as Record<string, never>;
    const at = (...path: string[]) =>
      path.reduce<Record<string, unknown>>((node, key) => node[key] as never, schema);
    for (const name of ["columns", "orders", "filters"]) {
      expect(at("properties", name, "maxItems")).toBe(DEFINITION_MAX_ITEMS);
    }
    const data = ["properties", "filters", "items", "properties", "data", "properties"];
    expect(at(...data, "bounds", "maxItems")).toBe(256);
    expect(at(...data, "patterns", "maxItems")).toBe(256);
    expect(at(...data, "checked")).not.toHaveProperty("maxItems");
    expect(at("properties", "artefactTypes")).not.toHaveProperty("maxItems");
    const column = ["properties", "columns", "items", "properties", "excludingTypes"];
    expect(at(...column)).not.toHaveProperty("maxItems");
  });

  it("agrees with parseQueryDefinition on arrays around their limit", () => {
    const limit = DEFINITION_MAX_ITEMS;
    const length = fc.constantFrom(0, 1, limit - 1, limit, limit + 1, limit + 2, 2 * limit);
    // Where one bad item stands, if any: within the limit, the first past it, or further.
    const badAt = fc.option(fc.constantFrom(0, limit - 1, limit, limit + 1), { nil: undefined });
    const ORDER = { type: "MEASURE", id: "A", order: "DESC", orderType: "RANK" };
    const arrays: Record<string, (items: unknown[]) => unknown> = {
      columns: (items) => ({ columns: items }),
      orders: (items) => ({ columns: [], orders: items }),
      filters: (items) => ({ columns: [], filters: items }),
      bounds: (items) => ({
        columns: [],
        filters: [{ type: "measure", id: "A", data: { bounds: items } }],
      }),
      patterns: (items) => ({
        columns: [],
        filters: [{ type: "info", id: "A", data: { patterns: items } }],
      }),
      artefactTypes: (items) => ({ columns: [], artefactTypes: items }),
      checked: (items) => ({
        columns: [],
        filters: [{ type: "info", id: "A", data: { checked: items } }],
      }),
      excludingTypes: (items) => ({ columns: [{ type: "INFO", id: "A", excludingTypes: items }] }),
    };
    const good: Record<string, unknown> = {
      columns: { type: "INFO", id: "A" },
      orders: ORDER,
      filters: { type: "info", id: "A", data: {} },
      bounds: "[1;2]",
      patterns: "a*",
      artefactTypes: "FILE",
      checked: "x",
      excludingTypes: "FILE",
    };
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(arrays)), length, badAt, (name, count, bad) => {
        const items = Array.from({ length: count }, (_, i) => (i === bad ? 7 : good[name]));
        const json = arrays[name]?.(items);
        const parsed = safeParseQueryDefinition(json).success;
        expect(validate(json)).toBe(parsed);
        const limited = !["artefactTypes", "checked", "excludingTypes"].includes(name);
        const badChecked = bad !== undefined && bad < count && (!limited || bad < limit);
        expect(parsed).toBe((!limited || count <= limit) && !badChecked);
      }),
      { numRuns: runs(400) },
    );
  });

  it("gives a column's id its maxLength, and no other string one", () => {
    const schema = queryDefinitionJsonSchema as Record<string, never>;
    const at = (...path: string[]) =>
      path.reduce<Record<string, unknown>>((node, key) => node[key] as never, schema);
    expect(at("properties", "columns", "items", "properties", "id")).toMatchObject({
      type: "string",
      maxLength: DEFINITION_MAX_LENGTH,
    });
    expect(JSON.stringify(queryDefinitionJsonSchema).match(/"maxLength"/g)).toHaveLength(1);
  });

  it("agrees with parseQueryDefinition on column ids around their limit, counting code points", () => {
    const limit = DEFINITION_MAX_LENGTH;
    // Characters of one or two UTF-16 units, and lone surrogates, which count as one each.
    const char = fc.constantFrom("a", "é", "🙂", "\ud800", "\udc00");
    const length = fc.constantFrom(0, 1, limit - 1, limit, limit + 1, 2 * limit);
    const id = length.chain((n) => fc.array(char, { minLength: n, maxLength: n }));
    fc.assert(
      fc.property(id, (chars) => {
        const text = chars.join("");
        const json = { columns: [{ type: "MEASURE", id: text }] };
        const parsed = safeParseQueryDefinition(json).success;
        expect(validate(json)).toBe(parsed);
        expect(parsed).toBe([...text].length <= limit);
      }),
      { numRuns: runs(400) },
    );
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
      { numRuns: runs(2000) },
    );
  });

  it("states no default its own rules forbid: a definition filled with them stays valid", () => {
    // What a generated client does (openapi-typescript makes a member with a default
    // non-optional): every member absent takes the default stated beside its type.
    type Node = Record<string, unknown>;
    const fill = (schema: Node, value: unknown): unknown => {
      if (Array.isArray(value)) {
        return value.map((item) => fill((schema.items ?? {}) as Node, item));
      }
      if (typeof value !== "object" || value === null) return value;
      const properties = (schema.properties ?? {}) as Record<string, Node>;
      const filled: Node = { ...(value as Node) };
      for (const [name, member] of Object.entries(properties)) {
        if (filled[name] === undefined && "default" in member) filled[name] = member.default;
        if (filled[name] !== undefined) filled[name] = fill(member, filled[name]);
      }
      return filled;
    };
    const MEASURE = { columns: [{ type: "MEASURE", id: "LOC" }] };
    expect(validate(fill(queryDefinitionJsonSchema, MEASURE))).toBe(true);
    expect(VECTORS.valid.length).toBeGreaterThan(5);
    for (const { name, definition } of VECTORS.valid) {
      const filled = fill(queryDefinitionJsonSchema, definition);
      expect(validate(filled), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(safeParseQueryDefinition(filled).success, name).toBe(true);
    }
  });
});
