// @vitest-environment happy-dom
import {
  acceptCompletion,
  CompletionContext,
  type CompletionResult,
  completionStatus,
  currentCompletions,
  startCompletion,
} from "@codemirror/autocomplete";
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { type Diagnostic, forceLinting, forEachDiagnostic } from "@codemirror/lint";
import { Compartment, EditorState, type Extension } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { afterEach, describe, expect, it } from "vitest";
import { InvalidOptionError, schemas, UnknownTimeZoneError } from "../../src/index.ts";
import { formatQuery, qaqlFields, qaqlWhere } from "../../src/integrations/codemirror/index.ts";

const views: EditorView[] = [];
afterEach(() => {
  for (const view of views.splice(0)) view.destroy();
});

/** happy-dom's document: the project's types leave the DOM out, so only what is used is named. */
const page = (globalThis as unknown as { document: { body: { append(node: unknown): void } } })
  .document;

function editor(doc: string, extension: Extension): EditorView {
  const view = new EditorView({ doc, extensions: extension });
  page.body.append(view.dom);
  views.push(view);
  return view;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The editor's diagnostics once its linter has run. */
async function diagnosticsOf(view: EditorView): Promise<Diagnostic[]> {
  forceLinting(view);
  for (let tries = 0; tries < 50; tries++) {
    await wait(10);
    const found: Diagnostic[] = [];
    forEachDiagnostic(view.state, (diagnostic, from, to) =>
      found.push({ ...diagnostic, from, to }),
    );
    if (found.length > 0) return found;
  }
  return [];
}

/** What the completion sources of the editor's language data offer at `pos`. */
async function completionsAt(view: EditorView, pos: number): Promise<CompletionResult | null> {
  const [source] = view.state.languageDataAt<
    (context: CompletionContext) => CompletionResult | null
  >("autocomplete", pos);
  if (!source) throw new Error("no completion source");
  return source(new CompletionContext(view.state, pos, true));
}

/** The marks that the highlighter put on the text, as [text, classes]. */
function marked(view: EditorView): [string, string][] {
  const elements: { textContent: string | null; className: string }[] = Array.from(
    view.contentDOM.querySelectorAll("[class*=cm-qaql-]"),
  );
  return elements.map((element) => [element.textContent ?? "", element.className]);
}

describe("qaqlWhere", () => {
  it("highlights each token as qaql's lexer reads it, with the editor's highlight style", () => {
    const style = HighlightStyle.define([
      { tag: tags.propertyName, class: "test-field" },
      { tag: tags.keyword, class: "test-keyword" },
      { tag: tags.string, class: "test-string" },
    ]);
    const view = editor('name="a "" AND" AND rank>=2.5 AND x IN (OR,2024-01-31)', [
      qaqlWhere(),
      syntaxHighlighting(style),
    ]);
    expect(marked(view)).toEqual([
      ["name", "cm-qaql-field test-field"],
      ["=", "cm-qaql-operator"],
      ['"a ', "cm-qaql-string test-string"],
      ['""', "cm-qaql-escape"],
      [' AND"', "cm-qaql-string test-string"],
      ["AND", "cm-qaql-keyword test-keyword"],
      ["rank", "cm-qaql-field test-field"],
      [">=", "cm-qaql-operator"],
      ["2.5", "cm-qaql-number"],
      ["AND", "cm-qaql-keyword test-keyword"],
      ["x", "cm-qaql-field test-field"],
      ["IN", "cm-qaql-keyword test-keyword"],
      ["(", "cm-qaql-paren"],
      ["OR", "cm-qaql-value"],
      [",", "cm-qaql-separator"],
      // A date is a special string: a style that colours strings alone colours it too.
      ["2024-01-31", "cm-qaql-date test-string"],
      [")", "cm-qaql-paren"],
    ]);
  });

  it("falls back to CodeMirror's default style when the editor has none", () => {
    const view = editor("a=1", qaqlWhere());
    const [, number] = marked(view).find(([text]) => text === "1") ?? [];
    expect(number).toMatch(/^cm-qaql-number \S+$/);
  });

  it("highlights the text again as it changes", () => {
    const view = editor("a", qaqlWhere());
    view.dispatch({ changes: { from: 1, insert: "=OR" } });
    expect(marked(view).map(([text, classes]) => [text, classes.split(" ")[0]])).toEqual([
      ["a", "cm-qaql-field"],
      ["=", "cm-qaql-operator"],
      ["OR", "cm-qaql-value"],
    ]);
  });

  it("shows one error under the end of an unfinished comparison", async () => {
    const view = editor("rank>=", qaqlWhere({ schema: schemas.artefact }));
    const found = await diagnosticsOf(view);
    expect(
      found.map(({ from, to, severity, message }) => ({ from, to, severity, message })),
    ).toEqual([{ from: 6, to: 6, severity: "error", message: 'expected a value after ">="' }]);
  });

  it("shows a day that names none, compared untyped, as a warning", async () => {
    const view = editor("analysisTime>=2024-02-30", qaqlWhere());
    const found = await diagnosticsOf(view);
    expect(found.map(({ from, to, severity }) => ({ from, to, severity }))).toEqual([
      { from: 14, to: 24, severity: "warning" },
    ]);
  });

  it("shows every problem at once, and an unknown name's suggestion as a quick fix that fixes it", async () => {
    const view = editor("rnak>=2 AND type.id=", qaqlWhere({ schema: schemas.artefact }));
    const found = await diagnosticsOf(view);
    expect(found.map(({ from, to, message }) => [from, to, message])).toEqual([
      [0, 4, 'unknown field "rnak": did you mean rank?'],
      [20, 20, 'expected a value after "="'],
    ]);
    const action = found[0]?.actions?.[0];
    expect(action?.name).toBe("Replace with rank");
    action?.apply(view, 0, 4);
    expect(view.state.doc.toString()).toBe("rank>=2 AND type.id=");
  });

  it("lints again when the schema changes", async () => {
    const schema = new Compartment();
    const view = editor("rank>=2", schema.of(qaqlWhere({ schema: schemas.artefact })));
    expect(await diagnosticsOf(view)).toEqual([]);
    view.dispatch({ effects: schema.reconfigure(qaqlWhere({ schema: schemas.project })) });
    const found = await diagnosticsOf(view);
    expect(found.map(({ message }) => message)).toEqual(['unknown field "rank"']);
  });

  it("completes fields, then the operators of the field's type, then AND and OR", async () => {
    const view = editor("", qaqlWhere({ schema: schemas.artefact }));
    const labels = async (doc: string) => {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: doc } });
      const result = await completionsAt(view, doc.length);
      return result && { from: result.from, labels: result.options.map((option) => option.label) };
    };
    expect(await labels("")).toEqual({
      from: 0,
      labels: [
        ...["id", "name", "path", "type", "rank", "projectId", "parentId", "rating"],
        ...["measures", "indicators", "infos", "links"],
      ],
    });
    expect(await labels("type.")).toEqual({ from: 5, labels: ["id"] });
    expect(await labels("rank ")).toEqual({
      from: 5,
      labels: ["=", "!=", ">", ">=", "<", "<=", "IN", "NOT IN", "IS NULL", "IS NOT NULL"],
    });
    expect(await labels("name ")).toMatchObject({ labels: expect.arrayContaining(["~"]) });
    expect(await labels("type ")).toEqual({ from: 5, labels: ["IS NULL", "IS NOT NULL"] });
    expect(await labels("rank>=2 ")).toEqual({ from: 8, labels: ["AND", "OR"] });
    expect(await labels("rank>=2 O")).toEqual({ from: 8, labels: ["AND", "OR"] });
    expect(await labels("name IS ")).toEqual({ from: 8, labels: ["NULL", "NOT NULL"] });
  });

  it("accepts a completion into the text, keyword operators spaced", async () => {
    const view = editor("ra", qaqlWhere({ schema: schemas.artefact }));
    view.dispatch({ selection: { anchor: 2 } });
    startCompletion(view);
    await waitFor(() => completionStatus(view.state) === "active");
    expect(currentCompletions(view.state).map((option) => option.label)).toContain("rank");
    expect(currentCompletions(view.state)[0]?.label).toBe("rank");
    // CodeMirror ignores an accept in the first moments after the list opens (interactionDelay).
    await wait(100);
    acceptCompletion(view);
    expect(view.state.doc.toString()).toBe("rank");
    const result = await completionsAt(view, 4);
    const isNull = result?.options.find((option) => option.label === "IS NULL");
    expect({ from: result?.from, apply: isNull?.apply }).toEqual({ from: 4, apply: " IS NULL" });
  });

  it("describes a date in the time zone on hover", async () => {
    const { describeWhereAt } = await import("../../src/language-service/index.ts");
    expect(describeWhereAt("d=2024-03-31", 5, { timeZone: "Europe/Paris" })).toEqual({
      from: 2,
      to: 12,
      text: "2024-03-31 in Europe/Paris: from 2024-03-30T23:00:00.000Z up to 2024-03-31T22:00:00.000Z",
    });
  });

  it("checks its options when it is made", () => {
    expect(() => qaqlWhere({ timeZone: "Mars/Olympus" })).toThrow(UnknownTimeZoneError);
    expect(() => qaqlWhere({ schema: "rank" as never })).toThrow(InvalidOptionError);
    expect(() => qaqlWhere({ maxDepth: -1 })).toThrow(InvalidOptionError);
    expect(() => qaqlWhere({ zone: "UTC" } as never)).toThrow(/unknown option/);
    expect(() => qaqlFields({ timeZone: "UTC" } as never)).toThrow(InvalidOptionError);
  });
});

describe("qaqlFields", () => {
  it("completes the names below the field a sub-selection follows", async () => {
    const view = editor("definition(", qaqlFields({ schema: schemas.finding }));
    const result = await completionsAt(view, 11);
    expect(result?.options.map((option) => [option.label, option.detail])).toEqual([
      ["id", "string"],
      ["name", "string"],
      ["description", "string"],
      ["categories", "array of object"],
      ["families", "array of string"],
    ]);
  });

  it("shows an unknown name with its quick fix", async () => {
    const view = editor("id,definition(nam)", qaqlFields({ schema: schemas.finding }));
    const [found] = await diagnosticsOf(view);
    expect(found).toMatchObject({
      from: 14,
      to: 17,
      message: expect.stringContaining("definition.name"),
    });
    found?.actions?.[0]?.apply(view, 14, 17);
    expect(view.state.doc.toString()).toBe("id,definition(name)");
  });
});

describe("formatQuery", () => {
  it("rewrites a valid text in canonical form", () => {
    const view = editor("  rank >= 2 and  (a=1 or b=2)", qaqlWhere());
    expect(formatQuery(view)).toBe(true);
    expect(view.state.doc.toString()).toBe("rank>=2 AND (a=1 OR b=2)");
    const fields = editor("a ( b , c )", qaqlFields());
    expect(formatQuery(fields)).toBe(true);
    expect(fields.state.doc.toString()).toBe("a(b,c)");
  });

  it("leaves a text that does not parse as it is", () => {
    const view = editor("rank>=", qaqlWhere());
    expect(formatQuery(view)).toBe(false);
    expect(view.state.doc.toString()).toBe("rank>=");
  });

  it("does nothing in an editor without a qaql language", () => {
    expect(formatQuery(editor("a=1", []))).toBe(false);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let tries = 0; tries < 100 && !condition(); tries++) await wait(10);
  expect(condition()).toBe(true);
}

// An EditorState alone (no view) is enough for the language data.
it("offers its completion through the state's language data", () => {
  const state = EditorState.create({ doc: "", extensions: qaqlWhere() });
  expect(state.languageDataAt("autocomplete", 0)).toHaveLength(1);
});
