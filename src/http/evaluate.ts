import type { ListRequest } from "../list/read-list-request.ts";
import type { Schema } from "../schema/schema.ts";

/** A list request as the server read it, with what else the evaluation needs. */
export interface EvaluateRequest extends ListRequest {
  /** The resource asked for, such as `artefacts`. */
  readonly resource: string;
  /** The `timezone` header, checked; `UTC` when absent (grammar/language.md 2.5). */
  readonly timeZone: string;
  /** The resource's schema when the server has one; the records' own values give types otherwise. */
  readonly schema: Schema | undefined;
}

/** One page of a list: its items, projected, and how many records matched in all. */
export interface EvaluateResult {
  readonly items: readonly object[];
  readonly total: number;
}

/** Filters, pages and projects a resource's records for one list request. */
export type Evaluate = (
  records: readonly object[],
  request: EvaluateRequest,
) => EvaluateResult | Promise<EvaluateResult>;
