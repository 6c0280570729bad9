// Random damage to a valid dump: `qaql filter` exits 0 or 1, never prints a stack trace, and
// writes every record that ends before the damage, unchanged and in order.
import { isUtf8 } from "node:buffer";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CommandContext } from "../../src/cli/command.ts";
import { main } from "../../src/cli/main.ts";
import { styleFor } from "../../src/cli/terminal.ts";
import { runCli } from "../support/run-cli.ts";
import { runs } from "../support/runs.ts";

type Shape = "array-lines" | "array-one-line" | "ndjson" | "list-response" | "dump";

const sample = JSON.parse(
  readFileSync(new URL("../../sample/dump.json", import.meta.url), "utf8"),
) as Record<string, Record<string, unknown>[]>;

/** A few records of the sample, and some whose text is far from ASCII, to damage. */
const RECORDS: readonly Record<string, unknown>[] = [
  ...(sample.artefacts ?? []).slice(0, 6),
  { id: "é", name: "café ☕ 𝄞 日本語", tags: ["ü", "€", "😀"] },
  { id: 7, nested: { deep: [[["x"]]], text: '\u2028 \u00a0 \\" \u0007' } },
  ...(sample.findings ?? []).slice(0, 2),
];

const OPENINGS: Record<Shape, string> = {
  "array-lines": "[\n",
  "array-one-line": "[",
  ndjson: "",
  "list-response": '{"_links":{},"items":[',
  dump: '{"projects":[{"id":1}],\n"items":[\n',
};
const SEPARATORS: Record<Shape, string> = {
  "array-lines": ",\n",
  "array-one-line": ",",
  ndjson: "\n",
  "list-response": ",",
  dump: ",\n",
};
const CLOSINGS: Record<Shape, string> = {
  "array-lines": "\n]\n",
  "array-one-line": "]\n",
  ndjson: "\n",
  "list-response": "]}\n",
  dump: "\n]}\n",
};

/** A valid dump of RECORDS in `shape`, the records' texts, and where each record's bytes end. */
function buildDump(shape: Shape): { bytes: Buffer; ends: number[]; texts: string[] } {
  const texts = RECORDS.map((record) => JSON.stringify(record));
  const ends: number[] = [];
  let text = OPENINGS[shape];
  texts.forEach((record, i) => {
    if (i > 0) text += SEPARATORS[shape];
    text += record;
    // An NDJSON record ends with its line break, which tells it from a longer line.
    ends.push(Buffer.byteLength(text) + (shape === "ndjson" ? 1 : 0));
  });
  text += CLOSINGS[shape];
  return { bytes: Buffer.from(text), ends, texts };
}

interface Damage {
  readonly bytes: Buffer;
  /** The offset of the first byte that differs from the valid dump, or is missing from it. */
  readonly first: number;
}

const damageArbitrary = (
  length: number,
): fc.Arbitrary<{ changes: { at: number; byte: number }[]; cut: number | null }> =>
  fc.record({
    changes: fc.array(
      fc.record({
        at: fc.nat(length - 1),
        byte: fc.oneof(
          fc.constantFrom(...'{}[],:"\\ \n\r\t0e-'.split("").map((c) => c.charCodeAt(0))),
          fc.integer({ min: 0x80, max: 0xff }),
          fc.integer({ min: 0, max: 0xff }),
        ),
      }),
      { maxLength: 3 },
    ),
    cut: fc.option(fc.nat(length), { nil: null }),
  });

function damage(
  valid: Buffer,
  plan: { changes: { at: number; byte: number }[]; cut: number | null },
): Damage {
  const bytes = Buffer.from(valid);
  let first = bytes.length;
  for (const { at, byte } of plan.changes) {
    if (bytes[at] !== byte) first = Math.min(first, at);
    bytes[at] = byte;
  }
  if (plan.cut === null) return { bytes, first };
  return { bytes: bytes.subarray(0, plan.cut), first: Math.min(first, plan.cut) };
}

/** The records that end before the damage; NDJSON's first alone is a one-line document. */
function intactBefore(
  shape: Shape,
  ends: readonly number[],
  texts: readonly string[],
  damaged: Damage,
): string[] {
  const intact = texts.filter((_, i) => (ends[i] as number) <= damaged.first);
  // With no byte but white space after its line, one record cannot be told from a dump object.
  const rest = damaged.bytes.subarray(ends[0] ?? 0).toString("latin1");
  if (shape === "ndjson" && /^[ \t\r\n]*$/.test(rest)) return [];
  return intact;
}

const SHAPES: readonly Shape[] = [
  "array-lines",
  "array-one-line",
  "ndjson",
  "list-response",
  "dump",
];

const argsFor = (shape: Shape) => [
  "--output",
  "ndjson",
  ...(shape === "dump" ? ["--resource", "items"] : []),
];

class Collect extends Writable {
  text = "";
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString("utf8");
    done();
  }
}

/** `qaql filter - …` in this process, through main as bin.ts runs it, stdin in random chunks. */
async function filterInProcess(bytes: Buffer, sizes: readonly number[], args: readonly string[]) {
  const chunks: Buffer[] = [];
  let turn = 0;
  for (let i = 0; i < bytes.length; ) {
    const size = sizes[turn++ % sizes.length] as number;
    chunks.push(bytes.subarray(i, i + size));
    i += size;
  }
  const stdout = new Collect();
  const stderr = new Collect();
  const env = {};
  const context: CommandContext = {
    stdin: Readable.from(chunks),
    stdout,
    stderr,
    env,
    errStyle: styleFor(stderr, env),
    outStyle: styleFor(stdout, env),
  };
  const status = await main(["filter", "-", ...args], context);
  return { status, stdout: stdout.text, stderr: stderr.text };
}

function expectSafeOutcome(
  run: { status: number | null; stdout: string; stderr: string },
  damaged: Damage,
  intact: readonly string[],
): void {
  expect([0, 1]).toContain(run.status);
  // Success means every byte was read as it is: nothing was replaced by U+FFFD unasked.
  if (run.status === 0) expect(isUtf8(damaged.bytes)).toBe(true);
  expect(run.stderr).not.toMatch(/internal error|\n\s+at |Error:/);
  const lines = run.stdout.split("\n").filter((line) => line !== "");
  expect(lines.slice(0, intact.length)).toEqual(intact);
}

const shapeAndDamage = fc.constantFrom(...SHAPES).chain((shape) => {
  const dump = buildDump(shape);
  return fc.tuple(fc.constant(shape), fc.constant(dump), damageArbitrary(dump.bytes.length));
});

describe("qaql filter on damaged dumps", () => {
  it("in process, in random chunks: exit 0 or 1, and every record before the damage intact", async () => {
    await fc.assert(
      fc.asyncProperty(
        shapeAndDamage,
        fc.array(fc.integer({ min: 1, max: 700 }), { minLength: 1, maxLength: 4 }),
        async ([shape, dump, plan], sizes) => {
          const damaged = damage(dump.bytes, plan);
          const run = await filterInProcess(damaged.bytes, sizes, argsFor(shape));
          expectSafeOutcome(run, damaged, intactBefore(shape, dump.ends, dump.texts, damaged));
        },
      ),
      { numRuns: runs(600) },
    );
  });

  it("as a subprocess: the same, for the shipped command", () => {
    const scratch = mkdtempSync(join(tmpdir(), "qaql-damage-"));
    let sample = 0;
    fc.assert(
      fc.property(shapeAndDamage, ([shape, dump, plan]) => {
        const damaged = damage(dump.bytes, plan);
        const file = join(scratch, `dump-${sample++}.json`);
        writeFileSync(file, damaged.bytes);
        const run = runCli(["filter", file, ...argsFor(shape)]);
        expectSafeOutcome(run, damaged, intactBefore(shape, dump.ends, dump.texts, damaged));
      }),
      { numRuns: runs(30) },
    );
  });

  it("finds the records of an undamaged dump in every shape", async () => {
    for (const shape of SHAPES) {
      const dump = buildDump(shape);
      const run = await filterInProcess(dump.bytes, [dump.bytes.length], argsFor(shape));
      expect(run).toEqual({ status: 0, stdout: `${dump.texts.join("\n")}\n`, stderr: "" });
    }
  });
});
