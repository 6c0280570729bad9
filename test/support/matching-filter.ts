import type { WhereExpression } from "../../src/ast/where.ts";
import { and, comparison, inList, or, pattern } from "../../src/index.ts";

// Filters a given record matches, for tests that need matches (random filters rarely match).

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;

/** The paths of a record's scalar values, through objects, with the text a literal gives each. */
function leaves(
  value: unknown,
  prefix: string[] = [],
): { path: string; text: string; isString: boolean }[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    if (prefix.length === 0) return [];
    const path = prefix.join(".");
    if (typeof value === "string") return [{ path, text: value, isString: true }];
    if (typeof value === "number" && NUMBER.test(String(value)))
      return [{ path, text: String(value), isString: false }];
    if (typeof value === "boolean") return [{ path, text: String(value), isString: false }];
    return [];
  }
  return Object.entries(value).flatMap(([key, item]) =>
    IDENTIFIER.test(key) && !["and", "or", "in", "not", "is", "null"].includes(key.toLowerCase())
      ? leaves(item, [...prefix, key])
      : [],
  );
}

/**
 * Filters the record matches, built from its own values (an equality, an IN list holding the
 * value, a pattern on a piece of a string), joined by AND, or by OR with any other filter.
 */
export function matchingFilter(
  record: Record<string, unknown>,
  other: WhereExpression,
  choices: readonly number[],
): WhereExpression | undefined {
  const found = leaves(record);
  if (found.length === 0) return undefined;
  const terms = choices.slice(0, 3).map((choice, k) => {
    const leaf = found[choice % found.length] as (typeof found)[number];
    const kind = (choice >> 4) % 4;
    if (kind === 1) return inList(leaf.path, ["zz", leaf.text]);
    if (kind >= 2 && leaf.isString && leaf.text.length > 0) {
      const cut = (choice >> 6) % (leaf.text.length + 1);
      const piece =
        k % 2 === 0
          ? leaf.text.slice(0, Math.max(cut, 1))
          : leaf.text.slice(Math.min(cut, leaf.text.length - 1));
      return pattern(leaf.path, k % 2 === 0 ? "startsWith" : "endsWith", piece);
    }
    return comparison(leaf.path, "=", leaf.text);
  });
  const all = and(...(terms as [WhereExpression, ...WhereExpression[]]));
  return (choices[3] ?? 0) % 2 === 0 ? all : or(other, all);
}

/** Date representations JSON can carry (no `Date` objects). */
export const JSON_DATES = ["day", "dateTime", "epochMillis"] as const;
