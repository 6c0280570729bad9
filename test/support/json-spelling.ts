import fc from "fast-check";

// JSON texts of one value in the spellings JSON allows and JSON.parse reads back the same: white
// space anywhere between tokens, `\uXXXX` and `\/` escapes, numbers with fractions of zeros or
// exponents. For tests of code that reads records from their bytes.

/** Choices drawn once per text, so one seed gives one spelling. */
interface Spelling {
  readonly space: readonly string[];
  readonly escapeRate: number;
  readonly numberStyle: number;
  readonly next: () => number;
}

function spellString(text: string, spelling: Spelling): string {
  if (spelling.escapeRate === 0) return JSON.stringify(text);
  let out = '"';
  for (const char of text) {
    const plain = JSON.stringify(char).slice(1, -1);
    if (spelling.next() >= spelling.escapeRate) out += plain;
    else if (char === "/") out += "\\/";
    else {
      for (let i = 0; i < char.length; i++) {
        out += `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`;
      }
    }
  }
  return `${out}"`;
}

function spellNumber(value: number, spelling: Spelling): string {
  const plain = JSON.stringify(value);
  if (!/^-?\d+$/.test(plain) || Math.abs(value) > 1e15) return plain;
  switch ((spelling.numberStyle + Math.floor(spelling.next() * 4)) % 4) {
    case 1:
      return `${plain}.0`;
    case 2:
      return `${plain}e0`;
    case 3:
      return `${plain}.00E+0`;
    default:
      return plain;
  }
}

function spell(value: unknown, spelling: Spelling): string {
  const space = () => spelling.space[Math.floor(spelling.next() * spelling.space.length)] ?? "";
  if (value === null || typeof value === "boolean") return JSON.stringify(value);
  if (typeof value === "number") return spellNumber(value, spelling);
  if (typeof value === "string") return spellString(value, spelling);
  if (Array.isArray(value)) {
    return `[${space()}${value.map((item) => `${spell(item ?? null, spelling)}${space()}`).join(`,${space()}`)}]`;
  }
  if (value instanceof Date) return JSON.stringify(value);
  const members = Object.entries(value as Record<string, unknown>).filter(
    ([, item]) => item !== undefined,
  );
  return `{${space()}${members
    .map(
      ([key, item]) =>
        `${spellString(key, spelling)}${space()}:${space()}${spell(item, spelling)}${space()}`,
    )
    .join(`,${space()}`)}}`;
}

/**
 * A JSON text of `value` (no line breaks when `oneLine`), drawn from `seed`: JSON.parse gives
 * back the same value, key order included.
 */
export function spellJson(value: unknown, seed: number, oneLine = false): string {
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: deterministic per seed.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
  const spaces = oneLine ? ["", " ", "\t", "  "] : ["", " ", "\n", "\t", "\r\n  "];
  const spelling: Spelling = {
    space: next() < 0.5 ? [""] : spaces,
    escapeRate: next() < 0.6 ? 0 : next() * 0.5,
    numberStyle: Math.floor(next() * 4),
    next,
  };
  return spell(value, spelling);
}

/** Spellings of a value: `fc.integer()` seeds mapped through `spellJson`. */
export function jsonSpellingArbitrary(value: unknown, oneLine = false): fc.Arbitrary<string> {
  return fc.integer().map((seed) => spellJson(value, seed, oneLine));
}

const fatalDecoder = new TextDecoder("utf-8", { fatal: true });

/** Whether `bytes` are UTF-8 that JSON.parse reads as an object: what a record's check must accept. */
export function parsesAsObject(bytes: Uint8Array): boolean {
  try {
    const value: unknown = JSON.parse(fatalDecoder.decode(bytes));
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** What a damaged text's byte suffered. */
type ByteChange = "replace" | "cut" | "insert";

/** `text` with its byte at `at` (modulo its length + 1) replaced by `byte`, cut, or `byte` inserted there. */
function changeByte(text: Uint8Array, at: number, byte: number, change: ByteChange): Uint8Array {
  const i = at % (text.length + 1);
  if (change === "replace") return text.map((b, k) => (k === i ? byte : b));
  if (change === "cut") return new Uint8Array([...text.subarray(0, i), ...text.subarray(i + 1)]);
  return new Uint8Array([...text.subarray(0, i), byte, ...text.subarray(i)]);
}

/**
 * The UTF-8 bytes of a JSON text of a value of `values` (spelt by `spellJson`, on one line when
 * `oneLine`) with one byte replaced, cut or inserted: mostly no longer JSON, sometimes still.
 */
export function damagedJsonArbitrary(
  values: fc.Arbitrary<unknown>,
  oneLine = false,
): fc.Arbitrary<Uint8Array> {
  const encoder = new TextEncoder();
  const change = fc.constantFrom<ByteChange>("replace", "cut", "insert");
  return fc
    .tuple(values, fc.integer(), fc.nat(), fc.integer({ min: 0, max: 255 }), change)
    .map(([value, seed, at, byte, how]) =>
      changeByte(encoder.encode(spellJson(value, seed, oneLine)), at, byte, how),
    );
}
