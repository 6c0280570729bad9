import fc from "fast-check";
import type { FieldBranch, FieldTree } from "../../src/ast/fields.ts";
import type { Choices } from "./where-arbitraries.ts";

/** A small pool, so that selections and records meet; hostile names included. */
export const NAMES = [
  "a",
  "b",
  "c",
  "id",
  "name",
  "_links",
  "__proto__",
  "constructor",
  "toString",
];

const nameArbitrary = fc.constantFrom(...NAMES);

/** Merged selection trees (3.2): unique names per level, nothing selected inside `_links`. */
export const fieldTreeArbitrary: fc.Arbitrary<FieldTree> = fc.letrec<{
  tree: FieldTree;
  branch: FieldBranch;
}>((tie) => ({
  tree: fc.uniqueArray(tie("branch"), { minLength: 1, maxLength: 4, selector: (b) => b.name }),
  branch: fc
    .record({
      name: nameArbitrary,
      children: fc.option(tie("tree"), { nil: null, depthSize: "small", maxDepth: 3 }),
    })
    .map((b) => (b.name === "_links" ? { name: b.name, children: null } : b)),
})).tree;

const recordDepth = fc.createDepthIdentifier();

/** JSON-like records over the same names: nested objects, arrays of mixed elements, nulls. */
export const recordArbitrary: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{
  object: Record<string, unknown>;
  value: unknown;
}>((tie) => ({
  object: fc.dictionary(nameArbitrary, tie("value"), { maxKeys: 5 }),
  // Depth-bounded on every recursive path (arrays included), so no run can grow without end.
  value: fc.oneof(
    { maxDepth: 3, depthSize: "small", depthIdentifier: recordDepth },
    fc.oneof(fc.integer(), fc.string({ maxLength: 3 }), fc.constant(null), fc.boolean()),
    tie("object"),
    fc.array(
      fc.oneof(
        { maxDepth: 3, depthSize: "small", depthIdentifier: recordDepth },
        fc.integer(),
        fc.constant(null),
        tie("object"),
      ),
      { maxLength: 3 },
    ),
  ),
})).object;

/** Spells a tree in one of its many equivalent ways: dotted or parenthesised, repeated, spaced. */
export function spellFields(tree: FieldTree, choices: Choices): string {
  const ws = () => ["", " ", "\t", "\n "][choices.pick(4)] as string;
  const items = (level: FieldTree, prefix: string): string[] =>
    level.flatMap(({ name, children }) => {
      const here = prefix + name;
      if (children === null) return [here];
      if (choices.pick(2) === 0) return items(children, `${here}.`);
      return [`${here}${ws()}(${ws()}${items(children, "").join(`${ws()},${ws()}`)}${ws()})`];
    });
  const written = items(tree, "");
  const repeated =
    choices.pick(3) === 0 && written.length > 0
      ? [...written, written[choices.pick(written.length)] as string]
      : written;
  return `${ws()}${repeated.join(`${ws()},${ws()}`)}${ws()}`;
}
