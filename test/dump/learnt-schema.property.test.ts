// grammar/language.md 10.7: without a schema, `qaql filter`, `filterDump` and `qaql serve` learn
// one from the records and answer a filter with the same records, dates by calendar day.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  recordsArbitrary,
  schemaArbitrary,
  TIME_ZONES,
  whereArbitrary,
} from "../../src/arbitraries/index.ts";
import { formatWhere } from "../../src/backends/format/format-where.ts";
import { filterDump } from "../../src/dump/filter-dump.ts";
import { QueryValidationError } from "../../src/errors/errors.ts";
import { inferSchema } from "../../src/schema/infer-schema.ts";
import { createApiServer } from "../../src/server/api-server.ts";
import { runMain } from "../support/run-main.ts";
import { runs } from "../support/runs.ts";
import { getAnswer } from "../support/server-get.ts";

const TOKEN = "learnt-schema-token-of-the-test";
const folder = mkdtempSync(join(tmpdir(), "qaql-learnt-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Records of generated schemas: date-times with and without offsets, days, numbers, nulls, objects. */
const scenario = schemaArbitrary()
  .chain((schema) =>
    recordsArbitrary(schema, {
      strict: false,
      dates: ["dateTime", "day", "epochMillis"],
      // Two records at least: a lone one opening with an array of objects is a dump object (10.1).
      minLength: 2,
      maxLength: 12,
    }),
  )
  .map((records) => JSON.parse(JSON.stringify(records)) as Record<string, unknown>[])
  .chain((records) => {
    const learnt = inferSchema(records);
    let filters: fc.Arbitrary<string | undefined>;
    try {
      filters = whereArbitrary(learnt, { records }).map(formatWhere);
    } catch (error) {
      // No field a filter can name: a name no record holds is refused by serve alone (10.7).
      if (!(error instanceof RangeError)) throw error;
      filters = fc.constant(undefined);
    }
    return fc.record({
      records: fc.constant(records),
      where: filters,
      timeZone: fc.constantFrom(...TIME_ZONES),
    });
  });

async function* chunksOf(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}

type Outcome = { readonly refused: true } | { readonly records: readonly string[] };

describe("a dump without a schema", () => {
  let run = 0;
  it("gets the same records from qaql filter, filterDump and qaql serve", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ records, where, timeZone }) => {
        fc.pre(where !== undefined);
        const ndjson = records.map((record) => `${JSON.stringify(record)}\n`).join("");
        const path = join(folder, `dump-${run++}.ndjson`);
        writeFileSync(path, ndjson);

        const server = createApiServer({
          data: { items: records },
          schemas: { items: inferSchema(records) },
          permanentTokens: [TOKEN],
        });
        const query = `?where=${encodeURIComponent(where)}&size=1000`;
        const answer = await getAnswer(server, TOKEN, `/api/items${query}`, { timezone: timeZone });
        const served: Outcome =
          answer.status === 400
            ? { refused: true }
            : { records: (answer.body.items as object[]).map((item) => JSON.stringify(item)) };
        expect([200, 400], JSON.stringify(answer.body)).toContain(answer.status);

        let streamed: Outcome;
        try {
          const kept: string[] = [];
          const dump = filterDump(chunksOf(ndjson), { where, timeZone });
          for await (const record of dump) kept.push(JSON.stringify(record));
          streamed = { records: kept };
          expect(dump.typeChanges()).toEqual([]);
        } catch (error) {
          expect(error).toBeInstanceOf(QueryValidationError);
          streamed = { refused: true };
        }

        const cli = await runMain([
          "filter",
          path,
          "--where",
          where,
          "--time-zone",
          timeZone,
          "--output",
          "ndjson",
        ]);
        const filtered: Outcome =
          cli.status === 1 && cli.stdout === ""
            ? { refused: true }
            : { records: cli.stdout.split("\n").filter((line) => line !== "") };
        expect(cli.status === 0 || "refused" in filtered, cli.stderr).toBe(true);

        expect(streamed).toEqual(served);
        expect(filtered).toEqual(served);
      }),
      { numRuns: runs(300) },
    );
  }, 120_000);
});
