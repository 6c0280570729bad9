// One stretch of a dump file read by one job of `qaql filter --jobs N`: from the first record
// that starts in the stretch to the first that starts past it, filtered, projected and
// written as text, as the one-job command writes each match. A stretch after the first begins
// at a guess (the first line, or the first "{" after "},"); `parallel-matches.ts` accepts its
// records only where the stretch before it stopped at that very byte (grammar/language.md 10.6).
import { closeSync, openSync, readSync } from "node:fs";
import type { FieldsNode } from "../../ast/fields.ts";
import type { WhereExpression } from "../../ast/where.ts";
import { compilePredicate, type Predicate } from "../../backends/predicate/compile-predicate.ts";
import {
  compileProjection,
  type Projection,
} from "../../backends/projection/compile-projection.ts";
import { compileRawFilter, type RawFilter } from "../../backends/raw/raw-filter.ts";
import { createRecordScanner, DumpSplitter, type Prefilter } from "../../dump/dump-reader.ts";
import { FieldPresence } from "../../dump/field-presence.ts";
import { isJsonSpace } from "../../dump/json-validator.ts";
import { FilterKinds, leavingUnparsed, type RecordWatch } from "../../dump/learnt-schema.ts";
import { filterMembers, recordMembers } from "../../dump/record-members.ts";
import type { RecordScanner } from "../../dump/record-scanner.ts";
import type { InvalidUtf8Mode } from "../../dump/utf8.ts";
import { DumpError } from "../../errors/dump-error.ts";
import { stringifyJson } from "../../json/stringify-json.ts";
import { readSchema, type Schema } from "../../schema/schema.ts";

/** What every job of a run is given once: the file and the command's plan. */
export interface JobSetup {
  readonly path: string;
  readonly where: WhereExpression | undefined;
  readonly fields: FieldsNode | undefined;
  /** The schema, in the JSON form `readSchema` checks (a thread gets a copy, no longer frozen). */
  readonly schema: Schema | undefined;
  readonly timeZone: string | undefined;
  readonly invalidUtf8: InvalidUtf8Mode;
  readonly trustInput: boolean;
  readonly shape: "array" | "ndjson";
  /** The schema was learnt from the head (10.7): fields are watched, and their values' kinds. */
  readonly learnt: boolean;
  /** Without a schema given, how records are watched, as one job watches them. */
  readonly watch: RecordWatch | undefined;
}

/** A stretch to read: input offsets `[start, end)`; `exact` when a record starts at `start`. */
export interface RangeTask {
  readonly id: number;
  readonly start: number;
  readonly end: number;
  readonly exact: boolean;
  /** The watched fields some record already held, so the job may skip records at once. */
  readonly seen: readonly string[];
}

/** What a job found in its stretch. */
export interface RangeResult {
  readonly id: number;
  /** The offset reading began at: `start` when exact, else the first record found after it. */
  readonly first: number;
  /** The offset of the first record at or past `end`, or the input's end: the next stretch's `first`. */
  readonly stop: number;
  /**
   * The matches, projected, as JSON text in UTF-8, each followed by a line break (JSON text
   * holds none): bytes, which move to the writing thread without a copy, and come back to the
   * job's LineBuffer once written.
   */
  readonly lines: Uint8Array;
  /** How many matches `lines` holds. */
  readonly matches: number;
  /** Records read, matching or not. */
  readonly records: number;
  /** The watched fields some record of the stretch held. */
  readonly seen: string[];
  /** The kinds of the filter's values the stretch's records held (`FilterKinds.masks`). */
  readonly kinds: number[];
  /** The stretch holds an error, which the one-job reader then reports with its exact position. */
  readonly failed: boolean;
}

/** A job's compiled plan. */
export interface Job {
  readonly setup: JobSetup;
  readonly matches: Predicate | undefined;
  readonly project: Projection | undefined;
  readonly rawFilter: RawFilter | undefined;
  /** The members of a record the filter and the selection read (`recordMembers`). */
  readonly members: readonly string[] | undefined;
  /** The filter records are tested with on the members it reads, before they are parsed. */
  readonly prefilter: Prefilter | undefined;
  /** The thread's scanner (record-scanner.ts) for all its stretches, where it can run. */
  readonly recordScanner: RecordScanner | undefined;
  /** Whether records are watched for the fields they hold (no schema, or one learnt). */
  readonly watching: boolean;
  /**
   * With a learnt schema, the kinds of the filter's values in the stretch being read: a stretch
   * read from a wrong guess of its first record is thrown away, and what it saw with it.
   */
  readonly kinds: { current: FilterKinds | undefined };
  /** The two buffers a thread reads its stretches into, one stretch after the other. */
  readonly buffers: readonly Uint8Array[];
  /** Where a thread writes a stretch's matches, one stretch after the other. */
  readonly lines: LineBuffer;
}

/** Compiles a job's plan once, for all its stretches. */
export function prepareJob(setup: JobSetup): Job {
  const { where, fields, timeZone } = setup;
  const schema = setup.schema && readSchema(setup.schema);
  const rawFilter = where && compileRawFilter(where, schema);
  const members = recordMembers(where, fields);
  const matches = where && compilePredicate(where, { schema, timeZone });
  const kinds: Job["kinds"] = { current: undefined };
  const prefilter = where &&
    matches && { members: filterMembers(where), matches: watchedBy(matches, kinds) };
  return {
    setup,
    matches,
    project: fields && compileProjection(fields),
    rawFilter,
    members,
    prefilter,
    recordScanner: createRecordScanner({ rawFilter, members, prefilter }),
    watching:
      (schema === undefined || setup.learnt) && (where !== undefined || fields !== undefined),
    kinds,
    buffers: [new Uint8Array(PIECE_BYTES), new Uint8Array(PIECE_BYTES)],
    lines: new LineBuffer(),
  };
}

// Small enough that a piece, the window it joins and the scanner's copy of it stay in the
// processor's cache: with 1 MiB pieces, a thread read the file at half the speed.
const PIECE_BYTES = 1 << 16;

/**
 * Reads the file from an offset on, a piece at a time, into two buffers in turn: a splitter
 * holds at most the piece it was last given, so the other is free to be read into.
 */
class PieceReader {
  readonly #fd: number;
  #offset: number;
  readonly #buffers: readonly Uint8Array[];
  #turn = 0;

  constructor(fd: number, offset: number, buffers: readonly Uint8Array[]) {
    this.#fd = fd;
    this.#offset = offset;
    this.#buffers = buffers;
  }

  get offset(): number {
    return this.#offset;
  }

  /** The next piece, empty at the end of the file; valid until the call after next. */
  next(): Uint8Array {
    const piece = this.#buffers[this.#turn] as Uint8Array;
    this.#turn ^= 1;
    const read = readSync(this.#fd, piece, 0, PIECE_BYTES, this.#offset);
    this.#offset += read;
    return piece.subarray(0, read);
  }
}

/** How far back from a stretch's start a guess looks for the "}," before a record's "{". */
const LOOK_BACK = 4096;

/** The first non-space byte of the first line that starts at or after `start` (> 0). */
function guessFirstLine(fd: number, start: number, buffers: readonly Uint8Array[]): number {
  const reader = new PieceReader(fd, start - 1, buffers);
  let lineFound = false;
  for (let bytes = reader.next(); bytes.length > 0; bytes = reader.next()) {
    let i = 0;
    if (!lineFound) {
      const nl = bytes.indexOf(0x0a);
      if (nl === -1) continue;
      lineFound = true;
      i = nl + 1;
    }
    while (i < bytes.length && isJsonSpace(bytes[i] ?? 0)) i++;
    if (i < bytes.length) return reader.offset - bytes.length + i;
  }
  return reader.offset;
}

/** The first "{" at or after `start` that follows a "}" and a ",", white space between. */
function guessFirstElement(fd: number, start: number, buffers: readonly Uint8Array[]): number {
  const from = Math.max(0, start - LOOK_BACK);
  const reader = new PieceReader(fd, from, buffers);
  let bytes = reader.next();
  let searchFrom = start - from;
  while (bytes.length > 0) {
    const base = reader.offset - bytes.length;
    for (let at = bytes.indexOf(0x7b, searchFrom); at !== -1; at = bytes.indexOf(0x7b, at + 1)) {
      if (followsCloseAndComma(bytes, at)) return base + at;
    }
    const piece = reader.next();
    if (piece.length === 0) break;
    // The last bytes searched stay, for the look back of a "{" early in the next piece.
    const kept = bytes.subarray(Math.max(bytes.length - LOOK_BACK, 0));
    const joined = new Uint8Array(kept.length + piece.length);
    joined.set(kept);
    joined.set(piece, kept.length);
    searchFrom = kept.length;
    bytes = joined;
  }
  return reader.offset;
}

/** Whether the "{" at `at` follows a "," that follows a "}", white space aside. */
function followsCloseAndComma(bytes: Uint8Array, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && isJsonSpace(bytes[i] ?? 0)) i--;
  if (i < 0 || bytes[i] !== 0x2c) return false;
  i--;
  while (i >= 0 && isJsonSpace(bytes[i] ?? 0)) i--;
  return i >= 0 && bytes[i] === 0x7d;
}

const encoder = new TextEncoder();

/**
 * Spare buffers a LineBuffer keeps for the next stretches: about as many of a job's stretches as
 * the read-ahead lets wait to be written (JOBS_TUNING); more were kept and never used again.
 */
const SPARE_BUFFERS = 2;

/**
 * Texts as UTF-8 lines in one growing buffer, handed over whole (`take`) and given back once
 * written (`recycle`): each text's string dies young, and no stretch allocates a buffer of its
 * own, which cost the broad filter some 80 MB of peak RSS in freed buffers the allocator kept.
 */
export class LineBuffer {
  #bytes: Uint8Array = new Uint8Array(1 << 16);
  #length = 0;
  readonly #spare: Uint8Array[] = [];
  count = 0;

  add(text: string): void {
    // A UTF-16 unit takes at most 3 bytes in UTF-8 (a pair, 4 for 2 units).
    const needed = this.#length + 3 * text.length + 1;
    if (needed > this.#bytes.length) {
      const grown = new Uint8Array(Math.max(needed, 2 * this.#bytes.length));
      grown.set(this.#bytes.subarray(0, this.#length));
      this.#bytes = grown;
    }
    this.#length += encoder.encodeInto(text, this.#bytes.subarray(this.#length)).written;
    this.#bytes[this.#length++] = 0x0a;
    this.count++;
  }

  /** Hands over the lines added, in this buffer's own memory, and starts again in a spare one. */
  take(): { readonly matches: number; readonly lines: Uint8Array } {
    const taken = { matches: this.count, lines: this.#bytes.subarray(0, this.#length) };
    this.#bytes = this.#spare.pop() ?? new Uint8Array(1 << 16);
    this.#length = 0;
    this.count = 0;
    return taken;
  }

  /** Takes back the memory of lines handed over, once nothing reads them any more. */
  recycle(memory: ArrayBuffer): void {
    if (this.#spare.length < SPARE_BUFFERS && memory.byteLength >= 1 << 16) {
      this.#spare.push(new Uint8Array(memory));
    }
  }
}

/** Reads one stretch of the file. */
export function runRangeTask(job: Job, task: RangeTask): RangeResult {
  const { setup, matches, project, rawFilter, members, prefilter, recordScanner } = job;
  const fd = openSync(setup.path, "r");
  try {
    const guess = setup.shape === "ndjson" ? guessFirstLine : guessFirstElement;
    const first = task.exact ? task.start : guess(fd, task.start, job.buffers);
    // No record starts in the stretch: the next one starts where this one would stop.
    if (first >= task.end) {
      return {
        id: task.id,
        first,
        stop: first,
        lines: new Uint8Array(0),
        matches: 0,
        records: 0,
        seen: [],
        kinds: [],
        failed: false,
      };
    }
    const presence = job.watching ? new FieldPresence(setup.where, setup.fields) : undefined;
    const { where, watch } = setup;
    const kinds =
      where && watch?.kinds ? new FilterKinds(where, watch.kinds === "dateTexts") : undefined;
    job.kinds.current = kinds;
    presence?.markSeen(task.seen);
    const splitter = new DumpSplitter({
      invalidUtf8: setup.invalidUtf8,
      rawFilter,
      mayLeaveUnparsed: watch ? leavingUnparsed(watch, presence) : undefined,
      trustSkipped: setup.trustInput,
      members,
      prefilter,
      recordScanner,
      startAt: first === 0 ? undefined : { offset: first, shape: setup.shape },
      stopAt: task.end,
    });
    const lines = job.lines;
    const reader = new PieceReader(fd, first, job.buffers);
    let failed = false;
    while (splitter.stoppedAt === undefined) {
      const piece = reader.next();
      if (piece.length === 0) splitter.end();
      else splitter.push(piece);
      for (let records = splitter.next(); records !== undefined; records = splitter.next()) {
        presence?.observe(records);
        kinds?.observe(records);
        for (const record of records) {
          if (matches && !matches(record)) continue;
          lines.add(stringifyJson(project ? project(record) : record));
        }
      }
      try {
        splitter.throwPending();
      } catch (error) {
        if (!(error instanceof DumpError)) throw error;
        failed = true;
        break;
      }
      if (piece.length === 0) break;
    }
    return {
      id: task.id,
      first,
      stop: splitter.stoppedAt ?? reader.offset,
      ...lines.take(),
      records: splitter.recordsRead,
      seen: presence?.seenPaths() ?? [],
      kinds: kinds?.masks() ?? [],
      failed,
    };
  } finally {
    closeSync(fd);
  }
}

/** `matches`, taking in the kinds of each record it tests into the stretch's own (`Job.kinds`). */
function watchedBy(
  matches: (record: unknown) => boolean,
  kinds: Job["kinds"],
): (record: unknown) => boolean {
  return (record) => {
    kinds.current?.observeOne(record);
    return matches(record);
  };
}
