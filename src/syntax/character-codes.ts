// The character codes the hand lexers and the parsers' actions compare, each named once, in one
// table. A module copies those it compares into constants of its own (`const { QUOTE } =
// CHARACTERS`): V8 folds a module's own constants into the comparisons as it would bare numbers,
// but loads an imported binding at each use, which cost the lexers 5 to 10% of their time.

/** The character codes the lexers and the parsers' actions compare, by name. */
export const CHARACTERS = {
  /** `\t`, white space. */
  TAB: 0x09,
  /** `\n`, white space. */
  LINE_FEED: 0x0a,
  /** `\r`, white space. */
  CARRIAGE_RETURN: 0x0d,
  /** ` `, white space. */
  SPACE: 0x20,
  /** `"`, which opens and closes a quoted value or pattern, and doubled stands for itself. */
  QUOTE: 0x22,
  /** `*`, the wildcard around a quoted pattern. */
  ASTERISK: 0x2a,
  /** `.`, which joins the names of a path. */
  DOT: 0x2e,
  /** `a`, the first small letter. */
  SMALL_A: 0x61,
  /** Code units below this are ASCII, which the lexers classify by a table. */
  ASCII_END: 0x80,
  /** The bit between an ASCII capital and its small letter: `c | CASE_BIT` is a letter in small. */
  CASE_BIT: 0x20,
  /** The first code unit of a surrogate pair's first half. */
  HIGH_SURROGATE_FIRST: 0xd800,
  /** The last code unit of a surrogate pair's first half. */
  HIGH_SURROGATE_LAST: 0xdbff,
  /** The first code unit of a surrogate pair's second half. */
  LOW_SURROGATE_FIRST: 0xdc00,
  /** The last code unit of a surrogate pair's second half. */
  LOW_SURROGATE_LAST: 0xdfff,
} as const;

const { SPACE, TAB, LINE_FEED, CARRIAGE_RETURN } = CHARACTERS;

/** The white space of grammar/language.md 1.2, which separates tokens and both lexers skip. */
export const WHITE_SPACE: readonly number[] = [SPACE, TAB, LINE_FEED, CARRIAGE_RETURN];
