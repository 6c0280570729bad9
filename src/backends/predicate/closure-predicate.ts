import type { WhereExpression, WherePredicate } from "../../ast/where.ts";
import { type PredicateCases, predicateCase } from "../../ast/where-cases.ts";
import { operatorOf } from "../../ast/where-grammar.ts";
import type { Test, ValueTests } from "./value-tests.ts";

/** A record that is an object, as the compiled code reads it. */
export type Container = Record<string, unknown>;

/** The predicate over a record already known to be an object (an array is no record). */
export type ContainerPredicate = (record: Container) => boolean;

export function isContainer(value: unknown): value is Container {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const objectPrototype = Object.prototype as Readonly<Record<string, unknown>>;

/**
 * Whether an object holds a member itself (2.4). hasOwn is slow, and its answer is known for an
 * object whose prototype is Object.prototype, as JSON.parse makes them: it holds any member found
 * under a name Object.prototype lacks. Reading `__proto__` is what the engine folds to a
 * constant; it is the object's own member only when it holds data, which no JSON text can make
 * Object.prototype (grammar/language.md 2.4). The generated predicates inline the same test.
 */
export function owns(holder: object, key: string): boolean {
  // biome-ignore lint/suspicious/noProto: measured: the engine folds it, getPrototypeOf is a call.
  return (holder as { __proto__?: unknown }).__proto__ === objectPrototype
    ? objectPrototype[key] === undefined || Object.hasOwn(holder, key)
    : Object.hasOwn(holder, key);
}

// Reading a path costs one property load per segment; whether each property is the object's
// own (2.4) is checked only when it could change the answer, as the check costs more than the load.
function atPath(segments: readonly string[], test: Test, onNull: boolean): ContainerPredicate {
  if (segments.length === 1) {
    const key = segments[0] as string;
    return (record) => {
      const value = record[key];
      if (value === undefined || value === null) return onNull;
      const result = test(value);
      return result === onNull || owns(record, key) ? result : onNull;
    };
  }
  if (segments.length === 2) {
    const [outer, inner] = segments as [string, string];
    return (record) => {
      const container = record[outer];
      if (!isContainer(container)) return onNull;
      const value = container[inner];
      if (value === undefined || value === null) return onNull;
      const result = test(value);
      return result === onNull || (owns(record, outer) && owns(container, inner)) ? result : onNull;
    };
  }
  const last = segments.length - 1;
  const leaf = segments[last] as string;
  return (record) => {
    let container = record;
    for (let i = 0; i < last; i++) {
      const next = container[segments[i] as string];
      if (!isContainer(next)) return onNull;
      container = next;
    }
    const value = container[leaf];
    if (value === undefined || value === null) return onNull;
    const result = test(value);
    if (result === onNull) return result;
    let owner: Container = record;
    for (const key of segments) {
      if (!owns(owner, key)) return onNull;
      owner = owner[key] as Container;
    }
    return result;
  };
}

function every(predicates: ContainerPredicate[]): ContainerPredicate {
  const [a, b, c, d] = predicates as [
    ContainerPredicate,
    ContainerPredicate,
    ContainerPredicate,
    ContainerPredicate,
  ];
  switch (predicates.length) {
    case 2:
      return (record) => a(record) && b(record);
    case 3:
      return (record) => a(record) && b(record) && c(record);
    case 4:
      return (record) => a(record) && b(record) && c(record) && d(record);
    default:
      return (record) => {
        for (let i = 0; i < predicates.length; i++)
          if (!(predicates[i] as ContainerPredicate)(record)) return false;
        return true;
      };
  }
}

function some(predicates: ContainerPredicate[]): ContainerPredicate {
  const [a, b, c, d] = predicates as [
    ContainerPredicate,
    ContainerPredicate,
    ContainerPredicate,
    ContainerPredicate,
  ];
  switch (predicates.length) {
    case 2:
      return (record) => a(record) || b(record);
    case 3:
      return (record) => a(record) || b(record) || c(record);
    case 4:
      return (record) => a(record) || b(record) || c(record) || d(record);
    default:
      return (record) => {
        for (let i = 0; i < predicates.length; i++)
          if ((predicates[i] as ContainerPredicate)(record)) return true;
        return false;
      };
  }
}

/**
 * A predicate as a tree of closures, one per node (grammar/language.md 2.3–2.5): the path where
 * generating code is not allowed, as under a Content-Security-Policy without `unsafe-eval`.
 */
export function compileClosures(node: WhereExpression, tests: ValueTests): ContainerPredicate {
  switch (node.kind) {
    case "and":
      return every(node.operands.map((o) => compileClosures(o, tests)));
    case "or":
      return some(node.operands.map((o) => compileClosures(o, tests)));
    default:
      return atPath(node.path.segments, ...testOf(node, tests));
  }
}

/** Each operator's test of a present value; the table's `onNull` answers a null or missing one. */
const TESTS: PredicateCases<Test, ValueTests> = {
  "=": (node, tests) => tests.comparison(node),
  "!=": (node, tests) => tests.comparison(node),
  ">": (node, tests) => tests.comparison(node),
  ">=": (node, tests) => tests.comparison(node),
  "<": (node, tests) => tests.comparison(node),
  "<=": (node, tests) => tests.comparison(node),
  "~": (node, tests) => tests.pattern(node),
  IN: (node, tests) => tests.inList(node),
  "NOT IN": (node, tests) => tests.inList(node),
  "IS NULL": () => () => false,
  "IS NOT NULL": () => () => true,
};

/** A predicate's test of a present value, and its answer for a null or missing one. */
export function testOf(node: WherePredicate, tests: ValueTests): [Test, boolean] {
  return [predicateCase(TESTS, node, tests), operatorOf(node).onNull];
}
