import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..", "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : full.endsWith(".ts") ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/^(?:import|export)[^;]*?from\s+"([^"]+)"/gms)].map(
    (m) => m[1] as string,
  );
}

const FRAMEWORK =
  /^(?:express|fastify|hono|@hono\/[^/]+|kysely|knex|drizzle-orm|@codemirror\/[^/]+|@lezer\/[^/]+)(?:\/.*)?$/;

/** The folder of src/integrations that alone may name each peer library. */
const HOME: Readonly<Record<string, string>> = {
  express: "express",
  fastify: "fastify",
  hono: "hono",
  "@hono": "hono",
  kysely: "kysely",
  knex: "knex",
  "drizzle-orm": "drizzle",
  "@codemirror": "codemirror",
  "@lezer": "codemirror",
};

/** Every module specifier of a file: static imports and re-exports, side-effect and dynamic imports. */
function specifiersOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [
    ...importsOf(file),
    ...[...text.matchAll(/^import\s+"([^"]+)"/gm), ...text.matchAll(/\bimport\(\s*"([^"]+)"/g)].map(
      (m) => m[1] as string,
    ),
  ];
}

/** The source files `entry` reaches through relative imports, itself included. */
function importGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (graph.has(file)) continue;
    const specifiers = specifiersOf(file);
    graph.set(file, specifiers);
    for (const spec of specifiers) {
      if (spec.startsWith(".")) pending.push(resolve(dirname(file), spec));
    }
  }
  return graph;
}

// STYLE.md: data flows text -> syntax -> ast -> a backend, never backwards.
describe("layering", () => {
  const files = sourceFiles(SRC).map((file) => ({
    file: relative(SRC, file),
    imports: importsOf(file),
  }));

  it("keeps backends away from the syntax layer and chevrotain", () => {
    const backends = files.filter((f) => f.file.startsWith("backends"));
    expect(backends.length).toBeGreaterThan(0);
    for (const { file, imports } of backends) {
      for (const spec of imports) {
        expect(`${file}: ${spec}`).not.toMatch(/: (chevrotain|.*\/syntax\/)/);
      }
    }
  });

  it("keeps the AST free of every other part of qaql", () => {
    for (const { file, imports } of files.filter((f) => f.file.startsWith("ast"))) {
      for (const spec of imports) expect(`${file}: ${spec}`).toMatch(/: \.\/[a-z-]+\.ts$/);
    }
  });

  it("keeps the query definition, qaql/query, to its own folder, the errors and the JSON writer", () => {
    const query = files.filter((f) => f.file.startsWith("query"));
    expect(query.length).toBeGreaterThan(0);
    for (const { file, imports } of query) {
      for (const spec of imports) {
        expect(`${file}: ${spec}`).toMatch(/: (\.\/[a-z-]+|\.\.\/(errors|json)\/[a-z-]+)\.ts$/);
      }
    }
  });

  it("keeps the main entry free of the query definition", () => {
    const main = files.find((f) => f.file === "index.ts");
    expect(main?.imports.length).toBeGreaterThan(10);
    for (const spec of main?.imports ?? []) expect(spec).not.toMatch(/query\//);
  });

  it("uses node: modules nowhere outside the command line and the reference server", () => {
    const library = files.filter(
      (f) => !f.file.startsWith("cli/") && !f.file.startsWith("server/"),
    );
    for (const { file, imports } of library) {
      for (const spec of imports) expect(`${file}: ${spec}`).not.toMatch(/: node:/);
    }
  });

  it("keeps the import graphs of the main entry, qaql/http and qaql/dump away from Node code", () => {
    for (const entry of ["index.ts", "http/index.ts", "dump/index.ts"]) {
      for (const file of importGraph(join(SRC, entry)).keys()) {
        expect(`${entry}: ${relative(SRC, file)}`).not.toMatch(/: (server|cli)\//);
      }
    }
  });

  it("keeps the library, which browsers load, from importing the command line", () => {
    for (const { file, imports } of files.filter((f) => !f.file.startsWith("cli"))) {
      for (const spec of imports) expect(`${file}: ${spec}`).not.toMatch(/: .*\bcli\//);
    }
  });
});

// The frameworks and query builders are optional peer dependencies: only their own integration
// may name them.
describe("the framework and query-builder integrations", () => {
  it("leave express, fastify, hono, kysely, knex and drizzle-orm to their own integration", () => {
    const named = sourceFiles(SRC).flatMap((file) =>
      specifiersOf(file)
        .filter((spec) => FRAMEWORK.test(spec))
        .map((spec) => ({ file: relative(SRC, file), spec })),
    );
    const libraries = new Set(named.map(({ spec }) => spec.split("/")[0]));
    for (const library of [
      "express",
      "fastify",
      "hono",
      "kysely",
      "knex",
      "drizzle-orm",
      "@codemirror",
      "@lezer",
    ]) {
      expect(libraries).toContain(library);
    }
    const strays = named.filter(
      ({ file, spec }) => !file.startsWith(`integrations/${HOME[spec.split("/")[0] as string]}/`),
    );
    expect(strays.map(({ file, spec }) => `${file}: ${spec}`)).toEqual([]);
  });

  it("keep the main entry's import graph away from them", () => {
    const graph = importGraph(join(SRC, "index.ts"));
    expect(graph.size).toBeGreaterThan(10);
    for (const [file, specifiers] of graph) {
      const name = relative(SRC, file);
      expect(name).not.toMatch(/^integrations\//);
      expect(
        specifiers.filter((spec) => FRAMEWORK.test(spec)),
        name,
      ).toEqual([]);
    }
  });
});
