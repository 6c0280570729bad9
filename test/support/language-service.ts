import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = fileURLToPath(new URL("../../", import.meta.url));
const config = ts.readConfigFile(`${root}tsconfig.json`, (path) => ts.sys.readFile(path));
const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);

/**
 * TypeScript's language service (what an editor asks) over one file under the project's options,
 * its text held here and changed as an editor changes it (`edit`); every other file from disk.
 */
export function editorOf(file: string, initial: string) {
  let text = initial;
  let version = 1;
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [file],
    getScriptVersion: (path) => (path === file ? String(version) : "1"),
    getScriptSnapshot: (path) => {
      const content = path === file ? text : ts.sys.readFile(path);
      return content === undefined ? undefined : ts.ScriptSnapshot.fromString(content);
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
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  return {
    service,
    /** The file's text now. */
    text: () => text,
    /** Replaces the file's text, as a keystroke does. */
    edit(next: string) {
      text = next;
      version++;
    },
  };
}

/**
 * The language service over one file of `source` written beside the package (so its imports may
 * name the sources by `${root}src/…`): hovers, completions and diagnostics as an editor shows them.
 */
export function languageService(source: string, name: string) {
  const dir = `${root}node_modules/.cache/qaql-language-service`;
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/${name}.ts`;
  writeFileSync(file, source);
  const { service } = editorOf(file, source);
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
