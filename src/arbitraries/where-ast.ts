import fc from "fast-check";
import { NO_SPAN } from "../ast/span.ts";
import {
  type ComparisonOperator,
  type LiteralNode,
  PATTERN_MODES,
  type PathNode,
  WHERE_KEYWORDS,
  type WhereExpression,
  type WherePredicate,
} from "../ast/where.ts";
import { formatWhere } from "../backends/format/format-where.ts";
import { checkDepth, DEFAULT_MAX_LENGTH } from "../base/limits.ts";
import { valueAtPath } from "../base/members.ts";
import { readDate } from "../schema/literals.ts";
import { listScalarFields } from "../schema/scalar-fields.ts";
import type { FieldType, ScalarTypeName, Schema } from "../schema/schema.ts";
import { stringValue } from "./awkward-strings.ts";
import { DAYS } from "./dates.ts";

/** Options of `whereArbitrary`. */
export interface WhereArbitraryOptions {
  /**
   * With a schema, `true` (the default) gives filters that `validateWhere` accepts (`IS NULL`
   * and `IS NOT NULL` on object and array fields among them); `false` also gives paths the
   * schema does not allow (unknown, objects and arrays compared, through arrays, inherited
   * names) and values of any type, as for evaluation without a schema.
   */
  readonly strict?: boolean;
  /** Levels of AND and OR: 3 unless set, 0 for lone predicates, 6 at most. */
  readonly maxDepth?: number;
  /**
   * With a schema: records whose values (as they are, case-flipped, cut) some literals take, so
   * filters select something.
   */
  readonly records?: readonly unknown[];
  /** The longest canonical text of a generated filter; 8192 (the parsers' limit) unless set. */
  readonly maxLength?: number;
}

/** The deepest junction nesting `maxDepth` may ask for: 3^6 predicates is already a long filter. */
const MOST_DEPTH = 6;

const identifier = fc
  .tuple(
    fc.constantFrom(..."abcxyzABCXYZ_"),
    fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzAZ09_"), maxLength: 6 }),
  )
  .map(([head, tail]) => head + tail);

/** Paths of one to three identifiers; a lone keyword is reserved, so it is never generated. */
export const anyPath: fc.Arbitrary<PathNode> = fc
  .array(identifier, { minLength: 1, maxLength: 3 })
  .filter(
    (segments) => segments.length > 1 || !WHERE_KEYWORDS.has((segments[0] as string).toLowerCase()),
  )
  .map((segments) => ({ kind: "path", segments, span: NO_SPAN }));

/** Characters that stress quoting: delimiters, operators, quotes, keywords' letters, astral. */
const quotingUnit = fc.constantFrom(
  ..."aZ09 \t\r\n(),\"=!<>~*._-:/\\%'".split(""),
  "é",
  "\u00a0",
  "😀",
  "\uffff",
  "AND",
  "or",
  "NULL",
);

/** Value texts for filters without a schema: empty, awkward, and ones that look typed. */
export const anyValueText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: quotingUnit, maxLength: 8 }),
  fc.string({ maxLength: 6 }),
  fc.constantFrom("FOLDER", "2", "-1.5", "2024-03-01", "true", "OPEN", "NEW"),
  stringValue,
);

/** Literal texts that fit each typed scalar; numbers and days also as the literals records meet. */
const TYPED_TEXTS: Record<Exclude<ScalarTypeName, "any">, fc.Arbitrary<string>> = {
  string: stringValue,
  integer: fc.constantFrom("-1", "0", "1", "2", "10", "2.5", "-0", "01"),
  number: fc.constantFrom("-1.5", "0", "1", "2", "2.5", "10", "-0", "01"),
  boolean: fc.constantFrom("true", "false", "TRUE", "False"),
  date: fc.constantFrom(...DAYS),
};

/** Texts of any type, and near misses, for filters not bound to the field's type. */
const ANY_TEXT: fc.Arbitrary<string> = fc.oneof(
  ...Object.values(TYPED_TEXTS),
  fc.constantFrom("abc", "2024-02-30", "-0", "01", "1e3", " 1"),
);

/** Literal texts that fit each type: every text fits an `any` field (grammar/language.md 4.3). */
const TEXTS: Record<ScalarTypeName, fc.Arbitrary<string>> = { ...TYPED_TEXTS, any: ANY_TEXT };

const OPERATORS: readonly ComparisonOperator[] = ["=", "!=", "<", "<=", ">", ">="];

const literal = (text: string): LiteralNode => ({ kind: "literal", text, span: NO_SPAN });
const pathOf = (segments: readonly string[]): PathNode => ({
  kind: "path",
  segments,
  span: NO_SPAN,
});

/** What a field's predicates draw their texts from. */
interface Texts {
  readonly equal: fc.Arbitrary<string>;
  readonly pattern: fc.Arbitrary<string>;
}

/** Predicates on a path: comparisons, IN lists, null tests, and patterns when asked. */
function predicatesOn(
  path: fc.Arbitrary<PathNode>,
  texts: Texts,
  operators: readonly ComparisonOperator[],
  withPatterns: boolean,
  maxValues: number,
): fc.Arbitrary<WherePredicate> {
  const options: fc.Arbitrary<WherePredicate>[] = [
    fc.tuple(path, fc.constantFrom(...operators), texts.equal).map(([path, operator, text]) => ({
      kind: "comparison" as const,
      path,
      operator,
      value: literal(text),
      span: NO_SPAN,
    })),
    fc
      .tuple(path, fc.boolean(), fc.array(texts.equal, { minLength: 1, maxLength: maxValues }))
      .map(([path, negated, values]) => ({
        kind: "in" as const,
        path,
        negated,
        values: values.map(literal),
        span: NO_SPAN,
      })),
    fc
      .tuple(path, fc.boolean())
      .map(([path, negated]) => ({ kind: "isNull" as const, path, negated, span: NO_SPAN })),
  ];
  if (withPatterns) {
    options.push(
      fc
        .tuple(path, fc.constantFrom(...PATTERN_MODES), texts.pattern)
        .map(([path, mode, text]) => ({
          kind: "pattern" as const,
          path,
          mode,
          value: literal(text),
          span: NO_SPAN,
        })),
    );
  }
  return fc.oneof(...options);
}

/**
 * The non-null values at a path of the records, read through own properties of objects only (2.4).
 */
function valuesAt(records: readonly unknown[], segments: readonly string[]): unknown[] {
  return records.map((record) => valueAtPath(record, segments)).filter((value) => value !== null);
}

const NUMBER_TEXT = /^-?[0-9]+(?:\.[0-9]+)?$/;
const DAY_MS = 86_400_000;

/** The text with the case of each letter flipped, a near miss of a stored value. */
export const swapCase = (text: string) =>
  [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join("");

/** The UTC day of a date value and the days either side (a zone moves it by one at most). */
function daysOf(value: unknown): string[] {
  let ms: number | undefined;
  if (typeof value === "string") {
    const day = value.slice(0, 10);
    const days = readDate(day);
    if (days !== undefined) ms = days * DAY_MS;
  } else if (typeof value === "number") ms = value;
  else if (value instanceof Date) ms = value.getTime();
  if (ms === undefined || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15 - DAY_MS) return [];
  const day = Math.floor(ms / DAY_MS) * DAY_MS;
  return [day - DAY_MS, day, day + DAY_MS].map((d) => new Date(d).toISOString().slice(0, 10));
}

/**
 * Texts for comparing with, and for patterns on, the values found; `type` undefined or `any`
 * takes every kind.
 */
function textsFrom(values: readonly unknown[], type: ScalarTypeName | undefined) {
  const equal = new Set<string>();
  const pattern = new Set<string>();
  const wants = (kind: ScalarTypeName) => type === undefined || type === "any" || type === kind;
  for (const value of values) {
    // A long text would make filters run past maxLength; the pools have short ones enough.
    if (typeof value === "string" && wants("string") && value.length <= 64) {
      equal.add(value);
      equal.add(swapCase(value));
      const chars = [...value];
      const half = Math.ceil(chars.length / 2);
      for (const cut of [chars, chars.slice(0, half), chars.slice(-half), chars.slice(1, -1)]) {
        if (cut.length > 0) pattern.add(cut.join(""));
      }
    }
    if (typeof value === "number" && (wants("integer") || wants("number"))) {
      const text = String(value);
      if (NUMBER_TEXT.test(text)) equal.add(text);
    }
    if (typeof value === "boolean" && wants("boolean")) {
      equal.add(String(value));
      equal.add(String(value).toUpperCase());
    }
    if (wants("date")) for (const day of daysOf(value)) equal.add(day);
  }
  return { equal: [...equal], pattern: [...pattern] };
}

/** A field's texts: its type's literals, and half the time ones taken from the records. */
function textsFor(base: fc.Arbitrary<string>, found: ReturnType<typeof textsFrom>): Texts {
  const nonEmpty = base.filter((text) => text.length > 0);
  return {
    equal: found.equal.length > 0 ? fc.oneof(base, fc.constantFrom(...found.equal)) : base,
    pattern:
      found.pattern.length > 0 ? fc.oneof(nonEmpty, fc.constantFrom(...found.pattern)) : nonEmpty,
  };
}

/** The object and array fields a filter can reach: through described objects, never arrays. */
function listWholeFields(schema: Schema): string[][] {
  const out: string[][] = [];
  const walk = (fields: Readonly<Record<string, FieldType>>, prefix: readonly string[]) => {
    for (const [name, type] of Object.entries(fields)) {
      const path = [...prefix, name];
      if (type.kind === "array") out.push(path);
      if (type.kind !== "object") continue;
      out.push(path);
      if (type.fields) walk(type.fields, path);
    }
  };
  walk(schema.fields, []);
  return out;
}

/** Paths a schema does not allow in a filter, and names every object inherits. */
function offSchemaPaths(schema: Schema): string[][] {
  const out: string[][] = [["missing"], ["constructor"], ["__proto__"], ["toString"]];
  const walk = (fields: Readonly<Record<string, FieldType>>, prefix: readonly string[]) => {
    for (const [name, type] of Object.entries(fields)) {
      const path = [...prefix, name];
      if (type.kind === "object") {
        out.push(path, [...path, "constructor"]);
        if (type.fields) walk(type.fields, path);
      } else if (type.kind === "array") {
        out.push(path);
        const items = type.items;
        const inner =
          items?.kind === "object" && items.fields ? Object.keys(items.fields)[0] : undefined;
        if (inner !== undefined) out.push([...path, inner]);
      } else if (prefix.length === 0) {
        out.push([...path, "x"]);
      }
    }
  };
  walk(schema.fields, []);
  return out;
}

/** Predicates over a schema's fields, as `whereArbitrary` documents them. */
function schemaPredicates(
  schema: Schema,
  strict: boolean,
  records: readonly unknown[],
): fc.Arbitrary<WherePredicate> {
  // Below an `any` field every name is known and `any` too (4.3): a name records often hold.
  const fields = listScalarFields(schema).flatMap((field) =>
    field.type === "any"
      ? [field, ...["id", "a"].map((name) => ({ path: [...field.path, name], type: field.type }))]
      : [field],
  );
  if (strict) {
    const wholes = listWholeFields(schema);
    if (fields.length === 0 && wholes.length === 0)
      throw new RangeError("whereArbitrary: the schema has no field to filter on");
    return fc.oneof(
      ...fields.map(({ path, type }) =>
        predicatesOn(
          fc.constant(pathOf(path)),
          textsFor(TEXTS[type], textsFrom(valuesAt(records, path), type)),
          type === "boolean" ? ["=", "!="] : OPERATORS,
          type === "string" || type === "any",
          3,
        ),
      ),
      // An object or array field itself takes IS NULL and IS NOT NULL only (2.4).
      ...wholes.map((path) =>
        fc.boolean().map(
          (negated): WherePredicate => ({
            kind: "isNull",
            path: pathOf(path),
            negated,
            span: NO_SPAN,
          }),
        ),
      ),
    );
  }
  const paths = [...fields.map((f) => f.path), ...offSchemaPaths(schema)];
  return fc.oneof(
    ...paths.map((path) =>
      predicatesOn(
        fc.constant(pathOf(path)),
        textsFor(ANY_TEXT, textsFrom(valuesAt(records, path), undefined)),
        OPERATORS,
        true,
        3,
      ),
    ),
  );
}

const anyPredicate: fc.Arbitrary<WherePredicate> = predicatesOn(
  anyPath,
  { equal: anyValueText, pattern: anyValueText.filter((t) => t.length > 0) },
  OPERATORS,
  true,
  4,
);

/** Flattened trees of predicates: an `and` never directly holds an `and`, nor an `or` an `or`. */
function junctions(
  predicate: fc.Arbitrary<WherePredicate>,
  maxDepth: number,
): fc.Arbitrary<WhereExpression> {
  let notAnd: fc.Arbitrary<WhereExpression> = predicate;
  let notOr: fc.Arbitrary<WhereExpression> = predicate;
  let any: fc.Arbitrary<WhereExpression> = predicate;
  // Built level by level, so that every recursive path is bounded by maxDepth.
  for (let level = 1; level <= maxDepth; level++) {
    const and = fc
      .array(notAnd, { minLength: 2, maxLength: 3 })
      .map((operands): WhereExpression => ({ kind: "and", operands, span: NO_SPAN }));
    const or = fc
      .array(notOr, { minLength: 2, maxLength: 3 })
      .map((operands): WhereExpression => ({ kind: "or", operands, span: NO_SPAN }));
    notAnd = fc.oneof({ weight: 2, arbitrary: predicate }, { weight: 1, arbitrary: or });
    notOr = fc.oneof({ weight: 2, arbitrary: predicate }, { weight: 1, arbitrary: and });
    any = fc.oneof(
      { weight: 2, arbitrary: predicate },
      { weight: 1, arbitrary: and },
      { weight: 1, arbitrary: or },
    );
  }
  return any;
}

/**
 * Flattened `where` ASTs (spans zeroed) that `parseWhere(formatWhere(ast))` gives back: without a
 * schema any paths and awkward values, with one filters valid against it (see
 * `WhereArbitraryOptions`).
 */
export function whereArbitrary(
  schema?: Schema,
  options: WhereArbitraryOptions = {},
): fc.Arbitrary<WhereExpression> {
  const maxDepth = checkDepth("maxDepth", options.maxDepth ?? 3, MOST_DEPTH);
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  const predicate = schema
    ? schemaPredicates(schema, options.strict ?? true, options.records ?? [])
    : anyPredicate;
  return junctions(predicate, maxDepth).filter((ast) => formatWhere(ast).length <= maxLength);
}
