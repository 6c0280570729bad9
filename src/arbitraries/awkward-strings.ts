import fc from "fast-check";

/**
 * Texts that implementations misread: case variants, empty and blank text, quotes of every SQL
 * engine, LIKE wildcards and escapes (`%`, `_`, `\`), comment and statement separators, array
 * literal syntax, `NULL` as text, combining and astral characters, and U+FFFF (above every
 * surrogate in UTF-16, below them in code point order), but no NUL, which PostgreSQL text
 * cannot hold.
 */
export const AWKWARD_STRINGS: readonly string[] = [
  "a",
  "ab",
  "b",
  "",
  "A",
  "é",
  "😀",
  "\uffff",
  'q"t',
  "%",
  "_",
  "\\",
  "a b",
  "2",
  "e\u0301",
  "😀a",
  "\ue000",
  "'",
  "''",
  "it's",
  "`",
  "--",
  ";",
  "a'; DROP TABLE t; --",
  " a",
  "a ",
  "a  ",
  " ",
  "NULL",
  "null",
  "{a,b}",
  '{"a"}',
  ",",
  "\\N",
  "$1",
  "?",
  "*",
  "a%",
  "%a",
  "_a",
  "a_",
  "\\%",
  "\t",
  "\n",
];

/** The first texts of the list, drawn more often so that values and filters meet. */
const COMMON = AWKWARD_STRINGS.slice(0, 14);

const UNITS = ["a", "b", "A", "é", "😀", "\uffff", '"', "'", "%", "_", "\\", "-", ";", " ", "`"];

/** Awkward texts: common ones, any of the list, two of them joined, or a few awkward characters. */
export const stringValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...COMMON) },
  { weight: 2, arbitrary: fc.constantFrom(...AWKWARD_STRINGS) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...AWKWARD_STRINGS), fc.constantFrom(...AWKWARD_STRINGS))
      .map(([a, b]) => a + b),
  },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...UNITS), maxLength: 5 }) },
);
