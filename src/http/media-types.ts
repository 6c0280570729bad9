/** One media range of an `Accept` header (RFC 9110 12.5.1), lower-cased, with its weight. */
export interface MediaRange {
  readonly type: string;
  readonly subtype: string;
  /** Parameters before the weight, names lower-cased; `q` and what follows it are not here. */
  readonly parameters: ReadonlyMap<string, string>;
  /** The weight, from 0 to 1; 1 when not given. */
  readonly q: number;
  /** The range's place in the header, from 0: the earlier wins a tie. */
  readonly index: number;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const QVALUE = /^(?:0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)$/;

/** Splits at `separator` outside quoted strings, which may hold it and backslash escapes. */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === "\\") i++;
    else if (c === '"') quoted = !quoted;
    else if (!quoted && c === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function unquote(value: string): string | undefined {
  if (TOKEN.test(value)) return value;
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return undefined;
  return value.slice(1, -1).replace(/\\(.)/g, "$1");
}

function readRange(element: string, index: number): MediaRange | undefined {
  const [range = "", ...rest] = splitOutsideQuotes(element, ";").map((part) => part.trim());
  const slash = range.indexOf("/");
  const type = range.slice(0, slash).toLowerCase();
  const subtype = range.slice(slash + 1).toLowerCase();
  if (slash === -1 || !TOKEN.test(type) || !TOKEN.test(subtype)) return undefined;
  if (type === "*" && subtype !== "*") return undefined;
  const parameters = new Map<string, string>();
  let q = 1;
  for (const part of rest) {
    if (part === "") continue;
    const equals = part.indexOf("=");
    const name = part.slice(0, equals).trim().toLowerCase();
    const value = unquote(part.slice(equals + 1).trim());
    if (equals === -1 || !TOKEN.test(name) || value === undefined) return undefined;
    if (name === "q") {
      if (!QVALUE.test(value)) return undefined;
      q = Number(value);
      // What follows the weight are accept-extensions, which no server uses.
      break;
    }
    parameters.set(name, value);
  }
  return { type, subtype, parameters, q, index };
}

/**
 * Reads an `Accept` header into its media ranges, in order; an element that is not a media
 * range (`json`, a `*` type with a subtype, a bad weight) is left out.
 */
export function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const element of splitOutsideQuotes(header, ",")) {
    if (element.trim() === "") continue;
    const range = readRange(element, ranges.length);
    if (range) ranges.push(range);
  }
  return ranges;
}

/**
 * The longest `Accept` header read, in characters: browsers send about 200. Reading one costs
 * about 40 ns a character, so a longer header is refused before it is parsed.
 */
export const MAX_ACCEPT_LENGTH = 1024;

/** The message of the 431 of an `Accept` header too long to be read. */
export const ACCEPT_TOO_LONG_MESSAGE = `accept: the header is longer than ${MAX_ACCEPT_LENGTH} characters, far above what any client sends`;

/** Whether an `Accept` header is too long to be read (`MAX_ACCEPT_LENGTH`). */
export function isAcceptTooLong(header: string | null | undefined): boolean {
  return header != null && header.length > MAX_ACCEPT_LENGTH;
}

const VENDOR_NAME = /^[A-Za-z0-9][A-Za-z0-9.-]*$/;

/** Whether a name can stand for `<vendor>` in `application/vnd.<vendor>.app-v2+json`: letters, digits, `.` and `-`. */
export function isVendorName(name: string): boolean {
  return VENDOR_NAME.test(name);
}

/** The media types a server for `vendor` answers in, the versioned ones first. */
export function supportedMediaTypes(vendor: string): readonly string[] {
  const name = vendor.toLowerCase();
  return [
    `application/vnd.${name}.app-v2+json`,
    `application/vnd.${name}.app-latest+json`,
    "application/json",
  ];
}

/** How well a range fits a type: -1 not at all, else more for a more specific range. */
function specificity(range: MediaRange, type: string, subtype: string): number {
  // We answer in UTF-8 with no other parameter, so a range asking for another does not fit.
  for (const [name, value] of range.parameters) {
    if (name !== "charset" || value.toLowerCase() !== "utf-8") return -1;
  }
  const extra = range.parameters.size > 0 ? 1 : 0;
  if (range.type === "*") return 0;
  if (range.type !== type) return -1;
  if (range.subtype === "*") return 1;
  return range.subtype === subtype ? 2 + extra : -1;
}

/**
 * Picks the type to answer in from an `Accept` header: the supported type with the highest
 * weight, taken from the most specific range that fits it (`q=0` excludes); ties go to the
 * more specific range, then the one written first, then `application/json`. An absent or
 * blank header accepts anything. `undefined` when nothing supported is acceptable.
 */
export function negotiateMediaType(
  header: string | undefined,
  supported: readonly string[],
): string | undefined {
  const plain = supported.find((type) => type === "application/json") ?? supported[0];
  if (header === undefined || header.trim() === "") return plain;
  const ranges = parseAccept(header);
  let best: { type: string; q: number; s: number; index: number; plain: boolean } | undefined;
  for (const candidate of supported) {
    const [type = "", subtype = ""] = candidate.split("/");
    let fit: { q: number; s: number; index: number } | undefined;
    for (const range of ranges) {
      const s = specificity(range, type, subtype);
      if (s < 0) continue;
      if (!fit || s > fit.s || (s === fit.s && range.q > fit.q)) {
        fit = { q: range.q, s, index: range.index };
      }
    }
    if (!fit || fit.q === 0) continue;
    const isPlain = candidate === plain;
    const better =
      !best ||
      fit.q > best.q ||
      (fit.q === best.q &&
        (fit.s > best.s ||
          (fit.s === best.s &&
            (fit.index < best.index || (fit.index === best.index && isPlain && !best.plain)))));
    if (better) best = { type: candidate, ...fit, plain: isPlain };
  }
  return best?.type;
}
