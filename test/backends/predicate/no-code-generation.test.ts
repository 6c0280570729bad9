import { join } from "node:path";
import { createContext, runInContext } from "node:vm";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";

// The main entry bundled for a script, run where the realm forbids making code from strings,
// as a page under a Content-Security-Policy without 'unsafe-eval' does.
let realm: { run(code: string): unknown };

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [join(import.meta.dirname, "..", "..", "..", "src", "index.ts")],
    bundle: true,
    format: "iife",
    globalName: "qaql",
    platform: "browser",
    write: false,
    logLevel: "silent",
  });
  const context = createContext({}, { codeGeneration: { strings: false, wasm: false } });
  runInContext(bundle.outputFiles[0]?.text ?? "", context);
  realm = { run: (code) => runInContext(code, context) };
}, 60_000);

describe("where generating code is forbidden", () => {
  it("is forbidden in the test's realm", () => {
    expect(() => realm.run("new Function('return 1')")).toThrow(/Code generation from strings/);
  });

  it("falls back to the closures, with the same answers", () => {
    const answers = realm.run(`
      const matches = qaql.compileWhere("type.id=FOLDER AND rank>=2 OR name~*.java");
      [
        matches.name,
        matches({ type: { id: "FOLDER" }, rank: 2 }),
        matches({ type: { id: "FOLDER" }, rank: 1 }),
        matches({ name: "A.java" }),
        matches(Object.create({ name: "A.java" })),
      ];
    `);
    expect(answers).toEqual(["", true, false, true, false]);
  });

  it("refuses codeGeneration: always with the realm's EvalError", () => {
    const error = realm.run(`
      try { qaql.compileWhere("a=1", { codeGeneration: "always" }); } catch (error) { error; }
    `) as Error;
    expect(error.name).toBe("EvalError");
  });
});
