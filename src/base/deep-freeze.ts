/** Freezes `root` and every object below it, without recursion: a deep tree cannot overflow the stack. */
export function deepFreeze<T>(root: T): T {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== "object" || value === null || Object.isFrozen(value)) continue;
    Object.freeze(value);
    for (const member of Object.values(value)) pending.push(member);
  }
  return root;
}
