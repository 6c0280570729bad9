import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";

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
