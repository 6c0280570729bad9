// Checks a JSON query definition against DEFINITION_SPEC, collecting every problem at once
// (keeping the first MAX_ISSUES, counting the rest).

import { describeFound } from "../errors/invalid-input.ts";
import { IssueList } from "../errors/issue-list.ts";
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

/** How many characters of a string too long a message shows. */
const SHOWN_CHARACTERS = 40;

/**
 * The characters of a text as JSON Schema's `maxLength` counts them (code points, a lone
 * surrogate counting as one), and its first `shown` characters.
 */
function measureText(text: string, shown: number): { length: number; head: string } {
  let length = 0;
  let head = "";
  for (const char of text) {
    if (length < shown) head += char;
    length += 1;
  }
  return { length, head };
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
  /** The first MAX_ISSUES issues and the count of all, so memory stays bounded however many a body holds. */
  readonly issues = new IssueList<DefinitionIssue>();
  readonly warnings: DefinitionIssue[] = [];

  private report(code: DefinitionIssueCode, pointer: string, message: string): void {
    this.issues.add({ code, message, pointer });
  }

  check(value: unknown, spec: ValueSpec, pointer: string, parent?: Enclosing): Checked {
    switch (spec.kind) {
      case "string":
      case "interval":
      case "pattern":
        if (typeof value !== "string") return this.wrongType(value, spec, pointer);
        if (spec.kind === "string") return this.checkLength(value, spec.maxLength, pointer);
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
        const { maxItems = value.length } = spec;
        // Only the items within the limit are checked: the work stays bounded by the limit.
        const items = value
          .slice(0, maxItems)
          .map((item, i) => this.check(item, spec.items, `${pointer}/${i}`));
        if (value.length > maxItems) {
          this.report(
            "TOO_MANY_ITEMS",
            `${pointer}/${maxItems}`,
            `an array of at most ${maxItems} items, not ${value.length}: the items from here on are not checked`,
          );
          return INVALID;
        }
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

  private checkLength(text: string, maxLength: number | undefined, pointer: string): Checked {
    // A text has no more code points than UTF-16 units: most are settled without counting.
    if (maxLength === undefined || text.length <= maxLength) return text;
    const { length, head } = measureText(text, SHOWN_CHARACTERS);
    if (length <= maxLength) return text;
    const shown = JSON.stringify(length > SHOWN_CHARACTERS ? `${head}…` : head);
    this.issues.add({
      code: "TOO_LONG",
      message: `a string of at most ${maxLength} characters, not ${length}: ${shown}`,
      pointer,
    });
    return INVALID;
  }

  private checkText(text: string, kind: "interval" | "pattern", pointer: string): Checked {
    if (kind === "pattern") return parseGlob(text);
    const read = readInterval(text);
    if (read.success) return read.data;
    const { code, message, offset, length } = read.error;
    this.issues.add({ code, message, pointer, text, offset, length });
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
      // A value is shown cut (describeFound), so that a long one is not echoed whole.
      this.report("UNKNOWN_VALUE", pointer, `expected one of ${list}, got ${describeFound(value)}`);
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
        this.report("UNKNOWN_KEY", at, `unknown key ${describeFound(key)}${hint}`);
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
  /** An object's own keys; `undefined` for an array, read by index. */
  readonly keys: readonly string[] | undefined;
  readonly length: number;
  index: number;
}

function isEmpty(value: object): boolean {
  if (Array.isArray(value)) return value.length === 0;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/** The key of the member a frame is at, for the pointer: made only when an issue is found. */
function frameToken(frame: DepthFrame): string {
  return frame.keys === undefined
    ? String(frame.index - 1)
    : escapeToken(frame.keys[frame.index - 1] as string);
}

/**
 * The issue of the first array or object, in document order, nested deeper than
 * DEFINITION_MAX_DEPTH; undefined when there is none. An explicit stack, so any depth is
 * safe; a value met again inside itself (a cycle) is not entered again. Arrays are read by
 * index and pointers made only for the issue: a 1 MB body of 350,000 objects is scanned in
 * a few milliseconds.
 */
function findTooDeep(json: unknown): DefinitionIssue | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const stack: DepthFrame[] = [];
  const open = new Set<object>();
  const enter = (value: object) => {
    open.add(value);
    const keys = Array.isArray(value) ? undefined : Object.keys(value);
    const length = keys === undefined ? (value as unknown[]).length : keys.length;
    stack.push({ value, keys, length, index: 0 });
  };
  enter(json);
  for (let frame = stack.at(-1); frame !== undefined; frame = stack.at(-1)) {
    if (frame.index === frame.length) {
      open.delete(frame.value);
      stack.pop();
      continue;
    }
    const { keys } = frame;
    const at = frame.index++;
    const member =
      keys === undefined
        ? (frame.value as unknown[])[at]
        : (frame.value as Record<string, unknown>)[keys[at] as string];
    if (typeof member !== "object" || member === null) continue;
    const depth = stack.length + 1;
    if (depth > DEFINITION_MAX_DEPTH && !open.has(member)) {
      return {
        code: "NESTING_TOO_DEEP",
        message: `${describe(member)} nested ${depth} levels deep: a definition nests at most ${DEFINITION_MAX_DEPTH} arrays and objects`,
        pointer: stack.map((open) => `/${frameToken(open)}`).join(""),
      };
    }
    // An empty array or object holds nothing deeper: not entered, it costs no frame.
    if (isEmpty(member) || open.has(member)) continue;
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
 * error listing its problems in document order (the first 100, counting all); never throws.
 * Nesting deeper than DEFINITION_MAX_DEPTH is reported alone, before anything else is checked;
 * an array past DEFINITION_MAX_ITEMS is checked up to the limit only; a column `id` past
 * DEFINITION_MAX_LENGTH characters is `TOO_LONG`.
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
    const error = new QueryDefinitionError(walker.issues.items, walker.issues.count);
    return { success: false, error, warnings: walker.warnings };
  }
  const data = resolveConflicts(checked as QueryDefinition, walker.warnings);
  return { success: true, data, warnings: walker.warnings };
}

/**
 * Parses a JSON query definition (`POST /artefacts/{artefact-id}/query`) with defaults applied;
 * throws a `QueryDefinitionError` listing its problems (the first 100, counting all), each with
 * its JSON Pointer.
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
