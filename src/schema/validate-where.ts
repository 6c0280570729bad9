import type { WhereExpression, WhereNode, WherePredicate } from "../ast/where.ts";
import { typedValuesOf } from "../ast/where-cases.ts";
import {
  type OperandKind,
  operatorOf,
  operatorsTaken,
  type WhereOperator,
} from "../ast/where-grammar.ts";
import type { ValidationIssue } from "../errors/errors.ts";
import { IssueList } from "../errors/issue-list.ts";
import { readBoolean, readDate, readNumber } from "./literals.ts";
import {
  type FieldType,
  resolvePath,
  type ScalarTypeName,
  type Schema,
  suggestPath,
} from "./schema.ts";

/** Stable codes of the problems a schema finds in a filter (grammar/language.md 4). */
export type WhereValidationCode =
  | "UNKNOWN_FIELD"
  | "PATH_THROUGH_ARRAY"
  | "ARRAY_FIELD"
  | "OBJECT_FIELD"
  | "INVALID_VALUE"
  | "BOOLEAN_ORDERING"
  | "PATTERN_ON_NON_STRING";

const FITS: Record<ScalarTypeName, (text: string) => boolean> = {
  string: () => true,
  integer: (text) => readNumber(text) !== undefined,
  number: (text) => readNumber(text) !== undefined,
  boolean: (text) => readBoolean(text) !== undefined,
  date: (text) => readDate(text) !== undefined,
  // Typed by each value, as without a schema (2.3): any text.
  any: () => true,
};

const SHAPE_OF: Record<ScalarTypeName, string> = {
  string: "any text",
  integer: "a number such as 2 or -1.5",
  number: "a number such as 2 or -1.5",
  boolean: "true or false",
  date: "a real calendar day written yyyy-MM-dd",
  any: "any text",
};

const aOrAn = (type: ScalarTypeName) =>
  type === "integer" || type === "any" ? `an ${type}` : `a ${type}`;

/**
 * The operators a field of this type takes, as a message lists them ("IS NULL or IS NOT NULL");
 * with `comparing`, only those that compare it with values.
 */
function listTaken(kind: OperandKind, conjunction: "and" | "or", comparing = false): string {
  const texts = operatorsTaken(kind)
    .filter((operator) => !comparing || operator.node !== "isNull")
    .map((operator) => operator.text);
  const last = texts.pop() ?? "";
  return texts.length === 0 ? last : `${texts.join(", ")} ${conjunction} ${last}`;
}

/**
 * Every problem of a filter against a schema, in the order of the text; empty when it fits.
 * Given a `found` list, each problem is added to it (which keeps the first of them and counts
 * the rest) and its kept ones are returned.
 */
export function validateWhere(
  ast: WhereExpression,
  schema: Schema,
  found = new IssueList<ValidationIssue>(Number.POSITIVE_INFINITY),
): ValidationIssue[] {
  const issue = (
    code: WhereValidationCode,
    at: { span: { start: number; end: number } },
    message: string,
    suggestion?: string,
  ) => {
    const { start, end } = at.span;
    found.add({
      code,
      message: suggestion === undefined ? message : `${message}: did you mean ${suggestion}?`,
      offset: start,
      length: end - start,
      // Set only when there is one: an issue carries no undefined member.
      ...(suggestion === undefined ? {} : { suggestion }),
    });
  };

  /**
   * The type at a predicate's path, or undefined after reporting why there is none. An object
   * or array field itself is tested only by an operator that takes it (grammar/language.md 2.4,
   * 4.3); a scalar type the operator does not take is reported and still returned, so that the
   * values are checked too (`flag>yes` on a boolean has two problems).
   */
  const fieldType = (node: WherePredicate, operator: WhereOperator): FieldType | undefined => {
    const path = node.path;
    const name = path.segments.join(".");
    const resolved = resolvePath(schema, path.segments);
    if (!resolved.ok) {
      const known = path.segments.slice(0, resolved.segment).join(".");
      if (resolved.reason === "throughArray") {
        issue(
          "PATH_THROUGH_ARRAY",
          path,
          `"${known}" is an array: a filter cannot reach into its items ("${name}")`,
        );
      } else if (resolved.reason === "throughScalar") {
        issue("UNKNOWN_FIELD", path, `"${known}" is not an object, so "${name}" does not exist`);
      } else {
        issue("UNKNOWN_FIELD", path, `unknown field "${name}"`, suggestPath(schema, path.segments));
      }
      return undefined;
    }
    const type: FieldType = resolved.type;
    if (operator.takes.includes(type.kind)) return type;
    if (type.kind === "array") {
      issue(
        "ARRAY_FIELD",
        path,
        `"${name}" is an array: a filter cannot test it as a whole, except with ${listTaken("array", "or")}`,
      );
      return undefined;
    }
    if (type.kind === "object") {
      issue(
        "OBJECT_FIELD",
        path,
        `"${name}" is an object: filter on one of its fields instead, or test it with ${listTaken("object", "or")}`,
      );
      return undefined;
    }
    // A scalar type the operator does not take: a pattern on a non-string, an ordering on a boolean.
    if (node.kind === "pattern") {
      issue(
        "PATTERN_ON_NON_STRING",
        node,
        `"${name}" is ${aOrAn(type.kind)} field: ${operator.text} applies to strings only`,
      );
    } else {
      issue(
        "BOOLEAN_ORDERING",
        node,
        `"${name}" is ${aOrAn(type.kind)} field: only ${listTaken(type.kind, "and", true)} apply to it`,
      );
    }
    return type;
  };

  const checkValue = (
    type: ScalarTypeName,
    value: { text: string; span: { start: number; end: number } },
    name: string,
  ) => {
    if (!FITS[type](value.text)) {
      issue(
        "INVALID_VALUE",
        value,
        `"${name}" is ${aOrAn(type)} field: expected ${SHAPE_OF[type]}, found ${JSON.stringify(value.text)}`,
      );
    }
  };

  const visit = (node: WhereNode): void => {
    switch (node.kind) {
      case "and":
      case "or":
        for (const operand of node.operands) visit(operand);
        return;
      case "comparison":
      case "pattern":
      case "in":
      case "isNull": {
        const type = fieldType(node, operatorOf(node));
        if (!type || type.kind === "object" || type.kind === "array") return;
        const name = node.path.segments.join(".");
        for (const value of typedValuesOf(node)) {
          checkValue(type.kind, value, name);
        }
        return;
      }
      case "path":
      case "literal":
        return;
    }
  };
  visit(ast);
  return found.items;
}
