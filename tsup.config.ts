import { readFileSync, writeFileSync } from "node:fs";
import { defineConfig } from "tsup";
import { LIBRARY_ENTRIES } from "./scripts/entries.ts";

/**
 * Evaluated before anything else an entry imports: on an older Node, chevrotain's first line
 * fails on `Object.groupBy` with a stack that never names the version qaql needs.
 */
const RUNTIME_CHECK = `// The first module every entry of qaql evaluates: the Node.js version it needs, in one line.
const version = globalThis.process?.versions?.node;
if (version !== undefined && Number(version.split(".")[0]) < 22) {
  const error = new Error(\`qaql needs Node.js 22 or newer (this is \${version})\`);
  error.stack = error.message;
  throw error;
}
`;

/** Writes the check and makes it each entry's first import (on its first line: no source map moves). */
function checkRuntimeFirst(): void {
  writeFileSync("dist/runtime-check.js", RUNTIME_CHECK);
  for (const name of Object.keys(LIBRARY_ENTRIES)) {
    const file = `dist/${name}.js`;
    writeFileSync(file, `import "./runtime-check.js";${readFileSync(file, "utf8")}`);
  }
}

export default defineConfig([
  {
    // The core as `qaql`, editors' support as `qaql/editor`, list requests and pagination as
    // `qaql/list`, the artefact query definition as `qaql/query`, the fast-check arbitraries
    // as `qaql/arbitraries`, the check of a live server built on them as `qaql/conformance`,
    // list requests as Web Request -> Response as `qaql/http`, the streaming dump filter as
    // `qaql/dump`, the reference server (Node only) as `qaql/server`, and one entry per
    // framework or query-builder integration (`qaql/express`, …, `qaql/kysely`, …).
    entry: LIBRARY_ENTRIES,
    format: ["esm"],
    dts: true,
    // Peer dependencies: the arbitraries and the conformance check must use the caller's
    // fast-check, never a bundled copy, the framework integrations name only the types of the
    // framework the caller already has, and the query-builder integrations use the caller's
    // Kysely and Drizzle (Knex's types only), and the editor support the caller's CodeMirror.
    external: [
      "fast-check",
      "express",
      "fastify",
      "hono",
      "kysely",
      "knex",
      "drizzle-orm",
      /^@codemirror\//,
      "@lezer/highlight",
    ],
    clean: true,
    sourcemap: true,
    target: "node22",
    treeshake: true,
    onSuccess: async () => checkRuntimeFirst(),
  },
  {
    // The command line: Node-only, run as an executable, with the worker of `qaql filter --jobs`.
    entry: { cli: "src/cli/bin.ts", "filter-worker": "src/cli/jobs/filter-worker.ts" },
    format: ["esm"],
    // A native addon, loaded only for `qaql filter --engine duckdb`, from the user's install.
    external: ["@duckdb/node-api"],
    // `qaql conformance` runs on fast-check, an optional peer the command must not ask for.
    noExternal: ["fast-check"],
    sourcemap: true,
    target: "node22",
    banner: { js: "#!/usr/bin/env node" },
  },
]);
