import {
  DumpSplitter,
  type DumpSplitterOptions,
  type ReadSummary,
} from "../../src/dump/dump-reader.ts";

/** Records read from one stretch of the input, in input order. */
export interface RecordBatch {
  readonly records: unknown[];
  /** The member of a top-level object the records come from; undefined for an array or NDJSON. */
  readonly resource: string | undefined;
  /** Bytes of input consumed so far, this batch's included. */
  readonly bytesRead: number;
}

/**
 * Reads records from a byte stream through a DumpSplitter: yields a batch of records per
 * input chunk (or per 64 KiB of it), and returns the splitter's summary. Throws its DumpError
 * after yielding the records that precede the error.
 */
export async function* readDump(
  input: AsyncIterable<Uint8Array>,
  options: DumpSplitterOptions = {},
): AsyncGenerator<RecordBatch, ReadSummary> {
  const splitter = new DumpSplitter(options);
  for await (const chunk of input) {
    splitter.push(chunk);
    yield* drain(splitter);
  }
  splitter.end();
  yield* drain(splitter);
  return splitter.summary();
}

/** Yields the batches the splitter can complete from what it holds, then its error if any. */
function* drain(splitter: DumpSplitter): Generator<RecordBatch> {
  for (let records = splitter.next(); records !== undefined; records = splitter.next()) {
    if (records.length > 0) {
      yield { records, resource: splitter.resource, bytesRead: splitter.offset };
    }
  }
  splitter.throwPending();
}
