import { type DialectName, type Schema, toSql, type WhereExpression } from "qaql";
import { copyButton, errorBlock, h } from "./dom.ts";
import type { Outcome } from "./query.ts";

const DIALECTS: readonly { readonly name: DialectName; readonly title: string }[] = [
  { name: "postgres", title: "PostgreSQL" },
  { name: "sqlite", title: "SQLite" },
  { name: "duckdb", title: "DuckDB" },
  { name: "mysql", title: "MySQL" },
  { name: "clickhouse", title: "ClickHouse" },
];

/** Parameters as JSON, except what JSON cannot hold (a bigint), written as JavaScript would. */
function formatParams(params: readonly unknown[]): string {
  return JSON.stringify(params, (_key, value) =>
    typeof value === "bigint" ? `${value}n` : (value as unknown),
  );
}

function dialectBlock(
  name: DialectName,
  title: string,
  where: WhereExpression,
  schema: Schema,
  timeZone: string,
): HTMLElement {
  let body: HTMLElement[];
  try {
    const { sql, params } = toSql(where, { dialect: name, schema, timeZone });
    const sqlBlock = h("pre", { class: "sql" }, sql);
    const paramsText = formatParams(params);
    // One block to paste: the condition, then its parameters as a comment every dialect reads.
    const copy = copyButton(() => ({ text: `${sql}\n-- params: ${paramsText}`, source: sqlBlock }));
    body = [
      h("header", { class: "block-head" }, h("h3", {}, title), copy),
      sqlBlock,
      h("pre", { class: "params" }, paramsText),
    ];
  } catch (error) {
    body = [h("header", { class: "block-head" }, h("h3", {}, title)), errorBlock(error as Error)];
  }
  return h("section", { class: "dialect", "data-dialect": name }, ...body);
}

/** The WHERE condition and its parameters in every dialect, or why there is none. */
export function renderSql(
  where: Outcome<WhereExpression | null>,
  schema: Schema,
  timeZone: string,
): HTMLElement[] {
  if (!where.ok) return [h("p", { class: "muted" }, "No SQL: the filter is invalid.")];
  const ast = where.value;
  if (ast === null)
    return [h("p", { class: "muted" }, "No SQL: an empty filter selects every row.")];
  return DIALECTS.map(({ name, title }) => dialectBlock(name, title, ast, schema, timeZone));
}
