// The one description of the query definition (API section 2.6) that both `parseQueryDefinition`
// and `queryDefinitionJsonSchema` are derived from.

/** A JSON value the description can give as a default. */
export type SpecDefault = string | number | boolean | readonly never[];

/** How one JSON value of the definition must look. */
export type ValueSpec =
  | { readonly kind: "string"; readonly maxLength?: number }
  | { readonly kind: "boolean" }
  | { readonly kind: "enum"; readonly values: readonly string[] }
  | { readonly kind: "integer"; readonly minimum: number; readonly maximum?: number }
  | { readonly kind: "interval" }
  | { readonly kind: "pattern" }
  | { readonly kind: "array"; readonly items: ValueSpec; readonly maxItems?: number }
  | { readonly kind: "object"; readonly title: string; readonly properties: PropertiesSpec };

/** When a member applies: only if a sibling member has one of the values. */
export interface ApplicabilitySpec {
  readonly sibling: string;
  readonly values: readonly (string | boolean)[];
  /** How the message says where the member applies, e.g. "indicator columns". */
  readonly where: string;
}

/** One member of an object. */
export interface PropertySpec {
  readonly value: ValueSpec;
  readonly description: string;
  readonly required?: boolean;
  readonly default?: SpecDefault;
  readonly appliesWhen?: ApplicabilitySpec;
}

/** The members of an object, in the order the API documents them. */
export type PropertiesSpec = Readonly<Record<string, PropertySpec>>;

/**
 * The most items of each array whose every item costs work per artefact or a cell per row:
 * `columns`, `orders`, `filters`, and a filter's `bounds` and `patterns` (grammar/language.md
 * 8.5). Far above any real definition, and small enough that a table row holds at most 256
 * cells. Arrays read into a set once per query (`artefactTypes`, `excludingTypes`, `checked`)
 * cost one lookup per artefact whatever their length, and are left to the body's size.
 */
export const DEFINITION_MAX_ITEMS = 256;

/**
 * The most characters (code points, as JSON Schema's `maxLength` counts them) of a column's
 * `id`, the one string of a definition the answer repeats in every row, as its cells' key
 * (grammar/language.md 8.5, 8.8). Real ids are a few characters (`LOC`, `ISSUE_COUNT`); 256 keeps
 * a row to at most 256 cells of short keys, so the answer grows with the rows, not with the ids.
 */
export const DEFINITION_MAX_LENGTH = 256;

/** An array of at most DEFINITION_MAX_ITEMS of `items`. */
const limited = (items: ValueSpec): ValueSpec => ({
  kind: "array",
  items,
  maxItems: DEFINITION_MAX_ITEMS,
});

const STRINGS: ValueSpec = { kind: "array", items: { kind: "string" } };

const COLUMN: ValueSpec = {
  kind: "object",
  title: "column",
  properties: {
    type: {
      value: { kind: "enum", values: ["MEASURE", "INDICATOR", "INFO"] },
      description: "What the column shows: a measure, an indicator or an info of the artefact.",
      required: true,
    },
    id: {
      value: { kind: "string", maxLength: DEFINITION_MAX_LENGTH },
      description:
        "The id of the measure, indicator or info; at most 256 characters, as every row repeats it.",
      required: true,
    },
    displayType: {
      value: { kind: "enum", values: ["NAME", "RANK", "ICON", "MNEMONIC"] },
      description: "How an indicator is shown.",
      default: "NAME",
      appliesWhen: { sibling: "type", values: ["INDICATOR"], where: "indicator columns" },
    },
    useBackgroundColor: {
      value: { kind: "boolean" },
      description: "Whether an indicator's cell is coloured by its level.",
      default: false,
      appliesWhen: { sibling: "type", values: ["INDICATOR"], where: "indicator columns" },
    },
    alpha: {
      value: { kind: "integer", minimum: 0, maximum: 255 },
      description: "The opacity of the background colour, 0 to 255.",
      default: 100,
      appliesWhen: {
        sibling: "useBackgroundColor",
        values: [true],
        where: 'columns with "useBackgroundColor": true',
      },
    },
    excludingTypes: {
      value: STRINGS,
      description: "Artefact types for which the column is not shown.",
      default: [],
    },
  },
};

const ORDER: ValueSpec = {
  kind: "object",
  title: "order",
  properties: {
    type: {
      value: { kind: "enum", values: ["ROOT_MEASURE", "MEASURE"] },
      description: "Whether to order by a measure of the artefact or of the root.",
      required: true,
    },
    id: { value: { kind: "string" }, description: "The id of the measure.", required: true },
    order: {
      value: { kind: "enum", values: ["ASC", "DESC"] },
      description: "Ascending or descending.",
      required: true,
    },
    orderType: {
      value: { kind: "enum", values: ["VALUE", "RANK", "DIFF_VALUE", "DIFF_RANK"] },
      description: "What of the measure to order by.",
      required: true,
    },
  },
};

const FILTER_DATA: ValueSpec = {
  kind: "object",
  title: "filter data",
  properties: {
    checked: { value: STRINGS, description: "The values kept (levels, mnemonics or info texts)." },
    bounds: {
      value: limited({ kind: "interval" }),
      description:
        "Intervals such as `[10;20[`; measures and indicators only. Absent: every number.",
      appliesWhen: {
        sibling: "../type",
        values: ["measure", "indicator"],
        where: "measure and indicator filters",
      },
    },
    patterns: {
      value: limited({ kind: "pattern" }),
      description:
        "Globs (`*` any run, `?` one character); infos only, ignored when `checked` is given.",
      appliesWhen: { sibling: "../type", values: ["info"], where: "info filters" },
    },
  },
};

const FILTER: ValueSpec = {
  kind: "object",
  title: "filter",
  properties: {
    type: {
      value: { kind: "enum", values: ["measure", "indicator", "info"] },
      description: "What the filter tests: a measure, an indicator or an info.",
      required: true,
    },
    id: {
      value: { kind: "string" },
      description: "The id of the measure, indicator or info.",
      required: true,
    },
    data: { value: FILTER_DATA, description: "What the filter keeps.", required: true },
    invert: {
      value: { kind: "boolean" },
      description: "Keep what the filter would drop.",
      default: false,
    },
  },
};

/** The whole query definition of `POST /artefacts/{artefact-id}/query`. */
export const DEFINITION_SPEC: ValueSpec = {
  kind: "object",
  title: "query definition",
  properties: {
    artefactTypes: {
      value: STRINGS,
      description: "Artefact types to list; empty means any.",
      default: [],
    },
    linkType: {
      value: { kind: "string" },
      description: "Follow links of this type instead of children.",
    },
    linkDirection: {
      value: { kind: "enum", values: ["OUT", "IN"] },
      description: "Follow links out of or into the artefact.",
      default: "OUT",
    },
    columns: {
      value: limited(COLUMN),
      description: "The columns of the result.",
      required: true,
    },
    orders: {
      value: limited(ORDER),
      description: "The orders of the rows.",
      default: [],
    },
    filters: {
      value: limited(FILTER),
      description: "Filters, all of which a row passes.",
      default: [],
    },
    resultSize: {
      value: { kind: "integer", minimum: 1 },
      description: "The number of rows to return; absent means all.",
    },
    hidePath: {
      value: { kind: "boolean" },
      description: "Leave the path out of the rows.",
      default: false,
    },
    hideRating: {
      value: { kind: "boolean" },
      description: "Leave the rating out of the rows.",
      default: false,
    },
  },
};
