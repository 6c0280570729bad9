import type { FieldItemNode, FieldsNode } from "../ast/fields.ts";
import type { Span } from "../ast/span.ts";
import type { ValidationIssue } from "../errors/errors.ts";
import { IssueList } from "../errors/issue-list.ts";
import { type FieldType, type Schema, usableName } from "./schema.ts";

/** Stable codes of the problems a schema finds in a selection (grammar/language.md 4). */
export type FieldsValidationCode = "UNKNOWN_FIELD" | "SCALAR_SUBSELECTION";

/** What a selection may name below a value: the fields of an object, any name, or nothing. */
export type FieldScope = Readonly<Record<string, FieldType>> | "any" | "scalar";
type Scope = FieldScope;

/** What a selection may name below a field of this type (items of arrays, grammar/language.md 3.2). */
export function scopeBelow(type: FieldType): FieldScope {
  // A selection below an array applies to its items (3.2).
  let inner: FieldType | null = type;
  while (inner?.kind === "array") inner = inner.items;
  // Undescribed, or `any` (which may hold an object): every name is accepted below it (4.4).
  if (inner === null || inner.kind === "any") return "any";
  if (inner.kind === "object") return inner.fields ?? "any";
  return "scalar";
}

/** A name a selection most likely meant: in full, and as written in the item. */
interface Suggestion {
  readonly name: string;
  readonly written: string;
}

/**
 * The item path that a mistyped one most likely stands for, or undefined. Each segment unknown
 * in its scope is replaced by `nearestName` among the names allowed there: names with fields
 * below them before the last segment (and at the last when the item has a sub-selection), any
 * name at the last; below `_links` and undescribed values every name is known.
 */
function suggestItem(scope: Scope, prefix: string, item: FieldItemNode): Suggestion | undefined {
  const { segments } = item.path;
  let current = scope;
  const out: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const typed = segments[i] as string;
    if (current === "scalar") return undefined;
    if (current === "any" || typed === "_links") {
      out.push(typed);
      current = "any";
      continue;
    }
    const fields = current;
    const leadsOn = (name: string) =>
      (i === segments.length - 1 && !item.selection) ||
      scopeBelow(fields[name] as FieldType) !== "scalar";
    const name = usableName(typed, fields, leadsOn);
    if (name === undefined) return undefined;
    out.push(name);
    current = scopeBelow(fields[name] as FieldType);
  }
  const written = out.join(".");
  return { name: prefix ? `${prefix}.${written}` : written, written };
}

/**
 * Every problem of a selection against a schema, in the order of the text: names the schema
 * does not know, and names or sub-selections below a scalar. Below an undescribed object or
 * array, an `any` field, and inside `_links`, every name is accepted. Given a `found` list, each problem is
 * added to it (which keeps the first of them and counts the rest) and its kept ones are returned.
 */
export function validateFields(
  ast: FieldsNode,
  schema: Schema,
  found = new IssueList<ValidationIssue>(Number.POSITIVE_INFINITY),
): ValidationIssue[] {
  const report = (
    code: FieldsValidationCode,
    span: Span,
    message: string,
    suggestion?: Suggestion,
  ) => {
    found.add({
      code,
      message: suggestion ? `${message}: did you mean ${suggestion.name}?` : message,
      offset: span.start,
      length: span.end - span.start,
      // Set only when there is one: an issue carries no undefined member.
      ...(suggestion ? { suggestion: suggestion.written } : {}),
    });
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
          report(
            "UNKNOWN_FIELD",
            item.path.span,
            `unknown field "${name}"`,
            suggestItem(scope, prefix, item),
          );
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
  return found.items;
}
