import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  fieldsTextArbitrary,
  invalidFieldsArbitrary,
  invalidWhereArbitrary,
  whereTextArbitrary,
} from "../../src/arbitraries/index.ts";
import type { WhereExpression, WhereNode } from "../../src/ast/where.ts";
import {
  compileFields,
  formatWhere,
  type QuerySyntaxError,
  type QueryValidationError,
  safeParseFields,
  safeParseWhere,
  schemas,
} from "../../src/index.ts";
import { diagnoseFields, diagnoseWhere } from "../../src/language-service/index.ts";
import type {
  MAX_TYPED_FIELDS_LENGTH,
  MAX_TYPED_WHERE_LENGTH,
} from "../../src/schema/literal-text-type.ts";
import { runs } from "../support/runs.ts";

// The compiler and the runtime agree (issue 31 §3): texts from qaql's own arbitraries, valid,
// invalid and misspelt, written as literal calls into one TypeScript file and type-checked with
// the compiler API; tsc must refuse exactly the texts `safeParse*` refuses, in its words.

const WHERE_LIMIT: MAX_TYPED_WHERE_LENGTH = 500;
const FIELDS_LIMIT: MAX_TYPED_FIELDS_LENGTH = 400;
const RESOURCES = ["project", "artefact", "finding"] as const;
type Resource = (typeof RESOURCES)[number];

const sample = (arbitrary: fc.Arbitrary<string>, limit: number, count: number, seed: number) =>
  fc.sample(
    arbitrary.filter((text) => text.length <= limit),
    { numRuns: count, seed },
  );

/** A misspelling of a name: two letters swapped, one dropped, doubled or changed, or its case. */
function misspell(name: string, seed: number): string {
  const at = seed % name.length;
  switch (seed % 5) {
    case 0:
      return name.length > 1 && at + 1 < name.length
        ? name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2)
        : `${name}s`;
    case 1:
      return name.length > 1 ? name.slice(0, at) + name.slice(at + 1) : `${name}x`;
    case 2:
      return name.slice(0, at + 1) + name.slice(at);
    case 3:
      return `${name.slice(0, at)}q${name.slice(at + 1)}`;
    default:
      return name === name.toUpperCase() ? name.toLowerCase() : name.toUpperCase();
  }
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

interface Case {
  readonly language: "where" | "fields";
  readonly resource: Resource;
  readonly text: string;
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

/** What the runtime says of a text: undefined where it accepts it, else the sentence tsc must print. */
function runtimeVerdict(
  c: Case,
): { readonly kind: "syntax" | "schema"; readonly message: string } | undefined {
  const parse = c.language === "where" ? safeParseWhere : safeParseFields;
  const result = parse(c.text, { schema: schemas[c.resource] });
  if (result.success) return undefined;
  const error: QuerySyntaxError | QueryValidationError = result.error;
  if (error.name === "QueryValidationError") {
    return { kind: "schema", message: (error as QueryValidationError).issues[0]?.message ?? "" };
  }
  return { kind: "syntax", message: error.description };
}

const root = fileURLToPath(new URL("../../", import.meta.url));
const dump = JSON.parse(readFileSync(`${root}sample/dump.json`, "utf8")) as Record<
  string,
  readonly unknown[]
>;
const LISTS: Record<Resource, string> = {
  project: "projects",
  artefact: "artefacts",
  finding: "findings",
};

/** The test file: one call per line, then for each valid selection a projected record typed back. */
function program(cases: readonly Case[]): {
  source: string;
  lineOf: number[];
  projections: number;
} {
  const lines = [
    `import { compileFields, compileWhere, type Infer, schemas } from ${JSON.stringify(`${root}src/index.ts`)};`,
  ];
  const lineOf: number[] = [];
  let projections = 0;
  cases.forEach((c, i) => {
    lineOf.push(lines.length);
    const call = c.language === "where" ? "compileWhere" : "compileFields";
    lines.push(
      `export const c${i} = ${call}(${JSON.stringify(c.text)}, { schema: schemas.${c.resource} });`,
    );
    if (c.language === "fields" && runtimeVerdict(c) === undefined) {
      const project = compileFields(c.text, { schema: schemas[c.resource] });
      const records = (dump[LISTS[c.resource]] ?? []).slice(i % 5, (i % 5) + 2);
      records.forEach((record, k) => {
        projections++;
        lines.push(
          `const v${i}_${k} = ${JSON.stringify(project(record as never))} as const;`,
          `export const t${i}_${k}: ReturnType<typeof c${i}<Infer<typeof schemas.${c.resource}>>> = v${i}_${k};`,
        );
      });
    }
  });
  return { source: `${lines.join("\n")}\n`, lineOf, projections };
}

/** The parameter type tsc printed for a refused call: the compile-time message. */
function compilerMessage(diagnostic: string): string | undefined {
  const match = /parameter of type '("(?:[^"\\]|\\.)*")'/.exec(diagnostic);
  return match ? (JSON.parse(match[1] as string) as string) : undefined;
}

/** Type-checks the calls of `cases` in a file of their own: each diagnostic by line, and its code. */
function typeCheck(cases: readonly Case[], name: string) {
  const { source, lineOf, projections } = program(cases);
  const dir = `${root}node_modules/.cache/qaql-type-agreement`;
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/${name}.ts`;
  writeFileSync(file, source);
  const config = ts.readConfigFile(`${root}tsconfig.json`, (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const tsProgram = ts.createProgram([file], { ...options, noErrorTruncation: true });
  const sourceFile = tsProgram.getSourceFile(file);
  const diagnostics = tsProgram.getSemanticDiagnostics(sourceFile);
  const byLine = new Map<number, string>();
  for (const diagnostic of diagnostics) {
    const line = sourceFile?.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line ?? -1;
    byLine.set(line, ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
  }
  return { byLine, lineOf, projections, codes: diagnostics.map((d) => d.code) };
}

/** A text of `length` characters that is no value of any type: words, a colon and a quote. */
const noValue = (length: number) =>
  'this is a free-text note, not a boolean at all: "yes" or "no"; '.repeat(20).slice(0, length);

describe("the compiler reads literal texts as the runtime does", () => {
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

  it("refuses exactly the texts safeParse* refuses, in the runtime's words", () => {
    const cases = [...whereCases(), ...fieldsCases()];
    const where = cases.filter((c) => c.language === "where");
    expect(where.length).toBeGreaterThanOrEqual(500);
    expect(cases.length - where.length).toBeGreaterThanOrEqual(300);

    const { byLine, lineOf, projections } = typeCheck(cases, "agreement");

    const disagreements: string[] = [];
    let refused = 0;
    cases.forEach((c, i) => {
      const line = lineOf[i] as number;
      const verdict = runtimeVerdict(c);
      const diagnostic = byLine.get(line);
      byLine.delete(line);
      const show = `${c.language} on ${c.resource}: ${JSON.stringify(c.text)}`;
      if (verdict === undefined) {
        if (diagnostic !== undefined) disagreements.push(`${show}: tsc refuses it: ${diagnostic}`);
        return;
      }
      refused++;
      const message = diagnostic === undefined ? undefined : compilerMessage(diagnostic);
      if (message === undefined) {
        disagreements.push(
          `${show}: the runtime refuses it (${verdict.message}), tsc ${diagnostic ?? "accepts it"}`,
        );
      } else if (
        verdict.kind === "schema"
          ? message !== verdict.message
          : !verdict.message.startsWith(message)
      ) {
        disagreements.push(
          `${show}: tsc says ${JSON.stringify(message)}, the runtime ${JSON.stringify(verdict.message)}`,
        );
      }
      // An editor (qaql/editor, and so CodeMirror and the playground) shows the same words among
      // its problems (all of them, in the order of the text); it reads a blank text as no filter.
      const diagnose = c.language === "where" ? diagnoseWhere : diagnoseFields;
      const shown = diagnose(c.text, { schema: schemas[c.resource] }).map((d) => d.message);
      if (
        message !== undefined &&
        c.text.trim() !== "" &&
        !shown.some((m) => m.startsWith(message))
      ) {
        disagreements.push(
          `${show}: tsc says ${JSON.stringify(message)}, the editor ${JSON.stringify(shown)}`,
        );
      }
    });
    // The rest are projection lines: a runtime projection whose value the computed type refuses.
    for (const [line, diagnostic] of byLine) disagreements.push(`line ${line + 1}: ${diagnostic}`);

    expect(disagreements).toEqual([]);
    // Both kinds of text were there in numbers.
    expect(refused).toBeGreaterThan(cases.length / 4);
    expect(cases.length - refused).toBeGreaterThan(cases.length / 4);
    expect(projections).toBeGreaterThan(200);
  }, 300_000);
});
