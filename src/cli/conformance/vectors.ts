// `qaql conformance --vectors DIR`: a disagreement kept as files that CI can store as an artefact
// and a team can replay: the seed and path with the request, and the vector alone, in the format
// of grammar/conformance/README.md, ready to be dropped into the server's own tests.
import { mkdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { CliError, describeSystemError, UsageError } from "../failure.ts";
import type { ConformanceReport } from "./run-conformance.ts";

/** Makes DIR if it is missing, before any request: a file there is a usage error, exit 2. */
export async function prepareVectorsDir(dir: string): Promise<void> {
  const unusable = (why: string) =>
    new UsageError(`--vectors ${JSON.stringify(dir)} cannot be used: ${why}`, "conformance");
  if (dir === "") throw unusable("name a directory");
  const found = await stat(dir).catch(() => undefined);
  if (found && !found.isDirectory()) throw unusable("it is a file, not a directory");
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw unusable(describeSystemError(error));
  }
}

/** A resource's name as part of a file name: what a file system may refuse becomes `_`. */
const fileSafe = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\.+/, "_");

/**
 * Writes a disagreement into DIR: `<resource>-<seed>.json`, with the seed and path that replay it,
 * the request, both answers, the curl line and the vector, and `<resource>-<seed>.vector.json`, the
 * vector alone, when there is one. Gives the paths written.
 */
export async function writeVectors(
  dir: string,
  report: Extract<ConformanceReport, { ok: false }>,
): Promise<string[]> {
  const { seed, path, resource, disagreement: d } = report;
  const stem = join(dir, `${fileSafe(resource)}-${seed}`);
  const replay = {
    seed,
    path,
    resource,
    reason: d.reason,
    request: d.request,
    ...(d.timeZone !== undefined && { timeZone: d.timeZone }),
    expected: d.expected,
    received: d.received,
    curl: d.curl,
    ...(d.vector && { vector: d.vector }),
  };
  const files: [string, unknown][] = [[`${stem}.json`, replay]];
  if (d.vector) files.push([`${stem}.vector.json`, d.vector]);
  for (const [file, content] of files) {
    try {
      await writeFile(file, `${JSON.stringify(content, null, 2)}\n`);
    } catch (error) {
      throw new CliError(`cannot write ${JSON.stringify(file)}: ${describeSystemError(error)}`);
    }
  }
  return files.map(([file]) => file);
}
