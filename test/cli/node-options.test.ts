import { describe, expect, it } from "vitest";
import { nodeOptionsOf, setsSemiSpace } from "../../src/cli/node-options.ts";

describe("NODE_OPTIONS as Node reads it", () => {
  it("splits at white space outside quotes, a backslash in quotes taking the next character", () => {
    expect(nodeOptionsOf("")).toEqual([]);
    expect(nodeOptionsOf("  --a   --b=1\t--c ")).toEqual(["--a", "--b=1", "--c"]);
    expect(nodeOptionsOf('"--max-semi-space-size=8"')).toEqual(["--max-semi-space-size=8"]);
    expect(nodeOptionsOf('--require "./my path/x.js" --x')).toEqual([
      "--require",
      "./my path/x.js",
      "--x",
    ]);
    expect(nodeOptionsOf('--title="a \\" b"')).toEqual(['--title=a " b']);
    expect(nodeOptionsOf('--a=""')).toEqual(["--a="]);
  });

  it("sees the young generation's size however it is given, and nothing like it", () => {
    expect(setsSemiSpace([], '"--max-semi-space-size=8"')).toBe(true);
    expect(setsSemiSpace([], "--max_semi_space_size=8")).toBe(true);
    expect(setsSemiSpace(["--max-semi-space-size=4"], undefined)).toBe(true);
    expect(setsSemiSpace([], '--title="x --max-semi-space-size=8"')).toBe(false);
    expect(setsSemiSpace([], "--max-semi-space-sizes=8")).toBe(false);
    expect(setsSemiSpace([], undefined)).toBe(false);
  });
});
