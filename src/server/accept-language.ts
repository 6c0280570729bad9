/** One language range of an `Accept-Language` header and its weight. */
interface WeightedRange {
  readonly range: string;
  readonly q: number;
}

// RFC 9110 12.5.4 and RFC 4647 2.1: a language range, then an optional weight.
const ELEMENT =
  /^([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)(?:[ \t]*;[ \t]*[qQ]=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?))?$/;

/** The longest `Accept-Language` header read; a longer one is refused before it is read. */
export const MAX_ACCEPT_LANGUAGE_LENGTH = 1024;

/**
 * The ranges of an `Accept-Language` header (RFC 9110 12.5.4), most wanted first (the header's
 * order among equal weights), without those of weight 0. An element that is no range is left
 * out, as a header can only ask, never fail.
 */
export function readAcceptLanguage(header: string): WeightedRange[] {
  const ranges: WeightedRange[] = [];
  for (const element of header.split(",")) {
    const match = ELEMENT.exec(element.trim());
    if (!match) continue;
    const q = match[2] === undefined ? 1 : Number(match[2]);
    if (q > 0) ranges.push({ range: (match[1] as string).toLowerCase(), q });
  }
  // Array#sort is stable: equal weights keep the header's order.
  return ranges.sort((a, b) => b.q - a.q);
}

/**
 * The language to answer in (RFC 4647 3.4, lookup): for each range, most wanted first, the
 * available tag it names, else the one it names with its last subtag cut (`fr-CH` then `fr`, a
 * single-letter subtag cut with the one after it); `*` names none. Without a match, or without a
 * header, `fallback`. `available` holds canonical tags; the one returned is among them.
 */
export function lookupLanguage(
  header: string | null,
  available: readonly string[],
  fallback: string,
): string {
  if (header === null) return fallback;
  const byLowerCase = new Map(available.map((tag) => [tag.toLowerCase(), tag]));
  for (const { range } of readAcceptLanguage(header)) {
    if (range === "*") continue;
    const subtags = range.split("-");
    while (subtags.length > 0) {
      const found = byLowerCase.get(subtags.join("-"));
      if (found !== undefined) return found;
      subtags.pop();
      if (subtags.length > 0 && (subtags.at(-1) as string).length === 1) subtags.pop();
    }
  }
  return fallback;
}
