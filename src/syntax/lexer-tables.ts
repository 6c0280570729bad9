// The hand lexers' tables, read once from the Chevrotain lexer definitions they implement, so
// that a token's spelling, its mode and the mode it leads to are written only in its definition.

import type { IMultiModeLexerDefinition, TokenType } from "chevrotain";
import { CHARACTERS } from "./character-codes.ts";
import { kindOf, SAME_MODE, type TokenKind } from "./scan.ts";

const { ASCII_END, CASE_BIT, SMALL_A } = CHARACTERS;

/** A two-character token of fixed spelling, by its second character. */
interface SecondCharacter {
  readonly code: number;
  readonly kind: TokenKind;
}

/** The tokens of fixed spelling that start with one ASCII character, in one mode. */
interface LiteralStart {
  /** The one-character token, if any. */
  readonly one: TokenKind | undefined;
  /** The two-character tokens (`!=` and `!~` beside each other), by their second character. */
  readonly twos: readonly SecondCharacter[];
}

/** A mode's tokens of fixed spelling, by the code of their first character. */
export type LiteralTable = readonly (LiteralStart | undefined)[];

/** What a hand lexer reads from its Chevrotain lexer definition. */
export interface LexerTables {
  /** The number of a mode, by its name; the default mode's is 0. */
  readonly mode: (name: string) => number;
  /** A mode's tokens of fixed spelling, by the mode's name. */
  readonly literals: (name: string) => LiteralTable;
  /** The kind of a token type of the definition. */
  readonly kind: (type: TokenType) => TokenKind;
}

/**
 * Reads a lexer definition into tables. The hand lexers keep no stack of modes: a token pops
 * back to the default mode, so only the default mode's tokens may push one (checked here).
 */
export function readLexerDefinition(definition: IMultiModeLexerDefinition): LexerTables {
  const names = Object.keys(definition.modes);
  const { defaultMode } = definition;
  names.sort((a, b) => Number(b === defaultMode) - Number(a === defaultMode));
  const modes = new Map(names.map((name, number) => [name, number]));
  const mode = (name: string) => {
    const number = modes.get(name);
    if (number === undefined) throw new Error(`the lexer has no mode ${name}`);
    return number;
  };
  const kinds = new Map<TokenType, TokenKind>();
  const literals = names.map((name) => {
    const table: (LiteralStart | undefined)[] = Array.from({ length: ASCII_END }, () => undefined);
    for (const type of definition.modes[name] as TokenType[]) {
      if (name !== defaultMode && type.PUSH_MODE !== undefined) {
        throw new Error(`${type.name} pushes a mode from ${name}, which a hand lexer cannot undo`);
      }
      const pattern = typeof type.PATTERN === "string" ? type.PATTERN : "";
      const next = type.PUSH_MODE !== undefined ? mode(type.PUSH_MODE) : SAME_MODE;
      const after = type.POP_MODE === true ? mode(defaultMode) : next;
      const kind = kinds.get(type) ?? kindOf(type, pattern, after);
      kinds.set(type, kind);
      if (pattern !== "") addLiteral(table, kind, definition.modes[name] as TokenType[]);
    }
    return table;
  });
  const kind = (type: TokenType) => {
    const found = kinds.get(type);
    if (found === undefined) throw new Error(`${type.name} is in no mode of the lexer`);
    return found;
  };
  return { mode, literals: (name) => literals[mode(name)] as LiteralTable, kind };
}

function addLiteral(table: (LiteralStart | undefined)[], kind: TokenKind, mode: TokenType[]) {
  const { image } = kind;
  const first = image.charCodeAt(0);
  const start = table[first] ?? { one: undefined, twos: [] };
  if (image.length > 2 || first >= ASCII_END) {
    throw new Error(`${kind.type.name}: a hand lexer reads one or two ASCII characters`);
  }
  const second = image.charCodeAt(1);
  if (image.length === 1 ? start.one : start.twos.some(({ code }) => code === second)) {
    throw new Error(`${kind.type.name}: two tokens of a mode start with ${image}`);
  }
  const added: LiteralStart =
    image.length === 1
      ? { ...start, one: kind }
      : { ...start, twos: [...start.twos, { code: second, kind }] };
  // Chevrotain takes the first token of a mode that matches, the hand lexer the longest.
  const { one } = added;
  for (const two of added.twos) {
    if (one !== undefined && mode.indexOf(one.type) < mode.indexOf(two.kind.type)) {
      throw new Error(`${two.kind.type.name} comes after ${one.type.name}, which hides it`);
    }
  }
  table[first] = added;
}

/** The token of fixed spelling starting at `offset` with code unit `c`, if any. */
export function literalAt(
  table: LiteralTable,
  text: string,
  offset: number,
  c: number,
): TokenKind | undefined {
  const start = c < ASCII_END ? table[c] : undefined;
  if (start === undefined) return undefined;
  const { twos } = start;
  if (twos.length > 0) {
    const next = text.charCodeAt(offset + 1);
    for (const two of twos) if (two.code === next) return two.kind;
  }
  return start.one;
}

/** The letters `a` to `z`, by which keywords are read. */
const LETTERS = 26;

/**
 * Keywords as a trie over the letters: a state for each start of a keyword, the root 0. Reading
 * a path through it stops at its first character that leads nowhere, as most paths do.
 */
export interface KeywordTable {
  /** The state after a state and a letter (`a` 0 to `z` 25) at `state * LETTERS + letter`, or 0. */
  readonly next: Int16Array;
  /** The kind of the keyword that reading up to each state spells, if any. */
  readonly kinds: readonly (TokenKind | undefined)[];
}

/**
 * Reads keywords, each spelled in small letters, into a trie: each keyword's kind has its
 * spelling in capitals as its image, and its type's mode.
 */
export function readKeywords(
  keywords: ReadonlyMap<string, TokenType>,
  tables: LexerTables,
): KeywordTable {
  const states = 1 + [...keywords.keys()].reduce((sum, spelling) => sum + spelling.length, 0);
  const next = new Int16Array(states * LETTERS);
  const kinds: (TokenKind | undefined)[] = Array.from({ length: states }, () => undefined);
  let used = 1;
  for (const [spelling, type] of keywords) {
    // Only letters, whose small form `| CASE_BIT` gives (see keywordAt).
    if (!/^[a-z]+$/.test(spelling)) throw new Error(`a keyword of small letters, not ${spelling}`);
    let state = 0;
    for (let i = 0; i < spelling.length; i++) {
      const at = state * LETTERS + spelling.charCodeAt(i) - SMALL_A;
      if (next[at] === 0) next[at] = used++;
      state = next[at] as number;
    }
    kinds[state] = kindOf(type, spelling.toUpperCase(), tables.kind(type).mode);
  }
  return { next, kinds };
}

/**
 * The keyword that the path from `start` to `end` spells in any case, read without copying the
 * text. `| CASE_BIT` makes a capital small, and puts a path's digits, `_` and `.` outside `a`–`z`.
 */
export function keywordAt(
  table: KeywordTable,
  text: string,
  start: number,
  end: number,
): TokenKind | undefined {
  const { next } = table;
  let state = 0;
  for (let i = start; i < end; i++) {
    const letter = (text.charCodeAt(i) | CASE_BIT) - SMALL_A;
    if (letter < 0 || letter >= LETTERS) return undefined;
    state = next[state * LETTERS + letter] as number;
    if (state === 0) return undefined;
  }
  return table.kinds[state];
}
