// The old engine of `npm run bench -- duckdb`: qaql's own reader as it was before it left
// records unparsed (issue 32), every record split, parsed, tested and projected on one thread.
// Run as `node bench/parse-every-record.ts FILE WHERE FIELDS OUT`.
import { closeSync, openSync, readSync, writeSync } from "node:fs";
import { compilePredicate } from "../src/backends/predicate/compile-predicate.ts";
import { compileProjection } from "../src/backends/projection/compile-projection.ts";
import { DumpSplitter } from "../src/dump/dump-reader.ts";
import { stringifyJson } from "../src/json/stringify-json.ts";
import { schemas } from "../src/schema/resources.ts";
import { parseFields } from "../src/syntax/parse-fields.ts";
import { parseWhere } from "../src/syntax/parse-where.ts";

const [file, where, fields, out] = process.argv.slice(2) as [string, string, string, string];
const matches = compilePredicate(parseWhere(where), { schema: schemas.artefact });
const project = compileProjection(parseFields(fields));
const splitter = new DumpSplitter({});
const input = openSync(file, "r");
const output = openSync(out, "w");
const chunk = new Uint8Array(1 << 20);
for (;;) {
  const read = readSync(input, chunk, 0, chunk.length, null);
  if (read === 0) splitter.end();
  else splitter.push(chunk.slice(0, read));
  let lines = "";
  for (let records = splitter.next(); records !== undefined; records = splitter.next()) {
    for (const record of records)
      if (matches(record)) lines += `${stringifyJson(project(record))}\n`;
  }
  splitter.throwPending();
  if (lines !== "") writeSync(output, lines);
  if (read === 0) break;
}
closeSync(input);
closeSync(output);
