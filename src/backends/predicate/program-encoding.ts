// The program encoding: a generated predicate's source as a short string of codes, and back.

// A program is a predicate's source as character codes: static text or a template by its number
// in PIECES (a template followed by the references of its holes), a constant `cN` or temporary
// `tN` by N in a range of its own (or, past the range, a marker and N in digits). It is the cache
// key of the source's factory: a compile of a known shape costs a short key and no source text,
// and a key costs its length in hashing.
const LONG_CONSTANT = 1;
const LONG_TEMPORARY = 2;
const FIRST_PIECE = 3;
const FIRST_DIGIT = 0x1000;
const DIGIT_BASE = 0x7000;
const FIRST_CONSTANT = 0x8000;
const FIRST_TEMPORARY = 0xc000;
const SHORT_REFERENCES = 0x4000;

/**
 * Static source with holes, each hole one of the template's references: `${"key"}` is the first
 * reference passed, and every hole of the same name is the same reference.
 */
export interface Template {
  readonly code: number;
  /** Static text, and for a hole the number of its reference. */
  readonly parts: readonly (string | number)[];
  readonly references: number;
}

const PIECES: (string | Template)[] = [];
const fragmentCodes = new Map<string, number>();

function addPiece(piece: string | Template): number {
  const code = FIRST_PIECE + PIECES.length;
  if (code >= FIRST_DIGIT) throw new RangeError("too many pieces of source");
  PIECES.push(piece);
  return code;
}

/** The code of a static piece of source, made only by the code generator's templates and tables. */
export function fragment(text: string): number {
  let code = fragmentCodes.get(text);
  if (code === undefined) {
    code = addPiece(text);
    fragmentCodes.set(text, code);
  }
  return code;
}

/** Registers a template of source, written as a tagged template whose holes name its references. */
export function template(strings: TemplateStringsArray, ...holes: string[]): Template {
  const names = [...new Set(holes)];
  if (names.length > 3) throw new RangeError("a template takes at most three references");
  const parts: (string | number)[] = [];
  strings.forEach((text, i) => {
    if (text !== "") parts.push(text);
    if (i < holes.length) parts.push(names.indexOf(holes[i] as string));
  });
  const made = { code: FIRST_PIECE + PIECES.length, parts, references: names.length };
  addPiece(made);
  return made;
}

/**
 * A reference to a constant or a temporary, as a number: 2N for `cN`, 2N + 1 for `tN`.
 * Templates take references for their holes.
 */
export type Reference = number;
/** The reference to the constant `cN`. */
export const constantReference = (index: number): Reference => index * 2;
/** The reference to the temporary `tN`. */
export const temporaryReference = (index: number): Reference => index * 2 + 1;
const nameOf = (reference: Reference) => `${reference & 1 ? "t" : "c"}${reference >>> 1}`;

/** Appends a reference's codes to a program. */
export function encode(reference: Reference, out: number[]): void {
  const index = reference >>> 1;
  const temporary = (reference & 1) === 1;
  if (index < SHORT_REFERENCES) {
    out.push((temporary ? FIRST_TEMPORARY : FIRST_CONSTANT) + index);
    return;
  }
  const digits: number[] = [];
  for (let rest = index; rest > 0; rest = Math.floor(rest / DIGIT_BASE)) {
    digits.push(FIRST_DIGIT + (rest % DIGIT_BASE));
  }
  out.push(temporary ? LONG_TEMPORARY : LONG_CONSTANT, ...digits.reverse());
}

/** The reference whose codes start at `at` in a program, and where they end. */
export function decode(program: string, at: number): [Reference, number] {
  const id = program.charCodeAt(at);
  if (id >= FIRST_TEMPORARY) return [temporaryReference(id - FIRST_TEMPORARY), at + 1];
  if (id >= FIRST_CONSTANT) return [constantReference(id - FIRST_CONSTANT), at + 1];
  let index = 0;
  let end = at + 1;
  for (; end < program.length; end++) {
    const digit = program.charCodeAt(end) - FIRST_DIGIT;
    if (digit < 0 || digit >= DIGIT_BASE) break;
    index = index * DIGIT_BASE + digit;
  }
  return [id === LONG_TEMPORARY ? temporaryReference(index) : constantReference(index), end];
}

/** The source a program stands for, from `at`. */
export function render(program: string, at: number): string {
  let source = "";
  while (at < program.length) {
    const code = program.charCodeAt(at);
    if (code < FIRST_PIECE || code >= FIRST_DIGIT) {
      const [reference, end] = decode(program, at);
      source += nameOf(reference);
      at = end;
      continue;
    }
    const piece = PIECES[code - FIRST_PIECE] as string | Template;
    at++;
    if (typeof piece === "string") {
      source += piece;
      continue;
    }
    const names: string[] = [];
    for (let i = 0; i < piece.references; i++) {
      const [reference, end] = decode(program, at);
      names.push(nameOf(reference));
      at = end;
    }
    for (const part of piece.parts) source += typeof part === "string" ? part : names[part];
  }
  return source;
}

/** The text of character codes, in slices: a spread of a long program would overflow the stack. */
export function textOf(codes: readonly number[]): string {
  const slice = 4096;
  if (codes.length <= slice) return String.fromCharCode(...codes);
  let text = "";
  for (let at = 0; at < codes.length; at += slice) {
    text += String.fromCharCode(...codes.slice(at, at + slice));
  }
  return text;
}
