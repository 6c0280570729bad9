import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
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

  it("uses node: modules nowhere outside the command line", () => {
    for (const { file, imports } of files.filter((f) => !f.file.startsWith("cli"))) {
      for (const spec of imports) expect(`${file}: ${spec}`).not.toMatch(/: node:/);
    }
  });

  it("keeps the library, which browsers load, from importing the command line", () => {
    for (const { file, imports } of files.filter((f) => !f.file.startsWith("cli"))) {
      for (const spec of imports) expect(`${file}: ${spec}`).not.toMatch(/: .*\bcli\//);
    }
  });
});
