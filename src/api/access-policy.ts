import type { FieldBranch, FieldsNode, FieldTree } from "../ast/fields.ts";
import { treeOf } from "../ast/fields.ts";
import type { WhereExpression } from "../ast/where.ts";
import { type Filter, policedFilter } from "../ast/zoned-filter.ts";
import { formatFields } from "../backends/format/format-fields.ts";
import { formatWhere } from "../backends/format/format-where.ts";
import { calendarOf } from "../backends/predicate/calendar.ts";
import {
  type CodeGeneration,
  compileFilter,
  type Predicate,
} from "../backends/predicate/compile-predicate.ts";
import { deepFreeze } from "../base/deep-freeze.ts";
import { MAX_DEPTH_LIMIT, type ParseLimits } from "../base/limits.ts";
import { isPlainRecord, oneOf, own } from "../base/members.ts";
import { optionNamesOf } from "../check/read-options.ts";
import { QueryError } from "../errors/errors.ts";
import { describeFound, InvalidAstError, InvalidOptionError } from "../errors/invalid-input.ts";
import { UnknownTimeZoneError } from "../errors/unknown-time-zone-error.ts";
import { type FieldType, readSchema, type Schema } from "../schema/schema.ts";
import type { CheckedFields } from "../schema/selection-type.ts";
import type { CheckedWhere } from "../schema/where-type.ts";
import { asFieldsNode, readFieldsInput, readFilterInput, readWhereInput } from "./read-input.ts";

/** A selection as text, AST or merged tree: how a policy names fields. */
export type PolicyFields = string | FieldsNode | FieldTree;

/**
 * What one caller may do with a resource's filter and selection (grammar/language.md 6.9): the
 * fields it may select and see, those it may filter on, and a filter that always holds.
 */
export interface AccessPolicy {
  /**
   * The fields the caller may select and see, written as a selection (`id,name,type.id`): every
   * other field is left out of every record answered, and `fields` naming it is the same error
   * as naming a field that does not exist. Every field unless set.
   */
  readonly selectable?: PolicyFields | undefined;
  /**
   * The fields the caller may filter on, as a selection within `selectable` (a field one may
   * not see must not be filterable either, or bisecting with `where` reads it); `selectable`
   * unless set. `where` naming another field is the same error as naming an unknown one.
   */
  readonly filterable?: PolicyFields | undefined;
  /**
   * A filter every answer obeys, AND-ed with the caller's as one operand of its own, on every
   * backend (memory, SQL, the query builders). It may read any field, hidden ones included.
   */
  readonly where?: string | WhereExpression | undefined;
  /**
   * The IANA zone in which `where` reads dates as calendar days (grammar/language.md 2.5); UTC
   * unless set. Never the request's: a caller must not move the policy's day boundaries.
   */
  readonly timeZone?: string | undefined;
}

/**
 * A `policy` option's texts read by the compiler against the schema (`S`), as the runtime reads
 * them: `selectable` and `filterable` as `fields` texts, `where` as a filter, each refused in the
 * runtime's words on its own property; a member no policy has is refused as well.
 */
export type CheckedPolicyTexts<P, S> = {
  readonly [K in keyof P]: K extends "selectable" | "filterable"
    ? CheckedFields<P[K], S>
    : K extends "where"
      ? CheckedWhere<P[K], S>
      : K extends keyof AccessPolicy
        ? P[K]
        : never;
};

/** The `policy` option of a call whose policy (`P`) the compiler reads against its schema (`S`). */
export interface PolicyTextOptions<S, P> {
  readonly policy?: CheckedPolicyTexts<P, S> | undefined;
}

/** A policy read and checked against a schema, ready to apply. */
export interface CheckedPolicy {
  /** The fields the caller may see; undefined when every field is. */
  readonly selectable: FieldTree | undefined;
  /** What a caller's `fields` is checked against; undefined: no check, as without a schema. */
  readonly selectSchema: Schema | undefined;
  /** What a caller's `where` is checked against; undefined: no check, as without a schema. */
  readonly filterSchema: Schema | undefined;
  /** The filter AND-ed with the caller's; undefined without one. */
  readonly where: WhereExpression | undefined;
  /** The zone `where` reads dates in, in its canonical spelling. */
  readonly timeZone: string;
  /** The policy's canonical text: two policies with the same key are applied alike. */
  readonly key: string;
}

const POLICY_NAMES = optionNamesOf<AccessPolicy>({
  selectable: true,
  filterable: true,
  where: true,
  timeZone: true,
});

/** A policy's texts come from the server's operator: no length limit, the deepest nesting. */
const POLICY_LIMITS: ParseLimits = {
  maxLength: Number.POSITIVE_INFINITY,
  maxDepth: MAX_DEPTH_LIMIT,
};

const ANY: FieldType = Object.freeze({ kind: "any" });

/**
 * A type cut down to the names of `children`. An `any` value (which may hold an object) becomes
 * an object of those names, so that a filter cannot reach a hidden member below it; an
 * undescribed object or array stays as it is, as no filter reaches below one and a selection of
 * another name below it selects nothing the projection keeps.
 */
function pruneType(type: FieldType, children: FieldTree): FieldType {
  switch (type.kind) {
    case "object":
      return type.fields === null
        ? type
        : { kind: "object", fields: pruneFields(type.fields, children) };
    case "array":
      return type.items === null ? type : { kind: "array", items: pruneType(type.items, children) };
    case "any":
      return { kind: "object", fields: pruneFields(null, children) };
    default:
      return type;
  }
}

/** The fields of `fields` that `tree` names, each cut down to its children; all `any` without fields. */
function pruneFields(
  fields: Readonly<Record<string, FieldType>> | null,
  tree: FieldTree,
): Record<string, FieldType> {
  const out: Record<string, FieldType> = Object.create(null);
  for (const { name, children } of tree) {
    // `_links` is never declared: every record may carry it, and it is always kept (3.2).
    if (name === "_links") continue;
    const type = fields === null ? ANY : Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (type === undefined) continue;
    out[name] = children === null ? type : pruneType(type, children);
  }
  return { ...out };
}

/** The schema a caller's texts are checked against: `schema` (or every field `any`) cut to `tree`. */
function prunedSchema(schema: Schema | undefined, tree: FieldTree): Schema {
  return readSchema({ kind: "object", fields: pruneFields(schema?.fields ?? null, tree) });
}

/** The tree of a policy's selection, checked against `schema` when there is one. */
function readPolicyFields(
  caller: string,
  member: "selectable" | "filterable",
  value: unknown,
  schema: Schema | undefined,
): FieldTree {
  return treeOf(
    asPolicyMember(caller, member, () => readFieldsInput(caller, value, POLICY_LIMITS, schema)),
  );
}

/** Runs the reading of a policy member: what the reader throws becomes an `InvalidOptionError`. */
function asPolicyMember<T>(caller: string, member: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (
      error instanceof QueryError ||
      error instanceof InvalidAstError ||
      error instanceof UnknownTimeZoneError ||
      error instanceof TypeError
    ) {
      const message = error.message.startsWith(`${caller}: `)
        ? error.message.slice(caller.length + 2)
        : error.message;
      throw new InvalidOptionError(caller, `policy.${member}`, message);
    }
    throw error;
  }
}

/** The members of each policy object as first read, copied and frozen. */
const firstReads = new WeakMap<object, Readonly<Record<string, unknown>>>();

/** A member's value as kept: texts as they are, a tree copied and frozen, else the value itself for its reader to refuse. */
function keptMember(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  try {
    return deepFreeze(structuredClone(value));
  } catch {
    return value;
  }
}

/**
 * The members of `policy` as they were when it was first read: a later change to the object is
 * never seen, by any request or schema, rather than seen by some and not others.
 */
function membersOf(
  caller: string,
  policy: Record<string, unknown>,
): Readonly<Record<string, unknown>> {
  const kept = firstReads.get(policy);
  if (kept) return kept;
  for (const name of Object.keys(policy)) {
    if (!POLICY_NAMES.includes(name)) {
      throw new InvalidOptionError(
        caller,
        `policy.${name}`,
        `unknown member; expected ${oneOf(POLICY_NAMES)}`,
      );
    }
  }
  const members = Object.freeze(
    Object.fromEntries(POLICY_NAMES.map((name) => [name, keptMember(own(policy, name))])),
  );
  firstReads.set(policy, members);
  return members;
}

/** Checked policies by the policy object and schema they were read with. */
const checkedPolicies = new WeakMap<
  object,
  { readonly schema: Schema | undefined; readonly checked: CheckedPolicy }
>();

/**
 * Reads a `policy` option (grammar/language.md 6.9) against the schema the caller's texts are
 * checked with: `InvalidOptionError` for a member that is not a selection or filter, names a
 * field the schema lacks, or (`filterable`) reaches beyond `selectable`. A policy object's
 * members are copied when it is first read, and checked once for each schema: give a new
 * object to change it.
 */
export function readAccessPolicy(
  caller: string,
  policy: unknown,
  schema: Schema | undefined,
): CheckedPolicy | undefined {
  if (policy === undefined) return undefined;
  if (!isPlainRecord(policy)) {
    throw new InvalidOptionError(
      caller,
      "policy",
      `expected { selectable, filterable, where }; found ${describeFound(policy)}`,
    );
  }
  const kept = checkedPolicies.get(policy);
  if (kept && kept.schema === schema) return kept.checked;
  const members = membersOf(caller, policy);
  const selectableGiven = members.selectable;
  const filterableGiven = members.filterable;
  const whereGiven = members.where;
  const selectable =
    selectableGiven === undefined
      ? undefined
      : readPolicyFields(caller, "selectable", selectableGiven, schema);
  const selectSchema = selectable === undefined ? schema : prunedSchema(schema, selectable);
  const filterable =
    filterableGiven === undefined
      ? undefined
      : readPolicyFields(caller, "filterable", filterableGiven, selectSchema);
  const filterSchema =
    filterable === undefined ? selectSchema : prunedSchema(selectSchema, filterable);
  const where =
    whereGiven === undefined
      ? undefined
      : asPolicyMember(caller, "where", () =>
          readWhereInput(caller, whereGiven, POLICY_LIMITS, schema),
        );
  const zoneGiven = members.timeZone;
  const timeZone = asPolicyMember(caller, "timeZone", () => {
    if (zoneGiven !== undefined && typeof zoneGiven !== "string") {
      throw new TypeError(`expected an IANA zone name; found ${describeFound(zoneGiven)}`);
    }
    return calendarOf(zoneGiven ?? "UTC").timeZone;
  });
  const key = [
    selectable === undefined ? "*" : formatFields(selectable),
    filterable === undefined ? "*" : formatFields(filterable),
    where === undefined ? "" : formatWhere(where),
    timeZone,
  ].join("\u0000");
  const checked: CheckedPolicy = { selectable, selectSchema, filterSchema, where, timeZone, key };
  checkedPolicies.set(policy, { schema, checked });
  return checked;
}

/** The filter a request under `policy` runs (`policedFilter`): the caller's alone without one. */
export function policedWhere(policy: CheckedPolicy | undefined, where: Filter): Filter;
export function policedWhere(
  policy: CheckedPolicy | undefined,
  where: Filter | undefined,
): Filter | undefined;
export function policedWhere(
  policy: CheckedPolicy | undefined,
  where: Filter | undefined,
): Filter | undefined {
  const required = policy?.where;
  return policedFilter(required && { where: required, timeZone: policy.timeZone }, where);
}

/** The part of `selection` that `visible` lets through; `_links` always passes (3.2). */
function intersect(selection: FieldTree, visible: FieldTree): FieldBranch[] {
  const out: FieldBranch[] = [];
  for (const branch of selection) {
    if (branch.name === "_links") {
      out.push(branch);
      continue;
    }
    const open = visible.find((candidate) => candidate.name === branch.name);
    if (open === undefined) continue;
    if (open.children === null) out.push(branch);
    else if (branch.children === null) out.push(open);
    else out.push({ name: branch.name, children: intersect(branch.children, open.children) });
  }
  // Nothing in common below an undescribed value: the object is kept, with its links alone.
  return out.length > 0 ? out : [{ name: "_links", children: null }];
}

/**
 * The selection a request under `policy` answers with: the caller's cut to the fields the
 * caller may see, or those fields alone when the caller selects none; undefined for whole records.
 */
export function policedFields(
  policy: CheckedPolicy | undefined,
  fields: FieldsNode | FieldTree | undefined,
): FieldTree | undefined {
  const visible = policy?.selectable;
  if (visible === undefined) return fields && treeOf(fields);
  if (fields === undefined) return visible;
  return intersect(treeOf(fields), visible);
}

/** `policedFields` as the AST a list request carries, without spans. */
export function policedFieldsNode(
  policy: CheckedPolicy | undefined,
  fields: FieldsNode | undefined,
): FieldsNode | undefined {
  if (policy?.selectable === undefined) return fields;
  return asFieldsNode(policedFields(policy, fields) as FieldTree);
}

/**
 * A caller's `where` handed to a public function under a policy read by `readAccessPolicy`
 * (options before input): checked against the fields the caller may filter on. The policy's
 * own filter is not in it: `policedWhere` puts it beside, in its own zone.
 */
export function readCallerWhere(
  caller: string,
  input: unknown,
  limits: ParseLimits,
  schema: Schema | undefined,
  policy: CheckedPolicy | undefined,
): Filter {
  return readFilterInput(caller, input, limits, policy ? policy.filterSchema : schema);
}

/**
 * The predicate of a caller's filter under a policy: the policy's filter, read in the policy's
 * zone, AND-ed with the caller's, read in the caller's; either alone where the other is absent.
 */
export function compilePolicedPredicate(
  policy: CheckedPolicy | undefined,
  where: Filter | undefined,
  options: {
    schema: Schema | undefined;
    timeZone: string | undefined;
    codeGeneration?: CodeGeneration | undefined;
  },
): Predicate | undefined {
  const filter = policedWhere(policy, where);
  return filter && compileFilter(filter, options);
}
