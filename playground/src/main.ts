import "./style.css";
import { renderCanonical } from "./canonical.ts";
import { byId, copyButton, errorBlock } from "./dom.ts";
import { createEditor } from "./editors.ts";
import { evaluate } from "./query.ts";
import { resources } from "./resources.ts";
import { renderResult } from "./result.ts";
import { renderSql } from "./sql-pane.ts";
import {
  PAGE_SIZES,
  type PlaygroundState,
  RESOURCES,
  type ResourceName,
  readState,
  writeState,
} from "./state.ts";

let state = readState(location.hash);

const resourcePicker = byId<HTMLSelectElement>("resource");
const zonePicker = byId<HTMLSelectElement>("time-zone");
const sizePicker = byId<HTMLSelectElement>("size");

/** Fills a picker; a value from the URL that is not among the options is added to them. */
function fill(select: HTMLSelectElement, values: readonly string[], selected: string): void {
  const all = values.includes(selected) ? values : [selected, ...values];
  select.replaceChildren(...all.map((value) => new Option(value, value)));
  select.value = selected;
}

function showPickers(): void {
  fill(resourcePicker, RESOURCES, state.resource);
  // The browser's list of zones leaves out UTC, the default.
  fill(zonePicker, ["UTC", ...Intl.supportedValuesOf("timeZone")], state.timeZone);
  fill(sizePicker, PAGE_SIZES.map(String), String(state.size));
}

function render(): void {
  try {
    const evaluation = evaluate(state);
    renderResult(evaluation, state);
    renderCanonical(evaluation);
    const { schema } = resources[state.resource];
    byId("sql-dialects").replaceChildren(...renderSql(evaluation.where, schema, state.timeZone));
  } catch (error) {
    // A bug of the page, not of the query: shown, never thrown to the console.
    byId("errors").replaceChildren(errorBlock(error as Error));
    byId("errors").hidden = false;
  }
  document.documentElement.dataset.ready = "true";
}

/** Moves to a new state: the URL follows without a history entry per keystroke. */
function update(changes: Partial<PlaygroundState>): void {
  state = { ...state, ...changes };
  const hash = writeState(state);
  if (location.hash !== hash) history.replaceState(null, "", hash);
  whereEditor.configure(state);
  fieldsEditor.configure(state);
  render();
}

// A new text, resource or zone is a new query, which starts at its first page.
const whereEditor = createEditor(byId("where-editor"), "where", state, (where) => {
  if (where !== state.where) update({ where, page: 1 });
});
const fieldsEditor = createEditor(byId("fields-editor"), "fields", state, (fields) => {
  if (fields !== state.fields) update({ fields, page: 1 });
});

resourcePicker.addEventListener("change", () =>
  update({ resource: resourcePicker.value as ResourceName, page: 1 }),
);
zonePicker.addEventListener("change", () => update({ timeZone: zonePicker.value, page: 1 }));
sizePicker.addEventListener("change", () => update({ size: Number(sizePicker.value), page: 1 }));

// The `_links` are links to this page with another hash; so are links pasted or edited by hand.
addEventListener("hashchange", () => {
  state = readState(location.hash);
  showPickers();
  whereEditor.setText(state.where);
  fieldsEditor.setText(state.fields);
  update({});
});

for (const [editor, id] of [
  [whereEditor, "format-where"],
  [fieldsEditor, "format-fields"],
] as const) {
  byId(id).addEventListener("click", () => {
    editor.format();
    editor.view.focus();
  });
}

for (const id of ["canonical-where", "canonical-fields"]) {
  const block = byId(id);
  block.previousElementSibling?.append(
    copyButton(() => ({ text: block.textContent ?? "", source: block })),
  );
}

showPickers();
update({});
