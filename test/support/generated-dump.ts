import fc from "fast-check";
import { recordArbitrary, whereArbitrary } from "../../src/arbitraries/index.ts";
import type { WhereExpression } from "../../src/ast/where.ts";
import type { Schema } from "../../src/schema/schema.ts";
import { validateWhere } from "../../src/schema/validate-where.ts";
import { spellJson } from "./json-spelling.ts";
import { JSON_DATES, matchingFilter } from "./matching-filter.ts";

/** A generated dump: its bytes, a filter some of its records match, and whether a byte was damaged. */
export interface GeneratedDump {
  readonly where: WhereExpression;
  readonly bytes: Uint8Array;
  readonly damaged: boolean;
}

export interface GeneratedDumpOptions {
  readonly maxRecords: number;
  /** One dump in `damageFreq` has a byte set to any value. */
  readonly damageFreq: number;
  /** Arrays may be pretty-printed, a record over several lines. */
  readonly pretty?: boolean;
}

const encoder = new TextEncoder();

/**
 * Generated records spelt every way JSON allows (json-spelling.ts), as NDJSON or an array, with
 * a filter built from one record's values (or any filter), and a byte damaged or not.
 */
export function generatedDumpArbitrary(
  schema: Schema | undefined,
  options: GeneratedDumpOptions,
): fc.Arbitrary<GeneratedDump> {
  const { maxRecords, damageFreq } = options;
  return fc
    .record({
      records: fc.array(recordArbitrary(schema, { dates: JSON_DATES, strict: false }), {
        minLength: 1,
        maxLength: maxRecords,
      }),
      other: whereArbitrary(schema),
      choices: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
      from: fc.nat(),
      seeds: fc.array(fc.integer(), { minLength: maxRecords, maxLength: maxRecords }),
      array: fc.boolean(),
      pretty: options.pretty === true ? fc.boolean() : fc.constant(false),
      damage: fc.option(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), {
        freq: damageFreq,
      }),
    })
    .map((drawn) => {
      const target = drawn.records[drawn.from % drawn.records.length] as Record<string, unknown>;
      const built = matchingFilter(target, drawn.other, drawn.choices);
      const valid = built !== undefined && (!schema || validateWhere(built, schema).length === 0);
      const where: WhereExpression = valid ? built : drawn.other;
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
      return { where, bytes, damaged: drawn.damage !== null };
    });
}
