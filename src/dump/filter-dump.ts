import type { FieldsInput } from "../api/compile-fields.ts";
import { readCompileOptions } from "../api/compile-options.ts";
import { asFieldsNode, readFieldsInput, readWhereInput } from "../api/read-input.ts";
import type { FieldsNode } from "../ast/fields.ts";
import type { WhereExpression } from "../ast/where.ts";
import { calendarOf } from "../backends/predicate/calendar.ts";
import {
  type CodeGeneration,
  compilePredicate,
  type Predicate,
} from "../backends/predicate/compile-predicate.ts";
import { compileProjection, type Projection } from "../backends/projection/compile-projection.ts";
import { compileRawFilter } from "../backends/raw/raw-filter.ts";
import type { ParseLimits } from "../base/limits.ts";
import {
  checkOptionNames,
  optionNamesOf,
  readChoiceOption,
  readOptions,
  readStringOption,
  type SchemaOption,
} from "../check/read-options.ts";
import { describeFound, InvalidOptionError } from "../errors/invalid-input.ts";
import type { Schema } from "../schema/schema.ts";
import { chunksOf, type DumpSource } from "./byte-source.ts";
import { type DumpShape, DumpSplitter, type OptionNames } from "./dump-reader.ts";
import { FieldPresence, type UnseenField } from "./field-presence.ts";
import {
  FilterKinds,
  learntSchema,
  leavingUnparsed,
  readLearningHead,
  recordWatch,
  replayed,
  type TypeChange,
  watched,
} from "./learnt-schema.ts";
import { filterMembers, recordMembers } from "./record-members.ts";
import { INVALID_UTF8_MODES, type InvalidUtf8Mode } from "./utf8.ts";

/** A record of a dump: a JSON object, as JSON.parse builds it. */
export type DumpRecord = Record<string, unknown>;

/** Options of `filterDump`. */
export interface FilterDumpOptions extends ParseLimits {
  /** The filter, as text or AST; every record without it. */
  readonly where?: string | WhereExpression | undefined;
  /** The selection, as text, AST or tree; whole records without it. */
  readonly fields?: FieldsInput | undefined;
  /**
   * The field types; without one, those of the filter's fields are learnt from the dump's head
   * (`inferSchema`, grammar/language.md 10.7), or each value gives its own with `inferSchema: false`.
   */
  readonly schema?: SchemaOption | undefined;
  /** The IANA zone in which dates are calendar days (2.5); UTC unless set. */
  readonly timeZone?: string | undefined;
  /** The member of a top-level object whose array holds the records (grammar/language.md 10.1). */
  readonly resource?: string | undefined;
  /** Bytes that are not UTF-8: a DumpError at the first (the default), or read as U+FFFD. */
  readonly invalidUtf8?: InvalidUtf8Mode | undefined;
  /** As `compileWhere`'s: whether the predicate is generated code or closures. */
  readonly codeGeneration?: CodeGeneration | undefined;
  /**
   * The dump is known to be well-formed: a record whose bytes show it cannot match is skipped
   * without checking that it is JSON and UTF-8 (grammar/language.md 10.5). Faster; a malformed
   * record among those goes unreported. `false` unless set.
   */
  readonly trustInput?: boolean | undefined;
  /**
   * Without a schema, learn one from the dump's head for the filter's fields, as `qaql serve`
   * learns one from the whole dump (grammar/language.md 10.7): a date field then compares by
   * calendar day in `timeZone`. `false` reads each value by its own kind (2.3). `true` unless set.
   */
  readonly inferSchema?: boolean | undefined;
}

const OPTION_NAMES = optionNamesOf<FilterDumpOptions>({
  where: true,
  fields: true,
  schema: true,
  timeZone: true,
  resource: true,
  invalidUtf8: true,
  codeGeneration: true,
  trustInput: true,
  inferSchema: true,
  maxLength: true,
  maxDepth: true,
});

/** One reading of a dump's records: the reader, and what is done with what it finds. */
interface DumpPass {
  readonly splitter: DumpSplitter;
  readonly matches: Predicate | undefined;
  readonly project: Projection | undefined;
  readonly presence: FieldPresence | undefined;
  /** Without a schema given: what the filter's fields held, and the schema learnt, if any. */
  readonly kinds: FilterKinds | undefined;
  readonly learnt: Schema | undefined;
}

/** What learning a schema from a dump's head needs: its reader's options, and the pass to make. */
interface Learning {
  readonly resource: string | undefined;
  readonly invalidUtf8: InvalidUtf8Mode | undefined;
  readonly pass: (head: readonly unknown[]) => DumpPass;
}

/**
 * The matching records of a dump, projected, in input order: iterate it once with `for await`,
 * record by record, or through `batches()`, an array per stretch of input. What the reader
 * has found so far (`resource`, `shape`, `bytesRead`, `recordsRead`) can be read at any time.
 */
export class DumpRecords implements AsyncIterable<DumpRecord> {
  readonly #source: AsyncIterable<Uint8Array>;
  #pass: DumpPass | undefined;
  readonly #learning: Learning | undefined;
  readonly #where: WhereExpression | undefined;
  #started = false;

  /** @internal Built by `filterDump`, which checks the options first. */
  constructor(
    source: AsyncIterable<Uint8Array>,
    pass: DumpPass | Learning,
    where: WhereExpression | undefined,
  ) {
    this.#source = source;
    this.#where = where;
    if ("splitter" in pass) this.#pass = pass;
    else this.#learning = pass;
  }

  /** The member of a top-level object the records come from, once known; else undefined. */
  get resource(): string | undefined {
    return this.#pass?.splitter.resource;
  }

  /** How the dump holds its records, once its first bytes have been read. */
  get shape(): DumpShape | undefined {
    return this.#pass?.splitter.shape;
  }

  /** Bytes of the dump read so far. */
  get bytesRead(): number {
    return this.#pass?.splitter.offset ?? 0;
  }

  /** Records read so far, matching or not. */
  get recordsRead(): number {
    return this.#pass?.splitter.recordsRead ?? 0;
  }

  /**
   * The fields of the filter and the selection that no record read so far held, each with the
   * field the records do hold that it most likely stands for (`typ.id`: `type.id`): read once
   * the records are, a mistyped name rather than a filter that matched nothing. Empty with a
   * schema, which refused unknown fields before a byte was read.
   */
  unseenFields(): UnseenField[] {
    return this.#pass?.presence?.unseen() ?? [];
  }

  /**
   * The schema learnt from the dump's head for the filter (grammar/language.md 10.7), once the
   * head is read; undefined with a schema given, without a filter, or with `inferSchema: false`.
   */
  get learntSchema(): Schema | undefined {
    return this.#pass?.learnt;
  }

  /**
   * The filter's fields that the records read type otherwise than the head did (a date field
   * with a later value that is no date): the answer may then differ from one read with the
   * schema of the whole dump. Empty with a schema given or `inferSchema: false`.
   */
  typeChanges(): TypeChange[] {
    const pass = this.#pass;
    return pass?.kinds && pass.learnt ? pass.kinds.changes(pass.learnt) : [];
  }

  /**
   * With `inferSchema: false`, the filter's fields compared with a day whose values were date
   * texts, which were then compared as texts (grammar/language.md 2.5), not by calendar day.
   */
  datesReadAsText(): string[] {
    const pass = this.#pass;
    if (!pass?.kinds || pass.learnt || this.#where === undefined) return [];
    return pass.kinds.datesReadAsText(this.#where);
  }

  /**
   * The matching records, projected, as one array per stretch of input that holds records
   * (about 64 KiB): empty when none of them matches, so a progress display can follow the
   * reading. Throws DumpError at bad bytes, after the records before them.
   */
  async *batches(): AsyncGenerator<DumpRecord[], void, undefined> {
    if (this.#started) throw new Error("filterDump: its records can be read only once");
    this.#started = true;
    let chunks: AsyncIterable<Uint8Array> = this.#source;
    const learning = this.#learning;
    if (learning !== undefined) {
      const rest = this.#source[Symbol.asyncIterator]();
      try {
        const head = await readLearningHead(rest, learning);
        this.#pass = learning.pass(head.records);
        chunks = { [Symbol.asyncIterator]: () => replayed(head, rest) };
      } catch (error) {
        // A filter the head's types refuse: the source is let go, as a loop left early lets it go.
        await rest.return?.();
        throw error;
      }
    }
    const splitter = (this.#pass as DumpPass).splitter;
    for await (const chunk of chunks) {
      splitter.push(chunk);
      yield* this.#drain();
    }
    splitter.end();
    yield* this.#drain();
  }

  /** The matching records one by one, as `batches` reads them; the records can be read only once. */
  async *[Symbol.asyncIterator](): AsyncGenerator<DumpRecord, void, undefined> {
    for await (const batch of this.batches()) yield* batch;
  }

  *#drain(): Generator<DumpRecord[]> {
    const { splitter, matches, project, presence, kinds } = this.#pass as DumpPass;
    let counted = splitter.recordsRead;
    for (let records = splitter.next(); records !== undefined; records = splitter.next()) {
      presence?.observe(records);
      kinds?.observe(records);
      let kept = records as DumpRecord[];
      if (matches) kept = kept.filter((record) => matches(record));
      if (project) kept = kept.map((record) => project(record) as DumpRecord);
      // A stretch whose records were all left unparsed still holds records: an empty batch.
      if (splitter.recordsRead !== counted) yield kept;
      counted = splitter.recordsRead;
    }
    splitter.throwPending();
  }
}

/**
 * Filters a dump as it streams in (grammar/language.md 10): `source` holds a JSON array of
 * records, an object whose array member `resource` names (a list response or a dump of
 * several resources), or NDJSON; the shape is detected. Returns the matching records,
 * projected by `fields`, as an async iterable; memory is bounded by the largest record.
 * Everything is checked before a byte is read: throws as `compileWhere` and `compileFields`
 * do, and `TypeError` for a source that is not one; a filter's fields checked against a schema
 * learnt from the head (10.7) throw at the first read, before any record; reading throws
 * `DumpError` at the byte where the dump goes wrong.
 */
export function filterDump(source: DumpSource, options?: FilterDumpOptions): DumpRecords {
  return openDump("filterDump", source, options);
}

/**
 * `filterDump` for a caller of its own, whose messages name the options by `optionNames`, and
 * which may watch a selection it applies itself (`watchedFields`) for `unseenFields`.
 */
export function openDump(
  caller: string,
  source: unknown,
  options: unknown,
  optionNames?: OptionNames,
  watchedFields?: FieldsNode,
): DumpRecords {
  const given = readOptions<FilterDumpOptions>(caller, options);
  checkOptionNames(caller, given, OPTION_NAMES);
  const { schema, timeZone, codeGeneration, limits } = readCompileOptions(caller, given);
  // A mistyped zone is reported even when no filter needs it.
  if (timeZone !== undefined) calendarOf(timeZone);
  const resource = readStringOption(caller, "resource", given.resource);
  const trustInput = readFlag(caller, "trustInput", given.trustInput);
  const inferSchema = readFlag(caller, "inferSchema", given.inferSchema) ?? true;
  const invalidUtf8 = readChoiceOption(
    caller,
    "invalidUtf8",
    given.invalidUtf8,
    INVALID_UTF8_MODES,
  );
  // Without a schema, the text is checked for its syntax now, for its fields once learnt.
  const where =
    given.where === undefined ? undefined : readWhereInput(caller, given.where, limits, schema);
  const fields =
    given.fields === undefined ? undefined : readFieldsInput(caller, given.fields, limits, schema);
  const project = fields === undefined ? undefined : compileProjection(fields);
  const selection = watchedFields ?? (fields && asFieldsNode(fields));
  const passOf = (passSchema: Schema | undefined, head?: readonly unknown[]): DumpPass => {
    const learnt = head !== undefined;
    // The text read again against the learnt schema, for an error that points into it.
    if (learnt) readWhereInput(caller, given.where, limits, passSchema);
    const matches =
      where === undefined
        ? undefined
        : compilePredicate(where, { schema: passSchema, timeZone, codeGeneration });
    // A schema given has refused unknown fields already; without one, only the records can tell.
    const presence =
      (schema === undefined && (where !== undefined || selection)) || learnt
        ? new FieldPresence(where, selection)
        : undefined;
    const watch = schema === undefined ? recordWatch(where, selection, head) : undefined;
    const kinds =
      where !== undefined && watch?.kinds !== undefined
        ? new FilterKinds(where, watch.kinds === "dateTexts")
        : undefined;
    presence?.markSeen(watch?.headSeen ?? []);
    kinds?.merge(watch?.headKinds ?? []);
    // Records that cannot match are left unparsed once no watched field is still to be seen.
    const rawFilter = where === undefined ? undefined : compileRawFilter(where, passSchema);
    const mayLeaveUnparsed = watch && leavingUnparsed(watch, presence);
    // A record the reader rules out on the filter's members alone still shows their kinds.
    const prefilterMatches = matches && watched(matches, kinds);
    const splitter = new DumpSplitter({
      resource,
      invalidUtf8,
      optionNames,
      rawFilter,
      mayLeaveUnparsed,
      trustSkipped: trustInput === true,
      // What is read of a record: the filter's fields and the selection, this one's or the caller's.
      members: recordMembers(where, fields ?? watchedFields),
      prefilter: where &&
        prefilterMatches && { members: filterMembers(where), matches: prefilterMatches },
    });
    const learntSchema = learnt ? passSchema : undefined;
    return { splitter, matches, project, presence, kinds, learnt: learntSchema };
  };
  const chunks = chunksOf(caller, source);
  if (schema !== undefined || where === undefined || !inferSchema) {
    return new DumpRecords(chunks, passOf(schema), where);
  }
  const pass = (head: readonly unknown[]) => passOf(learntSchema(head, where), head);
  return new DumpRecords(chunks, { resource, invalidUtf8, pass }, where);
}

/** A boolean option: true, false, or unset. */
function readFlag(caller: string, name: string, value: unknown): boolean | undefined {
  if (value !== undefined && typeof value !== "boolean") {
    throw new InvalidOptionError(
      caller,
      name,
      `expected true or false; found ${describeFound(value)}`,
    );
  }
  return value;
}
