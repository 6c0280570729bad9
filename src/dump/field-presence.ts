// Which fields of a filter and a selection the records of a dump hold: a dump comes without a
// schema, so a mistyped name is found only by seeing that no record ever held it.
import type { FieldsNode } from "../ast/fields.ts";
import { predicatesOf, type WhereExpression } from "../ast/where.ts";
import { SchemaDefinitionError } from "../errors/schema-definition-error.ts";
import { SchemaInference } from "../schema/infer-schema.ts";
import { suggestPath } from "../schema/schema.ts";

/** A field of the filter or the selection that no record of the dump held. */
export interface UnseenField {
  /** The dotted path as written (`typ.id`). */
  readonly path: string;
  /** Where it is written: the filter or the selection. */
  readonly language: "where" | "fields";
  /** The path the records do hold that it most likely stands for (`type.id`). */
  readonly suggestion?: string;
}

/** How many records the suggestions are learnt from: the names a dump holds show early. */
export const SUGGESTION_SAMPLE = 1000;

interface Watched {
  readonly segments: readonly string[];
  readonly language: "where" | "fields";
  seen: boolean;
}

/** The paths a filter names, in the order of its text, each once. */
function wherePaths(ast: WhereExpression, into: Map<string, Watched>): void {
  for (const { path } of predicatesOf(ast)) {
    const key = path.segments.join(".");
    if (!into.has(key)) into.set(key, { segments: path.segments, language: "where", seen: false });
  }
}

/** The paths a selection names, to its leaves; nothing inside `_links`, where any name is accepted. */
function fieldsPaths(ast: FieldsNode, prefix: readonly string[], into: Map<string, Watched>): void {
  for (const item of ast.items) {
    const segments = [...prefix, ...item.path.segments];
    if (segments.includes("_links")) continue;
    if (item.selection) {
      fieldsPaths(item.selection, segments, into);
      continue;
    }
    const key = segments.join(".");
    if (!into.has(key)) into.set(key, { segments, language: "fields", seen: false });
  }
}

/** Whether a record holds the path: own members through objects, any item of an array. */
function holds(record: unknown, segments: readonly string[]): boolean {
  let value = record;
  for (let from = 0; from < segments.length; from++) {
    if (typeof value !== "object" || value === null) return false;
    if (Array.isArray(value)) return anyItemHolds(value, segments, from);
    const name = segments[from] as string;
    if (!Object.hasOwn(value, name)) return false;
    value = (value as Record<string, unknown>)[name];
  }
  return true;
}

/** `holds` from segment `from` on, for any item of an array: a stack, as arrays may nest deep. */
function anyItemHolds(items: readonly unknown[], segments: readonly string[], from: number) {
  const pending: { value: unknown; at: number }[] = [];
  for (const item of items) pending.push({ value: item, at: from });
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    let { value, at } = next;
    for (; at < segments.length; at++) {
      if (typeof value !== "object" || value === null) break;
      if (Array.isArray(value)) {
        for (const item of value) pending.push({ value: item, at });
        break;
      }
      const name = segments[at] as string;
      if (!Object.hasOwn(value, name)) break;
      value = (value as Record<string, unknown>)[name];
    }
    if (at === segments.length) return true;
  }
  return false;
}

/**
 * Watches the records of a dump for the fields a filter and a selection name, null values
 * counting as held; what no record held is `unseen()` at the end, each with the path the
 * records hold that it most likely stands for. Costs a few lookups a record while a name is
 * still unseen, nothing once all are seen.
 */
export class FieldPresence {
  readonly #watched: Watched[];
  #unseenCount: number;
  readonly #sample = new SchemaInference({ dates: false });
  #sampled = 0;

  constructor(where: WhereExpression | undefined, fields: FieldsNode | undefined) {
    const paths = new Map<string, Watched>();
    if (where) wherePaths(where, paths);
    if (fields) fieldsPaths(fields, [], paths);
    this.#watched = [...paths.values()];
    this.#unseenCount = this.#watched.length;
  }

  /** Takes in a batch of records, as read, before any is filtered out. */
  observe(records: readonly unknown[]): void {
    if (this.#unseenCount === 0) return;
    for (const record of records) {
      if (this.#sampled < SUGGESTION_SAMPLE) this.#learn(record);
      for (const watched of this.#watched) {
        if (watched.seen || !holds(record, watched.segments)) continue;
        watched.seen = true;
        if (--this.#unseenCount === 0) return;
      }
    }
  }

  #learn(record: unknown): void {
    this.#sampled++;
    try {
      this.#sample.add(record);
    } catch (error) {
      // Records of more fields than a schema holds suggest from what was learnt before them.
      if (!(error instanceof SchemaDefinitionError)) throw error;
      this.#sampled = SUGGESTION_SAMPLE;
    }
  }

  /** The watched paths some record held, dotted: what a reader of another stretch can `markSeen`. */
  seenPaths(): string[] {
    return this.#watched.filter((watched) => watched.seen).map((w) => w.segments.join("."));
  }

  /** Counts the dotted `paths` as held, as records read elsewhere held them. */
  markSeen(paths: readonly string[]): void {
    const held = new Set(paths);
    for (const watched of this.#watched) {
      if (watched.seen || !held.has(watched.segments.join("."))) continue;
      watched.seen = true;
      this.#unseenCount--;
    }
  }

  /**
   * Learns the suggestions from `records`, the dump's first, when the records were observed
   * elsewhere (`markSeen`); the first SUGGESTION_SAMPLE count, as `observe` would have.
   */
  learnFrom(records: readonly unknown[]): void {
    for (const record of records) {
      if (this.#sampled >= SUGGESTION_SAMPLE) return;
      this.#learn(record);
    }
  }

  /** Whether every watched field has been held by some record already. */
  allSeen(): boolean {
    return this.#unseenCount === 0;
  }

  /** The fields no record held so far, in the order written (the filter's first). */
  unseen(): UnseenField[] {
    if (this.#unseenCount === 0) return [];
    const schema = this.#sample.schema();
    return this.#watched
      .filter((watched) => !watched.seen)
      .map(({ segments, language }) => {
        const suggestion = suggestPath(schema, segments);
        const path = segments.join(".");
        return suggestion === undefined ? { path, language } : { path, language, suggestion };
      });
  }
}
