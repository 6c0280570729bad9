import { quoteInput } from "../errors/characters.ts";

/** Where a query component's percent-encoding is broken, in its raw text, and why. */
export interface EncodingProblem {
  readonly offset: number;
  readonly length: number;
  readonly description: string;
}

const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

const hexByte = (raw: string, at: number) => Number.parseInt(raw.slice(at + 1, at + 3), 16);

/**
 * Decodes one name or value of a query string as forms and servers do (`+` is a space, `%XX`
 * escapes are UTF-8 bytes), or says where it is broken, which `URLSearchParams` silently keeps.
 */
export function decodeQueryComponent(raw: string): string | EncodingProblem {
  if (!raw.includes("%")) return raw.replaceAll("+", " ");
  // Every escape is checked before any byte is decoded, so a cut-off escape is reported as such.
  for (let i = raw.indexOf("%"); i !== -1; i = raw.indexOf("%", i + 3)) {
    if (!isHex(raw.charCodeAt(i + 1)) || !isHex(raw.charCodeAt(i + 2))) {
      let end = i + 1;
      for (let k = 0; k < 2 && end < raw.length; k++)
        end += (raw.codePointAt(end) ?? 0) > 0xffff ? 2 : 1;
      return {
        offset: i,
        length: end - i,
        description: `${quoteInput(raw.slice(i, end))} is not an escape: "%" must be followed by two hexadecimal digits (write a "%" itself as %25)`,
      };
    }
  }
  let out = "";
  let i = 0;
  while (i < raw.length) {
    const c = raw.charCodeAt(i);
    if (c !== 37) {
      out += c === 43 ? " " : raw[i];
      i++;
      continue;
    }
    const decoded = decodeUtf8At(raw, i);
    if (typeof decoded !== "number") return decoded;
    out += String.fromCodePoint(decoded);
    i += utf8Length(decoded) * 3;
  }
  return out;
}

const utf8Length = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/** Decodes the character whose escapes start at `at`, strictly as UTF-8 (no overlong forms, no surrogates). */
function decodeUtf8At(raw: string, at: number): number | EncodingProblem {
  const lead = hexByte(raw, at);
  if (lead < 0x80) return lead;
  let needed: number;
  let lower = 0x80;
  let upper = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) needed = 1;
  else if (lead >= 0xe0 && lead <= 0xef) {
    needed = 2;
    if (lead === 0xe0) lower = 0xa0;
    if (lead === 0xed) upper = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    needed = 3;
    if (lead === 0xf0) lower = 0x90;
    if (lead === 0xf4) upper = 0x8f;
  } else {
    return {
      offset: at,
      length: 3,
      description: `${quoteInput(raw.slice(at, at + 3))} does not start a UTF-8 encoded character`,
    };
  }
  let codePoint = lead & (0x3f >> needed);
  let j = at + 3;
  for (let k = 0; k < needed; k++, j += 3) {
    if (raw.charCodeAt(j) !== 37) {
      return {
        offset: at,
        length: j - at,
        description: `${quoteInput(raw.slice(at, j))} ends before its UTF-8 encoded character does`,
      };
    }
    const byte = hexByte(raw, j);
    if (byte < lower || byte > upper) {
      return {
        offset: at,
        length: j + 3 - at,
        description: `${quoteInput(raw.slice(at, j + 3))} is not a UTF-8 encoded character`,
      };
    }
    lower = 0x80;
    upper = 0xbf;
    codePoint = (codePoint << 6) | (byte & 0x3f);
  }
  return codePoint;
}
