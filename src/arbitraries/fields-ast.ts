import fc from "fast-check";
import type { FieldItemNode, FieldsNode } from "../ast/fields.ts";
import { NO_SPAN } from "../ast/span.ts";
import { formatFields } from "../backends/format/format-fields.ts";
import { checkDepth, DEFAULT_MAX_LENGTH } from "../base/limits.ts";
import type { FieldType, Schema } from "../schema/schema.ts";
import { type FieldScope, scopeBelow } from "../schema/validate-fields.ts";
import { NAMES } from "./names.ts";

/** Options of `fieldsArbitrary`. */
export interface FieldsArbitraryOptions {
  /** Levels of parenthesised sub-selections: 3 unless set, 0 for none, 6 at most. */
  readonly maxDepth?: number;
  /** The longest canonical text of a generated selection; 8192 (the parsers' limit) unless set. */
  readonly maxLength?: number;
}

const MOST_DEPTH = 6;
const LINKS = "_links";

type Scope = FieldScope;

/** The scope below a name of a scope; nothing is selected inside `_links` (3.2). */
function scopeOf(scope: Scope, name: string): Scope {
  if (name === LINKS || scope === "scalar") return "scalar";
  if (scope === "any") return "any";
  return scopeBelow(scope[name] as FieldType);
}

const namesIn = (scope: Scope): readonly string[] =>
  scope === "scalar" ? [] : scope === "any" ? NAMES : [...Object.keys(scope), LINKS];

/**
 * A dotted path from a scope and the scope it ends in; `_links` ends it and allows nothing below.
 */
interface Reached {
  readonly segments: readonly string[];
  readonly scope: Scope;
}

/** Builds the selection arbitraries of one schema (or none), sharing them between levels. */
function selections(root: Scope, maxDepth: number): fc.Arbitrary<FieldsNode> {
  const paths = new Map<Scope, Map<number, fc.Arbitrary<Reached>>>();
  const lists = new Map<Scope, Map<number, fc.Arbitrary<FieldsNode>>>();
  const memo = <T>(cache: Map<Scope, Map<number, T>>, scope: Scope, n: number, make: () => T) => {
    const inner = cache.get(scope) ?? new Map<number, T>();
    cache.set(scope, inner);
    const found = inner.get(n) ?? make();
    inner.set(n, found);
    return found;
  };

  /** Paths of one to `segments` names starting in a scope that has names. */
  const pathFrom = (scope: Scope, segments: number): fc.Arbitrary<Reached> =>
    memo(paths, scope, segments, () =>
      fc.oneof(
        ...namesIn(scope).map((name) => {
          const below = scopeOf(scope, name);
          const here = fc.constant<Reached>({ segments: [name], scope: below });
          if (segments <= 1 || namesIn(below).length === 0) return here;
          return fc.oneof(
            { weight: 2, arbitrary: here },
            {
              weight: 1,
              arbitrary: pathFrom(below, segments - 1).map((rest) => ({
                segments: [name, ...rest.segments],
                scope: rest.scope,
              })),
            },
          );
        }),
      ),
    );

  /** Selections of one to four items (three below the top) in a scope that has names. */
  const listIn = (scope: Scope, depth: number, top: boolean): fc.Arbitrary<FieldsNode> =>
    memo(lists, scope, depth * 2 + (top ? 1 : 0), () => {
      const item = pathFrom(scope, 3).chain(({ segments, scope: below }) => {
        const path = { kind: "path" as const, segments, span: NO_SPAN };
        const whole = fc.constant<FieldItemNode>({
          kind: "fieldItem",
          path,
          selection: null,
          span: NO_SPAN,
        });
        if (depth === 0 || namesIn(below).length === 0) return whole;
        return fc.oneof(
          { weight: 2, arbitrary: whole },
          {
            weight: 1,
            arbitrary: listIn(below, depth - 1, false).map(
              (selection): FieldItemNode => ({ kind: "fieldItem", path, selection, span: NO_SPAN }),
            ),
          },
        );
      });
      return fc
        .array(item, { minLength: 1, maxLength: top ? 4 : 3 })
        .map((items): FieldsNode => ({ kind: "fields", items, span: NO_SPAN }));
    });

  return listIn(root, maxDepth, true);
}

/**
 * `fields` ASTs (spans zeroed) with dotted, parenthesised, repeated and overlapping items and
 * `_links` selected whole, over a few names (inherited ones included) or, given a schema, valid
 * against it.
 */
export function fieldsArbitrary(
  schema?: Schema,
  options: FieldsArbitraryOptions = {},
): fc.Arbitrary<FieldsNode> {
  const maxDepth = checkDepth("maxDepth", options.maxDepth ?? 3, MOST_DEPTH);
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  return selections(schema ? schema.fields : "any", maxDepth).filter(
    (ast) => formatFields(ast).length <= maxLength,
  );
}
