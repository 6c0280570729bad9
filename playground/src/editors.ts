import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { Compartment, type Extension } from "@codemirror/state";
import { EditorView, keymap, placeholder } from "@codemirror/view";
import { formatQuery, qaqlFields, qaqlWhere } from "qaql/codemirror";
import { resources } from "./resources.ts";
import type { PlaygroundState } from "./state.ts";

export type Language = "where" | "fields";

/** qaql's extension for one language, configured for the state's resource and zone. */
function qaqlExtension(language: Language, state: PlaygroundState): Extension {
  const { schema } = resources[state.resource];
  return language === "where"
    ? qaqlWhere({ schema, timeZone: state.timeZone })
    : qaqlFields({ schema });
}

const PLACEHOLDERS: Readonly<Record<Language, string>> = {
  where: "every record; e.g. type.id=FILE AND rank>=3",
  fields: "whole records; e.g. id,name,type.id",
};

/** An editor of one language, whose qaql extension follows the resource and the time zone. */
export interface QueryEditor {
  readonly view: EditorView;
  /** Reconfigures qaql's extension when the resource or the zone changed. */
  configure(state: PlaygroundState): void;
  /** Replaces the text, as when the state comes from the URL. */
  setText(text: string): void;
  /** Rewrites the text in canonical form, as Shift-Alt-F does; false when it does not parse. */
  format(): boolean;
}

/** Mounts an editor in `parent`; `onChange` gets the text after every edit the user makes. */
export function createEditor(
  parent: HTMLElement,
  language: Language,
  state: PlaygroundState,
  onChange: (text: string) => void,
): QueryEditor {
  // The schema and zone change at run time: the qaql extension lives in its own compartment.
  const qaql = new Compartment();
  const view = new EditorView({
    parent,
    doc: state[language],
    extensions: [
      history(),
      keymap.of([...defaultKeymap, ...historyKeymap]),
      syntaxHighlighting(defaultHighlightStyle),
      EditorView.lineWrapping,
      placeholder(PLACEHOLDERS[language]),
      EditorView.contentAttributes.of({ "aria-label": `${language} text` }),
      qaql.of(qaqlExtension(language, state)),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) onChange(update.state.doc.toString());
      }),
    ],
  });
  let configured = { schema: resources[state.resource].schema, timeZone: state.timeZone };
  return {
    view,
    configure(next) {
      const wanted = { schema: resources[next.resource].schema, timeZone: next.timeZone };
      if (wanted.schema === configured.schema && wanted.timeZone === configured.timeZone) return;
      configured = wanted;
      view.dispatch({ effects: qaql.reconfigure(qaqlExtension(language, next)) });
    },
    setText(text) {
      if (view.state.doc.toString() === text) return;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    format: () => formatQuery(view),
  };
}
