// The engines of `qaql filter`: JavaScript (filterDump over the bytes) and DuckDB (its own JSON
// reader and the filter as SQL), chosen by `--engine js|duckdb|auto`. Both give the same
// records in the same order; DuckDB hands over to JavaScript wherever it cannot read the dump.
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { compileWhere } from "../api/compile-where.ts";
import { readWhereInput } from "../api/read-input.ts";
import type { FieldsNode } from "../ast/fields.ts";
import type { WhereExpression } from "../ast/where.ts";
import type { Predicate } from "../backends/predicate/compile-predicate.ts";
import { findUntypedPredicate } from "../backends/sql/compile-sql.ts";
import { type DumpShape, DumpSplitter } from "../dump/dump-reader.ts";
import type { UnseenField } from "../dump/field-presence.ts";
import { type DumpRecord, openDump } from "../dump/filter-dump.ts";
import { learnFromHead, type RecordWatch, type TypeChange } from "../dump/learnt-schema.ts";
import type { InvalidUtf8Mode } from "../dump/utf8.ts";
import type { Schema } from "../schema/schema.ts";
import {
  type DuckDbApi,
  type DuckDbFormat,
  DuckDbGaveUp,
  duckDbMatches,
  loadDuckDb,
} from "./duckdb-filter.ts";
import { CliError, UsageError } from "./failure.ts";
import { CLI_OPTION_NAMES, type Input } from "./inputs.ts";
import { HeadWatch, parallelMatches, WORKER_DEPTH } from "./jobs/parallel-matches.ts";

export const ENGINES = ["js", "duckdb", "auto"] as const;
export type EngineChoice = (typeof ENGINES)[number];

/**
 * `auto` leaves a file smaller than this to JavaScript: below it DuckDB's start-up (some 0.3 s)
 * outweighs its faster reading. bench/duckdb.bench.ts puts the break-even near 135 MB for NDJSON
 * and 260 MB for an array, with a selective filter.
 */
export const DUCKDB_MIN_BYTES = 256 * 1024 * 1024;

/**
 * `auto` leaves to JavaScript a filter that keeps more than this share of the head's records:
 * every match crosses from DuckDB as text and is parsed again, so DuckDB loses from about a
 * quarter of the records on (bench/duckdb.bench.ts: 1.7x faster at 6%, 0.55x at 100%).
 */
export const DUCKDB_MAX_MATCHING = 0.1;

/** How far the head of a file is read to tell its shape: the NDJSON probe's limit and a little. */
const HEAD_BYTES = 4 * 1024 * 1024 + 65536;

/**
 * How `--jobs` cuts a file: the smallest file worth the threads, a stretch's bytes, the head
 * read first for its shape (HEAD_BYTES), and the read-ahead (`JobsOptions.readAheadBytes`).
 */
export interface JobsTuning {
  readonly minBytes: number;
  readonly maxStretchBytes: number;
  readonly headBytes: number;
  readonly readAheadBytes: number;
}

/**
 * A file smaller than `minBytes` is read by one job: the threads and the read of the head cost some
 * 0.1 s, which a file gains back from about 70 MB on (`npm run bench -- duckdb`);
 * a stretch is an eighth of a job's share, at most `maxStretchBytes`, so that the jobs end
 * together; the output held for writing in order, with that of the stretches being read, stays
 * under `readAheadBytes` whatever the filter keeps (bench/README.md, `stream-small`: peak RSS).
 */
export const JOBS_TUNING: JobsTuning = {
  minBytes: 64 * 1024 * 1024,
  maxStretchBytes: 4 << 20,
  headBytes: HEAD_BYTES,
  readAheadBytes: 16 << 20,
};

/**
 * A stretch's bytes: an eighth of a job's share, at most `maxStretchBytes`, and small enough that
 * every job may read two (`WORKER_DEPTH`) with as many more held, within the read-ahead.
 */
export function stretchBytesFor(size: number, jobs: number, tuning: JobsTuning): number {
  const window = 2 * jobs + WORKER_DEPTH + 1;
  const share = Math.ceil(size / (jobs * 8));
  return Math.max(
    1,
    Math.min(tuning.maxStretchBytes, share, Math.floor(tuning.readAheadBytes / window)),
  );
}

/** What the engines need of `qaql filter`'s plan. */
export interface EnginePlan {
  readonly where: WhereExpression | undefined;
  /** The filter as written, read again against a schema learnt from the dump (10.7). */
  readonly whereText?: string | undefined;
  /** The selection, applied by the command itself, watched for fields no record holds. */
  readonly fields: FieldsNode | undefined;
  readonly schema: Schema | undefined;
  readonly timeZone: string | undefined;
  readonly resource: string | undefined;
  readonly invalidUtf8: InvalidUtf8Mode;
  /** `--trust-input`: records that cannot match are skipped unchecked. */
  readonly trustInput: boolean;
  /** `--jobs`: the worker threads that read a large array or NDJSON file at once. */
  readonly jobs: number;
  /** Without `--schema`, learn one from the dump's head (grammar/language.md 10.7); `--no-infer-schema` not. */
  readonly inferSchema?: boolean | undefined;
  /** Whether `schema` was learnt from the head rather than given. */
  readonly learnt?: boolean | undefined;
  /** With a schema learnt, how its records are watched, from the head it was learnt from. */
  readonly watch?: RecordWatch | undefined;
}

/**
 * Matches projected and written already: JSON text in UTF-8, each followed by a line break
 * (JSON text holds none).
 */
export interface RenderedBatch {
  readonly matches: number;
  readonly lines: Uint8Array;
}

/**
 * The matching records of a dump, a batch at a time, and how far reading has come: the records
 * unprojected, or their output text, projected already (`--jobs`, whose threads write it).
 */
export interface MatchSource {
  readonly engine: "js" | "duckdb";
  batches(): AsyncIterable<readonly DumpRecord[] | RenderedBatch>;
  /** Takes back the memory of a rendered batch once written: nothing may read it after. */
  release?(batch: RenderedBatch): void;
  /** The member of a top-level object the records come from, once known. */
  readonly resource: string | undefined;
  /** Records and bytes read so far; undefined while DuckDB reads, which does not say. */
  readonly recordsRead: number | undefined;
  readonly bytesRead: number | undefined;
  /** The fields no record read held, once read (grammar/language.md 10.4); none when DuckDB read. */
  unseenFields(): UnseenField[];
  /** The filter's fields the records typed otherwise than the head did (10.7), once read. */
  typeChanges(): TypeChange[];
  /** Without a learnt schema, the fields compared with a day whose values were date texts. */
  datesReadAsText(): string[];
}

/** A source of records, unprojected: the one-job JavaScript engine's. */
export interface RecordSource extends MatchSource {
  batches(): AsyncIterable<readonly DumpRecord[]>;
}

/** What the head of a dump file shows: its shape and the records that lie whole in it. */
export interface DumpHead {
  /** "bad" when the head of an array or NDJSON holds an error, which JavaScript then reports. */
  readonly shape: DumpShape | "bad" | undefined;
  readonly records: readonly unknown[];
}

/**
 * Reads up to `headBytes` of a dump file (HEAD_BYTES unless given), or further until it holds
 * `minRecords`: its shape, and its first records, for `auto`'s sample and `--jobs`; given
 * `observe`, each batch of records goes to it instead of being kept.
 */
export async function readHead(
  path: string,
  resource: string | undefined,
  minRecords = 0,
  headBytes = HEAD_BYTES,
  observe?: (records: readonly unknown[]) => void,
): Promise<DumpHead> {
  const splitter = new DumpSplitter({ resource });
  const records: unknown[] = [];
  let count = 0;
  const handle = await open(path, "r");
  try {
    const chunk = new Uint8Array(Math.min(65536, Math.max(headBytes, 1)));
    for (let read = 0; read < headBytes || count < minRecords; ) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, read);
      if (bytesRead === 0) splitter.end();
      else splitter.push(chunk.slice(0, bytesRead));
      read += bytesRead;
      try {
        for (let batch = splitter.next(); batch !== undefined; batch = splitter.next()) {
          if (observe === undefined) records.push(...batch);
          else observe(batch);
          count += batch.length;
        }
        splitter.throwPending();
      } catch {
        // An object's error is the JavaScript engine's to report, as DuckDB does not read it.
        const shape = splitter.shape;
        const bad = shape === undefined || shape === "array" || shape === "ndjson";
        return { shape: bad ? "bad" : shape, records };
      }
      const shape = splitter.shape;
      if (bytesRead === 0 || (shape !== undefined && shape !== "array" && shape !== "ndjson")) {
        return { shape, records };
      }
    }
    return { shape: splitter.shape, records };
  } finally {
    await handle.close();
  }
}

/** Why DuckDB cannot take this run, or the format it reads the file in. */
async function duckDbFit(
  path: string | undefined,
  plan: EnginePlan,
  duckdb: DuckDbApi | undefined,
): Promise<
  { format: DuckDbFormat; head: readonly unknown[] } | { reason: string; usage: boolean } | "bad"
> {
  if (path === undefined) return { reason: "DuckDB reads files, not stdin", usage: true };
  if (plan.where === undefined) return { reason: "it needs --where", usage: true };
  if (plan.schema === undefined) {
    return { reason: "it needs --schema: SQL must know each field's type", usage: true };
  }
  const untyped = findUntypedPredicate(plan.where, plan.schema);
  if (untyped !== undefined) {
    const reason = `the schema gives "${untyped.field}" the type any: SQL must know its type`;
    return { reason, usage: true };
  }
  if (duckdb === undefined) {
    return {
      reason: "@duckdb/node-api is not installed: npm install @duckdb/node-api",
      usage: false,
    };
  }
  const { shape, records } = await readHead(path, plan.resource);
  if (shape === "bad") return shape;
  if (shape === "array") return { format: "array", head: records };
  if (shape === "ndjson") return { format: "newline_delimited", head: records };
  return {
    reason: "DuckDB reads a JSON array or NDJSON; this input is neither (use --engine js)",
    usage: false,
  };
}

/**
 * Chooses the engine: `js`; `duckdb`, or an error saying why it cannot; `auto`, DuckDB when it
 * is installed and can take the run, the file is at least DUCKDB_MIN_BYTES and the filter keeps
 * at most DUCKDB_MAX_MATCHING of the records in its head, and `--jobs` is 1; else JavaScript.
 * A file whose head is not a dump goes to JavaScript either way, which reports where.
 */
export async function openMatches(
  choice: EngineChoice,
  path: string | undefined,
  /** The file's size; undefined for stdin, and for a file that cannot be read. */
  size: number | undefined,
  plan: EnginePlan,
  openInput: () => Promise<Input>,
  tuning: JobsTuning = JOBS_TUNING,
): Promise<MatchSource> {
  const js = () => jsEngine(path, size, plan, openInput, tuning);
  const small = size === undefined || size < DUCKDB_MIN_BYTES;
  if (choice === "js" || (choice === "auto" && small)) return js();
  // A file that cannot be read is reported by the JavaScript engine's opening of it.
  if (path !== undefined && size === undefined) return js();
  const duckdb = await loadDuckDb();
  const fit = await duckDbFit(path, plan, duckdb);
  if (fit === "bad") return js();
  if ("reason" in fit) {
    if (choice === "auto") return js();
    const message = `--engine duckdb: ${fit.reason}`;
    throw fit.usage ? new UsageError(message, "filter") : new CliError(message);
  }
  const where = plan.where as WhereExpression;
  const matches = compileWhere(where, { schema: plan.schema, timeZone: plan.timeZone });
  if (choice === "auto" && !selective(fit.head, matches)) return js();
  // Two threads beat DuckDB's on either shape (bench/duckdb.bench.ts, 1.1 GB: 1.5 s against
  // 3.0 s for a selective filter on NDJSON, 1.0 s against 2.0 s for a rare one).
  if (choice === "auto" && plan.jobs > 1) return js();
  const run = { duckdb: duckdb as DuckDbApi, path: path as string, format: fit.format, matches };
  return duckDbSource(run, plan, openInput);
}

/** Whether the filter keeps at most DUCKDB_MAX_MATCHING of the head's records (some must be there). */
function selective(head: readonly unknown[], matches: Predicate): boolean {
  if (head.length === 0) return false;
  let kept = 0;
  for (const record of head) if (matches(record)) kept++;
  return kept <= head.length * DUCKDB_MAX_MATCHING;
}

/**
 * The JavaScript engine: `plan.jobs` worker threads for an array or NDJSON file of at least
 * `tuning.minBytes`, else one reader in this thread.
 */
async function jsEngine(
  path: string | undefined,
  size: number | undefined,
  plan: EnginePlan,
  openInput: () => Promise<Input>,
  tuning: JobsTuning,
): Promise<MatchSource> {
  const sequential = async () => jsMatches(await openInput(), plan);
  if (plan.jobs < 2 || path === undefined || size === undefined || size < tuning.minBytes) {
    return sequential();
  }
  // The head's records serve only to watch the fields a schema does not give; they are let go
  // batch by batch, so that this thread's young generation does not grow to hold them.
  const headBytes =
    plan.schema === undefined ? tuning.headBytes : Math.min(tuning.headBytes, 1 << 18);
  const watch = new HeadWatch(plan.where, plan.fields, plan.schema === undefined);
  const observe = (records: readonly unknown[]) => watch.observe(records);
  const { shape } = await readHead(path, plan.resource, 0, headBytes, observe);
  if (shape !== "array" && shape !== "ndjson") return sequential();
  const planned = learnsSchema(plan) ? await withLearntSchema(path, plan) : plan;
  const firstRecords = async (count: number) =>
    (await readHead(path, plan.resource, count)).records;
  const input = { path, size, shape, firstRecords, sequential };
  const { jobs } = plan;
  const options = { jobs, stretchBytes: stretchBytesFor(size, jobs, tuning), ...tuning };
  return parallelMatches(input, watch, planned, options);
}

/** Whether a schema is learnt from the dump's head: no schema given, a filter, no `--no-infer-schema`. */
function learnsSchema(plan: EnginePlan): boolean {
  return plan.schema === undefined && plan.where !== undefined && plan.inferSchema !== false;
}

/**
 * The plan with a schema learnt from the file's head, as `filterDump` learns it from a stream
 * (grammar/language.md 10.7), the filter read again against it.
 */
async function withLearntSchema(path: string, plan: EnginePlan): Promise<EnginePlan> {
  const where = plan.where as WhereExpression;
  const stream = createReadStream(path);
  try {
    const options = { resource: plan.resource, invalidUtf8: plan.invalidUtf8 };
    const chunks = stream[Symbol.asyncIterator]();
    const { schema, watch } = await learnFromHead(chunks, options, where, plan.fields);
    readWhereInput("filter", plan.whereText ?? where, {}, schema);
    return { ...plan, schema, learnt: true, watch };
  } finally {
    stream.destroy();
  }
}

function jsMatches(input: Input, plan: EnginePlan): RecordSource {
  const { where, fields, schema, timeZone, resource, invalidUtf8, trustInput } = plan;
  const inferSchema = plan.inferSchema;
  const filter = plan.whereText ?? where;
  const options = {
    where: filter,
    schema,
    timeZone,
    resource,
    invalidUtf8,
    trustInput,
    inferSchema,
  };
  const records = openDump("filter", input.bytes, options, CLI_OPTION_NAMES, fields);
  return {
    engine: "js",
    batches: () => records.batches(),
    unseenFields: () => records.unseenFields(),
    typeChanges: () => records.typeChanges(),
    datesReadAsText: () => records.datesReadAsText(),
    get resource() {
      return records.resource;
    },
    get recordsRead() {
      return records.recordsRead;
    },
    get bytesRead() {
      return records.bytesRead;
    },
  };
}

/** What a DuckDB run reads: the package, the file, its format, and the filter in JavaScript. */
interface DuckDbRun {
  readonly duckdb: DuckDbApi;
  readonly path: string;
  readonly format: DuckDbFormat;
  readonly matches: Predicate;
}

function duckDbSource(
  run: DuckDbRun,
  plan: EnginePlan,
  openInput: () => Promise<Input>,
): MatchSource {
  let fallback: RecordSource | undefined;
  const source: MatchSource = {
    engine: "duckdb",
    async *batches() {
      const { duckdb, path, format, matches } = run;
      const where = plan.where as WhereExpression;
      const schema = plan.schema as Schema;
      let delivered = 0;
      try {
        const batches = duckDbMatches(duckdb, path, format, where, schema, plan.timeZone, matches);
        for await (const batch of batches) {
          delivered += batch.length;
          yield batch;
        }
        return;
      } catch (error) {
        if (!(error instanceof DuckDbGaveUp)) throw error;
      }
      // JavaScript reads the dump from the start, past the matches already delivered, and
      // reports the bad bytes exactly where they are.
      fallback = jsMatches(await openInput(), { ...plan, jobs: 1 });
      let skip = delivered;
      for await (const batch of fallback.batches()) {
        if (skip >= batch.length) {
          skip -= batch.length;
          yield [];
        } else {
          yield skip > 0 ? batch.slice(skip) : batch;
          skip = 0;
        }
      }
    },
    unseenFields: () => fallback?.unseenFields() ?? [],
    typeChanges: () => fallback?.typeChanges() ?? [],
    datesReadAsText: () => fallback?.datesReadAsText() ?? [],
    get resource() {
      return fallback?.resource;
    },
    get recordsRead() {
      return fallback?.recordsRead;
    },
    get bytesRead() {
      return fallback?.bytesRead;
    },
  };
  return source;
}
