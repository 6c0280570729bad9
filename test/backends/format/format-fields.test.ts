import { describe, expect, it } from "vitest";
import { mergeSelection } from "../../../src/ast/fields.ts";
import { formatFields } from "../../../src/backends/format/format-fields.ts";
import { parseFields } from "../../../src/syntax/parse-fields.ts";

describe("formatFields: canonical text (grammar/language.md 3.3)", () => {
  // One row: input, canonical text.
  const rows: [string, string][] = [
    ["a(b)", "a.b"],
    ["a(b(c))", "a.b.c"],
    ["a(b(c,d))", "a.b(c,d)"],
    ["a.b,a.c", "a(b,c)"], // 3.2
    ["a,a.b", "a"], // 3.2: the whole of a wins
    ["a.b,a", "a"],
    ["a(b),a(c.d),a.c.e", "a(b,c(d,e))"],
    ["b,a,b.c,c", "b,a,c"], // first appearance
    ["a.b.c,a.b.d,a.e", "a(b(c,d),e)"],
    ["x(y),x(y)", "x.y"],
    ["x(y.z),x(y)", "x.y"],
  ];
  it.each(rows)("%s -> %s", (input, canonical) => {
    expect(formatFields(parseFields(input))).toBe(canonical);
    expect(formatFields(parseFields(canonical))).toBe(canonical);
  });

  it("prints a merged tree as well as an AST", () => {
    const tree = mergeSelection(parseFields("a.b,a.c,d"));
    expect(tree).toEqual([
      {
        name: "a",
        children: [
          { name: "b", children: null },
          { name: "c", children: null },
        ],
      },
      { name: "d", children: null },
    ]);
    expect(formatFields(tree)).toBe("a(b,c),d");
  });
});
