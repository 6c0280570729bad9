// Bundle sizes (esbuild, minified, for browsers): what a page pays for qaql's editor support, the
// playground's own import of `qaql` and `qaql/codemirror` with CodeMirror left out (the page has
// it anyway), beside the main entry's parser alone and CodeMirror's own packages for scale.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { type Benchmark, formatTable, printHeading } from "./harness.ts";

const ROOT = new URL("..", import.meta.url).pathname;

/** One bundle to measure: the import statement of its entry, and what it leaves out. */
interface Bundle {
  readonly name: string;
  readonly entry: string;
  readonly external: readonly string[];
}

const CODEMIRROR = ["@codemirror/*", "@lezer/*"];

const BUNDLES: readonly Bundle[] = [
  {
    name: "all of qaql and qaql/codemirror, which the playground imports (CodeMirror external)",
    entry: `export * from "./src/index.ts"; export * from "./src/integrations/codemirror/index.ts";`,
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

/** Minified and gzip-compressed bytes of a bundle. */
async function measure(bundle: Bundle): Promise<{ minified: number; gzip: number }> {
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
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const bundleBenchmark: Benchmark = {
  name: "bundle",
  description: "bundle sizes for browsers: qaql + qaql/codemirror, the parser alone, CodeMirror",
  async run() {
    printHeading("Bundle sizes (esbuild --minify, browser, ES2022)");
    const rows: string[][] = [];
    for (const bundle of BUNDLES) {
      const { minified, gzip } = await measure(bundle);
      rows.push([bundle.name, kb(minified), kb(gzip)]);
    }
    console.log(
      formatTable(
        [
          { header: "bundle", align: "left" },
          { header: "minified", align: "right" },
          { header: "gzip", align: "right" },
        ],
        rows,
      ),
    );
  },
};
