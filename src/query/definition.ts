// Checks a JSON query definition against DEFINITION_SPEC, collecting every problem at once.
import { QueryValidationError, type ValidationIssue } from "../errors/errors.ts";
import {
  DEFINITION_SPEC,
  type PropertiesSpec,
  type PropertySpec,
  type ValueSpec,
} from "./definition-spec.ts";
import { parseGlob } from "./glob.ts";
import { parseInterval } from "./interval.ts";
import type { QueryDefinition } from "./types.ts";

/** The stable codes of the problems in a query definition (string issues use their parser's codes). */
export type DefinitionIssueCode =
  | "UNKNOWN_KEY"
  | "WRONG_TYPE"
  | "MISSING_KEY"
  | "WRONG_CASE"
  | "UNKNOWN_VALUE"
  | "OUT_OF_RANGE"
  | "NOT_APPLICABLE";

/** The result of `safeParseQueryDefinition`: the definition or the error, and the warnings either way. */
export type SafeParseDefinitionResult =
  | {
      readonly success: true;
      readonly data: QueryDefinition;
      readonly warnings: readonly ValidationIssue[];
    }
  | {
      readonly success: false;
      readonly error: QueryValidationError;
      readonly warnings: readonly ValidationIssue[];
    };

/** Options of `parseQueryDefinition`. */
export interface ParseQueryDefinitionOptions {
  /** Called once per warning (e.g. `PATTERNS_IGNORED`) of a valid definition, in document order. */
  readonly onWarning?: (warning: ValidationIssue) => void;
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

function toJsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
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
  readonly issues: ValidationIssue[] = [];
  readonly warnings: ValidationIssue[] = [];

  private report(code: string, pointer: string, message: string, subject: unknown): void {
    const text = toJsonText(subject);
    this.issues.push({ code, message, pointer, text, offset: 0, length: text.length });
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
            value,
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
    this.report(
      "WRONG_TYPE",
      pointer,
      `expected ${EXPECTED[spec.kind]}, got ${describe(value)}`,
      value,
    );
    return INVALID;
  }

  private checkText(text: string, kind: "interval" | "pattern", pointer: string): Checked {
    const result = kind === "interval" ? parseInterval(text) : parseGlob(text);
    if (result.ok) return result.value;
    const { code, message, offset, length } = result.issue;
    this.issues.push({ code, message, pointer, text, offset, length });
    return INVALID;
  }

  private checkEnum(value: unknown, values: readonly string[], pointer: string): Checked {
    if (typeof value !== "string") return this.wrongType(value, { kind: "enum", values }, pointer);
    if (values.includes(value)) return value;
    const meant = matchCase(values, value);
    const list = values.map((v) => `"${v}"`).join(", ");
    if (meant !== undefined) {
      this.report("WRONG_CASE", pointer, `write "${meant}", not "${value}" (case matters)`, value);
    } else {
      this.report("UNKNOWN_VALUE", pointer, `expected one of ${list}, got "${value}"`, value);
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
        this.report("UNKNOWN_KEY", at, `unknown key "${key}"${hint}`, key);
        valid = false;
        continue;
      }
      const rule = property.appliesWhen;
      if (rule !== undefined) {
        const sibling = this.siblingValue(object, parent, properties, rule.sibling);
        if (sibling !== undefined && !rule.values.includes(sibling as string | boolean)) {
          this.report("NOT_APPLICABLE", at, `"${key}" applies only to ${rule.where}`, key);
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
          key,
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

/** Resolves the `patterns` + `checked` conflict of info filters: `checked` wins, with a warning. */
function resolveConflicts(
  definition: QueryDefinition,
  warnings: ValidationIssue[],
): QueryDefinition {
  const filters = definition.filters.map((filter, i) => {
    const { checked, patterns } = filter.data;
    if (filter.type !== "info" || checked === undefined || patterns === undefined) return filter;
    const pointer = `/filters/${i}/data/patterns`;
    const text = '"patterns"';
    warnings.push({
      code: "PATTERNS_IGNORED",
      message: '"patterns" is ignored when "checked" is given: "checked" wins',
      pointer,
      text,
      offset: 0,
      length: text.length,
    });
    return { ...filter, data: { ...filter.data, patterns: undefined } };
  });
  return { ...definition, filters };
}

/**
 * Checks a JSON query definition and returns it with defaults applied and the warnings, or the
 * error listing every problem in document order; never throws.
 */
export function safeParseQueryDefinition(json: unknown): SafeParseDefinitionResult {
  const walker = new Walker();
  const checked = walker.check(json, DEFINITION_SPEC, "", undefined);
  if (checked === INVALID) {
    const error = new QueryValidationError("definition", toJsonText(json), walker.issues);
    return { success: false, error, warnings: walker.warnings };
  }
  const data = resolveConflicts(checked as QueryDefinition, walker.warnings);
  return { success: true, data, warnings: walker.warnings };
}

/**
 * Parses a JSON query definition (`POST /artefacts/{artefact-id}/query`) with defaults applied;
 * throws a QueryValidationError listing every problem with its JSON Pointer.
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
