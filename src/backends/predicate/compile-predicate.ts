import type { WhereExpression } from "../../ast/where.ts";
import { type Filter, runPartsOf } from "../../ast/zoned-filter.ts";
import type { Schema } from "../../schema/schema.ts";
import { codeGenerationAllowed } from "../code-generation.ts";
import { calendarOf } from "./calendar.ts";
import { type Container, compileClosures, isContainer } from "./closure-predicate.ts";
import { generatePredicate } from "./generated-predicate.ts";
import { ValueTests } from "./value-tests.ts";

/** A compiled filter: true when the record matches; `T` is the record type a schema gives. */
export type Predicate<T = unknown> = (record: T) => boolean;

/**
 * How a predicate is built: `"auto"` generates code where the environment allows it and falls
 * back to closures where it does not (a Content-Security-Policy without `unsafe-eval`) or for
 * a filter of more than `MOST_GENERATED_PREDICATES` predicates;
 * `"always"` generates code or throws; `"never"` builds closures.
 */
export type CodeGeneration = "auto" | "always" | "never";

export const CODE_GENERATION_MODES: readonly CodeGeneration[] = ["auto", "always", "never"];

/** What a predicate is compiled against: the field types, if known, and the request's zone. */
export interface PredicateOptions {
  readonly schema?: Schema | undefined;
  readonly timeZone?: string | undefined;
  /** `"auto"` unless set. */
  readonly codeGeneration?: CodeGeneration | undefined;
  /**
   * In `"auto"` mode, closures for a filter whose code would not be kept for its shape: what a
   * server compiling each request's filter wants, where code for a rare long filter is compiled
   * for one request and costs the engine more time and memory than the closures.
   */
  readonly onlyKeptCode?: boolean | undefined;
}

/**
 * The most predicates a filter may have to be compiled to code: past it the engine would take
 * longer compiling the source than the closures take to build, and would not optimize it.
 */
export const MOST_GENERATED_PREDICATES = 2000;

function countPredicates(node: WhereExpression): number {
  let count = 0;
  const pending: WhereExpression[] = [node];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.kind === "and" || next.kind === "or") {
      for (const operand of next.operands) pending.push(operand);
    } else count++;
  }
  return count;
}

/**
 * Compiles a `where` AST into a predicate over records, all typing and preparation done once
 * (grammar/language.md 2.3–2.5). With a schema, the AST must have been validated against it.
 * Throws `EvalError` for `codeGeneration: "always"` where generating code is forbidden.
 */
export function compilePredicate(ast: WhereExpression, options: PredicateOptions = {}): Predicate {
  const tests = new ValueTests(options.schema, calendarOf(options.timeZone));
  const mode = options.codeGeneration ?? "auto";
  const generate =
    mode === "always" ||
    (mode === "auto" &&
      codeGenerationAllowed() &&
      countPredicates(ast) <= MOST_GENERATED_PREDICATES);
  const generated = generate
    ? generatePredicate(ast, tests, mode === "auto" && options.onlyKeptCode === true)
    : undefined;
  if (generated) return generated;
  // A record that is no object has only null fields: each path tests it as an empty one.
  const compiled = compileClosures(ast, tests);
  return (record) => compiled(isContainer(record) ? record : NO_FIELDS);
}

/**
 * Compiles a filter a backend runs: a tree as `compilePredicate` does, or a zoned filter's parts,
 * each in its own zone (the options' where it has none), all of which must hold.
 */
export function compileFilter(filter: Filter, options: PredicateOptions = {}): Predicate {
  const parts = runPartsOf(filter, options.timeZone);
  const predicates = parts.map((part) =>
    compilePredicate(part.where, { ...options, timeZone: part.timeZone }),
  );
  return allOf(predicates);
}

/** A predicate that holds where each of `predicates` holds, tried in order; at least one. */
export function allOf(predicates: readonly Predicate[]): Predicate {
  const [first, second, ...rest] = predicates as [Predicate, ...Predicate[]];
  if (second === undefined) return first;
  if (rest.length === 0) return (record) => first(record) && second(record);
  return (record) => predicates.every((predicate) => predicate(record));
}

const NO_FIELDS: Container = Object.freeze(Object.create(null));
