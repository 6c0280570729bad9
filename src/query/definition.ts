// Checks a JSON query definition against DEFINITION_SPEC, collecting every problem at once.
import {
  type DefinitionIssue,
  type DefinitionIssueCode,
  QueryDefinitionError,
} from "../errors/query-definition-error.ts";
import type { SafeResultWithWarnings } from "../errors/safe-result.ts";
import { stringifyJson } from "../json/stringify-json.ts";
import {
  DEFINITION_SPEC,
  type PropertiesSpec,
  type PropertySpec,
  type ValueSpec,
} from "./definition-spec.ts";
import { parseGlob } from "./glob.ts";
import { readInterval } from "./interval.ts";
import type { QueryDefinition } from "./types.ts";

/** Arrays and objects nested deeper than this are refused before anything else is checked. */
export const DEFINITION_MAX_DEPTH = 64;

/** Options of `parseQueryDefinition`. */
export interface ParseQueryDefinitionOptions {
  /** Called once per warning (e.g. `PATTERNS_IGNORED`) of a valid definition, in document order. */
  readonly onWarning?: (warning: DefinitionIssue) => void;
}

const INVALID = Symbol("invalid");
/** A checked value with defaults applied, or INVALID. */
type Checked = unknown;

/** The object holding the value being checked, for `../` applicability rules. */
interface Enclosing {
  readonly object: Record<string, unknown>;
  readonly properties: PropertiesSpec;
}

/** Escapes one reference token of an RFC 6901 JSON Pointer. */
function escapeToken(token: string | number): string {
  return String(token).replaceAll("~", "~0").replaceAll("/", "~1");
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return "a string";
  if (typeof value === "number") return "a number";
  if (typeof value === "boolean") return "a boolean";
  return typeof value;
}

/** The value's JSON for a message; something readable where JSON has none (a cycle, a BigInt). */
function toJsonText(value: unknown): string {
  try {
    return stringifyJson(value) ?? String(value);
  } catch {
    try {
      return String(value);
    } catch {
      return describe(value);
    }
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const EXPECTED: Record<ValueSpec["kind"], string> = {
  string: "a string",
  boolean: "a boolean",
  enum: "a string",
  integer: "a number",
  interval: "an interval string",
  pattern: "a pattern string",
  array: "an array",
  object: "an object",
};

/** Finds the enum value a text means, ignoring case. */
function matchCase(values: readonly string[], text: unknown): string | undefined {
  if (typeof text !== "string") return undefined;
  const upper = text.toUpperCase();
  return values.find((v) => v.toUpperCase() === upper);
}

class Walker {
  readonly issues: DefinitionIssue[] = [];
  readonly warnings: DefinitionIssue[] = [];

  private report(code: DefinitionIssueCode, pointer: string, message: string): void {
    this.issues.push({ code, message, pointer });
  }

  check(value: unknown, spec: ValueSpec, pointer: string, parent?: Enclosing): Checked {
    switch (spec.kind) {
      case "string":
      case "interval":
      case "pattern":
        if (typeof value !== "string") return this.wrongType(value, spec, pointer);
        if (spec.kind === "string") return value;
        return this.checkText(value, spec.kind, pointer);
      case "boolean":
        return typeof value === "boolean" ? value : this.wrongType(value, spec, pointer);
      case "enum":
        return this.checkEnum(value, spec.values, pointer);
      case "integer": {
        if (typeof value !== "number") return this.wrongType(value, spec, pointer);
        const { minimum, maximum } = spec;
        if (
          !Number.isInteger(value) ||
          value < minimum ||
          (maximum !== undefined && value > maximum)
        ) {
          const range =
            maximum === undefined ? `at least ${minimum}` : `from ${minimum} to ${maximum}`;
          this.report(
            "OUT_OF_RANGE",
            pointer,
            `expected a whole number ${range}, got ${toJsonText(value)}`,
          );
          return INVALID;
        }
        return value;
      }
      case "array": {
        if (!Array.isArray(value)) return this.wrongType(value, spec, pointer);
        const items = value.map((item, i) => this.check(item, spec.items, `${pointer}/${i}`));
        return items.includes(INVALID) ? INVALID : items;
      }
      case "object":
        if (!isPlainObject(value)) return this.wrongType(value, spec, pointer);
        return this.checkObject(value, spec.properties, pointer, parent);
    }
  }

  private wrongType(value: unknown, spec: ValueSpec, pointer: string): typeof INVALID {
    this.report("WRONG_TYPE", pointer, `expected ${EXPECTED[spec.kind]}, got ${describe(value)}`);
    return INVALID;
  }

  private checkText(text: string, kind: "interval" | "pattern", pointer: string): Checked {
    if (kind === "pattern") return parseGlob(text);
    const read = readInterval(text);
    if (read.success) return read.data;
    const { code, message, offset, length } = read.error;
    this.issues.push({ code, message, pointer, text, offset, length });
    return INVALID;
  }

  private checkEnum(value: unknown, values: readonly string[], pointer: string): Checked {
    if (typeof value !== "string") return this.wrongType(value, { kind: "enum", values }, pointer);
    if (values.includes(value)) return value;
    const meant = matchCase(values, value);
    const list = values.map((v) => `"${v}"`).join(", ");
    if (meant !== undefined) {
      this.report("WRONG_CASE", pointer, `write "${meant}", not "${value}" (case matters)`);
    } else {
      this.report("UNKNOWN_VALUE", pointer, `expected one of ${list}, got "${value}"`);
    }
    return INVALID;
  }

  /** The value a member has for applicability checks: its meaning ignoring case, its default, or undefined if unknown. */
  private siblingValue(
    object: Record<string, unknown>,
    parent: Enclosing | undefined,
    properties: PropertiesSpec,
    name: string,
  ): unknown {
    if (name.startsWith("../")) {
      return (
        parent && this.siblingValue(parent.object, undefined, parent.properties, name.slice(3))
      );
    }
    const spec = properties[name];
    if (!Object.hasOwn(object, name)) return spec?.default;
    const raw = object[name];
    if (spec?.value.kind === "enum") return matchCase(spec.value.values, raw);
    return raw;
  }

  private checkObject(
    object: Record<string, unknown>,
    properties: PropertiesSpec,
    pointer: string,
    parent: Enclosing | undefined,
  ): Checked {
    const out: Record<string, unknown> = {};
    let valid = true;
    for (const key of Object.keys(object)) {
      const at = `${pointer}/${escapeToken(key)}`;
      const property: PropertySpec | undefined = Object.hasOwn(properties, key)
        ? properties[key]
        : undefined;
      if (property === undefined) {
        const close = Object.keys(properties).find((k) => k.toLowerCase() === key.toLowerCase());
        const hint = close === undefined ? "" : `; did you mean "${close}"?`;
        this.report("UNKNOWN_KEY", at, `unknown key "${key}"${hint}`);
        valid = false;
        continue;
      }
      const rule = property.appliesWhen;
      if (rule !== undefined) {
        const sibling = this.siblingValue(object, parent, properties, rule.sibling);
        if (sibling !== undefined && !rule.values.includes(sibling as string | boolean)) {
          this.report("NOT_APPLICABLE", at, `"${key}" applies only to ${rule.where}`);
          valid = false;
          continue;
        }
      }
      const checked = this.check(object[key], property.value, at, { object, properties });
      if (checked === INVALID) valid = false;
      else out[key] = checked;
    }
    for (const [key, property] of Object.entries(properties)) {
      if (Object.hasOwn(object, key)) continue;
      if (property.required) {
        this.report(
          "MISSING_KEY",
          `${pointer}/${escapeToken(key)}`,
          `missing required key "${key}"`,
        );
        valid = false;
      } else {
        // A fresh array each time, so no two results share the default.
        out[key] = Array.isArray(property.default) ? [] : property.default;
      }
    }
    if (!valid) return INVALID;
    // Members in the documented order, whatever order the client wrote them in.
    return Object.fromEntries(Object.keys(properties).map((key) => [key, out[key]]));
  }
}

/** An array or object whose members are being scanned for depth. */
interface DepthFrame {
  readonly value: object;
  readonly keys: readonly string[];
  index: number;
}

/**
 * The issue of the first array or object, in document order, nested deeper than
 * DEFINITION_MAX_DEPTH; undefined when there is none. An explicit stack, so any depth is
 * safe; a value met again inside itself (a cycle) is not entered again.
 */
function findTooDeep(json: unknown): DefinitionIssue | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const stack: DepthFrame[] = [];
  const tokens: string[] = [];
  const open = new Set<object>();
  const enter = (value: object) => {
    open.add(value);
    stack.push({ value, keys: Object.keys(value), index: 0 });
  };
  enter(json);
  for (let frame = stack.at(-1); frame !== undefined; frame = stack.at(-1)) {
    if (frame.index === frame.keys.length) {
      open.delete(frame.value);
      stack.pop();
      tokens.pop();
      continue;
    }
    const key = frame.keys[frame.index++] as string;
    const member = (frame.value as Record<string, unknown>)[key];
    if (typeof member !== "object" || member === null || open.has(member)) continue;
    const depth = stack.length + 1;
    tokens.push(escapeToken(key));
    if (depth > DEFINITION_MAX_DEPTH) {
      return {
        code: "NESTING_TOO_DEEP",
        message: `${describe(member)} nested ${depth} levels deep: a definition nests at most ${DEFINITION_MAX_DEPTH} arrays and objects`,
        pointer: tokens.map((token) => `/${token}`).join(""),
      };
    }
    enter(member);
  }
  return undefined;
}

/** Resolves the `patterns` + `checked` conflict of info filters: `checked` wins, with a warning. */
function resolveConflicts(
  definition: QueryDefinition,
  warnings: DefinitionIssue[],
): QueryDefinition {
  const filters = definition.filters.map((filter, i) => {
    const { checked, patterns } = filter.data;
    if (filter.type !== "info" || checked === undefined || patterns === undefined) return filter;
    warnings.push({
      code: "PATTERNS_IGNORED",
      message: '"patterns" is ignored when "checked" is given: "checked" wins',
      pointer: `/filters/${i}/data/patterns`,
    });
    return { ...filter, data: { ...filter.data, patterns: undefined } };
  });
  return { ...definition, filters };
}

/**
 * Checks a JSON query definition and returns it with defaults applied and the warnings, or the
 * error listing every problem in document order; never throws. Nesting deeper than
 * DEFINITION_MAX_DEPTH is reported alone, before anything else is checked.
 */
export function safeParseQueryDefinition(
  json: unknown,
): SafeResultWithWarnings<QueryDefinition, QueryDefinitionError, DefinitionIssue> {
  const tooDeep = findTooDeep(json);
  if (tooDeep !== undefined) {
    return { success: false, error: new QueryDefinitionError([tooDeep]), warnings: [] };
  }
  const walker = new Walker();
  const checked = walker.check(json, DEFINITION_SPEC, "", undefined);
  if (checked === INVALID) {
    const error = new QueryDefinitionError(walker.issues);
    return { success: false, error, warnings: walker.warnings };
  }
  const data = resolveConflicts(checked as QueryDefinition, walker.warnings);
  return { success: true, data, warnings: walker.warnings };
}

/**
 * Parses a JSON query definition (`POST /artefacts/{artefact-id}/query`) with defaults applied;
 * throws a `QueryDefinitionError` listing every problem with its JSON Pointer.
 */
export function parseQueryDefinition(
  json: unknown,
  options: ParseQueryDefinitionOptions = {},
): QueryDefinition {
  const result = safeParseQueryDefinition(json);
  if (!result.success) throw result.error;
  for (const warning of result.warnings) options.onWarning?.(warning);
  return result.data;
}
