/**
 * Names of the arbitraries that take no schema: few, so that selections and records meet,
 * with `_links` and names a plain object inherits (`__proto__`, `constructor`, `toString`).
 */
export const NAMES: readonly string[] = [
  "a",
  "b",
  "c",
  "id",
  "name",
  "_links",
  "__proto__",
  "constructor",
  "toString",
];
