import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

describe("the package", () => {
  it("ships a LICENSE whose text is the license package.json names", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      license: string;
    };
    expect(manifest.license).toBe("MIT");
    const license = readFileSync(join(ROOT, "LICENSE"), "utf8");
    expect(license.split("\n")[0]).toBe("MIT License");
    expect(license).toContain("Permission is hereby granted, free of charge");
    const packed = JSON.parse(
      execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
        cwd: ROOT,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }),
    ) as { files: { path: string }[] }[];
    expect(packed[0]?.files.map((file) => file.path)).toContain("LICENSE");
  });
});
