import {
  compileFields,
  compileWhere,
  type FieldsNode,
  parseFields,
  parseWhere,
  type WhereExpression,
} from "qaql";
import { buildQueryString, type ListResponse, paginate } from "qaql/list";
import { resources } from "./resources.ts";
import type { PlaygroundState } from "./state.ts";

/** A value, or the error that stopped it; never thrown, so that the page shows it instead. */
export type Outcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: Error };

function attempt<T>(run: () => T): Outcome<T> {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
  }
}

/** A page of results as the API would answer it, projected. */
export interface Page {
  /** How many records match the filter, on every page. */
  readonly total: number;
  readonly response: ListResponse<object>;
  readonly items: readonly object[];
}

/** Everything the page shows for one state; each part fails on its own. */
export interface Evaluation {
  /** The filter's tree; `null` for an empty filter, which keeps every record. */
  readonly where: Outcome<WhereExpression | null>;
  /** The selection's tree; `null` for an empty selection, which keeps whole records. */
  readonly fields: Outcome<FieldsNode | null>;
  readonly page: Outcome<Page>;
}

/** The URL the API would be asked for: the base of the `_links`. */
function selfUrl(state: PlaygroundState, list: string): string {
  const query = buildQueryString({
    where: state.where.trim() === "" ? undefined : state.where,
    fields: state.fields.trim() === "" ? undefined : state.fields,
    page: state.page,
    size: state.size,
  });
  return `/api/${list}?${query}`;
}

/** Parses, checks against the resource's schema, filters the sample, projects one page. */
export function evaluate(state: PlaygroundState): Evaluation {
  const { schema, records, list } = resources[state.resource];
  const where = attempt(() =>
    state.where.trim() === "" ? null : parseWhere(state.where, { schema }),
  );
  const fields = attempt(() =>
    state.fields.trim() === "" ? null : parseFields(state.fields, { schema }),
  );
  const page = attempt((): Page => {
    if (!where.ok) throw where.error;
    if (!fields.ok) throw fields.error;
    const keep = where.value && compileWhere(where.value, { schema, timeZone: state.timeZone });
    const matches = keep ? records.filter(keep) : records;
    const response = paginate(matches, state, selfUrl(state, list), { resource: list });
    const project = fields.value && compileFields(fields.value, { schema });
    const slice = response[list] ?? [];
    return { total: matches.length, response, items: project ? slice.map(project) : slice };
  });
  return { where, fields, page };
}
