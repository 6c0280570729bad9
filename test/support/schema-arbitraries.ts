import fc from "fast-check";
import type {
  ComparisonOperator,
  LiteralNode,
  PathNode,
  WhereExpression,
  WherePredicate,
} from "../../src/ast/where.ts";
import {
  defineSchema,
  type FieldType,
  type Schema,
  type SchemaShape,
} from "../../src/schema/schema.ts";

const NO_SPAN = { start: 0, end: 0 };
type Scalar = "string" | "integer" | "number" | "boolean" | "date";

/** Zones with and without daylight saving, one whose transition skipped midnight, and a +12:45 one. */
export const TIME_ZONES = [
  "UTC",
  "Europe/Paris",
  "America/New_York",
  "America/Sao_Paulo",
  "Asia/Kolkata",
  "Pacific/Chatham",
];

/** Days around daylight-saving changes (Sao Paulo skipped 2018-11-04 00:00) and a leap day. */
export const DAYS = [
  "2024-03-10",
  "2024-03-31",
  "2024-10-27",
  "2024-11-03",
  "2018-11-04",
  "2024-02-29",
  "2024-01-01",
];

const LITERALS: Record<Scalar, readonly string[]> = {
  string: ["a", "ab", "b", "", "A", "é", "😀", "\uffff", 'q"t', "%", "_", "\\", "a b", "2"],
  integer: ["-1", "0", "1", "2", "10", "2.5"],
  number: ["-1.5", "0", "1", "2", "2.5", "10"],
  boolean: ["true", "false", "TRUE", "False"],
  date: DAYS,
};

/** Zone offsets (minutes) of TIME_ZONES, standard and daylight, where their midnights fall. */
const OFFSETS = [0, 60, 120, -300, -240, -180, -120, 330, 765, 825];

/** Instants at and around the first instant of each listed day and the next in every zone. */
const INSTANTS: readonly number[] = DAYS.flatMap((day) => {
  const utc = Date.parse(`${day}T00:00:00Z`);
  return OFFSETS.flatMap((offset) =>
    [0, 86_400_000].flatMap((next) => {
      const start = utc + next - offset * 60_000;
      return [start - 1, start, start + 1, start + 1_800_000];
    }),
  );
});

const wrongType = fc.constantFrom<unknown>("x", 3, true, [1], { a: 1 }, "2024-13-01");

/** A record value for a field of a type: usually fitting, sometimes null, ill-typed or exotic. */
function recordValue(type: Scalar): fc.Arbitrary<unknown> {
  const fitting: fc.Arbitrary<unknown> = {
    string: fc.oneof(
      fc.constantFrom(...LITERALS.string),
      fc
        .tuple(fc.constantFrom(...LITERALS.string), fc.constantFrom(...LITERALS.string))
        .map(([a, b]) => a + b),
      fc.string({
        unit: fc.constantFrom("a", "b", "😀", "\uffff", "é", '"', "%", "_"),
        maxLength: 4,
      }),
    ),
    integer: fc.oneof(fc.constantFrom(-1, 0, 1, 2, 10), fc.integer({ min: -5, max: 12 })),
    number: fc.oneof(
      fc.constantFrom(-1.5, 0, 1, 2, 2.5, 10),
      fc.double({ min: -20, max: 20, noNaN: true }),
    ),
    boolean: fc.boolean(),
    date: fc.oneof(
      fc.constantFrom(...DAYS, "2024-02-30"),
      fc.constantFrom(...INSTANTS),
      fc.constantFrom(...INSTANTS).map((t) => new Date(t)),
      fc.constantFrom(...INSTANTS).map((t) => new Date(t).toISOString()),
      fc
        .tuple(
          fc.constantFrom(...INSTANTS),
          fc.constantFrom("+01:00", "-05:00", "+05:30", "+12:45"),
        )
        .map(([t, zone]) => {
          const sign = zone.startsWith("-") ? -1 : 1;
          const shift = sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4))) * 60_000;
          return `${new Date(t + shift).toISOString().slice(0, 19)}${zone}`;
        }),
      fc.constantFrom(...DAYS).map((d) => `${d}T23:30:00`),
    ),
  }[type];
  return fc.oneof(
    { weight: 6, arbitrary: fitting },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: wrongType },
  );
}

/** A field of a generated schema, with the paths to its scalars. */
interface Generated {
  readonly schema: Schema;
  /** Paths to scalar fields and their types. */
  readonly scalars: readonly { readonly segments: readonly string[]; readonly type: Scalar }[];
}

const FIELD_NAMES = ["id", "name", "rank", "flag", "when", "status", "owner"];
const scalarArbitrary = fc.constantFrom<Scalar>("string", "integer", "number", "boolean", "date");

/** Small schemas: scalars, one nested object, one array of objects. */
export const schemaArbitrary: fc.Arbitrary<Generated> = fc
  .record({
    top: fc.uniqueArray(fc.tuple(fc.constantFrom(...FIELD_NAMES), scalarArbitrary), {
      minLength: 1,
      maxLength: 5,
      selector: ([name]) => name,
    }),
    nested: fc.uniqueArray(fc.tuple(fc.constantFrom("id", "name", "at"), scalarArbitrary), {
      minLength: 1,
      maxLength: 3,
      selector: ([name]) => name,
    }),
  })
  .map(({ top, nested }) => {
    const shape: Record<string, SchemaShape> = Object.fromEntries(top);
    shape.type = Object.fromEntries(nested);
    shape.branches = [{ id: "integer", name: "string" }];
    return {
      schema: defineSchema(shape),
      scalars: [
        ...top.map(([name, type]) => ({ segments: [name], type })),
        ...nested.map(([name, type]) => ({ segments: ["type", name], type })),
      ],
    };
  });

/** Records that mostly follow a schema: missing fields, nulls, nested nulls, wrong types, arrays on paths. */
export function recordsFor(generated: Generated): fc.Arbitrary<unknown[]> {
  const top = generated.scalars.filter((s) => s.segments.length === 1);
  const nested = generated.scalars.filter((s) => s.segments.length === 2);
  const fields = (list: typeof top, index: number) =>
    fc.record(
      Object.fromEntries(list.map((s) => [s.segments[index] as string, recordValue(s.type)])),
      {
        requiredKeys: [],
      },
    );
  const record = fc.record(
    {
      top: fields(top, 0),
      type: fc.oneof(
        { weight: 5, arbitrary: fields(nested, 1) },
        fc.constant(null),
        fields(nested, 1).map((o) => [o]),
        fc.constant("FOLDER"),
      ),
      branches: fc.array(fc.record({ id: fc.integer(), name: fc.string() }), { maxLength: 2 }),
    },
    { requiredKeys: ["top"] },
  );
  return fc.array(
    record.map(({ top: own, ...rest }) => ({ ...own, ...rest })),
    { minLength: 1, maxLength: 12 },
  );
}

const OPERATORS: readonly ComparisonOperator[] = ["=", "!=", "<", "<=", ">", ">="];

function literal(text: string): LiteralNode {
  return { kind: "literal", text, span: NO_SPAN };
}

/** Predicates on one path: comparisons with the given operators, IN lists, null tests, and patterns if asked. */
function predicatesOn(
  segments: readonly string[],
  value: fc.Arbitrary<string>,
  operators: readonly ComparisonOperator[],
  withPatterns: boolean,
): fc.Arbitrary<WherePredicate> {
  const path: PathNode = { kind: "path", segments, span: NO_SPAN };
  const options: fc.Arbitrary<WherePredicate>[] = [
    fc.tuple(fc.constantFrom(...operators), value).map(([operator, text]) => ({
      kind: "comparison" as const,
      path,
      operator,
      value: literal(text),
      span: NO_SPAN,
    })),
    fc
      .tuple(fc.boolean(), fc.array(value, { minLength: 1, maxLength: 3 }))
      .map(([negated, texts]) => ({
        kind: "in" as const,
        path,
        negated,
        values: texts.map(literal),
        span: NO_SPAN,
      })),
    fc.boolean().map((negated) => ({ kind: "isNull" as const, path, negated, span: NO_SPAN })),
  ];
  if (withPatterns) {
    options.push(
      fc
        .tuple(
          fc.constantFrom("contains", "startsWith", "endsWith" as const),
          value.filter((t) => t.length > 0),
        )
        .map(([mode, text]) => ({
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

/** Valid filters over a schema's scalar fields, with values that fit each field. */
export function filtersFor(generated: Generated): fc.Arbitrary<WhereExpression> {
  return junctions(
    fc
      .constantFrom(...generated.scalars)
      .chain(({ segments, type }) =>
        predicatesOn(
          segments,
          fc.constantFrom(...LITERALS[type]),
          type === "boolean" ? OPERATORS.slice(0, 2) : OPERATORS,
          type === "string",
        ),
      ),
  );
}

/** Filters over any paths and any values, for evaluation without a schema. */
export function untypedFilters(generated: Generated): fc.Arbitrary<WhereExpression> {
  const anyText = fc.constantFrom(
    ...Object.values(LITERALS).flat(),
    "abc",
    "2024-02-30",
    "-0",
    "01",
  );
  const paths = fc.constantFrom<readonly string[]>(
    ...generated.scalars.map((s) => s.segments),
    ["branches", "name"],
    ["branches"],
    ["type"],
    ["missing"],
    ["constructor"],
    ["__proto__"],
    ["toString"],
  );
  return junctions(paths.chain((segments) => predicatesOn(segments, anyText, OPERATORS, true)));
}

function junctions(predicate: fc.Arbitrary<WherePredicate>): fc.Arbitrary<WhereExpression> {
  const depth = fc.createDepthIdentifier();
  const nested = { depthIdentifier: depth, maxDepth: 3, depthSize: "small" } as const;
  return fc.letrec<{ node: WhereExpression }>((tie) => ({
    node: fc.oneof(
      nested,
      predicate,
      fc
        .tuple(
          fc.constantFrom("and" as const, "or" as const),
          fc.array(tie("node"), { minLength: 2, maxLength: 3 }),
        )
        .map(([kind, operands]) => ({ kind, operands, span: NO_SPAN })),
    ),
  })).node;
}

export type { FieldType, Generated };
