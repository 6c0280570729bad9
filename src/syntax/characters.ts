// The character codes the hand lexers compare, each named once. A module copies those it compares
// into constants of its own (`const { QUOTE } = characters`): V8 folds a module's own constants
// into the comparisons as it would bare numbers, but loads an imported binding at each use, which
// cost the lexers 5 to 10% of their time.

/** `\t`, white space. */
export const TAB = 0x09;
/** `\n`, white space. */
export const LINE_FEED = 0x0a;
/** `\r`, white space. */
export const CARRIAGE_RETURN = 0x0d;
/** ` `, white space. */
export const SPACE = 0x20;
/** `"`, which opens and closes a quoted value or pattern, and doubled stands for itself. */
export const QUOTE = 0x22;
/** `*`, the wildcard around a quoted pattern. */
export const ASTERISK = 0x2a;
/** `.`, which joins the names of a path. */
export const DOT = 0x2e;
/** `a`, the first small letter. */
export const SMALL_A = 0x61;

/** Code units below this are ASCII, which the lexers classify by a table. */
export const ASCII_END = 0x80;

/** The bit between an ASCII capital and its small letter: `c | CASE_BIT` is a letter in small. */
export const CASE_BIT = 0x20;

/** The first and last code units of a surrogate pair's first half. */
export const HIGH_SURROGATE_FIRST = 0xd800;
export const HIGH_SURROGATE_LAST = 0xdbff;
/** The first and last code units of a surrogate pair's second half. */
export const LOW_SURROGATE_FIRST = 0xdc00;
export const LOW_SURROGATE_LAST = 0xdfff;

/** The white space of grammar/language.md 1.2, which separates tokens and which both lexers skip. */
export const WHITE_SPACE: readonly number[] = [SPACE, TAB, LINE_FEED, CARRIAGE_RETURN];
