import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  fieldsArbitrary,
  recordArbitrary,
  whereArbitrary,
} from "../../../src/arbitraries/index.ts";
import type { WhereExpression } from "../../../src/ast/where.ts";
import { compileProjection } from "../../../src/backends/projection/compile-projection.ts";
import { type EnginePlan, openMatches } from "../../../src/cli/filter-engines.ts";
import { openInput } from "../../../src/cli/inputs.ts";
import { schemas } from "../../../src/index.ts";
import type { Schema } from "../../../src/schema/schema.ts";
import { validateWhere } from "../../../src/schema/validate-where.ts";
import { spellJson } from "../../support/json-spelling.ts";
import { JSON_DATES, matchingFilter } from "../../support/matching-filter.ts";

// `--jobs N` changes nothing a reader of the output sees (issue 32 §2, §4): on generated records
// spelt every way JSON allows, as NDJSON or an array, cut into stretches of a few bytes to a few
// hundred, with a byte damaged or not, 2 to 4 jobs write the bytes, the count, the unseen fields
// and the error of one job.

const scratch = mkdtempSync(join(tmpdir(), "qaql-jobs-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let written = 0;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

interface Outcome {
  readonly lines: string[];
  readonly recordsRead: number | undefined;
  readonly unseen: unknown;
  readonly error: string | undefined;
}

async function run(
  file: string,
  size: number,
  plan: EnginePlan,
  stretchBytes: number,
  headBytes: number,
): Promise<Outcome> {
  const project = plan.fields && compileProjection(plan.fields);
  const open = () => openInput(file, Readable.from([]));
  const tuning = { minBytes: 0, maxStretchBytes: stretchBytes, headBytes };
  const lines: string[] = [];
  let error: string | undefined;
  const source = await openMatches("js", file, size, plan, open, tuning);
  try {
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
  const recordsRead = error === undefined ? source.recordsRead : undefined;
  return { lines, recordsRead, unseen: error === undefined ? source.unseenFields() : [], error };
}

const dumpArbitrary = (schema: Schema | undefined) =>
  fc
    .record({
      records: fc.array(recordArbitrary(schema, { dates: JSON_DATES, strict: false }), {
        minLength: 1,
        maxLength: 40,
      }),
      other: whereArbitrary(schema),
      fields: fc.option(fieldsArbitrary(schema), { freq: 2 }),
      choices: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
      from: fc.nat(),
      seeds: fc.array(fc.integer(), { minLength: 40, maxLength: 40 }),
      array: fc.boolean(),
      pretty: fc.boolean(),
      damage: fc.option(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { freq: 2 }),
      jobs: fc.integer({ min: 2, max: 4 }),
      stretchBytes: fc.integer({ min: 1, max: 400 }),
      // The head tells the shape; an error in it is left to one job, so it is kept short.
      headBytes: fc.integer({ min: 1, max: 300 }),
    })
    .map((drawn) => {
      const target = drawn.records[drawn.from % drawn.records.length] as Record<string, unknown>;
      const built = matchingFilter(target, drawn.other, drawn.choices);
      const valid = built !== undefined && (!schema || validateWhere(built, schema).length === 0);
      const where: WhereExpression = valid ? built : drawn.other;
      // A pretty array spreads a record over lines, nested objects after "},": wrong guesses.
      const texts = drawn.records.map((record, i) =>
        drawn.array && drawn.pretty
          ? JSON.stringify(record, null, 1)
          : spellJson(record, drawn.seeds[i] ?? 0, !drawn.array),
      );
      const text = drawn.array ? `[\n${texts.join(",\n")}\n]` : texts.join("\n");
      const bytes = encoder.encode(text);
      if (drawn.damage) {
        const [at, byte] = drawn.damage;
        bytes[at % bytes.length] = byte;
      }
      return { ...drawn, where, fields: drawn.fields ?? undefined, bytes };
    });

describe("qaql filter --jobs", () => {
  for (const [name, schema] of [
    ["without a schema", undefined],
    ["with the artefact schema", schemas.artefact],
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
          };
          const size = drawn.bytes.length;
          const { stretchBytes, headBytes } = drawn;
          const one = await run(file, size, plan, stretchBytes, headBytes);
          const many = await run(
            file,
            size,
            { ...plan, jobs: drawn.jobs },
            stretchBytes,
            headBytes,
          );
          expect(many).toEqual(one);
          if (one.lines.length > 0) matchedSome++;
          if (one.error !== undefined) failed++;
          rmSync(file);
        }),
        { numRuns: 40 },
      );
      // The property was about something: matches were written, and errors reported.
      expect(matchedSome).toBeGreaterThan(8);
      expect(failed).toBeGreaterThan(4);
    }, 120_000);
  }
});
