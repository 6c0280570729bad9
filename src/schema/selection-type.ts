import type {
  After,
  Blocked,
  DepthLimit,
  DidYouMean,
  GiveWay,
  IdentifierPart,
  IdentifierStart,
  IsReadableText,
  KnownShapeOfOption,
  MAX_TYPED_FIELDS_LENGTH,
  NotOpened,
  OpenParen,
  SplitPath,
  SyntaxProblem,
  UsableName,
  Ws,
} from "./literal-text-type.ts";

// Types only: the `fields` grammar (grammar/fields.ebnf) and the schema's checks
// (validate-fields.ts) read by the TypeScript compiler, so that `compileFields("id,name,
// measures(LOC)", { schema })` is typed by what it selects (3.2) and an unknown name fails to
// compile with the runtime's message. Where the compiler cannot follow (a `string`, a text past
// MAX_TYPED_FIELDS_LENGTH, a schema of unknown shape), everything gives way to the runtime.

/** One item as read: the name of the selection it is in (`""` at the top), its path, whether a sub-selection follows. */
type Item = readonly [prefix: string, path: string, selects: boolean];

type LinksProblem =
  SyntaxProblem<'nothing can be selected inside "_links", which is always kept whole'>;

/** What may follow a path, or a ")", inside the selection `Stack` describes. */
type EndOrClose<Stack extends unknown[]> = Stack extends [unknown]
  ? "the end of the selection"
  : '")"';

type Problem<
  What extends string,
  Prev extends string,
> = SyntaxProblem<`expected ${What}${After<Prev>}`>;

/** A path has ended with `T` next: "(" opens its sub-selection, "," or ")" ends its item. */
type AfterPath<
  T extends string,
  Path extends string,
  Segment extends string,
  Stack extends unknown[],
  Items extends readonly Item[],
> = T extends `${infer C}${infer Rest}`
  ? C extends Ws
    ? Read<Rest, "after", Path, Segment, Path, Stack, Items>
    : Segment extends "_links"
      ? C extends "(" | "."
        ? LinksProblem
        : AfterItem<T, Path, Stack, Items>
      : AfterItem<T, Path, Stack, Items>
  : AtEnd<"after", Path, Path, Stack, Items>;

type Prefix<Stack extends unknown[]> = Stack extends [...unknown[], infer Top extends string]
  ? Top
  : "";
type Joined<Prefix extends string, Path extends string> = Prefix extends ""
  ? Path
  : `${Prefix}.${Path}`;

type AfterItem<
  T extends string,
  Path extends string,
  Stack extends unknown[],
  Items extends readonly Item[],
> = T extends `${infer C}${infer Rest}`
  ? C extends "("
    ? OpenParen<Stack> extends "open"
      ? Read<
          Rest,
          "item",
          "",
          "",
          "(",
          [...Stack, Joined<Prefix<Stack>, Path>],
          [...Items, [Prefix<Stack>, Path, true]]
        >
      : NotOpened<Stack>
    : C extends ","
      ? Read<Rest, "item", "", "", ",", Stack, [...Items, [Prefix<Stack>, Path, false]]>
      : C extends ")"
        ? Stack extends [unknown, unknown, ...unknown[]]
          ? Read<
              Rest,
              "closed",
              "",
              "",
              ")",
              Stack extends [...infer Outer, unknown] ? Outer : never,
              [...Items, [Prefix<Stack>, Path, false]]
            >
          : Problem<`",", "(" or ${EndOrClose<Stack>}`, Path>
        : Problem<`",", "(" or ${EndOrClose<Stack>}`, Path>
  : never;

// `Stack` is the depth limit followed by the names of the open sub-selections (OpenParen).

/**
 * Reads a selection one character at a time into its items, in the order of the text (each
 * before the items of its sub-selection), or the first `SyntaxProblem` from the left. Modes:
 * `item` expects a name (white space allowed before it), `dot` a name right after ".", `name`
 * is inside a path's `Segment`, `after` follows a path and white space, `closed` follows ")".
 */
type Read<
  T extends string,
  Mode extends string,
  Path extends string,
  Segment extends string,
  Prev extends string,
  Stack extends unknown[],
  Items extends readonly Item[],
> = T extends `${infer C}${infer Rest}`
  ? string extends C
    ? GiveWay
    : Mode extends "name"
      ? C extends IdentifierPart
        ? Read<Rest, "name", `${Path}${C}`, `${Segment}${C}`, Prev, Stack, Items>
        : C extends "."
          ? Segment extends "_links"
            ? LinksProblem
            : Read<Rest, "dot", `${Path}.`, "", ".", Stack, Items>
          : AfterPath<T, Path, Segment, Stack, Items>
      : Mode extends "after"
        ? AfterPath<T, Path, Segment, Stack, Items>
        : Mode extends "closed"
          ? C extends Ws
            ? Read<Rest, "closed", "", "", Prev, Stack, Items>
            : C extends ","
              ? Read<Rest, "item", "", "", ",", Stack, Items>
              : C extends ")"
                ? Stack extends [unknown, unknown, ...unknown[]]
                  ? Read<
                      Rest,
                      "closed",
                      "",
                      "",
                      ")",
                      Stack extends [...infer Outer, unknown] ? Outer : never,
                      Items
                    >
                  : Problem<`"," or ${EndOrClose<Stack>}`, Prev>
                : Problem<`"," or ${EndOrClose<Stack>}`, Prev>
          : C extends IdentifierStart
            ? Read<Rest, "name", `${Path}${C}`, C, Prev, Stack, Items>
            : Mode extends "item"
              ? C extends Ws
                ? Read<Rest, "item", "", "", Prev, Stack, Items>
                : Problem<"a field name", Prev>
              : Problem<"a field name", ".">
  : string extends T
    ? GiveWay
    : AtEnd<Mode, Path, Prev, Stack, Items>;

/**
 * A text that ends where a name is to come or is being written: the problem, the path from the
 * top of the object whose names may stand there (`Scope`), and the name's part written (`Word`).
 */
interface Incomplete<Message extends string, Scope extends string, Word extends string>
  extends SyntaxProblem<Message> {
  readonly scope: Scope;
  readonly word: Word;
}

/** Where a path being written (`owner.lo`, below the selection `Stack` opened) takes its names. */
type ScopeOfPath<Stack extends unknown[], Path extends string> =
  SplitPath<Path> extends [infer Head extends string, infer Word extends string]
    ? [Joined<Prefix<Stack>, Head extends `${infer Name}.` ? Name : Head>, Word]
    : never;

type AtEnd<
  Mode extends string,
  Path extends string,
  Prev extends string,
  Stack extends unknown[],
  Items extends readonly Item[],
> = Mode extends "item"
  ? Incomplete<`expected a field name${After<Prev>}`, Prefix<Stack>, "">
  : Mode extends "dot"
    ? Incomplete<`expected a field name${After<".">}`, ScopeOfPath<Stack, Path>[0], "">
    : Stack extends [unknown]
      ? Mode extends "closed"
        ? Items
        : [...Items, ["", Path, false]]
      : Mode extends "closed"
        ? Problem<'"," or ")"', Prev>
        : Mode extends "name"
          ? Incomplete<
              `expected ",", "(" or ")"${After<Path>}`,
              ScopeOfPath<Stack, Path>[0],
              ScopeOfPath<Stack, Path>[1]
            >
          : Problem<'",", "(" or ")"', Path>;

/** The items of a `fields` text, a `SyntaxProblem`, or `GiveWay`. */
type ItemsOfText<T, D> =
  IsReadableText<T, MAX_TYPED_FIELDS_LENGTH> extends true
    ? Read<T & string, "item", "", "", "", [DepthLimit<D>], []>
    : GiveWay;

/** What a selection may name below a shape: its fields, `"any"` (every name), or `"scalar"`. */
type ScopeBelow<T> = T extends readonly [infer Element]
  ? ScopeBelow<Element>
  : T extends "any" | "object" | "array"
    ? "any"
    : T extends string
      ? "scalar"
      : T;

/** The scope a selection's name leads to from the top (its items were checked before it). */
type ScopeAt<Scope, Name extends string> = Name extends ""
  ? Scope
  : Scope extends "any" | "scalar"
    ? Scope
    : Name extends `${infer Segment}.${infer Rest}`
      ? Segment extends "_links"
        ? "any"
        : Segment extends keyof Scope
          ? ScopeAt<ScopeBelow<Scope[Segment]>, Rest>
          : "any"
      : Name extends "_links"
        ? "any"
        : Name extends keyof Scope
          ? ScopeBelow<Scope[Name]>
          : "any";

/** The names of a scope that lead on: those with fields (or any name) below them. */
type LeadingOn<Scope> = {
  [K in keyof Scope & string]: ScopeBelow<Scope[K]> extends "scalar" ? never : K;
}[keyof Scope & string];

/** suggestItem (validate-fields.ts): each segment replaced by the nearest usable name at its place. */
type SuggestItem<
  Scope,
  Path extends string,
  Selects extends boolean,
  Out extends string,
> = Scope extends "scalar"
  ? never
  : Path extends `${infer Segment}.${infer Rest}`
    ? Scope extends "any"
      ? SuggestItem<"any", Rest, Selects, `${Out}${Segment}.`>
      : Segment extends "_links"
        ? SuggestItem<"any", Rest, Selects, `${Out}${Segment}.`>
        : UsableName<Segment, LeadingOn<Scope>> extends infer Name extends string
          ? [Name] extends [never]
            ? never
            : SuggestItem<ScopeBelow<Scope[Name & keyof Scope]>, Rest, Selects, `${Out}${Name}.`>
          : never
    : Scope extends "any"
      ? `${Out}${Path}`
      : Path extends "_links"
        ? `${Out}${Path}`
        : UsableName<
              Path,
              Selects extends true ? LeadingOn<Scope> : keyof Scope & string
            > extends infer Name extends string
          ? [Name] extends [never]
            ? never
            : `${Out}${Name}`
          : never;

/** The runtime's first problem of one item in `Scope` (validate-fields.ts), or never. */
type ItemProblem<
  Scope,
  Path extends string,
  Name extends string,
  ItemScope,
  Prefix extends string,
  Whole extends string,
  Selects extends boolean,
> = Path extends `${infer Segment}.${infer Rest}`
  ? Scope extends "scalar"
    ? `"${Name}" is not an object: it has no "${Segment}"`
    : Scope extends "any"
      ? never
      : Segment extends "_links"
        ? never
        : Segment extends keyof Scope
          ? ItemProblem<
              ScopeBelow<Scope[Segment]>,
              Rest,
              Joined<Name, Segment>,
              ItemScope,
              Prefix,
              Whole,
              Selects
            >
          : Unknown<Joined<Name, Segment>, ItemScope, Prefix, Whole, Selects>
  : Scope extends "scalar"
    ? `"${Name}" is not an object: it has no "${Path}"`
    : Scope extends "any"
      ? never
      : Path extends "_links"
        ? never
        : Path extends keyof Scope
          ? Selects extends true
            ? ScopeBelow<Scope[Path]> extends "scalar"
              ? `"${Joined<Name, Path>}" is not an object: it has no fields to select`
              : never
            : never
          : Unknown<Joined<Name, Path>, ItemScope, Prefix, Whole, Selects>;

type Unknown<
  Name extends string,
  ItemScope,
  Prefix extends string,
  Whole extends string,
  Selects extends boolean,
> = `unknown field "${Name}"${DidYouMean<SuggestItem<ItemScope, Whole, Selects, Prefix extends "" ? "" : `${Prefix}.`>>}`;

/** The first problem of the items against a shape, in the order of the text, or never. */
type FirstItemProblem<Shape, Items extends readonly Item[]> = Items extends readonly [
  infer I extends Item,
  ...infer Rest extends readonly Item[],
]
  ? [
      ItemProblem<ScopeAt<Shape, I[0]>, I[1], I[0], ScopeAt<Shape, I[0]>, I[0], I[1], I[2]>,
    ] extends [never]
    ? FirstItemProblem<Shape, Rest>
    : ItemProblem<ScopeAt<Shape, I[0]>, I[1], I[0], ScopeAt<Shape, I[0]>, I[0], I[1], I[2]>
  : never;

/** The leaf paths of the items: those with no sub-selection, named from the top. */
type LeafPaths<Items extends readonly Item[]> = {
  [K in keyof Items]: Items[K] extends readonly [
    infer Prefix extends string,
    infer Path extends string,
    false,
  ]
    ? Joined<Prefix, Path>
    : never;
}[number];

/**
 * The parameter type of a `fields` text against a `schema` option: the text itself where it is
 * valid or the compiler gives way, else the runtime's message as a string literal type, so the
 * call fails to compile with it (`unknown field "nmae": did you mean name?`). Without a typed
 * schema only the syntax is read; a tree or an AST passes as it is. `D` is the `maxDepth`
 * option; with a `maxLength` option (`L`), the text is left to the runtime.
 */
export type CheckedFields<T, S, D = undefined, L = undefined> = [L] extends [undefined]
  ? T extends unknown
    ? CheckedFieldsText<T, S, D> // each member of a union on its own
    : never
  : T;

// The items read are looked at first: most texts are valid, and each test costs.
type CheckedFieldsText<T, S, D> = [ItemsOfText<T, D>] extends [infer Items]
  ? Items extends readonly Item[]
    ? [KnownShapeOfOption<S>] extends [infer Shape]
      ? [Shape] extends [GiveWay]
        ? T
        : [FirstItemProblem<Shape, Items>] extends [never]
          ? T
          : FirstItemProblem<Shape, Items> | LastNameCompletions<Blocked<T> & string, Shape, Items>
      : T
    : [Items] extends [Incomplete<infer Message, infer Scope, infer Word>]
      ? Message | Completions<Blocked<T> & string, KnownShapeOfOption<S>, Scope, Word>
      : [Items] extends [SyntaxProblem<infer Message>]
        ? Message
        : T
  : T;

/**
 * Whole texts completing `T` with a name of the object `ScopePath` names from the top: those
 * extending `Word`, the part written (`_links` too at the top), as completeFields's (11.3).
 */
type Completions<T extends string, Shape, ScopePath extends string, Word extends string> = [
  Shape,
] extends [GiveWay]
  ? never
  : ScopeAt<Shape, ScopePath> extends infer Scope
    ? Scope extends "any" | "scalar"
      ? never
      : (keyof Scope & string) | (ScopePath extends "" ? "_links" : never) extends infer Name
        ? Name extends `${Word}${infer Rest}`
          ? Rest extends ""
            ? never
            : `${T}${Rest}`
          : never
        : never
    : never;

/** For a text refused whose last item is a name it ends with: the names that complete that name. */
type LastNameCompletions<
  T extends string,
  Shape,
  Items extends readonly Item[],
> = Items extends readonly [
  ...unknown[],
  readonly [infer Prefix extends string, infer Path extends string, false],
]
  ? T extends `${string}${Path}`
    ? SplitPath<Path> extends [infer Head extends string, infer Word extends string]
      ? Completions<T, Shape, Joined<Prefix, Head extends `${infer Name}.` ? Name : Head>, Word>
      : never
    : never
  : never;

// The names below `Key` in a union of leaf paths.
type PathsBelow<Paths extends string, Key extends string> = Paths extends `${Key}.${infer Rest}`
  ? Rest
  : never;

/**
 * An object projected by leaf paths (3.2): `_links` kept, a selected name kept whole; `& {}`
 * shows the row's members where it is hovered, not this alias.
 */
type SelectedObject<T, Paths extends string> = {
  [K in keyof T as K extends Paths | "_links"
    ? K
    : K extends string
      ? [PathsBelow<Paths, K>] extends [never]
        ? never
        : K
      : never]: K extends Paths | "_links" ? T[K] : Selected<T[K], PathsBelow<Paths, K & string>>;
} & {};

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
        : [keyof T] extends [never]
          ? T // an object of unknown members (`object`)
          : SelectedObject<T, Paths>
      : T;

/**
 * The leaf paths a literal text selects from a typed schema's records (`{ paths: "id" |
 * "measures.LOC" }`), or `undefined` where the compiler gives way or the text is refused.
 */
export type TypedSelection<T, S, D = undefined, L = undefined> = [L] extends [undefined]
  ? T extends unknown
    ? TypedSelectionOfText<T, S, D> // a union of texts: one selection each
    : never
  : undefined;

type TypedSelectionOfText<T, S, D> = [ItemsOfText<T, D>] extends [infer Items]
  ? Items extends readonly Item[]
    ? [KnownShapeOfOption<S>] extends [GiveWay]
      ? undefined
      : { readonly paths: LeafPaths<Items> }
    : undefined
  : undefined;

type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;

/**
 * The leaf paths of a `TypedSelection`: those of its one selection, or for a union of texts a
 * tuple of each selection's (`["id"] | ["owner.login"]`), so a row is one selection's or the other's.
 */
export type SelectionPaths<Selection> =
  true extends IsUnion<Selection>
    ? Selection extends { readonly paths: infer Paths extends string }
      ? readonly [Paths]
      : never
    : Selection extends { readonly paths: infer Paths extends string }
      ? Paths
      : never;

/**
 * A projection typed by its selection: the record passed in (a record of the schema, or a
 * narrower one), projected by the selection's leaf paths; by each selection's, one tuple of
 * paths apiece, where a union of texts was compiled.
 */
export type SelectingProjection<R, Paths extends string | readonly [string]> = <T extends R>(
  record: T,
) => SelectedBy<0 extends 1 & T ? R : T, Paths>;

type SelectedBy<T, Paths> = [Paths] extends [string]
  ? Selected<T, Paths>
  : Paths extends readonly [infer One extends string]
    ? Selected<T, One>
    : never;
