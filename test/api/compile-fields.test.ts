import { describe, expect, it } from "vitest";
import { compileFields, compileListFields } from "../../src/api/compile-fields.ts";
import { compileProjection } from "../../src/backends/projection/compile-projection.ts";
import { QuerySyntaxError } from "../../src/errors/errors.ts";

const project = (fields: string, record: unknown) => compileFields(fields)(record);

describe("compileFields: grammar/language.md 3.2", () => {
  it("keeps the selected keys in the record's own order, and leaves out absent ones", () => {
    const out = project("c,a,missing", { a: 1, b: 2, c: 3 });
    expect(out).toEqual({ a: 1, c: 3 });
    expect(Object.keys(out as object)).toEqual(["a", "c"]);
    expect("missing" in (out as object)).toBe(false);
  });

  it("projects an object value by its sub-selection", () => {
    const record = { status: { id: "OPEN", name: "Open", color: 3 }, other: 1 };
    expect(project("status(id,name)", record)).toEqual({ status: { id: "OPEN", name: "Open" } });
    expect(project("status.id", record)).toEqual({ status: { id: "OPEN" } });
  });

  it("maps an array element-wise: objects projected, other elements kept", () => {
    const record = { tags: [{ id: 1, name: "x" }, "plain", 3, null, [1, 2], { name: "y" }] };
    expect(project("tags.id", record)).toEqual({ tags: [{ id: 1 }, "plain", 3, null, [1, 2], {}] });
  });

  it("keeps any other value, null included, as it is under a sub-selection", () => {
    expect(project("a.b,c.d,e.f,g.h", { a: null, c: 5, e: "text", g: true })).toEqual({
      a: null,
      c: 5,
      e: "text",
      g: true,
    });
  });

  it("keeps _links on every object it keeps, selected or not (decided here)", () => {
    const record = {
      id: 1,
      _links: { self: { href: "/a/1" } },
      level: { id: "A", name: "x", _links: { self: { href: "/l/A" } } },
      locations: [
        { artefact: { id: 2, path: "p", _links: { self: "s" } }, line: 3, _links: { x: 1 } },
      ],
    };
    expect(project("level.id,locations.artefact.id", record)).toEqual({
      _links: { self: { href: "/a/1" } },
      level: { id: "A", _links: { self: { href: "/l/A" } } },
      locations: [{ artefact: { id: 2, _links: { self: "s" } }, _links: { x: 1 } }],
    });
    expect(project("_links", record)).toEqual({ _links: { self: { href: "/a/1" } } });
  });

  it("does not touch objects it does not project", () => {
    const record = { whole: { _links: 1, inner: { a: 1 } } };
    const out = project("whole", record) as typeof record;
    expect(out.whole).toBe(record.whole);
  });

  it("merges repeated and overlapping items", () => {
    const record = { a: { b: 1, c: 2, d: 3 } };
    expect(project("a.b,a.c", record)).toEqual({ a: { b: 1, c: 2 } });
    expect(project("a,a.b", record)).toEqual(record);
  });

  it("reads own properties only and never changes the copy's prototype", () => {
    const inherited = Object.create({ name: "from prototype" });
    inherited.id = 1;
    expect(project("id,name,constructor,toString", inherited)).toEqual({ id: 1 });
    const hostile = JSON.parse(
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": 1}, "a": 1}',
    );
    const out = project("__proto__,constructor,a", hostile) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(["__proto__", "constructor", "a"]);
    expect(Object.getOwnPropertyDescriptor(out, "__proto__")?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const nested = project("__proto__.polluted", hostile) as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(nested, "__proto__")?.value).toEqual({ polluted: true });
  });

  it("never mutates its input", () => {
    const record = { a: { b: 1, c: [{ d: 1, e: 2 }] }, f: 3 };
    const copy = structuredClone(record);
    project("a.c.d", record);
    expect(record).toEqual(copy);
  });

  it("rejects a tree from outside that selects inside _links, as the text would be", () => {
    const tree = [{ name: "_links", children: [{ name: "self", children: null }] }];
    expect(() => compileFields(tree)).toThrow(
      expect.objectContaining({ name: "InvalidAstError", pointer: "/0/children" }),
    );
  });

  it("keeps _links whole in the backend even when a tree selects inside it", () => {
    const record = { _links: { self: 1, next: 2 }, a: 1 };
    const tree = [{ name: "_links", children: [{ name: "self", children: null }] }];
    expect(compileProjection(tree)(record)).toEqual({ _links: { self: 1, next: 2 } });
  });

  it("embeds no name as code: hostile names reaching the backend are plain keys", () => {
    const name = '"]; throw new Error("injected"); //';
    const record = { [name]: 1, other: 2 };
    expect(compileProjection([{ name, children: null }])(record)).toEqual({ [name]: 1 });
    expect(() => compileFields([{ name, children: null }])).toThrow(
      expect.objectContaining({ name: "InvalidAstError", pointer: "/0/name" }),
    );
  });

  it("takes text, an AST or a merged tree, and reports bad text as a syntax error", () => {
    // @ts-expect-error: expected a field name after "("
    expect(() => compileFields("a(")).toThrow(QuerySyntaxError);
    expect(compileFields([{ name: "a", children: null }])({ a: 1, b: 2 })).toEqual({ a: 1 });
  });
});

describe("compileListFields", () => {
  it("keeps the wrapper's _links and projects each item of the resource's array", () => {
    const response = {
      _links: { self: { href: "/api/findings?page=1&size=2" } },
      findings: [
        { id: 1, tool: "x", _links: { self: "/f/1" } },
        { id: 2, tool: "y" },
      ],
    };
    expect(compileListFields("id")(response)).toEqual({
      _links: { self: { href: "/api/findings?page=1&size=2" } },
      findings: [{ id: 1, _links: { self: "/f/1" } }, { id: 2 }],
    });
  });
});
