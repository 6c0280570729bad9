import {
  BARE_VALUE_PATTERN,
  type ComparisonNode,
  type InNode,
  type PathNode,
  type WhereExpression,
} from "../../ast/where.ts";
import { type WhereCases, whereCase } from "../../ast/where-cases.ts";
import { MAX_DEPTH_LIMIT } from "../../base/limits.ts";
import { readWhereAst } from "../../check/read-where.ts";

const BARE_VALUE = new RegExp(`^${BARE_VALUE_PATTERN}$`);

/** Prints a value bare when it reads back as the same text, and quoted otherwise (2.6). */
function formatValue(text: string): string {
  return BARE_VALUE.test(text) ? text : quote(text);
}

/** Prints the text of a pattern; a text holding `*` is always quoted (2.6). */
function formatPatternText(text: string): string {
  return BARE_VALUE.test(text) && !text.includes("*") ? text : quote(text);
}

function quote(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

const path = (node: PathNode) => node.segments.join(".");

/** A comparison as `f<op>x`, whatever its comparator. */
const comparison = (node: ComparisonNode) =>
  `${path(node.path)}${node.operator}${formatValue(node.value.text)}`;

const list = (node: InNode) => `(${node.values.map((v) => formatValue(v.text)).join(",")})`;

const printers: WhereCases<string> = {
  or: (node) => node.operands.map(print).join(" OR "),
  and: (node) =>
    node.operands.map((o) => (o.kind === "or" ? `(${print(o)})` : print(o))).join(" AND "),
  "=": comparison,
  "!=": comparison,
  ">": comparison,
  ">=": comparison,
  "<": comparison,
  "<=": comparison,
  "~": (node) => {
    const text = formatPatternText(node.value.text);
    const shaped =
      node.mode === "startsWith" ? `${text}*` : node.mode === "endsWith" ? `*${text}` : text;
    return `${path(node.path)}~${shaped}`;
  },
  IN: (node) => `${path(node.path)} IN ${list(node)}`,
  "NOT IN": (node) => `${path(node.path)} NOT IN ${list(node)}`,
  "IS NULL": (node) => `${path(node.path)} IS NULL`,
  "IS NOT NULL": (node) => `${path(node.path)} IS NOT NULL`,
};

function print(node: WhereExpression): string {
  return whereCase(printers, node, undefined);
}

/**
 * Prints a `where` AST as its canonical text (grammar/language.md 2.6); a tree from outside is checked
 * first (`InvalidAstError`).
 */
export function formatWhere(ast: WhereExpression): string {
  return print(readWhereAst(ast, MAX_DEPTH_LIMIT));
}
