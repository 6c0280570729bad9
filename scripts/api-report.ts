// The public surface, as users import it: for each entry of package.json's exports, every name
// it exports with its kind and its type as the compiler prints it. api-report.md holds it,
// committed; test/api-report.test.ts fails when the surface changes and the file does not, so
// that a change to what users import shows in review. `npm run api-report` writes it anew.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { LIBRARY_ENTRIES } from "./entries.ts";

const ROOT = join(import.meta.dirname, "..");
export const REPORT = join(ROOT, "api-report.md");

/** The entries, by the specifier users import, and the source each is built from. */
const ENTRIES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(LIBRARY_ENTRIES).map(([name, file]) => [
    name === "index" ? "qaql" : `qaql/${name}`,
    file,
  ]),
);
const FLAGS = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.WriteArrayAsGenericType;
const PRINTER = ts.createPrinter({ removeComments: true });

/** One exported name as a line or a block: its kind, and its type or members. */
function describe(checker: ts.TypeChecker, exported: ts.Symbol): string {
  const symbol =
    exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const name = exported.getName();
  const declaration = symbol.declarations?.[0];
  const type = (node: ts.Node) =>
    checker.typeToString(checker.getTypeAtLocation(node), undefined, FLAGS);
  if (!declaration) return `${name}: unknown`;
  const members = (node: ts.Node) =>
    checker
      .getPropertiesOfType(checker.getTypeAtLocation(node))
      .map((member) => {
        const optional = member.flags & ts.SymbolFlags.Optional ? "?" : "";
        const memberType = checker.typeToString(
          checker.getTypeOfSymbolAtLocation(member, node),
          undefined,
          FLAGS,
        );
        // A symbol-keyed member's name carries the checker's id, which any edit elsewhere moves.
        const memberName = member.getName().replace(/^(__@\w+)@\d+$/, "$1");
        return `  ${memberName}${optional}: ${memberType}`;
      })
      .sort();
  if (ts.isFunctionDeclaration(declaration)) {
    const signatures = checker
      .getSignaturesOfType(checker.getTypeAtLocation(declaration), ts.SignatureKind.Call)
      .map((signature) => checker.signatureToString(signature, undefined, FLAGS));
    return signatures.map((signature) => `function ${name}${signature}`).join("\n");
  }
  if (ts.isClassDeclaration(declaration)) {
    const heritage =
      declaration.heritageClauses?.map((clause) => ` ${clause.getText()}`).join("") ?? "";
    return [`class ${name}${heritage}`, ...members(declaration)].join("\n");
  }
  if (ts.isInterfaceDeclaration(declaration)) {
    const parameters = declaration.typeParameters
      ? `<${declaration.typeParameters.map((p) => p.getText()).join(", ")}>`
      : "";
    return [`interface ${name}${parameters}`, ...members(declaration)].join("\n");
  }
  if (ts.isTypeAliasDeclaration(declaration)) {
    const parameters = declaration.typeParameters
      ? `<${declaration.typeParameters.map((p) => p.getText()).join(", ")}>`
      : "";
    const text = PRINTER.printNode(
      ts.EmitHint.Unspecified,
      declaration.type,
      declaration.getSourceFile(),
    );
    return `type ${name}${parameters} = ${text.replace(/\s+/g, " ")}`;
  }
  if (ts.isVariableDeclaration(declaration)) return `const ${name}: ${type(declaration)}`;
  if (ts.isEnumDeclaration(declaration)) return `enum ${name}`;
  return `${ts.SyntaxKind[declaration.kind]} ${name}: ${type(declaration)}`;
}

/** The report's text: each entry's exports, sorted by name. */
export function apiReport(): string {
  const files = Object.values(ENTRIES).map((file) => join(ROOT, file));
  const config = ts.readConfigFile(join(ROOT, "tsconfig.json"), (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const program = ts.createProgram(files, { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const sections = Object.entries(ENTRIES).map(([specifier, file]) => {
    const source = program.getSourceFile(join(ROOT, file));
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${file}: no module`);
    const exports = checker
      .getExportsOfModule(module)
      .sort((a, b) => (a.getName() < b.getName() ? -1 : a.getName() > b.getName() ? 1 : 0));
    const body = exports.map((symbol) => describe(checker, symbol)).join("\n\n");
    return `## ${specifier}\n\n\`\`\`ts\n${body}\n\`\`\`\n`;
  });
  return `# API report\n\nWhat each entry exports, with its kind and type as the compiler prints it. Written by \`npm run api-report\`; a test fails when the public surface and this file differ, so that a change to it shows in review.\n\n${sections.join("\n")}`;
}

if (process.argv.includes("--write")) {
  writeFileSync(REPORT, apiReport());
  console.log(`wrote ${REPORT}`);
} else if (import.meta.main) {
  const same = readFileSync(REPORT, "utf8") === apiReport();
  console.log(
    same ? "api-report.md is up to date" : "api-report.md differs: run npm run api-report",
  );
  process.exitCode = same ? 0 : 1;
}
