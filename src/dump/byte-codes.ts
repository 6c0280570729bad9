// The bytes the dump reader compares, each named once, in one table. A module copies those it
// compares into constants of its own (`const { QUOTE } = BYTES`): V8 folds a module's own
// constants into the comparisons as it would bare numbers, but loads an imported binding at
// each use.

/** The bytes of JSON text and of UTF-8 that the dump reader compares, by name. */
export const BYTES = {
  /** `\t`, JSON white space. */
  TAB: 0x09,
  /** `\n`, JSON white space, and the end of an NDJSON record or of a line tried whole. */
  LINE_FEED: 0x0a,
  /** `\r`, JSON white space. */
  CARRIAGE_RETURN: 0x0d,
  /** ` `, JSON white space; the bytes below it are control characters a string must escape. */
  SPACE: 0x20,
  /** `"`, which opens and closes a string (a member name or a value). */
  QUOTE: 0x22,
  /** `+`, the sign an exponent may have. */
  PLUS: 0x2b,
  /** `,`, between the elements of an array and the members of an object. */
  COMMA: 0x2c,
  /** `-`, the sign a number or an exponent may have, and so a byte that starts a value. */
  MINUS: 0x2d,
  /** `.`, before a number's fraction. */
  DOT: 0x2e,
  /** `/`, which a string may escape (`\/`), hiding it from a raw search for "/". */
  SLASH: 0x2f,
  /** `0`, the first digit: an integer part that starts with it has no other digit. */
  DIGIT_ZERO: 0x30,
  /** `9`, the last digit. */
  DIGIT_NINE: 0x39,
  /** `:`, between a member's name and its value. */
  COLON: 0x3a,
  /** `A`, the first capital hexadecimal digit of a `\u` escape. */
  CAPITAL_A: 0x41,
  /** `E`, before an exponent. */
  CAPITAL_E: 0x45,
  /** `F`, the last capital hexadecimal digit of a `\u` escape. */
  CAPITAL_F: 0x46,
  /** `[`, which opens an array: an array dump, or a member that may hold the records. */
  OPEN_BRACKET: 0x5b,
  /** `\`, which starts an escape in a string, so the byte after it never ends the string. */
  BACKSLASH: 0x5c,
  /** `]`, which closes an array. */
  CLOSE_BRACKET: 0x5d,
  /** `a`, the first small letter, and the first small hexadecimal digit of a `\u` escape. */
  SMALL_A: 0x61,
  /** `b`, the escape of a backspace (`\b`). */
  SMALL_B: 0x62,
  /** `e`, before an exponent. */
  SMALL_E: 0x65,
  /** `f`, the first byte of `false`, the escape of a form feed, the last small hex digit. */
  SMALL_F: 0x66,
  /** `n`, the first byte of `null`, and the escape of a line feed (`\n`). */
  SMALL_N: 0x6e,
  /** `r`, the escape of a carriage return (`\r`). */
  SMALL_R: 0x72,
  /** `t`, the first byte of `true`, and the escape of a tab (`\t`). */
  SMALL_T: 0x74,
  /** `u`, which starts a `\u` escape, hiding from a raw search the character it stands for. */
  SMALL_U: 0x75,
  /** `z`, the last small letter. */
  SMALL_Z: 0x7a,
  /** `{`, which opens an object: every record, and a dump object or NDJSON's first line. */
  OPEN_BRACE: 0x7b,
  /** `}`, which closes an object: the last byte of a record alone on its line. */
  CLOSE_BRACE: 0x7d,
  /** DEL, the first byte after printable ASCII, which a message names by its code. */
  DELETE: 0x7f,
  /** The first byte that is not ASCII: from it on, a byte belongs to a character of several. */
  ASCII_END: 0x80,
  /** The first byte that continues a UTF-8 character (`10xxxxxx`). */
  CONTINUATION_FIRST: 0x80,
  /** The last byte that continues a UTF-8 character. */
  CONTINUATION_LAST: 0xbf,
  /** The two high bits, which are CONTINUATION_FIRST's (`10`) in a byte that continues one. */
  CONTINUATION_MASK: 0xc0,
  /** The first lead byte of a two-byte character (0xc0 and 0xc1 would spell overlong forms). */
  TWO_BYTE_LEAD_FIRST: 0xc2,
  /** The last lead byte of a two-byte character. */
  TWO_BYTE_LEAD_LAST: 0xdf,
  /** The first lead byte of a three-byte character; its second is at least MIN_SECOND_AFTER_E0. */
  THREE_BYTE_LEAD_FIRST: 0xe0,
  /** The lead byte of U+D000 to U+DFFF, whose second byte is at most MAX_SECOND_AFTER_ED. */
  SURROGATE_LEAD: 0xed,
  /** The last lead byte of a three-byte character. */
  THREE_BYTE_LEAD_LAST: 0xef,
  /** The first lead byte of a four-byte character; its second is at least MIN_SECOND_AFTER_F0. */
  FOUR_BYTE_LEAD_FIRST: 0xf0,
  /** The last lead byte of a four-byte character; its second is at most MAX_SECOND_AFTER_F4. */
  FOUR_BYTE_LEAD_LAST: 0xf4,
  /** After THREE_BYTE_LEAD_FIRST, the lowest second byte: a lower one spells an overlong form. */
  MIN_SECOND_AFTER_E0: 0xa0,
  /** After SURROGATE_LEAD, the highest second byte: a higher one spells a surrogate. */
  MAX_SECOND_AFTER_ED: 0x9f,
  /** After FOUR_BYTE_LEAD_FIRST, the lowest second byte: a lower one spells an overlong form. */
  MIN_SECOND_AFTER_F0: 0x90,
  /** After FOUR_BYTE_LEAD_LAST, the highest second byte: a higher one is past U+10FFFF. */
  MAX_SECOND_AFTER_F4: 0x8f,
  /** The first byte of a UTF-8 byte order mark, which the reader skips at the very start. */
  BOM_FIRST: 0xef,
  /** The second byte of a UTF-8 byte order mark. */
  BOM_SECOND: 0xbb,
  /** The third byte of a UTF-8 byte order mark. */
  BOM_THIRD: 0xbf,
} as const;
