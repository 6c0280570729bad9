import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { whereTextArbitrary } from "../../src/arbitraries/index.ts";
import { defineSchema, type Schema, schemas } from "../../src/index.ts";
import { completeWhere } from "../../src/language-service/index.ts";
import { resolvePath } from "../../src/schema/schema.ts";
import { languageService } from "../support/language-service.ts";
import { root } from "../support/type-agreement.ts";

// TypeScript's own completion inside a `where` literal (no plugin): at the end of the text, where
// a path or an operator is to come, the editor offers the whole texts that complete it, the same
// names and operators as completeWhere (grammar/language.md 11.3), besides the problem's words.

const OWNERS = {
  id: "integer",
  rank: "number",
  name: "string",
  open: "boolean",
  meta: "any",
  tags: ["string"],
  owner: { login: "string", team: { name: "string" } },
} as const;
const owners = defineSchema(OWNERS);
const SCHEMAS = { owners, artefact: schemas.artefact, project: schemas.project } as const;
type Named = keyof typeof SCHEMAS;

/** What completeWhere offers at the end of `text`, as whole texts. */
function offered(text: string, schema: Schema, kind: "field" | "operator"): string[] {
  const result = completeWhere(text, text.length, { schema });
  if (!result) return [];
  return result.options
    .filter((option) => option.kind === kind)
    .map((option) => text.slice(0, result.from) + (option.apply ?? option.label));
}

/**
 * The texts TypeScript must offer, from completeWhere: after a path and white space its
 * operators; where a path is written, the names extending it, and for a whole field its
 * operators (keywords after a space) and the names below it; elsewhere (a value, a keyword)
 * nothing.
 */
function expected(text: string, schema: Schema): string[] {
  const names = offered(text, schema, "field");
  const afterPath = offered(text, schema, "operator");
  if (/\s$/.test(text)) return afterPath.length > 0 ? afterPath : names;
  if (names.length === 0 && afterPath.length === 0) return [];
  const path = /[A-Za-z_](?:[\w.]*\w)?$/.exec(text)?.[0];
  const whole = path !== undefined && resolvePath(schema, path.split(".")).ok;
  const operators = whole
    ? offered(`${text} `, schema, "operator").map((t) => {
        const operator = t.slice(text.length + 1);
        return /^[A-Z]/.test(operator) ? t : `${text}${operator}`;
      })
    : [];
  const below = whole ? offered(`${text}.`, schema, "field") : [];
  return [...names.filter((t) => t.startsWith(text) && t !== text), ...operators, ...below];
}

/** Every place a path or an operator may come in a valid filter, cut there: its text so far. */
function cuts(name: Named, count: number, seed: number): string[] {
  const texts = fc.sample(
    whereTextArbitrary(SCHEMAS[name], { canonical: true, maxDepth: 2 }).filter(
      (text) => text.length <= 80,
    ),
    { numRuns: count, seed },
  );
  const all = texts.flatMap((text) => [...text].map((_, at) => text.slice(0, at)));
  return [...new Set(all)];
}

describe("TypeScript's completion inside a where literal", () => {
  const cases = (Object.keys(SCHEMAS) as Named[]).flatMap((name, n) =>
    cuts(name, 12, 500 + n).map((text) => ({ name, text })),
  );
  const head = `import { compileWhere, defineSchema, schemas } from ${JSON.stringify(`${root}src/index.ts`)};
const owners = defineSchema(${JSON.stringify(OWNERS)});
`;
  const lines: string[] = [];
  const positions: number[] = [];
  let offset = head.length;
  for (const [i, { name, text }] of cases.entries()) {
    const schema = name === "owners" ? "owners" : `schemas.${name}`;
    const call = `export const c${i} = compileWhere(`;
    const line = `${call}${JSON.stringify(text)}, { schema: ${schema} });`;
    positions.push(offset + call.length + JSON.stringify(text).length - 1);
    lines.push(line);
    offset += line.length + 1;
  }
  const service = languageService(`${head}${lines.join("\n")}\n`, "completions");

  it("offers the names and operators completeWhere offers, where a path or an operator comes", () => {
    let placesWithNames = 0;
    let placesWithOperators = 0;
    const differences: string[] = [];
    cases.forEach(({ name, text }, i) => {
      const want = expected(text, SCHEMAS[name]).sort();
      const got = service
        .completionsAt(positions[i] as number)
        .filter((entry) => entry.startsWith(text) && entry !== text)
        .filter((entry) => text !== "" || !/\s/.test(entry))
        .sort();
      if (want.some((t) => !/[=<>~(L]$/.test(t))) placesWithNames++;
      if (want.some((t) => /[=<>~(L]$/.test(t))) placesWithOperators++;
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        differences.push(
          `${name}: ${JSON.stringify(text)}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`,
        );
      }
    });
    expect(differences).toEqual([]);
    expect(placesWithNames).toBeGreaterThan(30);
    expect(placesWithOperators).toBeGreaterThan(30);
  }, 300_000);
});
