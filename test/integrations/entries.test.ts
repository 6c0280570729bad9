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

// The frameworks are optional peer dependencies: no entry loads one, not even its own
// integration, which names only the framework's types.
describe("the built entries", () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    exports: Record<string, { import?: string }>;
  };

  it.each(["./express", "./fastify", "./hono"])("serve %s", async (name) => {
    expect(manifest.exports[name]?.import).toBe(`./dist/${name.slice(2)}.js`);
  });

  it.each(Object.keys(manifest.exports).filter((name) => manifest.exports[name]?.import))(
    "%s loads no framework",
    (name) => {
      const seen = resolvedBy(manifest.exports[name]?.import as string);
      expect(seen.length).toBeGreaterThan(1);
      expect(seen.filter((specifier) => /^(express|fastify|hono|@hono\/)/.test(specifier))).toEqual(
        [],
      );
    },
  );
});
