import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runMain } from "../support/run-main.ts";

// `qaql filter --trust-input`: records whose bytes show they cannot match are skipped unchecked.

const file = join(mkdtempSync(join(tmpdir(), "qaql-trust-")), "dump.ndjson");
writeFileSync(
  file,
  [
    '{"id":1,"type":{"id":"FILE"}}',
    '{"id":2,"type":{"id":"FOLDER"}}',
    '{"id":3,"type":{"id":"FOLDER"},}',
    '{"id":4,"type":{"id":"FILE"}}',
  ].join("\n"),
);
const args = [file, "--where", "type.id=FILE", "--schema", "artefact", "--output", "ndjson"];

describe("qaql filter --trust-input", () => {
  it("reports a malformed record by default, at its byte", async () => {
    const run = await runMain(["filter", ...args]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("line 3");
  });

  it("skips it unchecked when told the dump is well-formed, and says so in its help", async () => {
    const run = await runMain(["filter", ...args, "--trust-input"]);
    expect({ status: run.status, stdout: run.stdout }).toEqual({
      status: 0,
      stdout: '{"id":1,"type":{"id":"FILE"}}\n{"id":4,"type":{"id":"FILE"}}\n',
    });
    expect((await runMain(["filter", "--help"])).stdout).toContain("--trust-input");
  });
});
