import type { Schema } from "./schema.ts";

// Types only: the `fields` grammar (grammar/fields.ebnf) read by the TypeScript compiler, so that
// `compileFields("id,name,measures(LOC)", { schema })` is typed by what it selects (3.2). Where
// the compiler cannot follow (a `string`, a text past MAX_TYPED_FIELDS_LENGTH, a schema of
// unknown shape), everything gives way to the runtime's checks and today's types.

/**
 * The longest `fields` text read at the type level. The reader takes one character per step as
 * a tail-recursive conditional type, about 1.5 steps a character at worst (`a,a,a,…`), and
 * TypeScript stops a tail recursion at 1000 steps; 400 leaves room for the rest of a call's
 * checking, and is far past the selections written by hand. A longer text is checked at run time.
 */
export type MAX_TYPED_FIELDS_LENGTH = 400;

type Ws = " " | "\t" | "\r" | "\n";
type Digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
type Lower =
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
type IdentifierStart = Lower | Uppercase<Lower> | "_";
type IdentifierPart = IdentifierStart | Digit;

/** The reader's answer where it gives way: the runtime checks the text. */
interface GiveWay {
  readonly giveWay: true;
}

/** A text the grammar refuses, with a sentence saying why. */
interface SyntaxProblem<Message extends string> {
  readonly problem: Message;
}

// Whether a text is longer than 400 characters, 20 at a time (each `infer` followed by another
// placeholder takes exactly one character).
type Drop20<T extends string> =
  T extends `${infer _0}${infer _1}${infer _2}${infer _3}${infer _4}${infer _5}${infer _6}${infer _7}${infer _8}${infer _9}${infer _10}${infer _11}${infer _12}${infer _13}${infer _14}${infer _15}${infer _16}${infer _17}${infer _18}${infer _19}${infer Rest}`
    ? Rest
    : "";
type LongerThanLimit<T extends string, Chunks extends unknown[] = []> = T extends ""
  ? false
  : Chunks["length"] extends 20
    ? true
    : LongerThanLimit<Drop20<T>, [...Chunks, unknown]>;

/**
 * The reader's states: `item` expects a name (white space allowed before it), `dot` a name
 * right after ".", `name` is inside a path, `after` follows a path, `closed` follows a ")".
 */
type Mode = "item" | "dot" | "name" | "after" | "closed";

// A path ends: "," starts the next item, "(" a sub-selection, ")" closes one, the end ends all.
type AfterPath<
  C extends string,
  Rest extends string,
  Path extends string,
  Prefix extends string,
  Stack extends string[],
  Paths extends string,
> = C extends Ws
  ? Read<Rest, "after", Path, Prefix, Stack, Paths>
  : C extends "("
    ? Read<Rest, "item", "", `${Path}.`, [...Stack, Prefix], Paths>
    : C extends ","
      ? Read<Rest, "item", "", Prefix, Stack, Paths | Path>
      : C extends ")"
        ? Stack extends [...infer Outer extends string[], infer Up extends string]
          ? Read<Rest, "closed", "", Up, Outer, Paths | Path>
          : SyntaxProblem<'")" closes no "("'>
        : SyntaxProblem<`expected "," or "(" after "${Path}", found "${C}"`>;

/**
 * Reads a selection one character at a time into the union of its leaf paths, with their
 * prefixes: `a(b,c.d),e` is `"a.b" | "a.c.d" | "e"`. `Prefix` is that of the sub-selection being
 * read (`"a."`), `Stack` the prefixes of those around it.
 */
type Read<
  Text extends string,
  State extends Mode,
  Path extends string,
  Prefix extends string,
  Stack extends string[],
  Paths extends string,
> = Text extends `${infer C}${infer Rest}`
  ? string extends C
    ? GiveWay
    : State extends "name"
      ? C extends IdentifierPart
        ? Read<Rest, "name", `${Path}${C}`, Prefix, Stack, Paths>
        : C extends "."
          ? Read<Rest, "dot", `${Path}.`, Prefix, Stack, Paths>
          : AfterPath<C, Rest, Path, Prefix, Stack, Paths>
      : State extends "after"
        ? AfterPath<C, Rest, Path, Prefix, Stack, Paths>
        : State extends "closed"
          ? C extends Ws
            ? Read<Rest, "closed", "", Prefix, Stack, Paths>
            : C extends ","
              ? Read<Rest, "item", "", Prefix, Stack, Paths>
              : C extends ")"
                ? Stack extends [...infer Outer extends string[], infer Up extends string]
                  ? Read<Rest, "closed", "", Up, Outer, Paths>
                  : SyntaxProblem<'")" closes no "("'>
                : SyntaxProblem<`expected "," or ")" after ")", found "${C}"`>
          : C extends IdentifierStart
            ? Read<Rest, "name", `${State extends "dot" ? Path : Prefix}${C}`, Prefix, Stack, Paths>
            : State extends "item"
              ? C extends Ws
                ? Read<Rest, "item", "", Prefix, Stack, Paths>
                : SyntaxProblem<`expected a field name, found "${C}"`>
              : SyntaxProblem<`expected a field name after ".", found "${C}"`>
  : string extends Text
    ? GiveWay
    : State extends "item" | "dot"
      ? SyntaxProblem<"expected a field name at the end">
      : Stack extends []
        ? Paths | (State extends "closed" ? never : Path)
        : SyntaxProblem<'expected ")" at the end'>;

/**
 * The leaf paths a `fields` text selects (`"id" | "measures.LOC"`), a `SyntaxProblem`, or
 * `GiveWay` for a text that is not a literal or is longer than MAX_TYPED_FIELDS_LENGTH.
 */
type PathsOfText<T> = T extends string
  ? string extends T
    ? GiveWay
    : LongerThanLimit<T> extends true
      ? GiveWay
      : Read<T, "item", "", "", [], never>
  : GiveWay;

/** The shape a `schema` option was written from, or `GiveWay` where it is not known. */
type ShapeOfOption<S> =
  S extends Schema<infer Shape>
    ? unknown extends Shape
      ? GiveWay
      : Shape
    : S extends object
      ? S
      : GiveWay;

/** Where a name leads in a shape: its fields, `"any"` (every name accepted), or `"scalar"`. */
type ScopeBelow<T> = T extends readonly [infer Item]
  ? ScopeBelow<Item>
  : T extends "any" | "object" | "array"
    ? "any"
    : T extends string
      ? "scalar"
      : T;

/** The problem of one leaf path against a shape's fields (grammar/language.md 4.4), or never. */
type PathProblem<Scope, Path extends string, Name extends string> = Scope extends "any"
  ? never
  : Path extends `${infer Segment}.${infer Rest}`
    ? Segment extends "_links"
      ? 'nothing can be selected inside "_links", which is always kept whole'
      : Scope extends "scalar"
        ? `"${Name}" is not an object: it has no "${Segment}"`
        : Segment extends keyof Scope
          ? PathProblem<ScopeBelow<Scope[Segment]>, Rest, `${Name}.${Segment}`>
          : `unknown field "${Name extends "" ? "" : `${Name}.`}${Segment}"`
    : Path extends "_links"
      ? never
      : Scope extends "scalar"
        ? `"${Name}" is not an object: it has no "${Path}"`
        : Path extends keyof Scope
          ? never
          : `unknown field "${Name extends "" ? "" : `${Name}.`}${Path}"`;

// Names the root scope: a path's name is written in full from the top (`unknown field "a.b"`).
type RootProblem<Shape, Path extends string> = Path extends `${infer Segment}.${infer Rest}`
  ? Segment extends "_links"
    ? 'nothing can be selected inside "_links", which is always kept whole'
    : Segment extends keyof Shape
      ? PathProblem<ScopeBelow<Shape[Segment]>, Rest, Segment>
      : `unknown field "${Segment}"`
  : Path extends "_links" | keyof Shape
    ? never
    : `unknown field "${Path}"`;

/**
 * The parameter type of a `fields` text against a `schema` option: the text itself where it is
 * valid or the compiler gives way, else the runtime's message as a string literal type, so the
 * call fails to compile with it (`unknown field "nmae"`). A tree or an AST passes as it is.
 */
export type CheckedFields<T, S> = [PathsOfText<T>] extends [infer Paths]
  ? [Paths] extends [GiveWay]
    ? T
    : [ShapeOfOption<S>] extends [infer Shape]
      ? [Shape] extends [GiveWay]
        ? T
        : [Paths] extends [SyntaxProblem<infer Message>]
          ? `syntax error: ${Message}`
          : [RootProblem<Shape, Paths & string>] extends [never]
            ? T
            : RootProblem<Shape, Paths & string>
      : T
  : T;

// The names below `Key` in a union of leaf paths.
type PathsBelow<Paths extends string, Key extends string> = Paths extends `${Key}.${infer Rest}`
  ? Rest
  : never;

/** An object projected by leaf paths (3.2): `_links` kept, a selected name kept whole. */
type SelectedObject<T, Paths extends string> = {
  [K in keyof T as K extends Paths | "_links"
    ? K
    : K extends string
      ? [PathsBelow<Paths, K>] extends [never]
        ? never
        : K
      : never]: K extends Paths | "_links" ? T[K] : Selected<T[K], PathsBelow<Paths, K & string>>;
};

// An element of a projected array: objects projected, everything else kept (3.2).
type SelectedElement<T, Paths extends string> = T extends readonly unknown[]
  ? T
  : Selected<T, Paths>;

/**
 * A value projected by the leaf paths of a selection (grammar/language.md 3.2): a plain object
 * keeps the selected members (and `_links`), an array has each object element projected, any
 * other value (a `Date`, `null`, an object of unknown members) is kept. Members keep their
 * optional and readonly marks.
 */
export type Selected<T, Paths extends string> = T extends readonly unknown[]
  ? { [I in keyof T]: SelectedElement<T[I], Paths> }
  : T extends Date | ((...args: never[]) => unknown)
    ? T
    : T extends object
      ? string extends keyof T
        ? T
        : SelectedObject<T, Paths>
      : T;

/**
 * The leaf paths a literal text selects from a typed schema's records (`{ paths: "id" |
 * "measures.LOC" }`), or `undefined` where the compiler gives way or the text is refused.
 */
export type TypedSelection<T, S> = [PathsOfText<T>] extends [infer Paths]
  ? [Paths] extends [GiveWay | SyntaxProblem<string>]
    ? undefined
    : [ShapeOfOption<S>] extends [GiveWay]
      ? undefined
      : { readonly paths: Paths & string }
  : undefined;

/**
 * A projection typed by its selection: the record passed in (a record of the schema, or a
 * narrower one), projected by the selection's leaf paths.
 */
export type SelectingProjection<R, Paths extends string> = <T extends R>(
  record: T,
) => Selected<0 extends 1 & T ? R : T, Paths>;
