import { existsSync } from "node:fs";
import { open, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { OptionNames } from "../dump/dump-reader.ts";
import { DumpError } from "../errors/dump-error.ts";
import { SchemaDefinitionError } from "../errors/schema-definition-error.ts";
import { parseJson } from "../json/parse-json.ts";
import { type ApiResourceName, RESOURCE_SCHEMAS, schemas } from "../schema/resources.ts";
import { defineSchema, didYouMean, type Schema } from "../schema/schema.ts";
import { CliError, describeSystemError } from "./failure.ts";

// 256 KiB: larger file chunks raised peak RSS by ~50 MB (dead buffers freed late) for 2% speed.
const CHUNK_BYTES = 1 << 18;

/** The sample dump shipped with the package: `sample/dump.json` beside `dist/` (or `src/`). */
export function samplePath(): string {
  for (const relative of ["../sample/dump.json", "../../sample/dump.json"]) {
    const path = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new CliError("the sample dump is missing from this installation of qaql");
}

/** A byte stream to read records from, and a name for it in messages. */
export interface Input {
  readonly name: string;
  readonly bytes: AsyncIterable<Uint8Array>;
  /** Total size when known (a file), for progress. */
  readonly size: number | undefined;
}

/** Opens FILE, `-` for stdin, or the shipped sample when no file is given. */
export async function openInput(
  file: string | undefined,
  stdin: NodeJS.ReadableStream,
): Promise<Input> {
  if (file === "-")
    return { name: "stdin", bytes: stdin as AsyncIterable<Uint8Array>, size: undefined };
  const path = file ?? samplePath();
  const name = file === undefined ? "the sample dump" : JSON.stringify(file);
  try {
    const handle = await open(path, "r");
    const stats = await handle.stat();
    if (stats.isDirectory()) {
      await handle.close();
      throw Object.assign(new Error("directory"), { code: "EISDIR" });
    }
    return {
      name,
      bytes: handle.createReadStream({ highWaterMark: CHUNK_BYTES }),
      size: stats.size,
    };
  } catch (error) {
    throw new CliError(`cannot read ${name}: ${describeSystemError(error)}`);
  }
}

/** A resource's schema by its singular (`project`) or plural (`projects`) name. */
function namedSchema(name: string): Schema | undefined {
  if (Object.hasOwn(schemas, name)) return schemas[name as keyof typeof schemas];
  if (Object.hasOwn(RESOURCE_SCHEMAS, name)) return RESOURCE_SCHEMAS[name as ApiResourceName];
  return undefined;
}

/** `--schema`: a resource's name (grammar/language.md 4) or a JSON file holding a schema shape. */
export async function loadSchema(option: string): Promise<Schema>;
export async function loadSchema(option: string | undefined): Promise<Schema | undefined>;
export async function loadSchema(option: string | undefined): Promise<Schema | undefined> {
  if (option === undefined) return undefined;
  const known = namedSchema(option);
  if (known) return known;
  if (!option.toLowerCase().endsWith(".json")) {
    const hint = didYouMean(option, [...Object.keys(schemas), ...Object.keys(RESOURCE_SCHEMAS)]);
    throw new CliError(
      `unknown schema ${JSON.stringify(option)}: expected project, artefact, finding, model, version or a .json file${hint}`,
    );
  }
  const shape = await readJsonFile(option, "schema");
  try {
    return defineSchema(shape as Parameters<typeof defineSchema>[0]);
  } catch (error) {
    if (error instanceof SchemaDefinitionError) {
      throw new CliError(
        `schema ${JSON.stringify(option)}: ${error.message.replace(/^defineSchema: /, "")}`,
      );
    }
    throw error;
  }
}

/** Reads a small JSON file given on the command line (a schema, a column map). */
export async function readJsonFile(path: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new CliError(
      `cannot read the ${what} ${JSON.stringify(path)}: ${describeSystemError(error)}`,
    );
  }
  try {
    return parseJson(text);
  } catch (error) {
    throw new CliError(
      `the ${what} ${JSON.stringify(path)} is not JSON: ${(error as Error).message}`,
    );
  }
}

/** What a dump reader's messages call the options that mend an error, on the command line. */
export const CLI_OPTION_NAMES: OptionNames = {
  resource: "--resource",
  replaceInvalidUtf8: "--invalid-utf8 replace",
};

/** Names the input in a reader's error, since stdin and a file read the same to the reader. */
export function nameInputError(error: unknown, input: Input): unknown {
  if (!(error instanceof DumpError)) return error;
  return new CliError(`${input.name}: ${error.message.replace(/^dump: /, "")}`);
}

/**
 * `--users FILE` of `qaql serve` and `qaql conformance`: a JSON object of users by name, each a
 * password or an object of `ApiUser`'s members but `sees` (grammar/language.md 6.10).
 */
export async function readUsersFile(
  file: string | undefined,
): Promise<Record<string, unknown> | undefined> {
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new CliError(
      `cannot read --users ${JSON.stringify(file)}: ${describeSystemError(error)}`,
    );
  }
  let users: unknown;
  try {
    users = JSON.parse(text);
  } catch (error) {
    throw new CliError(`--users ${JSON.stringify(file)} is not JSON: ${(error as Error).message}`);
  }
  if (typeof users !== "object" || users === null || Array.isArray(users)) {
    throw new CliError(`--users ${JSON.stringify(file)} must hold a JSON object of users by name`);
  }
  return users as Record<string, unknown>;
}
