import { mkdirSync, writeFileSync } from "node:fs";
import ts from "typescript";
import { root } from "./type-agreement.ts";

/**
 * TypeScript's language service (what an editor asks) over one file of `source` under the
 * project's options; its imports may name the sources by `${root}src/…`.
 */
export function languageService(source: string, name: string) {
  const dir = `${root}node_modules/.cache/qaql-language-service`;
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/${name}.ts`;
  writeFileSync(file, source);
  const config = ts.readConfigFile(`${root}tsconfig.json`, (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [file],
    getScriptVersion: () => "1",
    getScriptSnapshot: (path) => {
      const text = ts.sys.readFile(path);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => root,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (compilerOptions) => ts.getDefaultLibFilePath(compilerOptions),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host);
  const offsetOf = (needle: string) => {
    const at = source.indexOf(needle);
    if (at === -1) throw new Error(`no ${JSON.stringify(needle)} in the source`);
    return at;
  };
  return {
    /** What an editor shows on hovering the first occurrence of `needle`, on one line. */
    hover(needle: string): string {
      const info = service.getQuickInfoAtPosition(file, offsetOf(needle));
      return ts.displayPartsToString(info?.displayParts).replace(/\s+/g, " ");
    },
    /**
     * The completions an editor offers at `position` in the source; inside a string literal,
     * the texts they stand for (TypeScript names each as it is written between the quotes).
     */
    completionsAt(position: number): string[] {
      const result = service.getCompletionsAtPosition(file, position, {});
      return (result?.entries ?? []).map((entry) => {
        try {
          return JSON.parse(`"${entry.name}"`) as string;
        } catch {
          return entry.name;
        }
      });
    },
    /** The file's semantic diagnostics, flattened. */
    diagnostics(): string[] {
      return service
        .getSemanticDiagnostics(file)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  };
}
