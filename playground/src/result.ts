import { QueryValidationError } from "qaql";
import type { PageLinks } from "qaql/list";
import { byId, errorBlock, h } from "./dom.ts";
import type { Evaluation } from "./query.ts";
import { type PlaygroundState, writeState } from "./state.ts";

/** A cell's text: strings as they are, anything else as compact JSON. */
function cellText(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
}

/** The columns of a page: the keys of its records, in order of first appearance. */
function columnsOf(items: readonly object[]): string[] {
  const columns = new Set<string>();
  for (const item of items) for (const key of Object.keys(item)) columns.add(key);
  return [...columns];
}

function renderTable(items: readonly object[]): HTMLTableElement {
  const columns = columnsOf(items);
  const head = h("tr", {}, ...columns.map((column) => h("th", { scope: "col" }, column)));
  const rows = items.map((item) => {
    const values = item as Record<string, unknown>;
    return h(
      "tr",
      {},
      ...columns.map((column) => {
        const text = column in values ? cellText(values[column]) : "";
        const kind = values[column] === null ? "null" : typeof values[column];
        return h("td", { title: text, "data-type": kind }, text);
      }),
    );
  });
  return h("table", { id: "result-table" }, h("thead", {}, head), h("tbody", {}, ...rows));
}

/** The page number an API link asks for. */
function pageOf(href: string): number {
  return Number(new URLSearchParams(href.slice(href.indexOf("?") + 1)).get("page"));
}

const RELATIONS = ["first", "previous", "next", "last"] as const;

/**
 * The `_links` of the page as the API writes them; each is also a link to the playground at
 * that page, so a click (or a new tab) turns the page.
 */
function renderLinks(links: PageLinks, state: PlaygroundState): HTMLElement {
  const items = RELATIONS.map((rel) => {
    const link = links[rel];
    const name = link
      ? h("a", { href: writeState({ ...state, page: pageOf(link.href) }), "data-rel": rel }, rel)
      : h("span", { class: "absent", "data-rel": rel }, rel);
    return h("li", {}, name, h("code", {}, link?.href ?? "(none on this page)"));
  });
  return h("ul", { id: "links" }, ...items);
}

/** Where `offset` is in `input`, as qaql's messages say it (UTF-16 units, from 1). */
function positionOf(input: string, offset: number): string {
  const before = input.slice(0, offset);
  const lineStart = Math.max(before.lastIndexOf("\n"), before.lastIndexOf("\r")) + 1;
  const column = offset - lineStart + 1;
  if (!/[\r\n]/.test(input)) return `column ${column}`;
  return `line ${before.split(/\r\n|\r|\n/).length}, column ${column}`;
}

/** Every problem of a text: the first with its caret, the others of a validation error listed after. */
function renderErrors(evaluation: Evaluation): HTMLElement[] {
  const errors = [evaluation.where, evaluation.fields].flatMap((o) => (o.ok ? [] : [o.error]));
  if (errors.length === 0 && !evaluation.page.ok) errors.push(evaluation.page.error);
  return errors.map((error) => {
    const more =
      error instanceof QueryValidationError
        ? error.issues
            .slice(1)
            .map((issue) =>
              h("li", {}, `${issue.message} at ${positionOf(error.input, issue.offset)}`),
            )
        : [];
    return h(
      "div",
      { class: "error-item" },
      errorBlock(error),
      ...(more.length > 0 ? [h("ul", { class: "more-issues" }, ...more)] : []),
    );
  });
}

/** Shows the count, the first page and its links; or, for an invalid text, its errors instead. */
export function renderResult(evaluation: Evaluation, state: PlaygroundState): void {
  const { page } = evaluation;
  const errors = byId("errors");
  const result = byId("result-body");
  errors.replaceChildren(...renderErrors(evaluation));
  errors.hidden = page.ok;
  result.hidden = !page.ok;
  if (!page.ok) return;
  const { total, response, items } = page.value;
  const pages = Math.max(1, Math.ceil(total / state.size));
  byId("count").textContent = String(total);
  byId("page-of").textContent = `page ${state.page} of ${pages}`;
  byId("result-table").replaceWith(renderTable(items));
  byId("links").replaceWith(renderLinks(response._links, state));
}
