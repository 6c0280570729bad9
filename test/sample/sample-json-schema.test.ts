import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { schemas } from "../../src/schema/resources.ts";
import type { FieldType, Schema } from "../../src/schema/schema.ts";
import { schemaToJsonSchema } from "../../src/schema/schema-json-schema.ts";
import { apiServerOpenApi } from "../../src/server/api-server-openapi.ts";
import { parseFields } from "../../src/syntax/parse-fields.ts";
import { parseWhere } from "../../src/syntax/parse-where.ts";

// The shipped schemas fit the shipped data (grammar/language.md 4.2): every record of
// sample/dump.json against its resource's JSON Schema and the OpenAPI document's, strictly.

type Json = Record<string, unknown>;

const FILE = join(import.meta.dirname, "..", "..", "sample", "dump.json");
const dump = JSON.parse(readFileSync(FILE, "utf8")) as Record<string, Json[]>;

// One row: the dump's array, the resource's schema, the OpenAPI component of one record.
const RESOURCES: [string, Schema, string][] = [
  ["projects", schemas.project, "Project"],
  ["artefacts", schemas.artefact, "Artefact"],
  ["findings", schemas.finding, "Finding"],
];

function strictAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  // The document's components under their own pointer, so that its `$ref`s resolve as written;
  // `components` is no JSON Schema keyword, and named it stays inert.
  ajv.addKeyword("components");
  ajv.addSchema({ components: apiServerOpenApi().components }, "openapi");
  return ajv;
}

/** The errors of each record that `check` refuses, by the record's id; empty when all fit. */
function refusals(check: ReturnType<Ajv2020["compile"]>, records: readonly Json[]): unknown[] {
  return records.flatMap((record) =>
    check(record) ? [] : [{ id: record.id, errors: check.errors }],
  );
}

/**
 * The paths the record holds that the type does not declare: a member that no field names, or
 * an object or array the schema leaves undescribed. `_links` needs no declaration (4.4).
 */
function undeclared(value: unknown, type: FieldType, at: string): string[] {
  if (value === null || typeof value !== "object" || type.kind === "any") return [];
  if (Array.isArray(value)) {
    if (type.kind !== "array") return [];
    if (type.items === null) return value.length === 0 ? [] : [`${at}[] undescribed`];
    const items = type.items;
    return value.flatMap((item) => undeclared(item, items, `${at}[]`));
  }
  if (type.kind !== "object") return [];
  if (type.fields === null) return [`${at} undescribed`];
  const fields = type.fields;
  return Object.entries(value).flatMap(([name, member]) => {
    if (name === "_links") return [];
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    const path = at === "" ? name : `${at}.${name}`;
    return field === undefined ? [path] : undeclared(member, field, path);
  });
}

describe.each(RESOURCES)("sample/dump.json %s", (name, schema, component) => {
  const records = dump[name] as Json[];

  it("has records to check", () => {
    expect(records.length).toBeGreaterThan(0);
  });

  it("fits schemaToJsonSchema of its schema, with a strict Ajv 2020", () => {
    const check = new Ajv2020({ strict: true, allErrors: true }).compile(
      schemaToJsonSchema(schema),
    );
    expect(refusals(check, records)).toEqual([]);
  });

  it(`fits the OpenAPI document's ${component}, with a strict Ajv 2020`, () => {
    const check = strictAjv().compile({ $ref: `openapi#/components/schemas/${component}` });
    expect(refusals(check, records)).toEqual([]);
  });

  it("holds no member its schema does not declare", () => {
    const type: FieldType = { kind: "object", fields: schema.fields };
    const paths = new Set(records.flatMap((record) => undeclared(record, type, "")));
    expect([...paths]).toEqual([]);
  });
});

describe("the checks have teeth", () => {
  const project = dump.projects?.[0] as Json;
  const artefact = dump.artefacts?.find((a) => a.parentId !== null) as Json;

  // One row: the record, a member changed, and the resource's schema and component.
  const rows: [string, Json, Schema, string][] = [
    [
      "a day that does not exist",
      { ...project, analysisTime: "2025-02-29" },
      schemas.project,
      "Project",
    ],
    [
      "a date-time with 7 fraction digits",
      { ...project, analysisTime: "2025-02-28T10:00:00.1234567Z" },
      schemas.project,
      "Project",
    ],
    ["a number where a text is", { ...project, group: 7 }, schemas.project, "Project"],
    ["a text where a number is", { ...artefact, rank: "high" }, schemas.artefact, "Artefact"],
    [
      "a text among the links",
      { ...artefact, links: { CALLS: ["x"] } },
      schemas.artefact,
      "Artefact",
    ],
  ];

  it.each(rows)("refuses %s", (_, record, schema, component) => {
    const own = new Ajv2020({ strict: true, allErrors: true }).compile(schemaToJsonSchema(schema));
    expect(own(record)).toBe(false);
    const document = strictAjv().compile({ $ref: `openapi#/components/schemas/${component}` });
    expect(document(record)).toBe(false);
  });

  it("finds an undeclared member", () => {
    const type: FieldType = { kind: "object", fields: schemas.project.fields };
    expect(undeclared({ ...project, extra: 1, level: { id: "A", more: 2 } }, type, "")).toEqual([
      "level.more",
      "extra",
    ]);
  });
});

describe("the README's main job (npm start)", () => {
  const manifest = JSON.parse(
    readFileSync(join(import.meta.dirname, "..", "..", "package.json"), "utf8"),
  ) as { scripts: Record<string, string> };
  const start = manifest.scripts.start ?? "";
  const option = (name: string) => new RegExp(`--${name} "([^"]*)"`).exec(start)?.[1];

  it("filters and selects artefacts with what schemas.artefact declares", () => {
    expect(start).toContain("--resource artefacts");
    const where = option("where");
    const fields = option("fields");
    expect(fields).toContain("measures(");
    expect(() => parseWhere(where ?? "", { schema: schemas.artefact })).not.toThrow();
    expect(() => parseFields(fields ?? "", { schema: schemas.artefact })).not.toThrow();
  });
});
