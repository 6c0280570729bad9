import { describe, expect, it } from "vitest";
import { UnknownArtefactError } from "../../src/errors/unknown-artefact-error.ts";
import type { Artefact } from "../../src/query/artefact.ts";
import { runQuery } from "../../src/query/run-query.ts";
import type {
  Interval,
  QueryColumn,
  QueryDefinition,
  QueryFilter,
  QueryOrder,
} from "../../src/query/types.ts";

// Two applications: app(1) > src(2) > a.java(3), b.java(4); app(1) > c.py(5); other(6) > d.java(7).
const ARTEFACTS: readonly Artefact[] = [
  {
    id: 1,
    name: "app",
    path: "/app",
    type: { id: "APPLICATION" },
    parentId: null,
    rating: "A",
    measures: { LOC: 100 },
    indicators: { MAINT: { rank: 0, level: "A", mnemonic: "LEVELA" } },
    infos: { LANG: "java" },
    links: {},
  },
  {
    id: 2,
    name: "src",
    path: "/app/src",
    type: { id: "FOLDER" },
    parentId: 1,
    rating: null,
    measures: { LOC: 60 },
  },
  {
    id: 3,
    name: "a.java",
    path: "/app/src/a.java",
    type: { id: "FILE" },
    parentId: 2,
    rating: "C",
    measures: { LOC: 40, CC: 5 },
    indicators: { MAINT: { rank: 2, level: "C", mnemonic: "LEVELC" } },
    infos: { AUTHOR: "ann" },
    links: { DEPENDS_ON: [4] },
    previous: { measures: { LOC: 30 }, indicators: { MAINT: { rank: 3 } } },
  },
  {
    id: 4,
    name: "b.java",
    path: "/app/src/b.java",
    type: { id: "FILE" },
    parentId: 2,
    rating: "B",
    measures: { LOC: 20, CC: null },
    indicators: { MAINT: { rank: 1, level: "B", mnemonic: "LEVELB" } },
    infos: { AUTHOR: "bob" },
    links: { DEPENDS_ON: [] },
    previous: { measures: { LOC: 25 }, indicators: { MAINT: { rank: 1 } } },
  },
  {
    id: 5,
    name: "c.py",
    path: "/app/c.py",
    type: { id: "FILE" },
    parentId: 1,
    infos: { AUTHOR: "ann" },
    links: { DEPENDS_ON: [3, 4, 99] },
  },
  { id: 6, name: "other", type: { id: "APPLICATION" }, measures: { LOC: 10 } },
  {
    id: 7,
    name: "d.java",
    path: "/other/d.java",
    type: { id: "FILE" },
    parentId: 6,
    rating: "E",
    measures: { LOC: 50 },
    indicators: { MAINT: { rank: 4, level: "E", mnemonic: "LEVELE" } },
  },
];

const EVERY: Interval = {
  low: { value: null, inclusive: false },
  high: { value: null, inclusive: false },
};

/** `[low;high]`-style interval; null is an omitted (infinite) bound. */
function interval(
  low: number | null,
  lowIn: boolean,
  high: number | null,
  highIn: boolean,
): Interval {
  return { low: { value: low, inclusive: lowIn }, high: { value: high, inclusive: highIn } };
}

function definition(parts: Partial<QueryDefinition> = {}): QueryDefinition {
  return {
    artefactTypes: [],
    linkType: undefined,
    linkDirection: "OUT",
    columns: [],
    orders: [],
    filters: [],
    resultSize: undefined,
    hidePath: false,
    hideRating: false,
    ...parts,
  };
}

function column(parts: Partial<QueryColumn> & Pick<QueryColumn, "type" | "id">): QueryColumn {
  return {
    displayType: "NAME",
    useBackgroundColor: false,
    alpha: 100,
    excludingTypes: [],
    ...parts,
  };
}

function filter(
  type: QueryFilter["type"],
  id: string,
  data: { checked?: string[]; bounds?: Interval[]; patterns?: string[] },
  invert = false,
): QueryFilter {
  return {
    type,
    id,
    data: {
      checked: data.checked,
      bounds: data.bounds,
      patterns: data.patterns?.map((text) => ({ text })),
    },
    invert,
  };
}

function order(
  orderType: QueryOrder["orderType"],
  id: string,
  direction: QueryOrder["order"] = "ASC",
  type: QueryOrder["type"] = "MEASURE",
): QueryOrder {
  return { type, id, order: direction, orderType };
}

const ids = (parts: Partial<QueryDefinition>, artefactId?: number | string) =>
  runQuery(definition(parts), ARTEFACTS, artefactId === undefined ? {} : { artefactId }).rows.map(
    (row) => row.id,
  );

describe("runQuery: which rows, in which order", () => {
  const cases: readonly [
    string,
    Partial<QueryDefinition>,
    number | string | undefined,
    number[],
  ][] = [
    // Scope.
    ["all artefacts without a start", {}, undefined, [1, 2, 3, 4, 5, 6, 7]],
    ["descendants of an application, itself excluded", {}, 1, [2, 3, 4, 5]],
    ["descendants of a folder", {}, 2, [3, 4]],
    ["a string id finds a numeric id", {}, "6", [7]],
    ["a leaf has no descendants", {}, 3, []],
    ["OUT links of the start; unknown targets skipped", { linkType: "DEPENDS_ON" }, 5, [3, 4]],
    [
      "IN links: artefacts linking to the start",
      { linkType: "DEPENDS_ON", linkDirection: "IN" },
      4,
      [3, 5],
    ],
    [
      "OUT without a start: artefacts with such a link",
      { linkType: "DEPENDS_ON" },
      undefined,
      [3, 5],
    ],
    [
      "IN without a start: artefacts linked to",
      { linkType: "DEPENDS_ON", linkDirection: "IN" },
      undefined,
      [3, 4],
    ],
    ["a link type nobody has", { linkType: "CALLS" }, undefined, []],
    // Types.
    ["artefact types keep only those", { artefactTypes: ["FILE"] }, undefined, [3, 4, 5, 7]],
    ["several types", { artefactTypes: ["FOLDER", "APPLICATION"] }, undefined, [1, 2, 6]],
    ["types within a start's descendants", { artefactTypes: ["FILE"] }, 2, [3, 4]],
    // Measure filters.
    [
      "measure in bounds",
      { filters: [filter("measure", "LOC", { bounds: [interval(20, true, 50, false)] })] },
      undefined,
      [3, 4],
    ],
    [
      "measure in any of the bounds (OR)",
      {
        filters: [
          filter("measure", "LOC", {
            bounds: [interval(null, false, 10, true), interval(100, true, null, false)],
          }),
        ],
      },
      undefined,
      [1, 6],
    ],
    [
      "excluded low bound",
      { filters: [filter("measure", "LOC", { bounds: [interval(20, false, null, false)] })] },
      undefined,
      [1, 2, 3, 7],
    ],
    [
      "missing or null measure fails",
      { filters: [filter("measure", "CC", { bounds: [EVERY] })] },
      undefined,
      [3],
    ],
    [
      "no bounds: the measure must exist",
      { filters: [filter("measure", "CC", {})] },
      undefined,
      [3],
    ],
    [
      "invert keeps what the filter drops, missing included",
      { filters: [filter("measure", "LOC", { bounds: [interval(50, true, null, false)] }, true)] },
      undefined,
      [3, 4, 5, 6],
    ],
    [
      "measure checked compares the number's text",
      { filters: [filter("measure", "LOC", { checked: ["20", "60"] })] },
      undefined,
      [2, 4],
    ],
    // Indicator filters.
    [
      "indicator bounds apply to the rank",
      { filters: [filter("indicator", "MAINT", { bounds: [interval(1, true, 2, true)] })] },
      undefined,
      [3, 4],
    ],
    [
      "indicator checked matches the level",
      { filters: [filter("indicator", "MAINT", { checked: ["A", "E"] })] },
      undefined,
      [1, 7],
    ],
    [
      "indicator checked matches the mnemonic",
      { filters: [filter("indicator", "MAINT", { checked: ["LEVELB"] })] },
      undefined,
      [4],
    ],
    [
      "indicator missing fails; inverted keeps it",
      { filters: [filter("indicator", "MAINT", {}, true)] },
      undefined,
      [2, 5, 6],
    ],
    // Info filters.
    [
      "info checked: exact values",
      { filters: [filter("info", "AUTHOR", { checked: ["ann"] })] },
      undefined,
      [3, 5],
    ],
    [
      "info patterns: any matches",
      { filters: [filter("info", "AUTHOR", { patterns: ["b?b", "zz*"] })] },
      undefined,
      [4],
    ],
    [
      "info checked wins over patterns",
      { filters: [filter("info", "AUTHOR", { checked: ["bob"], patterns: ["a*"] })] },
      undefined,
      [4],
    ],
    [
      "info without data: the info must exist",
      { filters: [filter("info", "LANG", {})] },
      undefined,
      [1],
    ],
    [
      "info inverted",
      { filters: [filter("info", "AUTHOR", { patterns: ["a*"] }, true)] },
      undefined,
      [1, 2, 4, 6, 7],
    ],
    // Filters together.
    [
      "all filters must hold (AND)",
      {
        filters: [
          filter("info", "AUTHOR", { checked: ["ann"] }),
          filter("measure", "LOC", { bounds: [EVERY] }),
        ],
      },
      undefined,
      [3],
    ],
    // Orders.
    [
      "VALUE ascending, missing last",
      { orders: [order("VALUE", "LOC")] },
      undefined,
      [6, 4, 3, 7, 2, 1, 5],
    ],
    [
      "VALUE descending, missing still last",
      { orders: [order("VALUE", "LOC", "DESC")] },
      undefined,
      [1, 2, 7, 3, 4, 6, 5],
    ],
    [
      "RANK is the indicator's rank",
      { orders: [order("RANK", "MAINT", "DESC")] },
      undefined,
      [7, 3, 4, 1, 2, 5, 6],
    ],
    [
      "DIFF_VALUE against the previous analysis",
      { orders: [order("DIFF_VALUE", "LOC")] },
      undefined,
      [4, 3, 1, 2, 5, 6, 7],
    ],
    [
      "DIFF_RANK against the previous analysis",
      { orders: [order("DIFF_RANK", "MAINT")] },
      undefined,
      [3, 4, 1, 2, 5, 6, 7],
    ],
    [
      "ROOT_MEASURE sorts by the root's measure, stable",
      { orders: [order("VALUE", "LOC", "ASC", "ROOT_MEASURE")] },
      undefined,
      [6, 7, 1, 2, 3, 4, 5],
    ],
    [
      "orders apply in sequence",
      { orders: [order("VALUE", "LOC", "DESC", "ROOT_MEASURE"), order("VALUE", "LOC")] },
      undefined,
      [4, 3, 2, 1, 5, 6, 7],
    ],
    // Size.
    [
      "resultSize keeps the first rows after ordering",
      { orders: [order("VALUE", "LOC", "DESC")], resultSize: 2 },
      undefined,
      [1, 2],
    ],
    ["resultSize 0", { resultSize: 0 }, undefined, []],
  ];
  it.each(cases)("%s", (_name, parts, artefactId, expected) => {
    expect(ids(parts, artefactId)).toEqual(expected);
  });

  it("counts the rows before resultSize in total", () => {
    const result = runQuery(definition({ artefactTypes: ["FILE"], resultSize: 1 }), ARTEFACTS);
    expect(result.total).toBe(4);
    expect(result.rows).toHaveLength(1);
  });

  it("throws a typed error for an unknown start", () => {
    expect(() => runQuery(definition(), ARTEFACTS, { artefactId: 42 })).toThrow(
      expect.objectContaining({
        name: "UnknownArtefactError",
        code: "UNKNOWN_ARTEFACT",
        artefactId: 42,
      }),
    );
    expect(() => runQuery(definition(), ARTEFACTS, { artefactId: 42 })).toThrow(
      UnknownArtefactError,
    );
  });

  it("survives a parent cycle and prototype keys", () => {
    const looped: Artefact[] = [
      { id: "x", parentId: "y", measures: { LOC: 1 } },
      { id: "y", parentId: "x", measures: { LOC: 2 } },
    ];
    const parts = { orders: [order("VALUE", "LOC", "ASC", "ROOT_MEASURE")] };
    expect(runQuery(definition(parts), looped, { artefactId: "x" }).rows.map((r) => r.id)).toEqual([
      "y",
    ]);
    const proto = definition({
      filters: [filter("measure", "constructor", {})],
      columns: [column({ type: "INFO", id: "__proto__" })],
    });
    expect(runQuery(proto, looped).rows).toEqual([]);
    expect(runQuery(definition({ columns: proto.columns }), looped).rows[0]?.cells).toEqual({
      "INFO:__proto__": null,
    });
  });
});

describe("runQuery: the table", () => {
  it("describes the columns with unique keys", () => {
    const result = runQuery(
      definition({
        columns: [
          column({ type: "MEASURE", id: "LOC", excludingTypes: ["APPLICATION"] }),
          column({ type: "INDICATOR", id: "MAINT", displayType: "RANK" }),
          column({ type: "INFO", id: "AUTHOR" }),
          column({ type: "MEASURE", id: "LOC" }),
        ],
      }),
      [],
    );
    expect(result).toEqual({
      columns: [
        { key: "MEASURE:LOC", type: "MEASURE", id: "LOC", excludingTypes: ["APPLICATION"] },
        {
          key: "INDICATOR:MAINT:RANK",
          type: "INDICATOR",
          id: "MAINT",
          displayType: "RANK",
          excludingTypes: [],
        },
        { key: "INFO:AUTHOR", type: "INFO", id: "AUTHOR", excludingTypes: [] },
        { key: "MEASURE:LOC#2", type: "MEASURE", id: "LOC", excludingTypes: [] },
      ],
      rows: [],
      total: 0,
    });
  });

  const indicator = (displayType: QueryColumn["displayType"], more: Partial<QueryColumn> = {}) =>
    column({ type: "INDICATOR", id: "MAINT", displayType, ...more });
  const cellCases: readonly [string, QueryColumn, number, unknown][] = [
    ["a measure", column({ type: "MEASURE", id: "LOC" }), 3, 40],
    ["a null measure is null", column({ type: "MEASURE", id: "CC" }), 4, null],
    ["a missing measure is null", column({ type: "MEASURE", id: "CC" }), 5, null],
    ["an info", column({ type: "INFO", id: "AUTHOR" }), 3, "ann"],
    ["a missing info", column({ type: "INFO", id: "AUTHOR" }), 1, null],
    ["indicator NAME is the level", indicator("NAME"), 3, "C"],
    ["indicator RANK", indicator("RANK"), 3, 2],
    ["indicator ICON", indicator("ICON"), 3, "level-C"],
    ["indicator MNEMONIC", indicator("MNEMONIC"), 3, "LEVELC"],
    ["a missing indicator", indicator("NAME"), 2, null],
    [
      "background colour with alpha",
      indicator("NAME", { useBackgroundColor: true, alpha: 255 }),
      4,
      { value: "B", background: "rgba(128,191,0,1)" },
    ],
    [
      "default alpha 100",
      indicator("RANK", { useBackgroundColor: true }),
      7,
      { value: 4, background: "rgba(204,0,0,0.392)" },
    ],
    ["no colour for a missing indicator", indicator("NAME", { useBackgroundColor: true }), 5, null],
  ];
  it.each(cellCases)("cell: %s", (_name, col, artefactId, expected) => {
    const artefact = ARTEFACTS.find((a) => a.id === artefactId);
    const result = runQuery(definition({ columns: [col] }), artefact ? [artefact] : []);
    const key = result.columns[0]?.key ?? "";
    expect(result.rows[0]?.cells).toEqual({ [key]: expected });
  });

  it("leaves excluded types' cells out, unlike missing values", () => {
    const result = runQuery(
      definition({
        columns: [
          column({ type: "MEASURE", id: "CC", excludingTypes: ["FOLDER"] }),
          column({ type: "INFO", id: "AUTHOR" }),
        ],
        artefactTypes: ["FOLDER", "FILE"],
        resultSize: 3,
      }),
      ARTEFACTS,
    );
    expect(result.rows).toEqual([
      {
        id: 2,
        name: "src",
        type: "FOLDER",
        path: "/app/src",
        rating: null,
        cells: { "INFO:AUTHOR": null },
      },
      {
        id: 3,
        name: "a.java",
        type: "FILE",
        path: "/app/src/a.java",
        rating: "C",
        cells: { "MEASURE:CC": 5, "INFO:AUTHOR": "ann" },
      },
      {
        id: 4,
        name: "b.java",
        type: "FILE",
        path: "/app/src/b.java",
        rating: "B",
        cells: { "MEASURE:CC": null, "INFO:AUTHOR": "bob" },
      },
    ]);
  });

  it.each([
    [{ hidePath: true }, { id: 7, name: "d.java", type: "FILE", rating: "E", cells: {} }],
    [
      { hideRating: true },
      { id: 7, name: "d.java", type: "FILE", path: "/other/d.java", cells: {} },
    ],
    [
      { hidePath: true, hideRating: true },
      { id: 7, name: "d.java", type: "FILE", cells: {} },
    ],
    [{}, { id: 6, name: "other", type: "APPLICATION", path: null, rating: null, cells: {} }],
  ] as const)("hidePath/hideRating %j", (parts, expected) => {
    const only = ARTEFACTS.filter((a) => a.id === expected.id);
    expect(runQuery(definition(parts), only).rows).toEqual([expected]);
  });
});
