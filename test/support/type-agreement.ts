import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import ts from "typescript";
import {
  compileFields,
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

// The compiler and the runtime agree (issue 31 §3, issue 48): texts written as literal calls into
// a TypeScript file of their own and type-checked with the compiler API; tsc must refuse exactly
// the texts `safeParse*` refuses, in its words.

export const WHERE_LIMIT: MAX_TYPED_WHERE_LENGTH = 500;
export const FIELDS_LIMIT: MAX_TYPED_FIELDS_LENGTH = 400;
export const RESOURCES = ["project", "artefact", "finding"] as const;
export type Resource = (typeof RESOURCES)[number];

export const sample = (
  arbitrary: fc.Arbitrary<string>,
  limit: number,
  count: number,
  seed: number,
) =>
  fc.sample(
    arbitrary.filter((text) => text.length <= limit),
    { numRuns: count, seed },
  );

export /** A misspelling of a name: two letters swapped, one dropped, doubled or changed, or its case. */
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

export interface Case {
  readonly language: "where" | "fields";
  readonly resource: Resource;
  readonly text: string;
}

/** What the runtime says of a text: undefined where it accepts it, else the sentence tsc must print. */
export function runtimeVerdict(
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

export const root = fileURLToPath(new URL("../../", import.meta.url));
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

/**
 * The compile-time message of a refused call of `text`: the parameter type tsc printed, or the
 * one member of it that does not complete the text where it also lists completions (11.3).
 */
export function compilerMessage(diagnostic: string, text?: string): string | undefined {
  const members = compilerMembers(diagnostic);
  if (members === undefined || members.length === 1 || text === undefined) return members?.[0];
  // Completions extend the text; of an empty text they are names, without white space.
  const completes = (member: string) =>
    member.startsWith(text) && (text !== "" || !/\s/.test(member));
  const others = members.filter((member) => !completes(member));
  return others.length === 1 ? others[0] : undefined;
}

/** Type-checks the calls of `cases` in a file of their own: each diagnostic by line, and its code. */
export function typeCheck(cases: readonly Case[], name: string) {
  const { source, lineOf, projections } = program(cases);
  return { ...checkSource(source, name), lineOf, projections };
}

/** Type-checks a file of source text under the project's options: each diagnostic by line, and its code. */
export function checkSource(source: string, name: string) {
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
  return { byLine, codes: diagnostics.map((d) => d.code) };
}

/**
 * Type-checks `cases` and lists where tsc and the runtime differ: a text one refuses and the
 * other accepts, other words, an editor that does not show tsc's words, or a projected record
 * its computed type refuses.
 */
export function disagreementsOf(cases: readonly Case[], name: string) {
  const { byLine, lineOf, projections, codes } = typeCheck(cases, name);
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
    const message = diagnostic === undefined ? undefined : compilerMessage(diagnostic, c.text);
    if (message === undefined) {
      disagreements.push(
        `${show}: the runtime refuses it (${verdict.message}), tsc ${diagnostic ?? "accepts it"}`,
      );
    } else if (
      verdict.kind === "schema" ? message !== verdict.message : !verdict.message.startsWith(message)
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

  return { disagreements, refused, projections, codes };
}

/** The members of the string-literal union tsc printed as a refused call's parameter type. */
export function compilerMembers(diagnostic: string): string[] | undefined {
  const match = /parameter of type '((?:"(?:[^"\\]|\\.)*"(?: \| )?)+)'/.exec(diagnostic);
  if (!match) return undefined;
  return [...(match[1] as string).matchAll(/"(?:[^"\\]|\\.)*"/g)].map(
    (member) => JSON.parse(member[0]) as string,
  );
}

/**
 * Type-checks calls on a union of two texts (`flag ? a : b`) and lists where tsc differs from
 * the runtime: it must refuse a union where the runtime refuses a member, its parameter type
 * holding each valid member as it is and each refused member's words.
 */
export function unionDisagreements(pairs: readonly (readonly [Case, Case])[], name: string) {
  const lines = [
    `import { compileFields, compileWhere, schemas } from ${JSON.stringify(`${root}src/index.ts`)};`,
    "declare const flag: boolean;",
  ];
  pairs.forEach(([a, b], i) => {
    const call = a.language === "where" ? "compileWhere" : "compileFields";
    const union = `flag ? ${JSON.stringify(a.text)} : ${JSON.stringify(b.text)}`;
    lines.push(`export const u${i} = ${call}(${union}, { schema: schemas.${a.resource} });`);
  });
  const { byLine } = checkSource(`${lines.join("\n")}\n`, name);
  const disagreements: string[] = [];
  let refused = 0;
  pairs.forEach((pair, i) => {
    const diagnostic = byLine.get(i + 2);
    const show = `${pair[0].language} on ${pair[0].resource}: ${JSON.stringify(pair.map((c) => c.text))}`;
    const verdicts = pair.map(runtimeVerdict);
    if (verdicts.every((verdict) => verdict === undefined)) {
      if (diagnostic !== undefined) disagreements.push(`${show}: tsc refuses it: ${diagnostic}`);
      return;
    }
    refused++;
    const members = diagnostic === undefined ? undefined : compilerMembers(diagnostic);
    if (members === undefined) {
      disagreements.push(
        `${show}: the runtime refuses a member, tsc ${diagnostic ?? "accepts it"}`,
      );
      return;
    }
    const said = (c: Case, verdict: ReturnType<typeof runtimeVerdict>) => (member: string) =>
      verdict === undefined
        ? member === c.text
        : verdict.kind === "schema"
          ? member === verdict.message
          : verdict.message.startsWith(member);
    const expected = pair.map((c, k) => said(c, verdicts[k]));
    const unheard = pair.filter((_, k) => !members.some(expected[k] as (m: string) => boolean));
    // Besides, the texts that complete an unfinished member (grammar/language.md 11.3).
    const completion = (member: string) =>
      pair.some(
        (c, k) => verdicts[k] !== undefined && member.startsWith(c.text) && member !== c.text,
      );
    const extra = members.filter(
      (member) => !expected.some((matches) => matches(member)) && !completion(member),
    );
    if (unheard.length > 0 || extra.length > 0) {
      disagreements.push(`${show}: tsc's parameter type is ${JSON.stringify(members)}`);
    }
  });
  return { disagreements, refused };
}

/** A `where` text with holes: the literal parts between them, each hole a `number`. */
export interface TemplateCase {
  readonly resource: Resource;
  readonly parts: readonly string[];
}

// A template's hole, written into the file tsc reads, and shown in a disagreement.
const HOLE = ["$", "{n}"].join("");
const SHOWN_HOLE = ["$", "{number}"].join("");

/** A part of a text as it is written between the backquotes of a template literal. */
const inTemplate = (part: string) =>
  JSON.stringify(part).slice(1, -1).replaceAll("`", "\\`").replaceAll("${", "\\${");

/**
 * Type-checks `compileWhere` on templates whose holes are of type `number`, and lists where tsc
 * differs from the runtime given the text with each hole a number (7): the literal parts are
 * checked, and a hole stands for a number's text.
 */
export function templateDisagreements(cases: readonly TemplateCase[], name: string) {
  const lines = [
    `import { compileWhere, schemas } from ${JSON.stringify(`${root}src/index.ts`)};`,
    "declare const n: number;",
  ];
  cases.forEach((c, i) => {
    const template = `\`${c.parts.map(inTemplate).join(HOLE)}\``;
    lines.push(
      `export const t${i} = compileWhere(${template}, { schema: schemas.${c.resource} });`,
    );
  });
  const { byLine } = checkSource(`${lines.join("\n")}\n`, name);
  const disagreements: string[] = [];
  let refused = 0;
  cases.forEach((c, i) => {
    const text = c.parts.join("7");
    const verdict = runtimeVerdict({ language: "where", resource: c.resource, text });
    const diagnostic = byLine.get(i + 2);
    const show = `where on ${c.resource}: ${JSON.stringify(c.parts.join(SHOWN_HOLE))}`;
    if (verdict === undefined) {
      if (diagnostic !== undefined) disagreements.push(`${show}: tsc refuses it: ${diagnostic}`);
      return;
    }
    refused++;
    const message = diagnostic === undefined ? undefined : compilerMessage(diagnostic);
    const same =
      message !== undefined &&
      (verdict.kind === "schema"
        ? message === verdict.message
        : verdict.message.startsWith(message));
    if (!same) {
      disagreements.push(
        `${show}: the runtime says ${verdict.message}, tsc ${diagnostic ?? "accepts it"}`,
      );
    }
  });
  return { disagreements, refused };
}
