import { describe, expect, it } from "vitest";
import { compileFields } from "../../src/api/compile-fields.ts";
import { formatFields } from "../../src/backends/format/format-fields.ts";
import { QuerySyntaxError } from "../../src/errors/errors.ts";
import { parseFields, safeParseFields } from "../../src/syntax/parse-fields.ts";

function syntaxError(text: string, options = {}): QuerySyntaxError {
  const result = safeParseFields(text, options);
  if (result.success) throw new Error(`expected ${JSON.stringify(text)} to be rejected`);
  if (!(result.error instanceof QuerySyntaxError)) throw result.error;
  return result.error;
}

describe("parseFields: grammar/language.md 3.1", () => {
  it.each([
    ["status(id,name)"],
    ["level.id"],
    ["definition(families,categories(level(id,name),scale.name))"],
  ])("reads the API's example %s", (text) => {
    expect(formatFields(parseFields(text))).toBe(text);
  });

  it("builds plain nodes with spans", () => {
    const ast = parseFields("a.b ( c , d )");
    expect(JSON.parse(JSON.stringify(ast))).toEqual(ast);
    expect(ast).toEqual({
      kind: "fields",
      span: { start: 0, end: 13 },
      items: [
        {
          kind: "fieldItem",
          path: { kind: "path", segments: ["a", "b"], span: { start: 0, end: 3 } },
          span: { start: 0, end: 13 },
          selection: {
            kind: "fields",
            span: { start: 6, end: 11 },
            items: [
              {
                kind: "fieldItem",
                path: { kind: "path", segments: ["c"], span: { start: 6, end: 7 } },
                selection: null,
                span: { start: 6, end: 7 },
              },
              {
                kind: "fieldItem",
                path: { kind: "path", segments: ["d"], span: { start: 10, end: 11 } },
                selection: null,
                span: { start: 10, end: 11 },
              },
            ],
          },
        },
      ],
    });
  });

  it("allows white space around commas and inside parentheses, and around the whole", () => {
    expect(formatFields(parseFields(" a ,\tb (\n c , d ) "))).toBe("a,b(c,d)");
  });

  it("allows selecting _links itself (3.2)", () => {
    expect(formatFields(parseFields("_links,a._links,b(_links)"))).toBe("_links,a._links,b._links");
  });
});

describe("parseFields: errors (section 5)", () => {
  // One row: input, code, offset, length, a piece of the message.
  const rows: [string, string, number, number, string][] = [
    ["", "UNEXPECTED_END", 0, 0, "expected a field name at column 1"],
    ["a(", "UNEXPECTED_END", 2, 0, 'expected a field name after "("'],
    ["a(b", "UNEXPECTED_END", 3, 0, 'expected ",", "(" or ")" after "b"'],
    [
      "a)",
      "UNEXPECTED_TOKEN",
      1,
      1,
      'expected ",", "(" or the end of the selection after "a" but found ")"',
    ],
    ["a b", "UNEXPECTED_TOKEN", 2, 1, 'but found "b"'],
    ["a,,b", "UNEXPECTED_TOKEN", 2, 1, 'expected a field name after ","'],
    ["a,", "UNEXPECTED_END", 2, 0, 'expected a field name after ","'],
    ["a()", "UNEXPECTED_TOKEN", 2, 1, 'expected a field name after "("'],
    [
      "a..b",
      "UNEXPECTED_TOKEN",
      2,
      1,
      'expected a field name after "." but found the character "."',
    ],
    ["a .b", "UNEXPECTED_TOKEN", 2, 1, 'but found the character "."'],
    ["1a", "UNEXPECTED_TOKEN", 0, 1, 'expected a field name but found the character "1"'],
    ["a(b)c", "UNEXPECTED_TOKEN", 4, 1, 'expected "," or the end of the selection after ")"'],
    ["_links.self", "LINKS_SUBSELECTION", 7, 4, 'inside "_links"'],
    ["_links(self)", "LINKS_SUBSELECTION", 6, 1, 'inside "_links"'],
    ["a._links.self.href", "LINKS_SUBSELECTION", 9, 9, 'inside "_links"'],
    ["a(b,_links(self))", "LINKS_SUBSELECTION", 10, 1, 'inside "_links"'],
  ];
  it.each(rows)("%j -> %s at %i", (input, code, offset, length, words) => {
    const error = syntaxError(input);
    expect({ code: error.code, offset: error.offset, length: error.length }).toEqual({
      code,
      offset,
      length,
    });
    expect(error.message).toContain(words);
    expect(error.message.startsWith("fields: ")).toBe(true);
  });

  it("names an invisible character instead of printing it", () => {
    expect(syntaxError("a,\u00a0b")).toMatchObject({
      code: "UNEXPECTED_TOKEN",
      offset: 2,
      length: 1,
    });
    expect(syntaxError("a,\u00a0b").message.split("\n")[0]).toBe(
      'fields: expected a field name after "," but found U+00A0 NO-BREAK SPACE at column 3',
    );
  });

  it("does not take names that merely contain _links for it", () => {
    expect(formatFields(parseFields("my_links.self,_links_x.y"))).toBe("my_links.self,_links_x.y");
  });

  it("applies the limits of 1.4", () => {
    expect(syntaxError(`${"a,".repeat(5000)}a`)).toMatchObject({
      code: "INPUT_TOO_LONG",
      offset: 8192,
    });
    const deep = `${"a(".repeat(5000)}b${")".repeat(5000)}`;
    expect(syntaxError(deep, { maxLength: Infinity })).toMatchObject({
      code: "NESTING_TOO_DEEP",
      offset: 129,
    });
    expect(formatFields(parseFields("a(b(c))", { maxDepth: 2 }))).toBe("a.b.c");
    expect(syntaxError("a(b(c))", { maxDepth: 1 })).toMatchObject({
      code: "NESTING_TOO_DEEP",
      offset: 3,
    });
  });

  it("reaches at most 1024 names deep, dotted or in parentheses, so projecting never exhausts the stack", () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `n${i}`).join(".");
    let record: unknown = 1;
    for (let i = 1023; i >= 0; i--) record = { [`n${i}`]: record };
    expect(compileFields(names(1024))(record)).toEqual(record);
    expect(syntaxError(names(1025), { maxLength: Infinity })).toMatchObject({
      code: "NESTING_TOO_DEEP",
      offset: names(1024).length + 1,
      length: "n1024".length,
    });
    const mixed = `${"a(".repeat(4)}${names(1021)}${")".repeat(4)}`;
    expect(syntaxError(mixed, { maxLength: Infinity })).toMatchObject({
      code: "NESTING_TOO_DEEP",
      offset: 8 + names(1020).length + 1,
    });
  });
});
