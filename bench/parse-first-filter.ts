// The floor of `npm run bench -- duckdb`: the script a user writes instead of `qaql filter` for a
// dump of one record a line (NDJSON, or an array written one element a line): 4 MiB chunks,
// lines split, JSON.parse of each, the filter and the projection by hand, each match written as
// a line. Run as `node bench/parse-first-filter.ts FILE FILTER OUT`.
import { closeSync, createReadStream, openSync, writeSync } from "node:fs";

type Json = Record<string, unknown>;

/**
 * The bench's filters and selections, by hand: keys in the records' own order and `_links` kept
 * (grammar/language.md 3.2), as qaql writes them.
 */
export const BY_HAND: Readonly<Record<string, (r: Json) => Json | undefined>> = {
  selective: (r) => {
    const type = r.type as Json | undefined;
    if (type?.id !== "FILE" || typeof r.rank !== "number" || r.rank < 2) return undefined;
    return { id: r.id, name: r.name, path: r.path, rank: r.rank, _links: r._links };
  },
  rare: (r) => {
    const type = r.type as Json | undefined;
    if (type?.id !== "FOLDER") return undefined;
    return { id: r.id, name: r.name, path: r.path, _links: r._links };
  },
  broad: (r) =>
    typeof r.rank === "number" && r.rank >= 1
      ? { id: r.id, name: r.name, _links: r._links }
      : undefined,
};

async function main(): Promise<void> {
  const [file, filter, out] = process.argv.slice(2) as [string, string, string];
  const test = BY_HAND[filter];
  if (test === undefined) throw new Error(`unknown filter ${filter}`);
  const fd = openSync(out, "w");
  const take = (line: string): string => {
    // An array written one element a line: "[", "{…},", "{…}", "]".
    let text = line.trim();
    if (text === "" || text === "[" || text === "]") return "";
    if (text.endsWith(",")) text = text.slice(0, -1);
    const projected = test(JSON.parse(text) as Json);
    return projected === undefined ? "" : `${JSON.stringify(projected)}\n`;
  };
  let rest = "";
  for await (const chunk of createReadStream(file, { encoding: "utf8", highWaterMark: 4 << 20 })) {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    let kept = "";
    for (const line of lines) kept += take(line);
    writeSync(fd, kept);
  }
  writeSync(fd, take(rest));
  closeSync(fd);
}

await main();
