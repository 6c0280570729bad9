import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fieldsTextArbitrary,
  invalidFieldsArbitrary,
  invalidWhereArbitrary,
  whereTextArbitrary,
} from "../../src/arbitraries/index.ts";
import type { Span } from "../../src/ast/span.ts";
import {
  INVISIBLE_CLASS,
  type PathNode,
  type WhereExpression,
  type WhereNode,
} from "../../src/ast/where.ts";
import { quoteInput } from "../../src/errors/characters.ts";
import { formatWhere, type Schema, safeParseWhere, schemas } from "../../src/index.ts";
import { readNumber } from "../../src/schema/literals.ts";
import { resolvePath } from "../../src/schema/schema.ts";
import { runs } from "../support/runs.ts";
import {
  type Case,
  checkSource,
  compilerMessage,
  disagreementsOf,
  FIELDS_LIMIT,
  misspell,
  RESOURCES,
  root,
  runtimeVerdict,
  sample,
  type TemplateCase,
  templateDisagreements,
  typeCheck,
  unionDisagreements,
  WHERE_LIMIT,
} from "../support/type-agreement.ts";

// Texts from qaql's own arbitraries, valid, invalid and misspelt (issue 31 §3); the texts one
// character away from valid ones are in type-agreement-mutants.test.ts.

/** Where the values of number and integer fields are in a filter's text, in the order of the text. */
function numberValueSpans(ast: WhereExpression, schema: Schema): Span[] {
  const spans: Span[] = [];
  const walk = (node: WhereNode): void => {
    if (node.kind === "and" || node.kind === "or") {
      node.operands.forEach(walk);
      return;
    }
    if (node.kind !== "comparison" && node.kind !== "in") return;
    const resolved = resolvePath(schema, node.path.segments);
    if (!resolved.ok || (resolved.type.kind !== "integer" && resolved.type.kind !== "number"))
      return;
    const values = node.kind === "comparison" ? [node.value] : node.values;
    for (const value of values) if (readNumber(value.text) !== undefined) spans.push(value.span);
  };
  walk(ast);
  return spans.sort((a, b) => a.start - b.start);
}

/** The first predicate's path, in the order of the text. */
function firstPath(ast: WhereExpression): PathNode {
  const node = ast as WhereNode;
  if (node.kind === "and" || node.kind === "or")
    return firstPath(node.operands[0] as WhereExpression);
  return (node as { path: PathNode }).path;
}

/** The filter with one predicate's path misspelt, or one of its values replaced by `junk`. */
function alterWhere(ast: WhereExpression, seed: number, junk: string): WhereExpression {
  let index = 0;
  const walk = (node: WhereNode): WhereNode => {
    if (node.kind === "and" || node.kind === "or")
      return { ...node, operands: node.operands.map(walk) } as WhereNode;
    if (node.kind === "path" || node.kind === "literal") return node;
    if (index++ !== 0) return node;
    if (seed % 2 === 0 || node.kind === "isNull" || node.kind === "pattern") {
      const segments = [...node.path.segments];
      const at = seed % segments.length;
      segments[at] = misspell(segments[at] as string, seed >> 1);
      return { ...node, path: { ...node.path, segments } };
    }
    if (node.kind === "comparison") return { ...node, value: { ...node.value, text: junk } };
    return { ...node, values: node.values.map((value) => ({ ...value, text: junk })) };
  };
  return walk(ast) as WhereExpression;
}

function whereCases(): Case[] {
  const cases: Case[] = [];
  RESOURCES.forEach((resource, r) => {
    const schema = schemas[resource];
    const typed = sample(
      whereTextArbitrary(schema, { maxLength: WHERE_LIMIT }),
      WHERE_LIMIT,
      80,
      31 + r,
    );
    const untyped = sample(
      whereTextArbitrary(undefined, { maxLength: WHERE_LIMIT }),
      WHERE_LIMIT,
      25,
      41 + r,
    );
    const invalid = sample(
      invalidWhereArbitrary().map((invalid) => invalid.text),
      WHERE_LIMIT,
      45,
      51 + r,
    );
    const junk = fc.sample(
      fc.constantFrom(
        "x",
        "1.5",
        "-2",
        "true",
        "2024-02-30",
        "0000-01-01",
        "TRUE",
        "2024-02-29",
        'a"b',
        "1e3",
      ),
      { numRuns: runs(30), seed: 61 + r },
    );
    const altered = typed.slice(0, 30).map((text, i) => {
      const parsed = safeParseWhere(text);
      if (!parsed.success) throw parsed.error;
      return formatWhere(alterWhere(parsed.data, i * 7 + r, junk[i] as string));
    });
    for (const text of [...typed, ...untyped, ...invalid, ...altered])
      cases.push({ language: "where", resource, text });
  });
  return cases;
}

function fieldsCases(): Case[] {
  const cases: Case[] = [];
  RESOURCES.forEach((resource, r) => {
    const schema = schemas[resource];
    const typed = sample(
      fieldsTextArbitrary(schema, { maxLength: FIELDS_LIMIT }),
      FIELDS_LIMIT,
      50,
      71 + r,
    );
    const untyped = sample(
      fieldsTextArbitrary(undefined, { maxLength: FIELDS_LIMIT }),
      FIELDS_LIMIT,
      15,
      81 + r,
    );
    const invalid = sample(
      invalidFieldsArbitrary().map((invalid) => invalid.text),
      FIELDS_LIMIT,
      25,
      91 + r,
    );
    const misspelt = typed.slice(0, 15).map((text, i) => {
      const names = [...text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)];
      const name = names[(i * 3) % names.length];
      if (!name || name.index === undefined) return text;
      return (
        text.slice(0, name.index) +
        misspell(name[0], i + r) +
        text.slice(name.index + name[0].length)
      );
    });
    for (const text of [...typed, ...untyped, ...invalid, ...misspelt])
      cases.push({ language: "fields", resource, text });
  });
  return cases;
}

/** A text of `length` characters that is no value of any type: words, a colon and a quote. */
const noValue = (length: number) =>
  'this is a free-text note, not a boolean at all: "yes" or "no"; '.repeat(20).slice(0, length);

describe("the compiler reads literal texts as the runtime does", () => {
  it("quotes every character as the runtime's messages do", () => {
    const invisible = new RegExp(`[${INVISIBLE_CLASS}]`);
    const characters: string[] = [];
    for (let code = 0; code < 0x10000; code++) {
      const char = String.fromCharCode(code);
      if (code < 0x300 || invisible.test(char)) characters.push(char);
    }
    characters.push("é", "€", "😀", "\u{10FFFF}");
    // Each character alone, amid a text, and where a long text is shortened around it.
    const texts = characters.flatMap((c) => [c, `a${c}b`, `${"x".repeat(19)}${c}${"y".repeat(9)}`]);
    const types = `${root}src/schema/`;
    const lines = [
      `import type { Escaped } from ${JSON.stringify(`${types}escapes-type.ts`)};`,
      `import type { Quoted } from ${JSON.stringify(`${types}literal-text-type.ts`)};`,
    ];
    texts.forEach((text, i) => {
      // A value as validate-where.ts quotes it, any other piece as quoteInput does.
      const value = JSON.stringify(text).slice(1, -1);
      lines.push(
        `export const v${i}: Escaped<${JSON.stringify(text)}> = ${JSON.stringify(value)};`,
      );
      lines.push(
        `export const q${i}: Quoted<${JSON.stringify(text)}> = ${JSON.stringify(quoteInput(text))};`,
      );
    });
    const { byLine } = checkSource(`${lines.join("\n")}\n`, "quoting");
    expect([...byLine.values()]).toEqual([]);
    expect(texts.length).toBeGreaterThan(2_000);
  }, 120_000);

  it("reads the longest values within the limit without TS2589, in the runtime's words", () => {
    const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;
    const within = (head: string, tail = "") => {
      let length = WHERE_LIMIT - head.length - tail.length - 2;
      while (quoted(noValue(length)).length > WHERE_LIMIT - head.length - tail.length) length--;
      return `${head}${quoted(noValue(length))}${tail}`;
    };
    const cases: Case[] = [
      { language: "where", resource: "finding", text: within("readOnly=") },
      { language: "where", resource: "project", text: within("id=") },
      { language: "where", resource: "artefact", text: within("rank>") },
      { language: "where", resource: "finding", text: within("creationDate>=") },
      { language: "where", resource: "project", text: within("id IN (1,", ")") },
      {
        language: "where",
        resource: "finding",
        text: 'readOnly="this is a free-text note, not a boolean at all: yes or no"',
      },
    ];
    const { byLine, lineOf, codes } = typeCheck(cases, "limits");
    expect(codes).not.toContain(2589);
    cases.forEach((c, i) => {
      expect(c.text.length).toBeLessThanOrEqual(WHERE_LIMIT);
      const diagnostic = byLine.get(lineOf[i] as number);
      const message = diagnostic === undefined ? undefined : compilerMessage(diagnostic);
      expect(message).toBe(runtimeVerdict(c)?.message);
    });
  }, 120_000);

  it("reads the costliest texts within the limits without TS2589, in the runtime's words", () => {
    // Each kind of text that costs the reader most, padded to every length up to the limit,
    // its mistake at the very end so that the whole of it is read first.
    const upTo = (limit: number, unit: string, end: string, start = "") =>
      [0, 1, 2, 3, unit.length - 1].map((shorter) => {
        const room = limit - shorter - start.length - end.length;
        return `${start}${unit.repeat(Math.ceil(room / unit.length)).slice(0, room)}${end}`;
      });
    const deep = (levels: number, end: string) =>
      upTo(
        WHERE_LIMIT,
        " OR rank=1",
        end,
        `${"(".repeat(levels)}rank=1${")".repeat(levels)}`,
      )[0] as string;
    const where = [
      ...upTo(WHERE_LIMIT, "rank=1 OR ", "rank=1 AND rnak>=2"),
      ...upTo(WHERE_LIMIT, "rank IS NOT NULL AND ", "rank IS NOT NULL AND rnak>=2"),
      ...upTo(WHERE_LIMIT, "infos.LANGUAGE=a AND ", "infos.LANGUAGE=a AND"),
      ...upTo(WHERE_LIMIT, 'a""', '" AND rnak=1', 'name="'),
      ...upTo(WHERE_LIMIT, "a", " AND rnak=1", "name="),
      ...upTo(WHERE_LIMIT, "a", "* AND rnak=1", "name~*"),
      ...upTo(WHERE_LIMIT, "12,", "x)", "rank IN ("),
      ...upTo(WHERE_LIMIT, " \t\r\n", "AND rnak=1", "rank=1 "),
      ...upTo(WHERE_LIMIT, "rankk", "=1"),
      ...upTo(WHERE_LIMIT, "measures.LOC", "=1"),
      deep(64, " AND rnak=1"),
      deep(65, ""),
      deep(63, " AND (((rank=1) AND"),
    ].map((text) => ({ language: "where" as const, resource: "artefact" as const, text }));
    const fields = [
      ...upTo(FIELDS_LIMIT, "id,", "nmae"),
      ...upTo(FIELDS_LIMIT, "measures(LOC,CC),", "measures(LOC,CCC)"),
      ...upTo(FIELDS_LIMIT, " \t\r\n", "nmae", "id,"),
      ...upTo(FIELDS_LIMIT, "namee", ""),
      ...upTo(FIELDS_LIMIT, "indicators.COMPLEXITY.rank,", "indicators.COMPLEXITY.rnak"),
    ].map((text) => ({ language: "fields" as const, resource: "artefact" as const, text }));
    for (const c of [...where, ...fields]) {
      expect(c.text.length).toBeLessThanOrEqual(
        c.language === "where" ? WHERE_LIMIT : FIELDS_LIMIT,
      );
    }
    const { disagreements, codes, refused } = disagreementsOf([...where, ...fields], "costliest");
    expect(codes).not.toContain(2589);
    expect(disagreements).toEqual([]);
    expect(refused).toBe(where.length + fields.length);
  }, 300_000);

  it("checks each member of a union of texts, in the runtime's words", () => {
    const byKind = new Map<string, Case[]>();
    for (const c of [...whereCases(), ...fieldsCases()]) {
      const kind = `${c.language} ${c.resource}`;
      byKind.set(kind, [...(byKind.get(kind) ?? []), c]);
    }
    // Each text with one further on in its language and resource: valid and refused mixed.
    const pairs = [...byKind.values()].flatMap((cases) =>
      cases.slice(0, 60).map((c, i) => [c, cases[(i * 37 + 11) % cases.length] as Case] as const),
    );
    const { disagreements, refused } = unionDisagreements(pairs, "unions");
    expect(disagreements).toEqual([]);
    expect(refused).toBeGreaterThan(pairs.length / 4);
    expect(pairs.length - refused).toBeGreaterThan(pairs.length / 10);
  }, 300_000);

  it("reads a template's number holes as numbers and checks its literal parts", () => {
    const templates: TemplateCase[] = [];
    RESOURCES.forEach((resource, r) => {
      const texts = sample(
        whereTextArbitrary(schemas[resource], { maxLength: WHERE_LIMIT }),
        WHERE_LIMIT,
        200,
        131 + r,
      );
      texts.forEach((valid, i) => {
        const parsed = safeParseWhere(valid, { schema: schemas[resource] });
        if (!parsed.success) throw parsed.error;
        let spans = numberValueSpans(parsed.data, schemas[resource]);
        if (spans.length === 0) return;
        let text = valid;
        // Every other text has its first path misspelt: the values all come after it.
        if (i % 2 === 1) {
          const path = firstPath(parsed.data).span;
          const name = misspell(text.slice(path.start, path.end), i);
          text = text.slice(0, path.start) + name + text.slice(path.end);
          const shift = name.length - (path.end - path.start);
          spans = spans.map((span) => ({ start: span.start + shift, end: span.end + shift }));
        }
        // Every number value a hole, or only the first.
        const holes = i % 3 === 0 ? spans.slice(0, 1) : spans;
        const parts = holes.map((span, k) => text.slice(holes[k - 1]?.end ?? 0, span.start));
        parts.push(text.slice((holes.at(-1) as Span).end));
        templates.push({ resource, parts });
      });
    });
    expect(templates.length).toBeGreaterThan(200);
    const { disagreements, refused } = templateDisagreements(templates, "templates");
    expect(disagreements).toEqual([]);
    expect(refused).toBeGreaterThan(templates.length / 5);
    expect(templates.length - refused).toBeGreaterThan(templates.length / 5);
  }, 300_000);

  it("refuses exactly the texts safeParse* refuses, in the runtime's words", () => {
    const cases = [...whereCases(), ...fieldsCases()];
    const where = cases.filter((c) => c.language === "where");
    // The counts grammar/language.md 4.6 and docs/schemas.md give (with the mutants' 4,200).
    expect(where.length).toBe(540);
    expect(cases.length - where.length).toBe(315);

    const { disagreements, refused, projections } = disagreementsOf(cases, "agreement");

    expect(disagreements).toEqual([]);
    // Both kinds of text were there in numbers.
    expect(refused).toBeGreaterThan(cases.length / 4);
    expect(cases.length - refused).toBeGreaterThan(cases.length / 4);
    expect(projections).toBeGreaterThan(200);
  }, 300_000);
});
