import type { FieldBranch } from "../ast/fields.ts";
import {
  and,
  type ComparisonOperator,
  comparison,
  inList,
  nullCheck,
  or,
  pattern,
  WHERE_KEYWORDS,
  type WhereExpression,
  type WherePredicate,
} from "../ast/where.ts";
import { formatFields } from "../backends/format/format-fields.ts";
import { formatWhere } from "../backends/format/format-where.ts";
import { listScalarFields, type ScalarField } from "../schema/scalar-fields.ts";
import type { FieldType, ScalarTypeName, Schema } from "../schema/schema.ts";
import { scopeBelow } from "../schema/validate-fields.ts";
import type { OpenApiExample } from "./openapi-types.ts";

/** How far examples are allowed to go: the parameters' own limits (grammar/language.md 1.4). */
export interface ExampleLimits {
  readonly maxLength: number;
  readonly maxDepth: number;
}

/** A value of each type for a comparison, and a few for an `IN` list (grammar/language.md 2.3). */
const SAMPLES: Readonly<
  Record<
    ScalarTypeName,
    { readonly operator: ComparisonOperator; readonly value: string; readonly list: string[] }
  >
> = {
  string: { operator: "=", value: "example", list: ["example", "other"] },
  integer: { operator: ">=", value: "10", list: ["1", "2", "3"] },
  number: { operator: ">=", value: "2.5", list: ["1.5", "2.5"] },
  boolean: { operator: "=", value: "true", list: ["true"] },
  date: { operator: ">=", value: "2024-01-01", list: ["2024-01-01", "2024-12-31"] },
  // Values of several kinds: equality with a text, which means the same for each of them.
  any: { operator: "=", value: "example", list: ["example", "other"] },
};

/** A one-segment path that is a keyword cannot stand in a filter (grammar/language.md 1.3). */
const usableInWhere = (path: readonly string[]): boolean =>
  path.length > 1 || !WHERE_KEYWORDS.has((path[0] as string).toLowerCase());

/** The described fields a selection reaches below a field (grammar/language.md 3.2). */
function subfieldsOf(type: FieldType): readonly string[] {
  const scope = scopeBelow(type);
  return typeof scope === "object" ? Object.keys(scope) : [];
}

const comparisonOf = ({ path, type }: ScalarField): WherePredicate =>
  comparison(path.join("."), SAMPLES[type].operator, SAMPLES[type].value);

/** Keeps the examples within the limits and drops repeats, in order. */
function withinLimits(
  examples: readonly (readonly [string, string, string, number])[],
  limits: ExampleLimits,
): Record<string, OpenApiExample> {
  const kept: Record<string, OpenApiExample> = {};
  const seen = new Set<string>();
  for (const [key, summary, value, depth] of examples) {
    if (value.length > limits.maxLength || depth > limits.maxDepth || seen.has(value)) continue;
    seen.add(value);
    kept[key] = { summary, value };
  }
  return kept;
}

/**
 * Filters on the schema's own fields, each valid against it: one comparison (on a nested field
 * where there is one), two conditions joined by `AND`, and a list of values `OR` a missing field.
 */
export function whereExamples(
  schema: Schema,
  limits: ExampleLimits,
): Record<string, OpenApiExample> {
  const scalars = listScalarFields(schema).filter((field) => usableInWhere(field.path));
  const composite = Object.entries(schema.fields).find(
    ([name, type]) => (type.kind === "object" || type.kind === "array") && usableInWhere([name]),
  );
  const examples: [string, string, WhereExpression][] = [];
  const first = scalars.find((field) => field.path.length > 1) ?? scalars[0];
  if (first) {
    examples.push([
      "oneCondition",
      `one condition on ${first.path.join(".")}`,
      comparisonOf(first),
    ]);
  }
  const text = scalars.find((field) => field.type === "string");
  const other = scalars.find((field) => field !== text);
  if (text && other) {
    const matching = pattern(text.path.join("."), "startsWith", SAMPLES.string.value);
    examples.push([
      "twoConditions",
      "two conditions, both required",
      and(comparisonOf(other), matching),
    ]);
  } else if (scalars.length >= 2) {
    const [a, b] = scalars as [ScalarField, ScalarField];
    examples.push([
      "twoConditions",
      "two conditions, both required",
      and(comparisonOf(a), comparisonOf(b)),
    ]);
  }
  const listed = scalars.find((field) => field.type === "integer") ?? scalars[0];
  const missing = composite?.[0] ?? scalars.find((field) => field !== listed)?.path.join(".");
  if (listed) {
    const oneOf = inList(listed.path.join("."), SAMPLES[listed.type].list);
    examples.push(
      missing === undefined
        ? ["listOrMissing", "one of several values", oneOf]
        : [
            "listOrMissing",
            "one of several values, or a missing field",
            or(oneOf, nullCheck(missing)),
          ],
    );
  } else if (composite) {
    examples.push(["listOrMissing", "a field that is present", nullCheck(composite[0], true)]);
  }
  // No filter example groups with parentheses: an IN list's do not count (1.4).
  return withinLimits(
    examples.map(([key, summary, tree]) => [key, summary, formatWhere(tree), 0] as const),
    limits,
  );
}

/** The deepest parenthesis of a selection's text, which holds no quotes. */
function depthOf(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (const character of text) {
    if (character === "(") deepest = Math.max(deepest, ++depth);
    else if (character === ")") depth--;
  }
  return deepest;
}

/**
 * Selections of the schema's own fields: a few top-level names, and a name with a part of an
 * object or of an array's objects (`id,branches(id,name)`).
 */
export function fieldsExamples(
  schema: Schema,
  limits: ExampleLimits,
): Record<string, OpenApiExample> {
  const names = Object.keys(schema.fields);
  const examples: [string, string, FieldBranch[]][] = [];
  if (names.length > 0) {
    const some = names.slice(0, 3).map((name) => ({ name, children: null }));
    examples.push(["someFields", "whole members of each record", some]);
  }
  const nesting = names
    .map((name) => ({ name, subfields: subfieldsOf(schema.fields[name] as FieldType) }))
    .filter(({ subfields }) => subfields.length > 0);
  const nested = nesting.find(({ subfields }) => subfields.length > 1) ?? nesting[0];
  if (nested) {
    const children = nested.subfields.slice(0, 2).map((name) => ({ name, children: null }));
    const beside = names.find((name) => name !== nested.name);
    const tree = [
      ...(beside === undefined ? [] : [{ name: beside, children: null }]),
      { name: nested.name, children },
    ];
    examples.push(["nested", `parts of ${nested.name}`, tree]);
  }
  return withinLimits(
    examples.map(([key, summary, tree]) => {
      const text = formatFields(tree);
      return [key, summary, text, depthOf(text)] as const;
    }),
    limits,
  );
}
