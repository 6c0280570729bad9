// Runs a query definition (API section 2.6) over artefact records in memory: scope, types,
// filters, orders, size, then the table of columns. Every pattern and bound is compiled once
// and artefacts are indexed once, so a query costs O(n log n) in the artefacts.

import { UnknownArtefactError } from "../errors/unknown-artefact-error.ts";
import type { Artefact, ArtefactId, ArtefactIndicator } from "./artefact.ts";
import { ANY_TEXT, compileGlob } from "./glob.ts";
import { EVERY_NUMBER, intervalContains } from "./interval.ts";
import type { CellValue, QueryResult, ResultColumn, ResultRow } from "./query-result.ts";
import type { QueryColumn, QueryDefinition, QueryFilter, QueryOrder } from "./types.ts";

/** Options of `runQuery`. */
export interface RunQueryOptions {
  /** The artefact the query runs from (the `{artefact-id}` of the request); all artefacts without. */
  readonly artefactId?: ArtefactId | undefined;
}

/** Background colours of indicator levels A to E, as `r,g,b`; other levels are grey. */
const LEVEL_COLOURS: Readonly<Record<string, string>> = {
  A: "0,153,0",
  B: "128,191,0",
  C: "255,204,0",
  D: "255,128,0",
  E: "204,0,0",
};
const OTHER_LEVEL_COLOUR = "160,160,160";

type Test = (artefact: Artefact) => boolean;
type Index = ReadonlyMap<string, Artefact>;

/** Reads an own member of a record that may be missing or null, never walking into the prototype. */
function ownValue<T>(record: Readonly<Record<string, T>> | null | undefined, key: string) {
  return record != null && Object.hasOwn(record, key) ? record[key] : undefined;
}

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

function measureOf(artefact: Artefact, id: string): number | undefined {
  return numberOrUndefined(ownValue(artefact.measures, id));
}

function indicatorOf(artefact: Artefact, id: string): ArtefactIndicator | undefined {
  return ownValue(artefact.indicators, id) ?? undefined;
}

function infoOf(artefact: Artefact, id: string): string | undefined {
  const value = ownValue(artefact.infos, id);
  return typeof value === "string" ? value : undefined;
}

function typeOf(artefact: Artefact): string | undefined {
  return artefact.type?.id ?? undefined;
}

function linksOf(artefact: Artefact, linkType: string): readonly ArtefactId[] {
  const ids = ownValue(artefact.links, linkType);
  return Array.isArray(ids) ? ids : [];
}

/** The texts whose verdicts one info filter keeps, so that a run's memory stays bounded. */
const MAX_VERDICTS_KEPT = 1024;

function compileFilter(filter: QueryFilter): Test {
  const { id, data } = filter;
  let test: Test;
  if (filter.type === "info") {
    // The API resolves `checked` with `patterns` in favour of `checked`.
    if (data.checked !== undefined) {
      const values = new Set(data.checked);
      test = (artefact) => {
        const value = infoOf(artefact, id);
        return value !== undefined && values.has(value);
      };
    } else {
      // An empty list of patterns is the API's default, `*`, as an absent one.
      const patterns = data.patterns?.length ? data.patterns : [ANY_TEXT];
      const matchers = patterns.map(compileGlob);
      // Infos repeat (a language, a licence): each text is matched against the patterns once.
      const verdicts = new Map<string, boolean>();
      test = (artefact) => {
        const value = infoOf(artefact, id);
        if (value === undefined) return false;
        let verdict = verdicts.get(value);
        if (verdict === undefined) {
          verdict = matchers.some((matches) => matches(value));
          if (verdicts.size < MAX_VERDICTS_KEPT) verdicts.set(value, verdict);
        }
        return verdict;
      };
    }
  } else {
    const checked = new Set(data.checked ?? []);
    // Without bounds (absent or empty: the API's default `[;[`) and without `checked`, any value
    // passes: the filter keeps artefacts having one.
    const given = data.bounds?.length ? data.bounds : undefined;
    const bounds = given ?? (data.checked === undefined ? [EVERY_NUMBER] : []);
    const inBounds = (value: number | undefined) =>
      value !== undefined && bounds.some((interval) => intervalContains(interval, value));
    if (filter.type === "measure") {
      test = (artefact) => {
        const value = measureOf(artefact, id);
        return inBounds(value) || (value !== undefined && checked.has(String(value)));
      };
    } else {
      test = (artefact) => {
        const indicator = indicatorOf(artefact, id);
        if (indicator === undefined) return false;
        const { level, mnemonic } = indicator;
        if ((level != null && checked.has(level)) || (mnemonic != null && checked.has(mnemonic)))
          return true;
        return inBounds(numberOrUndefined(indicator.rank));
      };
    }
  }
  return filter.invert ? (artefact) => !test(artefact) : test;
}

/** The topmost ancestor of each artefact (itself for a root), memoized, safe on cycles. */
function rootFinder(index: Index): (artefact: Artefact) => Artefact {
  const roots = new Map<Artefact, Artefact>();
  return (start) => {
    const chain: Artefact[] = [];
    const seen = new Set<Artefact>();
    let current = start;
    let root: Artefact | undefined = roots.get(current);
    while (root === undefined) {
      chain.push(current);
      seen.add(current);
      const parent = current.parentId == null ? undefined : index.get(String(current.parentId));
      if (parent === undefined || seen.has(parent)) root = current;
      else {
        current = parent;
        root = roots.get(current);
      }
    }
    for (const artefact of chain) roots.set(artefact, root);
    return root;
  };
}

function compileSortKey(
  order: QueryOrder,
  rootOf: (artefact: Artefact) => Artefact,
): (artefact: Artefact) => number | undefined {
  const { id } = order;
  const rankOf = (indicator: ArtefactIndicator | null | undefined) =>
    numberOrUndefined(indicator?.rank);
  const key = (artefact: Artefact): number | undefined => {
    switch (order.orderType) {
      case "VALUE":
        return measureOf(artefact, id);
      case "RANK":
        return rankOf(indicatorOf(artefact, id));
      case "DIFF_VALUE": {
        const now = measureOf(artefact, id);
        const before = numberOrUndefined(ownValue(artefact.previous?.measures, id));
        return now === undefined || before === undefined ? undefined : now - before;
      }
      case "DIFF_RANK": {
        const now = rankOf(indicatorOf(artefact, id));
        const before = rankOf(ownValue(artefact.previous?.indicators, id));
        return now === undefined || before === undefined ? undefined : now - before;
      }
    }
  };
  return order.type === "ROOT_MEASURE" ? (artefact) => key(rootOf(artefact)) : key;
}

/** The artefacts the query starts from, in input order, before types and filters. */
function selectScope(
  definition: QueryDefinition,
  artefacts: readonly Artefact[],
  index: Index,
  artefactId: ArtefactId | undefined,
): Artefact[] {
  const { linkType, linkDirection } = definition;
  if (artefactId === undefined) {
    if (linkType === undefined) return [...artefacts];
    if (linkDirection === "OUT")
      return artefacts.filter((artefact) => linksOf(artefact, linkType).length > 0);
    const targets = new Set<string>();
    for (const artefact of artefacts)
      for (const target of linksOf(artefact, linkType)) targets.add(String(target));
    return artefacts.filter((artefact) => targets.has(String(artefact.id)));
  }
  const start = index.get(String(artefactId));
  if (start === undefined) throw new UnknownArtefactError(artefactId);
  const startKey = String(start.id);
  if (linkType === undefined) {
    const children = new Map<string, Artefact[]>();
    for (const artefact of artefacts) {
      if (artefact.parentId == null) continue;
      const parent = String(artefact.parentId);
      const siblings = children.get(parent);
      if (siblings) siblings.push(artefact);
      else children.set(parent, [artefact]);
    }
    const found = new Set<Artefact>();
    const pending = [startKey];
    for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
      for (const child of children.get(key) ?? []) {
        if (child === start || found.has(child)) continue;
        found.add(child);
        pending.push(String(child.id));
      }
    }
    return artefacts.filter((artefact) => found.has(artefact));
  }
  if (linkDirection === "OUT") {
    const targets = new Set(linksOf(start, linkType).map(String));
    return artefacts.filter((artefact) => targets.has(String(artefact.id)));
  }
  return artefacts.filter((artefact) =>
    linksOf(artefact, linkType).some((target) => String(target) === startKey),
  );
}

function keyColumns(columns: readonly QueryColumn[]): ResultColumn[] {
  const used = new Map<string, number>();
  return columns.map((column) => {
    const base =
      column.type === "INDICATOR"
        ? `${column.type}:${column.id}:${column.displayType}`
        : `${column.type}:${column.id}`;
    const count = (used.get(base) ?? 0) + 1;
    used.set(base, count);
    const key = count === 1 ? base : `${base}#${count}`;
    return {
      key,
      type: column.type,
      id: column.id,
      ...(column.type === "INDICATOR" && { displayType: column.displayType }),
      excludingTypes: column.excludingTypes,
    };
  });
}

function compileCell(column: QueryColumn): (artefact: Artefact) => CellValue | null {
  const { id } = column;
  if (column.type === "MEASURE") return (artefact) => measureOf(artefact, id) ?? null;
  if (column.type === "INFO") return (artefact) => infoOf(artefact, id) ?? null;
  const shown = (indicator: ArtefactIndicator): string | number | null => {
    switch (column.displayType) {
      case "NAME":
        return indicator.level ?? null;
      case "RANK":
        return numberOrUndefined(indicator.rank) ?? null;
      case "ICON":
        return indicator.level == null ? null : `level-${indicator.level}`;
      case "MNEMONIC":
        return indicator.mnemonic ?? null;
    }
  };
  const alpha = Math.round((column.alpha / 255) * 1000) / 1000;
  return (artefact) => {
    const indicator = indicatorOf(artefact, id);
    const value = indicator === undefined ? null : shown(indicator);
    if (value === null || indicator === undefined || !column.useBackgroundColor) return value;
    const rgb = ownValue(LEVEL_COLOURS, indicator.level ?? "") ?? OTHER_LEVEL_COLOUR;
    return { value, background: `rgba(${rgb},${alpha})` };
  };
}

/** Runs a query definition over artefacts and returns the table a client would show. */
export function runQuery(
  definition: QueryDefinition,
  artefacts: readonly Artefact[],
  options: RunQueryOptions = {},
): QueryResult {
  const index = new Map<string, Artefact>();
  for (const artefact of artefacts) {
    const key = String(artefact.id);
    // The first of duplicated ids wins, as a lookup by id would find it.
    if (!index.has(key)) index.set(key, artefact);
  }
  const types = new Set(definition.artefactTypes);
  const filters = definition.filters.map(compileFilter);
  const keeps = (artefact: Artefact) => {
    if (types.size > 0) {
      const type = typeOf(artefact);
      if (type === undefined || !types.has(type)) return false;
    }
    return filters.every((test) => test(artefact));
  };
  const kept = selectScope(definition, artefacts, index, options.artefactId).filter(keeps);

  const rootOf = rootFinder(index);
  const sortKeys = definition.orders.map((order) => ({
    key: compileSortKey(order, rootOf),
    sign: order.order === "ASC" ? 1 : -1,
  }));
  let ordered = kept;
  if (sortKeys.length > 0) {
    // Keys computed once per artefact; Array.prototype.sort is stable, so ties keep input order.
    const decorated = kept.map((artefact) => ({
      artefact,
      keys: sortKeys.map(({ key }) => key(artefact)),
    }));
    decorated.sort((a, b) => {
      for (let i = 0; i < sortKeys.length; i++) {
        const x = a.keys[i];
        const y = b.keys[i];
        if (x === y) continue;
        // Missing values go last whichever the direction.
        if (x === undefined) return 1;
        if (y === undefined) return -1;
        return (x - y) * (sortKeys[i]?.sign ?? 1);
      }
      return 0;
    });
    ordered = decorated.map(({ artefact }) => artefact);
  }
  const limited =
    definition.resultSize === undefined ? ordered : ordered.slice(0, definition.resultSize);

  const columns = keyColumns(definition.columns);
  const cells = definition.columns.map((column, i) => ({
    key: columns[i]?.key ?? column.id,
    excluded: new Set(column.excludingTypes),
    read: compileCell(column),
  }));
  const rows = limited.map((artefact): ResultRow => {
    const type = typeOf(artefact);
    const row: Record<string, CellValue | null> = {};
    for (const cell of cells) {
      if (type !== undefined && cell.excluded.has(type)) continue;
      row[cell.key] = cell.read(artefact);
    }
    return {
      id: artefact.id,
      name: artefact.name ?? null,
      type: type ?? null,
      ...(!definition.hidePath && { path: artefact.path ?? null }),
      ...(!definition.hideRating && { rating: artefact.rating ?? null }),
      cells: row,
    };
  });
  return { columns, rows, total: kept.length };
}
