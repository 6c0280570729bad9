import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
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

// Data flows text -> syntax -> ast -> a backend, never backwards.
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

describe("docs/design.md's map of the tree", () => {
  const design = readFileSync(join(import.meta.dirname, "..", "docs", "design.md"), "utf8");
  const layout = /^## Layout\n+```\n([\s\S]*?)\n```/m.exec(design)?.[1] ?? "";
  /** The folders the map names directly below `src/`, each on a line of its own. */
  const named = [...layout.matchAll(/^ {2}([a-z][a-z-]*)\/ /gm)].map((m) => m[1]);

  it("names every folder of src/, and none that is not there", () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.length).toBeGreaterThan(10);
    expect([...named].sort()).toEqual([...folders].sort());
  });

  it("lists them in the order of the layers, the lowest first", () => {
    expect(named).toEqual(LAYERS);
  });
});

/**
 * The folders of src/ from the bottom up: a folder imports only folders below it (an entry's
 * `index.ts` stands above every folder, as it only re-exports). docs/design.md's Layout lists them
 * in this order.
 */
const LAYERS: readonly string[] = [
  "base",
  "ast",
  "errors",
  "json",
  "schema",
  "check",
  "syntax",
  "backends",
  "api",
  "list",
  "language-service",
  "query",
  "dump",
  "http",
  "openapi",
  "integrations",
  "server",
  "arbitraries",
  "conformance",
  "cli",
];

/** The folder below `root` of each source file, and the folders each one's imports reach. */
function folderGraph(root: string): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  const folderOf = (file: string) => relative(root, file).split(/[\\/]/)[0] as string;
  for (const file of sourceFiles(root)) {
    const from = folderOf(file);
    if (!from.endsWith(".ts")) graph.set(from, graph.get(from) ?? new Map());
    // An entry only re-exports: it stands above its folder's layer.
    if (from.endsWith(".ts") || file.endsWith(`${from}/index.ts`)) continue;
    for (const spec of specifiersOf(file)) {
      if (!spec.startsWith(".")) continue;
      const to = folderOf(resolve(dirname(file), spec));
      if (to !== from && !to.endsWith(".ts")) {
        const edges = graph.get(from) as Map<string, string>;
        if (!edges.has(to)) edges.set(to, `${relative(root, file)} imports ${spec}`);
      }
    }
  }
  return graph;
}

/** A cycle of folders, as the imports that close it; undefined when the graph has none. */
function findCycle(graph: Map<string, Map<string, string>>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (folder: string): string[] | undefined => {
    state.set(folder, "open");
    for (const [next, why] of graph.get(folder) ?? []) {
      path.push(why);
      if (state.get(next) === "open") {
        const start = path.findIndex((step) => step.startsWith(`${next}/`));
        return path.slice(Math.max(0, start));
      }
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
      path.pop();
    }
    state.set(folder, "done");
    return undefined;
  };
  for (const folder of graph.keys()) {
    if (!state.has(folder)) {
      const found = visit(folder);
      if (found) return found;
    }
  }
  return undefined;
}

describe("folders import in one direction", () => {
  const graph = folderGraph(SRC);

  it("has no cycle between folders", () => {
    expect(findCycle(graph)).toBeUndefined();
  });

  it("imports only from the layers below, in the documented order", () => {
    expect([...graph.keys()].sort()).toEqual([...LAYERS].sort());
    const upward: string[] = [];
    for (const [from, edges] of graph) {
      for (const [to, why] of edges) {
        if (LAYERS.indexOf(to) > LAYERS.indexOf(from)) upward.push(`${from} -> ${to}: ${why}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it("finds a cycle that is there (a fixture of two folders importing each other)", () => {
    const root = mkdtempSync(join(tmpdir(), "qaql-layers-"));
    try {
      for (const [folder, other] of [
        ["a", "b"],
        ["b", "c"],
        ["c", "a"],
      ]) {
        mkdirSync(join(root, folder as string));
        writeFileSync(
          join(root, folder as string, "x.ts"),
          `import { x } from "../${other}/x.ts";\nexport const y = x;\n`,
        );
      }
      mkdirSync(join(root, "d"));
      writeFileSync(
        join(root, "d", "x.ts"),
        `import { y } from "../a/x.ts";\nexport const x = y;\n`,
      );
      const cycle = findCycle(folderGraph(root));
      expect(cycle?.map((step) => step.split("/")[0])).toEqual(["a", "b", "c"]);
      // Without the last import, no cycle is left.
      writeFileSync(join(root, "c", "x.ts"), "export const x = 1;\n");
      expect(findCycle(folderGraph(root))).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
