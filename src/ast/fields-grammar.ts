import type { GrammarTable } from "./grammar-table.ts";

/**
 * Where a reader of a selection's tokens stands: at the start of an item (the start, after `(`
 * or `,`), after a path's last `.`, after an item's name, or after a sub-selection's `)`.
 */
export type FieldsState = "item" | "segment" | "named" | "closed";

/** What a selection may hold next: a name or punctuation. */
export type FieldsFollow = "field" | "comma" | "group" | "groupEnd" | "end";

/** What may follow what in a selection (grammar/language.md 3.1). */
export const FIELDS_GRAMMAR: GrammarTable<FieldsState, FieldsFollow> = {
  noun: "selection",
  follows: {
    item: ["field"],
    segment: ["field"],
    named: ["comma", "group", "groupEnd", "end"],
    closed: ["comma", "groupEnd", "end"],
  },
  names: {
    field: "a field name",
    comma: '","',
    group: '"("',
    groupEnd: '")"',
    end: "the end of the selection",
  },
  insideOnly: "groupEnd",
  outsideOnly: "end",
  clauseEnds: ["named", "closed"],
};
