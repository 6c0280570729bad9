import type { FieldsNode } from "../ast/fields.ts";
import type { Span } from "../ast/span.ts";
import type { ValidationIssue } from "../errors/errors.ts";
import type { FieldType, Schema } from "./schema.ts";

/** Stable codes of the problems a schema finds in a selection (LANGUAGE.md 4). */
export type FieldsValidationCode = "UNKNOWN_FIELD" | "SCALAR_SUBSELECTION";

/** What a selection may name below a value: the fields of an object, any name, or nothing. */
export type FieldScope = Readonly<Record<string, FieldType>> | "any" | "scalar";
type Scope = FieldScope;

/** What a selection may name below a field of this type (items of arrays, LANGUAGE.md 3.2). */
export function scopeBelow(type: FieldType): FieldScope {
  // A selection below an array applies to its items (3.2).
  let inner: FieldType | null = type;
  while (inner?.kind === "array") inner = inner.items;
  if (inner === null) return "any";
  if (inner.kind === "object") return inner.fields ?? "any";
  return "scalar";
}

/**
 * Every problem of a selection against a schema, in the order of the text: names the schema
 * does not know, and names or sub-selections below a scalar. Below an undescribed object or
 * array, and inside `_links`, every name is accepted.
 */
export function validateFields(ast: FieldsNode, schema: Schema): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const report = (code: FieldsValidationCode, span: Span, message: string) => {
    issues.push({ code, message, offset: span.start, length: span.end - span.start });
  };
  const visit = (node: FieldsNode, scope: Scope, prefix: string) => {
    for (const item of node.items) {
      let current: Scope = scope;
      let name = prefix;
      for (const segment of item.path.segments) {
        if (current === "scalar") {
          report(
            "UNKNOWN_FIELD",
            item.path.span,
            `"${name}" is not an object: it has no "${segment}"`,
          );
          current = "any";
          break;
        }
        name = name ? `${name}.${segment}` : segment;
        if (current === "any" || segment === "_links") {
          current = "any";
          continue;
        }
        const type = Object.hasOwn(current, segment) ? current[segment] : undefined;
        if (!type) {
          report("UNKNOWN_FIELD", item.path.span, `unknown field "${name}"`);
          current = "any";
          break;
        }
        current = scopeBelow(type);
      }
      if (!item.selection) continue;
      if (current === "scalar") {
        report(
          "SCALAR_SUBSELECTION",
          item.selection.span,
          `"${name}" is not an object: it has no fields to select`,
        );
      } else {
        visit(item.selection, current, name);
      }
    }
  };
  visit(ast, schema.fields, "");
  return issues;
}
