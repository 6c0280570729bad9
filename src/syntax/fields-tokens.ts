import { createToken, type IMultiModeLexerDefinition, type TokenType } from "chevrotain";
import { Path, WhiteSpace } from "./shared-tokens.ts";

export const FieldsOpen = createToken({ name: "FieldsOpen", pattern: "(" });
export const FieldsClose = createToken({ name: "FieldsClose", pattern: ")" });
export const FieldsComma = createToken({ name: "FieldsComma", pattern: "," });

/** Every token of the `fields` language (grammar/language.md 3.1); any other character is a lexing error. */
export const fieldsTokens: TokenType[] = [WhiteSpace, FieldsOpen, FieldsClose, FieldsComma, Path];

/** The lexer these tokens define, which lex-fields.ts implements by hand. */
export const fieldsLexerDefinition: IMultiModeLexerDefinition = {
  modes: { main: fieldsTokens },
  defaultMode: "main",
};
