import { type DumpShape, DumpSplitter, type OptionNames } from "./dump-reader.ts";
import type { InvalidUtf8Mode } from "./utf8.ts";

/** Options of `readResources`. */
export interface ReadResourcesOptions {
  /** The one member of a top-level object to read; every array member but `_links` without it. */
  readonly resource?: string | undefined;
  /** Bytes that are not UTF-8: a DumpError at the first (default), or read as U+FFFD. */
  readonly invalidUtf8?: InvalidUtf8Mode | undefined;
  readonly optionNames?: OptionNames | undefined;
}

/** A dump read whole: how it holds its records, and its records by resource. */
export interface DumpResources {
  readonly shape: DumpShape;
  /**
   * Each array member of a top-level object read, in input order, with its records (empty
   * arrays included); for an array or NDJSON, one entry named by the `resource` option, or
   * undefined without it.
   */
  readonly resources: readonly (readonly [string | undefined, object[]])[];
}

/**
 * Reads a whole dump into memory through the dump reader, so that its shapes and its errors
 * (DumpError with the byte position) are those of `filterDump` and `qaql filter`: a JSON array
 * of records, NDJSON, or an object whose array members are resources, every one of them read
 * unless `resource` names one.
 */
export async function readResources(
  source: AsyncIterable<Uint8Array>,
  options: ReadResourcesOptions = {},
): Promise<DumpResources> {
  const splitter = new DumpSplitter({ ...options, everyResource: true });
  const records = new Map<string | undefined, object[]>();
  const collect = () => {
    for (let batch = splitter.next(); batch !== undefined; batch = splitter.next()) {
      if (batch.length === 0) continue;
      const name = splitter.resource ?? options.resource;
      const kept = records.get(name);
      // The reader yields only JSON objects from the arrays it reads for records.
      if (kept === undefined) records.set(name, batch as object[]);
      else for (const record of batch) kept.push(record as object);
    }
    splitter.throwPending();
  };
  for await (const chunk of source) {
    splitter.push(chunk);
    collect();
  }
  splitter.end();
  collect();
  const shape = splitter.shape ?? "list-response";
  if (shape === "array" || shape === "ndjson") {
    return { shape, resources: [[options.resource, records.get(options.resource) ?? []]] };
  }
  const names = splitter
    .summary()
    .resources.filter((name) => options.resource === undefined || name === options.resource);
  return { shape, resources: names.map((name) => [name, records.get(name) ?? []] as const) };
}
