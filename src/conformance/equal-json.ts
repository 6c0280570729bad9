/**
 * Whether two JSON values are equal: the same scalars (`Object.is`), arrays of equal items in
 * order, objects with the same own keys (in any order, or in the same order with `keyOrder`)
 * holding equal values. It walks with its own stack, so records of any depth JSON.parse reads
 * compare without overflowing the call stack.
 */
export function equalJson(left: unknown, right: unknown, keyOrder = false): boolean {
  const pending: [unknown, unknown][] = [[left, right]];
  for (let pair = pending.pop(); pair !== undefined; pair = pending.pop()) {
    const [a, b] = pair;
    if (Object.is(a, b)) continue;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
    if (Array.isArray(a)) {
      if (!Array.isArray(b) || a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) pending.push([a[i], b[i]]);
      continue;
    }
    if (Array.isArray(b)) return false;
    const keys = Object.keys(a);
    const others = Object.keys(b);
    if (keys.length !== others.length) return false;
    for (const [index, key] of keys.entries()) {
      if (!Object.hasOwn(b, key) || (keyOrder && others[index] !== key)) return false;
      pending.push([(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]]);
    }
  }
  return true;
}
