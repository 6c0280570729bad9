import fc from "fast-check";
import { BARE_VALUE_PATTERN, type PathNode, type WhereExpression } from "../ast/where.ts";
import { formatWhere } from "../backends/format/format-where.ts";
import { DEFAULT_MAX_LENGTH } from "../base/limits.ts";
import type { Schema } from "../schema/schema.ts";
import { type Choices, seededChoices } from "./choices.ts";
import { type WhereArbitraryOptions, whereArbitrary } from "./where-ast.ts";

/** Options of `whereTextArbitrary`: those of `whereArbitrary`, and which spelling. */
export interface WhereTextArbitraryOptions extends WhereArbitraryOptions {
  /** `true`: the canonical text (`formatWhere`); `false` (the default): random spellings. */
  readonly canonical?: boolean;
}

const SPACES = [" ", "  ", "\t", "\n", " \r\n "];
const BARE = new RegExp(`^${BARE_VALUE_PATTERN}$`);

/**
 * Spells a tree as a user might: keywords in any case, extra white space where the grammar
 * allows it, needless quotes and parentheses, AND (OR) runs grouped in parentheses, `~*x*`.
 */
export function spellWhere(node: WhereExpression, choices: Choices): string {
  const ws = () => SPACES[choices.pick(SPACES.length)] as string;
  const opt = () => (choices.pick(3) === 0 ? ws() : "");
  const kw = (word: string) => {
    const style = choices.pick(3);
    if (style === 0) return word.toUpperCase();
    if (style === 1) return word.toLowerCase();
    return [...word].map((c, i) => (i % 2 ? c.toLowerCase() : c.toUpperCase())).join("");
  };
  const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
  const value = (text: string) => (BARE.test(text) && choices.pick(2) === 0 ? text : quote(text));
  const pathText = (p: PathNode) => p.segments.join(".");
  const group = (text: string) => `(${opt()}${text}${opt()})`;
  const wrap = (text: string) => (choices.pick(4) === 0 ? group(text) : text);
  /** Joins operands by the keyword, sometimes grouping a run of them, which the parser flattens. */
  const join = (parts: string[], word: string): string => {
    const sep = () => `${ws()}${kw(word)}${ws()}`;
    if (parts.length > 2 && choices.pick(3) === 0) {
      const from = choices.pick(parts.length - 1);
      const to = from + 2 + choices.pick(parts.length - from - 1);
      const run = parts.slice(from, to);
      parts = [
        ...parts.slice(0, from),
        group(run.map((p, i) => (i ? sep() : "") + p).join("")),
        ...parts.slice(to),
      ];
    }
    return parts.map((p, i) => (i ? sep() : "") + p).join("");
  };
  const spell = (n: WhereExpression): string => {
    switch (n.kind) {
      case "or":
        return join(
          n.operands.map((o) => wrap(spell(o))),
          "or",
        );
      case "and":
        return join(
          n.operands.map((o) => (o.kind === "or" ? group(spell(o)) : wrap(spell(o)))),
          "and",
        );
      case "comparison":
        return `${pathText(n.path)}${opt()}${n.operator}${opt()}${value(n.value.text)}`;
      case "pattern": {
        const text = n.value.text;
        const quoted = text.includes("*") || !BARE.test(text) || choices.pick(2) === 0;
        const core = quoted ? quote(text) : text;
        const both = n.mode === "contains" && choices.pick(2) === 0;
        const lead = n.mode === "endsWith" || both ? "*" : "";
        const trail = n.mode === "startsWith" || both ? "*" : "";
        return `${pathText(n.path)}${opt()}~${opt()}${lead}${core}${trail}`;
      }
      case "in": {
        const list = n.values.map((v) => value(v.text)).join(`${opt()},${opt()}`);
        const op = n.negated ? `${kw("not")}${ws()}${kw("in")}` : kw("in");
        return `${pathText(n.path)}${ws()}${op}${opt()}(${opt()}${list}${opt()})`;
      }
      case "isNull": {
        const not = n.negated ? `${kw("not")}${ws()}` : "";
        return `${pathText(n.path)}${ws()}${kw("is")}${ws()}${not}${kw("null")}`;
      }
    }
  };
  return `${opt()}${wrap(spell(node))}${opt()}`;
}

/** One spelling of a tree, or its canonical text when the spelling runs past `maxLength`. */
function spellWithin(ast: WhereExpression, seed: number, maxLength: number): string {
  const text = spellWhere(ast, seededChoices(seed));
  return text.length <= maxLength ? text : formatWhere(ast);
}

/**
 * Spellings of one `where` AST, each parsing back to it (spans aside); a spelling longer than
 * `maxLength` (8192 unless set) gives way to the canonical text.
 */
export function whereSpellingArbitrary(
  ast: WhereExpression,
  options: { readonly maxLength?: number } = {},
): fc.Arbitrary<string> {
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  return fc.integer().map((seed) => spellWithin(ast, seed, maxLength));
}

/**
 * `where` texts of `whereArbitrary(schema, options)`: canonical, or spelled in any of the ways
 * the grammar allows (keyword case, white space, quotes, parentheses) while meaning the same
 * tree; never longer than `maxLength`.
 */
export function whereTextArbitrary(
  schema?: Schema,
  options: WhereTextArbitraryOptions = {},
): fc.Arbitrary<string> {
  const { canonical = false, ...treeOptions } = options;
  const trees = whereArbitrary(schema, treeOptions);
  if (canonical) return trees.map(formatWhere);
  const maxLength = treeOptions.maxLength ?? DEFAULT_MAX_LENGTH;
  return fc.tuple(trees, fc.integer()).map(([ast, seed]) => spellWithin(ast, seed, maxLength));
}
