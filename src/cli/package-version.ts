import { readFileSync } from "node:fs";

/** qaql's version from its package.json, beside `dist/` in a build or above `src/` in the repo. */
export function packageVersion(): string {
  for (const relative of ["../package.json", "../../package.json"]) {
    try {
      const manifest = JSON.parse(readFileSync(new URL(relative, import.meta.url), "utf8")) as {
        name?: unknown;
        version?: unknown;
      };
      if (manifest.name === "qaql" && typeof manifest.version === "string") return manifest.version;
    } catch {
      // Not this one: the other layout.
    }
  }
  return "unknown";
}
