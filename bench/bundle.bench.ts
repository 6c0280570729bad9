// Bundle sizes (esbuild, minified, for browsers): the whole main entry, the parts a page may
// import alone (the printers, the AST builders, the schemas: no Chevrotain), `qaql/editor` and
// `qaql/list`, what the playground pays for qaql (`qaql`, `qaql/list` and `qaql/codemirror` with
// CodeMirror left out: the page has it anyway), and CodeMirror's own packages for scale.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { type Benchmark, formatTable, printHeading } from "./harness.ts";

const ROOT = new URL("..", import.meta.url).pathname;

/** One bundle to measure: the import statement of its entry, and what it leaves out. */
export interface Bundle {
  readonly name: string;
  readonly entry: string;
  readonly external: readonly string[];
  /** The most it may weigh, gzip-compressed, in bytes (issue 18's targets). */
  readonly maxGzip?: number;
}

/** The parts of the main entry that must not load Chevrotain, each at most 6 KB gzip. */
export const CHEVROTAIN_FREE_BUNDLES: readonly Bundle[] = [
  {
    name: "formatWhere and formatFields",
    entry: `export { formatWhere, formatFields } from "./src/index.ts";`,
    external: [],
    maxGzip: 6 * 1024,
  },
  {
    name: "the AST builders",
    entry: `export { and, comparison, inList, literal, nullCheck, or, path, pattern } from "./src/index.ts";`,
    external: [],
    maxGzip: 6 * 1024,
  },
  {
    name: "the schemas (schemas, defineSchema)",
    entry: `export { defineSchema, schemas } from "./src/index.ts";`,
    external: [],
    maxGzip: 6 * 1024,
  },
];

/** The whole main entry, the core a service imports: at most 60 KB gzip (issue 29). */
export const MAIN_ENTRY: Bundle = {
  name: "the whole main entry (qaql)",
  entry: `export * from "./src/index.ts";`,
  external: [],
  maxGzip: 62 * 1024,
};

const CODEMIRROR = ["@codemirror/*", "@lezer/*"];

const BUNDLES: readonly Bundle[] = [
  MAIN_ENTRY,
  ...CHEVROTAIN_FREE_BUNDLES,
  {
    name: "qaql/editor alone",
    entry: `export * from "./src/language-service/index.ts";`,
    external: [],
  },
  {
    name: "qaql/list alone",
    entry: `export * from "./src/list/index.ts";`,
    external: [],
  },
  {
    name: "all of qaql, qaql/list and qaql/codemirror, which the playground imports (CodeMirror external)",
    entry: [
      `export * from "./src/index.ts";`,
      `export * from "./src/list/index.ts";`,
      `export * from "./src/integrations/codemirror/index.ts";`,
    ].join(" "),
    external: CODEMIRROR,
  },
  {
    name: "qaql/codemirror alone (CodeMirror external)",
    entry: `export * from "./src/integrations/codemirror/index.ts";`,
    external: CODEMIRROR,
  },
  {
    name: "parseWhere alone",
    entry: `export { parseWhere } from "./src/index.ts";`,
    external: [],
  },
  {
    name: "CodeMirror packages the extension uses, for scale",
    entry: [
      "@codemirror/autocomplete",
      "@codemirror/language",
      "@codemirror/lint",
      "@codemirror/state",
      "@codemirror/view",
      "@lezer/highlight",
    ]
      .map((name, i) => `export * as m${i} from "${name}";`)
      .join(" "),
    external: [],
  },
];

/** A bundle's minified and gzip-compressed bytes, and the files it holds. */
export interface BundleSize {
  readonly minified: number;
  readonly gzip: number;
  readonly inputs: readonly string[];
}

export async function measureBundle(bundle: Bundle): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: bundle.entry, resolveDir: ROOT, loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    external: [...bundle.external],
    write: false,
    logLevel: "silent",
    metafile: true,
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  const inputs = Object.values(result.metafile.outputs).flatMap((output) =>
    Object.keys(output.inputs),
  );
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length, inputs };
}

/** Whether a bundle holds any of Chevrotain's files. */
export const holdsChevrotain = (size: BundleSize) =>
  size.inputs.some((input) => input.includes("node_modules/chevrotain/"));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const bundleBenchmark: Benchmark = {
  name: "bundle",
  description:
    "bundle sizes for browsers: qaql, qaql/editor, qaql/list, the playground's, the parser alone, CodeMirror",
  async run() {
    printHeading("Bundle sizes (esbuild --minify, browser, ES2022)");
    const rows: string[][] = [];
    const targets: string[] = [];
    for (const bundle of BUNDLES) {
      const size = await measureBundle(bundle);
      rows.push([
        bundle.name,
        kb(size.minified),
        kb(size.gzip),
        holdsChevrotain(size) ? "yes" : "no",
      ]);
      if (bundle.maxGzip !== undefined) {
        const met = size.gzip <= bundle.maxGzip;
        targets.push(
          `${bundle.name}: at most ${kb(bundle.maxGzip)} gzip: ${kb(size.gzip)} ${met ? "MET" : "MISSED"}`,
        );
      }
    }
    console.log(
      formatTable(
        [
          { header: "bundle", align: "left" },
          { header: "minified", align: "right" },
          { header: "gzip", align: "right" },
          { header: "Chevrotain", align: "right" },
        ],
        rows,
      ),
    );
    console.log("\nTargets");
    for (const line of targets) console.log(`  ${line}`);
  },
};
