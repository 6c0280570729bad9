// The server's rules are a matter of types (grammar/language.md 6.8): a route's code is handed
// the caller's view, resolved before it runs, and never the whole data; a route declared
// without a token decision, or without code, does not compile.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const fixture = fileURLToPath(new URL("./fixtures/unsafe-routes.ts", import.meta.url));

describe("the route table's types", () => {
  it("refuse every route in the fixture that skips a rule, with the error each line names", () => {
    const config = ts.readConfigFile(`${root}tsconfig.json`, (path) => ts.sys.readFile(path));
    const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
    const program = ts.createProgram([fixture], options);
    const source = program.getSourceFile(fixture);
    const found = program.getSemanticDiagnostics(source).map((diagnostic) => {
      const line = source?.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line ?? -1;
      return `${line + 1}: TS${diagnostic.code}`;
    });
    const expected = readFileSync(fixture, "utf8")
      .split("\n")
      .flatMap((text, index) => {
        const code = /\/\/ error (TS\d+)$/.exec(text)?.[1];
        return code === undefined ? [] : [`${index + 1}: ${code}`];
      });
    expect(expected.length).toBe(6);
    expect(found.sort()).toEqual(expected.sort());
  });
});
