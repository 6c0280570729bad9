// The reference evaluation: what every implementation of a list request (the list handler,
// `qaql serve`, a server of one's own) is checked against by `runConformance`. It is kept
// deliberately independent of the code it checks: it filters, slices and maps plainly and
// does not share their page cutting (`PageWindow`), so that a mistake there cannot pass
// both sides of the comparison unseen. Only the language itself (`compileWhere`,
// `compileFields`) is shared: the conformance vectors check that on their own.
import { compileFields } from "../api/compile-fields.ts";
import { compileWhere } from "../api/compile-where.ts";
import type { Evaluate } from "../http/evaluate.ts";

export type { Evaluate, EvaluateRequest, EvaluateResult } from "../http/evaluate.ts";

/**
 * The reference evaluation (grammar/language.md 2.3–2.5, 3.2, 6): the records matching `where` in the
 * request's zone, in their order, items `(page − 1) × size + 1` to `page × size` of them,
 * each projected by `fields`.
 */
export const referenceEvaluate: Evaluate = (records, request) => {
  const { where, fields, page, size, schema, timeZone } = request;
  const matches = where ? records.filter(compileWhere(where, { schema, timeZone })) : records;
  const start = (page - 1) * size;
  const items = matches.slice(start, start + size);
  if (!fields) return { items, total: matches.length };
  const project = compileFields(fields);
  return { items: items.map((item) => project(item)), total: matches.length };
};
