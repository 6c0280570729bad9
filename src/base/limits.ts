/** Limits of grammar/language.md 1.4, configurable per call. */
export interface ParseLimits {
  /** The most characters of input accepted; 8192 unless set. */
  readonly maxLength?: number;
  /** The most levels of parenthesis nesting accepted; 64 unless set (256 for a tree), 256 at most. */
  readonly maxDepth?: number;
}

export const DEFAULT_MAX_LENGTH = 8192;
export const DEFAULT_MAX_DEPTH = 64;
/** The deepest nesting `maxDepth` may allow: deeper would risk the call stack. */
export const MAX_DEPTH_LIMIT = 256;
/** The most names a selection may reach from its root, dotted or in parentheses (`a.b` is `a(b)`). */
export const MAX_SELECTION_DEPTH = 1024;

/** Checks a depth option: a whole number from 0 to `most`. */
export function checkDepth(name: string, value: unknown, most: number): number {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > most) {
    throw new RangeError(`${name} must be an integer from 0 to ${most}`);
  }
  return value as number;
}

const checkMaxDepth = (maxDepth: unknown) => checkDepth("maxDepth", maxDepth, MAX_DEPTH_LIMIT);

/** The limits for parsing a text, defaults filled in. */
export function resolveLimits(limits: ParseLimits): { maxLength: number; maxDepth: number } {
  const maxLength = limits.maxLength ?? DEFAULT_MAX_LENGTH;
  if (typeof maxLength !== "number" || !(maxLength >= 0)) {
    throw new RangeError("maxLength must be a number >= 0");
  }
  return { maxLength, maxDepth: checkMaxDepth(limits.maxDepth ?? DEFAULT_MAX_DEPTH) };
}

/**
 * The nesting a tree handed in may have: `maxDepth` when given, else the most any text may be
 * parsed with, so that every tree `parseWhere` or `parseFields` returned is accepted back.
 */
export function treeDepthLimit(limits: ParseLimits | undefined): number {
  return checkMaxDepth(limits?.maxDepth ?? MAX_DEPTH_LIMIT);
}
