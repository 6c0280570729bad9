import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type InvalidText,
  invalidFieldsArbitrary,
  invalidWhereArbitrary,
} from "../../src/arbitraries/index.ts";
import type { ParseLimits } from "../../src/base/limits.ts";
import type { SyntaxErrorCode } from "../../src/errors/errors.ts";
import { safeParseFields } from "../../src/syntax/parse-fields.ts";
import { safeParseWhere } from "../../src/syntax/parse-where.ts";
import { runs } from "../support/runs.ts";

type SafeParse = typeof safeParseWhere | typeof safeParseFields;

/** What the parser reports for a text: its error's code and offset, or that it parsed. */
function reported(parse: SafeParse, text: string, limits: ParseLimits) {
  const result = parse(text, limits);
  return result.success ? "parsed" : { code: result.error.code, offset: result.error.offset };
}

function expectExact(parse: SafeParse, limits: ParseLimits) {
  return ({ text, code, offset }: InvalidText) => {
    expect(reported(parse, text, limits), JSON.stringify(text)).toEqual({ code, offset });
  };
}

function codesOf(cases: fc.Arbitrary<InvalidText>): Set<SyntaxErrorCode> {
  return new Set(fc.sample(cases, { seed: 1, numRuns: runs(1000) }).map((c) => c.code));
}

const WHERE_CODES: SyntaxErrorCode[] = [
  "EMPTY_PATTERN",
  "INPUT_TOO_LONG",
  "MISPLACED_WILDCARD",
  "MISSING_WHITESPACE",
  "NESTING_TOO_DEEP",
  "UNEXPECTED_END",
  "UNEXPECTED_TOKEN",
  "UNTERMINATED_QUOTE",
];

const FIELDS_CODES: SyntaxErrorCode[] = [
  "INPUT_TOO_LONG",
  "LINKS_SUBSELECTION",
  "NESTING_TOO_DEEP",
  "UNEXPECTED_END",
  "UNEXPECTED_TOKEN",
];

describe("invalidWhereArbitrary", () => {
  it("gives texts on which parseWhere reports exactly the code and offset claimed", () => {
    fc.assert(fc.property(invalidWhereArbitrary(), expectExact(safeParseWhere, {})), {
      numRuns: runs(2000),
    });
  });

  it("does so under other limits, given the same limits", () => {
    const limits = { maxLength: 400, maxDepth: 5 };
    fc.assert(fc.property(invalidWhereArbitrary(limits), expectExact(safeParseWhere, limits)), {
      numRuns: runs(1000),
    });
  });

  it("covers every syntax error code a filter can raise", () => {
    expect([...codesOf(invalidWhereArbitrary())].sort()).toEqual(WHERE_CODES);
  });

  it("refuses limits too tight for its valid parts", () => {
    expect(() => invalidWhereArbitrary({ maxDepth: 3 })).toThrow(RangeError);
    expect(() => invalidWhereArbitrary({ maxLength: 100 })).toThrow(RangeError);
  });
});

describe("invalidFieldsArbitrary", () => {
  it("gives texts on which parseFields reports exactly the code and offset claimed", () => {
    fc.assert(fc.property(invalidFieldsArbitrary(), expectExact(safeParseFields, {})), {
      numRuns: runs(2000),
    });
  });

  it("does so under other limits, given the same limits", () => {
    const limits = { maxLength: 300, maxDepth: 4 };
    fc.assert(fc.property(invalidFieldsArbitrary(limits), expectExact(safeParseFields, limits)), {
      numRuns: runs(1000),
    });
  });

  it("covers every syntax error code a selection can raise", () => {
    expect([...codesOf(invalidFieldsArbitrary())].sort()).toEqual(FIELDS_CODES);
  });
});
