// One measurement of bench/stream.bench.ts, run in a process of its own so that its peak RSS is
// the measured code's: `node stream-child.ts <case> <reader> <file> [chunk bytes]` prints one
// JSON line.

import { once } from "node:events";
import { createReadStream, createWriteStream, readFileSync, statSync } from "node:fs";
import type { Readable } from "node:stream";
import { JSONParser } from "@streamparser/json";
import { parser } from "stream-json";
import { pick } from "stream-json/filters/pick.js";
import { streamArray } from "stream-json/streamers/stream-array.js";
import { filterDump } from "../src/dump/filter-dump.ts";
import { compileFields, compileWhere, type Schema, schemas } from "../src/index.ts";
import { readDump } from "../test/support/read-dump.ts";

/** What the filter case runs: the command line's pipeline, as `qaql filter` would. */
export const FILTER = {
  resource: "artefacts",
  where: "type.id=FILE AND rank>=2",
  fields: "id,name,path,rank,measures",
} as const;

/** The chunk size files are read with, unless the command line gives one. */
export const DEFAULT_CHUNK_BYTES = 1 << 20;
let chunkBytes = DEFAULT_CHUNK_BYTES;

/** One child's report. */
export interface ChildResult {
  readonly bytes: number;
  readonly seconds: number;
  readonly records: number;
  readonly matched: number;
  /** Peak resident set size of the child, in megabytes. */
  readonly peakRssMB: number;
}

/** The readers compared: each calls `onRecord` for every artefact of the dump, in order. */
type Reader = (
  file: string,
  onRecords: (records: readonly unknown[]) => Promise<void>,
) => Promise<void>;

const READERS: Readonly<Record<string, Reader>> = {
  async qaql(file, onRecords) {
    const input = createReadStream(file, { highWaterMark: chunkBytes });
    for await (const batch of readDump(input, { resource: FILTER.resource })) {
      await onRecords(batch.records);
    }
  },

  async "stream-json"(file, onRecords) {
    const tokens = createReadStream(file, { highWaterMark: chunkBytes })
      .pipe(parser.asStream())
      .pipe(pick.asStream({ filter: FILTER.resource }))
      .pipe(streamArray.asStream()) as Readable;
    for await (const item of tokens) await onRecords([(item as { value: unknown }).value]);
  },

  async "@streamparser/json"(file, onRecords) {
    const json = new JSONParser({ paths: [`$.${FILTER.resource}.*`], keepStack: false });
    let batch: unknown[] = [];
    json.onValue = ({ value }) => {
      batch.push(value);
    };
    for await (const chunk of createReadStream(file, { highWaterMark: chunkBytes })) {
      json.write(chunk as Uint8Array);
      const records = batch;
      batch = [];
      await onRecords(records);
    }
    if (!json.isEnded) json.end();
    await onRecords(batch);
  },

  // The floor of any reader in JavaScript: the file's lines as records, no checks at all.
  async lines(file, onRecords) {
    let carry = "";
    let inResource = false;
    const opening = `"${FILTER.resource}":[`;
    for await (const chunk of createReadStream(file, { highWaterMark: chunkBytes })) {
      const text = carry + (chunk as Buffer).toString("utf8");
      const lines = text.split("\n");
      carry = lines.pop() ?? "";
      const records: unknown[] = [];
      for (const line of lines) {
        if (!line.startsWith("{")) {
          inResource = line.endsWith(opening);
        } else if (inResource) {
          records.push(JSON.parse(line.endsWith(",") ? line.slice(0, -1) : line));
        }
      }
      await onRecords(records);
    }
  },
};

async function count(
  file: string,
  reader: Reader,
): Promise<Omit<ChildResult, "bytes" | "seconds" | "peakRssMB">> {
  let records = 0;
  await reader(file, async (batch) => {
    records += batch.length;
  });
  return { records, matched: 0 };
}

async function filter(
  file: string,
  reader: Reader,
): Promise<Omit<ChildResult, "bytes" | "seconds" | "peakRssMB">> {
  // The records are parsed JSON, of no static type: the predicate takes any record.
  const matches = compileWhere(FILTER.where, { schema: schemas.artefact as Schema });
  const project = compileFields(FILTER.fields);
  const out = createWriteStream("/dev/null");
  let records = 0;
  let matched = 0;
  let text = "";
  await reader(file, async (batch) => {
    records += batch.length;
    for (const record of batch) {
      if (!matches(record)) continue;
      matched++;
      text += `${JSON.stringify(project(record))}\n`;
    }
    // Written as the command line does: a batch at a time, waiting when the stream says so.
    if (text.length >= 1 << 16) {
      if (!out.write(text)) await once(out, "drain");
      text = "";
    }
  });
  out.end(text);
  await once(out, "finish");
  return { records, matched };
}

/** The filter case through the library's own entry point, `filterDump`, as `qaql filter` runs it. */
async function filterThroughLibrary(
  file: string,
  withUnseenField: boolean,
): Promise<Omit<ChildResult, "bytes" | "seconds" | "peakRssMB">> {
  const input = createReadStream(file, { highWaterMark: chunkBytes });
  // A name no record holds selects nothing more, but is looked for in every record.
  const fields = withUnseenField ? `${FILTER.fields},nmae` : FILTER.fields;
  // No schema: the records themselves tell which fields they hold.
  const matches = filterDump(input, { ...FILTER, fields });
  const out = createWriteStream("/dev/null");
  let matched = 0;
  let text = "";
  for await (const batch of matches.batches()) {
    matched += batch.length;
    for (const record of batch) text += `${JSON.stringify(record)}\n`;
    if (text.length >= 1 << 16) {
      if (!out.write(text)) await once(out, "drain");
      text = "";
    }
  }
  out.end(text);
  await once(out, "finish");
  const unseen = matches.unseenFields().map((field) => field.path);
  if (unseen.join() !== (withUnseenField ? "nmae" : "")) {
    throw new Error(`unexpected fields reported unseen: ${unseen.join(", ")}`);
  }
  return { records: matches.recordsRead, matched };
}

function parseWhole(file: string): Omit<ChildResult, "bytes" | "seconds" | "peakRssMB"> {
  const dump = JSON.parse(readFileSync(file).toString("utf8")) as Record<string, unknown[]>;
  return { records: dump[FILTER.resource]?.length ?? 0, matched: 0 };
}

async function main(): Promise<void> {
  const [what, readerName, file, chunk] = process.argv.slice(2);
  if (file === undefined || readerName === undefined) {
    throw new Error(
      "usage: stream-child.ts json-parse|read|filter|filterDump <reader|unseen> <file> [chunk bytes]",
    );
  }
  if (chunk !== undefined) chunkBytes = Number(chunk);
  const reader = READERS[readerName];
  if (what !== "json-parse" && what !== "filterDump" && reader === undefined)
    throw new Error(`unknown reader ${readerName}`);
  const start = performance.now();
  const result =
    what === "json-parse"
      ? parseWhole(file)
      : what === "filterDump"
        ? await filterThroughLibrary(file, readerName === "unseen")
        : what === "read"
          ? await count(file, reader as Reader)
          : await filter(file, reader as Reader);
  const seconds = (performance.now() - start) / 1000;
  const report: ChildResult = {
    bytes: statSync(file).size,
    seconds,
    ...result,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
  };
  console.log(JSON.stringify(report));
}

// Only when run as the child (bundled or not), not when the parent imports FILTER.
if (/stream-child\.m?[jt]s$/.test(process.argv[1] ?? "")) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  });
}
