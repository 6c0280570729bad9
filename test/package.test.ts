import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { LIBRARY_ENTRIES } from "../scripts/entries.ts";
import { runCli } from "./support/run-cli.ts";

const ROOT = join(import.meta.dirname, "..");

let packed: string[] | undefined;

/** The paths `npm pack` would put in the package, read once. */
function packedFiles(): string[] {
  if (packed === undefined) {
    const output = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    const [result] = JSON.parse(output) as { files: { path: string }[] }[];
    packed = result?.files.map((file) => file.path) ?? [];
  }
  return packed;
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [relative(ROOT, path).split(sep).join("/")];
  });
}

describe("the package", () => {
  it("evaluates the check of the Node version before anything else of every entry", () => {
    for (const name of Object.keys(LIBRARY_ENTRIES)) {
      const text = readFileSync(join(ROOT, "dist", `${name}.js`), "utf8");
      expect(text.startsWith('import "./runtime-check.js";'), name).toBe(true);
    }
    // Node 24 runs it and loads the entry.
    const loaded = spawnSync(process.execPath, ["-e", 'import("./dist/index.js")'], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(loaded.stderr).toBe("");
  });

  // The host's own Node, where it is older than qaql needs (Debian's is 20 on this machine).
  const hostNode = spawnSync("/usr/bin/node", ["--version"], { encoding: "utf8" }).stdout ?? "";
  it.skipIf(!/^v(1\d|2[01])\./.test(hostNode))(
    "says in one line which Node it needs, when an older Node imports it",
    () => {
      for (const entry of ["./dist/index.js", "./dist/list.js", "./dist/dump.js"]) {
        const run = spawnSync("/usr/bin/node", ["-e", `import(${JSON.stringify(entry)})`], {
          cwd: ROOT,
          encoding: "utf8",
        });
        expect(run.status).not.toBe(0);
        expect(run.stderr).toContain(
          `qaql needs Node.js 22 or newer (this is ${hostNode.trim().slice(1)})`,
        );
        expect(run.stderr).not.toMatch(/groupBy|chevrotain/);
      }
    },
  );

  it("ships a LICENSE whose text is the license package.json names", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      license: string;
    };
    expect(manifest.license).toBe("MIT");
    const license = readFileSync(join(ROOT, "LICENSE"), "utf8");
    expect(license.split("\n")[0]).toBe("MIT License");
    expect(license).toContain("Permission is hereby granted, free of charge");
    expect(packedFiles()).toContain("LICENSE");
  });

  it("ships the language reference beside its grammars, diagrams and vectors", () => {
    const files = packedFiles();
    for (const path of [
      "README.md",
      "docs/language.md",
      "docs/testing.md",
      "grammar/language.md",
      "grammar/where.ebnf",
      "grammar/fields.ebnf",
      "grammar/list-requests.md",
      "grammar/query-intervals.md",
      "grammar/diagrams/README.md",
      "grammar/conformance/README.md",
      "grammar/conformance/where.json",
      "grammar/conformance/fields.json",
      "grammar/conformance/evaluation.json",
      "grammar/conformance/sql.json",
      "grammar/conformance/list.json",
      "grammar/conformance/query-definitions.json",
    ]) {
      expect(files).toContain(path);
    }
    // Whatever grammar/ holds ships whole, so no link inside it can break once published.
    expect(files).toEqual(expect.arrayContaining(filesUnder(join(ROOT, "grammar"))));
  });
});

/** The peers `npm install qaql` leaves out, though the repository's own tests use them. */
const OPTIONAL_PEERS = ["@duckdb/node-api", "fast-check"];

/** A resolve hook that stands in for an installation without the optional peers. */
const WITHOUT_PEERS = `data:text/javascript,${encodeURIComponent(`
  import { registerHooks } from "node:module";
  const missing = ${JSON.stringify(OPTIONAL_PEERS)};
  registerHooks({ resolve(specifier, context, next) {
    if (missing.includes(specifier)) {
      const message = "Cannot find package '" + specifier + "'";
      throw Object.assign(new Error(message), { code: "ERR_MODULE_NOT_FOUND" });
    }
    return next(specifier, context);
  } });`)}`;

describe("a light install (issue 46)", () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
    optionalDependencies?: Record<string, string>;
    devDependencies: Record<string, string>;
    peerDependencies: Record<string, string>;
    peerDependenciesMeta: Record<string, { optional?: boolean }>;
    exports: Record<string, { import?: string }>;
  };

  it.each(OPTIONAL_PEERS)("takes %s as an optional peer, and as a devDependency", (peer) => {
    expect(manifest.peerDependencies[peer]).toBeTruthy();
    expect(manifest.peerDependenciesMeta[peer]).toEqual({ optional: true });
    expect(manifest.devDependencies[peer]).toBeTruthy();
    expect(manifest.dependencies[peer]).toBeUndefined();
    expect(manifest.optionalDependencies?.[peer]).toBeUndefined();
  });

  it("loads every entry but qaql/arbitraries and qaql/conformance without them", () => {
    const entries = Object.entries(manifest.exports).flatMap(([name, target]) =>
      target.import === undefined ? [] : [[name, join(ROOT, target.import)]],
    );
    const script = `
      const answers = {};
      for (const [name, file] of ${JSON.stringify(entries)}) {
        answers[name] = await import(file).then(() => "loaded", (error) => error.message);
      }
      console.log(JSON.stringify(answers));`;
    const run = spawnSync(process.execPath, ["--input-type=module", "--eval", script], {
      env: { ...process.env, NODE_OPTIONS: `--import=${WITHOUT_PEERS}` },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stderr).toBe("");
    const answers = JSON.parse(run.stdout) as Record<string, string>;
    const needFastCheck = ["./arbitraries", "./conformance"];
    for (const [name, answer] of Object.entries(answers)) {
      if (needFastCheck.includes(name)) expect(answer, name).toMatch(/'fast-check'/);
      else expect(answer, name).toBe("loaded");
    }
    expect(Object.keys(answers)).toEqual(expect.arrayContaining([".", ...needFastCheck]));
  });

  it("runs the command without them: qaql conformance carries its own fast-check", () => {
    const env = { NODE_OPTIONS: `--import=${WITHOUT_PEERS}` };
    const filter = runCli(["filter", "--resource", "artefacts", "--fields", "id", "--size", "1"], {
      env,
    });
    expect(filter).toMatchObject({ status: 0, stderr: "" });
    expect(JSON.parse(filter.stdout)).toMatchObject({ artefacts: [{ id: expect.any(Number) }] });
    // Port 9 is one fetch never connects to: the command runs as far as its first request.
    const conformance = runCli(
      ["conformance", "--url", "http://127.0.0.1:9/api", "--token", "t", "--resource", "artefacts"],
      { env },
    );
    expect(conformance.stderr).not.toMatch(/fast-check/);
    expect(conformance.stderr).toMatch(/^qaql: cannot reach http:\/\/127\.0\.0\.1:9\/api/);
  });
});

describe("the entries", () => {
  it("serves the query definition from qaql/query, not from the main entry", async () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      exports: Record<string, { import: string }>;
    };
    const entry = (name: string) => join(ROOT, manifest.exports[name]?.import ?? "missing");
    const query = (await import(entry("./query"))) as Record<string, unknown>;
    const main = (await import(entry("."))) as Record<string, unknown>;
    for (const name of ["parseQueryDefinition", "runQuery", "parseInterval", "compileGlob"]) {
      expect(typeof query[name], name).toBe("function");
      expect(main[name], name).toBeUndefined();
    }
    expect(typeof main.compileWhere).toBe("function");
    expect(packedFiles()).toContain("CHANGELOG.md");
  });

  it("serves the language service, list requests and JSON Schema from their entries, not the main one", async () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      exports: Record<string, { import: string }>;
    };
    const entry = (name: string) => join(ROOT, manifest.exports[name]?.import ?? "missing");
    const main = (await import(entry("."))) as Record<string, unknown>;
    const moved: Readonly<Record<string, readonly string[]>> = {
      "./editor": [
        "classifyWhere",
        "classifyFields",
        "completeWhere",
        "completeFields",
        "diagnoseWhere",
        "diagnoseFields",
        "describeWhereAt",
      ],
      "./list": [
        "readListRequest",
        "safeReadListRequest",
        "buildQueryString",
        "paginate",
        "pageLinks",
        "DEFAULT_PAGE_SIZE",
        "DEFAULT_MAX_PAGE_SIZE",
      ],
      "./json-schema": ["schemaFromJsonSchema", "schemaToJsonSchema", "JsonSchemaMappingError"],
    };
    for (const [name, names] of Object.entries(moved)) {
      const served = (await import(entry(name))) as Record<string, unknown>;
      // Each entry exports these names and nothing else.
      expect(Object.keys(served).sort(), name).toEqual([...names].sort());
      for (const exported of names) expect(main[exported], exported).toBeUndefined();
    }
    for (const core of ["parseWhere", "safeParseWhere", "formatWhere", "compileWhere", "toSql"]) {
      expect(typeof main[core], core).toBe("function");
    }
  });

  it("has the README and the docs import each name from the entry that exports it", async () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      exports: Record<string, { import: string; types: string }>;
    };
    const pages = readdirSync(join(ROOT, "docs"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/${name}`);
    const imports = ["README.md", ...pages, "grammar/conformance/README.md"].flatMap((file) => [
      ...readFileSync(join(ROOT, file), "utf8").matchAll(
        /^import\s+(type\s+)?\{([^}]*)\}\s+from\s+"(qaql(?:\/[a-z-]+)?)";/gm,
      ),
    ]);
    expect(imports.length).toBeGreaterThan(10);
    for (const [, typeOnly, list, specifier] of imports) {
      const exported = manifest.exports[`.${(specifier as string).slice("qaql".length)}`];
      expect(exported, specifier).toBeDefined();
      const runtime = (await import(join(ROOT, exported?.import ?? ""))) as Record<string, unknown>;
      const types = readFileSync(join(ROOT, exported?.types ?? ""), "utf8");
      for (const item of (list as string).split(",").map((name) => name.trim())) {
        if (item === "") continue;
        const isType = typeOnly !== undefined || item.startsWith("type ");
        const name = item.replace(/^type\s+/, "").split(/\s+as\s+/)[0] as string;
        if (isType) expect(types, `${name} from ${specifier}`).toMatch(new RegExp(`\\b${name}\\b`));
        else expect(runtime[name], `${name} from ${specifier}`).toBeDefined();
      }
    }
  });

  it("serves createApiServer from qaql/server, answering the API's routes", async () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      exports: Record<string, { import: string }>;
    };
    const entry = (name: string) => join(ROOT, manifest.exports[name]?.import ?? "missing");
    const { createApiServer } = (await import(
      entry("./server")
    )) as typeof import("../src/server/index.ts");
    const main = (await import(entry("."))) as Record<string, unknown>;
    expect(main.createApiServer).toBeUndefined();
    const token = "a-permanent-token-for-ci-0001";
    const server = createApiServer({
      data: {
        projects: [{ id: 1, name: "core" }],
        artefacts: [{ id: 7, projectId: 1, name: "A" }],
      },
      permanentTokens: [token],
    });
    const response = await server.fetch(
      new Request("http://localhost/api/projects/core/artefacts?fields=name", {
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    expect(await response.json()).toMatchObject({ artefacts: [{ name: "A" }] });
  });
});
