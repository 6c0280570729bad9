import { predicatesOf, type WhereExpression } from "../ast/where.ts";
import { typedValuesOf } from "../ast/where-cases.ts";
import type { ValidationIssue } from "../errors/errors.ts";
import { readDate } from "./literals.ts";
import { resolvePath, type Schema } from "./schema.ts";

/** The code of a warning: a literal shaped `yyyy-MM-dd` that names no day, compared untyped. */
export const NOT_A_CALENDAR_DAY = "NOT_A_CALENDAR_DAY";

const DATE_SHAPE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** Whether a path's values are typed one by one: no schema, or a field of type `any`. */
function isUntyped(schema: Schema | undefined, segments: readonly string[]): boolean {
  if (!schema) return true;
  const resolved = resolvePath(schema, segments);
  return resolved.ok && (resolved.type.kind as string) === "any";
}

/**
 * The literals of a filter that look like a day but name none (`2024-02-30`), where the field's
 * values are typed one by one (grammar/language.md 2.3): there a text that is no date is compared
 * as text and a number as epoch milliseconds never meets it, so the filter likely means
 * something else. A typed date field refuses such a literal outright (`INVALID_VALUE`, 4.3).
 */
export function notADayWarnings(
  ast: WhereExpression,
  schema: Schema | undefined,
): ValidationIssue[] {
  const found: ValidationIssue[] = [];
  for (const node of predicatesOf(ast)) {
    for (const value of typedValuesOf(node)) {
      if (!DATE_SHAPE.test(value.text) || readDate(value.text) !== undefined) continue;
      if (!isUntyped(schema, node.path.segments)) continue;
      const name = node.path.segments.join(".");
      found.push({
        code: NOT_A_CALENDAR_DAY,
        message: `${JSON.stringify(value.text)} is no calendar day, so "${name}" is never compared with it as a date (only as text)`,
        offset: value.span.start,
        length: value.span.end - value.span.start,
      });
    }
  }
  return found;
}
