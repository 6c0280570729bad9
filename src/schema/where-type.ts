import type { WhereOperatorText } from "../ast/where-grammar.ts";
import type { Escaped } from "./escapes-type.ts";
import type {
  After,
  Blocked,
  DepthLimit,
  DidYouMean,
  Digit,
  GiveWay,
  IdentifierPart,
  IdentifierStart,
  IsReadableText,
  KnownShapeOfOption,
  MAX_TYPED_WHERE_LENGTH,
  NotOpened,
  OpenParen,
  SplitPath,
  SyntaxProblem,
  UsableName,
  Ws,
} from "./literal-text-type.ts";

// Types only: the `where` grammar (grammar/where.ebnf) and the schema's checks (language.md 4)
// read by the TypeScript compiler, so that `compileWhere("rnak>=2", { schema })` fails to compile
// with the runtime's message. Where the compiler cannot follow (a `string`, a text past
// MAX_TYPED_WHERE_LENGTH, a schema of unknown shape), the text is left to the runtime's checks.
// One file of some 950 lines: the reader is one chain of conditional types (TypeScript counts
// its tail recursion only along such a chain), the formatter writes each step on many lines and
// the invisible characters one a line, and the checks read the predicates the reader collects.

// Characters no bare value or pattern holds (INVISIBLE_CLASS in ast/where.ts; a test compares).
type Invisible =
  | "\u0000"
  | "\u0001"
  | "\u0002"
  | "\u0003"
  | "\u0004"
  | "\u0005"
  | "\u0006"
  | "\u0007"
  | "\u0008"
  | "\u000b"
  | "\u000c"
  | "\u000e"
  | "\u000f"
  | "\u0010"
  | "\u0011"
  | "\u0012"
  | "\u0013"
  | "\u0014"
  | "\u0015"
  | "\u0016"
  | "\u0017"
  | "\u0018"
  | "\u0019"
  | "\u001a"
  | "\u001b"
  | "\u001c"
  | "\u001d"
  | "\u001e"
  | "\u001f"
  | "\u007f"
  | "\u0080"
  | "\u0081"
  | "\u0082"
  | "\u0083"
  | "\u0084"
  | "\u0085"
  | "\u0086"
  | "\u0087"
  | "\u0088"
  | "\u0089"
  | "\u008a"
  | "\u008b"
  | "\u008c"
  | "\u008d"
  | "\u008e"
  | "\u008f"
  | "\u0090"
  | "\u0091"
  | "\u0092"
  | "\u0093"
  | "\u0094"
  | "\u0095"
  | "\u0096"
  | "\u0097"
  | "\u0098"
  | "\u0099"
  | "\u009a"
  | "\u009b"
  | "\u009c"
  | "\u009d"
  | "\u009e"
  | "\u009f"
  | "\u00a0"
  | "\u00ad"
  | "\u061c"
  | "\u1680"
  | "\u180e"
  | "\u2000"
  | "\u2001"
  | "\u2002"
  | "\u2003"
  | "\u2004"
  | "\u2005"
  | "\u2006"
  | "\u2007"
  | "\u2008"
  | "\u2009"
  | "\u200a"
  | "\u200b"
  | "\u200c"
  | "\u200d"
  | "\u200e"
  | "\u200f"
  | "\u2028"
  | "\u2029"
  | "\u202a"
  | "\u202b"
  | "\u202c"
  | "\u202d"
  | "\u202e"
  | "\u202f"
  | "\u205f"
  | "\u2060"
  | "\u2061"
  | "\u2062"
  | "\u2063"
  | "\u2064"
  | "\u2065"
  | "\u2066"
  | "\u2067"
  | "\u2068"
  | "\u2069"
  | "\u206a"
  | "\u206b"
  | "\u206c"
  | "\u206d"
  | "\u206e"
  | "\u206f"
  | "\u3000"
  | "\ufeff"
  | "\ufff9"
  | "\ufffa"
  | "\ufffb";

/** For tests: the characters the type-level reader takes as invisible. */
export type InvisibleCharacter = Invisible;

/** Characters that end a bare value or pattern (grammar/where.ebnf, `bare char`). */
type NotBare = Ws | "(" | ")" | "," | '"' | Invisible;
/** Characters no bare value starts with (`bare first`). */
type NotBareFirst = "=" | "!" | "<" | ">" | "~";
type Keyword = "AND" | "OR" | "IN" | "NOT" | "IS" | "NULL";

/** One predicate as read: its path, its operator (canonical), and the texts it compares with. */
type Read1 = readonly [path: string, operator: string, values: readonly string[]];

/** What a word after a path or an operand may be, by where it stands. */
type WordPlace = "operator" | "is" | "isNot" | "not" | "andOr" | "andOrTouching";

type Expected<
  What extends string,
  Prev extends string,
> = SyntaxProblem<`expected ${What}${After<Prev>}`>;
type OPERATORS = "an operator (= != > >= < <= ~ IN NOT IN IS NULL IS NOT NULL)";

/** The operators this reader reads (`Operator`, and the keywords after a path). */
type ReadOperators =
  | "="
  | "!="
  | ">"
  | ">="
  | "<"
  | "<="
  | "~"
  | "IN"
  | "NOT IN"
  | "IS NULL"
  | "IS NOT NULL";

/**
 * `true` while this reader reads exactly the operator table's operators: an operator added to
 * WHERE_OPERATORS stops compiling here until the types read it too.
 */
type ReadsEveryOperator = [WhereOperatorText] extends [ReadOperators]
  ? [ReadOperators] extends [WhereOperatorText]
    ? true
    : "this reader reads an operator the table lacks"
  : "the operator table has an operator this reader does not read";
true satisfies ReadsEveryOperator;
type EndOrGroup<Depth extends unknown[]> = Depth extends [unknown]
  ? "AND, OR or the end of the filter"
  : 'AND, OR or ")"';

/** A quoted text after its opening quote: `[value, raw, rest]`, `""` undoubled, or "unterminated". */
type ReadQuoted<
  T extends string,
  Value extends string = "",
  Raw extends string = "",
> = T extends `${infer Inside}"${infer Rest}`
  ? Rest extends `"${infer After}`
    ? ReadQuoted<After, `${Value}${Inside}"`, `${Raw}${Inside}""`>
    : [`${Value}${Inside}`, `"${Raw}${Inside}"`, Rest]
  : "unterminated";

type Unterminated = SyntaxProblem<"this quote is never closed">;
/**
 * A text that ends where a path (`Kind` "path", `Partial` its part written) or an operator after
 * the path `Partial` ("operator") is still to come: the problem, and what completes the text.
 */
interface Incomplete<
  Message extends string,
  Kind extends "path" | "operator",
  Partial extends string,
> extends SyntaxProblem<Message> {
  readonly incomplete: Kind;
  readonly partial: Partial;
}
/** In the lexer's list mode a '"' opens a quote: one never closed is the problem found first. */
type QuoteOr<T extends string, Otherwise> = T extends `"${infer Rest}`
  ? ReadQuoted<Rest> extends "unterminated"
    ? Unterminated
    : Otherwise
  : Otherwise;
type Misplaced =
  SyntaxProblem<'a "*" is a wildcard only at the start or end of a pattern; quote the text to match a literal "*"'>;
type EmptyPattern = SyntaxProblem<"a pattern must not be empty">;

/**
 * Reads a filter one character at a time (a quoted text at once) into its predicates, in the
 * order of the text, or the first `SyntaxProblem` reading from the left. `Depth` holds the depth
 * limit, then one item per open "("; `Prev` is the last token read, as messages name it; `Token`
 * the token being read (a path, a value, a pattern, a word); `Path`, `Op` and `Values` the
 * predicate being read.
 */
type Read<
  T extends string,
  Mode extends string,
  Depth extends unknown[],
  Prev extends string,
  Token extends string,
  Path extends string,
  Op extends string,
  Values extends readonly string[],
  Found extends readonly Read1[],
  Place extends WordPlace = "operator",
> = T extends `${infer C}${infer Rest}`
  ? string extends C
    ? GiveWay
    : Mode extends "operand"
      ? C extends Ws
        ? Read<Rest, "operand", Depth, Prev, "", "", "", [], Found>
        : C extends "("
          ? OpenParen<Depth> extends "open"
            ? Read<Rest, "operand", [...Depth, unknown], "(", "", "", "", [], Found>
            : NotOpened<Depth>
          : C extends IdentifierStart
            ? Read<Rest, "segment", Depth, Prev, C, "", "", [], Found>
            : Expected<'a field name or "("', Prev>
      : Mode extends "segment"
        ? C extends IdentifierPart
          ? Read<Rest, "segment", Depth, Prev, `${Token}${C}`, Path, "", [], Found>
          : C extends "."
            ? Read<Rest, "dot", Depth, ".", "", `${Path}${Token}.`, "", [], Found>
            : Path extends ""
              ? Uppercase<Token> extends Keyword
                ? Expected<'a field name or "("', Prev>
                : AfterPath<T, Depth, Token, Found>
              : AfterPath<T, Depth, `${Path}${Token}`, Found>
        : Mode extends "dot"
          ? C extends IdentifierStart
            ? Read<Rest, "segment", Depth, Prev, C, Path, "", [], Found>
            : Expected<"a field name", ".">
          : Mode extends "afterPath"
            ? C extends Ws
              ? Read<Rest, "afterPath", Depth, Prev, "", Path, "", [], Found>
              : C extends IdentifierStart
                ? Read<Rest, "word", Depth, Prev, C, Path, "", [], Found, "operator">
                : Operator<T, Depth, Path, Found>
            : Mode extends "word"
              ? C extends IdentifierPart
                ? Read<Rest, "word", Depth, Prev, `${Token}${C}`, Path, Op, Values, Found, Place>
                : C extends "."
                  ? // The lexer reads a word and its dot as one path (`NULL.`), never a keyword.
                    KeywordExpected<Place, Place extends "operator" ? Path : Prev, Depth>
                  : Word<T, Depth, Prev, Token, Path, Found, Place>
              : Mode extends "keywordSpace"
                ? C extends Ws
                  ? Read<Rest, "keywordSpace", Depth, Prev, "", Path, Op, [], Found, Place>
                  : C extends IdentifierStart
                    ? Read<Rest, "word", Depth, Prev, C, Path, Op, [], Found, Place>
                    : KeywordExpected<Place, Prev, Depth>
                : Mode extends "value"
                  ? C extends Ws
                    ? Read<Rest, "value", Depth, Prev, "", Path, Op, [], Found>
                    : C extends '"'
                      ? ReadQuoted<Rest> extends [
                          infer Value extends string,
                          infer Raw extends string,
                          infer After extends string,
                        ]
                        ? Ended<After, Depth, Raw, Found, [Path, Op, [Value]]>
                        : Unterminated
                      : C extends NotBare | NotBareFirst
                        ? Expected<"a value", Prev>
                        : Read<Rest, "bare", Depth, Prev, C, Path, Op, [], Found>
                  : Mode extends "bare"
                    ? C extends NotBare
                      ? Ended<T, Depth, Token, Found, [Path, Op, [Token]]>
                      : Read<Rest, "bare", Depth, Prev, `${Token}${C}`, Path, Op, [], Found>
                    : Mode extends "pattern"
                      ? C extends Ws
                        ? Read<Rest, "pattern", Depth, Prev, "", Path, Op, [], Found>
                        : C extends "*"
                          ? Read<Rest, "patternStar", Depth, Prev, "*", Path, Op, [], Found>
                          : PatternText<T, Depth, Prev, "", Path, Found>
                      : Mode extends "patternStar"
                        ? C extends "*"
                          ? Rest extends `${infer Next}${string}`
                            ? Next extends NotBare
                              ? EmptyPattern
                              : Misplaced
                            : EmptyPattern
                          : C extends NotBareFirst
                            ? Expected<"a pattern", Prev>
                            : C extends Exclude<NotBare, '"'>
                              ? EmptyPattern
                              : PatternText<T, Depth, Prev, "*", Path, Found>
                        : Mode extends "patternCore"
                          ? C extends "*"
                            ? Rest extends `${infer Next}${string}`
                              ? Next extends Exclude<NotBare, '"'>
                                ? Ended<Rest, Depth, `${Token}*`, Found, [Path, "~", []]>
                                : Misplaced
                              : Ended<Rest, Depth, `${Token}*`, Found, [Path, "~", []]>
                            : C extends NotBare
                              ? Ended<T, Depth, Token, Found, [Path, "~", []]>
                              : Read<
                                  Rest,
                                  "patternCore",
                                  Depth,
                                  Prev,
                                  `${Token}${C}`,
                                  Path,
                                  Op,
                                  [],
                                  Found
                                >
                          : Mode extends "patternQuoted"
                            ? C extends "*"
                              ? Ended<Rest, Depth, `${Token}*`, Found, [Path, "~", []]>
                              : Ended<T, Depth, Token, Found, [Path, "~", []]>
                            : Mode extends "listOpen"
                              ? C extends Ws
                                ? Read<Rest, "listOpen", Depth, Prev, "", Path, Op, [], Found>
                                : C extends "("
                                  ? Read<Rest, "listValue", Depth, "(", "", Path, Op, [], Found>
                                  : QuoteOr<T, Expected<'"(" and a list of values', Prev>>
                              : Mode extends "listValue"
                                ? C extends Ws
                                  ? Read<
                                      Rest,
                                      "listValue",
                                      Depth,
                                      Prev,
                                      "",
                                      Path,
                                      Op,
                                      Values,
                                      Found
                                    >
                                  : C extends '"'
                                    ? ReadQuoted<Rest> extends [
                                        infer Value extends string,
                                        infer Raw extends string,
                                        infer After extends string,
                                      ]
                                      ? Read<
                                          After,
                                          "afterListValue",
                                          Depth,
                                          Raw,
                                          "",
                                          Path,
                                          Op,
                                          [...Values, Value],
                                          Found
                                        >
                                      : Unterminated
                                    : C extends NotBare | NotBareFirst
                                      ? Expected<"a value", Prev>
                                      : Read<
                                          Rest,
                                          "listBare",
                                          Depth,
                                          Prev,
                                          C,
                                          Path,
                                          Op,
                                          Values,
                                          Found
                                        >
                                : Mode extends "listBare"
                                  ? C extends NotBare
                                    ? Read<
                                        T,
                                        "afterListValue",
                                        Depth,
                                        Token,
                                        "",
                                        Path,
                                        Op,
                                        [...Values, Token],
                                        Found
                                      >
                                    : Read<
                                        Rest,
                                        "listBare",
                                        Depth,
                                        Prev,
                                        `${Token}${C}`,
                                        Path,
                                        Op,
                                        Values,
                                        Found
                                      >
                                  : Mode extends "afterListValue"
                                    ? C extends Ws
                                      ? Read<
                                          Rest,
                                          "afterListValue",
                                          Depth,
                                          Prev,
                                          "",
                                          Path,
                                          Op,
                                          Values,
                                          Found
                                        >
                                      : C extends ","
                                        ? Read<
                                            Rest,
                                            "listValue",
                                            Depth,
                                            ",",
                                            "",
                                            Path,
                                            Op,
                                            Values,
                                            Found
                                          >
                                        : C extends ")"
                                          ? Ended<Rest, Depth, ")", Found, [Path, Op, Values]>
                                          : QuoteOr<T, Expected<'"," or ")"', Prev>>
                                    : // "afterOperand", "afterOperandSpace": a whole operand was read
                                      C extends Ws
                                      ? Read<
                                          Rest,
                                          "afterOperandSpace",
                                          Depth,
                                          Prev,
                                          "",
                                          "",
                                          "",
                                          [],
                                          Found
                                        >
                                      : C extends ")"
                                        ? Depth extends [unknown, unknown, ...unknown[]]
                                          ? Read<
                                              Rest,
                                              "afterOperand",
                                              Depth extends [...infer Outer, unknown]
                                                ? Outer
                                                : never,
                                              ")",
                                              "",
                                              "",
                                              "",
                                              [],
                                              Found
                                            >
                                          : Expected<EndOrGroup<Depth>, Prev>
                                        : C extends IdentifierStart
                                          ? Read<
                                              Rest,
                                              "word",
                                              Depth,
                                              Prev,
                                              C,
                                              "",
                                              "",
                                              [],
                                              Found,
                                              Mode extends "afterOperand"
                                                ? "andOrTouching"
                                                : "andOr"
                                            >
                                          : Expected<EndOrGroup<Depth>, Prev>
  : string extends T
    ? GiveWay
    : AtEnd<Mode, Depth, Prev, Token, Path, Op, Found, Place>;

/** A predicate `P` has been read, its last token `Prev`: on after the operand. */
type Ended<
  T extends string,
  Depth extends unknown[],
  Prev extends string,
  Found extends readonly Read1[],
  P extends Read1,
> = Read<T, "afterOperand", Depth, Prev, "", "", "", [], [...Found, P]>;

/** The text has ended in `Mode`: the predicates read, or what was still expected. */
type AtEnd<
  Mode extends string,
  Depth extends unknown[],
  Prev extends string,
  Token extends string,
  Path extends string,
  Op extends string,
  Found extends readonly Read1[],
  Place extends WordPlace,
> = Mode extends "operand"
  ? Incomplete<`expected a field name or "("${After<Prev>}`, "path", "">
  : Mode extends "segment"
    ? Path extends ""
      ? Uppercase<Token> extends Keyword
        ? Incomplete<`expected a field name or "("${After<Prev>}`, "path", Token> // `in` of `infos`
        : Incomplete<`expected ${OPERATORS}${After<Token>}`, "path", Token>
      : Incomplete<`expected ${OPERATORS}${After<`${Path}${Token}`>}`, "path", `${Path}${Token}`>
    : Mode extends "dot"
      ? Incomplete<`expected a field name${After<".">}`, "path", Path>
      : Mode extends "afterPath"
        ? Incomplete<`expected ${OPERATORS}${After<Path>}`, "operator", Path>
        : Mode extends "word"
          ? Word<"", Depth, Prev, Token, Path, Found, Place>
          : Mode extends "keywordSpace"
            ? KeywordExpected<Place, Prev, Depth>
            : Mode extends "value"
              ? Expected<"a value", Prev>
              : Mode extends "bare"
                ? AtEnd<
                    "afterOperand",
                    Depth,
                    Token,
                    "",
                    "",
                    "",
                    [...Found, [Path, Op, [Token]]],
                    Place
                  >
                : Mode extends "pattern"
                  ? Expected<"a pattern", Prev>
                  : Mode extends "patternStar"
                    ? EmptyPattern
                    : Mode extends "patternCore" | "patternQuoted"
                      ? AtEnd<
                          "afterOperand",
                          Depth,
                          Token,
                          "",
                          "",
                          "",
                          [...Found, [Path, "~", []]],
                          Place
                        >
                      : Mode extends "listOpen"
                        ? Expected<'"(" and a list of values', Prev>
                        : Mode extends "listValue"
                          ? Expected<"a value", Prev>
                          : Mode extends "listBare"
                            ? Expected<'"," or ")"', Token>
                            : Mode extends "afterListValue"
                              ? Expected<'"," or ")"', Prev>
                              : Depth extends [unknown]
                                ? Found
                                : Expected<'AND, OR or ")"', Prev>;

/** After a path's last character: white space, or an operator right after it. */
type AfterPath<
  T extends string,
  Depth extends unknown[],
  Path extends string,
  Found extends readonly Read1[],
> = T extends `${Ws}${infer Rest}`
  ? Read<Rest, "afterPath", Depth, Path, "", Path, "", [], Found>
  : Operator<T, Depth, Path, Found>;

/** A comparison operator or `~` at the start of `T`, after the path `Path`. */
type Operator<
  T extends string,
  Depth extends unknown[],
  Path extends string,
  Found extends readonly Read1[],
> = T extends `!=${infer Rest}`
  ? Read<Rest, "value", Depth, "!=", "", Path, "!=", [], Found>
  : T extends `>=${infer Rest}`
    ? Read<Rest, "value", Depth, ">=", "", Path, ">=", [], Found>
    : T extends `<=${infer Rest}`
      ? Read<Rest, "value", Depth, "<=", "", Path, "<=", [], Found>
      : T extends `${infer Op extends "=" | ">" | "<"}${infer Rest}`
        ? Read<Rest, "value", Depth, Op, "", Path, Op, [], Found>
        : T extends `~${infer Rest}`
          ? Read<Rest, "pattern", Depth, "~", "", Path, "~", [], Found>
          : Expected<OPERATORS, Path>;

/** A pattern's text after its optional leading "*": quoted (not empty), or bare with no "*". */
type PatternText<
  T extends string,
  Depth extends unknown[],
  Prev extends string,
  Star extends string,
  Path extends string,
  Found extends readonly Read1[],
> = T extends `"${infer Rest}`
  ? ReadQuoted<Rest> extends [
      infer Value extends string,
      infer Raw extends string,
      infer After extends string,
    ]
    ? Value extends ""
      ? EmptyPattern
      : Read<After, "patternQuoted", Depth, Prev, `${Star}${Raw}`, Path, "~", [], Found>
    : Unterminated
  : T extends `${infer C}${infer Rest}`
    ? C extends NotBare | NotBareFirst
      ? Expected<"a pattern", Prev>
      : Read<Rest, "patternCore", Depth, Prev, `${Star}${C}`, Path, "~", [], Found>
    : Expected<"a pattern", Prev>;

/** What a keyword place expected, for a word that is not it or an end. */
type KeywordExpected<
  Place extends WordPlace,
  Prev extends string,
  Depth extends unknown[],
> = Place extends "is"
  ? Expected<"NULL or NOT NULL", Prev>
  : Place extends "isNot"
    ? Expected<"NULL", Prev>
    : Place extends "not"
      ? Expected<"IN", Prev>
      : Place extends "operator"
        ? Expected<OPERATORS, Prev>
        : Expected<EndOrGroup<Depth>, Prev>;

/** A word has been read (`Token`), and `T` follows it: a keyword in its place, or a problem. */
type Word<
  T extends string,
  Depth extends unknown[],
  Prev extends string,
  Token extends string,
  Path extends string,
  Found extends readonly Read1[],
  Place extends WordPlace,
> = Place extends "operator"
  ? Uppercase<Token> extends "IN"
    ? Read<T, "listOpen", Depth, Token, "", Path, "IN", [], Found>
    : Uppercase<Token> extends "NOT"
      ? KeywordThenSpace<T, Depth, Token, Path, "NOT IN", Found, "not">
      : Uppercase<Token> extends "IS"
        ? KeywordThenSpace<T, Depth, Token, Path, "IS NULL", Found, "is">
        : Expected<OPERATORS, Path>
  : Place extends "is"
    ? Uppercase<Token> extends "NULL"
      ? Ended<T, Depth, Token, Found, [Path, "IS NULL", []]>
      : Uppercase<Token> extends "NOT"
        ? KeywordThenSpace<T, Depth, Token, Path, "IS NOT NULL", Found, "isNot">
        : Expected<"NULL or NOT NULL", Prev>
    : Place extends "isNot"
      ? Uppercase<Token> extends "NULL"
        ? Ended<T, Depth, Token, Found, [Path, "IS NOT NULL", []]>
        : Expected<"NULL", Prev>
      : Place extends "not"
        ? Uppercase<Token> extends "IN"
          ? Read<T, "listOpen", Depth, Token, "", Path, "NOT IN", [], Found>
          : Expected<"IN", Prev>
        : Uppercase<Token> extends "AND" | "OR"
          ? Place extends "andOrTouching"
            ? SyntaxProblem<`expected white space before ${Uppercase<Token>}`>
            : T extends `${Ws}${infer Rest}`
              ? Read<Rest, "operand", Depth, Token, "", "", "", [], Found>
              : T extends ""
                ? Expected<'a field name or "("', Token>
                : SyntaxProblem<`expected white space after ${Uppercase<Token>}`>
          : Expected<EndOrGroup<Depth>, Prev>;

/** After NOT or IS: white space, then the next word of the operator. */
type KeywordThenSpace<
  T extends string,
  Depth extends unknown[],
  Keyword extends string,
  Path extends string,
  Op extends string,
  Found extends readonly Read1[],
  Next extends WordPlace,
> = T extends `${Ws}${infer Rest}`
  ? Read<Rest, "keywordSpace", Depth, Keyword, "", Path, Op, [], Found, Next>
  : KeywordExpected<Next, Keyword, Depth>;

/** The predicates of a `where` text, a `SyntaxProblem`, or `GiveWay`. */
export type PredicatesOfText<T, D = undefined> =
  IsReadableText<T, MAX_TYPED_WHERE_LENGTH> extends true
    ? Read<T & string, "operand", [DepthLimit<D>], "", "", "", "", [], []>
    : GiveWay;

// ---------------------------------------------------------------------------------------------
// The schema's checks (validate-where.ts), on the predicates read.

type ScalarName = "string" | "integer" | "number" | "boolean" | "date" | "any";

/** The kind of a shape: a scalar's name, `"object"` or `"array"`. */
type KindOf<T> = T extends ScalarName
  ? T
  : T extends "object"
    ? "object"
    : T extends "array" | readonly unknown[]
      ? "array"
      : "object";

/** What a path leads to in a shape, or the runtime's message why it leads nowhere. */
type Resolve<
  Scope,
  Path extends string,
  Known extends string,
  Whole extends string,
  Shape,
> = Path extends `${infer Segment}.${infer Rest}`
  ? Segment extends keyof Scope
    ? Scope[Segment] extends "any"
      ? { kind: "any" }
      : Scope[Segment] extends "array" | readonly unknown[]
        ? {
            problem: `"${Known}${Segment}" is an array: a filter cannot reach into its items ("${Whole}")`;
          }
        : Scope[Segment] extends ScalarName
          ? { problem: `"${Known}${Segment}" is not an object, so "${Whole}" does not exist` }
          : Scope[Segment] extends "object"
            ? UnknownField<Whole, Shape>
            : Resolve<Scope[Segment], Rest, `${Known}${Segment}.`, Whole, Shape>
    : UnknownField<Whole, Shape>
  : Path extends keyof Scope
    ? { kind: KindOf<Scope[Path]> }
    : UnknownField<Whole, Shape>;

type UnknownField<Whole extends string, Shape> = {
  problem: `unknown field "${Whole}"${DidYouMean<Exclude<SuggestPath<Shape, Whole, "">, Whole>>}`;
};

/** A name that leads on below it: an `any` field or a described object. */
type LeadsOn<Scope> = {
  [K in keyof Scope & string]: Scope[K] extends "any"
    ? K
    : Scope[K] extends string | readonly unknown[]
      ? never
      : K;
}[keyof Scope & string];

/** suggestPath (schema.ts): each segment replaced by the nearest usable name at its place. */
type SuggestPath<
  Scope,
  Path extends string,
  Out extends string,
> = Path extends `${infer Segment}.${infer Rest}`
  ? UsableName<Segment, LeadsOn<Scope>> extends infer Name extends string
    ? [Name] extends [never]
      ? never
      : Name extends keyof Scope
        ? Scope[Name] extends "any"
          ? `${Out}${Name}.${Rest}`
          : SuggestPath<Scope[Name], Rest, `${Out}${Name}.`>
        : never
    : never
  : UsableName<Path, keyof Scope & string> extends infer Name extends string
    ? [Name] extends [never]
      ? never
      : `${Out}${Name}`
    : never;

type AOrAn<Kind extends string> = Kind extends "integer" | "any" ? `an ${Kind}` : `a ${Kind}`;
type ShapeOf<Kind extends string> = Kind extends "integer" | "number"
  ? "a number such as 2 or -1.5"
  : Kind extends "boolean"
    ? "true or false"
    : Kind extends "date"
      ? "a real calendar day written yyyy-MM-dd"
      : "any text";

type Ordering = ">" | ">=" | "<" | "<=";

/** The message of an operator a field's kind does not take (language.md 4.3), or never. */
type OperatorProblem<Name extends string, Kind extends string, Op extends string> = Op extends
  | "IS NULL"
  | "IS NOT NULL"
  ? never
  : Kind extends "array"
    ? `"${Name}" is an array: a filter cannot test it as a whole, except with IS NULL or IS NOT NULL`
    : Kind extends "object"
      ? `"${Name}" is an object: filter on one of its fields instead, or test it with IS NULL or IS NOT NULL`
      : Op extends "~"
        ? Kind extends "string" | "any"
          ? never
          : `"${Name}" is ${AOrAn<Kind>} field: ~ applies to strings only`
        : Op extends Ordering
          ? Kind extends "boolean"
            ? `"${Name}" is a boolean field: only =, !=, IN and NOT IN apply to it`
            : never
          : never;

type AllDigits<T extends string> = T extends `${Digit}${infer Rest}`
  ? Rest extends ""
    ? true
    : AllDigits<Rest>
  : false;
type IsUnsigned<T extends string> = T extends `${infer Whole}.${infer Fraction}`
  ? [AllDigits<Whole>, AllDigits<Fraction>] extends [true, true]
    ? true
    : false
  : AllDigits<T>;
/** readNumber: `-?[0-9]+(\.[0-9]+)?`. */
type IsNumber<T extends string> = T extends `-${infer Rest}` ? IsUnsigned<Rest> : IsUnsigned<T>;

type Month31 = "01" | "03" | "05" | "07" | "08" | "10" | "12";
type Month30 = "04" | "06" | "09" | "11";
type FourMultiple =
  | "00"
  | "04"
  | "08"
  | "12"
  | "16"
  | "20"
  | "24"
  | "28"
  | "32"
  | "36"
  | "40"
  | "44"
  | "48"
  | "52"
  | "56"
  | "60"
  | "64"
  | "68"
  | "72"
  | "76"
  | "80"
  | "84"
  | "88"
  | "92"
  | "96";
type IsLeap<Century extends string, Year extends string> = Year extends FourMultiple
  ? Year extends "00"
    ? Century extends FourMultiple
      ? true
      : false
    : true
  : false;
type DayUpTo28 = `0${Exclude<Digit, "0">}` | `1${Digit}` | `2${Exclude<Digit, "9">}`;
/** readDate: a real calendar day of years 0001–9999 written yyyy-MM-dd. */
type IsDate<T extends string> =
  T extends `${infer C1}${infer C2}${infer Y1}${infer Y2}-${infer M1}${infer M2}-${infer D1}${infer D2}`
    ? [C1, C2, Y1, Y2, M1, M2, D1, D2] extends Digit[]
      ? `${C1}${C2}${Y1}${Y2}` extends "0000"
        ? false
        : DayOfMonth<`${C1}${C2}`, `${Y1}${Y2}`, `${M1}${M2}`, `${D1}${D2}`>
      : false
    : false;

type DayOfMonth<
  Century extends string,
  Year extends string,
  Month extends string,
  Day extends string,
> = Month extends Month31 | Month30 | "02"
  ? Day extends DayUpTo28
    ? true
    : Day extends "29"
      ? Month extends "02"
        ? IsLeap<Century, Year>
        : true
      : Day extends "30"
        ? Month extends "02"
          ? false
          : true
        : Day extends "31"
          ? Month extends Month31
            ? true
            : false
          : false
  : false;

/** Whether a value holds a template's number hole (`${number}`, `${bigint}`), not only digits. */
type HasNumberHole<T extends string> = T extends `${infer C}${infer Rest}`
  ? `${number}` extends C
    ? true
    : `${bigint}` extends C
      ? true
      : HasNumberHole<Rest>
  : false;

/** Whether a value is one number hole and nothing else. */
type IsNumberHole<T extends string> = `${number}` extends T
  ? true
  : `${bigint}` extends T
    ? true
    : false;

// A number hole stands for any number's text: fit for a number, never a boolean or a date alone;
// amid other characters of a date it is left to the runtime (4.6). Holes are looked for only in
// a value that does not fit as it is, so that valid values are read once.
type Fits<Kind extends string, Text extends string> = Kind extends "integer" | "number"
  ? IsNumber<Text> extends true
    ? true
    : HasNumberHole<Text>
  : Kind extends "boolean"
    ? Lowercase<Text> extends "true" | "false"
      ? true
      : false
    : Kind extends "date"
      ? IsDate<Text> extends true
        ? true
        : IsNumberHole<Text> extends true
          ? false
          : HasNumberHole<Text>
      : true;

/** The first value of a predicate that does not fit its field's type, as the runtime words it. */
type ValueProblem<
  Name extends string,
  Kind extends string,
  Values extends readonly string[],
> = Values extends readonly [infer Text extends string, ...infer Rest extends readonly string[]]
  ? Fits<Kind, Text> extends true
    ? ValueProblem<Name, Kind, Rest>
    : `"${Name}" is ${AOrAn<Kind>} field: expected ${ShapeOf<Kind>}, found "${Escaped<Text>}"`
  : never;

/** The first problem of one predicate against a shape, or never. */
type PredicateProblem<Shape, P extends Read1> =
  Resolve<Shape, P[0], "", P[0], Shape> extends infer Resolved
    ? Resolved extends { problem: infer Message extends string }
      ? Message
      : Resolved extends { kind: infer Kind extends string }
        ? [OperatorProblem<P[0], Kind, P[1]>] extends [never]
          ? Kind extends "object" | "array"
            ? never
            : ValueProblem<P[0], Kind, P[2]>
          : OperatorProblem<P[0], Kind, P[1]>
        : never
    : never;

/** The first problem of the predicates, in the order of the text, or never. */
type FirstProblem<Shape, Found extends readonly Read1[]> = Found extends readonly [
  infer P extends Read1,
  ...infer Rest extends readonly Read1[],
]
  ? [PredicateProblem<Shape, P>] extends [never]
    ? FirstProblem<Shape, Rest>
    : PredicateProblem<Shape, P>
  : never;

/**
 * The parameter type of a `where` text against a `schema` option: the text itself where it is
 * valid or the compiler gives way, else the runtime's message as a string literal type, so that
 * the call fails to compile with it (`unknown field "rnak": did you mean rank?`). Without a typed
 * schema only the syntax is read. An AST passes as it is. `D` is the `maxDepth` option; with a
 * `maxLength` option (`L`), the text is left to the runtime.
 */
export type CheckedWhere<T, S, D = undefined, L = undefined> = [L] extends [undefined]
  ? T extends unknown
    ? CheckedWhereText<T, S, D> // each member of a union on its own
    : never
  : T;

// The predicates read are looked at first: most texts are valid, and each test costs.
type CheckedWhereText<T, S, D> = [PredicatesOfText<T, D>] extends [infer Found]
  ? Found extends readonly Read1[]
    ? [KnownShapeOfOption<S>] extends [infer Shape]
      ? [Shape] extends [GiveWay]
        ? T
        : [FirstProblem<Shape, Found>] extends [never]
          ? T
          : FirstProblem<Shape, Found>
      : T
    : [Found] extends [Incomplete<infer Message, infer Kind, infer Partial>]
      ? Message | Completions<Blocked<T> & string, KnownShapeOfOption<S>, Kind, Partial>
      : [Found] extends [SyntaxProblem<infer Message>]
        ? Message
        : T
  : T;

/** The `any` field a path reaches, if any: its name, and whether it is the path itself. */
type AnyField<
  Scope,
  Path extends string,
  Known extends string,
> = Path extends `${infer Segment}.${infer Rest}`
  ? Segment extends keyof Scope
    ? Scope[Segment] extends "any"
      ? { field: `${Known}${Segment}`; whole: false }
      : AnyField<Scope[Segment], Rest, `${Known}${Segment}.`>
    : never
  : Path extends keyof Scope
    ? Scope[Path] extends "any"
      ? { field: `${Known}${Path}`; whole: true }
      : never
    : never;

/** checkTypedFilter (read-sql-options.ts): SQL compares a field by its type, never an `any` one. */
type SqlProblem<Shape, Found extends readonly Read1[]> = Found extends readonly [
  infer P extends Read1,
  ...infer Rest extends readonly Read1[],
]
  ? [AnyField<Shape, P[0], "">] extends [never]
    ? SqlProblem<Shape, Rest>
    : AnyField<Shape, P[0], ""> extends { field: infer Field extends string; whole: infer Whole }
      ? Whole extends true
        ? P[1] extends "IS NULL" | "IS NOT NULL"
          ? SqlProblem<Shape, Rest>
          : `"${Field}" is of type any (its values are of several kinds): SQL compares a field by its type; give it a scalar type in the schema`
        : `"${P[0]}" is below "${Field}", of type any (its values are of several kinds): SQL compares a field by its type; describe "${Field}" as an object in the schema`
      : SqlProblem<Shape, Rest>
  : never;

/**
 * `CheckedWhere` for `toSql`: also refused, as the runtime refuses it (`InvalidOptionError` on
 * `schema`), a filter that compares a field of type `any`, or reaches below one.
 */
export type CheckedSqlWhere<T, S, D = undefined, L = undefined> = [L] extends [undefined]
  ? T extends unknown
    ? CheckedSqlWhereText<T, S, D>
    : never
  : T;

type CheckedSqlWhereText<T, S, D> = [CheckedWhereText<T, S, D>] extends [T]
  ? [PredicatesOfText<T, D>] extends [infer Found extends readonly Read1[]]
    ? [KnownShapeOfOption<S>] extends [infer Shape]
      ? [Shape] extends [GiveWay]
        ? T
        : [SqlProblem<Shape, Found>] extends [never]
          ? T
          : SqlProblem<Shape, Found>
      : T
    : T
  : CheckedWhereText<T, S, D>;

// ---------------------------------------------------------------------------------------------
// Completions: a text that ends where a path or an operator is to come fails to compile, and its
// parameter type also holds each whole text that completes it, which TypeScript's own completion
// offers inside the literal (grammar/language.md 11.3, as ArkType does for its strings).

/** The fields of the object a path's written part (up to its last ".") names, or never. */
type ScopeOf<Shape, Prefix extends string> = Prefix extends `${infer Name}.${infer Rest}`
  ? Name extends keyof Shape
    ? Shape[Name] extends string | readonly unknown[]
      ? never
      : ScopeOf<Shape[Name], Rest>
    : never
  : Shape;

/** Each operator as written after a path and white space; `IN` and `NOT IN` with their "(". */
type OperatorText =
  | "="
  | "!="
  | ">"
  | ">="
  | "<"
  | "<="
  | "~"
  | "IN ("
  | "NOT IN ("
  | "IS NULL"
  | "IS NOT NULL";

/** The operators a path's type takes (4.3), as written after white space. */
type OperatorsOf<Shape, Path extends string> =
  Resolve<Shape, Path, "", Path, Shape> extends { kind: infer Kind extends string }
    ? OperatorText extends infer Text extends string
      ? Text extends unknown
        ? [OperatorProblem<Path, Kind, Text extends `${infer Op} (` ? Op : Text>] extends [never]
          ? Text
          : never
        : never
      : never
    : never;

/**
 * Whole texts completing `T`, as completeWhere's (11.3): after a path and white space its
 * operators; in a path, the names of its object that extend the name being written, and for a
 * whole name its operators (keywords after a space) and the names below it.
 */
type Completions<T extends string, Shape, Kind, Partial extends string> = [Shape] extends [GiveWay]
  ? never
  : Kind extends "operator"
    ? `${T}${OperatorsOf<Shape, Partial>}`
    : SplitPath<Partial> extends [infer Prefix extends string, infer Word extends string]
      ? [ScopeOf<Shape, Prefix>] extends [infer Scope]
        ? [Scope] extends [never]
          ? never // below an array, an `any` field or an undescribed object: no names known
          :
              | (keyof Scope & string extends infer Name extends string
                  ? Name extends `${Word}${infer Rest}`
                    ? Rest extends ""
                      ? never
                      : `${T}${Rest}`
                    : never
                  : never)
              | (Word extends keyof Scope
                  ?
                      | (OperatorsOf<Shape, Partial> extends infer Text extends string
                          ? Text extends `${"I" | "N"}${string}`
                            ? `${T} ${Text}`
                            : `${T}${Text}`
                          : never)
                      | (Scope[Word] extends string | readonly unknown[]
                          ? never
                          : `${T}.${keyof Scope[Word] & string}`)
                  : never)
        : never
      : never;
