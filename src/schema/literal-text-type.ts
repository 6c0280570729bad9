import type { EscapedVisibly } from "./escapes-type.ts";
import type { ShapeOfOption, UnknownShape } from "./infer-type.ts";

// Types only: what the type-level readers of `where` (where-type.ts) and `fields`
// (selection-type.ts) share: characters, the length limit, the schema's shape, and the
// runtime's "did you mean" (nearestName in schema.ts) computed by the compiler.

/**
 * The longest `where` text read at the type level. The reader takes about 1.5 steps a character
 * at worst (`a=1 OR a=1 …`; a quoted text a few characters a step), and TypeScript stops a tail
 * recursion at 1000 steps; 500 leaves room for the rest of a call's checking (560 still passes
 * in every worst case tested) and holds the 40-comparison filter of bench/parse-filters.ts. A
 * longer text is checked at run time only.
 */
export type MAX_TYPED_WHERE_LENGTH = 500;

/** The longest `fields` text read at the type level: 400 (`a,a,a,…` costs the most steps a character). */
export type MAX_TYPED_FIELDS_LENGTH = 400;

export type Ws = " " | "\t" | "\r" | "\n";
export type Digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
/** The lower-case ASCII letters. */
export type Lower =
  | "a"
  | "b"
  | "c"
  | "d"
  | "e"
  | "f"
  | "g"
  | "h"
  | "i"
  | "j"
  | "k"
  | "l"
  | "m"
  | "n"
  | "o"
  | "p"
  | "q"
  | "r"
  | "s"
  | "t"
  | "u"
  | "v"
  | "w"
  | "x"
  | "y"
  | "z";
export type IdentifierStart = Lower | Uppercase<Lower> | "_";
export type IdentifierPart = IdentifierStart | Digit;

/** The reader's answer where it gives way: the runtime checks the text. */
export interface GiveWay {
  readonly giveWay: true;
}

/** A text the grammar refuses, with the runtime's sentence saying why. */
export interface SyntaxProblem<Message extends string> {
  readonly problem: Message;
}

// Whether a text is longer than `Chunks` times 20 characters (each `infer` followed by another
// placeholder takes exactly one character).
type Drop20<T extends string> =
  T extends `${infer _0}${infer _1}${infer _2}${infer _3}${infer _4}${infer _5}${infer _6}${infer _7}${infer _8}${infer _9}${infer _10}${infer _11}${infer _12}${infer _13}${infer _14}${infer _15}${infer _16}${infer _17}${infer _18}${infer _19}${infer Rest}`
    ? Rest
    : "";
type LongerThan<T extends string, Chunks extends number, Seen extends unknown[] = []> = T extends ""
  ? false
  : Seen["length"] extends Chunks
    ? true
    : LongerThan<Drop20<T>, Chunks, [...Seen, unknown]>;

/** Whether a text is one a reader reads: a literal no longer than `Limit` (a multiple of 20). */
export type IsReadableText<T, Limit extends number> = T extends string
  ? string extends T
    ? false
    : LongerThan<T, Limit extends 500 ? 25 : 20> extends true
      ? false
      : true
  : false;

/** The options a type-level reader takes from a call, as literal types: the schema, the limits. */
export interface LiteralTextOptions<S, D, L> {
  readonly schema?: S;
  readonly maxDepth?: D;
  readonly maxLength?: L;
}

/** The shape a `schema` option was written from, or `GiveWay` where it is not known. */
export type KnownShapeOfOption<S> = [ShapeOfOption<S>] extends [infer Shape]
  ? [Shape] extends [UnknownShape]
    ? GiveWay
    : Shape
  : GiveWay;

// Quoting a piece of the input for a message as quoteInput does: escaped, shortened past 24.
type First21<
  T extends string,
  Taken extends string = "",
  N extends unknown[] = [],
> = N["length"] extends 21
  ? Taken
  : T extends `${infer C}${infer Rest}`
    ? First21<Rest, `${Taken}${C}`, [...N, unknown]>
    : Taken;
type LongerThan24<T extends string> =
  T extends `${infer _0}${infer _1}${infer _2}${infer _3}${infer _4}${infer _5}${infer _6}${infer _7}${infer _8}${infer _9}${infer _10}${infer _11}${infer _12}${infer _13}${infer _14}${infer _15}${infer _16}${infer _17}${infer _18}${infer _19}${infer _20}${infer _21}${infer _22}${infer _23}${infer _24}${string}`
    ? true
    : false;
/** A piece of the input quoted for a message as quoteInput does: JSON quotes, shortened past 24. */
export type Quoted<T extends string> =
  `"${EscapedVisibly<LongerThan24<T> extends true ? `${First21<T>}…` : T>}"`;
/** ` after "x"` naming the token before a problem, or "" at the start. */
export type After<Prev extends string> = Prev extends "" ? "" : ` after ${Quoted<Prev>}`;

/** Where the depth of parentheses is limited: `maxDepth` as given, 64 unless set, unknown for a `number`. */
export type DepthLimit<D> = [D] extends [undefined] ? 64 : number extends D ? "unknown" : D;

/** The runtime's message for parentheses past the limit. */
export type TooDeep<Limit> = `parentheses nest deeper than the limit of ${Limit & number} levels`;

/**
 * What one more "(" does, `Depth` being the limit (`DepthLimit`) followed by one item per open
 * "(": opens it, passes the limit, or gives way (past 64 with a limit the type cannot read).
 */
export type OpenParen<Depth extends unknown[]> = Depth extends [infer Limit, ...infer Opens]
  ? Limit extends "unknown"
    ? Opens["length"] extends 64
      ? "giveWay"
      : "open"
    : Opens["length"] extends Limit
      ? "tooDeep"
      : "open"
  : "open";

/** The answer for a "(" that does not open: the runtime's message, or giving way. */
export type NotOpened<Depth extends unknown[]> = Depth extends ["unknown", ...unknown[]]
  ? GiveWay
  : SyntaxProblem<TooDeep<Depth[0]>>;

// ---------------------------------------------------------------------------------------------
// nearestName (schema.ts) at the type level: the optimal-string-alignment distance, ignoring
// case, up to 2; suggestions are computed over a scope's few names.

type Count = 0 | 1 | 2;
type Less = [never, 0, 1];

/** Whether two texts are at most K edits apart (insert, delete, substitute, swap neighbours). */
type Within<A extends string, B extends string, K extends Count> = A extends B
  ? true
  : A extends `${infer X}${infer RestA}`
    ? B extends `${infer Y}${infer RestB}`
      ? X extends Y
        ? Within<RestA, RestB, K>
        : K extends 0
          ? false
          : true extends
                | Within<RestA, RestB, Less[K]>
                | Within<RestA, B, Less[K]>
                | Within<A, RestB, Less[K]>
                | (RestA extends `${Y}${infer SwappedA}`
                    ? RestB extends `${X}${infer SwappedB}`
                      ? Within<SwappedA, SwappedB, Less[K]>
                      : false
                    : false)
            ? true
            : false
      : LengthAtMost<A, K>
    : LengthAtMost<B, K>;

type LengthAtMost<T extends string, K extends Count> = T extends ""
  ? true
  : K extends 0
    ? false
    : T extends `${string}${infer Rest}`
      ? LengthAtMost<Rest, Less[K]>
      : true;

/** The most edits a suggestion may be away: a third of the typed name's length, at most 2. */
type MostEdits<T extends string> =
  T extends `${infer _1}${infer _2}${infer _3}${infer _4}${infer _5}${infer _6}${string}`
    ? 2
    : T extends `${infer _1}${infer _2}${infer _3}${string}`
      ? 1
      : 0;

/** The names within exactly `K` edits of `Typed` (lower case both), where none is nearer. */
type NamesAt<Typed extends string, Names extends string, K extends Count> = Names extends string
  ? Within<Lowercase<Typed>, Lowercase<Names>, K> extends true
    ? Names
    : never
  : never;

type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;

/** `T` where it is exactly one name, else never. */
type OnlyOne<T> = [T] extends [never] ? never : IsUnion<T> extends true ? never : T;

type Nearest<Typed extends string, Names extends string, K extends Count, Most extends Count> = [
  NamesAt<Typed, Names, K>,
] extends [never]
  ? K extends Most
    ? never
    : Nearest<Typed, Names, K extends 0 ? 1 : 2, Most>
  : OnlyOne<NamesAt<Typed, Names, K>>;

/** The names a typed name of 2 or more characters starts, ignoring case, other than itself. */
type Started<
  Typed extends string,
  Names extends string,
> = Typed extends `${infer _1}${infer _2}${string}`
  ? Names extends string
    ? Lowercase<Names> extends `${Lowercase<Typed>}${infer After}`
      ? After extends ""
        ? never
        : Names
      : never
    : never
  : never;

/**
 * The name among `Names` that `Typed` most likely stands for, as the runtime's `nearestName`
 * says: the nearest ignoring case, at most a third of its length away and never more than 2, if
 * no other is as near; else the only name it starts; else never.
 */
export type NearestName<Typed extends string, Names extends string> = [
  Nearest<Typed, Names, 0, MostEdits<Typed>>,
] extends [never]
  ? OnlyOne<Started<Typed, Names>>
  : Nearest<Typed, Names, 0, MostEdits<Typed>>;

/** `Typed` itself when it is one of `Names`, else the name it most likely stands for: a suggestion's segment. */
export type UsableName<Typed extends string, Names extends string> = Typed extends Names
  ? Typed
  : NearestName<Typed, Names>;

/** `: did you mean X?` for a suggestion, or "" for none. */
export type DidYouMean<Suggestion> = [Suggestion] extends [never]
  ? ""
  : Suggestion extends string
    ? `: did you mean ${Suggestion}?`
    : "";

/** `T` where it must not be inferred from (a completion `${T}…` would add candidates for `T`). */
export type Blocked<T> = [T][T extends unknown ? 0 : never];

/** A path's written part: up to its last "." (`owner.`), and the name being written (`lo`). */
export type SplitPath<
  P extends string,
  Prefix extends string = "",
> = P extends `${infer Name}.${infer Rest}` ? SplitPath<Rest, `${Prefix}${Name}.`> : [Prefix, P];
