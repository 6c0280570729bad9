import { NO_SPAN, type Span } from "../ast/span.ts";
import {
  COMPARISON_OPERATORS,
  IDENTIFIER,
  type LiteralNode,
  PATTERN_MODES,
  type PathNode,
  WHERE_KEYWORDS,
  type WhereExpression,
} from "../ast/where.ts";
import type { Filter, ZonedPart } from "../ast/zoned-filter.ts";
import { elementsOf, isPlainRecord, oneOf, pointerTo } from "../base/members.ts";
import type { QueryLanguage } from "../errors/errors.ts";
import { InvalidAstError } from "../errors/invalid-input.ts";

// Members are read as `Object.hasOwn(node, "x") ? node.x : undefined`: own properties only, as
// named loads, which V8 serves three times faster than one generic `node[key]` for every member.
const EXPRESSION_KINDS = ["and", "or", "comparison", "pattern", "in", "isNull"] as const;
type ExpressionKind = (typeof EXPRESSION_KINDS)[number];

/** What reads a tree from outside: the language, for errors, and the parser's nesting limit. */
export interface TreeReader {
  readonly language: QueryLanguage;
  /** Levels of parentheses the tree's canonical text may hold (the parser's `maxDepth`). */
  readonly maxDepth: number;
}

export function fail(reader: TreeReader, pointer: string, expected: string, found: unknown): never {
  throw new InvalidAstError(reader.language, pointer, expected, found);
}

/** A member that must be an object, as a record. */
export function readRecord(
  reader: TreeReader,
  value: unknown,
  pointer: string,
  expected: string,
): Record<string, unknown> {
  if (!isPlainRecord(value)) fail(reader, pointer, expected, value);
  return value;
}

/** The elements of a member that must be an array of at least `minLength`. */
export function readArray(
  reader: TreeReader,
  value: unknown,
  pointer: string,
  expected: string,
  minLength: number,
): unknown[] {
  if (!Array.isArray(value) || value.length < minLength) fail(reader, pointer, expected, value);
  return elementsOf(value);
}

/** The node's member `name`, which must be one of `allowed`: a kind, an operator, a mode. */
export function readOneOf<K extends string>(
  reader: TreeReader,
  node: Record<string, unknown>,
  pointer: string,
  name: string,
  allowed: readonly K[],
): K {
  const value = Object.hasOwn(node, name) ? node[name] : undefined;
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    fail(reader, pointerTo(pointer, name), oneOf(allowed), value);
  }
  return value as K;
}

const isOffset = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/** A node's span: two offsets, start not after end. */
export function readSpan(reader: TreeReader, node: Record<string, unknown>, pointer: string): Span {
  const span = Object.hasOwn(node, "span") ? node.span : undefined;
  if (!isPlainRecord(span)) fail(reader, pointerTo(pointer, "span"), "a span { start, end }", span);
  const start = Object.hasOwn(span, "start") ? span.start : undefined;
  const end = Object.hasOwn(span, "end") ? span.end : undefined;
  if (!isOffset(start)) fail(reader, `${pointer}/span/start`, "a whole number ≥ 0", start);
  if (!isOffset(end) || end < start) {
    fail(reader, `${pointer}/span/end`, `a whole number ≥ the start, ${start}`, end);
  }
  return start === 0 && end === 0 ? NO_SPAN : { start, end };
}

/** Checks that a node's `kind` is `kind`. */
export function expectKind(
  reader: TreeReader,
  node: Record<string, unknown>,
  pointer: string,
  kind: string,
): void {
  const found = Object.hasOwn(node, "kind") ? node.kind : undefined;
  if (found !== kind) fail(reader, pointerTo(pointer, "kind"), JSON.stringify(kind), found);
}

/** A path node; in `where`, a one-segment path cannot be a keyword (2.1). */
export function readPath(reader: TreeReader, value: unknown, pointer: string): PathNode {
  const node = readRecord(reader, value, pointer, "a path node");
  expectKind(reader, node, pointer, "path");
  const given = Object.hasOwn(node, "segments") ? node.segments : undefined;
  if (!Array.isArray(given) || given.length === 0) {
    fail(reader, pointerTo(pointer, "segments"), "an array of identifiers", given);
  }
  const segments = elementsOf(given);
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (typeof segment !== "string" || !IDENTIFIER.test(segment)) {
      const at = `${pointer}/segments/${i}`;
      fail(reader, at, "an identifier [A-Za-z_][A-Za-z0-9_]* (1.3)", segment);
    }
  }
  const first = segments[0] as string;
  // Keywords are two to four letters long: most names are not lowered at all.
  if (
    reader.language === "where" &&
    segments.length === 1 &&
    first.length <= 4 &&
    WHERE_KEYWORDS.has(first.toLowerCase())
  ) {
    fail(reader, `${pointer}/segments/0`, "a field name that is not a keyword (2.1)", first);
  }
  return { kind: "path", segments: segments as string[], span: readSpan(reader, node, pointer) };
}

function readLiteral(
  reader: TreeReader,
  value: unknown,
  pointer: string,
  nonEmpty = false,
): LiteralNode {
  const node = readRecord(reader, value, pointer, "a literal node");
  expectKind(reader, node, pointer, "literal");
  const text = Object.hasOwn(node, "text") ? node.text : undefined;
  if (typeof text !== "string" || (nonEmpty && text === "")) {
    fail(reader, pointerTo(pointer, "text"), nonEmpty ? "a non-empty string" : "a string", text);
  }
  return { kind: "literal", text, span: readSpan(reader, node, pointer) };
}

/** A predicate's `path` member. */
function readPathOf(reader: TreeReader, node: Record<string, unknown>, pointer: string): PathNode {
  const path = Object.hasOwn(node, "path") ? node.path : undefined;
  return readPath(reader, path, pointerTo(pointer, "path"));
}

/** A comparison's or pattern's `value` member; a pattern's text cannot be empty (2.2). */
function readValueOf(
  reader: TreeReader,
  node: Record<string, unknown>,
  pointer: string,
  nonEmpty: boolean,
): LiteralNode {
  const value = Object.hasOwn(node, "value") ? node.value : undefined;
  return readLiteral(reader, value, pointerTo(pointer, "value"), nonEmpty);
}

function readNegated(reader: TreeReader, node: Record<string, unknown>, pointer: string): boolean {
  const negated = Object.hasOwn(node, "negated") ? node.negated : undefined;
  if (typeof negated !== "boolean")
    fail(reader, pointerTo(pointer, "negated"), "a boolean", negated);
  return negated;
}

/** A node's object and its `kind`, each read once. */
function readNode(
  reader: TreeReader,
  value: unknown,
  pointer: string,
): { node: Record<string, unknown>; kind: ExpressionKind } {
  const node = readRecord(reader, value, pointer, "a where node");
  return { node, kind: readOneOf(reader, node, pointer, "kind", EXPRESSION_KINDS) };
}

function readOperands(reader: TreeReader, node: Record<string, unknown>, pointer: string) {
  const at = pointerTo(pointer, "operands");
  return {
    at,
    items: readArray(
      reader,
      Object.hasOwn(node, "operands") ? node.operands : undefined,
      at,
      "an array of 1 or more",
      1,
    ),
    next: 0,
  };
}

/**
 * An `and` or `or`, flattened as the parser flattens (2.6): a junction of the same kind inside
 * it gives its operands in its place, without recursion, so a chain of any length is read.
 */
function readJunction(
  reader: TreeReader,
  node: Record<string, unknown>,
  kind: "and" | "or",
  pointer: string,
  parent: ExpressionKind | undefined,
  depth: number,
): WhereExpression {
  // The canonical text puts parentheses only around an OR inside an AND (2.6).
  const nested = kind === "or" && parent === "and" ? depth + 1 : depth;
  if (nested > reader.maxDepth) {
    fail(reader, pointer, `at most ${reader.maxDepth} levels of parentheses (1.4)`, node);
  }
  const span = readSpan(reader, node, pointer);
  const operands: WhereExpression[] = [];
  const stack = [readOperands(reader, node, pointer)];
  for (let top = stack.at(-1); top; top = stack.at(-1)) {
    if (top.next === top.items.length) {
      stack.pop();
      continue;
    }
    const index = top.next++;
    const at = pointerTo(top.at, index);
    const child = readNode(reader, top.items[index], at);
    if (child.kind === kind) {
      readSpan(reader, child.node, at);
      stack.push(readOperands(reader, child.node, at));
    } else {
      const operand = readTyped(reader, child.node, child.kind, at, kind, nested);
      // A one-operand junction of the other kind may unwrap to one of this kind.
      if (operand.kind === kind) operands.push(...operand.operands);
      else operands.push(operand);
    }
  }
  // One operand is that operand, as the `and` and `or` builders make it.
  return operands.length === 1 ? (operands[0] as WhereExpression) : { kind, operands, span };
}

function readTyped(
  reader: TreeReader,
  node: Record<string, unknown>,
  kind: ExpressionKind,
  pointer: string,
  parent: ExpressionKind | undefined,
  depth: number,
): WhereExpression {
  switch (kind) {
    case "and":
    case "or":
      return readJunction(reader, node, kind, pointer, parent, depth);
    case "comparison": {
      // The operator is checked first, as an injected one is what this reader exists to stop.
      const operator = readOneOf(reader, node, pointer, "operator", COMPARISON_OPERATORS);
      return {
        kind,
        path: readPathOf(reader, node, pointer),
        operator,
        value: readValueOf(reader, node, pointer, false),
        span: readSpan(reader, node, pointer),
      };
    }
    case "pattern": {
      const mode = readOneOf(reader, node, pointer, "mode", PATTERN_MODES);
      return {
        kind,
        path: readPathOf(reader, node, pointer),
        mode,
        value: readValueOf(reader, node, pointer, true),
        span: readSpan(reader, node, pointer),
      };
    }
    case "in": {
      const at = pointerTo(pointer, "values");
      const values = readArray(
        reader,
        Object.hasOwn(node, "values") ? node.values : undefined,
        at,
        "an array of 1 or more",
        1,
      );
      return {
        kind,
        path: readPathOf(reader, node, pointer),
        negated: readNegated(reader, node, pointer),
        values: values.map((v, i) => readLiteral(reader, v, pointerTo(at, i))),
        span: readSpan(reader, node, pointer),
      };
    }
    case "isNull":
      return {
        kind,
        path: readPathOf(reader, node, pointer),
        negated: readNegated(reader, node, pointer),
        span: readSpan(reader, node, pointer),
      };
  }
}

/**
 * Checks a `where` tree from outside and returns a fresh copy of it, every member read once as an
 * own property, flattened as `parseWhere` flattens: every name an identifier, every operator and
 * mode known, nesting within `maxDepth`. Throws `InvalidAstError` with the bad member's pointer.
 */
export function readWhereAst(value: unknown, maxDepth: number): WhereExpression {
  return readWhereAstAt({ language: "where", maxDepth }, value, "");
}

function readWhereAstAt(reader: TreeReader, value: unknown, pointer: string): WhereExpression {
  if (isPlainRecord(value) && Object.hasOwn(value, "kind") && value.kind === "zoned") {
    // A zoned filter is a tree's equal wherever a filter is run, never where text is written.
    const expected = `a where node, not a zoned filter, which no text of the language can hold: each part reads its dates in its own zone`;
    fail(reader, pointerTo(pointer, "kind"), expected, value.kind);
  }
  const { node, kind } = readNode(reader, value, pointer);
  return readTyped(reader, node, kind, pointer, undefined, 0);
}

/**
 * A filter a backend runs from outside: a `where` tree as `readWhereAst` reads it, or a zoned
 * filter `{ kind: "zoned", parts: [{ where, timeZone? }, …] }` whose trees it reads alike; each
 * zone is checked to be text here, and to be a zone by the caller.
 */
export function readFilterAst(value: unknown, maxDepth: number): Filter {
  const reader: TreeReader = { language: "where", maxDepth };
  if (!isPlainRecord(value) || !Object.hasOwn(value, "kind") || value.kind !== "zoned") {
    const { node, kind } = readNode(reader, value, "");
    return readTyped(reader, node, kind, "", undefined, 0);
  }
  for (const name of Object.keys(value)) {
    if (name !== "kind" && name !== "parts")
      fail(reader, `/${name}`, "no member but kind and parts", name);
  }
  const given = readArray(
    reader,
    Object.hasOwn(value, "parts") ? value.parts : undefined,
    "/parts",
    "an array of 1 or more parts",
    1,
  );
  const parts: ZonedPart[] = [];
  for (let i = 0; i < given.length; i++) {
    const at = `/parts/${i}`;
    const part = readRecord(reader, given[i], at, "a part { where, timeZone? }");
    for (const name of Object.keys(part)) {
      if (name !== "where" && name !== "timeZone") {
        fail(reader, `${at}/${name}`, "no member but where and timeZone", name);
      }
    }
    const where = readWhereAstAt(
      reader,
      Object.hasOwn(part, "where") ? part.where : undefined,
      `${at}/where`,
    );
    const timeZone = Object.hasOwn(part, "timeZone") ? part.timeZone : undefined;
    if (timeZone !== undefined && typeof timeZone !== "string") {
      fail(
        reader,
        `${at}/timeZone`,
        "an IANA zone name, or no member for the zone the filter is run in",
        timeZone,
      );
    }
    parts.push(timeZone === undefined ? { where } : { where, timeZone });
  }
  return { kind: "zoned", parts };
}
