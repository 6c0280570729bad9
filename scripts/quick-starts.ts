// The README's quick starts as a user runs them: the package packed (`npm pack`), the README's
// set-up commands run in an empty folder (`npm init -y` as npm writes it, then qaql installed
// alone, whose node_modules must stay under 20 MB), the peers the quick starts name installed,
// then each TypeScript block run with `node file.ts` and each shell block with `npx`. CI runs
// this after the tests; a failure names the block.
import { execFileSync, spawnSync } from "node:child_process";
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";

const ROOT = join(import.meta.dirname, "..");
const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  devDependencies: Record<string, string>;
};

/** The most `npm install qaql` may put in node_modules (issue 46: it was 83 MB with DuckDB). */
const MAX_INSTALL_BYTES = 20_000_000;

/** The bytes under a folder as `du -sb` counts them: each entry's apparent size, no link followed. */
function bytesUnder(path: string): number {
  let total = lstatSync(path).size;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    total += entry.isDirectory() ? bytesUnder(child) : lstatSync(child).size;
  }
  return total;
}

const readme = readFileSync(join(ROOT, "README.md"), "utf8");
const start = readme.indexOf("## Quick starts");
const quickStarts = readme.slice(start, readme.indexOf("\n## ", start + 1));
const blocks = [
  ...quickStarts.matchAll(/(<!-- fragment: ([\w-]+) -->\n)?```(ts|sh)\n([\s\S]*?)```/g),
];
const setUp = blocks.find((block) => block[2] === "project")?.[4];
if (setUp === undefined) throw new Error("the README's quick starts have no set-up block");
const examples = blocks.filter((block) => block[1] === undefined);
if (examples.length < 5)
  throw new Error(`the README's quick starts hold ${examples.length} blocks`);
// The peers each quick start names in its text, at the versions this package is tested with.
const prose = quickStarts.replace(/```[\s\S]*?```/g, "");
const peers = [...prose.matchAll(/`npm install ([^`]+)`/g)].flatMap(([, names]) =>
  (names as string).split(/\s+/).map((name) => {
    const version = manifest.devDependencies[name];
    if (version === undefined) throw new Error(`the quick starts install ${name}, untested here`);
    return `${name}@${version}`;
  }),
);

const project = mkdtempSync(join(tmpdir(), "qaql-quick-starts-"));
// `npx qaql` and `node file.ts` run the `node` on PATH: this one, as a user's own Node.
const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}` };
const run = (command: string, args: string[]) =>
  execFileSync(command, args, {
    cwd: project,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
/** Runs a command that may fail, for what it says. */
const attempt = (command: string, args: string[]) =>
  spawnSync(command, args, { cwd: project, env, encoding: "utf8", timeout: 60_000 });
try {
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", project], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }),
  ) as { filename: string }[];
  const tarball = join(project, packed[0]?.filename ?? "");
  const install = "npm install --no-audit --no-fund --prefer-offline";
  const commands = setUp.replace(/^npm install qaql$/m, `${install} ${JSON.stringify(tarball)}`);
  if (commands === setUp) throw new Error("the README's set-up block does not npm install qaql");
  run("sh", ["-ec", commands]);

  const bytes = bytesUnder(join(project, "node_modules"));
  const size = `${(bytes / 1e6).toFixed(1)} MB (${bytes.toLocaleString("en")} bytes)`;
  console.log(`node_modules after npm install qaql alone: ${size}`);
  if (bytes > MAX_INSTALL_BYTES) {
    throw new Error(`npm install qaql took ${size}, over ${MAX_INSTALL_BYTES / 1e6} MB`);
  }
  // Without the optional peers: the command runs, and each missing peer is named.
  run("npx", ["qaql", "filter", "--resource", "artefacts", "--fields", "id", "--size", "1"]);
  const sample = "node_modules/qaql/sample/dump.json";
  const duckdb = attempt("npx", [
    ...["qaql", "filter", sample, "--engine", "duckdb", "--schema", "artefact"],
    ...["--where", "rank>=3"],
  ]);
  if (duckdb.status !== 1 || !duckdb.stderr.includes("npm install @duckdb/node-api")) {
    throw new Error(`--engine duckdb without DuckDB: ${duckdb.status} ${duckdb.stderr}`);
  }
  const arbitraries = attempt(process.execPath, [
    ...["--input-type=module", "--eval"],
    'await import("qaql/arbitraries")',
  ]);
  if (arbitraries.status === 0 || !arbitraries.stderr.includes("'fast-check'")) {
    throw new Error(`qaql/arbitraries without fast-check: ${arbitraries.stderr}`);
  }
  console.log("ok: the command without a peer; DuckDB and fast-check named where missing");

  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", ...peers]);
  for (const [index, [, , , language, code]] of examples.entries()) {
    const name = `quick start block ${index + 1} (${language})`;
    if (language === "sh") {
      run("sh", ["-ec", code as string]);
    } else {
      const file = `quick-start-${index + 1}.ts`;
      writeFileSync(join(project, file), code as string);
      // As the README says: Node runs the file as it is, stripping its types, and warns of nothing.
      const ran = attempt(process.execPath, [file]);
      if (ran.status !== 0 || ran.stderr !== "") {
        throw new Error(`${name} failed (${ran.status}):\n${ran.stderr}`);
      }
    }
    console.log(`ok: ${name}`);
  }
  console.log(`the README's ${examples.length} quick-start blocks ran from the packed package`);
} finally {
  rmSync(project, { recursive: true, force: true });
}
