import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SchemaDefinitionError } from "../../src/errors/schema-definition-error.ts";
import { inferSchema, SchemaInference } from "../../src/schema/infer-schema.ts";
import { resolvePath } from "../../src/schema/schema.ts";

const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

describe("inferSchema (grammar/language.md 4.5)", () => {
  it("types each field from its values, objects and arrays described from their contents", () => {
    const schema = inferSchema([
      {
        id: 1,
        name: "a",
        rank: 2,
        ok: true,
        type: { id: "FILE" },
        tags: ["x"],
        branches: [{ id: 1, name: "main" }],
      },
      { id: 2, name: "b", rank: 2.5, ok: false, type: { id: "DIR", extra: 1 }, tags: [] },
    ]);
    expect(plain(schema)).toEqual({
      kind: "object",
      fields: {
        id: { kind: "integer" },
        name: { kind: "string" },
        rank: { kind: "number" },
        ok: { kind: "boolean" },
        type: { kind: "object", fields: { id: { kind: "string" }, extra: { kind: "integer" } } },
        tags: { kind: "array", items: { kind: "string" } },
        branches: {
          kind: "array",
          items: { kind: "object", fields: { id: { kind: "integer" }, name: { kind: "string" } } },
        },
      },
    });
  });

  it("makes a date of strings that all read as dates, and a string as soon as one does not", () => {
    const dates = inferSchema([
      { day: "2024-02-29", at: "2024-03-01T10:00:00Z", when: new Date(0) },
      { day: "2024-03-01", at: "2024-03-01 10:00", when: "2024-03-01" },
    ]);
    expect(plain(dates).fields).toEqual({
      day: { kind: "date" },
      at: { kind: "date" },
      when: { kind: "date" },
    });
    const notAll = inferSchema([{ day: "2024-02-29" }, { day: "2024-02-30" }, { day: "soon" }]);
    expect(plain(notAll).fields.day).toEqual({ kind: "string" });
    expect(plain(inferSchema([{ day: "2024-02-29" }], { dates: false })).fields.day).toEqual({
      kind: "string",
    });
  });

  it("ignores nulls and absent members, and types by the values that are there", () => {
    const schema = inferSchema([
      { group: null, level: null },
      { group: "g" },
      { level: { id: "A" } },
    ]);
    expect(plain(schema).fields).toEqual({
      group: { kind: "string" },
      level: { kind: "object", fields: { id: { kind: "string" } } },
    });
  });

  it("gives `any` to a field of several kinds of value, or of nulls alone", () => {
    const schema = inferSchema([
      { version: 1, owner: "x", note: null, items: [1, "a"] },
      { version: "1.2", owner: { id: 1 }, note: null },
    ]);
    expect(plain(schema).fields).toEqual({
      version: { kind: "any" },
      owner: { kind: "any" },
      note: { kind: "any" },
      items: { kind: "array", items: { kind: "any" } },
    });
  });

  it("leaves out members no filter can name, and never reads inherited ones", () => {
    const record = JSON.parse('{"a-b":1,"__proto__":{"x":1},"ok":1}');
    const schema = inferSchema([record, Object.create({ inherited: 1 })]);
    expect(Object.keys(schema.fields)).toEqual(["__proto__", "ok"]);
    expect(resolvePath(schema, ["__proto__", "x"]).ok).toBe(true);
  });

  it("learns nothing from records that are not objects", () => {
    expect(plain(inferSchema([null, 1, "x", [1], new Date(0)]))).toEqual({
      kind: "object",
      fields: {},
    });
  });

  it("describes no deeper than a schema may nest, even over a cyclic record", () => {
    const cyclic: Record<string, unknown> = { id: 1 };
    cyclic.self = cyclic;
    const schema = inferSchema([cyclic]);
    let depth = 0;
    for (let type = schema.fields.self; type?.kind === "object" && type.fields; depth++) {
      type = type.fields.self;
    }
    expect(depth).toBeGreaterThan(200);
    expect(depth).toBeLessThanOrEqual(256);
  });

  it("throws a SchemaDefinitionError past maxFields, however the records grow", () => {
    const wide = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, i]));
    expect(() => inferSchema([wide], { maxFields: 49 })).toThrow(SchemaDefinitionError);
    expect(() => inferSchema([wide], { maxFields: 49 })).toThrow(/more than 49 distinct fields/);
    // A record that shares one object on two members doubles its paths at every level.
    let shared: object = { leaf: 1 };
    for (let i = 0; i < 40; i++) shared = { left: shared, right: shared };
    expect(() => inferSchema([shared])).toThrow(/more than 10000 distinct fields/);
  });

  it("checks its options", () => {
    expect(() => new SchemaInference({ maxFields: 0 })).toThrow(RangeError);
    expect(() => new SchemaInference({ dates: "yes" as never })).toThrow(TypeError);
  });

  it("learns record by record what it learns from all at once", () => {
    const dump = JSON.parse(readFileSync("sample/dump.json", "utf8")) as Record<string, unknown[]>;
    const records = dump.artefacts ?? [];
    const inference = new SchemaInference();
    for (const record of records) inference.add(record);
    expect(inference.schema()).toEqual(inferSchema(records));
    expect(plain(inference.schema()).fields.measures.fields.LOC).toEqual({ kind: "integer" });
  });
});
