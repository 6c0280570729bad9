import type { FieldsNode, WhereExpression } from "qaql";
import { h } from "./dom.ts";

/** Any node of either tree: plain data with a `kind` and a `span` (src/ast). */
interface AstNode {
  readonly kind: string;
  readonly span: { readonly start: number; readonly end: number };
  readonly [member: string]: unknown;
}

const isNode = (value: unknown): value is AstNode =>
  typeof value === "object" && value !== null && "kind" in value && "span" in value;

/** A node's own values, for its label: `operator: >=`, `segments: type.id`, `text: "FILE"`. */
function detailsOf(node: AstNode): string[] {
  const details: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === "kind" || key === "span" || isNode(value) || value === null) continue;
    if (Array.isArray(value) && value.some(isNode)) continue;
    const shown = key === "segments" ? (value as string[]).join(".") : JSON.stringify(value);
    details.push(`${key}: ${shown}`);
  }
  return details;
}

/** The nodes under a node, in the order of its members. */
function childrenOf(node: AstNode): AstNode[] {
  return Object.values(node).flatMap((value) =>
    isNode(value) ? [value] : Array.isArray(value) ? value.filter(isNode) : [],
  );
}

/** One node: a collapsible `<details>` when it has children, a line otherwise. */
function renderNode(node: AstNode): HTMLElement {
  const label = [
    h("span", { class: "kind" }, node.kind),
    ...detailsOf(node).map((detail) => h("span", { class: "detail" }, detail)),
    h("span", { class: "span" }, `${node.span.start}–${node.span.end}`),
  ];
  const children = childrenOf(node);
  if (children.length === 0) return h("li", { "data-kind": node.kind }, ...label);
  return h(
    "li",
    { "data-kind": node.kind },
    h(
      "details",
      { open: "" },
      h("summary", {}, ...label),
      h("ul", {}, ...children.map(renderNode)),
    ),
  );
}

/** A tree as nested lists, every node open. */
export function renderAst(root: WhereExpression | FieldsNode): HTMLElement {
  return h("ul", { class: "ast-tree" }, renderNode(root as unknown as AstNode));
}
