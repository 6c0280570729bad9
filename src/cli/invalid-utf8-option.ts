import { INVALID_UTF8_MODES, type InvalidUtf8Mode } from "../dump/utf8.ts";
import { type Invocation, stringOption } from "./command.ts";
import { UsageError } from "./failure.ts";

/** The option of the commands that read a dump, for their `options`. */
export const INVALID_UTF8_OPTION = { "invalid-utf8": { type: "string" } } as const;

/** Its lines in a command's help, the description starting at `column` as the others do. */
export function invalidUtf8Help(column: number): string {
  const lead = "  --invalid-utf8 M";
  const indent = " ".repeat(column);
  return [
    `${lead.padEnd(column - 1)} error (default): bytes of the dump that are not UTF-8 are an error`,
    `${indent}at the first one's offset; replace: read them as U+FFFD (a BOM at the start`,
    `${indent}is skipped either way)`,
  ].join("\n");
}

/** Reads `--invalid-utf8 error|replace`; "error" when absent. */
export function readInvalidUtf8(invocation: Invocation, command: string): InvalidUtf8Mode {
  const value = stringOption(invocation, "invalid-utf8") ?? "error";
  if (!(INVALID_UTF8_MODES as readonly string[]).includes(value)) {
    throw new UsageError(
      `--invalid-utf8 must be error or replace, not ${JSON.stringify(value)}`,
      command,
    );
  }
  return value as InvalidUtf8Mode;
}
