import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileFields } from "../../src/api/compile-fields.ts";
import { formatFields } from "../../src/backends/format/format-fields.ts";
import { formatWhere } from "../../src/backends/format/format-where.ts";
import type { ParseLimits } from "../../src/base/limits.ts";
import { QuerySyntaxError } from "../../src/errors/errors.ts";
import { parseFields } from "../../src/syntax/parse-fields.ts";
import { parseWhere } from "../../src/syntax/parse-where.ts";

const DIR = join(import.meta.dirname, "..", "..", "grammar", "conformance");

interface ExpectedError {
  readonly code: string;
  readonly offset: number;
  readonly length?: number;
  readonly line?: number;
  readonly column?: number;
}

interface Vector {
  readonly input: string;
  readonly options?: ParseLimits;
  readonly canonical?: string;
  readonly error?: ExpectedError;
  readonly record?: unknown;
  readonly projected?: unknown;
}

function load(name: string): Vector[] {
  return (JSON.parse(readFileSync(join(DIR, name), "utf8")) as { vectors: Vector[] }).vectors;
}

function expectRejected(parse: () => unknown, error: ExpectedError): void {
  let thrown: unknown;
  try {
    parse();
  } catch (caught) {
    thrown = caught;
  }
  expect(thrown).toBeInstanceOf(QuerySyntaxError);
  // length, line and column are optional in a vector and checked only when present.
  const actual = thrown as QuerySyntaxError;
  const picked = Object.fromEntries(
    Object.keys(error).map((key) => [key, actual[key as keyof ExpectedError]]),
  );
  expect(picked).toEqual(error);
}

describe("grammar/conformance/where.json", () => {
  const vectors = load("where.json");
  it("has the vectors the issue asks for", () => {
    expect(vectors.length).toBeGreaterThanOrEqual(150);
  });
  it.each(vectors.map((v) => [JSON.stringify(v.input).slice(0, 80), v] as const))("%s", (_, v) => {
    if (v.error) {
      expectRejected(() => parseWhere(v.input, v.options), v.error);
    } else {
      const canonical = formatWhere(parseWhere(v.input, v.options));
      expect(canonical).toBe(v.canonical);
      expect(formatWhere(parseWhere(canonical, v.options))).toBe(canonical);
    }
  });
});

describe("grammar/conformance/fields.json", () => {
  const vectors = load("fields.json");
  it("has the vectors the issue asks for", () => {
    expect(vectors.length).toBeGreaterThanOrEqual(80);
  });
  it.each(vectors.map((v) => [JSON.stringify(v.input).slice(0, 80), v] as const))("%s", (_, v) => {
    if (v.error) {
      expectRejected(() => parseFields(v.input, v.options), v.error);
      return;
    }
    if (v.canonical !== undefined)
      expect(formatFields(parseFields(v.input, v.options))).toBe(v.canonical);
    if (v.record !== undefined) {
      // Key order is part of the expectation (3.2), so compare the JSON text too.
      const projected = compileFields(v.input, v.options)(v.record);
      expect(JSON.stringify(projected)).toBe(JSON.stringify(v.projected));
    }
  });
});
