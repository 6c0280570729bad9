import { describe, expect, it } from "vitest";
import { compileFields, compileListFields } from "../../../src/api/compile-fields.ts";
import { compileProjection } from "../../../src/backends/projection/compile-projection.ts";
import { parseFields } from "../../../src/syntax/parse-fields.ts";

type Level = { child: [Level, number]; i: number };

/** A record whose `deep` member nests objects and arrays 100,000 deep, built without recursion. */
function deepRecord(): { id: number; deep: Level; list: unknown[] } {
  let deep: unknown = { leaf: true };
  for (let i = 0; i < 100_000; i++) deep = i % 2 === 0 ? [deep, i] : { child: deep, i };
  return { id: 1, deep: deep as Level, list: [{ deep, id: 2 }, deep] };
}

// Deep values are compared by identity: a deep equality check would itself recurse.
describe("projections of records of any depth", () => {
  const record = deepRecord();

  it("walk only as deep as the selection, with either strategy", () => {
    const selection = parseFields("id,deep,list(id,deep)");
    for (const strategy of ["auto", "closures"] as const) {
      const projected = compileProjection(selection, strategy)(record) as typeof record;
      expect(Object.keys(projected)).toEqual(["id", "deep", "list"]);
      // Selected values are shared, never copied level by level.
      expect(projected.deep).toBe(record.deep);
      expect((projected.list[0] as { deep: unknown }).deep).toBe(record.deep);
      // An object in the list is projected too, and holds neither id nor deep.
      expect(projected.list[1]).toEqual({});
    }
  });

  it("project a few levels into a deep value", () => {
    const page = compileListFields("deep(child)")({ _links: {}, items: [record] });
    const deep = (page.items[0] as { deep: Level }).deep;
    expect(Object.keys(deep)).toEqual(["child"]);
    expect(deep.child).toBe(record.deep.child);
    expect(compileFields("deep.child.i")(record)).toEqual({
      deep: { child: [{ i: 99_997 }, 99_998] },
    });
  });
});
