import { describe, expect, it } from "vitest";
import { SchemaDefinitionError } from "../../src/errors/schema-definition-error.ts";
import { schemas } from "../../src/schema/resources.ts";
import {
  defineSchema,
  editDistance,
  nearestName,
  readSchema,
  resolvePath,
  type Schema,
  scalarTypeAt,
  suggestPath,
} from "../../src/schema/schema.ts";

describe("defineSchema (grammar/language.md 4)", () => {
  it("reads the notation of section 4", () => {
    const artefact = defineSchema({
      id: "integer",
      name: "string",
      type: { id: "string" },
      rank: "number",
      tags: ["string"],
      branches: [{ id: "integer", name: "string" }],
      extra: "object",
      list: "array",
    });
    expect(JSON.parse(JSON.stringify(artefact))).toEqual({
      kind: "object",
      fields: {
        id: { kind: "integer" },
        name: { kind: "string" },
        type: { kind: "object", fields: { id: { kind: "string" } } },
        rank: { kind: "number" },
        tags: { kind: "array", items: { kind: "string" } },
        branches: {
          kind: "array",
          items: { kind: "object", fields: { id: { kind: "integer" }, name: { kind: "string" } } },
        },
        extra: { kind: "object", fields: null },
        list: { kind: "array", items: null },
      },
    });
  });

  it.each([
    [{ a: "text" }, 'at "a": unknown type "text"'],
    [
      { a: { b: ["string", "integer"] } },
      'at "a.b": an array type is written with exactly one item type',
    ],
    [{ a: [] }, "exactly one item type"],
    [{ a: 3 }, 'at "a": expected a type name, an object or a one-element array; found number'],
    [{ a: null }, "found null"],
    [{ "a-b": "string" }, 'at "a-b": a field name must be an identifier'],
  ])("rejects a malformed shape %j", (shape, message) => {
    expect(() => defineSchema(shape as never)).toThrow(SchemaDefinitionError);
    expect(() => defineSchema(shape as never)).toThrow(message);
  });

  it('reads "any", a field typed value by value, in both notations', () => {
    const shape = defineSchema({ version: "any", owner: { id: "any" }, items: ["any"] });
    const normalized = {
      kind: "object",
      fields: {
        version: { kind: "any" },
        owner: { kind: "object", fields: { id: { kind: "any" } } },
        items: { kind: "array", items: { kind: "any" } },
      },
    };
    expect(JSON.parse(JSON.stringify(shape))).toEqual(normalized);
    expect(readSchema(normalized)).toEqual(shape);
    expect(() => defineSchema({ a: "anything" as never })).toThrow(
      'unknown type "anything"; expected string, integer, number, boolean, date, any, object or array',
    );
    expect(() => readSchema({ kind: "object", fields: { a: { kind: "mixed" } } })).toThrow(
      "expected string, integer, number, boolean, date, any, object or array",
    );
  });

  it("treats inherited names as ordinary fields", () => {
    const schema = defineSchema(JSON.parse('{"constructor": "string"}'));
    expect(resolvePath(schema, ["constructor"])).toEqual({ ok: true, type: { kind: "string" } });
    expect(resolvePath(schema, ["toString"])).toMatchObject({ ok: false, reason: "unknown" });
  });
});

describe("resolvePath", () => {
  it("follows objects and stops at arrays and scalars", () => {
    expect(resolvePath(schemas.project, ["level", "id"])).toEqual({
      ok: true,
      type: { kind: "string" },
    });
    expect(resolvePath(schemas.project, ["branches", "name"])).toEqual({
      ok: false,
      reason: "throughArray",
      segment: 1,
    });
    expect(resolvePath(schemas.project, ["name", "x"])).toEqual({
      ok: false,
      reason: "throughScalar",
      segment: 1,
    });
    expect(resolvePath(schemas.project, ["nope"])).toEqual({
      ok: false,
      reason: "unknown",
      segment: 0,
    });
    expect(resolvePath(schemas.finding, ["definition", "categories"])).toMatchObject({
      ok: true,
      type: { kind: "array" },
    });
  });

  it("reads a path below an `any` field as `any`: the field may hold an object", () => {
    const schema = defineSchema({ owner: "any", meta: "object", tags: ["any"] });
    for (const path of [["owner"], ["owner", "id"], ["owner", "a", "__proto__"]]) {
      expect(resolvePath(schema, path), path.join(".")).toEqual({
        ok: true,
        type: { kind: "any" },
      });
      expect(scalarTypeAt(schema, path)).toBe("any");
    }
    // Unlike an undescribed object, and an array of `any`, which a filter cannot go into.
    expect(resolvePath(schema, ["meta", "id"])).toMatchObject({ ok: false, reason: "unknown" });
    expect(resolvePath(schema, ["tags", "id"])).toMatchObject({
      ok: false,
      reason: "throughArray",
    });
    expect(resolvePath(schema, ["ownr", "id"])).toMatchObject({ ok: false, reason: "unknown" });
    expect(suggestPath(schema, ["ownr", "id"])).toBe("owner.id");
    expect(suggestPath(schema, ["Owner", "x", "y"])).toBe("owner.x.y");
  });
});

describe("schemas of the API's resources (4)", () => {
  it("types the fields section 4.2 lists", () => {
    const kinds = (schema: Schema) =>
      Object.fromEntries(Object.entries(schema.fields).map(([name, type]) => [name, type.kind]));
    expect(kinds(schemas.project)).toEqual({
      id: "integer",
      name: "string",
      ownerId: "integer",
      versionId: "integer",
      color: "integer",
      status: "string",
      group: "string",
      creationTime: "integer",
      artefactId: "integer",
      rating: "string",
      modelUId: "string",
      analysisTime: "date",
      level: "object",
      branches: "array",
    });
    expect(kinds(schemas.artefact)).toEqual({
      id: "integer",
      name: "string",
      path: "string",
      type: "object",
      rank: "number",
      projectId: "integer",
      parentId: "integer",
      rating: "string",
      measures: "object",
      indicators: "object",
      infos: "object",
      links: "object",
    });
    expect(kinds(schemas.finding)).toEqual({
      id: "integer",
      tool: "string",
      status: "string",
      readOnly: "boolean",
      suspicious: "boolean",
      definition: "object",
      locations: "array",
      projectId: "integer",
      creationDate: "date",
    });
    expect(resolvePath(schemas.project, ["branches"])).toEqual({
      ok: true,
      type: {
        kind: "array",
        items: {
          kind: "object",
          fields: {
            id: { kind: "integer" },
            name: { kind: "string" },
            versionId: { kind: "integer" },
          },
        },
      },
    });
  });

  // One row: a resource's schema, a path, and the type section 4.2 gives it.
  it.each([
    [schemas.artefact, "measures.LOC", "number"],
    [schemas.artefact, "measures.DUPLICATION", "number"],
    [schemas.artefact, "indicators.MAINTAINABILITY.rank", "number"],
    [schemas.artefact, "indicators.SECURITY.mnemonic", "string"],
    [schemas.artefact, "infos.LANGUAGE", "string"],
    [schemas.finding, "definition.description", "string"],
    [schemas.finding, "creationDate", "date"],
    [schemas.project, "analysisTime", "date"],
  ] as const)("gives %#: %s its type", (schema, path, kind) => {
    expect(scalarTypeAt(schema, path.split("."))).toBe(kind);
  });

  it("describes the items of every array the sample holds", () => {
    const items = (schema: Schema, path: string) => {
      const resolved = resolvePath(schema, path.split("."));
      return resolved.ok && resolved.type.kind === "array" ? resolved.type.items : undefined;
    };
    expect(items(schemas.artefact, "links.CALLS")).toEqual({ kind: "integer" });
    expect(items(schemas.finding, "definition.families")).toEqual({ kind: "string" });
    expect(items(schemas.finding, "definition.categories")).toEqual({
      kind: "object",
      fields: {
        id: { kind: "string" },
        level: { kind: "object", fields: { id: { kind: "string" }, name: { kind: "string" } } },
        scale: { kind: "object", fields: { name: { kind: "string" } } },
      },
    });
    expect(items(schemas.finding, "locations")).toEqual({
      kind: "object",
      fields: {
        artefactId: { kind: "integer" },
        line: { kind: "integer" },
        column: { kind: "integer" },
      },
    });
  });
});

describe("suggestions for a mistyped name", () => {
  it.each([
    ["rnak", "rank", 1],
    ["rank", "rank", 0],
    ["", "abc", 3],
    ["abc", "", 3],
    ["kitten", "sitting", 3],
    ["nope", "name", 2],
    ["ca", "abc", 3],
    ["abdc", "abcd", 1],
  ])("editDistance(%s, %s) = %i, a transposition counting 1", (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });

  const NAMES = ["id", "name", "rank", "rand", "path", "type", "creationTime", "owner", "tags"];
  // One row: what was typed, the names known there, and the suggestion (undefined: none).
  it.each<[string, readonly string[], string | undefined]>([
    ["rnak", ["id", "name", "rank", "path"], "rank"],
    ["nmae", NAMES, "name"],
    ["Rank", NAMES, "rank"],
    ["RANK", NAMES, "rank"],
    ["typ", NAMES, "type"],
    ["ownr", NAMES, "owner"],
    ["creatoinTime", NAMES, "creationTime"],
    ["creatoinTmie", NAMES, "creationTime"],
    // A unique prefix, whatever the distance.
    ["creation", NAMES, "creationTime"],
    ["ran", ["id", "name", "rank"], "rank"],
    // As near to two names: none, unless it starts only one of them.
    ["ranx", NAMES, undefined],
    ["ran", NAMES, undefined],
    ["nam", ["name", "nav"], "name"],
    ["NAME", ["name", "Name"], undefined],
    // Too far for the length typed: at most a third of it, and 2.
    ["xyz", NAMES, undefined],
    ["x", NAMES, undefined],
    ["nope", NAMES, undefined],
    ["craetoinTmie", NAMES, undefined],
    ["i", ["id"], undefined],
    ["", NAMES, undefined],
    ["rnak", [], undefined],
  ])("nearestName(%s, %j) = %s", (typed, names, expected) => {
    expect(nearestName(typed, names)).toBe(expected);
  });

  const schema = defineSchema({
    id: "integer",
    name: "string",
    type: { id: "string", kind: { code: "string" } },
    tags: ["string"],
    branches: [{ name: "string" }],
    meta: "object",
  });
  it.each<[string, string | undefined]>([
    ["nmae", "name"],
    ["typ.id", "type.id"],
    ["type.idd", "type.id"],
    ["typ.idd", "type.id"],
    ["type.knid.code", "type.kind.code"],
    ["tgas", "tags"],
    ["meat", "meta"],
    // Before the last segment only described objects lead on.
    ["nmae.x", undefined],
    ["tgas.x", undefined],
    ["meta.x", undefined],
    ["type.xyz", undefined],
    ["xyz.id", undefined],
  ])("suggestPath(%s) = %s", (path, expected) => {
    expect(suggestPath(schema, path.split("."))).toBe(expected);
  });
});
