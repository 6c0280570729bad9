import { type FieldsNode, formatFields, formatWhere, type WhereExpression } from "qaql";
import { renderAst } from "./ast-tree.ts";
import { byId, h } from "./dom.ts";
import type { Evaluation, Outcome } from "./query.ts";

/** What a pane says in place of a tree: `null` is the empty text, which is valid. */
function absence(outcome: Outcome<unknown>, empty: string): string {
  return outcome.ok ? empty : "invalid: see the errors";
}

function showCanonical<T>(id: string, outcome: Outcome<T | null>, format: (ast: T) => string) {
  const target = byId(id);
  const ast = outcome.ok ? outcome.value : null;
  target.textContent = ast === null ? "" : format(ast);
  target.dataset.empty = absence(outcome, "(empty)");
}

function showTree(id: string, outcome: Outcome<WhereExpression | FieldsNode | null>) {
  const ast = outcome.ok ? outcome.value : null;
  byId(id).replaceChildren(
    ast === null ? h("p", { class: "muted" }, absence(outcome, "(empty)")) : renderAst(ast),
  );
}

/** The canonical texts (formatWhere, formatFields) and both trees. */
export function renderCanonical({ where, fields }: Evaluation): void {
  showCanonical("canonical-where", where, formatWhere);
  showCanonical("canonical-fields", fields, formatFields);
  showTree("ast-where", where);
  showTree("ast-fields", fields);
}
