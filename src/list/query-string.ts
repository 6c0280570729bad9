import type { FieldsNode, FieldTree } from "../ast/fields.ts";
import type { WhereExpression } from "../ast/where.ts";
import { formatFields } from "../backends/format/format-fields.ts";
import { formatWhere } from "../backends/format/format-where.ts";
import { readOptions } from "../check/read-options.ts";
import { QueryParameterError } from "../errors/errors.ts";
import { checkPageNumber } from "./page-size.ts";
import { encodeQueryComponent, indexOfLoneSurrogate } from "./percent-encode.ts";

/** What `buildQueryString` writes: texts or trees, page numbers; a `ListRequest` fits as is. */
export interface ListRequestInput {
  readonly where?: string | WhereExpression | undefined;
  readonly fields?: string | FieldsNode | FieldTree | undefined;
  readonly page?: number | undefined;
  readonly size?: number | undefined;
  /** `false` leaves `page` and `size` out, as `readListRequest` reports a request without them. */
  readonly paginated?: boolean | undefined;
}

function encodeText(parameter: "where" | "fields", text: string): string {
  const at = indexOfLoneSurrogate(text);
  if (at !== -1) {
    throw new QueryParameterError({
      parameter,
      input: text,
      code: "LONE_SURROGATE",
      offset: at,
      length: 1,
      description: "half of a surrogate pair stands alone, which no URL can carry",
    });
  }
  return encodeQueryComponent(text);
}

/**
 * Builds the query string of a list request (`where=…&fields=…&page=2&size=10`, no `?`):
 * trees are printed in canonical form, texts kept as given, and everything percent-encoded so
 * that any server decodes the exact text back.
 */
export function buildQueryString(request: ListRequestInput): string {
  const pieces: string[] = [];
  const { where, fields, page, size, paginated } = readOptions<ListRequestInput>(
    "buildQueryString",
    request,
  );
  if (where !== undefined) {
    pieces.push(
      `where=${encodeText("where", typeof where === "string" ? where : formatWhere(where))}`,
    );
  }
  if (fields !== undefined) {
    const text = typeof fields === "string" ? fields : formatFields(fields);
    pieces.push(`fields=${encodeText("fields", text)}`);
  }
  if (paginated !== false) {
    if (page !== undefined) pieces.push(`page=${checkPageNumber("page", page, Infinity)}`);
    if (size !== undefined) pieces.push(`size=${checkPageNumber("size", size, Infinity)}`);
  }
  return pieces.join("&");
}
