import type { FieldsNode, FieldTree } from "../ast/fields.ts";
import { NO_SPAN } from "../ast/span.ts";
import type { WhereExpression } from "../ast/where.ts";
import type { Filter } from "../ast/zoned-filter.ts";
import { calendarOf } from "../backends/predicate/calendar.ts";
import { type ParseLimits, treeDepthLimit } from "../base/limits.ts";
import { readFieldsAst } from "../check/read-fields.ts";
import { readFilterAst, readWhereAst } from "../check/read-where.ts";
import { describeFound } from "../errors/invalid-input.ts";
import type { Schema } from "../schema/schema.ts";
import { assertValidFields, parseFieldsChecked } from "../syntax/parse-fields.ts";
import { assertValidWhere, parseWhereChecked } from "../syntax/parse-where.ts";

/**
 * A `where` filter handed to a public function: text is parsed, a tree from outside is checked
 * and copied (`InvalidAstError`), and either is validated against the schema when one is given.
 */
export function readWhereInput(
  caller: string,
  input: unknown,
  limits: ParseLimits,
  schema: Schema | undefined,
): WhereExpression {
  if (typeof input === "string") return parseWhereChecked(input, limits, schema);
  if (typeof input !== "object") {
    throw new TypeError(
      `${caller}: expected a where filter as text or AST; found ${describeFound(input)}`,
    );
  }
  const ast = readWhereAst(input, treeDepthLimit(limits));
  if (schema) assertValidWhere(ast, schema);
  return ast;
}

/**
 * A filter a backend runs, handed to a public function: a `where` filter as `readWhereInput`
 * reads it, or a zoned filter (a list request's under a policy) whose every part is checked and
 * validated alike, and whose zones must be known (`UnknownTimeZoneError`); copied, zones canonical.
 */
export function readFilterInput(
  caller: string,
  input: unknown,
  limits: ParseLimits,
  schema: Schema | undefined,
): Filter {
  if (typeof input !== "object" || input === null)
    return readWhereInput(caller, input, limits, schema);
  const filter = readFilterAst(input, treeDepthLimit(limits));
  if (filter.kind !== "zoned") {
    if (schema) assertValidWhere(filter, schema);
    return filter;
  }
  // Every zone before any field: a filter from outside fails first on its shape, then its names.
  const parts = filter.parts.map(({ where, timeZone }) =>
    timeZone === undefined ? { where } : { where, timeZone: calendarOf(timeZone).timeZone },
  );
  if (schema) for (const part of parts) assertValidWhere(part.where, schema);
  return { kind: "zoned", parts };
}

/** A selection as an AST, a tree spelled out as items (without spans), to validate it. */
export function asFieldsNode(selection: FieldsNode | FieldTree): FieldsNode {
  if (!Array.isArray(selection)) return selection as FieldsNode;
  return {
    kind: "fields",
    items: (selection as FieldTree).map((branch) => ({
      kind: "fieldItem",
      path: { kind: "path", segments: [branch.name], span: NO_SPAN },
      selection: branch.children && asFieldsNode(branch.children),
      span: NO_SPAN,
    })),
    span: NO_SPAN,
  };
}

/** A `fields` selection handed to a public function, as text, AST or merged tree; as `readWhereInput`. */
export function readFieldsInput(
  caller: string,
  input: unknown,
  limits: ParseLimits,
  schema: Schema | undefined,
): FieldsNode | FieldTree {
  if (typeof input === "string") return parseFieldsChecked(input, limits, schema);
  if (typeof input !== "object") {
    throw new TypeError(
      `${caller}: expected a fields selection as text, AST or tree; found ${describeFound(input)}`,
    );
  }
  const selection = readFieldsAst(input, treeDepthLimit(limits));
  if (schema) assertValidFields(asFieldsNode(selection), schema);
  return selection;
}
