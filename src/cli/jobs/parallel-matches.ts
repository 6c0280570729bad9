// `qaql filter --jobs N`: a dump file cut into stretches that worker threads read at once, their
// matches written in the file's order, byte for byte as one job writes them. A stretch's records
// count only where the stretch before it stopped at the byte where it began: otherwise it is read
// again from there. A stretch holding an error hands over to the one-job reader, which reports
// the error exactly where it is, past the matches already written (grammar/language.md 10.6).
import { Worker } from "node:worker_threads";
import type { FieldsNode } from "../../ast/fields.ts";
import type { WhereExpression } from "../../ast/where.ts";
import { compileProjection } from "../../backends/projection/compile-projection.ts";
import { FieldPresence, SUGGESTION_SAMPLE, type UnseenField } from "../../dump/field-presence.ts";
import { FilterKinds, recordWatch, type TypeChange } from "../../dump/learnt-schema.ts";
import { stringifyJson } from "../../json/stringify-json.ts";
import type { EnginePlan, MatchSource, RecordSource, RenderedBatch } from "../filter-engines.ts";
import { type JobSetup, LineBuffer, type RangeResult, type RangeTask } from "./range-task.ts";

/** How a parallel run is cut: worker threads, the bytes of a stretch, and of the read-ahead. */
export interface JobsOptions {
  readonly jobs: number;
  readonly stretchBytes: number;
  /**
   * The output held for writing in order, and that expected of the stretches being read (their
   * size each), past which no further stretch is read: the stretch written next always is.
   */
  readonly readAheadBytes: number;
}

/** What a parallel run reads: the file, its size and shape. */
export interface ParallelInput {
  readonly path: string;
  readonly size: number;
  readonly shape: "array" | "ndjson";
  /** The first `count` records of the file, for the suggestions of fields no record held. */
  readonly firstRecords: (count: number) => Promise<readonly unknown[]>;
  /** The one-job reader of the whole file, for a stretch that holds an error. */
  readonly sequential: () => Promise<RecordSource>;
}

// The worker is the bundled file beside the command's, or the source file when run from source.
const WORKER_URL = import.meta.url.endsWith(".ts")
  ? new URL("./filter-worker.ts", import.meta.url)
  : new URL("./filter-worker.js", import.meta.url);

interface Pending {
  readonly task: RangeTask;
  readonly resolve: (result: RangeResult) => void;
  readonly reject: (error: unknown) => void;
}

/** The worker whose LineBuffer a result's lines come from; none: this thread's. */
const owners = new WeakMap<RangeResult, Worker>();

/** Stretches a worker is sent before it answers the first: it need not wait for this thread. */
export const WORKER_DEPTH = 2;

/** Stretches waiting to be read, in order, and the worker threads that take them. */
class JobPool {
  readonly #workers: Worker[] = [];
  readonly #sent = new Map<Worker, Pending[]>();
  readonly #queue: Pending[] = [];
  #failure: unknown;
  #closed = false;

  constructor(setup: JobSetup, workers: number) {
    for (let i = 0; i < workers; i++) {
      const worker = new Worker(WORKER_URL, {
        workerData: setup,
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      });
      const sent: Pending[] = [];
      worker.on("message", (result: RangeResult) => {
        owners.set(result, worker);
        sent.shift()?.resolve(result);
        this.#dispatch();
      });
      worker.on("error", (error) => this.#fail(error));
      worker.on("exit", (code) => {
        if (sent.length > 0 && !this.#closed) {
          this.#fail(new Error(`a filter job exited with ${code}`));
        }
      });
      this.#workers.push(worker);
      this.#sent.set(worker, sent);
    }
  }

  /** Queues a stretch to read; `first`, ahead of those queued (one the writing waits for). */
  run(task: RangeTask, first = false): Promise<RangeResult> {
    const promise = new Promise<RangeResult>((resolve, reject) => {
      if (this.#failure !== undefined) return reject(this.#failure);
      const pending = { task, resolve, reject };
      if (first) this.#queue.unshift(pending);
      else this.#queue.push(pending);
      this.#dispatch();
    });
    // Awaited in order, later: a failure before then is not an unhandled rejection.
    promise.catch(() => {});
    return promise;
  }

  /** Gives the memory of a result's lines, written or dropped, back to the worker whose they are. */
  recycle(result: RangeResult): boolean {
    const worker = owners.get(result);
    if (worker === undefined) return false;
    if (!this.#closed) {
      const memory = result.lines.buffer as ArrayBuffer;
      worker.postMessage({ recycle: memory }, [memory]);
    }
    return true;
  }

  #dispatch(): void {
    for (const worker of this.#workers) {
      const sent = this.#sent.get(worker) as Pending[];
      while (sent.length < WORKER_DEPTH && this.#queue.length > 0) {
        const pending = this.#queue.shift() as Pending;
        sent.push(pending);
        worker.postMessage(pending.task);
      }
    }
  }

  #fail(error: unknown): void {
    this.#failure ??= error;
    const sent = [...this.#sent.values()].flat();
    for (const pending of [...sent, ...this.#queue]) pending.reject(error);
    for (const list of this.#sent.values()) list.length = 0;
    this.#queue.length = 0;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.all(this.#workers.map((worker) => worker.terminate()));
  }
}

/**
 * A worker's young generation, in MB: V8's default lets each thread's garbage of parsed records
 * grow to some 40 MB before it is collected, which every job pays; 8 costs no time over 16, and
 * each job 5-10 MB less.
 */
const YOUNG_GENERATION_MB = 8;

/** The matches of a parallel run, and what of their output this thread holds at the moment. */
export interface ParallelMatchSource extends MatchSource {
  /** Bytes of rendered matches received from the jobs and not written yet. */
  readonly heldBytes: number;
  /** Stretches sent to the jobs and not back yet. */
  readonly stretchesReading: number;
}

/**
 * What this thread watches in the records it reads itself, the head of the file, which it does
 * not keep: the fields they hold, without a schema given.
 */
export class HeadWatch {
  readonly presence: FieldPresence | undefined;
  /** The records observed. */
  count = 0;

  constructor(where: WhereExpression | undefined, fields: FieldsNode | undefined, watch: boolean) {
    const watched = where !== undefined || fields !== undefined;
    this.presence = watch && watched ? new FieldPresence(where, fields) : undefined;
  }

  observe(records: readonly unknown[]): void {
    this.presence?.observe(records);
    this.count += records.length;
  }
}

/**
 * The matches of a dump file read by `jobs` worker threads, as output text; `head` holds what
 * this thread saw of the file's first records.
 */
export function parallelMatches(
  input: ParallelInput,
  head: HeadWatch,
  plan: EnginePlan,
  options: JobsOptions,
): ParallelMatchSource {
  const { where, fields, schema, learnt } = plan;
  const { presence } = head;
  const headCount = head.count;
  // Not from `head`: every record is watched as one job watches it, in its stretch (10.7).
  const watch = learnt
    ? plan.watch
    : schema === undefined
      ? recordWatch(where, fields, undefined)
      : undefined;
  presence?.markSeen(watch?.headSeen ?? []);
  const kinds =
    where && watch?.kinds ? new FilterKinds(where, watch.kinds === "dateTexts") : undefined;
  kinds?.merge(watch?.headKinds ?? []);
  let recordsRead = 0;
  let bytesRead = 0;
  let heldBytes = 0;
  let reading = 0;
  let fallback: RecordSource | undefined;
  let fallbackLines: LineBuffer | undefined;
  let pool: JobPool | undefined;
  const setup: JobSetup = {
    path: input.path,
    where,
    fields,
    schema,
    timeZone: plan.timeZone,
    invalidUtf8: plan.invalidUtf8,
    trustInput: plan.trustInput,
    shape: input.shape,
    learnt: learnt === true,
    watch,
  };

  /** The one-job reader from the top, past the `delivered` matches already written. */
  async function* readSequentially(delivered: number): AsyncGenerator<RenderedBatch> {
    fallback = await input.sequential();
    const project = fields && compileProjection(fields);
    const lines = new LineBuffer();
    fallbackLines = lines;
    let skip = delivered;
    for await (const batch of fallback.batches()) {
      const kept = skip >= batch.length ? [] : batch.slice(skip);
      skip = Math.max(skip - batch.length, 0);
      for (const record of kept) lines.add(stringifyJson(project ? project(record) : record));
      yield lines.take();
    }
  }

  async function* batches(): AsyncGenerator<RenderedBatch> {
    const { jobs, stretchBytes, readAheadBytes } = options;
    const count = Math.max(1, Math.ceil(input.size / stretchBytes));
    const bound = (i: number) => Math.min(i * stretchBytes, input.size);
    // Every thread but this one reads: this one only writes, so its heap holds no records.
    const workers = new JobPool(setup, Math.min(jobs, count));
    pool = workers;
    const results: (Promise<RangeResult> | undefined)[] = [];
    let dispatched = 0;
    let writing = 0;
    let stopped = false;
    let delivered = 0;
    let expected = 0;

    const read = (task: RangeTask, first = false): Promise<RangeResult> => {
      reading++;
      const result = workers.run(task, first);
      result.then(
        (done) => {
          reading--;
          heldBytes += done.lines.byteLength;
          fill();
        },
        () => reading--,
      );
      return result;
    };
    // A stretch is read ahead of the one written only while the output held, and that expected
    // of the stretches being read (about their size), fit the budget: a slow writer stops them.
    const fill = () => {
      while (
        !stopped &&
        dispatched < count &&
        (dispatched <= writing || heldBytes + (reading + 1) * stretchBytes <= readAheadBytes)
      ) {
        const at = dispatched++;
        const seen = presence?.seenPaths() ?? [];
        const task = { id: at, start: bound(at), end: bound(at + 1), exact: at === 0, seen };
        results[at] = read(task);
      }
    };
    /** Lets go of a result whose lines are not written. */
    const drop = (result: RangeResult) => {
      heldBytes -= result.lines.byteLength;
      workers.recycle(result);
    };
    try {
      for (; writing < count; writing++) {
        fill();
        let result = await (results[writing] as Promise<RangeResult>);
        results[writing] = undefined;
        if (result.first !== expected) {
          drop(result);
          const seen = presence?.seenPaths() ?? [];
          const task = { id: writing, start: expected, end: bound(writing + 1), exact: true, seen };
          result = await read(task, true);
        }
        if (result.failed) {
          drop(result);
          stopped = true;
          await workers.close();
          yield* readSequentially(delivered);
          return;
        }
        presence?.markSeen(result.seen);
        kinds?.merge(result.kinds);
        recordsRead += result.records;
        bytesRead = Math.max(bytesRead, Math.min(result.stop, input.size));
        expected = result.stop;
        delivered += result.matches;
        // Measured now: once written, the lines' memory moves back to their worker.
        const size = result.lines.byteLength;
        yield result;
        // The writer asks for the next batch once this one is written.
        heldBytes -= size;
      }
    } finally {
      stopped = true;
      await workers.close();
    }
    if (presence !== undefined && !presence.allSeen() && headCount < SUGGESTION_SAMPLE) {
      presence.learnFrom((await input.firstRecords(SUGGESTION_SAMPLE)).slice(headCount));
    }
  }

  return {
    engine: "js",
    batches,
    release(batch) {
      const result = batch as RangeResult;
      if (!pool?.recycle(result)) fallbackLines?.recycle(result.lines.buffer as ArrayBuffer);
    },
    resource: undefined,
    get heldBytes() {
      return heldBytes;
    },
    get stretchesReading() {
      return reading;
    },
    get recordsRead() {
      return fallback ? fallback.recordsRead : recordsRead;
    },
    get bytesRead() {
      return fallback ? fallback.bytesRead : bytesRead;
    },
    unseenFields: (): UnseenField[] =>
      fallback ? fallback.unseenFields() : (presence?.unseen() ?? []),
    typeChanges: (): TypeChange[] => {
      if (fallback) return fallback.typeChanges();
      return kinds && learnt && schema ? kinds.changes(schema) : [];
    },
    datesReadAsText: (): string[] => {
      if (fallback) return fallback.datesReadAsText();
      return kinds && !learnt && where ? kinds.datesReadAsText(where) : [];
    },
  };
}
