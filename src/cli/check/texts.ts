import { readFile } from "node:fs/promises";
import { isAbsolute } from "node:path";
import type { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import type { QueryLanguage } from "../../errors/errors.ts";
import { describeFound } from "../../errors/invalid-input.ts";
import { parseJson } from "../../json/parse-json.ts";
import { CliError, describeSystemError } from "../failure.ts";

/** Where a checked text came from: an option, a line of a file, or a named member of a JSON file. */
export type TextSource =
  | { readonly option: "--where" | "--fields" }
  | { readonly file: string; readonly line: number }
  | { readonly file: string; readonly name: string };

/** A 1-based line and column (UTF-16 units) in the artifact a text was read from. */
export interface ArtifactPosition {
  readonly line: number;
  readonly column: number;
}

/** One text to check, and how to find its characters in the artifact (file) that holds it. */
export interface CheckedText {
  readonly source: TextSource;
  readonly language: QueryLanguage;
  readonly text: string;
  /** The artifact's URI reference in SARIF: the file's path, or a `qaql:` pseudo URI. */
  readonly uri: string;
  /** The artifact position of the text's UTF-16 offset `offset` (0 to its length). */
  locate(offset: number): ArtifactPosition;
}

/** Finds the 1-based line and column of an offset in a text; CR, LF and CRLF end a line. */
class LineIndex {
  readonly #starts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) this.#starts.push(i + 1);
    }
  }

  locate(offset: number): ArtifactPosition {
    const starts = this.#starts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 };
  }
}

/** A text given inline (`--where`, `--fields`); it is its own artifact, at a `qaql:` pseudo URI. */
export function inlineText(language: QueryLanguage, text: string): CheckedText {
  const index = new LineIndex(text);
  return {
    source: { option: language === "where" ? "--where" : "--fields" },
    language,
    text,
    uri: `qaql:${language}`,
    locate: (offset) => index.locate(offset),
  };
}

/** A path as a URI reference: relative paths stay relative (as code-scanning tools want them). */
function uriOf(path: string): string {
  if (path === "-") return "qaql:stdin";
  if (isAbsolute(path)) return pathToFileURL(path).href;
  return path.split(/[\\/]/).map(encodeURIComponent).join("/");
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** Reads a filter file, or stdin for `-`, as UTF-8 without its BOM. */
async function readTextFile(path: string, what: string, stdin: Readable): Promise<string> {
  const name = path === "-" ? "stdin" : `the ${what} ${JSON.stringify(path)}`;
  let bytes: Uint8Array;
  try {
    if (path === "-") {
      const chunks: Buffer[] = [];
      for await (const chunk of stdin) chunks.push(Buffer.from(chunk as Uint8Array));
      bytes = Buffer.concat(chunks);
    } else bytes = await readFile(path);
  } catch (error) {
    throw new CliError(`cannot read ${name}: ${describeSystemError(error)}`);
  }
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new CliError(`${name} is not UTF-8`);
  }
}

/** One text per line; blank lines and lines whose first non-blank character is `#` are skipped. */
function readLines(path: string, language: QueryLanguage, content: string): CheckedText[] {
  const texts: CheckedText[] = [];
  const uri = uriOf(path);
  let lineNumber = 0;
  for (const text of content.split(/\r\n|\r|\n/)) {
    const line = ++lineNumber;
    const first = text.trimStart();
    if (first === "" || first.startsWith("#")) continue;
    texts.push({
      source: { file: path, line },
      language,
      text,
      uri,
      locate: (offset) => ({ line, column: offset + 1 }),
    });
  }
  return texts;
}

const isJsonSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * The string literal starting at `content[start]` (a `"`): its end, and the offset in `content`
 * of each of its decoded UTF-16 units, plus one for the closing quote.
 */
function scanString(content: string, start: number): { end: number; offsets: number[] } {
  const offsets: number[] = [];
  let i = start + 1;
  while (content.charCodeAt(i) !== 0x22) {
    offsets.push(i);
    if (content.charCodeAt(i) !== 0x5c) i += 1;
    else i += content.charCodeAt(i + 1) === 0x75 ? 6 : 2;
  }
  offsets.push(i);
  return { end: i + 1, offsets };
}

/**
 * A JSON object of named texts, `{ "name": "text", … }`: each value's characters are found in
 * the file, escapes included, so positions point into the file.
 */
function readNamed(path: string, language: QueryLanguage, content: string): CheckedText[] {
  const name = `the ${language} file ${JSON.stringify(path)}`;
  let parsed: unknown;
  try {
    parsed = parseJson(content);
  } catch (error) {
    throw new CliError(`${name} is not JSON: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new CliError(
      `${name} must hold an object of named ${language} texts, not ${describeFound(parsed)}`,
    );
  }
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== "string") {
      throw new CliError(
        `${name}: ${JSON.stringify(key)} must be a string, not ${describeFound(value)}`,
      );
    }
  }
  // JSON.parse accepted it and every value is a string: the text is `{`, then `"key": "value"`
  // pairs separated by commas, then `}`, with white space between any two of them.
  const index = new LineIndex(content);
  const uri = uriOf(path);
  const texts: CheckedText[] = [];
  const seen = new Set<string>();
  let i = 0;
  const skip = () => {
    while (isJsonSpace(content.charCodeAt(i))) i++;
  };
  skip();
  i++; // {
  skip();
  while (content.charCodeAt(i) === 0x22) {
    const key = scanString(content, i);
    const member = JSON.parse(content.slice(i, key.end)) as string;
    if (seen.has(member)) throw new CliError(`${name}: ${JSON.stringify(member)} appears twice`);
    seen.add(member);
    i = key.end;
    skip();
    i++; // :
    skip();
    const value = scanString(content, i);
    const text = JSON.parse(content.slice(i, value.end)) as string;
    const { offsets } = value;
    texts.push({
      source: { file: path, name: member },
      language,
      text,
      uri,
      locate: (offset) => index.locate(offsets[Math.min(offset, offsets.length - 1)] ?? 0),
    });
    i = value.end;
    skip();
    if (content.charCodeAt(i) === 0x2c) i++;
    skip();
  }
  return texts;
}

/**
 * The texts of `--where-file` or `--fields-file`: a `.json` file holds an object of named texts;
 * any other file, and stdin (`-`), one text per line.
 */
export async function readTextsFile(
  path: string,
  language: QueryLanguage,
  stdin: Readable,
): Promise<CheckedText[]> {
  const content = await readTextFile(path, `${language} file`, stdin);
  return path !== "-" && path.toLowerCase().endsWith(".json")
    ? readNamed(path, language, content)
    : readLines(path, language, content);
}
