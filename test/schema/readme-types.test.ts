import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterEach, describe, expect, it, vi } from "vitest";

// docs/schemas.md's "Types from text" example as a user pastes it: type-checked by the compiler (its
// one compile error expected where the comment says), then run, printing what it says.

const root = fileURLToPath(new URL("../../", import.meta.url));
const page = readFileSync(`${root}docs/schemas.md`, "utf8");
const section = page.slice(page.indexOf("## Types from text"));
const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
const dir = `${root}node_modules/.cache/qaql-readme-types`;

/** The compiler's errors in `source`, its `qaql` the sources, or the built package as users get it. */
function diagnosticsOf(
  source: string,
  name: string,
  qaql: "sources" | "package" = "sources",
): string[] {
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/${name}.ts`;
  writeFileSync(
    file,
    qaql === "package"
      ? source
      : source.replace('from "qaql"', `from ${JSON.stringify(`${root}src/index.ts`)}`),
  );
  const config = ts.readConfigFile(`${root}tsconfig.json`, (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const program = ts.createProgram([file], { ...options, noErrorTruncation: true });
  return program
    .getSemanticDiagnostics(program.getSourceFile(file))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

describe("docs/schemas.md's typed example", () => {
  afterEach(() => vi.restoreAllMocks());

  it("compiles under strict with exactly the compile error its comment shows", () => {
    expect(block).toContain('compileWhere("rnak>=2"');
    // The type the comment shows for `rows` (each member also `| undefined`, as optional ones are).
    const typed = `${block}
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Shown = {
  readonly id?: number | null | undefined;
  readonly name?: string | null | undefined;
  readonly measures?: { readonly LOC?: number | null | undefined } | null | undefined;
}[];
export const exact: Equal<typeof rows, Shown> = true;
`;
    expect(diagnosticsOf(typed, "as-written")).toEqual([]);
    // Without the directive, the error is there, worded as the comment says.
    const comment = /\/\/ @ts-expect-error: (.*)\n/.exec(block)?.[1];
    const withoutDirective = block.replace(/\/\/ @ts-expect-error.*\n/, "");
    expect(diagnosticsOf(withoutDirective, "without-directive")).toEqual([comment]);
  }, 60_000);

  it("compiles the same against the built package's declarations (npm test builds first)", () => {
    // The file lies inside this package, so "qaql" resolves through its own exports to dist/.
    expect(diagnosticsOf(block, "from-package", "package")).toEqual([]);
    const withoutDirective = block.replace(/\/\/ @ts-expect-error.*\n/, "");
    expect(diagnosticsOf(withoutDirective, "from-package-refused", "package")).toEqual([
      /\/\/ @ts-expect-error: (.*)\n/.exec(block)?.[1],
    ]);
  }, 60_000);

  it("runs and prints the rows its comment shows", async () => {
    const printed: unknown[][] = [];
    vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
      printed.push(args);
    });
    mkdirSync(dir, { recursive: true });
    const file = `${dir}/run.ts`;
    writeFileSync(
      file,
      block.replace('from "qaql"', `from ${JSON.stringify(`${root}src/index.ts`)}`),
    );
    await import(/* @vite-ignore */ file);
    expect(printed).toEqual([[[{ id: 1, name: "Main.java", measures: { LOC: 120 } }]], [0, 7]]);
  });
});
