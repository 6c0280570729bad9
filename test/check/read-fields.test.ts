import { describe, expect, it } from "vitest";
import { compileFields, compileListFields, mergeFields } from "../../src/api/compile-fields.ts";
import { formatFields } from "../../src/backends/format/format-fields.ts";
import { InvalidAstError } from "../../src/errors/invalid-input.ts";
import { buildQueryString } from "../../src/list/query-string.ts";
import { defineSchema } from "../../src/schema/schema.ts";
import { parseFields } from "../../src/syntax/parse-fields.ts";

const span = { start: 0, end: 0 };
const item = (segments: unknown[], selection: unknown = null) => ({
  kind: "fieldItem",
  path: { kind: "path", segments, span },
  selection,
  span,
});
const fields = (...items: unknown[]) => ({ kind: "fields", items, span });
const branch = (name: unknown, children: unknown = null) => ({ name, children }) as never;

// One row: a selection from outside (AST or merged tree), the pointer of its bad member, the message.
const rejected: [string, unknown, string, RegExp][] = [
  ["an unknown kind", { kind: "field", items: [] }, "/kind", /expected "fields"; found "field"/],
  ["no items", fields(), "/items", /1 or more items; found an array of 0/],
  [
    "a name that is code",
    fields(item(['"]; throw 1; //'])),
    "/items/0/path/segments/0",
    /identifier/,
  ],
  [
    "a selection that is a string",
    fields(item(["a"], "b")),
    "/items/0/selection",
    /a fields node; found "b"/,
  ],
  [
    "no selection member",
    fields({ ...item(["a"]), selection: undefined }),
    "/items/0/selection",
    /found nothing/,
  ],
  [
    "a path inside _links",
    fields(item(["_links", "self"])),
    "/items/0/path/segments",
    /inside "_links"/,
  ],
  [
    "a sub-selection of _links",
    fields(item(["a", "_links"], fields(item(["self"])))),
    "/items/0/selection",
    /inside "_links"/,
  ],
  ["a tree branch that is no object", ["a"], "/0", /a branch \{ name, children \}; found "a"/],
  ["a tree name that is no identifier", [branch("a-b")], "/0/name", /identifier/],
  ["a tree naming a key twice", [branch("a"), branch("a")], "/1/name", /not already at this level/],
  [
    "an empty tree level",
    [branch("a", [])],
    "/0/children",
    /1 or more branches; found an array of 0/,
  ],
  [
    "a tree selecting inside _links",
    [branch("_links", [branch("self")])],
    "/0/children",
    /inside "_links"/,
  ],
  ["children that are no array", [branch("a", { b: null })], "/0/children", /found an object/],
  ["an empty tree", [], "", /1 or more branches/],
];

describe("a fields AST or tree from outside is checked before use (issue 13)", () => {
  it.each(rejected)("rejects %s at its pointer", (_, selection, pointer, message) => {
    for (const run of [
      () => formatFields(selection as never),
      () => compileFields(selection as never),
      () => compileListFields(selection as never),
      () => buildQueryString({ fields: selection as never }),
      ...(Array.isArray(selection) ? [] : [() => mergeFields(selection as never)]),
    ]) {
      let error: unknown;
      try {
        run();
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(InvalidAstError);
      expect(error).toMatchObject({ code: "INVALID_AST", language: "fields", pointer });
      expect((error as Error).message).toMatch(message);
    }
  });

  it("accepts what the parser and mergeFields return, also after a trip through JSON", () => {
    const text = "definition(families,categories(level(id,name),scale.name)),_links,a._links";
    const ast = parseFields(text);
    const copy = JSON.parse(JSON.stringify(ast));
    expect(formatFields(copy)).toBe(formatFields(ast));
    expect(formatFields(JSON.parse(JSON.stringify(mergeFields(copy))))).toBe(formatFields(ast));
  });

  it("validates a merged tree against the schema, as it does text", () => {
    const schema = defineSchema({ id: "integer", status: { id: "string" } });
    expect(
      // @ts-expect-error: a record off the schema's types, on purpose
      compileFields([branch("status", [branch("id")])], { schema })({ status: { id: 1, x: 2 } }),
    ).toEqual({
      status: { id: 1 },
    });
    expect(() => compileFields([branch("status", [branch("nope")])], { schema })).toThrow(
      expect.objectContaining({ name: "QueryValidationError", code: "UNKNOWN_FIELD" }),
    );
  });

  it("bounds nesting, never overflowing the stack on a tree 100,000 levels deep", () => {
    let tree: unknown = null;
    for (let i = 0; i < 100_000; i++) tree = [branch("a", tree)];
    expect(() => compileFields(tree as never)).toThrow(/at most 1024 names deep/);
    const deepest = parseFields(Array.from({ length: 1024 }, () => "a").join("."));
    expect(() => compileFields([branch("a", mergeFields(deepest))])).toThrow(
      expect.objectContaining({ pointer: "/0/children".repeat(1024), name: "InvalidAstError" }),
    );
    let ast: unknown = fields(item(["a"]));
    for (let i = 0; i < 100_000; i++) ast = fields(item(["a"], ast));
    expect(() => formatFields(ast as never)).toThrow(/at most 256 levels of parentheses/);
    expect(() =>
      compileFields(fields(item(["a"], fields(item(["b"])))) as never, { maxDepth: 0 }),
    ).toThrow(expect.objectContaining({ pointer: "/items/0/selection" }));
  });
});
