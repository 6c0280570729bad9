// A dump without a schema is typed as `qaql serve` types it, from its records (grammar/language.md
// 4.5, 10.7). A stream cannot wait for its last record, so the schema is learnt from its head, and
// every later record is watched for a value that would have typed a filtered field otherwise.
import type { FieldsNode } from "../ast/fields.ts";
import { predicatesOf, type WhereExpression } from "../ast/where.ts";
import { DumpError } from "../errors/dump-error.ts";
import {
  DATE_TEXT_KIND,
  inferSchema,
  kindsOfValue,
  SchemaInference,
  STRING_KIND,
  typeNameOfKinds,
} from "../schema/infer-schema.ts";
import { readDate } from "../schema/literals.ts";
import { type FieldType, readSchema, type Schema } from "../schema/schema.ts";
import { DumpSplitter } from "./dump-reader.ts";
import { FieldPresence } from "./field-presence.ts";
import type { InvalidUtf8Mode } from "./utf8.ts";

/**
 * The head a schema is learnt from: the records that end within a dump's first 4 MiB, tens of
 * thousands of the API's records, where every field a dump holds shows as a rule; none when its
 * first record is longer. The same bytes for every chunking, engine and `--jobs`, and a bound
 * on what is read twice.
 */
export const LEARNING_BYTES = 4 * 1024 * 1024;

/** The head of a dump read to learn from: its records, and the chunks read, to read again. */
export interface LearningHead {
  readonly records: readonly unknown[];
  readonly chunks: readonly Uint8Array[];
  /** Whether the source ended within the head. */
  readonly ended: boolean;
}

/** What a head is read with: the resource of a dump object, and what invalid UTF-8 does. */
export interface LearningOptions {
  readonly resource: string | undefined;
  readonly invalidUtf8: InvalidUtf8Mode | undefined;
}

/**
 * Reads the head of a dump (LEARNING_BYTES) from `chunks`: the records that end in it, as a
 * reader of its own finds them. Bad bytes end the head at the records before them; the reading
 * proper reports them where they are.
 */
export async function readLearningHead(
  chunks: AsyncIterator<Uint8Array>,
  options: LearningOptions,
): Promise<LearningHead> {
  const records: unknown[] = [];
  const read: Uint8Array[] = [];
  const batches = headBatches(chunks, options, read);
  let next = await batches.next();
  for (; !next.done; next = await batches.next()) records.push(...next.value);
  return { records, chunks: read, ended: next.value };
}

/**
 * The schema `learntSchema` learns from the head `readLearningHead` reads, and the watch
 * `recordWatch` makes of it, its records let go batch by batch: a reader that reads the dump
 * again from its start need not hold them.
 */
export async function learnFromHead(
  chunks: AsyncIterator<Uint8Array>,
  options: LearningOptions,
  where: WhereExpression,
  fields: FieldsNode | undefined,
): Promise<{ readonly schema: Schema; readonly watch: RecordWatch }> {
  const inference = new SchemaInference();
  const watch = new LearntWatch(where, fields);
  for await (const batch of headBatches(chunks, options)) {
    for (const record of batch) inference.add(record);
    watch.observe(batch);
  }
  return { schema: widenForFilter(inference.schema(), where), watch: watch.watch() };
}

/**
 * The records ending in the head of `chunks`, a batch at a time, each chunk read kept in `read`
 * when given; returns whether the source ended within the head.
 */
async function* headBatches(
  chunks: AsyncIterator<Uint8Array>,
  options: LearningOptions,
  read?: Uint8Array[],
): AsyncGenerator<readonly unknown[], boolean, undefined> {
  const splitter = new DumpSplitter(options);
  let pushed = 0;
  try {
    while (pushed < LEARNING_BYTES) {
      const next = await chunks.next();
      if (next.done) {
        splitter.end();
        yield* drain(splitter);
        return true;
      }
      read?.push(next.value);
      const room = LEARNING_BYTES - pushed;
      // A copy: a reader may keep a chunk as its window and write over it, and this one is read again.
      const part = next.value.slice(0, room);
      splitter.push(part);
      pushed += part.length;
      yield* drain(splitter);
    }
  } catch (error) {
    // Bad bytes: the records before them are the head; the reading proper reports them.
    if (!(error instanceof DumpError)) throw error;
  }
  return false;
}

function* drain(splitter: DumpSplitter): Generator<readonly unknown[], void, undefined> {
  for (let batch = splitter.next(); batch !== undefined; batch = splitter.next()) yield batch;
  splitter.throwPending();
}

/** The chunks of a head, then the rest of the source. */
export async function* replayed(
  head: LearningHead,
  rest: AsyncIterator<Uint8Array>,
): AsyncGenerator<Uint8Array, void, undefined> {
  try {
    yield* head.chunks;
    if (head.ended) return;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  } finally {
    // Left before its end (an error in the bytes), the source is let go: a file is closed.
    await rest.return?.();
  }
}

/**
 * The schema learnt from a dump's head (`inferSchema`), with `any` for each field `where` names
 * that no record of the head held: a name the head does not show is read value by value, and
 * named at the end if no record at all held it, rather than refused on the head's word.
 */
export function learntSchema(records: readonly unknown[], where: WhereExpression): Schema {
  return widenForFilter(inferSchema(records), where);
}

/** `schema` with `any` for each field `where` names that it does not describe. */
function widenForFilter(schema: Schema, where: WhereExpression): Schema {
  const fields: Record<string, FieldType> = { ...schema.fields };
  let widened = false;
  for (const { path } of predicatesOf(where)) {
    if (widen(fields, path.segments)) widened = true;
  }
  return widened ? readSchema({ kind: "object", fields }) : schema;
}

/** Adds `any` where `segments` leave the described objects of `fields`; whether it did. */
function widen(fields: Record<string, FieldType>, segments: readonly string[]): boolean {
  const [name, ...rest] = segments as [string, ...string[]];
  const type = Object.hasOwn(fields, name) ? fields[name] : undefined;
  if (type === undefined) {
    fields[name] = { kind: "any" };
    return true;
  }
  if (rest.length === 0 || type.kind !== "object" || type.fields === null) return false;
  const inner: Record<string, FieldType> = { ...type.fields };
  if (!widen(inner, rest)) return false;
  fields[name] = { kind: "object", fields: inner };
  return true;
}

/** A field of the filter whose type the whole dump gives otherwise than the head did. */
export interface TypeChange {
  /** The dotted path (`createdAt`, `type.id`). */
  readonly path: string;
  /** The type learnt from the head, which the filter read it as. */
  readonly learnt: FieldType["kind"];
  /** The type every record read gives it, as `qaql serve` would learn it. */
  readonly read: FieldType["kind"];
}

/** The type a schema gives a dotted path: `any` below an undescribed or `any` value. */
function typeAt(schema: Schema, segments: readonly string[]): FieldType["kind"] {
  let fields: Readonly<Record<string, FieldType>> | null = schema.fields;
  let kind: FieldType["kind"] = "any";
  for (const name of segments) {
    const type: FieldType | undefined =
      fields !== null && Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (type === undefined) return "any";
    kind = type.kind;
    fields = type.kind === "object" ? type.fields : null;
  }
  return kind;
}

/** Every path `where` names, and each path's prefixes, dotted, each once, as segments. */
function pathsOf(where: WhereExpression): (readonly string[])[] {
  const paths = new Map<string, readonly string[]>();
  for (const { path } of predicatesOf(where)) {
    for (let length = 1; length <= path.segments.length; length++) {
      const segments = path.segments.slice(0, length);
      paths.set(segments.join("."), segments);
    }
  }
  return [...paths.values()];
}

/**
 * The kinds of the values each field of a filter held (and each object on the way), as
 * `inferSchema` sees them, over the records observed: what tells whether the whole dump
 * types a field as its head did. A few lookups a record for each field the filter names.
 */
export class FilterKinds {
  readonly #paths: (readonly string[])[];
  readonly #kinds: number[];
  /** The kinds after which a text tells nothing new: a plain text, or one of each for `datesReadAsText`. */
  readonly #textsSettled: number;

  /** Watches the fields of `where`; `dateTexts` keeps looking for date texts past plain ones. */
  constructor(where: WhereExpression, dateTexts = false) {
    this.#paths = pathsOf(where);
    this.#kinds = this.#paths.map(() => 0);
    this.#textsSettled = dateTexts ? STRING_KIND | DATE_TEXT_KIND : STRING_KIND;
  }

  /** Takes in a batch of records, as read, before any is filtered out. */
  observe(records: readonly unknown[]): void {
    for (const record of records) this.observeOne(record);
  }

  /** Takes in one record. */
  observeOne(record: unknown): void {
    const paths = this.#paths;
    const kinds = this.#kinds;
    for (let i = 0; i < paths.length; i++) {
      const value = valueAt(record, paths[i] as readonly string[]);
      if (value === undefined) continue;
      const seen = kinds[i] as number;
      // Once a text that is no date was seen, whether the next reads as one changes no type.
      if (typeof value === "string" && (seen & this.#textsSettled) === this.#textsSettled) {
        continue;
      }
      kinds[i] = seen | kindsOfValue(value, true);
    }
  }

  /** What was observed, to hand to the reader of another stretch's `merge`. */
  masks(): number[] {
    return [...this.#kinds];
  }

  /** Takes in what a reader of another stretch observed (`masks`). */
  merge(masks: readonly number[]): void {
    for (let i = 0; i < this.#kinds.length; i++) {
      this.#kinds[i] = (this.#kinds[i] as number) | (masks[i] ?? 0);
    }
  }

  /** The fields the records observed type otherwise than `learnt` does, in the filter's order. */
  changes(learnt: Schema): TypeChange[] {
    const found: TypeChange[] = [];
    const readTypes = new Map<string, FieldType["kind"]>();
    for (let i = 0; i < this.#paths.length; i++) {
      const segments = this.#paths[i] as readonly string[];
      const before = typeAt(learnt, segments);
      const read = typeNameOfKinds(this.#kinds[i] as number);
      readTypes.set(segments.join("."), read);
      // Below a value that is no object, learnt or read, a schema describes nothing to compare.
      const parent = segments.slice(0, -1);
      const parentKey = parent.join(".");
      if (
        parent.length > 0 &&
        (typeAt(learnt, parent) !== "object" || readTypes.get(parentKey) !== "object")
      ) {
        continue;
      }
      // An object's fields are compared on their own; a field the head never held stays `any`
      // while no record holds it, and is then named by the fields no record held.
      if (before !== read && !(before === "object" && read === "object")) {
        found.push({ path: segments.join("."), learnt: before, read });
      }
    }
    return found;
  }

  /**
   * The fields compared with a day (`createdAt>=2024-03-01`) whose values were date texts, read
   * without a schema: compared as texts, not by calendar day.
   */
  datesReadAsText(where: WhereExpression): string[] {
    return dayComparedPaths(where).filter((path) => {
      const index = this.#paths.findIndex((segments) => segments.join(".") === path);
      return index !== -1 && ((this.#kinds[index] as number) & DATE_TEXT_KIND) !== 0;
    });
  }
}

/** The dotted paths `where` compares with a day (`createdAt>=2024-03-01`), each once. */
function dayComparedPaths(where: WhereExpression): string[] {
  const found = new Set<string>();
  for (const predicate of predicatesOf(where)) {
    const values =
      predicate.kind === "comparison"
        ? [predicate.value]
        : predicate.kind === "in"
          ? predicate.values
          : [];
    if (values.some((value) => readDate(value.text) !== undefined)) {
      found.add(predicate.path.segments.join("."));
    }
  }
  return [...found];
}

/**
 * How a reader without a schema given watches its records: the same for every engine, chunking
 * and `--jobs` (10.7), as it decides once whether a record the bytes' condition rules out
 * (10.5), which is then not watched, may be left unparsed.
 */
export interface RecordWatch {
  /** The kinds gathered: of a learnt schema's fields, of the fields compared with a day, or none. */
  readonly kinds: "learnt" | "dateTexts" | undefined;
  /**
   * Whether records may be left unparsed: decided once where kinds are gathered; undefined
   * where only the fields held are watched, which allow it once every one was seen.
   */
  readonly leaveUnparsed: boolean | undefined;
  /** The fields watched, held by the head: all of them when `leaveUnparsed`, else none. */
  readonly headSeen: readonly string[];
  /**
   * The kinds the head's records held (`FilterKinds.masks`), part of the whole dump's whether
   * or not a record of the head is left unparsed when read again; empty without a head.
   */
  readonly headKinds: readonly number[];
}

/**
 * The watch of a reader of `where` and `fields` without a schema given, `head` the records a
 * schema was learnt from (undefined: none was, `inferSchema: false`). With a learnt schema,
 * records are left unparsed only when the head held every field watched: the fields held are
 * then known, and a field seen first later keeps every record parsed, so that every kind is
 * gathered. Without one, the fields compared with a day keep every record parsed.
 */
export function recordWatch(
  where: WhereExpression | undefined,
  fields: FieldsNode | undefined,
  head: readonly unknown[] | undefined,
): RecordWatch {
  if (where !== undefined && head !== undefined) {
    const watch = new LearntWatch(where, fields);
    watch.observe(head);
    return watch.watch();
  }
  if (where !== undefined && dayComparedPaths(where).length > 0) {
    return { kinds: "dateTexts", leaveUnparsed: false, headSeen: [], headKinds: [] };
  }
  return { kinds: undefined, leaveUnparsed: undefined, headSeen: [], headKinds: [] };
}

/** The watch of a schema learnt from a head, built as the head's records are read. */
class LearntWatch {
  readonly #held: FieldPresence;
  readonly #kinds: FilterKinds;

  constructor(where: WhereExpression, fields: FieldsNode | undefined) {
    this.#held = new FieldPresence(where, fields);
    this.#kinds = new FilterKinds(where);
  }

  observe(records: readonly unknown[]): void {
    this.#held.observe(records);
    this.#kinds.observe(records);
  }

  watch(): RecordWatch {
    const leaveUnparsed = this.#held.allSeen();
    const headSeen = leaveUnparsed ? this.#held.seenPaths() : [];
    return { kinds: "learnt", leaveUnparsed, headSeen, headKinds: this.#kinds.masks() };
  }
}

/** The reader's `mayLeaveUnparsed` under a watch, `presence` the fields held so far. */
export function leavingUnparsed(
  watch: RecordWatch,
  presence: FieldPresence | undefined,
): (() => boolean) | undefined {
  const { leaveUnparsed } = watch;
  if (leaveUnparsed !== undefined) return () => leaveUnparsed;
  return presence && (() => presence.allSeen());
}

/** The value at a path through objects; undefined where a member is absent or no object holds it. */
function valueAt(record: unknown, segments: readonly string[]): unknown {
  let value = record;
  for (const name of segments) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    if (!Object.hasOwn(value, name)) return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

/** `matches`, taking in the kinds of each record it tests: what a reader's prefilter rules out. */
export function watched(
  matches: (record: unknown) => boolean,
  kinds: FilterKinds | undefined,
): (record: unknown) => boolean {
  if (kinds === undefined) return matches;
  return (record) => {
    kinds.observeOne(record);
    return matches(record);
  };
}
