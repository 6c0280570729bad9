import fc from "fast-check";
import { fieldsTextArbitrary } from "./fields-text.ts";
import {
  type InvalidText,
  type InvalidTextArbitraryOptions,
  type InvalidTextRecipe,
  invalidTexts,
  mark,
  overLength,
  type Piece,
} from "./invalid-text.ts";

const FIELD_SPACE = fc.constantFrom(" ", "\t", "\n ");
const gap = fc.oneof(fc.constant(""), FIELD_SPACE);
const valid = fieldsTextArbitrary(undefined, { maxDepth: 0 });
const name = fc
  .tuple(
    fc.constantFrom(..."abcxyzABC_"),
    fc.string({ unit: fc.constantFrom(..."abcz09_"), maxLength: 5 }),
  )
  .map(([head, tail]) => head + tail)
  .filter((n) => !n.includes("_links"));
const path = fc.array(name, { minLength: 1, maxLength: 3 }).map((segments) => segments.join("."));

/** Nothing, or a valid selection and a comma, so that the error comes after valid text. */
const lead: fc.Arbitrary<string[]> = fc.oneof(
  fc.constant<string[]>([]),
  fc.tuple(valid, gap, fc.constant(","), gap).map((parts) => [...parts]),
);

/** Ends that leave an item or a sub-selection open: the error is the end of the text. */
const openEnd: fc.Arbitrary<Piece[]> = fc.oneof(
  gap.map((s) => [s]),
  path.map((p) => [p, "."]),
  fc.tuple(valid, gap, fc.constant(","), gap).map((p) => [...p]),
  fc.tuple(path, gap, fc.constant("("), gap).map((p) => [...p]),
  fc.tuple(path, gap, fc.constant("("), gap, valid).map((p) => [...p]),
);

/** Characters that start no token where a field name is expected. */
const notANameStart = fc.constantFrom(
  ..."#$%&'*+-./0123456789:;?@[]^`{|}\"!=<>~".split(""),
  "é",
  "😀",
);

/** Texts with a token the grammar does not allow where it stands. */
const wrongToken: fc.Arbitrary<Piece[]> = fc.oneof(
  fc.tuple(valid, gap).map(([v, s]) => [v, s, mark(")")]),
  fc.tuple(valid, gap, gap).map(([v, s1, s2]) => [v, s1, ",", s2, mark(",")]),
  fc.tuple(path, gap, gap).map(([p, s1, s2]) => [p, s1, "(", s2, mark(")")]),
  fc.tuple(path, FIELD_SPACE, path).map(([p, s, q]) => [p, s, mark(q)]),
  fc
    .tuple(path, gap, valid, gap, path)
    .map(([p, s1, v, s2, q]) => [p, s1, "(", v, ")", s2, mark(q)]),
  fc.tuple(notANameStart, fc.constantFrom("", "a", "a,b")).map(([c, rest]) => [mark(c), rest]),
  // A path ending in a dot: the error is the character after it, where a name must start (5).
  fc
    .tuple(path, fc.constantFrom("1", " b", ".b", "(b)", ","))
    .map(([p, rest]) => [p, ".", mark(rest.slice(0, 1)), rest.slice(1)]),
);

/** Something selected inside `_links` (3.2). */
const insideLinks: fc.Arbitrary<Piece[]> = fc.oneof(
  fc
    .tuple(
      fc.option(
        path.map((p) => `${p}.`),
        { nil: "" },
      ),
      path,
    )
    .map(([before, after]) => [`${before}_links.`, mark(after)]),
  fc
    .tuple(
      fc.option(
        path.map((p) => `${p}.`),
        { nil: "" },
      ),
      gap,
      valid,
    )
    .map(([before, s, v]) => [`${before}_links`, s, mark("("), v, ")"]),
  fc
    .tuple(path, gap, valid, gap)
    .map(([p, s1, v, s2]) => [p, s1, "(", v, ",", s2, "_links", mark("("), "self))"]),
);

/** Parentheses one level deeper than the limit; every `(` of a selection counts. */
function tooDeep(maxDepth: number): fc.Arbitrary<Piece[]> {
  return fc
    .tuple(name, gap)
    .map(([n, s]) => [`${n}${s}(`.repeat(maxDepth), n, s, mark("("), n, ")".repeat(maxDepth + 1)]);
}

const FIELDS_RECIPE: InvalidTextRecipe = {
  lead,
  kinds: (maxDepth) => [
    [openEnd, "UNEXPECTED_END"],
    [wrongToken, "UNEXPECTED_TOKEN"],
    [insideLinks, "LINKS_SUBSELECTION"],
    [tooDeep(maxDepth), "NESTING_TOO_DEEP"],
  ],
  // A valid selection and `,a`, its name padded with `b`.
  tooLong: overLength(
    valid.map((v) => `${v},a`),
    "b",
  ),
};

/**
 * Invalid `fields` texts of every syntax code, each built so that the code and offset that
 * `parseFields(text, limits)` must report for its first problem (grammar/language.md 5) are known exactly.
 */
export function invalidFieldsArbitrary(
  options: InvalidTextArbitraryOptions = {},
): fc.Arbitrary<InvalidText> {
  return invalidTexts(FIELDS_RECIPE, options);
}
