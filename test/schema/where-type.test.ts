import { describe, expect, expectTypeOf, it } from "vitest";
import { INVISIBLE_CLASS } from "../../src/ast/where.ts";
import {
  compileWhere,
  defineSchema,
  type Infer,
  type Predicate,
  parseWhere,
  QuerySyntaxError,
  type Schema,
  schemas,
  toSql,
} from "../../src/index.ts";
import type {
  CheckedSqlWhere,
  CheckedWhere,
  InvisibleCharacter,
} from "../../src/schema/where-type.ts";

type Artefact = typeof schemas.artefact;
type Project = typeof schemas.project;

const shape = defineSchema({
  a: "integer",
  b: { c: "string", d: "date" },
  e: "boolean",
  f: "any",
  g: "object",
  h: ["string"],
});
type Shape = typeof shape;

/** The message the runtime throws for a text, to compare with the compiler's. */
function runtimeMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (
      (error as { description?: string; issues?: { message: string }[] }).issues?.[0]?.message ??
      (error as { description: string }).description
    );
  }
  throw new Error("the runtime accepted it");
}

describe("compileWhere reads a literal text at the type level (grammar/where.ebnf)", () => {
  it("refuses the issue's examples with the runtime's messages", () => {
    expectTypeOf<
      CheckedWhere<"rnak>=2", Artefact>
    >().toEqualTypeOf<'unknown field "rnak": did you mean rank?'>();
    expectTypeOf<CheckedWhere<"rank>=", Artefact>>().toEqualTypeOf<'expected a value after ">="'>();
    expectTypeOf<
      CheckedWhere<"rank>=x", Artefact>
    >().toEqualTypeOf<'"rank" is a number field: expected a number such as 2 or -1.5, found "x"'>();
    // @ts-expect-error: unknown field "rnak": did you mean rank?
    expect(runtimeMessage(() => compileWhere("rnak>=2", { schema: schemas.artefact }))).toBe(
      'unknown field "rnak": did you mean rank?',
    );
    // @ts-expect-error: expected a value after ">="
    expect(() => compileWhere("rank>=", { schema: schemas.artefact })).toThrow(QuerySyntaxError);
    // @ts-expect-error: "rank" is a number field: ~ applies to strings only
    expect(() => toSql("rank~2", { dialect: "sqlite", schema: schemas.artefact })).toThrow(
      "~ applies to strings only",
    );
    // @ts-expect-error: unknown field "typ.id": did you mean type.id?
    expect(() => parseWhere("typ.id=FOLDER", { schema: schemas.artefact })).toThrow(
      "did you mean type.id?",
    );
  });

  it("accepts what the runtime accepts, and types the predicate by the schema", () => {
    const matches = compileWhere('type.id=FOLDER AND rank>=2 OR name IN ("a""b", c)', {
      schema: schemas.artefact,
    });
    expectTypeOf(matches).toEqualTypeOf<Predicate<Infer<Artefact>>>();
    expect(matches({ type: { id: "FOLDER" }, rank: 3 })).toBe(true);
    expect(matches({ name: 'a"b' })).toBe(true);
    expectTypeOf<
      CheckedWhere<
        "b.d>=2024-02-29 AND e!=TRUE AND f.x.y~*z* AND g IS NOT NULL AND h IS NULL",
        Shape
      >
    >().toEqualTypeOf<"b.d>=2024-02-29 AND e!=TRUE AND f.x.y~*z* AND g IS NOT NULL AND h IS NULL">();
    // Keywords in any case, white space where the grammar allows it, quoting is lexical.
    expectTypeOf<
      CheckedWhere<' ( a = "1" )\tand\nb.c nOt iN ( x , "y" ) ', Shape>
    >().toEqualTypeOf<' ( a = "1" )\tand\nb.c nOt iN ( x , "y" ) '>();
  });

  it("words every check of the schema as validateWhere does", () => {
    const cases = [
      "b.d>=2023-02-29",
      "b.d=0000-01-01",
      "e>true",
      "e=yes",
      "a~1",
      "b=1",
      "h=x",
      "h.x=1",
      "a.x=1",
      "g.x=1",
      "B.c=1",
      "b.cc=1",
    ] as const;
    type MessagesOf<T extends readonly string[]> = { [K in keyof T]: CheckedWhere<T[K], Shape> };
    type Messages = MessagesOf<typeof cases>;
    // One list for both: the compiler's messages are these literals exactly, and so are the runtime's.
    const messages = [
      '"b.d" is a date field: expected a real calendar day written yyyy-MM-dd, found "2023-02-29"',
      '"b.d" is a date field: expected a real calendar day written yyyy-MM-dd, found "0000-01-01"',
      '"e" is a boolean field: only =, !=, IN and NOT IN apply to it',
      '"e" is a boolean field: expected true or false, found "yes"',
      '"a" is an integer field: ~ applies to strings only',
      '"b" is an object: filter on one of its fields instead, or test it with IS NULL or IS NOT NULL',
      '"h" is an array: a filter cannot test it as a whole, except with IS NULL or IS NOT NULL',
      '"h" is an array: a filter cannot reach into its items ("h.x")',
      '"a" is not an object, so "a.x" does not exist',
      'unknown field "g.x"',
      'unknown field "B.c": did you mean b.c?',
      'unknown field "b.cc"',
    ] as const;
    expectTypeOf<Messages>().toEqualTypeOf<typeof messages>();
    expect(
      cases.map((text) => runtimeMessage(() => parseWhere(text as string, { schema: shape }))),
    ).toEqual(messages);
  });

  it("checks each member of a union of texts on its own", () => {
    const strict = Math.random() < 2;
    expectTypeOf<CheckedWhere<"rank>=2" | "rnak>=2", Artefact>>().toEqualTypeOf<
      "rank>=2" | 'unknown field "rnak": did you mean rank?'
    >();
    const misspelt = strict ? "rnak>=2" : "rank>=2";
    // @ts-expect-error: "rank>=2" | 'unknown field "rnak": did you mean rank?'
    const refused = () => compileWhere(misspelt, { schema: schemas.artefact });
    expect(refused).toThrow('unknown field "rnak"');
    const field = strict ? "nmae" : "name";
    // @ts-expect-error: a hole of a union type is each of its members (`${"name" | "nmae"}=x`)
    const hole = () => compileWhere(`${field}=x`, { schema: schemas.artefact });
    expect(hole).toThrow('unknown field "nmae"');
    // A union of valid texts, a boolean hole included, compiles and types the predicate.
    const either = compileWhere(strict ? "rank>=2" : "rank<0", { schema: schemas.artefact });
    const open = (flag: boolean) => compileWhere(`e=${flag}`, { schema: shape });
    expectTypeOf(either).toEqualTypeOf<Predicate<Infer<Artefact>>>();
    expect(open(true)({ e: true })).toBe(true);
    expect(either({ rank: 1 })).toBe(false);
  });

  it("reads a template's number hole as a number's text, and checks the rest", () => {
    const minRank = Number("2");
    const id = BigInt(7);
    const either = compileWhere(`rank>=${minRank}`, { schema: schemas.artefact });
    expectTypeOf(either).toEqualTypeOf<Predicate<Infer<Artefact>>>();
    expect(either({ rank: 3 })).toBe(true);
    expect(compileWhere(`a IN (${minRank},${id})`, { schema: shape })({ a: 7 })).toBe(true);
    expect(compileWhere(`b.c=${minRank}`, { schema: shape })({ b: { c: "2" } })).toBe(true);
    // A day written with a hole is left to the runtime, which reads the day it makes.
    expect(
      compileWhere(`b.d>=2024-01-0${minRank}`, { schema: shape })({ b: { d: "2024-01-03" } }),
    ).toBe(true);
    const artefact = schemas.artefact;
    // @ts-expect-error: unknown field "rnak": did you mean rank?
    const misspelt = () => compileWhere(`rank>=${minRank} AND rnak<9`, { schema: artefact });
    expect(misspelt).toThrow('unknown field "rnak"');
    // @ts-expect-error: "e" is a boolean field: expected true or false, found "${number}"
    const boolean = () => compileWhere(`e=${minRank}`, { schema: shape });
    expect(boolean).toThrow('"e" is a boolean field');
    // @ts-expect-error: "b.d" is a date field: expected a real calendar day …, found "${number}"
    const date = () => compileWhere(`b.d=${minRank}`, { schema: shape });
    expect(date).toThrow('"b.d" is a date field');
    // @ts-expect-error: expected a field name or "(" after "AND"
    const cut = () => compileWhere(`a>=${minRank} AND`, { schema: shape });
    expect(cut).toThrow(QuerySyntaxError);
    // A string hole may hold any syntax: the text is left to the runtime.
    const name = String("rnak");
    expect(() => compileWhere(`${name}>=2`, { schema: schemas.artefact })).toThrow(
      'unknown field "rnak"',
    );
  });

  it("reads only the syntax without a typed schema, and nothing of a string or an AST", () => {
    // @ts-expect-error: expected AND, OR or ")" after "1"
    expect(() => compileWhere("(a=1")).toThrow(QuerySyntaxError);
    expectTypeOf<CheckedWhere<"nope=1", undefined>>().toEqualTypeOf<"nope=1">();
    expectTypeOf<CheckedWhere<"nope=1", Schema>>().toEqualTypeOf<"nope=1">();
    const text: string = "rnak>=2";
    expect(() => compileWhere(text, { schema: schemas.artefact })).toThrow("did you mean rank?");
    expectTypeOf<CheckedWhere<`${string}>=2`, Artefact>>().toEqualTypeOf<`${string}>=2`>();
    const ast = parseWhere("rank>=2");
    expect(compileWhere(ast, { schema: schemas.artefact })({ rank: 2 })).toBe(true);
  });

  it("follows the maxDepth option, and leaves a text with a maxLength to the runtime", () => {
    const deep =
      "(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((a=1)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))";
    expect(deep).toBe(`${"(".repeat(65)}a=1${")".repeat(65)}`);
    expectTypeOf<
      CheckedWhere<typeof deep, Shape>
    >().toEqualTypeOf<"parentheses nest deeper than the limit of 64 levels">();
    expect(compileWhere(deep, { schema: shape, maxDepth: 65 })({ a: 1 })).toBe(true);
    // @ts-expect-error: parentheses nest deeper than the limit of 2 levels
    expect(() => compileWhere("(((a=1)))", { schema: shape, maxDepth: 2 })).toThrow(
      "deeper than the limit of 2 levels",
    );
    const limit: number = 100;
    expect(compileWhere(deep, { schema: shape, maxDepth: limit })({ a: 1 })).toBe(true);
    // A limit the compiler cannot read: the runtime decides.
    expect(() => compileWhere("rnak=1", { schema: shape, maxLength: 3 })).toThrow(
      expect.objectContaining({ code: "INPUT_TOO_LONG" }),
    );
  });

  it("gives way to the runtime past MAX_TYPED_WHERE_LENGTH (500)", () => {
    // 500 characters of the costliest kind (`a=1 OR …`), the mistake at the end; then one more.
    const ranked = defineSchema({ a: "integer", rank: "number" });
    const at500 =
      "a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 OR a=1 AND rnak>=222";
    expect(at500).toBe(`${"a=1 OR ".repeat(69)}a=1 AND rnak>=222`);
    const past500 = `${at500}2` as const;
    expect([at500.length, past500.length]).toEqual([500, 501]);
    expectTypeOf<
      CheckedWhere<typeof at500, typeof ranked>
    >().toEqualTypeOf<'unknown field "rnak": did you mean rank?'>();
    expectTypeOf<CheckedWhere<typeof past500, typeof ranked>>().toEqualTypeOf<typeof past500>();
    expect(() => compileWhere(past500, { schema: ranked })).toThrow("did you mean rank?");
  });

  it("takes as invisible exactly the characters of INVISIBLE_CLASS", () => {
    // biome-ignore format: a table of 113 characters, nine a line
    const listed = [
      "\u0000", "\u0001", "\u0002", "\u0003", "\u0004", "\u0005", "\u0006", "\u0007", "\u0008",
      "\u000b", "\u000c", "\u000e", "\u000f", "\u0010", "\u0011", "\u0012", "\u0013", "\u0014",
      "\u0015", "\u0016", "\u0017", "\u0018", "\u0019", "\u001a", "\u001b", "\u001c", "\u001d",
      "\u001e", "\u001f", "\u007f", "\u0080", "\u0081", "\u0082", "\u0083", "\u0084", "\u0085",
      "\u0086", "\u0087", "\u0088", "\u0089", "\u008a", "\u008b", "\u008c", "\u008d", "\u008e",
      "\u008f", "\u0090", "\u0091", "\u0092", "\u0093", "\u0094", "\u0095", "\u0096", "\u0097",
      "\u0098", "\u0099", "\u009a", "\u009b", "\u009c", "\u009d", "\u009e", "\u009f", "\u00a0",
      "\u00ad", "\u061c", "\u1680", "\u180e", "\u2000", "\u2001", "\u2002", "\u2003", "\u2004",
      "\u2005", "\u2006", "\u2007", "\u2008", "\u2009", "\u200a", "\u200b", "\u200c", "\u200d",
      "\u200e", "\u200f", "\u2028", "\u2029", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e",
      "\u202f", "\u205f", "\u2060", "\u2061", "\u2062", "\u2063", "\u2064", "\u2065", "\u2066",
      "\u2067", "\u2068", "\u2069", "\u206a", "\u206b", "\u206c", "\u206d", "\u206e", "\u206f",
      "\u3000", "\ufeff", "\ufff9", "\ufffa", "\ufffb",
    ] as const;
    // The list and the union are the same characters.
    expectTypeOf<(typeof listed)[number]>().toEqualTypeOf<InvisibleCharacter>();
    const invisible = new RegExp(`^[${INVISIBLE_CLASS}]$`);
    const all = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter(
      (char) => invisible.test(char),
    );
    expect([...listed].sort()).toEqual(all.sort());
  });
});

describe("toSql reads a literal text as compileWhere does, and refuses what SQL cannot compare", () => {
  it("refuses a comparison of an any field, or of a path below one, in the runtime's words", () => {
    expectTypeOf<
      CheckedSqlWhere<"f=1", Shape>
    >().toEqualTypeOf<'"f" is of type any (its values are of several kinds): SQL compares a field by its type; give it a scalar type in the schema'>();
    expectTypeOf<
      CheckedSqlWhere<"a=1 AND f.x~y", Shape>
    >().toEqualTypeOf<'"f.x" is below "f", of type any (its values are of several kinds): SQL compares a field by its type; describe "f" as an object in the schema'>();
    expectTypeOf<
      CheckedSqlWhere<"f IS NOT NULL AND a=1", Shape>
    >().toEqualTypeOf<"f IS NOT NULL AND a=1">();
    expectTypeOf<CheckedSqlWhere<"rnak=1", Shape>>().toEqualTypeOf<'unknown field "rnak"'>();
    // @ts-expect-error: "f" is of type any
    expect(() => toSql("f=1", { dialect: "sqlite", schema: shape })).toThrow('"f" is of type any');
    // @ts-expect-error: "f.x" is below "f"
    expect(() => toSql("f.x=1", { dialect: "sqlite", schema: shape })).toThrow(
      '"f.x" is below "f"',
    );
    expect(toSql("f IS NULL", { dialect: "sqlite", schema: shape }).sql).toContain("IS NULL");
  });
});

describe("toSql reads each member of a union of texts", () => {
  it("refuses a union with one member SQL cannot compare", () => {
    const any = Math.random() < 2;
    expectTypeOf<CheckedSqlWhere<"a=1" | "f=1", Shape>>().toEqualTypeOf<
      | "a=1"
      | '"f" is of type any (its values are of several kinds): SQL compares a field by its type; give it a scalar type in the schema'
    >();
    const text = any ? "f=1" : "a=1";
    // @ts-expect-error: "f" is of type any: SQL compares a field by its type
    const refused = () => toSql(text, { dialect: "sqlite", schema: shape });
    expect(refused).toThrow(/type any/);
    const fine = any ? "a=1" : "a=2";
    expect(toSql(fine, { dialect: "sqlite", schema: shape }).params).toEqual([1]);
  });
});

describe("the typed predicate and handler", () => {
  it("types a predicate by the schema's records", () => {
    const matches = compileWhere("level.id=A", { schema: schemas.project });
    expectTypeOf(matches).parameter(0).toEqualTypeOf<Infer<Project>>();
    expectTypeOf(compileWhere("x=1")).toEqualTypeOf<Predicate<unknown>>();
  });
});

describe("a schema option in its JSON form", () => {
  it("is read as the runtime reads it: its members name no field", () => {
    const json = { kind: "object", fields: { name: { kind: "string" } } } as const;
    // Not a shape with fields "kind" and "fields": the compiler leaves the text to the runtime.
    expectTypeOf<CheckedWhere<"name=x", typeof json>>().toEqualTypeOf<"name=x">();
    expect(compileWhere("name=x", { schema: json })({ name: "x" })).toBe(true);
    expect(() => compileWhere("kind=object", { schema: json })).toThrow('unknown field "kind"');
    expectTypeOf(compileWhere("name=x", { schema: json })).toEqualTypeOf<Predicate<unknown>>();
  });
});
