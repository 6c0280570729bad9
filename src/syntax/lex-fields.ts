import type { IToken } from "chevrotain";
import { FieldsClose, FieldsComma, FieldsOpen } from "./fields-tokens.ts";
import {
  isPathStart,
  isWhiteSpace,
  kindOf,
  type Lexed,
  type LexingError,
  pathEnd,
  spaceEnd,
  tokenOf,
} from "./scan.ts";
import { Path } from "./shared-tokens.ts";

const OPEN = kindOf(FieldsOpen);
const CLOSE = kindOf(FieldsClose);
const COMMA = kindOf(FieldsComma);
const PATH = kindOf(Path);

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
    const type = c === 40 ? OPEN : c === 41 ? CLOSE : c === 44 ? COMMA : null;
    let end = offset + 1;
    if (type !== null) tokens.push(tokenOf(type, text.charAt(offset), offset));
    else if (isPathStart(c)) {
      end = pathEnd(text, offset);
      tokens.push(tokenOf(PATH, text.slice(offset, end), offset));
    } else {
      // Characters no token starts with are one error, up to where one could start again.
      while (end < text.length && !startsToken(text.charCodeAt(end))) end++;
      errors.push({ offset, length: end - offset });
    }
    offset = end;
  }
  return { tokens, errors };
}

function startsToken(c: number): boolean {
  return isWhiteSpace(c) || isPathStart(c) || c === 40 || c === 41 || c === 44;
}
