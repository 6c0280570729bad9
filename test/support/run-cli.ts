import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The built executable (`npm test` builds first: see the `pretest` script). */
export const CLI = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));

/** What a run of the command line printed and returned. */
export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `qaql` as a subprocess, without a terminal, so no colour or progress unless forced. */
export function runCli(
  args: readonly string[],
  options: { input?: string | Buffer; env?: Record<string, string>; cwd?: string } = {},
): CliRun {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" first`);
  const result = spawnSync(process.execPath, [CLI, ...args], {
    input: options.input ?? "",
    env: { PATH: process.env.PATH ?? "", ...options.env },
    cwd: options.cwd,
    encoding: "utf8",
    maxBuffer: 256 << 20,
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
