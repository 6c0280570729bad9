// `qaql filter --jobs N`: a dump file cut into stretches that worker threads read at once, their
// matches written in the file's order, byte for byte as one job writes them. A stretch's records
// count only where the stretch before it stopped at the byte where it began: otherwise it is read
// again from there. A stretch holding an error hands over to the one-job reader, which reports
// the error exactly where it is, past the matches already written (grammar/language.md 10.6).
import { Worker } from "node:worker_threads";
import { compileProjection } from "../../backends/projection/compile-projection.ts";
import { FieldPresence, SUGGESTION_SAMPLE, type UnseenField } from "../../dump/field-presence.ts";
import { FilterKinds, recordWatch, type TypeChange } from "../../dump/learnt-schema.ts";
import { stringifyJson } from "../../json/stringify-json.ts";
import type { EnginePlan, MatchSource, RecordSource, RenderedBatch } from "../filter-engines.ts";
import {
  type Job,
  type JobSetup,
  LineBuffer,
  prepareJob,
  type RangeResult,
  type RangeTask,
  runRangeTask,
} from "./range-task.ts";

/** How a parallel run is cut: worker threads, and the bytes of a stretch. */
export interface JobsOptions {
  readonly jobs: number;
  readonly stretchBytes: number;
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
const WORKER_DEPTH = 2;

/**
 * Stretches waiting to be read, in order, and the worker threads that take them; this thread
 * takes some too (`steal`) while it waits for the next stretch to write.
 */
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

  /** Queues a stretch to read. */
  run(task: RangeTask): Promise<RangeResult> {
    const promise = new Promise<RangeResult>((resolve, reject) => {
      if (this.#failure !== undefined) return reject(this.#failure);
      this.#queue.push({ task, resolve, reject });
      this.#dispatch();
    });
    // Awaited in order, later: a failure before then is not an unhandled rejection.
    promise.catch(() => {});
    return promise;
  }

  /** Gives the memory of a result's lines, written, back to the worker whose they are. */
  recycle(result: RangeResult): boolean {
    const worker = owners.get(result);
    if (worker === undefined) return false;
    if (!this.#closed) {
      const memory = result.lines.buffer as ArrayBuffer;
      worker.postMessage({ recycle: memory }, [memory]);
    }
    return true;
  }

  /** Takes the first stretch no worker has been sent, for this thread to read. */
  steal(): Pending | undefined {
    return this.#queue.shift();
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
    this.#closed = true;
    await Promise.all(this.#workers.map((worker) => worker.terminate()));
  }
}

/**
 * A worker's young generation, in MB: V8's default lets each thread's garbage of parsed records
 * grow to some 40 MB before it is collected, which two jobs pay twice.
 */
const YOUNG_GENERATION_MB = 16;

/**
 * The matches of a dump file read by `jobs` threads, as output text; `head` holds the first
 * records of the file, watched for the fields they hold, and not kept.
 */
export function parallelMatches(
  input: ParallelInput,
  head: readonly unknown[],
  plan: EnginePlan,
  options: JobsOptions,
): MatchSource {
  const { where, fields, schema, learnt } = plan;
  const watching =
    (schema === undefined || learnt) && (where !== undefined || fields !== undefined);
  const presence = watching ? new FieldPresence(where, fields) : undefined;
  presence?.observe(head);
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
  const headCount = head.length;
  let recordsRead = 0;
  let bytesRead = 0;
  let fallback: RecordSource | undefined;
  let pool: JobPool | undefined;
  let job: Job | undefined;
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
    let skip = delivered;
    for await (const batch of fallback.batches()) {
      const kept = skip >= batch.length ? [] : batch.slice(skip);
      skip = Math.max(skip - batch.length, 0);
      const lines = new LineBuffer();
      for (const record of kept) lines.add(stringifyJson(project ? project(record) : record));
      yield lines.take();
    }
  }

  async function* batches(): AsyncGenerator<RenderedBatch> {
    const { jobs, stretchBytes } = options;
    const count = Math.max(1, Math.ceil(input.size / stretchBytes));
    const bound = (i: number) => Math.min(i * stretchBytes, input.size);
    const ownJob = prepareJob(setup);
    job = ownJob;
    // This thread reads stretches too, so `jobs` threads in all.
    const workers = new JobPool(setup, Math.min(jobs, count) - 1);
    pool = workers;
    // Stretches read ahead of the one written: enough to keep every thread busy, few enough
    // that their matches held in memory stay a few stretches' worth.
    const ahead = 2 * jobs + WORKER_DEPTH;
    const results: (Promise<RangeResult> | undefined)[] = [];
    const settled: boolean[] = [];
    let dispatched = 0;
    let delivered = 0;
    let expected = 0;
    try {
      for (let i = 0; i < count; i++) {
        for (; dispatched < count && dispatched <= i + ahead; dispatched++) {
          const seen = presence?.seenPaths() ?? [];
          const task = { id: dispatched, start: bound(dispatched), end: bound(dispatched + 1) };
          const at = dispatched;
          results[at] = workers.run({ ...task, exact: at === 0, seen });
          const settle = () => {
            settled[at] = true;
          };
          results[at]?.then(settle, settle);
        }
        // While the next stretch to write is read elsewhere, this thread reads the first
        // waiting one, then lets the workers' answers in.
        for (let stolen = workers.steal(); stolen !== undefined; stolen = workers.steal()) {
          stolen.resolve(runRangeTask(ownJob, stolen.task));
          await new Promise((resolve) => setImmediate(resolve));
          if (settled[i]) break;
        }
        let result = await (results[i] as Promise<RangeResult>);
        results[i] = undefined;
        if (result.first !== expected) {
          const seen = presence?.seenPaths() ?? [];
          result = runRangeTask(ownJob, {
            id: i,
            start: expected,
            end: bound(i + 1),
            exact: true,
            seen,
          });
        }
        if (result.failed) {
          yield* readSequentially(delivered);
          return;
        }
        presence?.markSeen(result.seen);
        kinds?.merge(result.kinds);
        recordsRead += result.records;
        bytesRead = Math.max(bytesRead, Math.min(result.stop, input.size));
        expected = result.stop;
        delivered += result.matches;
        yield result;
      }
    } finally {
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
      if (!pool?.recycle(result)) job?.lines.recycle(result.lines.buffer as ArrayBuffer);
    },
    resource: undefined,
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
