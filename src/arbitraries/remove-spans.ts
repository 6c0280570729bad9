/**
 * A copy of a tree without its `span`s, so that trees parsed from different spellings compare
 * equal.
 */
export function removeSpans(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(removeSpans);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key !== "span") out[key] = removeSpans(inner);
    }
    return out;
  }
  return value;
}
