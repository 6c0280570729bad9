import type { Readable, Writable } from "node:stream";
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
}

/** A parsed command line: option values by name, and the positional arguments. */
export interface Invocation {
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
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
