import type { Digit, IdentifierStart } from "./literal-text-type.ts";
import type { DATE_JSON_PATTERN } from "./schema-json-schema.ts";

// The shape (grammar/language.md 4) that `schemaFromJsonSchema` builds from a JSON Schema known
// to the compiler as a literal (`as const`, or a `const` type parameter), computed at the type
// level. It mirrors the runtime's reading step for step (`mapType`, `readWrapper`, `typeNameOf`,
// `mapOwnType`, `mapFields`, `mapItems`): wherever the runtime throws, or the type cannot say
// what the runtime does (a widened `string`, a union, an optional member, an index signature,
// `any`, a percent-escaped `$ref`, a `$ref` cycle, more nesting than `MAX_DEPTH`), the answer is
// `Bail`, and the whole schema's shape is `unknown`: the caller gets the untyped `Schema`.
// One file of some 650 lines, as schema-json-schema.ts is one: each type mirrors a function of
// it, and the pairs are read side by side.

declare const bail: unique symbol;
/** The type level cannot follow, or the runtime throws: the shape of the whole schema is unknown. */
type Bail = typeof bail;

/** A subschema found by a `$ref` or a combinator, boxed so that `true` or `false` stays apart. */
interface Box<T> {
  readonly target: T;
}

// Levels of properties/items nesting followed (the runtime allows MAX_SCHEMA_DEPTH, 256), and
// `$ref`/combinator hops in a row per subschema (the runtime stops cycles by identity): both
// far past a real resource, and a bound on the compiler's work. `Prev[n]` is n − 1.
type Prev = [never, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19];
type MAX_DEPTH = 20;
type MAX_HOPS = 10;

type IsAny<T> = 0 extends 1 & T ? true : false;
/** `true` (or `boolean`) for a union, `false` for one type. */
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : false;

/** Members that the type does not say for sure: optional ones. */
type OptionalKeys<J> = {
  [K in keyof J]-?: Record<never, never> extends Pick<J, K> ? K : never;
}[keyof J];

/**
 * What a value is for sure, as the runtime tells it apart: `true`, `false`, an array, a plain
 * record (its members all known: no index signature, no optional member, not `object`), another value
 * (a string, a number, null …, never a record), or `bail` when the type does not say.
 */
type KindOf<J> =
  IsAny<J> extends true
    ? "bail"
    : [J] extends [never]
      ? "bail"
      : true extends IsUnion<J>
        ? "bail"
        : [J] extends [true]
          ? "true"
          : [J] extends [false]
            ? "false"
            : [J] extends [readonly unknown[]]
              ? "array"
              : [J] extends [(...args: never) => unknown]
                ? "bail"
                : [J] extends [object]
                  ? string extends keyof J
                    ? "bail"
                    : number extends keyof J
                      ? "bail"
                      : [keyof J] extends [never]
                        ? // `{}` is the type of the literal {}; `object` says nothing of the keys.
                          string extends J
                          ? "record"
                          : "bail"
                        : [OptionalKeys<J>] extends [never]
                          ? "record"
                          : "bail"
                  : [J] extends [string | number | bigint | symbol | null | undefined]
                    ? "other"
                    : "bail";

/** A tuple of fixed length (a `readonly [..]` a literal gives), not an array of any length. */
type IsTuple<T> = [T] extends [readonly unknown[]]
  ? number extends T["length"]
    ? false
    : true
  : false;

/** A string literal, one and for sure, else `Bail`. */
type StringLiteral<V> =
  KindOf<V> extends "other" ? ([V] extends [string] ? (string extends V ? Bail : V) : Bail) : Bail;

/** Whether a value is the string `X`: `true`, `false`, or `Bail` when its type does not say. */
type Equals<V, X extends string> =
  IsAny<V> extends true
    ? Bail
    : [V] extends [never]
      ? Bail
      : [V] extends [X]
        ? true
        : [X] extends [V]
          ? Bail
          : false;

/** Whether a union is one type, neither `never` nor several. */
type IsSingle<U> = [U] extends [never] ? false : true extends IsUnion<U> ? false : true;

// Keyword lists of the runtime (schema-json-schema.ts), as unions.
type Annotation =
  | "title"
  | "description"
  | "$comment"
  | "examples"
  | "default"
  | "deprecated"
  | "readOnly"
  | "writeOnly";
type Unsupported =
  | "not"
  | "if"
  | "dependentSchemas"
  | "prefixItems"
  | "$dynamicRef"
  | "$recursiveRef";
type OwnTypeKeyword = "type" | "properties" | "items" | "enum" | "const";
type TypeBearing =
  | OwnTypeKeyword
  | Unsupported
  | "$ref"
  | "allOf"
  | "anyOf"
  | "oneOf"
  | "additionalProperties"
  | "patternProperties";
type TypeName = "string" | "integer" | "number" | "boolean" | "object" | "array" | "null";

/** `acceptsAnything`: `true`, or a record of annotations alone (`{}` included). */
type AcceptsAnything<J> =
  KindOf<J> extends infer K
    ? K extends "true"
      ? true
      : K extends "record"
        ? [Exclude<keyof J, Annotation>] extends [never]
          ? true
          : false
        : K extends "bail"
          ? Bail
          : false
    : never;

/** `constrainsOnly`: a boolean, or a record without a type-bearing keyword. */
type ConstrainsOnly<J> =
  KindOf<J> extends infer K
    ? K extends "true" | "false"
      ? true
      : K extends "record"
        ? [Extract<keyof J, TypeBearing>] extends [never]
          ? true
          : false
        : K extends "bail"
          ? Bail
          : false
    : never;

/** `isNullBranch`: a record whose `type` is `"null"` or a non-empty array of `"null"` only. */
type IsNullBranch<J> =
  KindOf<J> extends infer K
    ? K extends "record"
      ? "type" extends keyof J
        ? IsNullType<J["type"]>
        : false
      : K extends "bail"
        ? Bail
        : false
    : never;

type IsNullType<T> =
  KindOf<T> extends "array"
    ? IsTuple<T> extends true
      ? T extends readonly [unknown, ...unknown[]]
        ? AllNull<T>
        : false
      : Bail
    : Equals<T, "null">;

type AllNull<T extends readonly unknown[]> = {
  [I in keyof T]: Equals<T[I], "null">;
}[number] extends infer R
  ? Bail extends R
    ? Bail
    : false extends R
      ? false
      : true
  : never;

// JSON Pointers (RFC 6901), as `splitPointer` and `follow` read them.

type ReplaceAll<
  S extends string,
  From extends string,
  To extends string,
> = S extends `${infer A}${From}${infer B}` ? `${A}${To}${ReplaceAll<B, From, To>}` : S;

/** Whether every `~` of a segment escapes (`~0`, `~1`). */
type EscapesWell<S extends string> = S extends `${string}~${infer R}`
  ? R extends `${"0" | "1"}${infer Rest}`
    ? EscapesWell<Rest>
    : false
  : true;

type SplitSegments<S extends string> = S extends `${infer A}/${infer B}`
  ? [A, ...SplitSegments<B>]
  : [S];

type Unescape<Segments extends string[]> = {
  [I in keyof Segments]: ReplaceAll<ReplaceAll<Segments[I], "~1", "/">, "~0", "~">;
};

/** The unescaped segments of a JSON Pointer, or `Bail` when it is malformed (or not literal). */
type PointerSegments<P> =
  StringLiteral<P> extends infer S
    ? S extends ""
      ? []
      : S extends `/${infer Rest}`
        ? EscapesWell<Rest> extends true
          ? Unescape<SplitSegments<Rest>>
          : Bail
        : Bail
    : never;

/** An array index as `follow` takes it: `0` or digits without a leading zero. */
type IsIndex<S extends string> = S extends `-${string}`
  ? false
  : S extends `${infer N extends number}`
    ? `${N}` extends S
      ? true
      : false
    : false;

/** `follow`: the member at each segment, own members only; `Bail` where it finds nothing. */
type Follow<Node, Segments> = Segments extends [infer S extends string, ...infer Rest]
  ? KindOf<Node> extends infer K
    ? K extends "array"
      ? IsTuple<Node> extends true
        ? IsIndex<S> extends true
          ? S extends keyof Node
            ? Follow<Node[S], Rest>
            : Bail
          : Bail
        : Bail
      : K extends "record"
        ? S extends keyof Node
          ? Follow<Node[S], Rest>
          : Bail
        : Bail
    : never
  : Segments extends []
    ? Node
    : Bail;

/** `resolveRef`: a local `#` JSON Pointer, without percent escapes, followed from the root. */
type RefTarget<Root, Ref> =
  StringLiteral<Ref> extends `#${infer Fragment}`
    ? Fragment extends `${string}%${string}`
      ? Bail
      : PointerSegments<Fragment> extends infer Segments
        ? Segments extends Bail
          ? Bail
          : Follow<Root, Segments> extends infer Target
            ? [Target] extends [Bail]
              ? Bail
              : Box<Target>
            : never
        : never
    : Bail;

/** The branches a combinator stands for, nulls left out of `anyOf` and `oneOf`. */
type RealBranches<T extends readonly unknown[], KeepNull extends boolean> = T extends readonly [
  infer Head,
  ...infer Rest,
]
  ? KeepNull extends true
    ? [Head, ...RealBranches<Rest, KeepNull>]
    : IsNullBranch<Head> extends infer N
      ? N extends Bail
        ? [Bail]
        : N extends true
          ? RealBranches<Rest, KeepNull>
          : [Head, ...RealBranches<Rest, KeepNull>]
      : never
  : [];

/**
 * What one combinator of `readWrapper` gives: `Skip` for one of constraints only, the one branch
 * standing for the type boxed, or `Bail` (no branch, several, or not a non-empty tuple).
 */
type CombinatorTarget<T, KeepNull extends boolean> =
  IsTuple<T> extends true
    ? T extends readonly [unknown, ...unknown[]]
      ? { [I in keyof T]: ConstrainsOnly<T[I]> }[number] extends infer C
        ? Bail extends C
          ? Bail
          : false extends C
            ? RealBranches<T, KeepNull> extends infer Real
              ? Real extends [infer One]
                ? One extends Bail
                  ? Bail
                  : Box<One>
                : Bail
              : never
            : Skip
        : never
      : Bail
    : Bail;

declare const skip: unique symbol;
/** A wrapper keyword absent, or a combinator of constraints only: no type from it. */
type Skip = typeof skip;

/** The wrapper keywords' targets, in the runtime's order: `$ref`, `allOf`, `anyOf`, `oneOf`. */
type WrapperTargets<J, Root> = [
  "$ref" extends keyof J ? RefTarget<Root, J["$ref" & keyof J]> : Skip,
  "allOf" extends keyof J ? CombinatorTarget<J["allOf" & keyof J], true> : Skip,
  "anyOf" extends keyof J ? CombinatorTarget<J["anyOf" & keyof J], false> : Skip,
  "oneOf" extends keyof J ? CombinatorTarget<J["oneOf" & keyof J], false> : Skip,
];

/** The boxes among a tuple of wrapper results. */
type Boxes<T> = T extends [infer Head, ...infer Rest]
  ? Head extends Box<unknown>
    ? [Head, ...Boxes<Rest>]
    : Boxes<Rest>
  : [];

/** `readWrapper`: `Skip` without one, the one target boxed, `Bail` for two or a type beside. */
type Wrapper<J, Root> =
  WrapperTargets<J, Root> extends infer Targets
    ? Bail extends Targets[number & keyof Targets]
      ? Bail
      : Boxes<Targets> extends infer Found
        ? Found extends []
          ? Skip
          : Found extends [infer One]
            ? [Extract<keyof J, OwnTypeKeyword>] extends [never]
              ? One
              : Bail
            : Bail
        : never
    : never;

/** A subschema that names its own type, its wrappers followed. */
interface Own<T> {
  readonly own: T;
}

/**
 * The loop of `mapType`, tail-recursive so that hops cost the compiler no nesting: `"any"`,
 * `Bail`, or the subschema behind `J`'s `$ref`s and combinators, with `H` hops left;
 * `AllowId`: whether `J` is the document itself, the one subschema that may carry `$id`.
 */
type Resolve<J, Root, H extends number, AllowId extends boolean> = [H] extends [never]
  ? Bail
  : KindOf<J> extends "true"
    ? "any"
    : KindOf<J> extends "record"
      ? AcceptsAnything<J> extends true
        ? "any"
        : [Extract<keyof J, Unsupported>] extends [never]
          ? ["$id" extends keyof J ? AllowId : true] extends [true]
            ? Wrapper<J, Root> extends infer W
              ? W extends Skip
                ? Own<J>
                : W extends Box<infer Target>
                  ? Resolve<Target, Root, Prev[H], false>
                  : Bail
              : never
            : Bail
          : Bail
      : Bail;

/** `mapType` on a subschema `J` of the document `Root`, with `D` levels of nesting left. */
type MapType<J, Root, D extends number, AllowId extends boolean = false> =
  Resolve<J, Root, MAX_HOPS, AllowId> extends infer R
    ? R extends Own<infer X>
      ? MapOwnType<X, Root, D>
      : R
    : never;

/** `typeNameOf`: the one non-null type name, from `type` or inferred from the keywords. */
type TypeNameOf<J> = "type" extends keyof J ? NamedType<J["type" & keyof J]> : InferredType<J>;

type NamedType<T> =
  KindOf<T> extends "array"
    ? IsTuple<T> extends true
      ? T extends readonly unknown[]
        ? OneTypeName<{ [I in keyof T]: StringLiteral<T[I]> }[number]>
        : Bail
      : Bail
    : OneTypeName<StringLiteral<T>>;

type OneTypeName<Names> = Bail extends Names
  ? Bail
  : [Names] extends [TypeName]
    ? IsSingle<Exclude<Names, "null">> extends true
      ? Exclude<Names, "null">
      : Bail
    : Bail;

/** `inferTypeName`: exactly one of object, array, or the kind of an `enum` or `const`. */
type InferredType<J> =
  | ("properties" extends keyof J
      ? "object"
      : "patternProperties" extends keyof J
        ? "object"
        : "additionalProperties" extends keyof J
          ? ConstrainsOnly<J["additionalProperties" & keyof J]> extends infer C
            ? C extends false
              ? "object"
              : C extends true
                ? never
                : Bail
            : never
          : never)
  | ("items" extends keyof J ? "array" : never)
  | ("enum" extends keyof J ? EnumKind<J["enum" & keyof J]> : never)
  | ("const" extends keyof J ? ValuesKind<ValueKind<J["const" & keyof J]>> : never) extends infer N
  ? Bail extends N
    ? Bail
    : IsSingle<N> extends true
      ? N
      : Bail
  : never;

/** `valueTypeName` of one value: never for null, `other` for what cannot be an enum's. */
type ValueKind<V> =
  IsAny<V> extends true
    ? Bail
    : [V] extends [never]
      ? Bail
      : [V] extends [null]
        ? never
        : [V] extends [string]
          ? "string"
          : [V] extends [boolean]
            ? "boolean"
            : [V] extends [number]
              ? number extends V
                ? Bail
                : NumberKind<V>
              : "other";

/**
 * `Number.isInteger` read from how a number prints: with a positive exponent it is past 1e21,
 * an integer (`1.5e+300` too); with a negative one, or a point, it has a fraction.
 */
type NumberKind<N extends number> = N extends unknown
  ? `${N}` extends `${string}e+${string}`
    ? "integer"
    : `${N}` extends `${string}.${string}` | `${string}e-${string}`
      ? "number"
      : "integer"
  : never;

/** The one kind of an `enum`'s or `const`'s values: integers among numbers are numbers. */
type ValuesKind<Kinds> = Bail extends Kinds
  ? Bail
  : "other" extends Kinds
    ? Bail
    : ("number" extends Kinds ? Exclude<Kinds, "integer"> : Kinds) extends infer K
      ? IsSingle<K> extends true
        ? K
        : Bail
      : never;

type EnumKind<E> =
  IsTuple<E> extends true
    ? ValuesKind<{ [I in keyof E]: ValueKind<E[I]> }[number & keyof E]>
    : Bail;

/** `mapOwnType`: the shape of a subschema that names its own type. */
type MapOwnType<J, Root, D extends number> =
  TypeNameOf<J> extends infer Name
    ? Name extends "string"
      ? StringShape<J>
      : Name extends "integer" | "number" | "boolean"
        ? Name
        : Name extends "object"
          ? "properties" extends keyof J
            ? Properties<J["properties" & keyof J], Root, D>
            : UndescribedObject<J>
          : Name extends "array"
            ? MapItems<J, Root, D>
            : Bail
    : never;

/** A string is a `date` for the formats date and date-time, or the pattern qaql writes. */
type StringShape<J> = (
  "format" extends keyof J
    ? FormatIsDate<J["format" & keyof J]>
    : false
) extends infer F
  ? F extends true
    ? "date"
    : F extends false
      ? (
          "pattern" extends keyof J
            ? Equals<J["pattern" & keyof J], typeof DATE_JSON_PATTERN>
            : false
        ) extends infer P
        ? P extends true
          ? "date"
          : P extends false
            ? "string"
            : Bail
        : never
      : Bail
  : never;

/** A format that is no string is an error; `date` and `date-time` make a date. */
type FormatIsDate<F> = [F] extends [string]
  ? Equals<F, "date"> extends infer A
    ? A extends true
      ? true
      : Equals<F, "date-time"> extends infer B
        ? B extends true
          ? true
          : A | B extends false
            ? false
            : Bail
        : never
    : never
  : Bail;

/** A field name qaql takes: an identifier [A-Za-z_][A-Za-z0-9_]* (grammar/language.md 1.3). */
type IsIdentifier<S> = S extends `${IdentifierStart}${infer Rest}` ? IsIdentifierRest<Rest> : false;
type IsIdentifierRest<S extends string> = S extends ""
  ? true
  : S extends `${IdentifierStart | Digit}${infer Rest}`
    ? IsIdentifierRest<Rest>
    : false;

/** Names of `properties` the runtime refuses, or the type cannot vouch for. */
type BadNames<P> = {
  [K in keyof P]-?: K extends "__proto__" ? K : IsIdentifier<K> extends true ? never : K;
}[keyof P];

/** `mapFields` without `properties`: `"object"`, unless fields are described without names. */
type UndescribedObject<J> =
  | ("patternProperties" extends keyof J
      ? KindOf<J["patternProperties" & keyof J]> extends "record"
        ? [keyof J["patternProperties" & keyof J]] extends [never]
          ? never
          : Bail
        : Bail
      : never)
  | ("additionalProperties" extends keyof J
      ? ConstrainsOnly<J["additionalProperties" & keyof J]> extends true
        ? never
        : Bail
      : never)
  | ("unevaluatedProperties" extends keyof J
      ? ConstrainsOnly<J["unevaluatedProperties" & keyof J]> extends true
        ? never
        : Bail
      : never) extends infer Refused
  ? [Refused] extends [never]
    ? "object"
    : Bail
  : never;

type Properties<P, Root, D extends number> =
  KindOf<P> extends "record"
    ? [Prev[D]] extends [never]
      ? Bail
      : [BadNames<P>] extends [never]
        ? { readonly [K in keyof P]: MapType<P[K], Root, Prev[D]> }
        : Bail
    : Bail;

/** `mapItems`: `[item]`, or `"array"` for items absent, `false` or of constraints only. */
type MapItems<J, Root, D extends number> = "items" extends keyof J
  ? J["items" & keyof J] extends infer I
    ? ConstrainsOnly<I> extends infer C
      ? C extends Bail
        ? Bail
        : C extends true
          ? AcceptsAnything<I> extends true
            ? Item<I, Root, D>
            : "array"
          : Item<I, Root, D>
      : never
    : never
  : "array";

type Item<I, Root, D extends number> =
  KindOf<I> extends "array"
    ? Bail
    : [Prev[D]] extends [never]
      ? Bail
      : readonly [MapType<I, Root, Prev[D]>];

/**
 * Whether a shape holds a `Bail` at any depth. Fields and items are mapped lazily, each as this
 * looks at it, so that one level of nesting costs the compiler few levels of instantiation.
 */
type HasBail<S> = [S] extends [Bail]
  ? true
  : [S] extends [string]
    ? false
    : [S] extends [readonly [infer Item]]
      ? HasBail<Item>
      : true extends { [K in keyof S]-?: HasBail<S[K]> }[keyof S]
        ? true
        : false;

/** A resource's shape: the runtime refuses anything but an object with properties. */
type ResourceShape<S> = [S] extends [Bail]
  ? unknown
  : [S] extends [string]
    ? unknown
    : [S] extends [readonly unknown[]]
      ? unknown
      : [S] extends [object]
        ? HasBail<S> extends false
          ? S
          : unknown
        : unknown;

/**
 * The shape `schemaFromJsonSchema` builds from the literal JSON Schema `J` of a resource inside
 * the document `Root` (its `$ref`s resolve there), or `unknown` where the type cannot vouch for it.
 */
export type ShapeOfJsonSchema<J, Root = J> = ResourceShape<
  MapType<J, Root, MAX_DEPTH, [J] extends [Root] ? ([Root] extends [J] ? true : false) : false>
>;

/** The pointer an options object of `schemaFromJsonSchema` gives: `""` without one. */
type PointerOption<O> =
  KindOf<O> extends "record"
    ? "pointer" extends keyof O
      ? StringLiteral<O["pointer" & keyof O]>
      : ""
    : Bail;

/**
 * The shape `schemaFromJsonSchema(document, options)` builds from a literal document and
 * options (`pointer` a literal string or absent), or `unknown` where the type cannot vouch for it.
 */
export type ShapeOfJsonSchemaAt<Document, Options> =
  PointerSegments<PointerOption<Options>> extends infer Segments
    ? Segments extends Bail
      ? unknown
      : Follow<Document, Segments> extends infer Resource
        ? [Resource] extends [Bail]
          ? unknown
          : ShapeOfJsonSchema<Resource, Document>
        : never
    : never;
