// The README's quick starts as a user runs them: the package packed (`npm pack`), installed in
// a fresh project with the peers the quick starts name, then each TypeScript block run with
// Node and each shell block with `npx`. CI runs this after the tests; a failure names the block.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import ts from "typescript";

const ROOT = join(import.meta.dirname, "..");
const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  devDependencies: Record<string, string>;
};
/** The peers the quick starts import, at the versions this package is tested with. */
const PEERS = ["express", "@electric-sql/pglite", "kysely", "fast-check"].map(
  (name) => `${name}@${manifest.devDependencies[name]}`,
);

const project = mkdtempSync(join(tmpdir(), "qaql-quick-starts-"));
// `npx qaql` runs the bin with the `node` on PATH: this one, as a user's own Node 22 or newer.
const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}` };
const run = (command: string, args: string[]) =>
  execFileSync(command, args, {
    cwd: project,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
try {
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", project], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }),
  ) as { filename: string }[];
  const tarball = join(project, packed[0]?.filename ?? "");
  writeFileSync(join(project, "package.json"), JSON.stringify({ type: "module", private: true }));
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball, ...PEERS]);

  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const start = readme.indexOf("## Quick starts");
  const quickStarts = readme.slice(start, readme.indexOf("\n## ", start + 1));
  const blocks = [...quickStarts.matchAll(/```(ts|sh)\n([\s\S]*?)```/g)];
  if (blocks.length < 5) throw new Error(`the README's quick starts hold ${blocks.length} blocks`);
  for (const [index, [, language, code]] of blocks.entries()) {
    const name = `quick start block ${index + 1} (${language})`;
    if (language === "sh") {
      run("sh", ["-ec", code as string]);
    } else {
      const { outputText } = ts.transpileModule(code as string, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2023 },
      });
      const file = join(project, `quick-start-${index + 1}.mjs`);
      writeFileSync(file, outputText);
      run(process.execPath, [file]);
    }
    console.log(`ok: ${name}`);
  }
  console.log(`the README's ${blocks.length} quick-start blocks ran from the packed package`);
} finally {
  rmSync(project, { recursive: true, force: true });
}
