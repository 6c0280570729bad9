import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { type EnginePlan, openMatches, stretchBytesFor } from "../../../src/cli/filter-engines.ts";
import { openInput } from "../../../src/cli/inputs.ts";
import type { ParallelMatchSource } from "../../../src/cli/jobs/parallel-matches.ts";

// `--jobs N` holds the output of later stretches for writing in order only up to its read-ahead
// (issue 46 §3): counted, not timed, with the slowest writer there is, one that writes a batch
// only once every stretch sent out has come back.

const scratch = mkdtempSync(join(tmpdir(), "qaql-read-ahead-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** NDJSON of `count` records spelt as JSON.stringify spells them, so a match's text is its line. */
function writeRecords(count: number): { file: string; bytes: Buffer; longest: number } {
  const lines: string[] = [];
  for (let id = 0; id < count; id++) {
    const record = { id, name: `Zürich "${id}"`, rank: id % 5, path: `/p/${"x".repeat(id % 90)}` };
    lines.push(JSON.stringify(record));
  }
  const file = join(scratch, `records-${count}.ndjson`);
  writeFileSync(file, `${lines.join("\n")}\n`);
  const longest = Math.max(...lines.map((line) => Buffer.byteLength(line) + 1));
  return { file, bytes: readFileSync(file), longest };
}

const PLAN: EnginePlan = {
  where: undefined,
  fields: undefined,
  schema: undefined,
  timeZone: undefined,
  resource: undefined,
  invalidUtf8: "error",
  trustInput: false,
  jobs: 3,
};

/** Reads `file` with a writer that waits for every stretch out; the most output held, and the output. */
async function readSlowly(file: string, size: number, plan: EnginePlan, readAheadBytes: number) {
  const tuning = { minBytes: 0, maxStretchBytes: 1 << 20, headBytes: 1 << 12, readAheadBytes };
  const open = () => openInput(file, Readable.from([]));
  const source = (await openMatches("js", file, size, plan, open, tuning)) as ParallelMatchSource;
  expect(source.heldBytes).toBe(0);
  const written: Buffer[] = [];
  let most = 0;
  let batches = 0;
  for await (const batch of source.batches()) {
    if (!("lines" in batch)) throw new Error("one job read the file");
    while (source.stretchesReading > 0) await new Promise((resolve) => setImmediate(resolve));
    most = Math.max(most, source.heldBytes);
    written.push(Buffer.from(batch.lines));
    batches++;
    source.release?.(batch);
  }
  expect(source.heldBytes).toBe(0);
  return {
    most,
    output: Buffer.concat(written),
    batches,
    stretch: stretchBytesFor(size, 3, tuning),
  };
}

describe("qaql filter --jobs, its read-ahead", () => {
  it("holds at most its bytes of output for writing, when every record matches", async () => {
    const { file, bytes, longest } = writeRecords(20_000);
    const readAheadBytes = 64 << 10;
    const { most, output, batches, stretch } = await readSlowly(
      file,
      bytes.length,
      PLAN,
      readAheadBytes,
    );
    expect(output.equals(bytes)).toBe(true);
    expect(batches).toBeGreaterThan(100);
    // A stretch's matches are the records starting in it: its bytes and the end of its last record.
    const stretches = Math.ceil(readAheadBytes / stretch);
    expect(most).toBeLessThanOrEqual(readAheadBytes + stretches * longest);
    // The writer was slow enough for the read-ahead to fill: the bound is what stopped it.
    expect(most).toBeGreaterThan(readAheadBytes / 2);
  }, 60_000);
});
