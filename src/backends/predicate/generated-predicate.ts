// Generated predicates: each program's factory made once by `new Function`, cached by shape.

import type { WhereExpression } from "../../ast/where.ts";
import { programOf, sourceOf } from "./predicate-program.ts";
import type { ValueTests } from "./value-tests.ts";

type Factory = (c: readonly unknown[]) => (r: unknown) => boolean;

/** How many factories are kept: the filters a service sees are mostly a few shapes. */
export const CACHED_FACTORIES = 256;
/**
 * A longer program is not kept (a rare filter, and a big key), and in `"auto"` mode not made:
 * code compiled for one use costs the engine more time and memory than the closures.
 */
export const LONGEST_CACHED_PROGRAM = 4096;

// Every value of a filter is a constant, so the program is its shape alone: filters that differ
// only in values and field names share one factory, and `new Function` is most of a compile.
// Two generations rather than exact recency: a hit is one lookup. A factory used since the
// recent generation filled moves to the new one; the rest are dropped with the old.
let recentFactories = new Map<string, Factory>();
let olderFactories = new Map<string, Factory>();
let generatedFactories = 0;

function factoryOf(program: string): Factory {
  const recent = recentFactories.get(program);
  if (recent !== undefined) return recent;
  let factory = olderFactories.get(program);
  if (factory === undefined) {
    factory = new Function("c", sourceOf(program)) as Factory;
    generatedFactories++;
  }
  if (program.length <= LONGEST_CACHED_PROGRAM) {
    if (recentFactories.size >= CACHED_FACTORIES / 2) {
      olderFactories = recentFactories;
      recentFactories = new Map();
    }
    recentFactories.set(program, factory);
  }
  return factory;
}

/** Forgets every cached factory, so the next compile of each shape generates code again. */
export function clearGeneratedFactories(): void {
  recentFactories = new Map();
  olderFactories = new Map();
}

/** How many factories are cached, and how many were ever made (`new Function`), for tests. */
export function factoryCounts(): { readonly cached: number; readonly generated: number } {
  const cached = new Set([...recentFactories.keys(), ...olderFactories.keys()]).size;
  return { cached, generated: generatedFactories };
}

/**
 * The predicate as one generated function (`new Function`), which the engine optimizes as it
 * would a hand-written closure; with `onlyKept`, undefined for a program too long to keep.
 * Throws what the `Function` constructor throws where generating code is forbidden (`EvalError`).
 */
export function generatePredicate(
  node: WhereExpression,
  tests: ValueTests,
  onlyKept = false,
): ((record: unknown) => boolean) | undefined {
  const { program, constants } = programOf(node, tests);
  if (onlyKept && program.length > LONGEST_CACHED_PROGRAM) return undefined;
  return factoryOf(program)(constants);
}
