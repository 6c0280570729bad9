// The README's filterDump example, run from the project's root as the README's is: there it
// imports `filterDump` from "qaql/dump" and prints each artefact.
import { createReadStream } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { filterDump } from "../../src/dump/index.ts";

const SAMPLE = join(import.meta.dirname, "..", "..", "sample", "dump.json");

it("prints the paths and ranks of the sample's Java files ranked 3 and up", async () => {
  const printed: [unknown, unknown][] = [];
  const log = (path: unknown, rank: unknown) => printed.push([path, rank]);

  const files = filterDump(createReadStream(SAMPLE), {
    where: "type.id=FILE AND rank>=3 AND name~*.java",
    fields: "id,path,rank",
    resource: "artefacts",
  });
  for await (const artefact of files) log(artefact.path, artefact.rank);

  expect(printed.length).toBeGreaterThan(5);
  for (const [path, rank] of printed) {
    expect(path).toMatch(/\.java$/);
    expect(rank).toBeGreaterThanOrEqual(3);
  }
});
