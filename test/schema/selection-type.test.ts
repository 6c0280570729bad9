import { readFileSync } from "node:fs";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  compileFields,
  defineSchema,
  type Infer,
  QuerySyntaxError,
  type Schema,
  schemas,
} from "../../src/index.ts";
import type { CheckedFields, Selected } from "../../src/schema/selection-type.ts";

type Artefact = Infer<typeof schemas.artefact>;
type Project = Infer<typeof schemas.project>;
type Maybe<T> = T | null | undefined;

const nested = defineSchema({
  a: { b: { c: "integer", d: "string" }, e: "boolean" },
  f: "any",
  g: "object",
  rank: "number",
});

describe("compileFields reads a literal text at the type level (grammar/fields.ebnf)", () => {
  it("types the issue's example by what it selects", () => {
    const project = compileFields("id,name,measures(LOC)", { schema: schemas.artefact });
    expectTypeOf<ReturnType<typeof project<Artefact>>>().toEqualTypeOf<{
      readonly id?: Maybe<number>;
      readonly name?: Maybe<string>;
      readonly measures?: Maybe<{ readonly LOC?: Maybe<number> }>;
    }>();
    expect(project({ id: 1, rank: 2, measures: { LOC: 3, CC: 4 } })).toEqual({
      id: 1,
      measures: { LOC: 3 },
    });
  });

  it("follows dotted paths, sub-selections and white space, and merges (3.2)", () => {
    const dotted = compileFields("a.b.c,rank", { schema: nested });
    const spaced = compileFields(" a ( b ( c ) ) ,\n\trank\r\n", { schema: nested });
    type Expected = {
      readonly a?: Maybe<{ readonly b?: Maybe<{ readonly c?: Maybe<number> }> }>;
      readonly rank?: Maybe<number>;
    };
    expectTypeOf<ReturnType<typeof dotted<Infer<typeof nested>>>>().toEqualTypeOf<Expected>();
    expectTypeOf<ReturnType<typeof spaced<Infer<typeof nested>>>>().toEqualTypeOf<Expected>();
    // The whole of a name wins over any part of it, in either order.
    const whole = compileFields("a.b,a,a.e", { schema: nested });
    expectTypeOf<ReturnType<typeof whole<Infer<typeof nested>>>>().toEqualTypeOf<{
      readonly a?: Infer<typeof nested>["a"];
    }>();
    // Below `any` and an undescribed object, any name; their values are kept as they are.
    const open = compileFields("f.x.y,g(z)", { schema: nested });
    expectTypeOf<ReturnType<typeof open<Infer<typeof nested>>>>().toEqualTypeOf<{
      readonly f?: unknown;
      readonly g?: Maybe<object>;
    }>();
  });

  it("checks each member of a union of texts, and types a row by one member's selection", () => {
    const wide = Math.random() < 2;
    const misspelt = wide ? "rnak" : "rank";
    // @ts-expect-error: "rank" | 'unknown field "rnak": did you mean rank?'
    const refused = () => compileFields(misspelt, { schema: nested });
    expect(refused).toThrow('unknown field "rnak"');
    const project = compileFields(wide ? "a(b(c)),rank" : "rank", { schema: nested });
    expectTypeOf<ReturnType<typeof project<Infer<typeof nested>>>>().toEqualTypeOf<
      | {
          readonly a?: Maybe<{ readonly b?: Maybe<{ readonly c?: Maybe<number> }> }>;
          readonly rank?: Maybe<number>;
        }
      | { readonly rank?: Maybe<number> }
    >();
    expect(project({ a: { b: { c: 1, d: "x" } }, rank: 2 })).toEqual({
      a: { b: { c: 1 } },
      rank: 2,
    });
  });

  it("passes through a helper of one's own, keeping the check and the row's type", () => {
    type Nested = typeof nested;
    function fields<const T extends string>(text: CheckedFields<T, Nested>) {
      return compileFields<T, Nested>(text, { schema: nested });
    }
    const project = fields("rank");
    expectTypeOf<ReturnType<typeof project<Infer<Nested>>>>().toEqualTypeOf<{
      readonly rank?: Maybe<number>;
    }>();
    expect(project({ rank: 2, f: "kept out" })).toEqual({ rank: 2 });
    // @ts-expect-error: unknown field "rnak": did you mean rank?
    const refused = () => fields("rnak");
    expect(refused).toThrow('unknown field "rnak"');
  });

  it("applies a sub-selection to each object of an array", () => {
    const project = compileFields("branches(id,name)", { schema: schemas.project });
    expectTypeOf<ReturnType<typeof project<Project>>>().toEqualTypeOf<{
      readonly branches?: Maybe<
        readonly ({ readonly id?: Maybe<number>; readonly name?: Maybe<string> } | null)[]
      >;
    }>();
  });

  it("keeps _links on every kept object of a record type that has it", () => {
    type Linked = {
      id: number;
      name: string;
      _links: { self: string };
      level: { id: string; _links?: { self: string } };
    };
    expectTypeOf<Selected<Linked, "id" | "level.id">>().toEqualTypeOf<{
      id: number;
      _links: { self: string };
      level: { id: string; _links?: { self: string } };
    }>();
    expectTypeOf<Selected<Linked, "_links">>().toEqualTypeOf<{ _links: { self: string } }>();
    compileFields("_links,level._links", { schema: schemas.project });
  });

  it("projects a record of sample/dump.json to a value of the computed type", () => {
    const dump = JSON.parse(readFileSync("sample/dump.json", "utf8")) as {
      projects: (Project & { readonly _links?: Readonly<Record<string, { href: string }>> })[];
    };
    const record = dump.projects[0] as (typeof dump.projects)[number];
    const project = compileFields("id,level.id,branches(name)", { schema: schemas.project });
    const expected: ReturnType<typeof project<typeof record>> = {
      id: 101,
      level: { id: "LEVELA" },
      branches: [{ name: "master" }, { name: "develop" }],
      _links: {
        self: { href: "/api/projects/101" },
        artefacts: { href: "/api/projects/payments-core/artefacts" },
        model: { href: "/api/models/7c1e4b52-3f0a-4d8e-9b26-5a1f0c9e7d34" },
        version: { href: "/api/versions/20001" },
      },
    };
    expect(project(record)).toEqual(expected);
  });

  it("refuses an unknown name or a refused text in the runtime's words", () => {
    const refuse = (run: () => unknown, error: string | typeof QuerySyntaxError) =>
      expect(run).toThrow(error);
    // @ts-expect-error: unknown field "nmae"
    refuse(() => compileFields("id,nmae", { schema: schemas.artefact }), 'unknown field "nmae"');
    refuse(
      // @ts-expect-error: unknown field "measures.LOCS"
      () => compileFields("measures(LOCS)", { schema: schemas.artefact }),
      'unknown field "measures.LOCS"',
    );
    // @ts-expect-error: "rank" is not an object
    refuse(() => compileFields("rank.x", { schema: schemas.artefact }), '"rank" is not an object');
    // @ts-expect-error: nothing inside _links
    refuse(() => compileFields("_links.self", { schema: schemas.artefact }), '"_links"');
    // @ts-expect-error: syntax error, a name expected at the end
    refuse(() => compileFields("id,", { schema: schemas.artefact }), QuerySyntaxError);
    // @ts-expect-error: syntax error, an unclosed "("
    refuse(() => compileFields("a((b)", { schema: nested }), QuerySyntaxError);
    // @ts-expect-error: syntax error, no white space inside a path
    refuse(() => compileFields("a. b", { schema: nested }), QuerySyntaxError);
    // The runtime's words for each problem, the first in the order of the text.
    type Message<T extends string, S = typeof schemas.artefact> = CheckedFields<T, S>;
    expectTypeOf<
      Message<"rank(x)">
    >().toEqualTypeOf<'"rank" is not an object: it has no fields to select'>();
    expectTypeOf<Message<"rank.x.y">>().toEqualTypeOf<'"rank" is not an object: it has no "x"'>();
    expectTypeOf<Message<"id,nope,nmae">>().toEqualTypeOf<'unknown field "nope"'>();
    expectTypeOf<
      Message<"type(ID)">
    >().toEqualTypeOf<'unknown field "type.ID": did you mean type.id?'>();
    expectTypeOf<
      Message<"_links (self)">
    >().toEqualTypeOf<'nothing can be selected inside "_links", which is always kept whole'>();
    expectTypeOf<Message<"id,(">>().toEqualTypeOf<'expected a field name after ","'>();
    expectTypeOf<
      Message<"a(b) c", typeof nested>
    >().toEqualTypeOf<'expected "," or the end of the selection after ")"'>();
    expectTypeOf<
      Message<"f(x", typeof nested>
    >().toEqualTypeOf<'expected ",", "(" or ")" after "x"'>();
    for (const [text, message] of [
      ["rank(x)", '"rank" is not an object: it has no fields to select'],
      ["id,nope,nmae", 'unknown field "nope"'],
      ["type(ID)", 'unknown field "type.ID": did you mean type.id?'],
      ["_links (self)", 'nothing can be selected inside "_links", which is always kept whole'],
    ] as const) {
      expect(() => compileFields(text as string, { schema: schemas.artefact })).toThrow(message);
    }
    // Refused with the message as the parameter's type.
    expectTypeOf<
      Parameters<typeof compileFields<"id,nmae", typeof schemas.artefact>>[0]
    >().toEqualTypeOf<'unknown field "nmae": did you mean name?'>();
    // A maxDepth the compiler reads; a maxLength leaves the text to the runtime.
    // @ts-expect-error: parentheses nest deeper than the limit of 1 levels
    refuse(() => compileFields("a(b(c))", { schema: nested, maxDepth: 1 }), QuerySyntaxError);
    expect(
      compileFields("a(b(c))", { schema: nested, maxDepth: 2 })({ a: { b: { c: 1 } } }),
    ).toEqual({
      a: { b: { c: 1 } },
    });
  });

  it("gives way to the runtime past MAX_TYPED_FIELDS_LENGTH (400), a string or an untyped schema", () => {
    // 400 characters, the most steps per character (`a,a,…`), then one character more.
    const atLimit =
      "a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,rank";
    const unknownAtLimit =
      "a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,rxnk";
    const pastLimit = `${unknownAtLimit}k` as const;
    expect([atLimit.length, unknownAtLimit.length, pastLimit.length]).toEqual([400, 400, 401]);
    const typed = compileFields(atLimit, { schema: nested });
    expectTypeOf<ReturnType<typeof typed<Infer<typeof nested>>>>().toEqualTypeOf<{
      readonly a?: Infer<typeof nested>["a"];
      readonly rank?: Maybe<number>;
    }>();
    expect(() =>
      // @ts-expect-error: at the limit, the unknown name is still seen
      compileFields(unknownAtLimit, { schema: nested }),
    ).toThrow('unknown field "rxnk"');
    // Past it, the untyped projection, and the runtime's check.
    expect(() => compileFields(pastLimit, { schema: nested })).toThrow('unknown field "rxnkk"');
    expectTypeOf<ReturnType<typeof compileFields<typeof pastLimit, typeof nested>>>().toEqualTypeOf<
      <T extends Infer<typeof nested>>(record: T) => T extends object ? Partial<T> : T
    >();

    const text: string = "id,nmae";
    expect(() => compileFields(text, { schema: schemas.artefact })).toThrow('unknown field "nmae"');
    expectTypeOf<
      ReturnType<typeof compileFields<typeof text, typeof schemas.artefact>>
    >().toEqualTypeOf<<T extends Artefact>(record: T) => T extends object ? Partial<T> : T>();
    expectTypeOf<ReturnType<typeof compileFields<"nope", Schema>>>().toEqualTypeOf<
      <T>(record: T) => T extends object ? Partial<T> : T
    >();
    expectTypeOf<ReturnType<typeof compileFields<"nope">>>().toEqualTypeOf<
      <T>(record: T) => T extends object ? Partial<T> : T
    >();
  });
});
