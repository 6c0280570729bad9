import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldsTextArbitrary, whereTextArbitrary } from "../../src/arbitraries/index.ts";
import { defineSchema, type Schema, safeParseFields, schemas } from "../../src/index.ts";
import { completeFields, completeWhere } from "../../src/language-service/index.ts";
import { resolvePath } from "../../src/schema/schema.ts";
import { languageService } from "../support/language-service.ts";
import { root } from "../support/type-agreement.ts";

// TypeScript's own completion inside a `where` or `fields` literal (no plugin): at the end of the
// text, where a path or an operator is to come, the editor offers the whole texts that complete
// it, the same names and operators as completeWhere and completeFields (grammar/language.md
// 11.3), besides the problem's words.

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

/** Every place in a valid text, cut there: its text so far. */
function cuts(language: "where" | "fields", name: Named, count: number, seed: number): string[] {
  const arbitrary =
    language === "where"
      ? whereTextArbitrary(SCHEMAS[name], { canonical: true, maxDepth: 2 })
      : fieldsTextArbitrary(SCHEMAS[name], { canonical: true });
  const texts = fc.sample(
    arbitrary.filter((text) => text.length <= 80),
    { numRuns: count, seed },
  );
  const all = texts.flatMap((text) => [...text].map((_, at) => text.slice(0, at)));
  return [...new Set(all)];
}

/** The names completeFields offers at the end of `text` that extend it, as whole texts. */
function expectedNames(text: string, schema: Schema): string[] {
  const result = completeFields(text, text.length, { schema });
  if (!result) return [];
  return result.options
    .map((option) => text.slice(0, result.from) + (option.apply ?? option.label))
    .filter((t) => t.startsWith(text) && t !== text);
}

interface Case {
  readonly language: "where" | "fields";
  readonly name: Named;
  readonly text: string;
}

// A keyword begins some names (`in` of `infos`): where a path is to come, it is their start.
const KEYWORD_STARTS: Case[] = ["in", "rank>=2 AND in", "(i", "(in"].map((text) => ({
  language: "where",
  name: "artefact",
  text,
}));

const CASES: Case[] = [
  ...KEYWORD_STARTS,
  ...(["where", "fields"] as const).flatMap((language, l) =>
    (Object.keys(SCHEMAS) as Named[]).flatMap((name, n) =>
      cuts(language, name, language === "where" ? 12 : 20, 500 + 10 * l + n).map((text) => ({
        language,
        name,
        text,
      })),
    ),
  ),
];

/** One call a line; the position of each literal's closing quote. */
function program(cases: readonly Case[]): { source: string; positions: number[] } {
  const head = `import { compileFields, compileWhere, defineSchema, schemas } from ${JSON.stringify(`${root}src/index.ts`)};
const owners = defineSchema(${JSON.stringify(OWNERS)});
`;
  const lines: string[] = [];
  const positions: number[] = [];
  let offset = head.length;
  for (const [i, { language, name, text }] of cases.entries()) {
    const schema = name === "owners" ? "owners" : `schemas.${name}`;
    const call = `export const c${i} = ${language === "where" ? "compileWhere" : "compileFields"}(`;
    const line = `${call}${JSON.stringify(text)}, { schema: ${schema} });`;
    positions.push(offset + call.length + JSON.stringify(text).length - 1);
    lines.push(line);
    offset += line.length + 1;
  }
  return { source: `${head}${lines.join("\n")}\n`, positions };
}

describe("TypeScript's completion inside a literal", () => {
  const { source, positions } = program(CASES);
  const service = languageService(source, "completions");
  const offeredAt = (i: number, text: string) =>
    service
      .completionsAt(positions[i] as number)
      .filter((entry) => entry.startsWith(text) && entry !== text)
      .filter((entry) => text !== "" || !/\s/.test(entry))
      .sort();

  it("offers in a where text the names and operators completeWhere offers", () => {
    let placesWithNames = 0;
    let placesWithOperators = 0;
    const differences: string[] = [];
    CASES.forEach(({ language, name, text }, i) => {
      if (language !== "where") return;
      const want = expected(text, SCHEMAS[name]).sort();
      const got = offeredAt(i, text);
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

  it("offers in a fields text the names completeFields offers where a name is written or to come", () => {
    let places = 0;
    const differences: string[] = [];
    CASES.forEach(({ language, name, text }, i) => {
      if (language !== "fields") return;
      // A valid text is taken as it is: its last name is a whole one, and nothing is offered.
      const valid = safeParseFields(text, { schema: SCHEMAS[name] }).success;
      const want = valid ? [] : expectedNames(text, SCHEMAS[name]).sort();
      const got = offeredAt(i, text);
      if (want.length > 0) places++;
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        differences.push(
          `${name}: ${JSON.stringify(text)}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`,
        );
      }
    });
    expect(differences).toEqual([]);
    expect(places).toBeGreaterThan(50);
  }, 300_000);
});
