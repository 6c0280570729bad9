import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { JOBS_TUNING } from "../../../src/cli/filter-engines.ts";
import { runCli } from "../../support/run-cli.ts";
import { runMain } from "../../support/run-main.ts";

// `qaql filter --jobs N` as a user runs it, on files just past the size worth the threads.

const scratch = mkdtempSync(join(tmpdir(), "qaql-filter-jobs-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function artefact(id: number): string {
  const type = id % 10 === 0 ? "FILE" : "FOLDER";
  const name = id % 3 === 0 ? `Zürich-${id}.java` : `src "${id}"`;
  return JSON.stringify({ id, name, type: { id: type }, rank: id % 5, path: `/p/${id}` });
}

/** A dump of just over the size `--jobs` takes, as NDJSON or an array, with a bad record at `bad`. */
function writeDump(shape: "ndjson" | "array", bad?: number): string {
  const lines: string[] = [];
  let bytes = 0;
  for (let id = 0; bytes < JOBS_TUNING.minBytes + 1_000_000; id++) {
    const line = id === bad ? '{"id":1,"name":}' : artefact(id);
    lines.push(line);
    bytes += line.length + 2;
  }
  const file = join(scratch, `dump-${shape}-${bad ?? "good"}.json`);
  writeFileSync(file, shape === "ndjson" ? lines.join("\n") : `[\n${lines.join(",\n")}\n]\n`);
  return file;
}

describe("qaql filter --jobs", () => {
  const ndjson = writeDump("ndjson");
  const array = writeDump("array");

  it("writes the bytes one job writes, whole or a page, as JSON or NDJSON", async () => {
    const cases = [
      ["--where", "type.id=FILE AND rank>=2", "--fields", "id,name", "--output", "ndjson"],
      ["--where", "name~Zürich", "--page", "3", "--size", "1000"],
      ["--where", "rank>=1", "--schema", "artefact", "--fields", "name,type.id"],
      ["--where", "typ.id=FILE"],
    ];
    for (const file of [ndjson, array]) {
      for (const args of cases) {
        const one = await runMain(["filter", file, "--engine", "js", "--jobs", "1", ...args]);
        const two = await runMain(["filter", file, "--engine", "js", "--jobs", "2", ...args]);
        expect(one.status, args.join(" ")).toBe(0);
        expect(two).toEqual(one);
      }
    }
    // The warning of a field no record holds names every record read, and the field meant.
    const typo = await runMain(["filter", ndjson, "--jobs", "3", "--where", "typ.id=FILE"]);
    expect(typo.stdout).toBe("[]\n");
    expect(typo.stderr).toMatch(
      /none of the [\d,]+ records read holds "typ.id".*did you mean type.id\?/,
    );
  }, 120_000);

  it("runs its jobs from the built package, whose worker is a file of its own", async () => {
    const args = ["filter", array, "--where", "name~Zürich AND rank>=3", "--fields", "id,path"];
    const one = await runMain([...args, "--jobs", "1"]);
    const built = runCli([...args, "--jobs", "2", "--engine", "js"]);
    expect(built).toEqual({ ...one, status: 0 });
    expect(one.stdout.length).toBeGreaterThan(100_000);
  }, 120_000);

  it("reports a bad record where one job reports it, after the same matches", async () => {
    for (const shape of ["ndjson", "array"] as const) {
      const file = writeDump(shape, 250_000);
      const args = [
        "filter",
        file,
        "--engine",
        "js",
        "--where",
        "type.id=FILE",
        "--output",
        "ndjson",
      ];
      const one = await runMain([...args, "--jobs", "1"]);
      const two = await runMain([...args, "--jobs", "2"]);
      expect(one.status).toBe(1);
      expect(one.stderr).toMatch(/line \d+/);
      expect(two).toEqual(one);
    }
  }, 120_000);

  it("refuses a count of jobs that is not a whole number from 1", async () => {
    for (const jobs of ["0", "-1", "1.5", "two", "100000"]) {
      const result = await runMain(["filter", ndjson, "--jobs", jobs]);
      expect(result.status, jobs).toBe(2);
      expect(result.stderr).toContain("--jobs must be a whole number from 1 to 256");
    }
  });
});
