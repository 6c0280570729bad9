/** A problem with the command line itself: exit status 2, with a pointer to `--help`. */
export class UsageError extends Error {
  override readonly name = "UsageError";
  readonly command: string | undefined;

  constructor(message: string, command?: string) {
    super(message);
    this.command = command;
  }
}

/** A problem with what the command was given (a file, a schema, data): exit status 1. */
export class CliError extends Error {
  override readonly name = "CliError";
}

/** Exit statuses of every command (`qaql check` documents them to its users). */
export const EXIT = { ok: 0, invalid: 1, usage: 2, interrupted: 130 } as const;

const SYSTEM_ERRORS: Readonly<Record<string, string>> = {
  ENOENT: "no such file or directory",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EISDIR: "it is a directory",
  ENOTDIR: "a part of the path is not a directory",
  ENOSPC: "no space left on the device",
  EMFILE: "too many open files",
};

/** A system error in words, without the temporary paths and stack Node puts in `message`. */
export function describeSystemError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code && SYSTEM_ERRORS[code]) return `${SYSTEM_ERRORS[code]} (${code})`;
  return error instanceof Error ? error.message : String(error);
}
