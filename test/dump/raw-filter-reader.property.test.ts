import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldsArbitrary } from "../../src/arbitraries/index.ts";
import { compilePredicate } from "../../src/backends/predicate/compile-predicate.ts";
import { compileProjection } from "../../src/backends/projection/compile-projection.ts";
import { compileRawFilter } from "../../src/backends/raw/raw-filter.ts";
import type { DumpSplitterOptions } from "../../src/dump/dump-reader.ts";
import { filterDump } from "../../src/dump/index.ts";
import { filterMembers, recordMembers } from "../../src/dump/record-members.ts";
import { parseFields, parseWhere, schemas } from "../../src/index.ts";
import type { Schema } from "../../src/schema/schema.ts";
import { generatedDumpArbitrary } from "../support/generated-dump.ts";
import { readDump } from "../support/read-dump.ts";
import { runs } from "../support/runs.ts";

// Leaving records unparsed changes nothing a reader of the dump sees (issue 32 §1, §4): on
// generated records spelt every way JSON allows, as NDJSON or an array, in random chunks, with a
// byte damaged or not, the records that match, their bytes, the count read and the error are
// those of the reader that parses every record.

const encoder = new TextEncoder();

interface Outcome {
  readonly matched: string[];
  readonly recordsRead: number;
  readonly error: string | undefined;
}

async function read(
  bytes: Uint8Array,
  cuts: readonly number[],
  options: DumpSplitterOptions,
  matches: (record: unknown) => boolean,
  project: (record: unknown) => unknown = (record) => record,
): Promise<Outcome> {
  const chunks = async function* () {
    let from = 0;
    for (const cut of [...cuts, bytes.length]) {
      const to = Math.min(Math.max(cut, from), bytes.length);
      yield bytes.subarray(from, to);
      from = to;
    }
  };
  const matched: string[] = [];
  let recordsRead = 0;
  let error: string | undefined;
  const reading = readDump(chunks(), options);
  try {
    for (;;) {
      const step = await reading.next();
      if (step.done) {
        recordsRead = step.value.records;
        break;
      }
      for (const record of step.value.records)
        if (matches(record)) matched.push(JSON.stringify(project(record)));
    }
  } catch (caught) {
    const { code, message } = caught as { code: string; message: string };
    error = `${code}: ${message}`;
  }
  return { matched, recordsRead: error === undefined ? recordsRead : -1, error };
}

const dumpArbitrary = (schema: Schema | undefined) =>
  fc
    .tuple(
      generatedDumpArbitrary(schema, { maxRecords: 30, damageFreq: 3 }),
      fc.array(fc.nat(), { maxLength: 8 }),
      fc.option(fieldsArbitrary(schema), { freq: 3 }),
    )
    .map(([dump, cuts, fields]) => ({
      ...dump,
      fields: fields ?? undefined,
      cuts: cuts.map((cut) => cut % (dump.bytes.length + 1)).sort((x, y) => x - y),
    }));

describe("the dump reader with a raw filter", () => {
  for (const [name, schema] of [
    ["without a schema", undefined],
    ["with the artefact schema", schemas.artefact],
  ] as const) {
    it(`gives the matches, the count and the errors of a full parse, ${name}`, async () => {
      let leftUnparsed = 0;
      let matchedSome = 0;
      await fc.assert(
        fc.asyncProperty(dumpArbitrary(schema), async ({ where, fields, bytes, cuts, damaged }) => {
          const predicate = compilePredicate(where, { schema });
          const matches = (record: unknown) => predicate(record);
          const rawFilter = compileRawFilter(where, schema);
          const full = await read(bytes, cuts, {}, matches);
          const skipping = await read(bytes, cuts, { rawFilter }, matches);
          expect(skipping).toEqual(full);
          // Records read from the members the filter and the selection read, the filter tested
          // on its own members first: the same records once projected.
          const project = fields === undefined ? undefined : compileProjection(fields);
          const projectedFull = await read(bytes, cuts, {}, matches, project);
          const partial = {
            rawFilter,
            members: recordMembers(where, fields),
            prefilter: { members: filterMembers(where), matches },
          };
          expect(await read(bytes, cuts, partial, matches, project)).toEqual(projectedFull);
          // Records gone over in WebAssembly or checked one by one in JavaScript: the same.
          const inJs = await read(bytes, cuts, { rawFilter, scanInWebAssembly: false }, matches);
          expect(inJs).toEqual(full);
          // Trusted, a dump that is well-formed reads the same; a damaged one reads, unchecked.
          const trusting = await read(bytes, cuts, { rawFilter, trustSkipped: true }, matches);
          if (!damaged) expect(trusting).toEqual(full);
          if (full.matched.length > 0) matchedSome++;
          const all = await read(bytes, cuts, {}, () => true);
          const kept = await read(bytes, cuts, { rawFilter }, () => true);
          leftUnparsed += all.matched.length - kept.matched.length;
        }),
        { numRuns: runs(300) },
      );
      // The property was about something: records were left unparsed, and some matched.
      expect(leftUnparsed).toBeGreaterThan(20);
      expect(matchedSome).toBeGreaterThan(50);
    });
  }

  it("drops a prefilter most of the first records pass, and still gives exactly the matches", async () => {
    // 90% of the first 1,000 records pass `rank>=1`; after them, most fail, one by one.
    const lines = Array.from({ length: 3000 }, (_, i) =>
      JSON.stringify({
        id: i,
        name: `n${i}`,
        rank: i < 1000 ? (i % 10 === 0 ? 0 : 2) : i % 7 === 0 ? 2 : 0,
      }),
    );
    const bytes = encoder.encode(`${lines.join("\n")}\n`);
    const where = parseWhere("rank>=1");
    const fields = parseFields("id");
    const predicate = compilePredicate(where);
    const matches = (record: unknown) => predicate(record);
    const project = compileProjection(fields);
    const full = await read(bytes, [], {}, matches, project);
    const partial = {
      members: recordMembers(where, fields),
      prefilter: { members: filterMembers(where), matches },
    };
    const partly = await read(bytes, [], partial, matches, project);
    expect(partly).toEqual(full);
    expect(full.matched.length).toBeGreaterThan(1000);
    expect(full.recordsRead).toBe(3000);
  });

  it("still yields an empty batch for each stretch whose records were all left unparsed", async () => {
    const lines = Array.from({ length: 20_000 }, (_, i) =>
      JSON.stringify({ id: i, name: `n${i}` }),
    );
    const source = (async function* () {
      yield encoder.encode(lines.join("\n"));
    })();
    const records = filterDump(source, { where: "name=n19999" });
    const batches = [];
    for await (const batch of records.batches()) batches.push(batch);
    // About 64 KiB a stretch: a progress display follows the reading as before.
    expect(batches.length).toBeGreaterThan(5);
    expect(batches.slice(0, -1).every((batch) => batch.length === 0)).toBe(true);
    expect(batches.flat()).toEqual([{ id: 19_999, name: "n19999" }]);
    expect(records.recordsRead).toBe(20_000);
  });

  it("trusts the input only when asked: a malformed record that cannot match then goes unreported", async () => {
    // The malformed record comes after the second line, which tells NDJSON from one object.
    const lines = [
      '{"id":1,"type":{"id":"FILE"}}',
      '{"id":2,"type":{"id":"FOLDER"}}',
      '{"id":3,"type":{"id":"FOLDER"},}',
      '{"id":4,"type":{"id":"FILE"}}',
    ];
    const source = () =>
      (async function* () {
        yield encoder.encode(lines.join("\n"));
      })();
    const read = async (trustInput?: boolean) => {
      const ids: unknown[] = [];
      // With a schema, no field waits to be seen in the records (10.4) and keeps them parsed.
      const where = "type.id=FILE";
      const schema = { id: "integer", type: { id: "string" } } as const;
      const options = trustInput === undefined ? { where, schema } : { where, schema, trustInput };
      for await (const record of filterDump(source(), options)) ids.push(record.id);
      return ids;
    };
    await expect(read()).rejects.toMatchObject({ code: "MALFORMED_JSON" });
    await expect(read(false)).rejects.toMatchObject({ code: "MALFORMED_JSON" });
    expect(await read(true)).toEqual([1, 4]);
    // A malformed record that may match is parsed, and reported, trusted or not.
    lines[2] = '{"id":3,"type":{"id":"FILE"},}';
    await expect(read(true)).rejects.toMatchObject({ code: "MALFORMED_JSON" });
    // Bytes that are not UTF-8, read as U+FFFD, may be what a needle looks for: parsed, trusted or not.
    const replaced = (async function* () {
      yield new Uint8Array([
        ...encoder.encode('{"id":1,"name":"a"}\n{"id":2,"name":"b"}\n{"id":3,"name":"x'),
        0xff,
        ...encoder.encode('y"}\n'),
      ]);
    })();
    const options = {
      where: "name~\ufffd",
      schema: { id: "integer", name: "string" },
      invalidUtf8: "replace",
      trustInput: true,
    } as const;
    const found = [];
    for await (const record of filterDump(replaced, options)) found.push(record);
    expect(found).toEqual([{ id: 3, name: "x\ufffdy" }]);
    expect(() => filterDump(source(), { trustInput: "yes" as never })).toThrow(
      expect.objectContaining({ code: "INVALID_OPTION" }),
    );
  });

  it("is what filterDump uses: the same records as compileWhere over JSON.parse", async () => {
    const lines = [
      '{"id":1,"type":{"id":"FILE"},"name":"A.java"}',
      '{"id":2,"type":{"id":"FOLDER"},"name":"src"}',
      '{"id":3,"type":{"id":"FILE"},"name":"B.ts"}',
      '{"id":4,"type":{"id":"FI\\u004cE"},"name":"C.java"}',
    ];
    const where = "type.id=FILE AND name~*.java";
    const source = (text: string) =>
      (async function* () {
        yield encoder.encode(text);
      })();
    const found = [];
    for await (const record of filterDump(source(lines.join("\n")), { where }))
      found.push(record.id);
    expect(found).toEqual([1, 4]);
    const broken = [...lines.slice(0, 2), '{"id":5,"type":{"id":"FOLDER"},"name":"x",}', lines[2]];
    const reading = async () => {
      for await (const _ of filterDump(source(broken.join("\n")), { where })) {
        // read through
      }
    };
    // The damaged record fails the raw filter, and is still reported at its place.
    await expect(reading()).rejects.toMatchObject({ code: "MALFORMED_JSON", offset: 133 });
  });
});
