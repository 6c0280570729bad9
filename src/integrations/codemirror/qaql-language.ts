import {
  autocompletion,
  type Completion,
  type CompletionResult,
  type CompletionSource,
} from "@codemirror/autocomplete";
import { defaultHighlightStyle, highlightingFor, syntaxHighlighting } from "@codemirror/language";
import { type Diagnostic, linter } from "@codemirror/lint";
import { EditorState, type Extension, Facet, type Range } from "@codemirror/state";
import {
  type Command,
  Decoration,
  type DecorationSet,
  type EditorView,
  hoverTooltip,
  keymap,
  ViewPlugin,
  type ViewUpdate,
} from "@codemirror/view";
import { type Tag, tags } from "@lezer/highlight";
import { formatFields } from "../../backends/format/format-fields.ts";
import { formatWhere } from "../../backends/format/format-where.ts";
import { calendarOf } from "../../backends/predicate/calendar.ts";
import type { ParseLimits } from "../../base/limits.ts";
import {
  checkOptionNames,
  optionNamesOf,
  readLimitMembers,
  readOptions,
  readSchemaOption,
  readStringOption,
  type SchemaOption,
} from "../../check/read-options.ts";
import {
  type ClassifiedToken,
  classifyFields,
  classifyWhere,
  type TokenClass,
} from "../../language-service/classify-tokens.ts";
import {
  type CompletionKind,
  type Completions,
  completeFields,
  completeWhere,
} from "../../language-service/complete.ts";
import { describeWhereAt } from "../../language-service/describe.ts";
import {
  diagnoseFields,
  diagnoseWhere,
  type QueryDiagnostic,
} from "../../language-service/diagnose.ts";
import type { Schema } from "../../schema/schema.ts";
import { parseFields } from "../../syntax/parse-fields.ts";
import { parseWhere } from "../../syntax/parse-where.ts";
import { isParseError } from "../../syntax/run-rules.ts";

/** Options of `qaqlWhere`. */
export interface QaqlWhereOptions extends ParseLimits {
  /** The resource's schema: field names to complete, and the problems it finds to show. */
  readonly schema?: SchemaOption | undefined;
  /** The IANA zone in which dates are calendar days, shown over a date (grammar/language.md 2.5); UTC unless set. */
  readonly timeZone?: string | undefined;
}

/** Options of `qaqlFields`. */
export interface QaqlFieldsOptions extends ParseLimits {
  /** The resource's schema: names to complete inside each `( )`, and the problems it finds to show. */
  readonly schema?: SchemaOption | undefined;
}

/** One language's editing support: what the editor's extensions call, with the options read once. */
interface QaqlLanguage {
  readonly language: "where" | "fields";
  readonly classify: (text: string) => ClassifiedToken[];
  readonly diagnose: (text: string) => QueryDiagnostic[];
  readonly complete: (text: string, offset: number) => Completions | undefined;
  /** The canonical form, or undefined when the text does not parse. */
  readonly format: (text: string) => string | undefined;
}

/** The language of an editor; the last one configured wins, so a `Compartment` can swap it. */
const qaqlLanguage = Facet.define<QaqlLanguage, QaqlLanguage | undefined>({
  combine: (values) => values[values.length - 1],
});

const TAGS: Readonly<Record<TokenClass, Tag>> = {
  field: tags.propertyName,
  operator: tags.compareOperator,
  keyword: tags.keyword,
  null: tags.null,
  string: tags.string,
  escape: tags.escape,
  number: tags.number,
  date: tags.special(tags.string),
  boolean: tags.bool,
  value: tags.literal,
  pattern: tags.regexp,
  paren: tags.paren,
  separator: tags.separator,
  invalid: tags.invalid,
};

const COMPLETION_TYPES: Readonly<Record<CompletionKind, string>> = {
  field: "property",
  operator: "operator",
  keyword: "keyword",
  value: "constant",
};

/** Marks each token with `cm-qaql-<class>` and the class the editor's highlight style gives its tag. */
function highlight(state: EditorState): DecorationSet {
  const language = state.facet(qaqlLanguage);
  if (!language) return Decoration.none;
  const marks = new Map<TokenClass, Decoration>();
  const ranges: Range<Decoration>[] = [];
  for (const token of language.classify(state.doc.toString())) {
    if (token.to <= token.from) continue;
    let mark = marks.get(token.class);
    if (!mark) {
      const themed = highlightingFor(state, [TAGS[token.class]]);
      mark = Decoration.mark({ class: `cm-qaql-${token.class}${themed ? ` ${themed}` : ""}` });
      marks.set(token.class, mark);
    }
    ranges.push(mark.range(token.from, token.to));
  }
  return Decoration.set(ranges, true);
}

const highlighter = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = highlight(view.state);
    }
    update(update: ViewUpdate) {
      const reconfigured = update.transactions.some((transaction) => transaction.reconfigured);
      if (update.docChanged || reconfigured) this.decorations = highlight(update.state);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

function toDiagnostic(problem: QueryDiagnostic): Diagnostic {
  const { from, to, message, suggestion } = problem;
  const severity = problem.severity ?? "error";
  const diagnostic: Diagnostic = { from, to, severity, source: "qaql", message };
  if (suggestion === undefined) return diagnostic;
  return {
    ...diagnostic,
    actions: [
      {
        name: `Replace with ${suggestion}`,
        apply: (view, start, end) =>
          view.dispatch({
            changes: { from: start, to: end, insert: suggestion },
            userEvent: "input",
          }),
      },
    ],
  };
}

const diagnostics = linter(
  (view) => {
    const language = view.state.facet(qaqlLanguage);
    return language ? language.diagnose(view.state.doc.toString()).map(toDiagnostic) : [];
  },
  {
    delay: 200,
    // A new schema or language finds other problems in the same text.
    needsRefresh: (update) =>
      update.startState.facet(qaqlLanguage) !== update.state.facet(qaqlLanguage),
  },
);

const completionSource: CompletionSource = (context) => {
  const language = context.state.facet(qaqlLanguage);
  const found = language?.complete(context.state.doc.toString(), context.pos);
  if (!found) return null;
  const options = found.options.map(
    ({ label, kind, detail, apply }, index): Completion => ({
      label,
      type: COMPLETION_TYPES[kind],
      // The grammar's order (the schema's for names), not the alphabet's, among equal matches.
      boost: -Math.min(index, 99),
      ...(detail === undefined ? {} : { detail }),
      ...(apply === undefined ? {} : { apply }),
    }),
  );
  const result: CompletionResult = { from: found.from, to: found.to, options };
  // Names and keywords go on being filtered as their letters are typed; anything else asks again.
  return /^\w*$/.test(context.state.sliceDoc(found.from, found.to))
    ? { ...result, validFor: /^\w*$/ }
    : result;
};

/**
 * Rewrites the editor's `where` or `fields` text in canonical form (grammar/language.md 2.6,
 * 3.3); does nothing, and returns false, when the text does not parse or no qaql language is set.
 */
export const formatQuery: Command = (view) => {
  const language = view.state.facet(qaqlLanguage);
  const text = view.state.doc.toString();
  const formatted = language?.format(text);
  if (formatted === undefined) return false;
  if (formatted !== text) {
    view.dispatch({
      changes: { from: 0, to: text.length, insert: formatted },
      userEvent: "format",
    });
  }
  return true;
};

function extensionOf(language: QaqlLanguage, more: Extension[] = []): Extension {
  return [
    qaqlLanguage.of(language),
    highlighter,
    // Only where the editor has no highlight style of its own.
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    diagnostics,
    autocompletion(),
    EditorState.languageData.of(() => [{ autocomplete: completionSource }]),
    keymap.of([{ key: "Shift-Alt-f", run: formatQuery }]),
    ...more,
  ];
}

const WHERE_OPTIONS = optionNamesOf<QaqlWhereOptions>({
  schema: true,
  timeZone: true,
  maxLength: true,
  maxDepth: true,
});
const FIELDS_OPTIONS = optionNamesOf<QaqlFieldsOptions>({
  schema: true,
  maxLength: true,
  maxDepth: true,
});

/** The text parsed and printed back, or undefined when it does not parse. */
function formatted<T>(parse: () => T, print: (ast: T) => string): string | undefined {
  try {
    return print(parse());
  } catch (error) {
    if (isParseError(error)) return undefined;
    throw error;
  }
}

/**
 * CodeMirror 6 support for a `where` filter: highlighting from qaql's own lexer, every syntax
 * and schema problem as a diagnostic (an unknown name's suggestion as its quick fix),
 * completion of field names, operators and keywords, the meaning of a field or date on hover,
 * and Shift-Alt-F for `formatQuery`. Options are checked here: `InvalidOptionError`, or
 * `UnknownTimeZoneError` for a zone the runtime does not know.
 */
export function qaqlWhere(options?: QaqlWhereOptions): Extension {
  const caller = "qaqlWhere";
  const given = readOptions<QaqlWhereOptions>(caller, options);
  checkOptionNames(caller, given, WHERE_OPTIONS);
  const schema: Schema | undefined = readSchemaOption(caller, given.schema);
  const timeZone = calendarOf(readStringOption(caller, "timeZone", given.timeZone)).timeZone;
  const limits = readLimitMembers(caller, given);
  const withSchema = schema ? { schema } : {};
  const language: QaqlLanguage = {
    language: "where",
    classify: classifyWhere,
    diagnose: (text) => diagnoseWhere(text, { ...withSchema, ...limits }),
    complete: (text, offset) => completeWhere(text, offset, withSchema),
    format: (text) => formatted(() => parseWhere(text, limits), formatWhere),
  };
  const hover = hoverTooltip((view, pos) => {
    const found = describeWhereAt(view.state.doc.toString(), pos, { ...withSchema, timeZone });
    if (!found) return null;
    return {
      pos: found.from,
      end: found.to,
      create: (tooltipView) => {
        const dom = tooltipView.dom.ownerDocument.createElement("div");
        dom.className = "cm-qaql-description";
        dom.textContent = found.text;
        return { dom };
      },
    };
  });
  return extensionOf(language, [hover]);
}

/**
 * CodeMirror 6 support for a `fields` selection: highlighting, every syntax and schema problem
 * as a diagnostic with its quick fix, completion of the names the schema has at each place
 * (inside `( )` those below the field before it), and Shift-Alt-F for `formatQuery`.
 */
export function qaqlFields(options?: QaqlFieldsOptions): Extension {
  const caller = "qaqlFields";
  const given = readOptions<QaqlFieldsOptions>(caller, options);
  checkOptionNames(caller, given, FIELDS_OPTIONS);
  const schema: Schema | undefined = readSchemaOption(caller, given.schema);
  const limits = readLimitMembers(caller, given);
  const withSchema = schema ? { schema } : {};
  return extensionOf({
    language: "fields",
    classify: classifyFields,
    diagnose: (text) => diagnoseFields(text, { ...withSchema, ...limits }),
    complete: (text, offset) => completeFields(text, offset, withSchema),
    format: (text) => formatted(() => parseFields(text, limits), formatFields),
  });
}
