import fc from "fast-check";
import {
  type InvalidText,
  type InvalidTextArbitraryOptions,
  type InvalidTextRecipe,
  invalidTexts,
  mark,
  overLength,
  type Piece,
} from "./invalid-text.ts";
import { anyPath } from "./where-ast.ts";
import { whereTextArbitrary } from "./where-text.ts";

const SPACE = fc.constantFrom(" ", "  ", "\t", "\n", " \r\n ");
const maybeSpace = fc.oneof(fc.constant(""), SPACE);

const keyword = (word: string) =>
  fc.constantFrom(
    word.toUpperCase(),
    word.toLowerCase(),
    word[0]?.toUpperCase() + word.slice(1).toLowerCase(),
  );

const junction = fc.oneof(keyword("and"), keyword("or"));
const valid = whereTextArbitrary(undefined, { maxDepth: 1 });
const path = anyPath.map((p) => p.segments.join("."));
const comparator = fc.constantFrom("=", "!=", ">", ">=", "<", "<=");
/** A bare value made of characters no token of the `where` grammar starts with. */
const bare = fc.string({
  unit: fc.constantFrom(..."abcXYZ019_.-:/%'é😀"),
  minLength: 1,
  maxLength: 5,
});
const quoted = fc.string({ maxLength: 5 }).map((t) => `"${t.replaceAll('"', '""')}"`);
const value = fc.oneof(bare, quoted);

/** Nothing, or a valid filter and AND or OR, so that the error comes after valid text. */
const lead: fc.Arbitrary<string[]> = fc.oneof(
  fc.constant<string[]>([]),
  fc.tuple(valid, SPACE, junction, SPACE).map((parts) => [...parts]),
);

/**
 * Ends that leave a predicate or group open, white space or not after them: the error is the end.
 */
const openEnd: fc.Arbitrary<Piece[]> = fc.oneof(
  fc.tuple(valid, SPACE, junction).map((p) => [...p]),
  path.map((p) => [p]),
  path.map((p) => [p, "."]),
  fc.tuple(path, maybeSpace, comparator).map((p) => [...p]),
  fc.tuple(path, maybeSpace, fc.constant("~")).map((p) => [...p]),
  fc.tuple(path, SPACE, keyword("in")).map((p) => [...p]),
  fc.tuple(path, SPACE, keyword("in"), maybeSpace, fc.constant("(")).map((p) => [...p]),
  fc
    .tuple(
      path,
      SPACE,
      keyword("in"),
      maybeSpace,
      fc.constant("("),
      maybeSpace,
      value,
      maybeSpace,
      fc.constant(","),
    )
    .map((p) => [...p]),
  fc
    .tuple(path, SPACE, keyword("in"), maybeSpace, fc.constant("("), maybeSpace, value)
    .map((p) => [...p]),
  fc.tuple(path, SPACE, keyword("not")).map((p) => [...p]),
  fc.tuple(path, SPACE, keyword("is")).map((p) => [...p]),
  fc.tuple(path, SPACE, keyword("is"), SPACE, keyword("not")).map((p) => [...p]),
  fc.tuple(fc.constant("("), maybeSpace, valid).map((p) => [...p]),
);

/** Characters that start no token where a field name is expected (a few start a wrong one). */
const notAPathStart = fc.constantFrom(
  ..."#$%&'*+,-./0123456789:;?@[]^`{|}\"!=<>~)".split(""),
  "é",
  "😀",
  "\u00a0",
);

/** Texts with a token the grammar does not allow where it stands. */
const wrongToken: fc.Arbitrary<Piece[]> = fc.oneof(
  // An unbalanced ")".
  fc.tuple(valid, maybeSpace).map(([v, s]) => [v, s, mark(")")]),
  // A keyword where a field name belongs.
  fc
    .tuple(
      fc.constantFrom("and", "or", "in", "not", "is", "null").chain(keyword),
      fc.constantFrom("=1", " IS NULL"),
    )
    .map(([k, rest]) => [mark(k), rest]),
  // A path ending in a dot: the error is the character after it, where a name must start (5).
  fc
    .tuple(path, fc.constantFrom("1=1", "=1", ".b=1", " IS NULL", "(a)"))
    .map(([p, rest]) => [p, ".", mark(rest.slice(0, 1)), rest.slice(1)]),
  // A character no field name starts with.
  fc
    .tuple(notAPathStart, fc.constantFrom("", "x=1", "a IN (b)"))
    .map(([c, rest]) => [mark(c), rest]),
  // A value starting with an operator's character (`rank>==2`); `<=` and `>=` would be operators.
  fc
    .tuple(path, maybeSpace, comparator, maybeSpace, fc.constantFrom(..."=!<>~"), bare)
    .filter(([, , op, gap, c]) => !(gap === "" && c === "=" && (op === "<" || op === ">")))
    .map(([p, s1, op, s2, c, rest]) => [p, s1, op, s2, mark(c), rest]),
  // A pattern starting with an operator's character.
  fc
    .tuple(
      path,
      maybeSpace,
      maybeSpace,
      fc.constantFrom("", "*"),
      fc.constantFrom(..."=!<>~"),
      bare,
    )
    .map(([p, s1, s2, star, c, rest]) => [p, s1, "~", s2, star, mark(c), rest]),
  // A pattern starting with a parenthesis.
  fc.tuple(path, maybeSpace).map(([p, s]) => [p, s, "~", mark("(")]),
  // A field name where an operator belongs.
  fc.tuple(path, SPACE, path).map(([p, s, q]) => [p, s, mark(q), "=1"]),
  // IN without its list.
  fc
    .tuple(path, SPACE, keyword("in"), SPACE, value)
    .map(([p, s1, k, s2, v]) => [p, s1, k, s2, mark(v)]),
  // Two values of a list with no comma between them.
  fc
    .tuple(path, SPACE, keyword("in"), maybeSpace, value, SPACE, value)
    .map(([p, s1, k, s2, v, s3, w]) => [p, s1, k, s2, "(", v, s3, mark(w), ")"]),
  // IS or NOT followed by neither NULL nor IN.
  fc
    .tuple(path, SPACE, fc.constantFrom(["is"], ["is", "not"], ["not"]), SPACE, path)
    .chain(([p, s1, words, s2, q]) =>
      fc.tuple(...words.map((w) => keyword(w))).map((ks) => [p, s1, ks.join(" "), s2, mark(q)]),
    ),
  // Two predicates with no AND or OR between them.
  fc.tuple(valid, SPACE, path).map(([v, s, p]) => [v, s, mark(p), "=1"]),
);

/** Texts with a quote that is never closed. */
const openQuote: fc.Arbitrary<Piece[]> = fc
  .tuple(
    path,
    fc.constantFrom("value", "list", "pattern"),
    maybeSpace,
    fc.string({ maxLength: 8 }).map((t) => t.replaceAll('"', '""')),
  )
  .map(([p, where, s, rest]) => {
    if (where === "value") return [p, s, "=", s, mark('"'), rest];
    if (where === "list") return [p, " IN", s, "(", s, "a,", s, mark('"'), rest];
    return [p, s, "~", s, "*", mark('"'), rest];
  });

/** Texts where AND or OR touches what is before or after it. */
const missingSpace: fc.Arbitrary<Piece[]> = fc.oneof(
  // Nothing between a closing parenthesis or quote and the keyword.
  fc
    .tuple(
      fc.oneof(
        valid.map((v) => `(${v})`),
        fc.tuple(path, quoted).map(([p, q]) => `${p}=${q}`),
        fc.tuple(path, value).map(([p, v]) => `${p} IN (${v})`),
      ),
      junction,
      SPACE,
      valid,
    )
    .map(([before, k, s, after]) => [before, mark(k), s, after]),
  // Nothing between the keyword and the parenthesis after it.
  fc.tuple(valid, SPACE, junction, valid).map(([v, s, k, w]) => [v, s, k, mark("("), w, ")"]),
);

/** The empty patterns of 2.2. */
const emptyPattern: fc.Arbitrary<Piece[]> = fc
  .tuple(
    path,
    maybeSpace,
    maybeSpace,
    fc.constantFrom("*", "**", '""', '*""*', '*""', '""*'),
    fc.oneof(
      fc.constant(""),
      valid.map((v) => ` AND ${v}`),
    ),
  )
  .map(([p, s1, s2, empty, after]) => [p, s1, "~", s2, mark(empty), after]);

/** A `*` inside an unquoted pattern. */
const misplacedWildcard: fc.Arbitrary<Piece[]> = fc.oneof(
  fc
    .tuple(path, maybeSpace, fc.constantFrom("", "*"), bare, bare, fc.constantFrom("", "*"))
    .map(([p, s, lead, b1, b2, trail]) => [p, s, "~", lead, b1, mark("*"), b2, trail]),
  fc
    .tuple(path, maybeSpace, fc.constantFrom("", "*"), bare, quoted)
    .map(([p, s, lead, b1, q]) => [p, s, "~", lead, b1, mark("*"), q]),
);

/** Parentheses one level deeper than the limit. */
function tooDeep(maxDepth: number): fc.Arbitrary<Piece[]> {
  return fc
    .tuple(maybeSpace, valid)
    .map(([s, v]) => [`(${s}`.repeat(maxDepth), mark("("), v, ")".repeat(maxDepth + 1)]);
}

const WHERE_RECIPE: InvalidTextRecipe = {
  lead,
  kinds: (maxDepth) => [
    [openEnd, "UNEXPECTED_END"],
    [wrongToken, "UNEXPECTED_TOKEN"],
    [openQuote, "UNTERMINATED_QUOTE"],
    [missingSpace, "MISSING_WHITESPACE"],
    [emptyPattern, "EMPTY_PATTERN"],
    [misplacedWildcard, "MISPLACED_WILDCARD"],
    [tooDeep(maxDepth), "NESTING_TOO_DEEP"],
  ],
  // A valid filter and a comparison whose quoted value is padded with `x`.
  tooLong: overLength(
    fc.tuple(valid, path).map(([v, p]) => `${v} AND ${p}="`),
    "x",
    '"',
  ),
};

/**
 * Invalid `where` texts of every syntax code, each built so that the code and offset that
 * `parseWhere(text, limits)` must report for its first problem (grammar/language.md 5) are known exactly.
 */
export function invalidWhereArbitrary(
  options: InvalidTextArbitraryOptions = {},
): fc.Arbitrary<InvalidText> {
  return invalidTexts(WHERE_RECIPE, options);
}
