import fc from "fast-check";
import { checkDepth, DEFAULT_MAX_DEPTH, DEFAULT_MAX_LENGTH } from "../base/limits.ts";
import type { SyntaxErrorCode } from "../errors/errors.ts";

/** A text that is no valid query, with the error code and offset a parser must report for it. */
export interface InvalidText {
  readonly text: string;
  readonly code: SyntaxErrorCode;
  /** UTF-16 offset of the first problem from the left (grammar/language.md 5). */
  readonly offset: number;
}

/**
 * Options of the invalid-text arbitraries: the parser's limits (grammar/language.md 1.4), as given to it.
 */
export interface InvalidTextArbitraryOptions {
  /** The most characters the parser accepts: 8192 unless set, 256 at least. */
  readonly maxLength?: number;
  /** The most levels of parentheses the parser accepts: 64 unless set, from 4 to 256. */
  readonly maxDepth?: number;
}

/** Reads the limits, refusing ones so tight that the valid parts of a case would break them. */
export function readLimits(options: InvalidTextArbitraryOptions): {
  maxLength: number;
  maxDepth: number;
} {
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  if (!(maxLength >= 256)) throw new RangeError("maxLength must be at least 256");
  const maxDepth = checkDepth("maxDepth", options.maxDepth ?? DEFAULT_MAX_DEPTH, 256);
  // The valid text around an error nests up to four levels.
  if (maxDepth < 4) throw new RangeError("maxDepth must be an integer from 4 to 256");
  return { maxLength, maxDepth };
}

/** A piece of a text; the one in error is marked, so its offset is known by construction. */
export type Piece = string | { readonly error: string };

/** Marks the piece in error. */
export const mark = (error: string): Piece => ({ error });

/** Joins pieces into a text, its error at the marked piece (at the end if none is marked). */
export function assemble(pieces: readonly Piece[], code: SyntaxErrorCode): InvalidText {
  let text = "";
  let offset: number | undefined;
  for (const piece of pieces) {
    if (typeof piece === "string") text += piece;
    else {
      offset ??= text.length;
      text += piece.error;
    }
  }
  return { text, code, offset: offset ?? text.length };
}

/** Texts one to sixteen characters over the length limit: a head padded with `fill`, then `close`. */
export function overLength(
  heads: fc.Arbitrary<string>,
  fill: string,
  close = "",
): (maxLength: number) => fc.Arbitrary<InvalidText> {
  return (maxLength) =>
    fc.tuple(heads, fc.integer({ min: 1, max: 16 })).map(([head, extra]) => {
      const padding = fill.repeat(Math.max(0, maxLength + extra - head.length - close.length));
      return { text: `${head}${padding}${close}`, code: "INPUT_TOO_LONG", offset: maxLength };
    });
}

/** How one language builds its invalid texts: the valid lead, the kinds of case, over-long texts. */
export interface InvalidTextRecipe {
  /** Valid text the error comes after (possibly none). */
  readonly lead: fc.Arbitrary<readonly Piece[]>;
  /** Each kind of case with its code, for the nesting limit given. */
  readonly kinds: (
    maxDepth: number,
  ) => readonly (readonly [fc.Arbitrary<Piece[]>, SyntaxErrorCode])[];
  readonly tooLong: (maxLength: number) => fc.Arbitrary<InvalidText>;
}

/**
 * Every kind of case of a recipe, each after its lead, kept under the length limit; with a
 * finite limit, texts over it too.
 */
export function invalidTexts(
  recipe: InvalidTextRecipe,
  options: InvalidTextArbitraryOptions,
): fc.Arbitrary<InvalidText> {
  const { maxLength, maxDepth } = readLimits(options);
  const cases = fc.oneof(
    ...recipe
      .kinds(maxDepth)
      .map(([pieces, code]) =>
        fc.tuple(recipe.lead, pieces).map(([before, rest]) => assemble([...before, ...rest], code)),
      ),
  );
  const fitting = cases.filter((c) => c.text.length <= maxLength);
  return Number.isFinite(maxLength) ? fc.oneof(fitting, recipe.tooLong(maxLength)) : fitting;
}
