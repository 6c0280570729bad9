// A resumable byte-level check of one JSON value (RFC 8259, as JSON.parse reads it). The record
// reader uses it where JSON.parse cannot serve: to skip a member without holding it in memory,
// and to find the exact byte of the first error once JSON.parse has rejected an element.
import { BYTES } from "./byte-codes.ts";
import { continuesCharacter, describeUtf8Fault, utf8Length } from "./utf8.ts";

const {
  TAB,
  LINE_FEED,
  CARRIAGE_RETURN,
  SPACE,
  QUOTE,
  PLUS,
  COMMA,
  MINUS,
  DOT,
  SLASH,
  DIGIT_ZERO,
  DIGIT_NINE,
  COLON,
  CAPITAL_A,
  CAPITAL_E,
  CAPITAL_F,
  OPEN_BRACKET,
  BACKSLASH,
  CLOSE_BRACKET,
  SMALL_A,
  SMALL_B,
  SMALL_E,
  SMALL_F,
  SMALL_N,
  SMALL_R,
  SMALL_T,
  SMALL_U,
  OPEN_BRACE,
  CLOSE_BRACE,
  DELETE,
  ASCII_END,
} = BYTES;

/** Why the validator stopped: the index of the offending byte and what it expected there. */
export class JsonFault {
  /** May be negative: a character of a string can begin in bytes fed before. */
  readonly index: number;
  readonly description: string;
  /** True when the bytes ended before the value did. */
  readonly truncated: boolean;
  /** True when the bytes of a string are not UTF-8 (`index` is the character's first byte). */
  readonly invalidUtf8: boolean;

  constructor(index: number, description: string, truncated: boolean, invalidUtf8 = false) {
    this.index = index;
    this.description = description;
    this.truncated = truncated;
    this.invalidUtf8 = invalidUtf8;
  }
}

/** Where the validator is in the value: what the next byte may be. */
type State =
  | "value"
  | "arrayFirst"
  | "objectFirst"
  | "key"
  | "colon"
  | "after"
  | "string"
  | "escape"
  | "hex"
  | "minus"
  | "zero"
  | "integer"
  | "dot"
  | "fraction"
  | "exponent"
  | "exponentSign"
  | "exponentDigits"
  | "literal"
  | "done";

const IN_ARRAY = 0;
const IN_OBJECT = 1;

/** What each state expects next, for messages (empty where no message names it). */
const EXPECTED: Readonly<Record<State, string>> = {
  value: "a value",
  arrayFirst: 'a value or "]"',
  objectFirst: 'a member name or "}"',
  key: "a member name",
  colon: '":" after the member name',
  after: "",
  string: "",
  escape: 'an escape character after "\\"',
  hex: 'a hexadecimal digit in a "\\u" escape',
  minus: 'a digit after "-"',
  zero: "",
  integer: "",
  dot: 'a digit after "."',
  fraction: "",
  exponent: 'a digit or a sign after "e"',
  exponentSign: "a digit in the exponent",
  exponentDigits: "",
  literal: "",
  done: "the end of the value",
};

/** True for the four bytes JSON counts as white space. */
export function isJsonSpace(c: number): boolean {
  return c === SPACE || c === LINE_FEED || c === CARRIAGE_RETURN || c === TAB;
}

/** True for a byte that can start a JSON value. */
export function startsJsonValue(c: number): boolean {
  return (
    c === OPEN_BRACE ||
    c === OPEN_BRACKET ||
    c === QUOTE ||
    c === MINUS ||
    (c >= DIGIT_ZERO && c <= DIGIT_NINE) ||
    c === SMALL_T ||
    c === SMALL_F ||
    c === SMALL_N
  );
}

function isDigit(c: number): boolean {
  return c >= DIGIT_ZERO && c <= DIGIT_NINE;
}

function isHexDigit(c: number): boolean {
  return isDigit(c) || (c >= CAPITAL_A && c <= CAPITAL_F) || (c >= SMALL_A && c <= SMALL_F);
}

/** Names the byte at `index` for a message: `"}"`, `a line break`, `"é"`, `byte 0xff`. */
export function describeByte(bytes: Uint8Array, index: number): string {
  const c = bytes[index] ?? 0;
  if (c === LINE_FEED) return "a line break";
  if (c === QUOTE) return "'\"'";
  if (c > SPACE && c < DELETE) return `"${String.fromCharCode(c)}"`;
  if (c < ASCII_END)
    return `the control character U+${c.toString(16).padStart(4, "0").toUpperCase()}`;
  const length = utf8Length(c);
  if (length > 1 && index + length <= bytes.length) {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
    try {
      return `"${text.decode(bytes.subarray(index, index + length))}"`;
    } catch {
      // Not valid UTF-8: name the byte itself.
    }
  }
  return `byte 0x${c.toString(16).padStart(2, "0")}`;
}

/**
 * Checks one JSON value fed in pieces; depth is an explicit stack, never recursion. Strings
 * must be UTF-8 unless `checkUtf8` is false (for bytes to be decoded with U+FFFD replacement).
 */
export class JsonValidator {
  readonly #checkUtf8: boolean;
  // The character being read in a string: its lead byte, and how many of its bytes came so far.
  #lead = 0;
  #read = 0;
  #state: State = "value";
  #stack = new Uint8Array(16);
  #depth = 0;
  #key = false;
  #hexLeft = 0;
  #literal = "";
  #literalIndex = 0;

  constructor(checkUtf8 = true) {
    this.#checkUtf8 = checkUtf8;
  }

  /**
   * Reads `bytes[from, to)`. Returns the index just past the value once it has ended (for a
   * number, the index of the byte that ended it), or -1 when it needs more; throws JsonFault.
   */
  feed(bytes: Uint8Array, from: number, to: number): number {
    for (let i = from; i < to; i++) {
      const c = bytes[i] ?? 0;
      switch (this.#state) {
        case "string":
          if (this.#read > 0) this.#continueCharacter(c, i);
          else if (c >= ASCII_END && this.#checkUtf8) this.#startCharacter(c, i);
          else if (c === QUOTE) {
            if (this.#key) {
              this.#key = false;
              this.#state = "colon";
            } else if (this.#endValue()) return i + 1;
          } else if (c === BACKSLASH) this.#state = "escape";
          else if (c < SPACE) {
            const found = describeByte(bytes, i);
            throw new JsonFault(i, `${found} inside a string must be escaped`, false);
          }
          break;
        case "escape":
          if (c === SMALL_U) {
            this.#hexLeft = 4;
            this.#state = "hex";
          } else if (
            c === QUOTE ||
            c === BACKSLASH ||
            c === SLASH ||
            c === SMALL_B ||
            c === SMALL_F ||
            c === SMALL_N ||
            c === SMALL_R ||
            c === SMALL_T
          ) {
            this.#state = "string";
          } else this.#fail(bytes, i);
          break;
        case "hex":
          if (!isHexDigit(c)) this.#fail(bytes, i);
          if (--this.#hexLeft === 0) this.#state = "string";
          break;
        case "value":
        case "arrayFirst":
          if (isJsonSpace(c)) break;
          if (c === CLOSE_BRACKET && this.#state === "arrayFirst") {
            if (this.#close()) return i + 1;
          } else if (startsJsonValue(c)) this.#startValue(c);
          else this.#fail(bytes, i);
          break;
        case "objectFirst":
        case "key":
          if (isJsonSpace(c)) break;
          if (c === QUOTE) {
            this.#key = true;
            this.#state = "string";
          } else if (c === CLOSE_BRACE && this.#state === "objectFirst") {
            if (this.#close()) return i + 1;
          } else this.#fail(bytes, i);
          break;
        case "colon":
          if (isJsonSpace(c)) break;
          if (c === COLON) this.#state = "value";
          else this.#fail(bytes, i);
          break;
        case "after": {
          if (isJsonSpace(c)) break;
          const inObject = this.#stack[this.#depth - 1] === IN_OBJECT;
          if (c === COMMA) this.#state = inObject ? "key" : "value";
          else if (c === (inObject ? CLOSE_BRACE : CLOSE_BRACKET)) {
            if (this.#close()) return i + 1;
          } else {
            const expected = inObject ? '"," or "}"' : '"," or "]"';
            throw new JsonFault(i, `expected ${expected}, found ${describeByte(bytes, i)}`, false);
          }
          break;
        }
        case "minus":
          if (c === DIGIT_ZERO) this.#state = "zero";
          else if (isDigit(c)) this.#state = "integer";
          else this.#fail(bytes, i);
          break;
        case "integer":
        case "zero":
          if (isDigit(c) && this.#state === "integer") break;
          if (c === DOT) this.#state = "dot";
          else if (c === SMALL_E || c === CAPITAL_E) this.#state = "exponent";
          else if (this.#endValue()) return i;
          else i--;
          break;
        case "dot":
          if (isDigit(c)) this.#state = "fraction";
          else this.#fail(bytes, i);
          break;
        case "fraction":
          if (isDigit(c)) break;
          if (c === SMALL_E || c === CAPITAL_E) this.#state = "exponent";
          else if (this.#endValue()) return i;
          else i--;
          break;
        case "exponent":
          if (c === PLUS || c === MINUS) this.#state = "exponentSign";
          else if (isDigit(c)) this.#state = "exponentDigits";
          else this.#fail(bytes, i);
          break;
        case "exponentSign":
          if (isDigit(c)) this.#state = "exponentDigits";
          else this.#fail(bytes, i);
          break;
        case "exponentDigits":
          if (isDigit(c)) break;
          if (this.#endValue()) return i;
          i--;
          break;
        case "literal":
          if (c !== this.#literal.charCodeAt(this.#literalIndex)) {
            throw new JsonFault(
              i,
              `expected "${this.#literal}", found ${describeByte(bytes, i)}`,
              false,
            );
          }
          if (++this.#literalIndex === this.#literal.length && this.#endValue()) return i + 1;
          break;
        default:
          return i;
      }
    }
    return -1;
  }

  /** Declares the end of the bytes: throws a truncation fault at `index` unless the value ended. */
  end(index: number): void {
    const state = this.#state;
    const numberEnds =
      state === "zero" || state === "integer" || state === "fraction" || state === "exponentDigits";
    if (state === "done" || (numberEnds && this.#depth === 0)) {
      this.#state = "done";
      return;
    }
    throw new JsonFault(index, "unexpected end of input", true);
  }

  #startCharacter(lead: number, index: number): void {
    if (utf8Length(lead) === 0) {
      throw new JsonFault(index, describeUtf8Fault(lead, undefined), false, true);
    }
    this.#lead = lead;
    this.#read = 1;
  }

  #continueCharacter(c: number, index: number): void {
    if (!continuesCharacter(this.#lead, this.#read, c)) {
      const start = index - this.#read;
      throw new JsonFault(start, describeUtf8Fault(this.#lead, c), false, true);
    }
    this.#read = this.#read + 1 === utf8Length(this.#lead) ? 0 : this.#read + 1;
  }

  /** Enters the value that `c` starts (a byte for which startsJsonValue holds). */
  #startValue(c: number): void {
    switch (c) {
      case OPEN_BRACE:
        this.#push(IN_OBJECT);
        this.#state = "objectFirst";
        return;
      case OPEN_BRACKET:
        this.#push(IN_ARRAY);
        this.#state = "arrayFirst";
        return;
      case QUOTE:
        this.#state = "string";
        return;
      case MINUS:
        this.#state = "minus";
        return;
      case DIGIT_ZERO:
        this.#state = "zero";
        return;
      case SMALL_T:
        this.#startLiteral("true");
        return;
      case SMALL_F:
        this.#startLiteral("false");
        return;
      case SMALL_N:
        this.#startLiteral("null");
        return;
      default:
        this.#state = "integer";
    }
  }

  #startLiteral(literal: string): void {
    this.#literal = literal;
    this.#literalIndex = 1;
    this.#state = "literal";
  }

  /** A value has ended: returns true when it was the outermost one. */
  #endValue(): boolean {
    if (this.#depth === 0) {
      this.#state = "done";
      return true;
    }
    this.#state = "after";
    return false;
  }

  #push(kind: number): void {
    if (this.#depth === this.#stack.length) {
      const grown = new Uint8Array(this.#stack.length * 2);
      grown.set(this.#stack);
      this.#stack = grown;
    }
    this.#stack[this.#depth++] = kind;
  }

  /** Closes the innermost container; the caller has checked the bracket matches it. */
  #close(): boolean {
    this.#depth--;
    return this.#endValue();
  }

  #fail(bytes: Uint8Array, index: number): never {
    const expected = EXPECTED[this.#state] || "a value";
    throw new JsonFault(index, `expected ${expected}, found ${describeByte(bytes, index)}`, false);
  }
}
