// grammar/language.md 10.7: a dump without a schema is typed from the records ending in its
// first 4 MiB, and every later record is watched for a value that would type a field otherwise.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { JOBS_TUNING, openMatches } from "../../src/cli/filter-engines.ts";
import { openInput } from "../../src/cli/inputs.ts";
import { filterDump } from "../../src/dump/filter-dump.ts";
import {
  LEARNING_BYTES,
  learnFromHead,
  learntSchema,
  readLearningHead,
  recordWatch,
} from "../../src/dump/learnt-schema.ts";
import { DumpError } from "../../src/errors/dump-error.ts";
import { QueryValidationError } from "../../src/errors/errors.ts";
import { parseWhere } from "../../src/syntax/parse-where.ts";
import { runMain } from "../support/run-main.ts";

const folder = mkdtempSync(join(tmpdir(), "qaql-learning-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** 400 tickets, one every 6 hours from 2024-11-10, their times written with an offset or a Z. */
const tickets = Array.from({ length: 400 }, (_, i) => {
  const at = new Date(Date.UTC(2024, 10, 10) + i * 6 * 3600_000).toISOString();
  return { id: i + 1, createdAt: i % 2 === 0 ? at : at.replace("Z", "+00:00") };
});
const ticketsFile = join(folder, "tickets.ndjson");
writeFileSync(ticketsFile, tickets.map((ticket) => `${JSON.stringify(ticket)}\n`).join(""));
const schemaFile = join(folder, "tickets.schema.json");
writeFileSync(schemaFile, JSON.stringify({ id: "integer", createdAt: "date" }));

const idsOf = (stdout: string) =>
  stdout
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => (JSON.parse(line) as { id: number }).id);

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe("qaql filter without --schema", () => {
  it("refuses a day the learnt date field cannot read, as --schema and qaql serve do", async () => {
    const run = await runMain(["filter", ticketsFile, "--where", "createdAt>=03/01/2024"]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/"createdAt" is a date field: expected a real calendar day/);
  });

  it("compares a learnt date field by calendar day in --time-zone, as with --schema", async () => {
    const args = [
      "--where",
      "createdAt=2024-12-28",
      "--time-zone",
      "Asia/Tokyo",
      "--output",
      "ndjson",
    ];
    const learnt = await runMain(["filter", ticketsFile, ...args]);
    const given = await runMain(["filter", ticketsFile, ...args, "--schema", schemaFile]);
    expect(learnt.status).toBe(0);
    expect(learnt.stderr).toBe("");
    // Tokyo's 28th is 15:00 UTC on the 27th to 15:00 on the 28th: 18:00, 00:00, 06:00, 12:00.
    expect(idsOf(learnt.stdout)).toEqual([192, 193, 194, 195]);
    expect(idsOf(learnt.stdout)).toEqual(idsOf(given.stdout));
  });

  it("reads value by value with --no-infer-schema, and says a day was compared as text", async () => {
    const run = await runMain([
      "filter",
      ticketsFile,
      "--where",
      "createdAt>=2024-12-28",
      "--no-infer-schema",
      "--output",
      "ndjson",
    ]);
    expect(run.status).toBe(0);
    // Texts from "2024-12-28T…" on: the 28th's four and all later.
    expect(idsOf(run.stdout)[0]).toBe(193);
    expect(run.stderr).toMatch(/"createdAt" holds dates as text, compared with a day as text/);
  });
});

describe("a dump whose later records type a field otherwise than its head", () => {
  // Over 4 MiB of date-times, then a text that is no date: qaql serve would type it string.
  const padding = "x".repeat(200);
  const head = Array.from(
    { length: Math.ceil(LEARNING_BYTES / 240) + 10 },
    (_, i) => `{"id":${i},"createdAt":"2024-03-0${(i % 9) + 1}T10:00:00Z","note":"${padding}"}\n`,
  ).join("");
  const tail = '{"id":-1,"createdAt":"n/a","note":"late","later":"2024-01-01"}\n';
  const bytes = new TextEncoder().encode(head + tail);
  const file = join(folder, "late.ndjson");
  writeFileSync(file, bytes);
  const expected = [
    { path: "createdAt", learnt: "date", read: "string" },
    { path: "later", learnt: "any", read: "date" },
  ];

  it("is filtered by the head's types, and filterDump names what the rest typed otherwise", async () => {
    const records = filterDump(chunked(bytes, 65_536), {
      where: "createdAt>=2024-03-09 OR later IS NOT NULL",
    });
    let kept = 0;
    for await (const _ of records) kept++;
    expect(kept).toBeGreaterThan(1000);
    expect(records.learntSchema?.fields.createdAt).toEqual({ kind: "date" });
    // `later` is in no record of the head: it is read value by value, not refused.
    expect(records.learntSchema?.fields.later).toEqual({ kind: "any" });
    expect(records.typeChanges()).toEqual(expected);
  });

  it("is named by qaql filter on stderr, exit 1 with --strict, with one job or two", async () => {
    const args = ["filter", file, "--where", "createdAt>=2024-03-09 OR later IS NOT NULL"];
    const run = await runMain([...args, "--output", "ndjson", "--strict", "--jobs", "1"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/"createdAt" \(--where\) was read as date, .* make it string/);
    expect(run.stderr).toMatch(/"later" \(--where\) was read as any, .* make it date/);
    // Two threads, each a stretch of the file, learn from the same head and watch the rest.
    const plan = {
      where: parseWhere("createdAt>=2024-03-09 OR later IS NOT NULL"),
      fields: undefined,
      schema: undefined,
      timeZone: undefined,
      resource: undefined,
      invalidUtf8: "error" as const,
      trustInput: false,
      jobs: 2,
    };
    const tuning = { ...JOBS_TUNING, minBytes: 1, maxStretchBytes: 1 << 20, headBytes: 1 << 16 };
    const open = () => openInput(file, Readable.from([]));
    const matches = await openMatches("js", file, bytes.length, plan, open, tuning);
    let written = 0;
    for await (const batch of matches.batches()) {
      written += "lines" in batch ? batch.matches : batch.length;
    }
    expect(written).toBe(idsOf(run.stdout).length);
    expect(matches.typeChanges()).toEqual(expected);
  });

  it("is learnt from the same records whatever the chunks", async () => {
    const schemas = [];
    for (const size of [997, 65_536, bytes.length]) {
      const { records } = await readLearningHead(chunked(bytes, size)[Symbol.asyncIterator](), {
        resource: undefined,
        invalidUtf8: undefined,
      });
      const where = parseWhere("id>0");
      schemas.push({
        count: records.length,
        schema: learntSchema(records, where),
        watch: recordWatch(where, undefined, records),
      });
    }
    // The lines that end within the first LEARNING_BYTES.
    let ending = 0;
    let within = 0;
    for (const line of head.split("\n")) {
      ending += line.length + 1;
      if (ending <= LEARNING_BYTES) within++;
    }
    expect(schemas[0]?.count).toBe(within);
    expect(schemas[1]).toEqual(schemas[0]);
    expect(schemas[2]).toEqual(schemas[0]);
    // Learnt as --jobs learns it, its records let go batch by batch, the same schema and watch.
    for (const size of [997, bytes.length]) {
      const options = { resource: undefined, invalidUtf8: undefined };
      const chunks = chunked(bytes, size)[Symbol.asyncIterator]();
      const learnt = await learnFromHead(chunks, options, parseWhere("id>0"), undefined);
      expect(learnt).toEqual({ schema: schemas[0]?.schema, watch: schemas[0]?.watch });
    }
    expect(schemas[0]?.watch).toMatchObject({ kinds: "learnt", leaveUnparsed: true });
  });

  it("refuses, before any record, a filter its head's types refuse", async () => {
    const records = filterDump(chunked(bytes, 65_536), { where: "createdAt=soon" });
    await expect(records[Symbol.asyncIterator]().next()).rejects.toThrow(QueryValidationError);
  });

  it("lets its source go when it stops early: a refused filter, bad bytes past the head", async () => {
    const source = (tail: string) => {
      const watched = { done: false, closed: false };
      async function* chunks(): AsyncGenerator<Uint8Array> {
        try {
          yield* chunked(bytes, 65_536);
          yield new TextEncoder().encode(tail);
          yield new TextEncoder().encode('{"id":-2}\n');
          watched.done = true;
        } finally {
          watched.closed = true;
        }
      }
      return { chunks: chunks(), watched };
    };
    const refused = source("");
    const records = filterDump(refused.chunks, { where: "createdAt=soon" });
    await expect(records[Symbol.asyncIterator]().next()).rejects.toThrow(QueryValidationError);
    expect(refused.watched).toEqual({ done: false, closed: true });
    const damaged = source("{oops}\n");
    await expect(async () => {
      for await (const _ of filterDump(damaged.chunks, { where: "id<0" })) void _;
    }).rejects.toThrow(DumpError);
    expect(damaged.watched).toEqual({ done: false, closed: true });
  });
});
