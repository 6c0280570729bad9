import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { fieldsArbitrary } from "../../../src/arbitraries/index.ts";
import { compileProjection } from "../../../src/backends/projection/compile-projection.ts";
import { type EnginePlan, openMatches } from "../../../src/cli/filter-engines.ts";
import { openInput } from "../../../src/cli/inputs.ts";
import { parseWhere, schemas } from "../../../src/index.ts";
import type { Schema } from "../../../src/schema/schema.ts";
import { generatedDumpArbitrary } from "../../support/generated-dump.ts";
import { runs } from "../../support/runs.ts";

// `--jobs N` changes nothing a reader of the output sees (issue 32 §2, §4): on generated records
// spelt every way JSON allows, as NDJSON or an array, cut into stretches of a few bytes to a few
// hundred, with a byte damaged or not, 2 to 4 jobs write the bytes, the count, the unseen fields
// and the error of one job.

const scratch = mkdtempSync(join(tmpdir(), "qaql-jobs-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let written = 0;
const decoder = new TextDecoder();

interface Outcome {
  readonly lines: string[];
  readonly recordsRead: number | undefined;
  readonly unseen: unknown;
  readonly changes: unknown;
  readonly dates: unknown;
  readonly error: string | undefined;
}

async function run(
  file: string,
  size: number,
  plan: EnginePlan,
  stretchBytes: number,
  headBytes: number,
  readAheadBytes: number,
): Promise<Outcome> {
  const project = plan.fields && compileProjection(plan.fields);
  const open = () => openInput(file, Readable.from([]));
  const tuning = { minBytes: 0, maxStretchBytes: stretchBytes, headBytes, readAheadBytes };
  const lines: string[] = [];
  let error: string | undefined;
  let source: Awaited<ReturnType<typeof openMatches>> | undefined;
  try {
    // A filter the schema learnt from the head refuses fails here with several jobs, or on reading.
    source = await openMatches("js", file, size, plan, open, tuning);
    for await (const batch of source.batches()) {
      if ("lines" in batch) {
        const text = decoder.decode(batch.lines);
        if (batch.matches > 0) lines.push(...text.slice(0, -1).split("\n"));
        expect(text.split("\n").length - 1).toBe(batch.matches);
      } else {
        for (const record of batch) lines.push(JSON.stringify(project ? project(record) : record));
      }
    }
  } catch (caught) {
    const { code, message } = caught as { code: string; message: string };
    error = `${code}: ${message}`;
  }
  if (error !== undefined || source === undefined) {
    return { lines, recordsRead: undefined, unseen: [], changes: [], dates: [], error };
  }
  const { recordsRead } = source;
  return {
    lines,
    recordsRead,
    unseen: source.unseenFields(),
    changes: source.typeChanges(),
    dates: source.datesReadAsText(),
    error,
  };
}

// A pretty array spreads a record over lines, nested objects after "},": wrong guesses.
const dumpArbitrary = (schema: Schema | undefined) =>
  fc
    .record({
      dump: generatedDumpArbitrary(schema, { maxRecords: 40, damageFreq: 2, pretty: true }),
      fields: fc.option(fieldsArbitrary(schema), { freq: 2 }),
      jobs: fc.integer({ min: 2, max: 4 }),
      stretchBytes: fc.integer({ min: 1, max: 400 }),
      // From less than a stretch, where only the stretch written next is read, to many.
      readAheadBytes: fc.integer({ min: 1, max: 4000 }),
      // The head tells the shape; an error in it is left to one job, so it is kept short.
      headBytes: fc.integer({ min: 1, max: 300 }),
    })
    .map(({ dump, fields, ...drawn }) => ({ ...dump, ...drawn, fields: fields ?? undefined }));

/**
 * Tickets whose `createdAt` holds date-times with and without offsets, days, and texts that are
 * none, filtered on it with a day and on a status whose bytes rule records out (10.5).
 */
const datedArbitrary = fc.record({
  records: fc.array(
    fc.record(
      {
        id: fc.nat(),
        status: fc.constantFrom("OPEN", "CLOSED", "NEW"),
        createdAt: fc.oneof(
          fc.constantFrom("2024-03-01T10:00:00Z", "2024-02-29T23:30:00-05:00", "2024-03-02"),
          fc.constantFrom("n/a", "soon", null),
        ),
      },
      { requiredKeys: ["id"] },
    ),
    { minLength: 2, maxLength: 40 },
  ),
  where: fc
    .tuple(
      fc.constantFrom("=", ">=", "<", "!="),
      fc.constantFrom("2024-03-01", "2024-03-02"),
      fc.constantFrom("", " AND status=OPEN", " OR status IN (NEW,CLOSED)"),
    )
    .map(([operator, day, rest]) => parseWhere(`createdAt${operator}${day}${rest}`)),
  pretty: fc.boolean(),
  inferSchema: fc.boolean(),
  timeZone: fc.constantFrom("UTC", "Asia/Tokyo", "America/New_York"),
  jobs: fc.integer({ min: 2, max: 4 }),
  stretchBytes: fc.integer({ min: 1, max: 300 }),
  headBytes: fc.integer({ min: 1, max: 300 }),
  readAheadBytes: fc.integer({ min: 1, max: 4000 }),
});

describe("qaql filter --jobs", () => {
  for (const [name, schema, inferSchema] of [
    ["without a schema", undefined, true],
    ["without a schema, none learnt", undefined, false],
    ["with the artefact schema", schemas.artefact, true],
  ] as const) {
    it(`writes what one job writes, ${name}`, async () => {
      let matchedSome = 0;
      let failed = 0;
      await fc.assert(
        fc.asyncProperty(dumpArbitrary(schema), async (drawn) => {
          const file = join(scratch, `dump-${written++}.json`);
          writeFileSync(file, drawn.bytes);
          const plan: EnginePlan = {
            where: drawn.where,
            fields: drawn.fields,
            schema,
            timeZone: undefined,
            resource: undefined,
            invalidUtf8: "error",
            trustInput: false,
            jobs: 1,
            inferSchema,
          };
          const size = drawn.bytes.length;
          const { stretchBytes, headBytes, readAheadBytes } = drawn;
          const one = await run(file, size, plan, stretchBytes, headBytes, readAheadBytes);
          const many = await run(
            file,
            size,
            { ...plan, jobs: drawn.jobs },
            stretchBytes,
            headBytes,
            readAheadBytes,
          );
          expect(many).toEqual(one);
          if (one.lines.length > 0) matchedSome++;
          if (one.error !== undefined) failed++;
          rmSync(file);
        }),
        { numRuns: runs(40) },
      );
      // The property was about something: matches were written, and errors reported.
      expect(matchedSome).toBeGreaterThan(8);
      expect(failed).toBeGreaterThan(4);
    }, 120_000);
  }

  it("names the same fields read otherwise than learnt, or dates read as texts", async () => {
    let named = 0;
    await fc.assert(
      fc.asyncProperty(datedArbitrary, async (drawn) => {
        const file = join(scratch, `dated-${written++}.json`);
        const text = drawn.pretty
          ? JSON.stringify(drawn.records, null, 1)
          : drawn.records.map((record) => `${JSON.stringify(record)}\n`).join("");
        writeFileSync(file, text);
        const plan: EnginePlan = {
          where: drawn.where,
          fields: undefined,
          schema: undefined,
          timeZone: drawn.timeZone,
          resource: undefined,
          invalidUtf8: "error",
          trustInput: false,
          jobs: 1,
          inferSchema: drawn.inferSchema,
        };
        const size = Buffer.byteLength(text);
        const { stretchBytes, headBytes, readAheadBytes } = drawn;
        const one = await run(file, size, plan, stretchBytes, headBytes, readAheadBytes);
        const many = await run(
          file,
          size,
          { ...plan, jobs: drawn.jobs },
          stretchBytes,
          headBytes,
          readAheadBytes,
        );
        expect(many).toEqual(one);
        if ((one.dates as unknown[]).length + (one.changes as unknown[]).length > 0) named++;
        rmSync(file);
      }),
      { numRuns: runs(30) },
    );
    // Fields were named: date texts without a schema learnt, or types the head did not give.
    expect(named).toBeGreaterThan(3);
  }, 120_000);

  it("gathers the kinds of a field from every record, the head's too, with one job or several", async () => {
    // The head gives "a" an object and a boolean; the record with the boolean is ruled out by
    // its bytes (no `""`) when read again, by a worker: no type changed, with any --jobs.
    const records = [
      { a: { a: "" } },
      { b: 0 },
      { c: 1 },
      {},
      { d: { e: [1, { f: null }] }, a: false },
    ];
    const file = join(scratch, `head-kinds-${written++}.json`);
    writeFileSync(file, JSON.stringify(records, null, 1));
    const size = JSON.stringify(records, null, 1).length;
    const where = parseWhere('a.a=""');
    const plan: EnginePlan = {
      where,
      fields: undefined,
      schema: undefined,
      timeZone: undefined,
      resource: undefined,
      invalidUtf8: "error",
      trustInput: false,
      jobs: 1,
    };
    for (const jobs of [1, 2, 3]) {
      const outcome = await run(file, size, { ...plan, jobs }, 400, 40, 4000);
      expect(outcome).toMatchObject({ lines: ['{"a":{"a":""}}'], recordsRead: 5, changes: [] });
    }
  });

  it("leaves stdin and a dump object to one job, which yields records, not rendered lines", async () => {
    const plan: EnginePlan = {
      where: undefined,
      fields: undefined,
      schema: undefined,
      timeZone: undefined,
      resource: undefined,
      invalidUtf8: "error",
      trustInput: false,
      jobs: 4,
    };
    const tuning = { minBytes: 0, maxStretchBytes: 8, headBytes: 1 << 16, readAheadBytes: 64 };
    const firstBatch = async (file: string | undefined, text: string) => {
      const path = join(scratch, `${file ?? "stdin"}-${written++}.json`);
      writeFileSync(path, text);
      const open = () =>
        openInput(file === undefined ? "-" : path, Readable.from([new TextEncoder().encode(text)]));
      const source = await openMatches("js", file && path, text.length, plan, open, tuning);
      for await (const batch of source.batches()) {
        if ("lines" in batch ? batch.matches > 0 : batch.length > 0) return batch;
      }
      return undefined;
    };
    const records = '[{"a":1},{"a":2},{"a":3}]';
    expect(await firstBatch(undefined, records)).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
    const object = `{"items":${records},"_links":{}}`;
    expect(await firstBatch("object.json", object)).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
    // The same array in a file of its own is read by the jobs, as lines.
    expect(await firstBatch("array.json", records)).toMatchObject({ matches: 1, first: 1 });
  });
});
