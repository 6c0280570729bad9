import fc from "fast-check";
import { type FieldsNode, type FieldTree, treeOf } from "../ast/fields.ts";
import { formatFields } from "../backends/format/format-fields.ts";
import { DEFAULT_MAX_LENGTH } from "../base/limits.ts";
import type { Schema } from "../schema/schema.ts";
import { type Choices, seededChoices } from "./choices.ts";
import { type FieldsArbitraryOptions, fieldsArbitrary } from "./fields-ast.ts";

/** Options of `fieldsTextArbitrary`: those of `fieldsArbitrary`, and which spelling. */
export interface FieldsTextArbitraryOptions extends FieldsArbitraryOptions {
  /** `true`: the canonical text (`formatFields`); `false` (the default): random spellings. */
  readonly canonical?: boolean;
}

/**
 * Spells a selection in one of its equivalent ways: its items as written, or its merged tree
 * with each branch dotted or parenthesised, an item repeated; white space where allowed.
 */
export function spellFields(selection: FieldsNode | FieldTree, choices: Choices): string {
  const ws = () => ["", " ", "\t", "\n "][choices.pick(4)] as string;
  const asWritten = (node: FieldsNode): string =>
    node.items
      .map(({ path, selection: inner }) => {
        const name = path.segments.join(".");
        return inner ? `${name}${ws()}(${ws()}${asWritten(inner)}${ws()})` : name;
      })
      .join(`${ws()},${ws()}`);
  if ("kind" in selection && choices.pick(2) === 0) return `${ws()}${asWritten(selection)}${ws()}`;
  const tree = treeOf(selection);
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

/** One spelling of a selection, or its canonical text when the spelling runs past `maxLength`. */
function spellWithin(ast: FieldsNode, seed: number, maxLength: number): string {
  const text = spellFields(ast, seededChoices(seed));
  return text.length <= maxLength ? text : formatFields(ast);
}

/**
 * Spellings of one `fields` AST, each meaning the same selection (its `formatFields` is the
 * same); a spelling longer than `maxLength` (8192 unless set) gives way to the canonical text.
 */
export function fieldsSpellingArbitrary(
  ast: FieldsNode,
  options: { readonly maxLength?: number } = {},
): fc.Arbitrary<string> {
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  return fc.integer().map((seed) => spellWithin(ast, seed, maxLength));
}

/**
 * `fields` texts of `fieldsArbitrary(schema, options)`: canonical, or spelled with white space,
 * dotted and parenthesised forms and repeated items; never longer than `maxLength`.
 */
export function fieldsTextArbitrary(
  schema?: Schema,
  options: FieldsTextArbitraryOptions = {},
): fc.Arbitrary<string> {
  const { canonical = false, ...treeOptions } = options;
  const trees = fieldsArbitrary(schema, treeOptions);
  if (canonical) return trees.map(formatFields);
  const maxLength = treeOptions.maxLength ?? DEFAULT_MAX_LENGTH;
  return fc.tuple(trees, fc.integer()).map(([ast, seed]) => spellWithin(ast, seed, maxLength));
}
