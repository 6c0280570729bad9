import { isUtf8 } from "node:buffer";
import { readFile } from "node:fs/promises";
import { describeUtf8FaultAt, findUtf8Fault, type InvalidUtf8Mode } from "../../dump/utf8.ts";
import { formatDumpPosition } from "../../errors/dump-error.ts";
import { CliError, describeSystemError } from "../failure.ts";
import { samplePath } from "../inputs.ts";

/** The records `qaql serve` holds in memory, by resource, and a name for their source in messages. */
export interface Dump {
  readonly name: string;
  readonly data: Readonly<Record<string, readonly object[]>>;
}

const isRecord = (value: unknown): value is object =>
  typeof value === "object" && value !== null && !Array.isArray(value);

async function readBytes(file: string | undefined, stdin: NodeJS.ReadableStream): Promise<Buffer> {
  if (file === "-") {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }
  return readFile(file ?? samplePath());
}

/** The dump's text; bytes that are not UTF-8 are an error at the first, unless replaced. */
function decode(bytes: Buffer, name: string, invalidUtf8: InvalidUtf8Mode): string {
  if (invalidUtf8 === "replace" || isUtf8(bytes)) return bytes.toString("utf8");
  const offset = findUtf8Fault(bytes, 0, bytes.length);
  let line = 1;
  let lineStart = 0;
  for (let nl = bytes.indexOf(0x0a); nl !== -1 && nl < offset; nl = bytes.indexOf(0x0a, nl + 1)) {
    line++;
    lineStart = nl + 1;
  }
  const at = formatDumpPosition({ offset, line, column: offset - lineStart + 1 });
  const fault = describeUtf8FaultAt(bytes, offset, bytes.length);
  throw new CliError(
    `${name}: ${fault} at ${at}; --invalid-utf8 replace reads such bytes as U+FFFD`,
  );
}

/** One JSON value per line (NDJSON), when every non-blank line holds one record. */
function parseNdjson(text: string): object[] | undefined {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (lines.length < 2) return undefined;
  const records: object[] = [];
  for (const line of lines) {
    try {
      const value: unknown = JSON.parse(line);
      if (!isRecord(value)) return undefined;
      records.push(value);
    } catch {
      return undefined;
    }
  }
  return records;
}

function parseDump(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const records = parseNdjson(text);
    if (records) return records;
    const reason = (error as Error).message.replace(/\s+/g, " ");
    throw new CliError(`${name} is not JSON: ${reason}`);
  }
}

function checkRecords(records: readonly unknown[], resource: string, name: string): object[] {
  const bad = records.findIndex((record) => !isRecord(record));
  if (bad !== -1) {
    throw new CliError(`${name}: the record at index ${bad} of "${resource}" is not an object`);
  }
  return records as object[];
}

/**
 * Reads a whole dump into memory: a dump object or list response (each array member is a
 * resource; `resource` keeps only one), or a JSON array or NDJSON (served as `resource`, which
 * is then required); FILE `-` is stdin, no FILE the shipped sample. A BOM at the start is
 * skipped; bytes that are not UTF-8 are an error unless `invalidUtf8` is "replace". Throws
 * `CliError`.
 */
export async function loadDump(
  file: string | undefined,
  resource: string | undefined,
  stdin: NodeJS.ReadableStream,
  invalidUtf8: InvalidUtf8Mode = "error",
): Promise<Dump> {
  const name =
    file === undefined ? "the sample dump" : file === "-" ? "stdin" : JSON.stringify(file);
  let bytes: Buffer;
  try {
    bytes = await readBytes(file, stdin);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`cannot read ${name}: ${describeSystemError(error)}`);
  }
  const value = parseDump(decode(bytes, name, invalidUtf8).replace(/^\uFEFF/, ""), name);
  if (Array.isArray(value)) {
    if (resource === undefined) {
      throw new CliError(`${name} is an array of records: name its resource with --resource`);
    }
    return { name, data: { [resource]: checkRecords(value, resource, name) } };
  }
  if (!isRecord(value)) {
    throw new CliError(`${name} holds neither records nor an object of resources' arrays`);
  }
  const entries: [string, object[]][] = [];
  for (const [key, member] of Object.entries(value)) {
    if (key === "_links" || !Array.isArray(member)) continue;
    if (resource === undefined || key === resource) {
      entries.push([key, checkRecords(member, key, name)]);
    }
  }
  const found = entries.map(([key]) => key);
  if (found.length === 0) {
    const arrays = Object.keys(value).filter(
      (key) => key !== "_links" && Array.isArray((value as Record<string, unknown>)[key]),
    );
    throw new CliError(
      resource === undefined || arrays.length === 0
        ? `${name} holds no array of records`
        : `${name} has no array ${JSON.stringify(resource)}; it has ${arrays.join(", ")}`,
    );
  }
  if (found.includes("token")) {
    throw new CliError(`${name}: a resource cannot be named "token", the path of GET /api/token`);
  }
  // fromEntries defines own properties, so even a "__proto__" member stays a resource.
  return { name, data: Object.fromEntries(entries) };
}
