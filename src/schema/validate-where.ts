import type { PathNode, WhereExpression, WhereNode } from "../ast/where.ts";
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
};

const SHAPE_OF: Record<ScalarTypeName, string> = {
  string: "any text",
  integer: "a number such as 2 or -1.5",
  number: "a number such as 2 or -1.5",
  boolean: "true or false",
  date: "a real calendar day written yyyy-MM-dd",
};

const aOrAn = (type: ScalarTypeName) => (type === "integer" ? `an ${type}` : `a ${type}`);

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
   * The type at a path, or undefined after reporting why there is none. Only `IS NULL` and
   * `IS NOT NULL` may test an object or array field itself (grammar/language.md 2.4).
   */
  const fieldType = (path: PathNode, wholeAllowed = false): FieldType | undefined => {
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
    if (wholeAllowed) return type;
    if (type.kind === "array") {
      issue(
        "ARRAY_FIELD",
        path,
        `"${name}" is an array: a filter cannot test it as a whole, except with IS NULL or IS NOT NULL`,
      );
      return undefined;
    }
    if (type.kind === "object") {
      issue(
        "OBJECT_FIELD",
        path,
        `"${name}" is an object: filter on one of its fields instead, or test it with IS NULL or IS NOT NULL`,
      );
      return undefined;
    }
    return type;
  };

  /** The scalar type at a path, or undefined after reporting why there is none. */
  const scalarType = (path: PathNode): ScalarTypeName | undefined => {
    const type = fieldType(path);
    return type && type.kind !== "object" && type.kind !== "array" ? type.kind : undefined;
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
      case "comparison": {
        const type = scalarType(node.path);
        if (!type) return;
        const name = node.path.segments.join(".");
        if (type === "boolean" && node.operator !== "=" && node.operator !== "!=") {
          issue(
            "BOOLEAN_ORDERING",
            node,
            `"${name}" is a boolean field: only =, !=, IN and NOT IN apply to it`,
          );
        }
        checkValue(type, node.value, name);
        return;
      }
      case "pattern": {
        const type = scalarType(node.path);
        if (type && type !== "string") {
          issue(
            "PATTERN_ON_NON_STRING",
            node,
            `"${node.path.segments.join(".")}" is ${aOrAn(type)} field: ~ applies to strings only`,
          );
        }
        return;
      }
      case "in": {
        const type = scalarType(node.path);
        if (type)
          for (const value of node.values) checkValue(type, value, node.path.segments.join("."));
        return;
      }
      case "isNull":
        fieldType(node.path, true);
        return;
      case "path":
      case "literal":
        return;
    }
  };
  visit(ast);
  return found.items;
}
