import type { FieldsNode, FieldTree } from "../ast/fields.ts";
import { treeOf } from "../ast/fields.ts";
import {
  compileListProjection,
  compileProjection,
  type Projection,
} from "../backends/projection/compile-projection.ts";
import {
  checkOptionNames,
  optionNamesOf,
  readOptions,
  readSchemaOption,
  type SchemaOption,
} from "../check/read-options.ts";
import type { RecordOfOption } from "../schema/infer-type.ts";
import type { LiteralTextOptions } from "../schema/literal-text-type.ts";
import type {
  CheckedFields,
  SelectingProjection,
  SelectionPaths,
  TypedSelection,
} from "../schema/selection-type.ts";
import type { ParseFieldsOptions } from "../syntax/parse-fields.ts";
import {
  type AccessPolicy,
  type PolicyTextOptions,
  policedFields,
  readAccessPolicy,
} from "./access-policy.ts";
import { readFieldsInput } from "./read-input.ts";

/** A selection as text, as its AST, or as its merged tree. */
export type FieldsInput = string | FieldsNode | FieldTree;

/** Options of `compileFields` and `compileListFields`: those of `parseFields`, and a policy. */
export interface CompileFieldsOptions extends ParseFieldsOptions {
  /**
   * The fields the caller may see (grammar/language.md 6.9): the projection leaves the others
   * out, and a selection naming one is the same `UNKNOWN_FIELD` as a name the schema lacks.
   */
  readonly policy?: AccessPolicy | undefined;
}

const COMPILE_FIELDS_OPTION_NAMES = optionNamesOf<CompileFieldsOptions>({
  maxLength: true,
  maxDepth: true,
  schema: true,
  policy: true,
});

function toSelection(caller: string, input: FieldsInput, options: unknown): FieldsNode | FieldTree {
  const given = readOptions<CompileFieldsOptions>(caller, options);
  checkOptionNames(caller, given, COMPILE_FIELDS_OPTION_NAMES);
  const schema = readSchemaOption(caller, given.schema);
  const policy = readAccessPolicy(caller, given.policy, schema);
  const selection = readFieldsInput(caller, input, given, policy ? policy.selectSchema : schema);
  return policy ? (policedFields(policy, selection) as FieldTree) : selection;
}

/**
 * What `compileFields` returns: with a typed schema and a literal text, a projection typed by what
 * the text selects; otherwise one typed by the schema's records, if any.
 */
export type FieldsProjection<T, S, D = undefined, L = undefined> = [
  TypedSelection<T, S, D, L>,
] extends [{ readonly paths: string }]
  ? SelectingProjection<RecordOfOption<S, unknown>, SelectionPaths<TypedSelection<T, S, D, L>>>
  : Projection<RecordOfOption<S, unknown>>;

/**
 * Compiles a `fields` selection once into a function that projects one record (grammar/language.md
 * 3.2): the record's key order, absent keys left out, `_links` kept on every kept object.
 * With `options.schema`, the selection must name only the schema's fields. A tree from outside
 * is checked first (`InvalidAstError`). With a typed schema, it takes `Infer<typeof schema>`, and
 * a literal text is read by the compiler too: an unknown name fails to compile with the runtime's
 * message, and the result is typed by the selection (`Selected`).
 */
export function compileFields<
  const T extends FieldsInput,
  const S extends SchemaOption | undefined = undefined,
  const D extends number | undefined = undefined,
  const L extends number | undefined = undefined,
  const P extends AccessPolicy | undefined = undefined,
>(
  input: CheckedFields<T, S, D, L>,
  options?: Omit<CompileFieldsOptions, "policy"> &
    LiteralTextOptions<S, D, L> &
    PolicyTextOptions<S, P>,
): FieldsProjection<T, S, D, L>;
export function compileFields(input: FieldsInput, options?: CompileFieldsOptions): Projection {
  return compileProjection(toSelection("compileFields", input, options));
}

/**
 * Compiles a selection for a whole list response `{ _links, <resource>: [ … ] }`: the wrapper's
 * `_links` is kept and each item of the resource's array is projected.
 */
export function compileListFields(
  input: FieldsInput,
  options?: CompileFieldsOptions,
): <T extends object>(response: T) => T {
  return compileListProjection(toSelection("compileListFields", input, options));
}

/**
 * Merges a selection into its tree of names (3.2): `a.b` is `a(b)`, `a.b,a.c` is `a(b,c)`, and
 * `a,a.b` is `a`. A tree from outside is checked first (`InvalidAstError`).
 */
export function mergeFields(ast: FieldsNode): FieldTree {
  return treeOf(toSelection("mergeFields", ast, undefined));
}
