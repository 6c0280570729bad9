/**
 * Compares two strings by Unicode code points (grammar/language.md 2.3), which is also UTF-8 byte
 * order: UTF-16 order differs only where both strings hold a surrogate against U+E000–U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      if (x >= 0xd800 && y >= 0xd800) {
        // Surrogates (astral code points) sort after U+E000–U+FFFF.
        x += x >= 0xe000 ? -0x800 : 0x2000;
        y += y >= 0xe000 ? -0x800 : 0x2000;
      }
      return x - y;
    }
  }
  return a.length - b.length;
}
