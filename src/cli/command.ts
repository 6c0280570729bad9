import type { Readable, Writable } from "node:stream";
import type { FieldsNode } from "../ast/fields.ts";
import type { WhereExpression } from "../ast/where.ts";
import { parseFields } from "../syntax/parse-fields.ts";
import { parseWhere } from "../syntax/parse-where.ts";
import { UsageError } from "./failure.ts";
import type { Style } from "./terminal.ts";

/** What a command may touch: the process's streams and environment, passed in for tests. */
export interface CommandContext {
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly env: NodeJS.ProcessEnv;
  /** Styles for messages on stderr, and for diagnostics on stdout. */
  readonly errStyle: Style;
  readonly outStyle: Style;
}

/** One option of a command, as `node:util` `parseArgs` reads it. */
export interface OptionSpec {
  readonly type: "string" | "boolean";
  readonly short?: string;
  /** Taken more than once, its values kept in order (an array). */
  readonly multiple?: boolean;
}

/** A parsed command line: option values by name, and the positional arguments. */
export interface Invocation {
  readonly values: Readonly<Record<string, string | boolean | readonly string[] | undefined>>;
  readonly positionals: readonly string[];
}

/** A `qaql` command: its help text, its options, and what it does. */
export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly help: string;
  readonly options: Readonly<Record<string, OptionSpec>>;
  readonly maxPositionals: number;
  run(invocation: Invocation, context: CommandContext): Promise<number>;
}

/** Reads a string option; undefined when it was not given. */
export function stringOption(invocation: Invocation, name: string): string | undefined {
  const value = invocation.values[name];
  return typeof value === "string" ? value : undefined;
}

/** The `--where` and `--fields` options of the commands that take a filter and/or a selection. */
export const QUERY_TEXT_OPTIONS: Readonly<Record<"where" | "fields", OptionSpec>> = {
  where: { type: "string" },
  fields: { type: "string" },
};

/** Their lines in a command's help, and the exit statuses of a command that only reads them. */
export const QUERY_TEXT_HELP = `Options:
  --where W      the filter
  --fields F     the selection
  -h, --help     this help

Exit status: 0 done, 1 invalid text, 2 usage error.`;

/** The `--where` and `--fields` texts of a command that needs at least one of them. */
export function readQueryTexts(
  invocation: Invocation,
  command: string,
): { readonly where: string | undefined; readonly fields: string | undefined } {
  const where = stringOption(invocation, "where");
  const fields = stringOption(invocation, "fields");
  if (where === undefined && fields === undefined) {
    throw new UsageError("give --where, --fields or both", command);
  }
  return { where, fields };
}

/** The `--where` and `--fields` texts, parsed (a text that is not valid throws its error). */
export function parseQueryTexts(
  invocation: Invocation,
  command: string,
): { readonly where: WhereExpression | undefined; readonly fields: FieldsNode | undefined } {
  const { where, fields } = readQueryTexts(invocation, command);
  return {
    where: where === undefined ? undefined : parseWhere(where),
    fields: fields === undefined ? undefined : parseFields(fields),
  };
}

/** Reads a string option the command cannot do without; its absence is a usage error. */
export function requiredOption(invocation: Invocation, name: string, command: string): string {
  const value = stringOption(invocation, name);
  if (value === undefined) throw new UsageError(`--${name} is required`, command);
  return value;
}
