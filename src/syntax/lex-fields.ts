import type { IToken } from "chevrotain";
import { fieldsLexerDefinition } from "./fields-tokens.ts";
import { literalAt, readLexerDefinition } from "./lexer-tables.ts";
import {
  isPathStart,
  isWhiteSpace,
  type Lexed,
  type LexingError,
  pathEnd,
  spaceEnd,
  tokenOf,
} from "./scan.ts";
import { Path } from "./shared-tokens.ts";

// The tokens of fixed spelling as fields-tokens.ts defines them.
const tables = readLexerDefinition(fieldsLexerDefinition);
const LITERALS = tables.literals(fieldsLexerDefinition.defaultMode);
const PATH = tables.kind(Path);

/**
 * Reads a `fields` text into the tokens of fields-tokens.ts, exactly as their patterns define
 * them (a property test holds it to Chevrotain's lexer built from those definitions).
 */
export function lexFields(text: string): Lexed {
  const tokens: IToken[] = [];
  const errors: LexingError[] = [];
  let offset = 0;
  while (offset < text.length) {
    const c = text.charCodeAt(offset);
    if (isWhiteSpace(c)) {
      offset = spaceEnd(text, offset);
      continue;
    }
    const literal = literalAt(LITERALS, text, offset, c);
    let end = offset + 1;
    if (literal !== undefined) {
      end = offset + literal.image.length;
      tokens.push(tokenOf(literal, literal.image, offset));
    } else if (isPathStart(c)) {
      end = pathEnd(text, offset);
      tokens.push(tokenOf(PATH, text.slice(offset, end), offset));
    } else {
      // Characters no token starts with are one error, up to where one could start again.
      while (end < text.length && !startsToken(text, end)) end++;
      errors.push({ offset, length: end - offset });
    }
    offset = end;
  }
  return { tokens, errors };
}

function startsToken(text: string, offset: number): boolean {
  const c = text.charCodeAt(offset);
  return isWhiteSpace(c) || isPathStart(c) || literalAt(LITERALS, text, offset, c) !== undefined;
}
