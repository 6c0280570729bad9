import { MAX_ISSUES } from "../errors/issue-list.ts";
import type { JsonSchema } from "./openapi-types.ts";

// The JSON Schemas (draft 2020-12) of the error bodies qaql's HTTP answers carry: the members
// of `errorBody` and `badRequestBody` (src/http/responses.ts) and of each error's `toJSON()`.

const offset = (of: string): JsonSchema => ({
  type: "integer",
  minimum: 0,
  description: `Where ${of} starts, in UTF-16 code units from 0.`,
});
const length = (of: string): JsonSchema => ({
  type: "integer",
  minimum: 0,
  description: `How long ${of} is, in UTF-16 code units.`,
});
const LINE: JsonSchema = { type: "integer", minimum: 1, description: "The line, from 1." };
const COLUMN: JsonSchema = {
  type: "integer",
  minimum: 1,
  description: "The column, from 1, in UTF-16 code units.",
};

/** The four members every error body has, and the two it requires besides them. */
function baseProperties(): Record<string, JsonSchema> {
  return {
    status: {
      type: "integer",
      minimum: 400,
      maximum: 599,
      description: "The HTTP status of the answer, repeated.",
    },
    error: { type: "string", description: 'The status\'s reason phrase, such as "Bad Request".' },
    code: {
      type: "string",
      description:
        "The stable code of the error (INVALID_SIZE, UNEXPECTED_TOKEN, UNKNOWN_FIELD, NOT_ACCEPTABLE, …): what a program reads.",
    },
    message: { type: "string", description: "One line for people; not part of the contract." },
  };
}

const REQUIRED = ["status", "error", "code", "message"];

/** `issueCount` and `truncated`, which a body adds when it lists only the first of its issues. */
function truncationProperties(): Record<string, JsonSchema> {
  return {
    issueCount: {
      type: "integer",
      minimum: MAX_ISSUES + 1,
      description: `Present when more than ${MAX_ISSUES} issues were found: how many, of which \`issues\` lists the first ${MAX_ISSUES}.`,
    },
    truncated: {
      const: true,
      description: "Present, and true, when `issues` lists only the first of the issues found.",
    },
  };
}

/** The JSON Schema of one problem of a filter or selection checked against the schema. */
export function validationIssueJsonSchema(): JsonSchema {
  return {
    type: "object",
    required: ["code", "message", "offset", "length", "line", "column"],
    properties: {
      code: {
        type: "string",
        description:
          "UNKNOWN_FIELD, PATH_THROUGH_ARRAY, ARRAY_FIELD, OBJECT_FIELD, INVALID_VALUE, BOOLEAN_ORDERING, PATTERN_ON_NON_STRING or SCALAR_SUBSELECTION.",
      },
      message: { type: "string" },
      offset: offset("the text at fault"),
      length: length("the text at fault"),
      line: LINE,
      column: COLUMN,
      suggestion: {
        type: "string",
        description: "For an unknown field: the known path it most likely stands for.",
      },
    },
  };
}

/**
 * The JSON Schema (draft 2020-12) of the body of every error a list request is answered with:
 * `status`, `error`, `code` and `message`, then for an error in a parameter its `parameter`,
 * position, `input`, caret `diagnostic`, and `expected` (syntax) or `issues` (validation: the
 * first 100, with `issueCount` and `truncated` when there are more); for
 * an unknown `timezone` header the `header` and `timeZone`; for a 406 the `supported` types.
 * A fresh object each call.
 */
export function errorBodyJsonSchema(): JsonSchema {
  return {
    type: "object",
    required: REQUIRED,
    properties: {
      ...baseProperties(),
      parameter: {
        type: "string",
        enum: ["where", "fields", "page", "size"],
        description: "The query parameter whose value `input` is.",
      },
      offset: offset("the problem"),
      length: length("the problem"),
      line: LINE,
      column: COLUMN,
      input: { type: "string", description: "The parameter's value, percent-decoded." },
      diagnostic: {
        type: "string",
        description: "The whole message: the line of input and a caret under the problem.",
      },
      expected: {
        type: "array",
        items: { type: "string" },
        description: "For a syntax error: what would have been accepted at that place.",
      },
      issues: {
        type: "array",
        items: validationIssueJsonSchema(),
        maxItems: MAX_ISSUES,
        description: `For a filter or selection that does not fit the schema: its problems, the first ${MAX_ISSUES} of them.`,
      },
      ...truncationProperties(),
      header: {
        type: "string",
        description: "The request header the error is about: `timezone` for UNKNOWN_TIME_ZONE.",
      },
      timeZone: { type: "string", description: "The unknown time zone name." },
      supported: {
        type: "array",
        items: { type: "string" },
        description: "For NOT_ACCEPTABLE: the media types served.",
      },
    },
  };
}

/**
 * The JSON Schema of the body of a query definition that does not fit: the error members,
 * then the first issue's `pointer` and the issues (the first 100, with `issueCount` and
 * `truncated` when there are more), each at the JSON Pointer of its member.
 */
export function queryDefinitionErrorJsonSchema(): JsonSchema {
  return {
    type: "object",
    required: REQUIRED,
    properties: {
      ...baseProperties(),
      pointer: { type: "string", description: "The JSON Pointer of the first issue's member." },
      issues: {
        type: "array",
        items: {
          type: "object",
          required: ["code", "message", "pointer"],
          properties: {
            code: { type: "string" },
            message: { type: "string" },
            pointer: {
              type: "string",
              description:
                'The RFC 6901 JSON Pointer of the member at fault ("/filters/0/data/bounds/1"; "" for the whole definition).',
            },
            text: {
              type: "string",
              description: "Where an interval or pattern is at fault: that string.",
            },
            offset: offset("the problem in `text`"),
            length: length("the problem in `text`"),
          },
        },
        maxItems: MAX_ISSUES,
        description: `The problems in document order, the first ${MAX_ISSUES} of them.`,
      },
      ...truncationProperties(),
    },
  };
}
