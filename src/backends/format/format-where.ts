import { BARE_VALUE_PATTERN, type WhereExpression, type WhereNode } from "../../ast/where.ts";
import { MAX_DEPTH_LIMIT } from "../../base/limits.ts";
import { readWhereAst } from "../../check/read-where.ts";

type Printers = { [K in WhereNode["kind"]]: (node: Extract<WhereNode, { kind: K }>) => string };

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

const printers: Printers = {
  or: (node) => node.operands.map(print).join(" OR "),
  and: (node) =>
    node.operands.map((o) => (o.kind === "or" ? `(${print(o)})` : print(o))).join(" AND "),
  comparison: (node) => `${print(node.path)}${node.operator}${formatValue(node.value.text)}`,
  pattern: (node) => {
    const text = formatPatternText(node.value.text);
    const shaped =
      node.mode === "startsWith" ? `${text}*` : node.mode === "endsWith" ? `*${text}` : text;
    return `${print(node.path)}~${shaped}`;
  },
  in: (node) =>
    `${print(node.path)} ${node.negated ? "NOT IN" : "IN"} (${node.values.map((v) => formatValue(v.text)).join(",")})`,
  isNull: (node) => `${print(node.path)} ${node.negated ? "IS NOT NULL" : "IS NULL"}`,
  path: (node) => node.segments.join("."),
  literal: (node) => formatValue(node.text),
};

function print(node: WhereNode): string {
  return (printers[node.kind] as (n: WhereNode) => string)(node);
}

/**
 * Prints a `where` AST as its canonical text (grammar/language.md 2.6); a tree from outside is checked
 * first (`InvalidAstError`).
 */
export function formatWhere(ast: WhereExpression): string {
  return print(readWhereAst(ast, MAX_DEPTH_LIMIT));
}
