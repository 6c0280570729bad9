import { createToken, type IMultiModeLexerDefinition, Lexer } from "chevrotain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fieldsTextArbitrary,
  invalidFieldsArbitrary,
  invalidWhereArbitrary,
  whereTextArbitrary,
} from "../../src/arbitraries/index.ts";
import { fieldsLexerDefinition } from "../../src/syntax/fields-tokens.ts";
import { lexFields } from "../../src/syntax/lex-fields.ts";
import { lexWhere } from "../../src/syntax/lex-where.ts";
import { literalAt, readLexerDefinition } from "../../src/syntax/lexer-tables.ts";
import type { Lexed } from "../../src/syntax/scan.ts";
import { whereLexerDefinition } from "../../src/syntax/where-tokens.ts";
import { runs } from "../support/runs.ts";

// The hand-written lexers must read every text exactly as Chevrotain's lexer built from the
// token declarations does: the declarations are the specification, the lexers the speed.
const reference = (definition: IMultiModeLexerDefinition) => {
  const lexer = new Lexer(definition, { positionTracking: "onlyOffset" });
  return (text: string): Lexed => {
    const { tokens, errors } = lexer.tokenize(text);
    return { tokens, errors: errors.map(({ offset, length }) => ({ offset, length })) };
  };
};
const referenceWhere = reference(whereLexerDefinition);
const referenceFields = reference(fieldsLexerDefinition);

/** What a lexer read, comparable: each token's type name, image and offset, and the errors. */
function read({ tokens, errors }: Lexed) {
  return {
    tokens: tokens.map((token) => [token.tokenType.name, token.image, token.startOffset]),
    indexes: tokens.map((token) => token.tokenTypeIdx === token.tokenType.tokenTypeIdx),
    errors,
  };
}

/** Texts near the languages: generated and broken ones, and noise from their characters and others. */
const whereTexts = fc.oneof(
  whereTextArbitrary(undefined, { maxDepth: 2 }),
  invalidWhereArbitrary().map((invalid) => invalid.text),
  fc.string({
    unit: fc.constantFrom(
      ...'aZ_9.=<>!~*"(), \t\r\n\u00a0\u200bé\ud83d\ude00\ud800INandORnotIsNuLl'.split(""),
      "AND",
      "in",
      "Null",
      "=*",
      '*"',
      '""',
    ),
  }),
  fc.string({ unit: "binary" }),
);
const fieldsTexts = fc.oneof(
  fieldsTextArbitrary(),
  invalidFieldsArbitrary().map((invalid) => invalid.text),
  fc.string({ unit: fc.constantFrom(..."ab_9._(), \n\t\u00a0é\ud800=".split("")) }),
  fc.string({ unit: "binary" }),
);

describe("the hand-written lexers", () => {
  it("read a where text as Chevrotain's lexer of where-tokens.ts does", () => {
    fc.assert(
      fc.property(whereTexts, (text) => {
        expect(read(lexWhere(text))).toEqual(read(referenceWhere(text)));
      }),
      { numRuns: runs(3000) },
    );
  });

  it("read a fields text as Chevrotain's lexer of fields-tokens.ts does", () => {
    fc.assert(
      fc.property(fieldsTexts, (text) => {
        expect(read(lexFields(text))).toEqual(read(referenceFields(text)));
      }),
      { numRuns: runs(2000) },
    );
  });

  it.each([
    'a=1 AND b IN (x,"y""z") OR c~*"q"* AND d IS NOT NULL',
    'a~*"x and b!="open',
    "a=b.c AND in=1 AND In IN (1) AND Null IS NULL",
    "a.=1 AND a..b AND _x.y_ >= -1e3",
    "é=1 AND a=é AND b=\u200b AND c~\ud83d\ude00",
    'a=(1) AND b~) AND c IN ((,)) AND d IN ("',
    "!a !=1 <= >= ~ ~~ = == ,",
  ])("read %j as the reference does", (text) => {
    expect(read(lexWhere(text))).toEqual(read(referenceWhere(text)));
  });
});

describe("the hand lexers' tables", () => {
  const definition = (modes: IMultiModeLexerDefinition["modes"]) => ({
    modes,
    defaultMode: "main",
  });
  const literal = (pattern: string, extra: { push_mode?: string } = {}) =>
    createToken({ name: `Literal${pattern}`, pattern, ...extra });

  it("number the modes from the default one, and read each token's next mode", () => {
    const open = literal("(", { push_mode: "inner" });
    const close = createToken({ name: "Close", pattern: ")", pop_mode: true });
    const comma = literal(",");
    const tables = readLexerDefinition({
      modes: { inner: [close, comma], main: [open] },
      defaultMode: "main",
    });
    expect([tables.mode("main"), tables.mode("inner")]).toEqual([0, 1]);
    expect([open, close, comma].map((type) => tables.kind(type).mode)).toEqual([1, 0, -1]);
  });

  it("read several two-character tokens of one first character, the longest first", () => {
    const tokens = [literal("!="), literal("!~"), literal("!"), literal("~")];
    const tables = readLexerDefinition(definition({ main: tokens }));
    const table = tables.literals("main");
    const at = (text: string) => literalAt(table, text, 0, text.charCodeAt(0))?.image;
    expect(["!=x", "!~x", "!x", "!", "~="].map(at)).toEqual(["!=", "!~", "!", "!", "~"]);
    expect(() =>
      readLexerDefinition(definition({ main: [literal("!="), literal("!~"), literal("!=")] })),
    ).toThrow(/two tokens/);
  });

  it("refuse what the hand lexers cannot follow", () => {
    // A stack of modes more than one deep.
    const push = literal("(", { push_mode: "main" });
    expect(() => readLexerDefinition(definition({ main: [], inner: [push] }))).toThrow(/pushes/);
    // A shorter token before a longer one, which Chevrotain would never read.
    const [greater, greaterEqual] = [literal(">"), literal(">=")];
    expect(() => readLexerDefinition(definition({ main: [greater, greaterEqual] }))).toThrow(
      /hides it/,
    );
    expect(() => readLexerDefinition(definition({ main: [literal("<=>")] }))).toThrow(/one or two/);
    expect(() => readLexerDefinition(definition({ main: [literal("="), literal("=")] }))).toThrow(
      /two tokens/,
    );
  });
});
