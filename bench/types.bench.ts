// What the type-level readers cost `tsc --noEmit`: a file of 200 typical filter literals (and one
// of 100 selections) checked with typed schemas, against the same calls with each text typed
// `string` (what a user without typed literals writes), in one TypeScript program each, side by
// side; and the 40-comparison filter of the parse benchmark, which must type-check.
import { mkdirSync, writeFileSync } from "node:fs";
import fc from "fast-check";
import ts from "typescript";
import { fieldsTextArbitrary, whereTextArbitrary } from "../src/arbitraries/index.ts";
import { schemas } from "../src/index.ts";
import { editorOf } from "../test/support/language-service.ts";
import { type Benchmark, formatTable, printHeading } from "./harness.ts";
import { largeFilter, PARSE_FILTERS } from "./parse-filters.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const DIR = `${ROOT}node_modules/.cache/qaql-types-bench`;
const RESOURCES = ["project", "artefact", "finding"] as const;
const RUNS = 5;

/** Filters as users write them: canonical, at most 120 characters, on the shipped schemas. */
function typicalFilters(count: number): { resource: string; text: string }[] {
  return RESOURCES.flatMap((resource, r) =>
    fc
      .sample(
        whereTextArbitrary(schemas[resource], { canonical: true, maxDepth: 2 }).filter(
          (text) => text.length <= 120,
        ),
        { numRuns: Math.ceil(count / RESOURCES.length), seed: 200 + r },
      )
      .map((text) => ({ resource, text })),
  ).slice(0, count);
}

function typicalSelections(count: number): { resource: string; text: string }[] {
  return RESOURCES.flatMap((resource, r) =>
    fc
      .sample(
        fieldsTextArbitrary(schemas[resource], { canonical: true }).filter((t) => t.length <= 120),
        { numRuns: Math.ceil(count / RESOURCES.length), seed: 300 + r },
      )
      .map((text) => ({ resource, text })),
  ).slice(0, count);
}

/** A TypeScript file of one call per text: literals, or the same texts typed `string`. */
function source(
  call: "compileWhere" | "compileFields",
  texts: readonly { resource: string; text: string }[],
  literal: boolean,
): string {
  const lines = [`import { ${call}, schemas } from ${JSON.stringify(`${ROOT}src/index.ts`)};`];
  texts.forEach(({ resource, text }, i) => {
    const argument = literal ? JSON.stringify(text) : `(${JSON.stringify(text)} as string)`;
    lines.push(`export const c${i} = ${call}(${argument}, { schema: schemas.${resource} });`);
  });
  return `${lines.join("\n")}\n`;
}

const config = ts.readConfigFile(`${ROOT}tsconfig.json`, (path) => ts.sys.readFile(path));
const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);

/** Milliseconds to create a program of one file and check it, and the errors it reports. */
function check(name: string, text: string): { ms: number; errors: string[] } {
  const file = `${DIR}/${name}.ts`;
  writeFileSync(file, text);
  const started = performance.now();
  const program = ts.createProgram([file], options);
  const diagnostics = program.getSemanticDiagnostics(program.getSourceFile(file));
  const ms = performance.now() - started;
  return {
    ms,
    errors: diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")),
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Checks two files alternately, RUNS times each, and returns their median times. */
function sideBySide(baseline: string, typed: string): { baseline: number; typed: number } {
  const times = { baseline: [] as number[], typed: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    for (const [name, text] of [
      ["baseline", baseline],
      ["typed", typed],
    ] as const) {
      const { ms, errors } = check(name, text);
      if (errors.length > 0) throw new Error(`${name}: ${errors.slice(0, 3).join("; ")}`);
      times[name].push(ms);
    }
  }
  return { baseline: median(times.baseline), typed: median(times.typed) };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const EDITS = 6;

/**
 * What an editor waits for after a keystroke in a file: the language service's diagnostics of
 * the file after the 101st text gains or loses a leading "x", the median of EDITS edits.
 */
function editLatency(name: string, text: string): number {
  const file = `${DIR}/${name}.ts`;
  writeFileSync(file, text);
  const editor = editorOf(file, text);
  editor.service.getSemanticDiagnostics(file);
  const times: number[] = [];
  for (let edit = 0; edit < EDITS; edit++) {
    editor.edit(
      edit % 2 === 0
        ? editor.text().replace(/(export const c100 = \w+\(\(?")/, "$1x")
        : editor.text().replace(/(export const c100 = \w+\(\(?")x/, "$1"),
    );
    const started = performance.now();
    editor.service.getSemanticDiagnostics(file);
    times.push(performance.now() - started);
  }
  editor.service.dispose();
  return median(times);
}

/** Edit latency of two files, alternately, and the medians. */
function editsSideBySide(baseline: string, typed: string): { baseline: number; typed: number } {
  const times = { baseline: [] as number[], typed: [] as number[] };
  for (let run = 0; run < 3; run++) {
    times.baseline.push(editLatency("edit-baseline", baseline));
    times.typed.push(editLatency("edit-typed", typed));
  }
  return { baseline: median(times.baseline), typed: median(times.typed) };
}

export const typesBenchmark: Benchmark = {
  name: "types",
  description: "what type-checking literal filters and selections adds to tsc --noEmit",
  async run() {
    mkdirSync(DIR, { recursive: true });
    printHeading("tsc --noEmit: literal texts checked by the compiler (issue 31)");
    // A first program warms the compiler up, so that no row pays for it.
    check("warm-up", source("compileWhere", typicalFilters(10), true));
    const filters = typicalFilters(200);
    const selections = typicalSelections(100);
    const where = sideBySide(
      source("compileWhere", filters, false),
      source("compileWhere", filters, true),
    );
    const fields = sideBySide(
      source("compileFields", selections, false),
      source("compileFields", selections, true),
    );
    const rows = [
      [`200 where literals (median length ${median(filters.map((f) => f.text.length))})`, where],
      [
        `100 fields literals (median length ${median(selections.map((f) => f.text.length))})`,
        fields,
      ],
    ] as const;
    console.log(
      formatTable(
        [
          { header: "file", align: "left" },
          { header: "texts typed string", align: "right" },
          { header: "literals read", align: "right" },
          { header: "added", align: "right" },
          { header: "per literal", align: "right" },
        ],
        rows.map(([name, times]) => [
          name,
          seconds(times.baseline),
          seconds(times.typed),
          seconds(times.typed - times.baseline),
          `${((times.typed - times.baseline) / (name.startsWith("200") ? 200 : 100)).toFixed(1)} ms`,
        ]),
      ),
    );
    const whereFile = source("compileWhere", filters, true);
    const whereEdits = editsSideBySide(source("compileWhere", filters, false), whereFile);
    const fieldsEdits = editsSideBySide(
      source("compileFields", selections, false),
      source("compileFields", selections, true),
    );
    console.log(
      `\n${formatTable(
        [
          { header: "diagnostics after editing one text of", align: "left" },
          { header: "texts typed string", align: "right" },
          { header: "literals read", align: "right" },
        ],
        [
          ["200 where literals", whereEdits],
          ["100 fields literals", fieldsEdits],
        ].map(([name, times]) => [
          name as string,
          seconds((times as { baseline: number }).baseline),
          seconds((times as { typed: number }).typed),
        ]),
      )}`,
    );
    const targets = [
      ["200 filter literals add to tsc", where.typed - where.baseline, 700],
      ["100 selections add to tsc", fields.typed - fields.baseline, 400],
      ["diagnostics after an edit in the 200-literal file", whereEdits.typed, 500],
    ] as const;
    console.log("");
    for (const [what, ms, limit] of targets) {
      console.log(
        `Target: ${what}: at most ${seconds(limit)}: ${seconds(ms)} ${ms <= limit ? "MET" : "MISSED"}`,
      );
    }

    // The 40-comparison filter, on a schema of its fields: read whole (484 characters), no error.
    const large = largeFilter().qaql;
    const fieldsOfLarge = [...new Set(large.match(/\b[fg][0-9]+\b/g) ?? [])];
    const shape = fieldsOfLarge
      .map((name) => (name.startsWith("g") ? `${name}: { sub: "string" }` : `${name}: "string"`))
      .join(", ");
    const lines = [
      `import { compileWhere, defineSchema, type CheckedWhere } from ${JSON.stringify(`${ROOT}src/index.ts`)};`,
      `const schema = defineSchema({ ${shape} });`,
      `const text = ${JSON.stringify(large)};`,
      "export const large = compileWhere(text, { schema });",
      // The misspelt twin must be refused: proof that the text was read, not given way.
      `// @ts-expect-error: unknown field`,
      `export const misspelt = compileWhere(${JSON.stringify(large.replace("f0=", "fz0="))}, { schema });`,
      ...PARSE_FILTERS.filter((f) => f.name !== "large").map(
        (f, i) => `export type T${i} = CheckedWhere<${JSON.stringify(f.qaql)}, undefined>;`,
      ),
    ];
    const { ms, errors } = check("large", `${lines.join("\n")}\n`);
    console.log(
      `The 40-comparison filter (${large.length} characters): ${errors.length === 0 ? "type-checks, read whole" : `FAILS: ${errors.join("; ")}`} (${seconds(ms)} for its program)`,
    );
  },
};
