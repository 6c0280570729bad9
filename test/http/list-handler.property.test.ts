import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileFields } from "../../src/api/compile-fields.ts";
import { compileWhere } from "../../src/api/compile-where.ts";
import {
  fieldsArbitrary,
  recordsArbitrary,
  schemaArbitrary,
  TIME_ZONES,
  whereArbitrary,
} from "../../src/arbitraries/index.ts";
import { createListHandler } from "../../src/http/list-handler.ts";
import { paginate } from "../../src/list/paginate.ts";
import { buildQueryString } from "../../src/list/query-string.ts";
import { runs } from "../support/runs.ts";

/** A schema, records of it, and a request over them: filter, selection, size, zone, source kind. */
const scenario = schemaArbitrary().chain((schema) =>
  recordsArbitrary(schema, { maxLength: 25 }).chain((records) =>
    fc.record({
      schema: fc.constant(schema),
      records: fc.constant(records),
      where: fc.option(whereArbitrary(schema, { records }), { nil: undefined }),
      fields: fc.option(fieldsArbitrary(schema), { nil: undefined }),
      size: fc.integer({ min: 1, max: 6 }),
      timeZone: fc.option(fc.constantFrom(...TIME_ZONES), { nil: undefined }),
      iterable: fc.boolean(),
    }),
  ),
);

/** What JSON makes of a value: the body's items are compared after the same trip. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe("createListHandler against filtering and projecting the array in memory", () => {
  it("answers every page, and one past the end, with the reference's items and paginate's links", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { schema, records, where, fields, size, timeZone } = s;
        const handler = createListHandler({
          schema,
          source: s.iterable
            ? {
                async *[Symbol.asyncIterator]() {
                  yield* records;
                },
              }
            : records,
          maxSize: 6,
        });
        const matches = where ? records.filter(compileWhere(where, { schema, timeZone })) : records;
        const project = fields ? compileFields(fields) : (record: object) => record;
        const last = Math.max(1, Math.ceil(matches.length / size));
        for (let page = 1; page <= last + 1; page++) {
          const self = `/api/things?${buildQueryString({ where, fields, page, size })}`;
          const headers: Record<string, string> = timeZone ? { timezone: timeZone } : {};
          const response = await handler(new Request(`http://qa.example${self}`, { headers }));
          expect(response.status).toBe(200);
          const body = (await response.json()) as { things: unknown; _links: unknown };
          const expected = paginate(matches.map(project), { page, size }, self);
          expect(body.things).toEqual(asJson(expected.things));
          expect(body._links).toEqual(expected._links);
        }
      }),
      { numRuns: runs(150) },
    );
  });
});
