import { createToken, Lexer, type TokenType } from "chevrotain";
import { Path, WhiteSpace } from "./shared-tokens.ts";

export const FieldsOpen = createToken({ name: "FieldsOpen", pattern: "(" });
export const FieldsClose = createToken({ name: "FieldsClose", pattern: ")" });
export const FieldsComma = createToken({ name: "FieldsComma", pattern: "," });

/** Every token of the `fields` language (grammar/language.md 3.1); any other character is a lexing error. */
export const fieldsTokens: TokenType[] = [WhiteSpace, FieldsOpen, FieldsClose, FieldsComma, Path];

export const fieldsLexer = new Lexer(fieldsTokens, {
  positionTracking: "onlyOffset",
  ensureOptimizations: true,
});
