/** The position of the first UTF-16 surrogate without its partner, or -1. */
export function indexOfLoneSurrogate(text: string): number {
  const match = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(text);
  return match ? match.index : -1;
}

const REENCODED: Readonly<Record<string, string>> = { "!": "%21", "'": "%27", "%2C": "," };

/**
 * Percent-encodes a name or value for a query string so that every server reads it back
 * exactly: only `A-Z a-z 0-9 - . _ ~ , ( ) *` stay as they are, UTF-8 bytes are `%XX`, a
 * space is `%20` and `+` is `%2B`. The text must hold no lone surrogate.
 */
export function encodeQueryComponent(text: string): string {
  // encodeURIComponent keeps ! and ' (shell-unsafe) and escapes "," (safe, and common in both languages).
  return encodeURIComponent(text).replace(/[!']|%2C/g, (kept) => REENCODED[kept] as string);
}
