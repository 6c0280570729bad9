import { describe, expect, it } from "vitest";
import { FieldPresence } from "../../src/dump/field-presence.ts";
import { parseFields } from "../../src/syntax/parse-fields.ts";
import { parseWhere } from "../../src/syntax/parse-where.ts";

const records = [
  { id: 1, type: { id: "FILE" }, group: null, branches: [{ name: "main" }], _links: {} },
  { id: 2, type: { id: "DIR" }, measures: { LOC: 3 } },
];

const presence = (where?: string, fields?: string) => {
  const watched = new FieldPresence(
    where === undefined ? undefined : parseWhere(where),
    fields === undefined ? undefined : parseFields(fields),
  );
  watched.observe(records);
  return watched.unseen();
};

describe("FieldPresence", () => {
  it("reports each field no record held, in the order written, with the one meant", () => {
    expect(presence("typ.id=FILE AND id>1 OR rnak>=2", "id,nmae,measures(LOC,CC)")).toEqual([
      { path: "typ.id", language: "where", suggestion: "type.id" },
      { path: "rnak", language: "where" },
      { path: "nmae", language: "fields" },
      { path: "measures.CC", language: "fields" },
    ]);
  });

  it("counts a null member as held, reaches through arrays' items, and skips _links", () => {
    expect(presence("group IS NULL", "branches.name,_links")).toEqual([]);
    expect(presence(undefined, "branches(nmae)")).toEqual([
      { path: "branches.nmae", language: "fields" },
    ]);
  });

  it("names a field once, however often it is written, the filter's first", () => {
    expect(presence("x=1 OR x=2", "x,y.x,y.x")).toEqual([
      { path: "x", language: "where" },
      { path: "y.x", language: "fields" },
    ]);
  });

  it("reaches through arrays nested 100,000 deep without overflowing the stack", () => {
    const deep = JSON.parse(`{"a":${"[".repeat(100_000)}{"b":1}${"]".repeat(100_000)}}`);
    const watched = new FieldPresence(parseWhere("a.b=1 OR a.c=1"), undefined);
    watched.observe([deep]);
    expect(watched.unseen()).toEqual([{ path: "a.c", language: "where" }]);
  });

  it("never reads inherited members", () => {
    const watched = new FieldPresence(parseWhere("toString=1"), undefined);
    watched.observe([{}, Object.create({ toString: 1 })]);
    expect(watched.unseen()).toEqual([{ path: "toString", language: "where" }]);
  });

  it("learns across batches, and stops looking once all are seen", () => {
    const watched = new FieldPresence(parseWhere("measures.LOC>1"), undefined);
    watched.observe([records[0]]);
    expect(watched.unseen()).toHaveLength(1);
    watched.observe([records[1]]);
    expect(watched.unseen()).toEqual([]);
  });
});
