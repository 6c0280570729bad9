import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");

// Imports a built entry in a fresh Node, printing every module specifier it resolves.
const RESOLVED = `
import { registerHooks } from "node:module";
const seen = [];
registerHooks({
  resolve(specifier, context, next) {
    seen.push(specifier);
    return next(specifier, context);
  },
});
await import(process.argv[1]);
console.log(JSON.stringify(seen));
`;

function resolvedBy(entry: string): string[] {
  const output = execFileSync(
    process.execPath,
    ["--input-type=module", "--eval", RESOLVED, join(ROOT, entry)],
    {
      cwd: ROOT,
      encoding: "utf8",
    },
  );
  return JSON.parse(output) as string[];
}

/** The peer libraries an entry may load: a query builder's integration, its builder only. */
const LOADS: Readonly<Record<string, readonly string[]>> = {
  "./kysely": ["kysely"],
  "./drizzle": ["drizzle-orm"],
  "./codemirror": [
    "@codemirror/autocomplete",
    "@codemirror/language",
    "@codemirror/lint",
    "@codemirror/state",
    "@codemirror/view",
    "@lezer/highlight",
  ],
};

const PEER =
  /^(express|fastify|hono|@hono\/|kysely|knex|drizzle-orm|@codemirror\/[a-z]+|@lezer\/highlight)(\/|$)/;

// The frameworks and query builders are optional peer dependencies: no entry loads one, but for
// the Kysely and Drizzle integrations, which load their own builder. The framework integrations
// and Knex's name only the library's types.
describe("the built entries", () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    exports: Record<string, { import?: string }>;
    peerDependencies: Record<string, string>;
    peerDependenciesMeta: Record<string, { optional?: boolean }>;
  };

  it.each([
    "./editor",
    "./list",
    "./json-schema",
    "./express",
    "./fastify",
    "./hono",
    "./kysely",
    "./knex",
    "./drizzle",
    "./codemirror",
  ])("serve %s", async (name) => {
    expect(manifest.exports[name]?.import).toBe(`./dist/${name.slice(2)}.js`);
    expect(manifest.exports[name]).toEqual({
      types: `./dist/${name.slice(2)}.d.ts`,
      import: `./dist/${name.slice(2)}.js`,
    });
  });

  it.each([
    "express",
    "fastify",
    "hono",
    "kysely",
    "knex",
    "drizzle-orm",
    ...(LOADS["./codemirror"] as string[]),
  ])("take %s as an optional peer dependency", (peer) => {
    expect(manifest.peerDependencies[peer]).toBeTruthy();
    expect(manifest.peerDependenciesMeta[peer]).toEqual({ optional: true });
  });

  it.each(Object.keys(manifest.exports).filter((name) => manifest.exports[name]?.import))(
    "%s loads no framework or query builder but its own",
    (name) => {
      const seen = resolvedBy(manifest.exports[name]?.import as string);
      expect(seen.length).toBeGreaterThan(1);
      const peers = [...new Set(seen.filter((specifier) => PEER.test(specifier)))];
      const own = LOADS[name] ?? [];
      expect(peers).toEqual(expect.arrayContaining([...own]));
      // CodeMirror's packages load each other; those stay within CodeMirror's own.
      const others = peers.filter(
        (peer) => !own.includes(peer) && !(name === "./codemirror" && /^@codemirror\//.test(peer)),
      );
      expect(others).toEqual([]);
    },
  );
});
